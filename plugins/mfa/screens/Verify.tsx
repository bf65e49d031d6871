/**
 * Verify identity (spec 02 §2 'Multi-factor'): choose one of the enrolled methods, enter the 6-digit
 * code in the 6 boxes (or use the device), success. It drives the verification the MFA core has
 * open (`mfaOf(ctx).current()`): 4 wrong codes end it with the lockout text, the 5-minute wait
 * with the time-out text; leaving it cancels it ('MFA canceled').
 * @module
 */
import { useEffect, useRef, useState } from 'react'
import type { ScreenProps } from '../../../ui/context'
import { useBackHandler } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import type { CodeInputHandle } from '../../../ui/components/CodeInput'
import { MfaCodeInput } from '../code-input'
import { ErrorText } from '../../../ui/components/ErrorText'
import { porticoRecipes as r } from '../../../ui/styles'
import { mfaOf } from '../methods'
import { MFA_SUCCESS_DELAY_MS, MethodTile, ShieldIcon, mfaErrorText } from './shared'

type Phase = 'choose' | 'entry' | 'busy' | 'done'

/**
 * The verification screen.
 * @param props - screen props (no params: it reads the core's open verification).
 * @returns the screen.
 * @example
 * ```ts
 * const token = await mfaOf(ctx).verify() // opens 'mfa/verify' as a step
 * ```
 */
export default function MfaVerify({ ctx, resolveStep, close }: ScreenProps) {
  const t = ctx.t
  const mfa = mfaOf(ctx)
  const [verification] = useState(() => mfa.current())
  const methods = (verification?.methods ?? []).map((id) => mfa.method(id)).filter((m) => m !== undefined)
  const [chosen, setChosen] = useState<string | null>(methods.length === 1 ? methods[0]!.id : null)
  const [phase, setPhase] = useState<Phase>(chosen ? 'entry' : 'choose')
  const [error, setError] = useState<string | null>(null)
  const [ended, setEnded] = useState<string | null>(verification ? null : t('MFA_SOMETHING_WRONG'))
  const codeRef = useRef<CodeInputHandle>(null)
  const method = chosen ? mfa.method(chosen) : undefined

  // The wait may run out while the screen shows: the time-out text replaces the boxes.
  useEffect(() => {
    let live = true
    verification?.result.catch((e: unknown) => {
      if (live) setEnded(mfaErrorText(ctx, e))
    })
    return () => {
      live = false
    }
  }, [ctx, verification])

  // Choosing a method prepares it (the SMS code is sent).
  useEffect(() => {
    if (!verification || !chosen) return
    let live = true
    verification.init(chosen).catch((e: unknown) => {
      if (live) setError(mfaErrorText(ctx, e))
    })
    return () => {
      live = false
    }
  }, [ctx, verification, chosen])

  // With more than one method, Back returns to the choice.
  useBackHandler(methods.length > 1 && phase === 'entry' ? () => (setChosen(null), setPhase('choose'), setError(null), true) : null)

  async function submit(code?: string) {
    if (!verification || !chosen) return
    setPhase('busy')
    setError(null)
    try {
      await verification.submit(chosen, code)
      setPhase('done')
      await ctx.sleep(MFA_SUCCESS_DELAY_MS)
      resolveStep()
    } catch (e) {
      setPhase('entry')
      if (verification.ended()) return
      const left = verification.attemptsLeft()
      const text = mfaErrorText(ctx, e)
      setError(left < 4 && method?.entry === 'code' ? `${text}. ${left === 1 ? t('MFA_ATTEMPT_LEFT') : t('MFA_ATTEMPTS_LEFT', { count: left })}` : text)
      codeRef.current?.clear()
    }
  }

  if (ended) {
    return (
      <Screen icon="error" title={t('MFA_VERIFY_TITLE')} subtitle={<span role="alert">{ended}</span>} footer={<Button onClick={close}>{t('MFA_CLOSE')}</Button>} />
    )
  }
  if (phase === 'done') {
    return <Screen icon="success" title={t('MFA_VERIFIED_TITLE')} subtitle={t('MFA_VERIFIED_SUBTITLE')} />
  }
  if (phase === 'choose' || !method) {
    return (
      <Screen icon={<ShieldIcon />} title={t('MFA_VERIFY_TITLE')} subtitle={t('MFA_VERIFY_CHOOSE')}>
        <div className={r.stackTight}>
          {methods.map((m) => (
            <MethodTile
              key={m.id}
              ctx={ctx}
              method={m}
              onClick={() => {
                setChosen(m.id)
                setPhase('entry')
              }}
            />
          ))}
        </div>
      </Screen>
    )
  }
  const busy = phase === 'busy'
  return (
    <Screen
      icon={<ShieldIcon />}
      title={t('MFA_VERIFY_TITLE')}
      subtitle={t(method.prompt)}
      footer={
        methods.length > 1 ? (
          <Button variant="ghost" onClick={() => (setChosen(null), setPhase('choose'), setError(null))} disabled={busy}>
            {t('MFA_VERIFY_OTHER')}
          </Button>
        ) : undefined
      }
    >
      {method.entry === 'code' ? (
        <MfaCodeInput
          ctx={ctx}
          ref={codeRef}
          autoFocus
          disabled={busy}
          error={error}
          onEdit={() => setError(null)}
          onComplete={(code) => void submit(code)}
        />
      ) : (
        <>
          <Button loading={busy} onClick={() => void submit()}>
            {t('MFA_VERIFY_DEVICE')}
          </Button>
          {error ? <ErrorText>{error}</ErrorText> : null}
        </>
      )}
    </Screen>
  )
}

