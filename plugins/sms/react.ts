/**
 * The React side of the SMS plugin: link, unlink and update the signed-in user's phone number.
 * Every change ends with a session refresh, so `usePortico().user` shows the result.
 * @module
 */
import { useCallback } from 'react'
import { useKernel } from '../../ui/context'
import { PorticoError } from '../../kernel/errors'
import type { User } from '../../kernel/wire'
import type { Kernel } from '../../kernel/types'
import { smsRoutes } from './api'
import { smsMessages } from './messages/en'

function requireSignedIn(kernel: Kernel): User {
  const user = kernel.state.session.user
  if (kernel.state.session.status !== 'authenticated' || !user) {
    throw new PorticoError('Log in before changing linked accounts', { code: 'must_be_authenticated' })
  }
  return user
}

function phoneOf(user: User): string | null {
  const account = user.linked_accounts.find((a) => a.type === 'phone') as { phoneNumber?: string } | undefined
  return account?.phoneNumber ?? null
}

/** What {@link useLinkWithPhone} returns. */
export interface UseLinkWithPhoneResult {
  /** Opens the modal at the phone entry to add a number to the signed-in user. */
  linkPhone: () => void
}

/**
 * Links a phone number to the signed-in user: number, then the texted code. A number that belongs
 * to another user leads to the transfer screen.
 * @returns `{ linkPhone }`; it throws `must_be_authenticated` when nobody is signed in.
 * @example
 * ```tsx
 * import { useLinkWithPhone } from 'portico/plugins/sms'
 * const { linkPhone } = useLinkWithPhone()
 * <button onClick={linkPhone}>Link phone</button>
 * ```
 */
export function useLinkWithPhone(): UseLinkWithPhoneResult {
  const kernel = useKernel()
  const linkPhone = useCallback(() => {
    requireSignedIn(kernel)
    kernel.openModal('sms/entry', { intent: 'link' })
  }, [kernel])
  return { linkPhone }
}

/** What {@link useUnlinkPhone} returns. */
export interface UseUnlinkPhoneResult {
  /**
   * Removes a number from the signed-in user, then refreshes the session.
   * @param phoneNumber - the linked number, as the user's account lists it.
   * @returns the updated user; rejects with the server's error (`cannot_unlink_sole_account`...).
   */
  unlinkPhone: (phoneNumber: string) => Promise<User>
}

/**
 * Unlinks a phone number from the signed-in user.
 * @returns `{ unlinkPhone(phoneNumber) }`.
 * @example
 * ```tsx
 * import { useUnlinkPhone } from 'portico/plugins/sms'
 * const { unlinkPhone } = useUnlinkPhone()
 * <button onClick={() => unlinkPhone('+1 4155550123')}>Unlink</button>
 * ```
 */
export function useUnlinkPhone(): UseUnlinkPhoneResult {
  const kernel = useKernel()
  const unlinkPhone = useCallback(
    (phoneNumber: string) => {
      const ctx = kernel.contextFor('sms')
      return ctx.changeAccounts(() => ctx.api.request(smsRoutes.unlink, { phoneNumber }), { method: 'sms' })
    },
    [kernel],
  )
  return { unlinkPhone }
}

/** What {@link useUpdatePhone} returns. */
export interface UseUpdatePhoneResult {
  /**
   * Opens the modal to replace the user's number: new number, then the code texted to it.
   * Throws when nobody is signed in, or 'User is required to have an phone number to update it.'
   */
  updatePhone: () => void
}

/**
 * Replaces the signed-in user's phone number by a new one, verified by a code.
 * @returns `{ updatePhone }`.
 * @example
 * ```tsx
 * import { useUpdatePhone } from 'portico/plugins/sms'
 * const { updatePhone } = useUpdatePhone()
 * <button onClick={updatePhone}>Change phone number</button>
 * ```
 */
export function useUpdatePhone(): UseUpdatePhoneResult {
  const kernel = useKernel()
  const updatePhone = useCallback(() => {
    const oldPhoneNumber = phoneOf(requireSignedIn(kernel))
    if (!oldPhoneNumber) throw new PorticoError(smsMessages.SMS_UPDATE_NEEDS_PHONE, { code: 'linked_account_not_found' })
    kernel.openModal('sms/update', { oldPhoneNumber })
  }, [kernel])
  return { updatePhone }
}
