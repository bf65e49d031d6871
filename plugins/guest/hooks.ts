/**
 * The guest plugin's React hook: guest sign-in without the modal.
 * @module
 */
import { useCallback } from 'react'
import { useKernel } from '../../ui/context'
import type { User } from '../../kernel/wire'
import { signInAsGuest } from './credential'

/** What {@link useGuestAccount} returns. */
export interface UseGuestAccountResult {
  /**
   * Signs the browser's guest in without opening the modal, reusing the stored credential (so the
   * same browser gets the same guest back).
   * @returns the guest user.
   * @throws PorticoError `GUEST_LINK_UNSUPPORTED` ('Linking is not supported for the guest flow')
   *   when someone is already signed in; the server's error (`disallowed_login_method`,
   *   `allowlist_rejected`, `too_many_requests`...) otherwise.
   */
  createGuestAccount(): Promise<User>
}

/**
 * Headless guest sign-in. Needs the `guest()` plugin in the provider's plugins.
 * @returns `{ createGuestAccount }`.
 * @example
 * ```tsx
 * import { useGuestAccount } from 'portico/plugins/guest'
 * function PlayNow() {
 *   const { createGuestAccount } = useGuestAccount()
 *   return <button onClick={() => void createGuestAccount()}>Play now</button>
 * }
 * ```
 */
export function useGuestAccount(): UseGuestAccountResult {
  const kernel = useKernel()
  const createGuestAccount = useCallback(async () => {
    // Wait for the stored session to be restored, so a signed-in user is recognised as one.
    await kernel.init()
    return signInAsGuest(kernel.contextFor('guest'))
  }, [kernel])
  return { createGuestAccount }
}
