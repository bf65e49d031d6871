/**
 * The one-time-code screen shared by the code logins (email, SMS): six boxes, resend after the
 * cooldown, the verifying and success states. It drives the method's shared code entry
 * (`ui/code-entry.ts`) and shows what the error registry answers. A plugin supplies the
 * destination, its code entry, the verify call and its texts.
 * @module
 */
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { css } from '../../styled-system/css'
import type { ScreenProps } from '../context'
import type { ResolvedError } from '../../kernel/types'
import { CODE_RESEND_COOLDOWN_S, codeEntryFor, useCodeEntryState, type CodeEntryMethod } from '../code-entry'
import { Screen } from './Screen'
import { CodeInput, type CodeInputHandle } from './CodeInput'
import { Link } from './Link'
import { Spinner } from './Spinner'

/** Seconds before a code can be sent again: the code entry's one cooldown. */
export const RESEND_COOLDOWN_S = CODE_RESEND_COOLDOWN_S

/**
 * Put this where the destination goes in a translated subtitle; the screen replaces it with the
 * destination in bold (`t('X_SUBTITLE', { email: DESTINATION_SLOT })`).
 */
export const DESTINATION_SLOT = '\u0000'

/** The texts of a {@link PasscodeScreen}, already translated. Error texts come from the error registry. */
export interface PasscodeTexts {
  title: string
  /** The subtitle, with {@link DESTINATION_SLOT} where the destination is shown. */
  subtitle: string
  /** Accessible label of the boxes. */
  codeLabel: string
  /** Before the resend action ("Didn't get an email?"). */
  didntGet: string
  /** The countdown text for the seconds left. */
  resendIn: (seconds: number) => string
  /** Shown after a new code was sent. */
  resent: string
  verifying: string
  successTitle: string
  successSubtitle: string
}

/** Props of {@link PasscodeScreen}. */
export interface PasscodeScreenProps extends Pick<ScreenProps, 'ctx'> {
  /** How the method sends and checks codes: the screen drives the method's shared code entry. */
  spec: CodeEntryMethod
  /** Where the code went, as shown and as sent (an address, '+1 4155550123'). */
  destination: string
  /** The status icon above the title. @defaultValue 'mail' */
  icon?: 'mail' | 'lock' | ReactNode
  texts: PasscodeTexts
  /**
   * Uses the code: logs in, links or updates (through `ctx.authenticate` / `ctx.link` /
   * `ctx.changeAccounts`); rejects with the server's error. @defaultValue signing in with `spec.authenticate`
   */
  verify?: (code: string) => Promise<unknown>
}

/**
 * The wire (or client) code carried by an error, if any.
 * @param err - anything thrown.
 * @returns its `code` string or undefined.
 * @example
 * ```ts
 * import { errorCode } from '../../ui/components/PasscodeScreen'
 * errorCode(new ApiError(401, { error: 'x', code: 'invalid_credentials' })) // 'invalid_credentials'
 * ```
 */
export function errorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

/**
 * Renders the code screen. Failures are mapped by the error registry (the method's error table,
 * step `verify` or `send`): the text shows under the boxes, or the screen goes where the reaction says.
 * @param props - destination, code entry, verify call and texts; see {@link PasscodeScreenProps}.
 * @returns the screen.
 * @example
 * ```tsx
 * import { PasscodeScreen } from '../../ui/components/PasscodeScreen'
 * <PasscodeScreen
 *   ctx={ctx} spec={smsCodeEntry} destination="+1 4155550123" texts={texts}
 *   verify={(code) => ctx.link(() => ctx.api.request(smsRoutes.link, { phoneNumber, code }), { method: 'sms', handle: phoneNumber })}
 * />
 * ```
 */
export function PasscodeScreen({ ctx, spec, destination, icon = 'mail', texts, verify }: PasscodeScreenProps) {
  const entry = codeEntryFor(ctx, spec)
  useCodeEntryState(entry)
  const [state, setState] = useState<'idle' | 'verifying' | 'success'>('idle')
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [, setTick] = useState(0)
  const boxes = useRef<CodeInputHandle>(null)
  const [shownAt] = useState(() => Date.now())
  // The code entry's cooldown when it sent this code; a code sent another way counts from when the screen showed.
  const remaining =
    entry.state.sentTo === destination
      ? entry.cooldownLeft(destination)
      : Math.max(0, Math.ceil((shownAt + CODE_RESEND_COOLDOWN_S * 1000 - Date.now()) / 1000))

  useEffect(() => {
    if (remaining <= 0) return
    const timer = setInterval(() => setTick(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [remaining > 0])

  /** The registry's answer to the step that just failed, or null when there is nothing to show (a left step). */
  const failureOf = (err: unknown): ResolvedError | null => {
    const { error, failure } = entry.state
    if (!error || error !== err) return null
    // A refusal the machine made itself (the cooldown) has a text and no reaction.
    return failure ?? { code: error.code, reaction: {}, message: error.message }
  }

  const onComplete = async (code: string) => {
    setState('verifying')
    setError(null)
    setNotice(null)
    try {
      await entry.submit(code, verify)
      // The kernel closes the modal after its post-success delay; until then show success.
      setState('success')
    } catch (err) {
      setState('idle')
      // A declined post-login step (terms): the kernel has already moved the modal on.
      const failure = failureOf(err)
      if (!failure) return
      const { reaction, message } = failure
      if (reaction.screen && reaction.inline) {
        // Back to an earlier screen, with the text under its field ('+' addresses refused).
        ctx.navigate(reaction.screen, { method: spec.method, error: message }, { reset: true })
        return
      }
      if (reaction.screen && reaction.screen !== 'portico/error') ctx.navigate(reaction.screen, { code: failure.code, message })
      else setError(message)
      boxes.current?.clear()
    }
  }

  const onResend = async () => {
    setError(null)
    setNotice(null)
    try {
      await entry.send(destination)
      setNotice(texts.resent)
    } catch (err) {
      // The user left the captcha step: nothing to report.
      const failure = failureOf(err)
      if (failure) setError(failure.message)
    }
  }

  if (state === 'success') {
    return <Screen icon="success" title={texts.successTitle} subtitle={texts.successSubtitle} />
  }

  return (
    <Screen
      icon={icon}
      title={texts.title}
      subtitle={
        <>
          {texts.subtitle
            .split(DESTINATION_SLOT)
            .flatMap((part, i) =>
              i === 0
                ? [part]
                : [
                    // Isolated: an address keeps its own direction inside a right-to-left sentence.
                    <strong key={i} className={css({ color: 'fg', fontWeight: '600', overflowWrap: 'anywhere', unicodeBidi: 'isolate' })}>
                      {destination}
                    </strong>,
                    part,
                  ],
            )}
        </>
      }
      footer={
        <p className={css({ textAlign: 'center', fontSize: '14px', color: 'fg.muted' })}>
          {texts.didntGet}{' '}
          {remaining > 0 ? (
            <span className={css({ color: 'fg.subtle', fontVariantNumeric: 'tabular-nums' })} aria-live="off">
              {texts.resendIn(remaining)}
            </span>
          ) : (
            <Link onClick={onResend} disabled={state === 'verifying' || entry.state.status === 'sending-code'}>
              {ctx.t('PORTICO_RESEND_CODE')}
            </Link>
          )}
        </p>
      }
    >
      <CodeInput
        ref={boxes}
        autoFocus
        disabled={state === 'verifying'}
        error={error}
        onEdit={() => setError(null)}
        onComplete={onComplete}
        messages={{
          label: texts.codeLabel,
          notNumeric: ctx.t('PORTICO_CODE_NOT_NUMERIC'),
          onlyNumbers: ctx.t('PORTICO_PASSCODE_ONLY_NUMBERS'),
          exactLength: ctx.t('PORTICO_PASSCODE_LENGTH'),
        }}
      />
      <div aria-live="polite" className={css({ minHeight: '24px', display: 'flex', justifyContent: 'center', alignItems: 'center', gap: '2', color: 'fg.muted', fontSize: '14px' })}>
        {state === 'verifying' ? (
          <>
            <Spinner size={16} />
            {texts.verifying}
          </>
        ) : notice ? (
          <span className={css({ color: 'success' })}>{notice}</span>
        ) : null}
      </div>
    </Screen>
  )
}
