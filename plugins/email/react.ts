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
import { usePasscodeLogin, type PasscodeLoginState } from '../../ui/passcode-login'
import { emailCodeEntry } from './code-entry'

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

/** What {@link useLoginWithEmail} returns. */
export interface UseLoginWithEmailResult {
  /**
   * Sends a six-digit code to an address. Rejects, and sets `state.error`, on an invalid address
   * ('Please enter a valid email address'), a second send within 30 s, or a refused send.
   * When the app requires a captcha and no `captchaToken` is given, the modal opens at the captcha
   * step only (with the captcha plugin registered) and closes once it is passed.
   * @param options - `email`; `disableSignup` lets only existing users in; `captchaToken` from the host's own Turnstile widget.
   */
  sendCode: (options: { email: string; disableSignup?: boolean; captchaToken?: string }) => Promise<void>
  /**
   * Signs in with the code sent last. Rejects, and sets `state.error`, on a wrong code
   * ('Invalid or expired verification code'); the same address may then try another code.
   * @param options - `code`, as received.
   */
  loginWithCode: (options: { code: string }) => Promise<void>
  /** Where the login is: `initial`, `sending-code`, `awaiting-code-input`, `submitting-code`, `done` or `error` (with `error`). */
  state: PasscodeLoginState
  /** When `sendCode` may send to the same address again (ms since the epoch), or null before the first send. */
  resendAvailableAt: number | null
}

/**
 * Email-code login without the modal, for hosts that draw their own form. It ends through the
 * kernel like the modal's login: the session is stored, `useLogin`'s callbacks run, and post-login
 * steps (terms) still show in the modal.
 * @returns `{ sendCode, loginWithCode, state, resendAvailableAt }`.
 * @example
 * ```tsx
 * import { useLoginWithEmail } from 'portico/plugins/email'
 * const { sendCode, loginWithCode, state } = useLoginWithEmail()
 * await sendCode({ email: 'ada@example.com' })
 * await loginWithCode({ code: '123456' })
 * state.status // 'done'
 * ```
 */
export function useLoginWithEmail(): UseLoginWithEmailResult {
  const { state, resendAvailableAt, send, submit } = usePasscodeLogin(emailCodeEntry)
  const sendCode = useCallback(
    ({ email, ...options }: { email: string; disableSignup?: boolean; captchaToken?: string }) => send(email, options),
    [send],
  )
  const loginWithCode = useCallback(({ code }: { code: string }) => submit(code), [submit])
  return { sendCode, loginWithCode, state, resendAvailableAt }
}
