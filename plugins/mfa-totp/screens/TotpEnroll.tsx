/**
 * Authenticator-app enrolment (spec 02 §2): the `otpauth://` URL as a QR code and the secret shown
 * for manual entry, then a code from the app in the 6 boxes, then success. The requests carry the
 * fresh MFA token when the user already had a method enrolled (the MFA core verified first).
 * @module
 */
import { useEffect, useRef, useState } from 'react'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import type { CodeInputHandle } from '../../../ui/components/CodeInput'
import { ErrorText } from '../../../ui/components/ErrorText'
import { QrCode } from '../../../ui/components/QrCode'
import { porticoRecipes as r, porticoTokens as tk } from '../../../ui/styles'
import { MfaCodeInput, mfaOf } from '../../mfa'
import type { RouteResponse } from '../../../kernel'
import { mfaTotpRoutes } from '../api'

/** The answer of `init`: the secret and its `otpauth://` URL. */
type TotpInit = RouteResponse<typeof mfaTotpRoutes.init>

/** Spec 02 §9: how long 'Copied' shows, in ms. */
const COPIED_MS = 1500

/** The secret in groups of 4, easier to type. */
function grouped(secret: string): string {
  return secret.replace(/(.{4})(?=.)/g, '$1 ')
}

/**
 * The enrolment screen.
 * @param props - screen props (no params).
 * @returns the screen.
 * @example
 * ```ts
 * ctx.navigate('mfa-totp/enroll')
 * ```
 */
export default function TotpEnroll({ ctx, resolveStep }: ScreenProps) {
  const t = ctx.t
  const [secret, setSecret] = useState<TotpInit | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [busy, setBusy] = useState(false)
  const [done, setDone] = useState(false)
  const [copied, setCopied] = useState(false)
  const [attempt, setAttempt] = useState(0)
  const codeRef = useRef<CodeInputHandle>(null)
  const errorText = (e: unknown) => ctx.resolveError(e, { method: 'mfa' }).message

  useEffect(() => {
    let live = true
    ctx.api
      .request(mfaTotpRoutes.init, {}, { headers: mfaOf(ctx).changeHeaders() })
      .then((answer) => live && setSecret(answer))
      .catch((e: unknown) => live && setError(errorText(e)))
    return () => {
      live = false
    }
  }, [ctx, attempt])

  async function enroll(code: string) {
    setBusy(true)
    setError(null)
    try {
      await ctx.api.request(mfaTotpRoutes.enroll, { code }, { headers: mfaOf(ctx).changeHeaders() })
      await ctx.refreshSession()
      setDone(true)
    } catch (e) {
      setError(errorText(e))
      codeRef.current?.clear()
    } finally {
      setBusy(false)
    }
  }

  async function copy() {
    if (!secret) return
    await navigator.clipboard?.writeText(secret.totpSecret).catch(() => undefined)
    setCopied(true)
    await ctx.sleep(COPIED_MS)
    setCopied(false)
  }

  if (done) {
    return (
      <Screen icon="success" title={t('MFA_TOTP_ADDED_TITLE')} subtitle={t('MFA_TOTP_ADDED_SUBTITLE')} footer={<Button onClick={resolveStep}>{t('MFA_DONE')}</Button>} />
    )
  }
  return (
    <Screen
      title={t('MFA_TOTP_ENROLL_TITLE')}
      subtitle={t('MFA_TOTP_ENROLL_SUBTITLE')}
      footer={
        !secret && error ? (
          <Button variant="secondary" onClick={() => (setError(null), setAttempt((n) => n + 1))}>
            {t('MFA_TOTP_RETRY')}
          </Button>
        ) : undefined
      }
    >
      <QrCode value={secret?.totpAuthUrl ?? null} label={t('MFA_TOTP_QR_LABEL')} pendingLabel={t('MFA_TOTP_PREPARING')} size={180} />
      {secret ? (
        <div className={r.card}>
          <div className={r.row}>
            <div className={r.stackTight} style={{ minWidth: 0, flex: 1 }}>
              <span className={r.muted}>{t('MFA_TOTP_SECRET_LABEL')}</span>
              <code data-testid="totp-secret" style={{ fontFamily: 'ui-monospace, SFMono-Regular, Menlo, monospace', fontSize: 14, color: tk.fg, overflowWrap: 'anywhere' }}>
                {grouped(secret.totpSecret)}
              </code>
            </div>
            <Button variant="ghost" size="sm" onClick={() => void copy()} aria-live="polite">
              {copied ? t('MFA_TOTP_COPIED') : t('MFA_TOTP_COPY')}
            </Button>
          </div>
        </div>
      ) : null}
      {secret ? (
        <>
          <p className={r.muted}>{t('MFA_TOTP_CODE_PROMPT')}</p>
          <MfaCodeInput
            ctx={ctx}
            ref={codeRef}
            disabled={busy}
            error={error}
            onEdit={() => setError(null)}
            onComplete={(code) => void enroll(code)}
          />
        </>
      ) : error ? (
        <ErrorText center>{error}</ErrorText>
      ) : null}
    </Screen>
  )
}
