/**
 * The guest plugin's headless login hook, named like the other plugins' `useLoginWith…` hooks.
 * @module
 */
import { useCallback, useState } from 'react'
import { useKernel } from '../../ui/context'
import { PorticoError } from '../../kernel/errors'
import { toPorticoError } from '../../kernel/error-registry'
import type { User } from '../../kernel/wire'
import { signInAsGuest } from './credential'

/** Where a headless guest login is; `error` is set while `status` is `error`. */
export interface LoginAsGuestState {
  status: 'initial' | 'logging-in' | 'done' | 'error'
  error?: PorticoError
}

/** What {@link useLoginAsGuest} returns. */
export interface UseLoginAsGuestResult {
  /**
   * Signs the browser's guest in (the same browser gets the same guest back); the modal stays closed.
   * Rejects, and sets `state.error`, with `GUEST_LINK_UNSUPPORTED` when someone is already signed in,
   * or the server's error (`disallowed_login_method`, `too_many_requests`...). No captcha: the guest
   * route carries no token; the server limits guest creation per IP.
   * @returns the guest user.
   */
  loginAsGuest: () => Promise<User>
  /** Where the login is. */
  state: LoginAsGuestState
}

/**
 * Guest login without the modal, with a state like `useLoginWithEmail`'s. Same call as
 * `useGuestAccount().createGuestAccount`, which stays for existing hosts.
 * @returns `{ loginAsGuest, state }`.
 * @example
 * ```tsx
 * import { useLoginAsGuest } from 'portico/plugins/guest'
 * const { loginAsGuest, state } = useLoginAsGuest()
 * <button disabled={state.status === 'logging-in'} onClick={() => void loginAsGuest()}>Play now</button>
 * ```
 */
export function useLoginAsGuest(): UseLoginAsGuestResult {
  const kernel = useKernel()
  const [state, setState] = useState<LoginAsGuestState>({ status: 'initial' })
  const loginAsGuest = useCallback(async () => {
    setState({ status: 'logging-in' })
    try {
      // Wait for the stored session to be restored, so a signed-in user is recognised as one.
      await kernel.init()
      const user = await signInAsGuest(kernel.contextFor('guest'))
      setState({ status: 'done' })
      return user
    } catch (err) {
      const e = toPorticoError(err)
      const error = new PorticoError(kernel.resolveError(err, { method: 'guest' }).message, { code: e.code, cause: err })
      setState({ status: 'error', error })
      throw error
    }
  }, [kernel])
  return { loginAsGuest, state }
}
