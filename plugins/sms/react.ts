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
// The code-login state machine is shared with the email plugin (it carries no email code of its own).
import { usePasscodeLogin, type PasscodeLoginState } from '../../ui/passcode-login'
import { smsCodeEntry } from './code-entry'

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

/** What {@link useLoginWithSms} returns. */
export interface UseLoginWithSmsResult {
  /**
   * Texts a six-digit code to a number (international, or national in the app's default country).
   * Rejects, and sets `state.error`, on an invalid number ('Please enter a valid phone number'), a
   * second send within 30 s, or a refused send. Captcha: as `useLoginWithEmail`'s `sendCode`.
   * @param options - `phoneNumber`; `disableSignup` lets only existing users in; `captchaToken` from the host's own Turnstile widget.
   */
  sendCode: (options: { phoneNumber: string; disableSignup?: boolean; captchaToken?: string }) => Promise<void>
  /**
   * Signs in with the code sent last. Rejects, and sets `state.error`, on a wrong code
   * ('Invalid or expired verification code'); another code may then be tried.
   * @param options - `code`, as received.
   */
  loginWithCode: (options: { code: string }) => Promise<void>
  /** Where the login is: `initial`, `sending-code`, `awaiting-code-input`, `submitting-code`, `done` or `error` (with `error`). */
  state: PasscodeLoginState
  /** When `sendCode` may text the same number again (ms since the epoch), or null before the first send. */
  resendAvailableAt: number | null
}

/**
 * SMS-code login without the modal, for hosts that draw their own form. It ends through the
 * kernel like the modal's login: the session is stored, `useLogin`'s callbacks run, and post-login
 * steps (terms) still show in the modal.
 * @returns `{ sendCode, loginWithCode, state, resendAvailableAt }`.
 * @example
 * ```tsx
 * import { useLoginWithSms } from 'portico/plugins/sms'
 * const { sendCode, loginWithCode, state } = useLoginWithSms()
 * await sendCode({ phoneNumber: '+1 415 555 0123' })
 * await loginWithCode({ code: '123456' })
 * state.status // 'done'
 * ```
 */
export function useLoginWithSms(): UseLoginWithSmsResult {
  const { state, resendAvailableAt, send, submit } = usePasscodeLogin(smsCodeEntry)
  const sendCode = useCallback(
    ({ phoneNumber, ...options }: { phoneNumber: string; disableSignup?: boolean; captchaToken?: string }) => send(phoneNumber, options),
    [send],
  )
  const loginWithCode = useCallback(({ code }: { code: string }) => submit(code), [submit])
  return { sendCode, loginWithCode, state, resendAvailableAt }
}
