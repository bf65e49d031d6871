/**
 * Errors the server answers with: a status, a wire code and a message, always as JSON.
 * @module
 */
import type { WireErrorCode } from '../kernel/wire'

/**
 * An error that becomes a JSON response `{error, code}` with its status. Handlers throw it.
 * @example
 * ```ts
 * import { HttpError } from 'portico/server'
 * throw new HttpError(401, 'invalid_credentials', 'Invalid or expired verification code.')
 * ```
 */
export class HttpError extends Error {
  override name = 'HttpError'
  /**
   * @param status - HTTP status.
   * @param code - wire error code (absent for plain 404s).
   * @param message - the `error` text.
   * @param data - extra `data` for the body.
   * @param retryAfter - seconds the client should wait, sent as `Retry-After` (every 429 has one).
   */
  constructor(
    readonly status: number,
    readonly code: WireErrorCode | undefined,
    message: string,
    readonly data?: Record<string, unknown>,
    readonly retryAfter?: number,
  ) {
    super(message)
  }

  /**
   * The response headers this error adds: `Retry-After` in whole seconds (at least 1) on a 429,
   * {@link DEFAULT_RETRY_AFTER_SECONDS} when the thrower did not know the window.
   * @returns header names (lowercase) and values.
   */
  headers(): Record<string, string> {
    if (this.status !== 429) return {}
    const seconds = Math.max(1, Math.ceil(this.retryAfter ?? DEFAULT_RETRY_AFTER_SECONDS))
    return { 'retry-after': String(seconds) }
  }

  /** The JSON body. */
  toBody(): { error: string; code?: string; data?: Record<string, unknown> } {
    return {
      error: this.message,
      ...(this.code ? { code: this.code } : {}),
      ...(this.data ? { data: this.data } : {}),
    }
  }
}

/** `Retry-After` of a 429 whose thrower did not say how long its window lasts. */
export const DEFAULT_RETRY_AFTER_SECONDS = 60

/** The `data` of a 400 `account_transfer_required` answer (wire contract §2). */
export interface AccountTransferData {
  /** Single-use; the `/transfer` routes take it back. */
  nonce: string
  /** The account's identity (address, phone number, subject...). */
  subject: string
  account: { displayName: string | null }
  otherUser: { embeddedWalletAddress: string | null; farcasterEmbeddedAddress?: string; oAuthUserInfo?: Record<string, unknown> }
}

/** The contract's standard errors, with their statuses and texts. */
export const errors = {
  /** 400 `invalid_data`. */
  invalidData: (message = 'Invalid request data.') => new HttpError(400, 'invalid_data', message),
  /** 401 `invalid_credentials`. */
  invalidCredentials: (message = 'Invalid or expired verification code.') =>
    new HttpError(401, 'invalid_credentials', message),
  /**
   * 401 `invalid_credentials` for a request that carried several codes (`code` and `current_code`
   * of an identifier change), with `data.refused`: the body fields whose codes were wrong, expired,
   * used or locked. A code not listed was not refused and stays unspent, so the client asks again
   * only for the listed ones.
   */
  codesRefused: (fields: readonly string[]) =>
    new HttpError(401, 'invalid_credentials', 'Invalid or expired verification code.', { refused: [...fields] }),
  /** 401 `missing_or_invalid_token`. */
  invalidToken: (message = 'Missing or invalid token.') => new HttpError(401, 'missing_or_invalid_token', message),
  /** 401 `allowlist_rejected`, with the text SDKs match on. */
  allowlistRejected: () => new HttpError(401, 'allowlist_rejected', 'User is not allowed to login to this app.'),
  /** 400 `missing_or_invalid_privy_app_id`. */
  invalidAppId: (message = 'Missing or invalid app id.') =>
    new HttpError(400, 'missing_or_invalid_privy_app_id', message),
  /** 403 `invalid_origin`. */
  invalidOrigin: (origin: string) =>
    new HttpError(403, 'invalid_origin', `Origin ${origin} is not allowed for this app.`),
  /** 400 `disallowed_login_method`. */
  disallowedLoginMethod: (method: string) =>
    new HttpError(400, 'disallowed_login_method', `Login with ${method} is not enabled for this app.`),
  /** 400 `disallowed_plus_email`. */
  disallowedPlusEmail: () =>
    new HttpError(400, 'disallowed_plus_email', "Please enter a valid email address without a '+'."),
  /** 404 `user_does_not_exist`. */
  userDoesNotExist: () => new HttpError(404, 'user_does_not_exist', 'User does not exist.'),
  /** 403 `max_accounts_reached`. */
  maxAccountsReached: () =>
    new HttpError(403, 'max_accounts_reached', 'This app has reached its maximum number of users.'),
  /** 429 `too_many_requests`; `retryAfterSeconds` becomes the `Retry-After` header. */
  tooManyRequests: (retryAfterSeconds?: number) =>
    new HttpError(429, 'too_many_requests', 'Too many requests. Please wait to try again.', undefined, retryAfterSeconds),
  /**
   * 403 `reauthentication_required`: the action needs a fresh proof of identity (a recent login, or
   * a code sent to the current address) beyond the session's token.
   */
  reauthenticationRequired: (message = 'This action needs a recent sign-in. Please sign in again and retry.') =>
    new HttpError(403, 'reauthentication_required', message),
  /**
   * 403 `terms_not_accepted`: the app requires its terms and the session's user has not accepted
   * them; only the consent step's routes answer until `accept_terms`.
   */
  termsNotAccepted: (message = 'Accept the terms of this app to continue.') =>
    new HttpError(403, 'terms_not_accepted', message),
  /** 401 `invalid_captcha`. */
  invalidCaptcha: (message = 'Captcha verification failed.') => new HttpError(401, 'invalid_captcha', message),
  /** 400 `linked_to_another_user`. */
  linkedToAnotherUser: () =>
    new HttpError(400, 'linked_to_another_user', 'This account has already been linked to another user.'),
  /** 400 `cannot_link_more_of_type`. */
  cannotLinkMoreOfType: () =>
    new HttpError(400, 'cannot_link_more_of_type', 'Cannot link more accounts of this type.'),
  /** 400 `not_supported`. */
  notSupported: (message: string) => new HttpError(400, 'not_supported', message),
  /** 400 `feature_not_enabled`: the server lacks what the feature needs (an SMS provider, a JWKS URL...). */
  featureNotEnabled: (message: string) => new HttpError(400, 'feature_not_enabled', message),
  /**
   * 400 `account_transfer_required`: the account being linked belongs to another user and may be
   * transferred with `data.nonce` through the method's `/transfer` route.
   */
  accountTransferRequired: (data: AccountTransferData) =>
    new HttpError(400, 'account_transfer_required', 'Account transfer required', { ...data }),
  /** 404 `linked_account_not_found`. */
  linkedAccountNotFound: (message = 'Linked account not found.') => new HttpError(404, 'linked_account_not_found', message),
  /**
   * 503 without a code (the contract names none): the server cannot answer now (its database is
   * unreachable); a statement in flight may or may not have committed. Clients retry 503.
   */
  unavailable: () => new HttpError(503, undefined, 'Service unavailable. Please try again.'),
  /** 404 without a code. */
  notFound: (message = 'Not found.') => new HttpError(404, undefined, message),
}
