/**
 * The MFA core's React hooks: the host's enrolment modal (`useMfaEnrollment`) and, for a host that
 * draws its own MFA UI (`noPromptOnMfaRequired`), the verification it drives (`useMfa`).
 * @module
 */
import { useCallback, useEffect, useMemo, useRef } from 'react'
import { useSnapshot } from 'valtio'
import { PorticoError } from '../../kernel/errors'
import type { User } from '../../kernel/wire'
import { useKernel } from '../../ui/context'
import { mfaOf } from './methods'
import type { MfaRequiredEvent } from './controller'

/** What {@link useMfaEnrollment} returns. */
export interface UseMfaEnrollmentResult {
  /**
   * Opens the enrolment modal ('Transaction Protection', then the method choice); resolves when the
   * user closes it or leaves with 'Not now'.
   * @throws PorticoError `must_be_authenticated` when nobody is signed in.
   */
  showMfaEnrollmentModal(): Promise<void>
}

/**
 * The MFA enrolment modal. Needs the `mfa()` plugin and at least one method plugin.
 * @returns `{ showMfaEnrollmentModal }`.
 * @example
 * ```tsx
 * import { useMfaEnrollment } from 'portico/plugins/mfa'
 * function Security() {
 *   const { showMfaEnrollmentModal } = useMfaEnrollment()
 *   return <button onClick={() => void showMfaEnrollmentModal()}>Protect my wallet</button>
 * }
 * ```
 */
export function useMfaEnrollment(): UseMfaEnrollmentResult {
  const kernel = useKernel()
  const showMfaEnrollmentModal = useCallback(async () => {
    if (kernel.state.session.status !== 'authenticated') {
      throw new PorticoError('Log in before enrolling in MFA', { code: 'must_be_authenticated' })
    }
    await mfaOf(kernel).enroll()
  }, [kernel])
  return { showMfaEnrollmentModal }
}

/** Options of {@link useMfa}. */
export interface UseMfaOptions {
  /**
   * Called when a wallet operation waits for the user's verification and the app draws the MFA UI
   * itself (`mfa({ noPromptOnMfaRequired: true })`): show your UI, then `init` and `submit`.
   */
  onMfaRequired?: (event: MfaRequiredEvent) => void
}

/** What {@link useMfa} returns. */
export interface UseMfaResult {
  /** The signed-in user's enrolled methods (`sms`, `totp`, `passkey`), by `mfa_methods`. */
  mfaMethods: string[]
  /**
   * Prepares a method of the waiting verification (texts the SMS code).
   * @throws PorticoError `mfa_not_pending` when no verification waits.
   */
  init(method: string): Promise<void>
  /**
   * Submits a code (or runs the passkey) for the waiting verification; the wallet operation goes on
   * once it succeeds.
   * @throws 'MFA verification failed, retry.' (`missing_or_invalid_mfa`) on a wrong code while attempts
   *   remain; 'Max MFA verification attempts reached' on the fourth; 'Timed out waiting for MFA code'
   *   after the 5-minute wait; `mfa_not_pending` when no verification waits.
   */
  submit(method: string, code?: string): Promise<void>
  /** Cancels the waiting verification: the wallet operation fails with 'MFA canceled'. */
  cancel(): void
}

/**
 * Drives MFA verifications from the host's own UI. Needs the `mfa()` plugin.
 * @param options - the `onMfaRequired` listener.
 * @returns `{ mfaMethods, init, submit, cancel }`.
 * @example
 * ```tsx
 * import { useMfa } from 'portico/plugins/mfa'
 * function MfaPrompt() {
 *   const [open, setOpen] = useState(false)
 *   const { init, submit, cancel } = useMfa({ onMfaRequired: () => { setOpen(true); void init('totp') } })
 *   return open ? <CodeForm onCode={(code) => submit('totp', code).then(() => setOpen(false))} onCancel={cancel} /> : null
 * }
 * ```
 */
export function useMfa(options: UseMfaOptions = {}): UseMfaResult {
  const kernel = useKernel()
  const snap = useSnapshot(kernel.state)
  const user = snap.session.user as User | null
  const listener = useRef(options.onMfaRequired)
  useEffect(() => {
    listener.current = options.onMfaRequired
  })
  const listening = options.onMfaRequired !== undefined
  useEffect(() => {
    if (!listening) return
    return mfaOf(kernel).onRequired((event) => listener.current?.(event))
  }, [kernel, listening])
  const pending = useCallback(() => {
    const current = mfaOf(kernel).current()
    if (!current || current.ended()) throw new PorticoError('No MFA verification is waiting', { code: 'mfa_not_pending' })
    return current
  }, [kernel])
  const mfaMethods = useMemo(() => (user?.mfa_methods ?? []).map((m) => m.type), [user])
  return {
    mfaMethods,
    init: useCallback(async (method: string) => pending().init(method), [pending]),
    submit: useCallback(async (method: string, code?: string) => void (await pending().submit(method, code)), [pending]),
    cancel: useCallback(() => mfaOf(kernel).current()?.cancel(), [kernel]),
  }
}
