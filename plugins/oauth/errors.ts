/**
 * Error codes of the OAuth login, how the modal reacts to each, and the client-side texts of the
 * errors the OAuth helpers throw.
 * @module
 */
import { defineErrorCodes } from '../../kernel/errors'

/**
 * The OAuth plugin's error table (spec section 8, OAuth column). Each code's `from` lists the wire
 * codes it stands for in the OAuth flows; its message is the code's entry in `messages/en.ts`. The
 * status screen shows them under the title 'Authentication failed', with Retry when `retryable`.
 * @example
 * ```ts
 * import { OAUTH_ERRORS } from 'portico/plugins/oauth'
 * OAUTH_ERRORS.OAUTH_USER_DENIED.retryable // true
 * ```
 */
export const OAUTH_ERRORS = defineErrorCodes('OAUTH', {
  /** The server refused the code (expired, reused, or the provider refused the exchange). */
  OAUTH_INVALID_CREDENTIALS: { from: ['invalid_credentials'], inline: true, retryable: true, message: 'OAUTH_INVALID_CREDENTIALS' },
  /** The user already has an account of this provider. */
  OAUTH_CANNOT_LINK_MORE: { from: ['cannot_link_more_of_type'], inline: true, message: 'OAUTH_CANNOT_LINK_MORE' },
  /** The provider account belongs to another user. */
  OAUTH_LINKED_TO_ANOTHER_USER: { from: ['linked_to_another_user'], inline: true, message: 'OAUTH_LINKED_TO_ANOTHER_USER' },
  /** Rate limited (the text names the provider when the server says the provider limited us). */
  OAUTH_TOO_MANY_REQUESTS: { from: ['too_many_requests'], inline: true, message: 'OAUTH_TOO_MANY_REQUESTS' },
  /** The user declined at the provider (`privy_oauth_code=undefined`). Client code `oauth_user_denied`. */
  OAUTH_USER_DENIED: { inline: true, retryable: true, message: 'OAUTH_USER_DENIED' },
  /** The provider reports the account as suspended. */
  OAUTH_ACCOUNT_SUSPENDED: { from: ['oauth_account_suspended'], inline: true, message: 'OAUTH_ACCOUNT_SUSPENDED' },
  /** The returned state is not the one this browser stored (client code `pkce_state_code_mismatch`). */
  OAUTH_STATE_MISMATCH: { from: ['oauth_state_mismatch'], inline: true, retryable: true, message: 'OAUTH_STATE_MISMATCH' },
  /** The provider blocks sign-in inside an app's embedded browser. */
  OAUTH_IN_APP_BROWSER: { screen: 'oauth/in-app-browser', message: 'OAUTH_IN_APP_BROWSER' },
  /** Anything else during a provider-managed login. */
  OAUTH_UNEXPECTED: { inline: true, retryable: true, message: 'OAUTH_UNEXPECTED' },
})

/** An error code of the OAuth plugin. */
export type OAuthErrorCode = keyof typeof OAUTH_ERRORS

/**
 * Client-only wire codes the OAuth helpers raise (contract §2: never sent by the server).
 * @example
 * ```ts
 * import { OAUTH_CLIENT_CODES } from 'portico/plugins/oauth'
 * OAUTH_CLIENT_CODES.userDenied // 'oauth_user_denied'
 * ```
 */
export const OAUTH_CLIENT_CODES = {
  userDenied: 'oauth_user_denied',
  stateMismatch: 'pkce_state_code_mismatch',
  unknown: 'unknown_auth_error',
  inAppBrowser: 'oauth_in_app_browser',
} as const

/**
 * Texts of the errors the OAuth helpers throw (spec section 6 and the auth-layer mapping): they
 * are error messages for developers and logs, not screen texts, so they stay in English.
 */
export const OAUTH_ERROR_TEXTS = {
  missingCodes: (action: 'authenticate' | 'link') =>
    `Authorization and state codes code must be set prior to calling ${action}`,
  missingProvider: 'Provider must be set when initializing OAuth authentication.',
  missingVerifier: 'Authentication error.',
  invalidCode: 'Invalid code during oauth flow.',
  invalidCodeServer: 'Invalid code during OAuth flow.',
  stateMismatch: 'The returned state code does not match the stored one.',
} as const
