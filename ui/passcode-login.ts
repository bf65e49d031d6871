/**
 * The headless code logins (`useLoginWithEmail`, `useLoginWithSms`): the method's shared
 * {@link CodeEntry} machine driven without the modal. The modal's screens drive the same machine,
 * so a code sent from either has one cooldown, and errors carry the registry's texts.
 * @module
 */
import { useCallback, useMemo } from 'react'
import { useKernel } from './context'
import { PorticoError } from '../kernel/errors'
import { toPorticoError } from '../kernel/error-registry'
import type { Kernel } from '../kernel/types'
import type { PluginContext } from '../kernel/plugin'
import { CODE_RESEND_COOLDOWN_S, codeEntryFor, useCodeEntryState, type CodeEntryMethod, type CodeEntryStatus } from './code-entry'

/** Seconds before the same code may be sent again: the code entry's one cooldown. */
export const HEADLESS_RESEND_COOLDOWN_S = CODE_RESEND_COOLDOWN_S

/** The captcha step's screen id (owned by the captcha plugin; named here to keep that plugin out of the bundle). */
const CAPTCHA_SCREEN = 'captcha/challenge'

/** Where a headless code login is. */
export type PasscodeLoginStatus = CodeEntryStatus

/** The state of a headless code login; `error` is set while `status` is `error`. */
export interface PasscodeLoginState {
  status: PasscodeLoginStatus
  /** What went wrong, with the text the modal would show as its message and the wire or client code. */
  error?: PorticoError
}

/** How one code method checks destinations, sends and checks codes. */
export interface PasscodeMethod extends CodeEntryMethod {
  /** Checks and normalises the destination; resolves to it, or rejects with a PorticoError whose message is the spec's text. */
  validate(ctx: PluginContext, input: string): Promise<string>
}

/** What the headless code hooks return. */
export interface PasscodeLogin {
  /** The current state. */
  state: PasscodeLoginState
  /** When the code may be sent again (ms since the epoch), or null before the first send. */
  resendAvailableAt: number | null
  /** Sends a code to `destination`; rejects (and sets `state.error`) on bad input, within the cooldown, or on a refused send. */
  send(destination: string, options: { disableSignup?: boolean; captchaToken?: string }): Promise<void>
  /** Submits the code sent last; resolves once the session is stored and the post-login steps ran. */
  submit(code: string): Promise<void>
}

/** The error of a headless call whose method's plugin is not registered (as the kernel's `contextFor` throws). */
const missingPlugin = (method: string) => new PorticoError(`No plugin "${method}" is registered`, { code: 'invalid_plugin' })

/**
 * Closes the modal when it only shows the captcha step a headless login opened.
 * @param kernel - the kernel.
 */
function closeCaptchaStep(kernel: Kernel): void {
  const stack = kernel.state.modal.stack
  if (kernel.state.modal.open && stack.length === 1 && stack[0]!.screen === CAPTCHA_SCREEN) kernel.closeModal({ force: true })
}

/**
 * The headless code login of one method. Used by `useLoginWithEmail` and `useLoginWithSms`.
 * @param spec - how the method checks destinations, sends and checks codes.
 * @returns the state and the two calls.
 * @example
 * ```ts
 * import { usePasscodeLogin } from 'portico/react'
 * const login = usePasscodeLogin(emailPasscode)
 * await login.send('ada@example.com', {})
 * await login.submit('123456')
 * ```
 */
export function usePasscodeLogin(spec: PasscodeMethod): PasscodeLogin {
  const kernel = useKernel()
  // Without the method's plugin there is no machine; the calls then reject with the kernel's `invalid_plugin`.
  const entry = useMemo(() => (kernel.plugins.some((p) => p.id === spec.method) ? codeEntryFor(kernel.contextFor(spec.method), spec) : null), [kernel, spec])
  const { status, error, resendAvailableAt } = useCodeEntryState(entry)

  const send = useCallback(
    async (input: string, options: { disableSignup?: boolean; captchaToken?: string }) => {
      if (!entry) throw missingPlugin(spec.method)
      let destination: string
      try {
        destination = await spec.validate(kernel.contextFor(spec.method), String(input ?? '').trim())
      } catch (err) {
        return entry.refuse(toPorticoError(err))
      }
      await entry.send(destination, { ...options, afterCaptcha: () => closeCaptchaStep(kernel) })
    },
    [kernel, spec, entry],
  )

  const submit = useCallback(
    async (code: string) => {
      if (!entry) throw missingPlugin(spec.method)
      await entry.submit(code)
    },
    [entry, spec],
  )

  return { state: error ? { status, error } : { status }, resendAvailableAt, send, submit }
}
