/**
 * Error codes of the cross-app login and how the modal reacts to each.
 * @module
 */
import { defineErrorCodes } from '../../kernel/errors'

/**
 * The cross-app plugin's error table; texts in `messages/en.ts` (spec 02 §8). The 'Connecting to
 * {app}' screen shows them, with Retry when `retryable`.
 * @example
 * ```ts
 * import { CROSS_APP_ERRORS } from 'portico/plugins/cross-app'
 * CROSS_APP_ERRORS.CROSS_APP_CANCELED.retryable // true
 * ```
 */
export const CROSS_APP_ERRORS = defineErrorCodes('CROSS_APP', {
  /** The user closed the popup or pressed Cancel on the provider app ('User canceled flow'). */
  CROSS_APP_CANCELED: { inline: true, retryable: true, message: 'CROSS_APP_CANCELED' },
  /** No answer within 120 s. */
  CROSS_APP_TIMEOUT: { inline: true, retryable: true, message: 'CROSS_APP_TIMEOUT' },
  /** This app may not sign in with the provider app. */
  CROSS_APP_NOT_ALLOWED: { from: ['cross_app_connection_not_allowed'], inline: true, message: 'CROSS_APP_FAILED' },
  /** Anything else. */
  CROSS_APP_FAILED: { inline: true, retryable: true, message: 'CROSS_APP_FAILED' },
})

/** An error code of the cross-app plugin. */
export type CrossAppErrorCode = keyof typeof CROSS_APP_ERRORS
