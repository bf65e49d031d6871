/**
 * The one-time-code screen shared by the code logins (email, SMS): six boxes, resend after a
 * cooldown, the verifying and success states, and the reactions to the server's answers. A plugin
 * supplies the destination, the verify and resend calls and its texts.
 * @module
 */
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { css } from '../../styled-system/css'
import type { ScreenProps } from '../context'
import { Screen } from './Screen'
import { CodeInput, type CodeInputHandle } from './CodeInput'
import { Link } from './Link'
import { Spinner } from './Spinner'

/** Seconds before a code can be sent again. */
export const RESEND_COOLDOWN_S = 30

/**
 * Put this where the destination goes in a translated subtitle; the screen replaces it with the
 * destination in bold (`t('X_SUBTITLE', { email: DESTINATION_SLOT })`).
 */
export const DESTINATION_SLOT = '\u0000'

/** The texts of a {@link PasscodeScreen}, already translated. */
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
  /** `invalid_credentials`: 'Invalid or expired verification code'. */
  invalidCode: string
  /** Any other failure on verify: 'Issue verifying code'. */
  verifyFailed: string
}

/** Props of {@link PasscodeScreen}. */
export interface PasscodeScreenProps extends Pick<ScreenProps, 'kernel' | 'ctx'> {
  /** The login method (`email`, `sms`): error resolution and `beginLogin`. */
  method: string
  /** This screen's id (`email/code`), for error resolution. */
  screen: string
  /** Where the code went, as shown (an address, '+1 4155550123'). */
  destination: string
  /** The status icon above the title. @defaultValue 'mail' */
  icon?: 'mail' | 'lock' | ReactNode
  texts: PasscodeTexts
  /** Logs in or links with the code (through `ctx.authenticate` / `ctx.link`); rejects with the server's error. */
  verify: (code: string) => Promise<unknown>
  /** Sends a new code (the init request); receives the captcha token of `ctx.beginLogin`. */
  resend: (captchaToken: string | undefined) => Promise<unknown>
  /**
   * A plugin's own reaction to a verify failure, tried first; return true when it handled the error.
   * @param wireCode - the error's code.
   * @param error - what was thrown.
   */
  onVerifyError?: (wireCode: string | undefined, error: unknown) => boolean
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
 * Renders the code screen.
 * @param props - destination, calls and texts; see {@link PasscodeScreenProps}.
 * @returns the screen.
 * @example
 * ```tsx
 * import { PasscodeScreen } from '../../ui/components/PasscodeScreen'
 * <PasscodeScreen
 *   kernel={kernel} ctx={ctx} method="sms" screen="sms/code" destination="+1 4155550123" texts={texts}
 *   verify={(code) => ctx.authenticate(() => ctx.api.request(smsRoutes.authenticate, { phoneNumber, code }), { method: 'sms' })}
 *   resend={(token) => ctx.api.request(smsRoutes.init, { phoneNumber, ...(token ? { token } : {}) })}
 * />
 * ```
 */
export function PasscodeScreen({ kernel, ctx, method, screen, destination, icon = 'mail', texts, verify, resend, onVerifyError }: PasscodeScreenProps) {
  const [state, setState] = useState<'idle' | 'verifying' | 'success'>('idle')
  const [error, setError] = useState<string | null>(null)
  const [notice, setNotice] = useState<string | null>(null)
  const [cooldownUntil, setCooldownUntil] = useState(() => Date.now() + RESEND_COOLDOWN_S * 1000)
  const [now, setNow] = useState(() => Date.now())
  const boxes = useRef<CodeInputHandle>(null)
  const remaining = Math.max(0, Math.ceil((cooldownUntil - now) / 1000))

  useEffect(() => {
    if (remaining <= 0) return
    const timer = setInterval(() => setNow(Date.now()), 1000)
    return () => clearInterval(timer)
  }, [remaining > 0])

  const onComplete = async (code: string) => {
    setState('verifying')
    setError(null)
    setNotice(null)
    try {
      await verify(code)
      // The kernel closes the modal after its post-success delay; until then show success.
      setState('success')
    } catch (err) {
      setState('idle')
      const wire = errorCode(err)
      // A declined post-login step (terms): the kernel has already moved the modal on.
      if (wire === 'exited_auth_flow') return
      if (onVerifyError?.(wire, err)) return
      if (wire === 'invalid_credentials') {
        setError(texts.invalidCode)
        boxes.current?.clear()
        return
      }
      const resolved = kernel.resolveError(err, { method, screen })
      if (resolved.reaction.screen && resolved.reaction.screen !== 'portico/error' && !resolved.reaction.inline) {
        ctx.navigate(resolved.reaction.screen, { code: resolved.code, message: resolved.message })
      } else if (wire === 'too_many_requests' || wire === 'cannot_link_more_of_type' || wire === 'reauthentication_required') {
        setError(resolved.message)
      } else {
        setError(texts.verifyFailed)
      }
      boxes.current?.clear()
    }
  }

  const onResend = async () => {
    setError(null)
    setNotice(null)
    setCooldownUntil(Date.now() + RESEND_COOLDOWN_S * 1000)
    setNow(Date.now())
    try {
      const { captchaToken } = await ctx.beginLogin({ method })
      await resend(captchaToken)
      setNotice(texts.resent)
    } catch (err) {
      // The user left the captcha step: nothing to report.
      if (errorCode(err) === 'exited_auth_flow') return
      setError(kernel.resolveError(err, { method, screen }).message)
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
                    <strong key={i} className={css({ color: 'fg', fontWeight: '600', overflowWrap: 'anywhere' })}>
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
            <Link onClick={onResend} disabled={state === 'verifying'}>
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
