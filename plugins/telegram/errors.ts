/**
 * Error codes of the Telegram login and how the modal reacts to each.
 * @module
 */
import { defineErrorCodes } from '../../kernel/errors'

/**
 * The Telegram plugin's error table (spec section 8, Telegram column). Each code's `from` lists the
 * wire codes it stands for in the Telegram flows; its message is the code's entry in `messages/en.ts`.
 * The Telegram screen shows them under the title 'Authentication failed', with Retry when `retryable`.
 * @example
 * ```ts
 * import { TELEGRAM_ERRORS } from 'portico/plugins/telegram'
 * TELEGRAM_ERRORS.TELEGRAM_INVALID_CREDENTIALS.retryable // true
 * ```
 */
export const TELEGRAM_ERRORS = defineErrorCodes('TELEGRAM', {
  /** The server refused the signed payload (bad hash, expired `auth_date`). */
  TELEGRAM_INVALID_CREDENTIALS: { from: ['invalid_credentials'], inline: true, retryable: true, message: 'TELEGRAM_INVALID_CREDENTIALS' },
  /** The user already has a Telegram account. */
  TELEGRAM_CANNOT_LINK_MORE: { from: ['cannot_link_more_of_type'], inline: true, retryable: true, message: 'TELEGRAM_CANNOT_LINK_MORE' },
  /** The captcha step failed. */
  TELEGRAM_CAPTCHA_FAILED: { from: ['invalid_captcha'], inline: true, retryable: true, message: 'TELEGRAM_CAPTCHA_FAILED' },
  /** Rate limited. */
  TELEGRAM_TOO_MANY_REQUESTS: { from: ['too_many_requests'], inline: true, message: 'TELEGRAM_TOO_MANY_REQUESTS' },
  /** The app does not allow Telegram login (switch off, no bot, or linking disabled). */
  TELEGRAM_DISALLOWED: { from: ['disallowed_login_method'], inline: true, message: 'TELEGRAM_DISALLOWED' },
  /** The Telegram account belongs to another user. */
  TELEGRAM_LINKED_TO_ANOTHER_USER: { from: ['linked_to_another_user'], inline: true, message: 'TELEGRAM_LINKED_TO_ANOTHER_USER' },
  /** The user closed Telegram's window without confirming (the widget answered `false`). */
  TELEGRAM_CANCELLED: { inline: true, retryable: true, message: 'TELEGRAM_CANCELLED' },
  /** Telegram's login script could not be loaded. */
  TELEGRAM_SCRIPT_FAILED: { inline: true, retryable: true, message: 'TELEGRAM_SCRIPT_FAILED' },
  /** Anything else. */
  TELEGRAM_UNEXPECTED: { inline: true, retryable: true, message: 'TELEGRAM_UNEXPECTED' },
})

/** An error code of the Telegram plugin. */
export type TelegramErrorCode = keyof typeof TELEGRAM_ERRORS

/**
 * Client-only codes the Telegram helpers raise (never sent by the server).
 * @example
 * ```ts
 * import { TELEGRAM_CLIENT_CODES } from 'portico/plugins/telegram'
 * TELEGRAM_CLIENT_CODES.cancelled // 'telegram_auth_cancelled'
 * ```
 */
export const TELEGRAM_CLIENT_CODES = {
  cancelled: 'telegram_auth_cancelled',
  scriptFailed: 'telegram_script_failed',
} as const
