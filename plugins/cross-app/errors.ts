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
  /** Transactions: the address is not one of the provider user's wallets this app knows. */
  CROSS_APP_WRONG_ADDRESS: { message: 'CROSS_APP_WRONG_ADDRESS' },
  /** Transactions: the provider app is read-only. */
  CROSS_APP_READ_ONLY: { from: ['cross_app_read_only'], message: 'CROSS_APP_READ_ONLY' },
  /** Transactions: no provider token, or one the server refuses. */
  CROSS_APP_TOKEN_REQUIRED: { message: 'CROSS_APP_TOKEN_REQUIRED' },
  /** Transactions: the popup could not be opened or pointed at the provider's page. */
  CROSS_APP_INIT_FAILED: { message: 'CROSS_APP_INIT_FAILED' },
  /** Transactions: the user rejected the request in the provider's page, or closed it. */
  CROSS_APP_REJECTED: { message: 'CROSS_APP_REJECTED' },
  /** Transactions: the provider app is not one this app may use, or refused the requester's origin. */
  CROSS_APP_INVALID_APP: { message: 'CROSS_APP_INVALID_APP' },
  /** Anything else. */
  CROSS_APP_FAILED: { inline: true, retryable: true, message: 'CROSS_APP_FAILED' },
})

/** An error code of the cross-app plugin. */
export type CrossAppErrorCode = keyof typeof CROSS_APP_ERRORS
