/**
 * Error codes of the SMS login and how the modal reacts to each: the one place an SMS error is
 * mapped. The entry screen, the code screen and the headless hook all ask the kernel's error
 * registry, which reads this table (`send`: sending a code; `verify`: checking one).
 * @module
 */
import { defineErrorCodes } from '../../kernel/errors'

/**
 * The SMS plugin's error table. Each code's `from` lists the wire codes it stands for in the SMS
 * flows; its message is the code's entry in `messages/en.ts`.
 * @example
 * ```ts
 * import { SMS_ERRORS } from 'portico/plugins/sms'
 * SMS_ERRORS.SMS_INVALID_CODE.inline // true
 * ```
 */
export const SMS_ERRORS = defineErrorCodes('SMS', {
  /** A wrong or expired code: shown under the boxes, which are cleared. */
  SMS_INVALID_CODE: { from: ['invalid_credentials'], steps: ['verify'], inline: true, retryable: true, message: 'SMS_INVALID_CODE' },
  /** The user already has a phone account. */
  SMS_CANNOT_LINK_MORE: { from: ['cannot_link_more_of_type'], inline: true, message: 'SMS_CANNOT_LINK_MORE' },
  /** The number failed the server's (or the SMS provider's) validation when a code was sent to it. */
  SMS_INVALID_NUMBER: { from: ['invalid_data'], steps: ['send'], inline: true, message: 'SMS_INVALID_NUMBER' },
  /** Any other failure while checking a code (what would otherwise be the generic error screen). */
  SMS_VERIFY_FAILED: { steps: ['verify'], fallback: true, inline: true, retryable: true, message: 'SMS_VERIFY_FAILED' },
})

/** An error code of the SMS plugin. */
export type SmsErrorCode = keyof typeof SMS_ERRORS
