/**
 * The state machine behind the headless code logins (`useLoginWithEmail`, `useLoginWithSms`): send a
 * code, then submit it, through the kernel's `beginLogin` and `authenticate` with the modal closed.
 * @module
 */
import { useCallback, useRef, useState } from 'react'
import { useKernel } from './context'
import { PorticoError } from '../kernel/errors'
import { toPorticoError } from '../kernel/error-registry'
import type { Kernel } from '../kernel/types'
import type { PluginContext } from '../kernel/plugin'
import type { AuthenticatedUser, LoginMode } from '../kernel/wire'

/** Seconds before the same code may be sent again, as on the modal's code screen. */
export const HEADLESS_RESEND_COOLDOWN_S = 30

/** The captcha step's screen id (owned by the captcha plugin; named here to keep that plugin out of the bundle). */
const CAPTCHA_SCREEN = 'captcha/challenge'

/** Where a headless code login is. */
export type PasscodeLoginStatus = 'initial' | 'sending-code' | 'awaiting-code-input' | 'submitting-code' | 'done' | 'error'

/** The state of a headless code login; `error` is set while `status` is `error`. */
export interface PasscodeLoginState {
  status: PasscodeLoginStatus
  /** What went wrong, with the text the modal would show as its message and the wire or client code. */
  error?: PorticoError
}

/** How one code method sends and checks codes. */
export interface PasscodeMethod<Destination> {
  /** Login method id (`email`, `sms`), for the kernel's hooks and error resolution. */
  method: string
  /** Checks and normalises the destination; resolves to it, or rejects with a PorticoError whose message is the spec's text. */
  validate(ctx: PluginContext, input: string): Promise<Destination>
  /** Sends the code (`…/init`), with the captcha token when there is one. */
  init(ctx: PluginContext, destination: Destination, token: string | undefined): Promise<unknown>
  /** Checks the code (`…/authenticate`). */
  authenticate(ctx: PluginContext, destination: Destination, code: string, mode: LoginMode): Promise<AuthenticatedUser>
  /** Message key of 'Invalid or expired verification code'. */
  invalidCodeKey: string
  /** Message key of 'Resend code in {seconds}s'. */
  resendInKey: string
}

/** What the headless code hooks return. */
export interface PasscodeLogin {
  /** The current state. */
  state: PasscodeLoginState
  /** When the code may be sent again (ms since the epoch), or null before the first send. */
  resendAvailableAt: number | null
  /** Sends a code to `destination`; rejects (and sets `state.error`) on bad input or a refused send. */
  send(destination: string, options: { disableSignup?: boolean; captchaToken?: string }): Promise<void>
  /** Submits the code sent last; resolves once the session is stored and the post-login steps ran. */
  submit(code: string): Promise<void>
}

/**
 * Closes the modal when it only shows the captcha step a headless login opened.
 * @param kernel - the kernel.
 */
function closeCaptchaStep(kernel: Kernel): void {
  const stack = kernel.state.modal.stack
  if (kernel.state.modal.open && stack.length === 1 && stack[0]!.screen === CAPTCHA_SCREEN) kernel.closeModal({ force: true })
}

/**
 * Turns any failure into a PorticoError with the text the modal would show for it.
 * @param kernel - the kernel.
 * @param err - what was thrown.
 * @param method - the login method id.
 * @returns the error for `state.error`.
 */
function resolved(kernel: Kernel, err: unknown, method: string): PorticoError {
  const e = toPorticoError(err)
  const r = kernel.resolveError(err, { method })
  // The wire code stays (hosts branch on it); the text is the one the modal would show.
  return new PorticoError(r.message, { code: e.code ?? r.code, cause: err })
}

/**
 * The headless code login of one method. Used by `useLoginWithEmail` and `useLoginWithSms`.
 * @param spec - how the method sends and checks codes.
 * @returns the state and the two calls.
 * @example
 * ```ts
 * import { usePasscodeLogin } from 'portico/react'
 * const login = usePasscodeLogin(emailPasscode)
 * await login.send('ada@example.com', {})
 * await login.submit('123456')
 * ```
 */
export function usePasscodeLogin<Destination>(spec: PasscodeMethod<Destination>): PasscodeLogin {
  const kernel = useKernel()
  const [state, setState] = useState<PasscodeLoginState>({ status: 'initial' })
  const [resendAvailableAt, setResendAvailableAt] = useState<number | null>(null)
  // The code's destination and sign-up mode, kept between the two calls.
  const pending = useRef<{ destination: Destination; key: string; mode: LoginMode; sentAt: number } | null>(null)
  const busy = useRef(false)

  const fail = useCallback((error: PorticoError): never => {
    setState({ status: 'error', error })
    throw error
  }, [])

  const send = useCallback(
    async (input: string, options: { disableSignup?: boolean; captchaToken?: string }) => {
      if (busy.current) throw new PorticoError('A login step is already running', { code: 'attempt_in_progress' })
      const ctx = kernel.contextFor(spec.method)
      let destination: Destination
      try {
        destination = await spec.validate(ctx, String(input ?? '').trim())
      } catch (err) {
        return fail(toPorticoError(err))
      }
      const key = JSON.stringify(destination)
      const last = pending.current
      if (last && last.key === key) {
        const waitS = Math.ceil((last.sentAt + HEADLESS_RESEND_COOLDOWN_S * 1000 - Date.now()) / 1000)
        if (waitS > 0) return fail(new PorticoError(ctx.t(spec.resendInKey, { seconds: waitS }), { code: 'too_many_requests' }))
      }
      busy.current = true
      setState({ status: 'sending-code' })
      try {
        let token = options.captchaToken
        if (token === undefined) {
          // The kernel's captcha step: the modal shows only that step, and closes once it is done.
          try {
            token = (await ctx.beginLogin({ method: spec.method })).captchaToken
          } finally {
            closeCaptchaStep(kernel)
          }
        }
        await spec.init(ctx, destination, token)
        const sentAt = Date.now()
        pending.current = { destination, key, mode: options.disableSignup ? 'no-signup' : 'login-or-sign-up', sentAt }
        setResendAvailableAt(sentAt + HEADLESS_RESEND_COOLDOWN_S * 1000)
        setState({ status: 'awaiting-code-input' })
      } catch (err) {
        const e = toPorticoError(err)
        // The user closed the captcha step: back to the start, as the modal does.
        if (e.code === 'exited_auth_flow') {
          setState({ status: pending.current ? 'awaiting-code-input' : 'initial' })
          throw e
        }
        return fail(resolved(kernel, err, spec.method))
      } finally {
        busy.current = false
      }
    },
    [kernel, spec, fail],
  )

  const submit = useCallback(
    async (code: string) => {
      const ctx = kernel.contextFor(spec.method)
      const sent = pending.current
      if (!sent) return fail(new PorticoError('Send a code before submitting one', { code: 'missing_or_invalid_code' }))
      if (busy.current) throw new PorticoError('A login step is already running', { code: 'attempt_in_progress' })
      busy.current = true
      setState({ status: 'submitting-code' })
      try {
        await ctx.authenticate(() => spec.authenticate(ctx, sent.destination, String(code ?? '').trim(), sent.mode), {
          method: spec.method,
        })
        pending.current = null
        setState({ status: 'done' })
      } catch (err) {
        const e = toPorticoError(err)
        if (e.code === 'invalid_credentials') {
          return fail(new PorticoError(ctx.t(spec.invalidCodeKey), { code: e.code, cause: err }))
        }
        return fail(resolved(kernel, err, spec.method))
      } finally {
        busy.current = false
      }
    },
    [kernel, spec, fail],
  )

  return { state, resendAvailableAt, send, submit }
}
