/**
 * English texts of the captcha plugin: one per error code, plus the screen's labels.
 * @module
 */
import { defineMessages } from '../../../kernel/messages'

/**
 * The captcha plugin's English message table.
 * @example
 * ```ts
 * import { captchaMessages } from 'portico/plugins/captcha'
 * captchaMessages.CAPTCHA_FAILED // 'You did not pass CAPTCHA. Please try again.'
 * ```
 */
export const captchaMessages = defineMessages({
  CAPTCHA_INVALID: 'Please try again.',
  CAPTCHA_FAILED: 'You did not pass CAPTCHA. Please try again.',
  CAPTCHA_TIMEOUT: 'Captcha failed',
  CAPTCHA_ERROR: 'Captcha failed',
  CAPTCHA_GENERIC: 'Something went wrong',
  CAPTCHA_UNSUPPORTED_SITE_KEY: 'Unsupported captcha site key',
  CAPTCHA_TITLE: 'Checking that you are human',
  CAPTCHA_SUBTITLE: 'This only takes a moment.',
  CAPTCHA_INTERACTIVE_TITLE: 'Confirm you are human',
  CAPTCHA_INTERACTIVE_SUBTITLE: 'Complete the check below to continue.',
  CAPTCHA_SUCCESS: 'Verified',
  CAPTCHA_ERROR_TITLE: 'Verification failed',
  CAPTCHA_RETRYING: 'Trying again…',
  CAPTCHA_HINT: 'Still not working? Disable your adblocker or VPN and try again.',
  CAPTCHA_TRY_AGAIN: 'Try again',
  CAPTCHA_CANCEL: 'Cancel',
})

/** A message key of the captcha plugin. */
export type CaptchaMessageKey = keyof typeof captchaMessages

declare module '../../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof captchaMessages, true> {}
}
