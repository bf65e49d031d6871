/**
 * The password wizard (`embedded-wallets/password-create`), four steps in one screen (spec 02 §2,
 * §4, §5): enter a password (masked, with a show toggle, its rules and strength), save it (copy, or
 * download as a text file), confirm it, and confirm it is saved (a checkbox). Submitting the last
 * step runs the final action: creating the wallets under the password, or (`update`) setting it as
 * the wallet's recovery. Then the created screen (creating), a success state (updating), or a
 * failure with Try again. Back, the wizard's button or the modal's arrow, moves one step; on the
 * first step the arrow leaves the wizard.
 * The password stays in this screen's state: it is never put in navigation params.
 * @module
 */
import { useEffect, useRef, useState, type FormEvent } from 'react'
import { porticoRecipes as r, porticoTokens as tk } from '../../../ui/styles'
import { useBackHandler, type ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { embeddedWalletsOf } from '../service'
import { EMBEDDED_WALLET_SCREENS } from './ids'
import { applyRecovery, type RecoveryFlowParams } from './recovery-flow'
import { passwordProblem, passwordScore, strengthOf, type PasswordStrength } from './password'
import { Badge, InlineGlyph, PasswordField, SlowNotice, appName, failureText, retypeField, textsOf, useFocusOnChange, useSlow, type Texts } from './parts'

/** The wizard's steps, in order, then its outcomes. */
export type PasswordWizardStep = 'creating' | 'saving' | 'confirming' | 'finalizing' | 'done' | 'failed'

const STEPS = ['creating', 'saving', 'confirming', 'finalizing'] as const

/** How long 'Copied' shows after a copy (spec 02 §9). */
export const COPY_CONFIRMATION_MS = 1500

/** How long the download link stays in the page after a download (spec 02 §9). */
export const DOWNLOAD_LINK_MS = 5000

/** How the wizard shows a space among invalid characters, which would be invisible. */
const SPACE_SYMBOL = '␣'

const STRENGTH_KEYS = { weak: 'EMBEDDED_PASSWORD_WEAK', medium: 'EMBEDDED_PASSWORD_MEDIUM', strong: 'EMBEDDED_PASSWORD_STRONG' } as const
const STRENGTH_COLORS: Record<PasswordStrength, string> = { weak: tk.danger, medium: tk.accent, strong: tk.success }
const STRENGTH_BARS: Record<PasswordStrength, number> = { weak: 1, medium: 2, strong: 3 }

/**
 * The text file a password is downloaded as: its name and a `data:` URL of its text.
 * @param t - the screen's texts.
 * @param app - the app's name.
 * @param password - the password.
 * @returns the file name and URL.
 */
export function passwordFile(t: Texts, app: string, password: string): { name: string; url: string } {
  const slug = app
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
  const text = t('EMBEDDED_PASSWORD_FILE_TEXT', { app, password })
  return { name: `${slug ? `${slug}-` : ''}wallet-recovery-password.txt`, url: `data:text/plain;charset=utf-8,${encodeURIComponent(text)}` }
}

/** The error text of the password as typed, or null. The length shows once the field was left. */
function passwordError(t: Texts, password: string, touched: boolean): string | null {
  const problem = passwordProblem(password)
  if (!problem || problem.kind === 'empty') return null
  if (problem.kind === 'invalid-characters') {
    return t('EMBEDDED_PASSWORD_INVALID_CHARACTERS', { characters: problem.characters.map((c) => (c === ' ' ? SPACE_SYMBOL : c)).join(' ') })
  }
  return touched ? t('EMBEDDED_PASSWORD_TOO_SHORT') : null
}

/** A run of two or more symbols with spaces between them ('! @ # … + .'). */
const SYMBOL_RUN = /((?:[^\p{L}\p{N}\s] )+[^\p{L}\p{N}\s])/u

/**
 * The password rules, their list of symbols kept on one line: a line break inside it reads as if
 * the list ended there.
 */
function RulesText({ text }: { text: string }) {
  return (
    <p className={r.muted} style={{ fontSize: 13 }}>
      {text.split(SYMBOL_RUN).map((part, i) =>
        i % 2 === 1 ? (
          <span key={i} style={{ whiteSpace: 'nowrap' }}>
            {part}
          </span>
        ) : (
          part
        ),
      )}
    </p>
  )
}

/** The strength meter: three bars and the label, announced as it changes. */
function StrengthMeter({ t, password }: { t: Texts; password: string }) {
  const strength = strengthOf(passwordScore(password))
  const color = STRENGTH_COLORS[strength]
  return (
    <div className={r.row} style={{ gap: 10 }} data-part="password-strength">
      <span aria-hidden="true" style={{ display: 'flex', gap: 4, flex: 1 }}>
        {[1, 2, 3].map((i) => (
          <span key={i} style={{ flex: 1, height: 4, borderRadius: 2, background: i <= STRENGTH_BARS[strength] ? color : tk.border }} />
        ))}
      </span>
      <p aria-live="polite" style={{ fontSize: 13, fontWeight: 600, color, minWidth: 56, textAlign: 'end', margin: 0 }}>
        <span className={r.srOnly}>{t('EMBEDDED_PASSWORD_STRENGTH')}: </span>
        {t(STRENGTH_KEYS[strength])}
      </p>
    </div>
  )
}

/**
 * The password wizard.
 * @param props - screen props with {@link RecoveryFlowParams}.
 * @returns the screen.
 * @example
 * ```ts
 * // Add a password to a wallet on automatic recovery:
 * await ctx.step({ screen: EMBEDDED_WALLET_SCREENS.passwordCreate, params: { update: true } })
 * ```
 */
export default function PasswordCreate(props: ScreenProps<RecoveryFlowParams>) {
  const { ctx, params, navigate, isShown, resolveStep, cancelStep } = props
  const t = textsOf(ctx)
  const service = embeddedWalletsOf(ctx)
  const [step, setStep] = useState<PasswordWizardStep>('creating')
  const [password, setPassword] = useState('')
  const [touched, setTouched] = useState(false)
  const [confirmation, setConfirmation] = useState('')
  const [mismatch, setMismatch] = useState(false)
  const [acknowledged, setAcknowledged] = useState(false)
  const [busy, setBusy] = useState(false)
  const [failure, setFailure] = useState<string | null>(null)
  const [copied, setCopied] = useState<'copied' | 'failed' | null>(null)
  const [download, setDownload] = useState<{ name: string; url: string } | null>(null)
  const downloadRef = useRef<HTMLAnchorElement>(null)
  const slow = useSlow(ctx, busy)
  const ref = useFocusOnChange<HTMLFormElement>(step)
  const app = appName(ctx)
  const changing = params.update === true && service.wallets()[0]?.recoveryMethod === 'user-passcode'

  // The download link is clicked once it is in the page, then removed after a while.
  useEffect(() => {
    if (!download) return
    downloadRef.current?.click()
    let live = true
    void ctx.sleep(DOWNLOAD_LINK_MS).then(() => live && setDownload(null))
    return () => {
      live = false
    }
  }, [ctx, download])

  useEffect(() => {
    if (copied !== 'copied') return
    let live = true
    void ctx.sleep(COPY_CONFIRMATION_MS).then(() => live && setCopied(null))
    return () => {
      live = false
    }
  }, [ctx, copied])

  const copy = async () => {
    try {
      await navigator.clipboard.writeText(password)
      setCopied('copied')
    } catch {
      setCopied('failed')
    }
  }

  const submit = async () => {
    setBusy(true)
    try {
      await applyRecovery(service, params, { method: 'user-passcode', password })
      if (!isShown()) return
      if (params.update) {
        setBusy(false)
        setStep('done')
      } else {
        navigate(EMBEDDED_WALLET_SCREENS.created, { isNewUser: params.isNewUser === true }, { replace: true })
      }
    } catch (err) {
      if (!isShown()) return
      setBusy(false)
      setFailure(failureText(props, t, err))
      setStep('failed')
    }
  }

  const onSubmit = (e: FormEvent) => {
    e.preventDefault()
    if (busy) return
    if (step === 'creating') {
      setTouched(true)
      if (!passwordProblem(password)) setStep('saving')
    } else if (step === 'saving') {
      setStep('confirming')
    } else if (step === 'confirming') {
      if (confirmation !== password) {
        setMismatch(true)
        retypeField(ref.current, 'confirm-password')
      } else setStep('finalizing')
    } else if (step === 'finalizing') {
      if (acknowledged) void submit()
    }
  }

  const back = () => {
    setCopied(null)
    setMismatch(false)
    if (step === 'saving') setStep('creating')
    else if (step === 'confirming') {
      setConfirmation('')
      setStep('saving')
    } else if (step === 'finalizing') {
      setAcknowledged(false)
      setStep('confirming')
    }
  }

  // The modal's back arrow moves one step back too, and leaves the wizard only from its first step
  // (or from an outcome). While the password is being set it does nothing, as the wizard's Back.
  const inner = step === 'saving' || step === 'confirming' || step === 'finalizing'
  useBackHandler(
    inner
      ? () => {
          if (!busy) back()
          return true
        }
      : null,
  )

  const index = (STEPS as readonly string[]).indexOf(step)
  const header = (glyph: 'key' | 'shieldCheck') => (
    <div className={r.stackTight} style={{ alignItems: 'center' }}>
      <Badge glyph={glyph} />
      <p className={r.muted} style={{ fontSize: 13, fontWeight: 600 }}>
        {t('EMBEDDED_PASSWORD_STEP', { step: index + 1, count: STEPS.length })}
      </p>
    </div>
  )
  const backButton = (
    <Button variant="ghost" fullWidth disabled={busy} onClick={back}>
      {t('EMBEDDED_BACK')}
    </Button>
  )

  if (step === 'done') {
    return (
      <form
        ref={ref}
        onSubmit={(e) => {
          e.preventDefault()
          resolveStep()
        }}
      >
        <Screen
          icon={<Badge glyph="shield" tone="success" done />}
          title={t('EMBEDDED_PASSWORD_DONE_TITLE')}
          subtitle={t('EMBEDDED_PASSWORD_DONE_DETAIL')}
          footer={<Button type="submit">{t('EMBEDDED_DONE')}</Button>}
        />
      </form>
    )
  }
  if (step === 'failed') {
    return (
      <form
        ref={ref}
        onSubmit={(e) => {
          e.preventDefault()
          if (!busy) void submit()
        }}
      >
        <Screen
          icon="error"
          title={t(params.update ? 'EMBEDDED_SET_RECOVERY_FAILED_TITLE' : 'EMBEDDED_CREATE_FAILED_TITLE')}
          subtitle={failure}
          footer={
            <>
              <Button type="submit" loading={busy}>
                {t('EMBEDDED_TRY_AGAIN')}
              </Button>
              <Button variant="secondary" disabled={busy} onClick={cancelStep}>
                {t('EMBEDDED_CANCEL')}
              </Button>
              <SlowNotice slow={slow}>{t('EMBEDDED_SLOW')}</SlowNotice>
            </>
          }
        />
      </form>
    )
  }

  if (step === 'creating') {
    const error = passwordError(t, password, touched)
    const problem = passwordProblem(password)
    return (
      <form ref={ref} onSubmit={onSubmit} noValidate>
        <Screen
          icon={header('key')}
          title={t(changing ? 'EMBEDDED_PASSWORD_CHANGE_TITLE' : 'EMBEDDED_PASSWORD_CREATE_TITLE')}
          subtitle={t('EMBEDDED_PASSWORD_CREATE_DETAIL')}
          footer={
            <Button type="submit" disabled={problem !== null}>
              {t('EMBEDDED_CONTINUE')}
            </Button>
          }
        >
          <PasswordField
            label={t('EMBEDDED_PASSWORD_LABEL')}
            showLabel={t('EMBEDDED_PASSWORD_SHOW')}
            placeholder={t('EMBEDDED_PASSWORD_PLACEHOLDER')}
            autoComplete="new-password"
            value={password}
            onChange={(v) => {
              setPassword(v)
              if (v.length === 0) setTouched(false)
            }}
            onBlur={() => password.length > 0 && setTouched(true)}
            error={error}
          />
          {password.length > 0 && problem?.kind !== 'invalid-characters' ? <StrengthMeter t={t} password={password} /> : null}
          <RulesText text={t('EMBEDDED_PASSWORD_RULES')} />
        </Screen>
      </form>
    )
  }

  if (step === 'saving') {
    const file = passwordFile(t, app, password)
    return (
      <form ref={ref} onSubmit={onSubmit} noValidate>
        <Screen
          icon={header('key')}
          title={t('EMBEDDED_PASSWORD_SAVE_TITLE')}
          subtitle={t('EMBEDDED_PASSWORD_SAVE_DETAIL')}
          footer={
            <>
              <Button type="submit">{t('EMBEDDED_CONTINUE')}</Button>
              {backButton}
            </>
          }
        >
          <section aria-label={t('EMBEDDED_PASSWORD_YOUR_PASSWORD')} className={r.card} style={{ textAlign: 'center' }}>
            <p style={{ fontFamily: tk.fontMono, fontSize: 17, fontWeight: 600, overflowWrap: 'anywhere', userSelect: 'all' }}>{password}</p>
          </section>
          <div className={r.row}>
            <Button variant="secondary" size="sm" onClick={() => void copy()} style={{ flex: 1 }}>
              <InlineGlyph glyph={copied === 'copied' ? 'check' : 'copy'} size={16} />
              {t(copied === 'copied' ? 'EMBEDDED_PASSWORD_COPIED' : 'EMBEDDED_PASSWORD_COPY')}
            </Button>
            <Button variant="secondary" size="sm" onClick={() => setDownload(file)} style={{ flex: 1 }}>
              <InlineGlyph glyph={download ? 'check' : 'download'} size={16} />
              {t(download ? 'EMBEDDED_PASSWORD_DOWNLOADED' : 'EMBEDDED_PASSWORD_DOWNLOAD')}
            </Button>
          </div>
          <p role="status" className={copied === 'failed' ? r.dangerText : r.srOnly}>
            {copied === 'copied' ? t('EMBEDDED_PASSWORD_COPIED') : copied === 'failed' ? t('EMBEDDED_PASSWORD_COPY_FAILED') : null}
          </p>
          {download ? <a ref={downloadRef} href={download.url} download={download.name} hidden data-part="password-download" /> : null}
        </Screen>
      </form>
    )
  }

  if (step === 'confirming') {
    return (
      <form ref={ref} onSubmit={onSubmit} noValidate>
        <Screen
          icon={header('key')}
          title={t('EMBEDDED_PASSWORD_CONFIRM_TITLE')}
          subtitle={t('EMBEDDED_PASSWORD_CONFIRM_DETAIL')}
          footer={
            <>
              <Button type="submit" disabled={confirmation.length === 0}>
                {t('EMBEDDED_CONTINUE')}
              </Button>
              {backButton}
            </>
          }
        >
          <PasswordField
            label={t('EMBEDDED_PASSWORD_CONFIRM_LABEL')}
            showLabel={t('EMBEDDED_PASSWORD_SHOW')}
            placeholder={t('EMBEDDED_PASSWORD_CONFIRM_PLACEHOLDER')}
            autoComplete="new-password"
            name="confirm-password"
            value={confirmation}
            onChange={(v) => {
              setConfirmation(v)
              setMismatch(false)
            }}
            error={mismatch ? t('EMBEDDED_PASSWORD_MISMATCH') : null}
          />
        </Screen>
      </form>
    )
  }

  return (
    <form ref={ref} onSubmit={onSubmit} noValidate>
      <Screen
        icon={header('shieldCheck')}
        title={t('EMBEDDED_PASSWORD_FINAL_TITLE')}
        subtitle={t('EMBEDDED_PASSWORD_FINAL_DETAIL', { app })}
        footer={
          <>
            <Button type="submit" disabled={!acknowledged} loading={busy}>
              {t('EMBEDDED_PASSWORD_SUBMIT')}
            </Button>
            {backButton}
            <SlowNotice slow={slow}>{t('EMBEDDED_SLOW')}</SlowNotice>
          </>
        }
      >
        <label className={r.card} style={{ display: 'flex', gap: 12, alignItems: 'flex-start', cursor: 'pointer', textAlign: 'start' }}>
          <input
            type="checkbox"
            checked={acknowledged}
            disabled={busy}
            onChange={(e) => setAcknowledged(e.target.checked)}
            style={{ width: 18, height: 18, marginTop: 2, flexShrink: 0, accentColor: tk.accent }}
          />
          <span className={r.text} style={{ fontSize: 14 }}>
            {t('EMBEDDED_PASSWORD_ACKNOWLEDGE')}
          </span>
        </label>
      </Screen>
    </form>
  )
}
