/**
 * Error codes of the custom-token login. The login runs headlessly (no modal), so these codes reach
 * the host through `useCustomAuth().error` and `getCustomAuth(kernel).snapshot()`.
 * @module
 */
import { defineErrorCodes } from '../../kernel/errors'

/**
 * The custom-auth plugin's error table; each code's message is its entry in `messages/en.ts`.
 * @example
 * ```ts
 * import { CUSTOM_AUTH_ERRORS } from 'portico/plugins/custom-auth'
 * CUSTOM_AUTH_ERRORS.CUSTOM_AUTH_LINK_UNSUPPORTED.message // 'CUSTOM_AUTH_LINK_UNSUPPORTED'
 * ```
 */
export const CUSTOM_AUTH_ERRORS = defineErrorCodes('CUSTOM_AUTH', {
  /** Linking a host token to another user is not offered by the widget. */
  CUSTOM_AUTH_LINK_UNSUPPORTED: { message: 'CUSTOM_AUTH_LINK_UNSUPPORTED' },
  /** The server refused the host's token (expired, wrong key, issuer or audience). */
  CUSTOM_AUTH_INVALID_TOKEN: { from: ['invalid_credentials'], message: 'CUSTOM_AUTH_INVALID_TOKEN' },
  /** The app has no key to verify host tokens with, or the switch is off. */
  CUSTOM_AUTH_NOT_ENABLED: {
    from: ['feature_not_enabled', 'disallowed_login_method'],
    message: 'CUSTOM_AUTH_NOT_ENABLED',
  },
  /** The host's `getCustomAccessToken` callback threw. */
  CUSTOM_AUTH_TOKEN_CALLBACK_FAILED: { retryable: true, message: 'CUSTOM_AUTH_TOKEN_CALLBACK_FAILED' },
  /** Any other failure while signing in with the host's token. */
  CUSTOM_AUTH_FAILED: { retryable: true, message: 'CUSTOM_AUTH_FAILED' },
})

/** An error code of the custom-auth plugin. */
export type CustomAuthErrorCode = keyof typeof CUSTOM_AUTH_ERRORS
