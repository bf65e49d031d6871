/**
 * The React side of the email plugin: link, unlink and update the signed-in user's email address.
 * Every change ends with a session refresh, so `usePortico().user` shows the result.
 * @module
 */
import { useCallback } from 'react'
import { useKernel } from '../../ui/context'
import { PorticoError } from '../../kernel/errors'
import type { User } from '../../kernel/wire'
import type { Kernel } from '../../kernel/types'
import { emailRoutes } from './api'
import { emailMessages } from './messages/en'

function requireSignedIn(kernel: Kernel): User {
  const user = kernel.state.session.user
  if (kernel.state.session.status !== 'authenticated' || !user) {
    throw new PorticoError('Log in before changing linked accounts', { code: 'must_be_authenticated' })
  }
  return user
}

/**
 * The user's email address, if they have one.
 * @param user - a user.
 * @returns the address or null.
 */
function emailOf(user: User): string | null {
  const account = user.linked_accounts.find((a) => a.type === 'email') as { address?: string } | undefined
  return account?.address ?? null
}

/** What {@link useLinkWithEmail} returns. */
export interface UseLinkWithEmailResult {
  /** Opens the modal at the email entry to add an address to the signed-in user. */
  linkEmail: () => void
}

/**
 * Links an email address to the signed-in user: address, then code. An address that belongs to
 * another user leads to the transfer screen.
 * @returns `{ linkEmail }`; it throws `must_be_authenticated` when nobody is signed in.
 * @example
 * ```tsx
 * import { useLinkWithEmail } from 'portico/plugins/email'
 * const { linkEmail } = useLinkWithEmail()
 * <button onClick={linkEmail}>Link email</button>
 * ```
 */
export function useLinkWithEmail(): UseLinkWithEmailResult {
  const kernel = useKernel()
  const linkEmail = useCallback(() => {
    requireSignedIn(kernel)
    kernel.openModal('email/entry', { intent: 'link' })
  }, [kernel])
  return { linkEmail }
}

/** What {@link useUnlinkEmail} returns. */
export interface UseUnlinkEmailResult {
  /**
   * Removes an address from the signed-in user, then refreshes the session.
   * @param address - the linked address.
   * @returns the updated user; rejects with the server's error (`cannot_unlink_sole_account`...).
   */
  unlinkEmail: (address: string) => Promise<User>
}

/**
 * Unlinks an email address from the signed-in user.
 * @returns `{ unlinkEmail(address) }`.
 * @example
 * ```tsx
 * import { useUnlinkEmail } from 'portico/plugins/email'
 * const { unlinkEmail } = useUnlinkEmail()
 * <button onClick={() => unlinkEmail('ada@example.com')}>Unlink</button>
 * ```
 */
export function useUnlinkEmail(): UseUnlinkEmailResult {
  const kernel = useKernel()
  const unlinkEmail = useCallback(
    (address: string) => {
      const ctx = kernel.contextFor('email')
      return ctx.changeAccounts(() => ctx.api.request(emailRoutes.unlink, { address }), { method: 'email' })
    },
    [kernel],
  )
  return { unlinkEmail }
}

/** What {@link useUpdateEmail} returns. */
export interface UseUpdateEmailResult {
  /**
   * Opens the modal to replace the user's address: new address, then the code sent to it.
   * Throws when nobody is signed in or the user has no email yet.
   */
  updateEmail: () => void
}

/**
 * Replaces the signed-in user's email address by a new one, verified by a code.
 * @returns `{ updateEmail }`.
 * @example
 * ```tsx
 * import { useUpdateEmail } from 'portico/plugins/email'
 * const { updateEmail } = useUpdateEmail()
 * <button onClick={updateEmail}>Change email</button>
 * ```
 */
export function useUpdateEmail(): UseUpdateEmailResult {
  const kernel = useKernel()
  const updateEmail = useCallback(() => {
    const oldAddress = emailOf(requireSignedIn(kernel))
    if (!oldAddress) throw new PorticoError(emailMessages.EMAIL_UPDATE_NEEDS_EMAIL, { code: 'linked_account_not_found' })
    kernel.openModal('email/update', { oldAddress })
  }, [kernel])
  return { updateEmail }
}
