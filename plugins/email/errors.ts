/**
 * Error codes of the email login and how the modal reacts to each: the one place an email error is
 * mapped. The entry screen, the code screen and the headless hook all ask the kernel's error
 * registry, which reads this table (`send`: sending a code; `verify`: checking one).
 * @module
 */
import { defineErrorCodes } from '../../kernel/errors'

/**
 * The email plugin's error table. Each code's `from` lists the wire codes it stands for in the
 * email flows; its message is the code's entry in `messages/en.ts`.
 * @example
 * ```ts
 * import { EMAIL_ERRORS } from 'portico/plugins/email'
 * EMAIL_ERRORS.EMAIL_INVALID_CODE.inline // true
 * ```
 */
export const EMAIL_ERRORS = defineErrorCodes('EMAIL', {
  /** A wrong or expired code: shown under the boxes, which are cleared. */
  EMAIL_INVALID_CODE: { from: ['invalid_credentials'], steps: ['verify'], inline: true, retryable: true, message: 'EMAIL_INVALID_CODE' },
  /** The app refuses addresses with '+': back to the landing screen with the text under the field. */
  EMAIL_DISALLOWED_PLUS: {
    from: ['disallowed_plus_email'],
    screen: 'portico/landing',
    inline: true,
    message: 'EMAIL_DISALLOWED_PLUS',
  },
  /** The user already has an email account. */
  EMAIL_CANNOT_LINK_MORE: { from: ['cannot_link_more_of_type'], inline: true, message: 'EMAIL_CANNOT_LINK_MORE' },
  /** The address failed the server's validation when a code was sent to it. */
  EMAIL_INVALID_ADDRESS: { from: ['invalid_data'], steps: ['send'], inline: true, message: 'EMAIL_INVALID_ADDRESS' },
  /** Any other failure while checking a code (what would otherwise be the generic error screen). */
  EMAIL_VERIFY_FAILED: { steps: ['verify'], fallback: true, inline: true, retryable: true, message: 'EMAIL_VERIFY_FAILED' },
})

/** An error code of the email plugin. */
export type EmailErrorCode = keyof typeof EMAIL_ERRORS
