/**
 * Error codes of the passkey login and management, and how the modal reacts to each.
 * @module
 */
import { defineErrorCodes } from '../../kernel/errors'

/**
 * The passkey plugin's error table. Each code's `from` lists the wire codes it stands for in the
 * passkey flows; its message is the code's entry in `messages/en.ts`.
 * @example
 * ```ts
 * import { PASSKEY_ERRORS } from 'portico/plugins/passkey'
 * PASSKEY_ERRORS.PASSKEY_NOT_ALLOWED.retryable // true
 * ```
 */
export const PASSKEY_ERRORS = defineErrorCodes('PASSKEY', {
  /** The browser's NotAllowedError: the dialogue timed out or the user dismissed it. */
  PASSKEY_NOT_ALLOWED: { inline: true, retryable: true, message: 'PASSKEY_NOT_ALLOWED' },
  /** No WebAuthn in this browser: nothing to retry. */
  PASSKEY_NOT_SUPPORTED: { inline: true, retryable: false, message: 'PASSKEY_NOT_SUPPORTED' },
  /** The user already holds the most passkeys allowed. */
  PASSKEY_CANNOT_LINK_MORE: { from: ['cannot_link_more_of_type'], inline: true, retryable: false, message: 'PASSKEY_CANNOT_LINK_MORE' },
  /** A passkey enrolled in MFA cannot be unlinked. */
  PASSKEY_CANNOT_UNLINK_MFA: { from: ['not_supported'], inline: true, retryable: false, message: 'PASSKEY_CANNOT_UNLINK_MFA' },
  /** The user's last account cannot be removed. */
  PASSKEY_CANNOT_UNLINK_SOLE: { from: ['cannot_unlink_sole_account'], inline: true, retryable: false, message: 'PASSKEY_CANNOT_UNLINK_SOLE' },
  /** The authenticator offered a passkey this app does not know. */
  PASSKEY_NOT_REGISTERED: { from: ['passkey_not_registered'], inline: true, retryable: true, message: 'PASSKEY_NOT_REGISTERED' },
  /** The authenticator already holds a passkey for this user (a second one on the same device). */
  PASSKEY_ALREADY_REGISTERED: { inline: true, retryable: false, message: 'PASSKEY_ALREADY_REGISTERED' },
  /** The server could not verify the response (expired challenge, bad signature). */
  PASSKEY_VERIFY_FAILED: { from: ['invalid_credentials'], inline: true, retryable: true, message: 'PASSKEY_VERIFY_FAILED' },
  /** Anything else. */
  PASSKEY_UNKNOWN: { inline: true, retryable: true, message: 'PASSKEY_UNKNOWN' },
})

/** An error code of the passkey plugin. */
export type PasskeyErrorCode = keyof typeof PASSKEY_ERRORS
