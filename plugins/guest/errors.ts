/**
 * Error codes of the guest login and how the modal reacts to each.
 * @module
 */
import { defineErrorCodes } from '../../kernel/errors'

/**
 * The guest plugin's error table. Each code's `from` lists the wire codes it stands for in the
 * guest flow; its message is the code's entry in `messages/en.ts`.
 * @example
 * ```ts
 * import { GUEST_ERRORS } from 'portico/plugins/guest'
 * GUEST_ERRORS.GUEST_LINK_UNSUPPORTED.retryable // false
 * ```
 */
export const GUEST_ERRORS = defineErrorCodes('GUEST', {
  /** A guest credential cannot be added to a signed-in user (spec: guest linking is unsupported). */
  GUEST_LINK_UNSUPPORTED: { inline: true, retryable: false, message: 'GUEST_LINK_UNSUPPORTED' },
  /** The app has guest access switched off. */
  GUEST_DISABLED: { from: ['disallowed_login_method'], inline: true, retryable: false, message: 'GUEST_DISABLED' },
  /** The server refused the stored credential's format (it is replaced on the next try). */
  GUEST_INVALID_CREDENTIAL: { from: ['invalid_data'], inline: true, retryable: true, message: 'GUEST_INVALID_CREDENTIAL' },
  /** Any other failure while signing in as a guest. */
  GUEST_SIGN_IN_FAILED: { inline: true, retryable: true, message: 'GUEST_SIGN_IN_FAILED' },
})

/** An error code of the guest plugin. */
export type GuestErrorCode = keyof typeof GUEST_ERRORS
