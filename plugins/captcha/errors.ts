/**
 * Error codes of the captcha plugin and how the modal reacts to each.
 * @module
 */
import { defineErrorCodes } from '../../kernel/errors'

/**
 * The captcha plugin's error table. Its message is the code's entry in `messages/en.ts`.
 * `CAPTCHA_INVALID` stands for the server's `invalid_captcha` in any login flow: the plugin's
 * `mapError` tap applies it whichever login method the user chose.
 * @example
 * ```ts
 * import { CAPTCHA_ERRORS } from 'portico/plugins/captcha'
 * CAPTCHA_ERRORS.CAPTCHA_INVALID.screen // 'portico/error'
 * ```
 */
export const CAPTCHA_ERRORS = defineErrorCodes('CAPTCHA', {
  /** The server refused the token: the error screen says 'Please try again.' and the next login asks afresh. */
  CAPTCHA_INVALID: { from: ['invalid_captcha'], screen: 'portico/error', retryable: true, message: 'CAPTCHA_INVALID' },
  /** The widget blocked the visitor. */
  CAPTCHA_FAILED: { inline: true, retryable: true, message: 'CAPTCHA_FAILED' },
  /** The script never came up, or the challenge gave no answer in time. */
  CAPTCHA_TIMEOUT: { inline: true, retryable: true, message: 'CAPTCHA_TIMEOUT' },
  /** The script could not load, or the widget reported an error. */
  CAPTCHA_ERROR: { inline: true, retryable: true, message: 'CAPTCHA_ERROR' },
  /** Anything unexpected. */
  CAPTCHA_GENERIC: { inline: true, retryable: true, message: 'CAPTCHA_GENERIC' },
  /** The app's site key is not of the form 't:{key}' (or the app names no key). */
  CAPTCHA_UNSUPPORTED_SITE_KEY: { screen: 'portico/error', message: 'CAPTCHA_UNSUPPORTED_SITE_KEY' },
})

/** An error code of the captcha plugin. */
export type CaptchaErrorCode = keyof typeof CAPTCHA_ERRORS
