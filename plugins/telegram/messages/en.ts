/**
 * English texts of the Telegram plugin: one per error code, plus every label.
 * @module
 */
import { defineMessages } from '../../../kernel/messages'

/**
 * The Telegram plugin's English message table.
 * @example
 * ```ts
 * import { telegramMessages } from 'portico/plugins/telegram'
 * telegramMessages.TELEGRAM_FAILED_TITLE // 'Authentication failed'
 * ```
 */
export const telegramMessages = defineMessages({
  TELEGRAM_INVALID_CREDENTIALS: 'Something went wrong. Try again.',
  TELEGRAM_CANNOT_LINK_MORE: 'Something went wrong. Try again.',
  TELEGRAM_CAPTCHA_FAILED: 'Something went wrong. Try again.',
  TELEGRAM_TOO_MANY_REQUESTS: 'Request limit reached for Telegram. Please wait a moment and try again.',
  TELEGRAM_DISALLOWED: 'Login with Telegram not allowed.',
  TELEGRAM_LINKED_TO_ANOTHER_USER: 'This account has already been linked to another user.',
  TELEGRAM_CANCELLED: 'Something went wrong. Try again.',
  TELEGRAM_SCRIPT_FAILED: 'Something went wrong. Try again.',
  TELEGRAM_UNEXPECTED: 'Something went wrong. Try again.',
  TELEGRAM_METHOD_LABEL: 'Continue with Telegram',
  TELEGRAM_VERIFYING_TITLE: 'Verifying connection to Telegram',
  TELEGRAM_WAITING_SUBTITLE: 'Confirm the login in the Telegram window that opened.',
  TELEGRAM_LOADING_SUBTITLE: 'Opening Telegram…',
  TELEGRAM_SUCCESS_TITLE: 'Successfully connected with Telegram',
  TELEGRAM_SUCCESS_SUBTITLE: "You're good to go!",
  TELEGRAM_FAILED_TITLE: 'Authentication failed',
  TELEGRAM_RETRY: 'Retry',
  TELEGRAM_OTHER_METHOD: 'Use another method',
})

/** A message key of the Telegram plugin. */
export type TelegramMessageKey = keyof typeof telegramMessages

declare module '../../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof telegramMessages, true> {}
}
