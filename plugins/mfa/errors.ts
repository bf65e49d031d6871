/**
 * Error codes of the MFA core, and how its screens show each (spec 02 §8 'Multi-factor').
 * @module
 */
import { defineErrorCodes } from '../../kernel/errors'

/**
 * The MFA core's error table: the wire and client codes a verification ends or pauses with, and the
 * text each shows on the verification screen.
 * @example
 * ```ts
 * import { MFA_ERRORS } from 'portico/plugins/mfa'
 * MFA_ERRORS.MFA_INVALID_CODE.retryable // true
 * ```
 */
export const MFA_ERRORS = defineErrorCodes('MFA', {
  /** A wrong code while attempts remain ('MFA verification failed, retry.' to the host). */
  MFA_INVALID_CODE: { from: ['missing_or_invalid_mfa', 'invalid_credentials'], inline: true, retryable: true, message: 'MFA_INVALID_CODE' },
  /** The fourth wrong code, the server's lock, or its rate limit (429). */
  MFA_MAX_ATTEMPTS: { from: ['too_many_requests'], inline: true, retryable: false, message: 'MFA_MAX_ATTEMPTS' },
  /** No code within the 5-minute wait. */
  MFA_TIMEOUT: { inline: true, retryable: false, message: 'MFA_TIMEOUT' },
  /** The user left a verification (or a device prompt). */
  MFA_CANCELED: { inline: true, retryable: true, message: 'MFA_CANCELED' },
  /** The token the server got was stale or for something else: verify again. */
  MFA_TOKEN_EXPIRED: { from: ['expired_or_invalid_mfa_token'], inline: true, retryable: true, message: 'MFA_RETRY' },
  /** The user has no method to verify with. */
  MFA_NOT_ENROLLED: { from: ['missing_mfa_enrollment'], inline: true, retryable: false, message: 'MFA_SOMETHING_WRONG' },
  /** Anything else. */
  MFA_UNKNOWN: { inline: true, retryable: true, fallback: true, message: 'MFA_UNKNOWN' },
})

/**
 * The client codes a verification ends with (spec 02 §8's error types, as `PorticoError.code`), by
 * the entry of {@link MFA_ERRORS} whose text the screens show.
 */
export const MFA_CLIENT_CODES: Readonly<Record<string, keyof typeof MFA_ERRORS>> = {
  mfa_canceled: 'MFA_CANCELED',
  mfa_verification_max_attempts_reached: 'MFA_MAX_ATTEMPTS',
  mfa_timeout: 'MFA_TIMEOUT',
  twilio_verification_failed: 'MFA_INVALID_CODE',
}

/** An error code of the MFA core. */
export type MfaErrorCode = keyof typeof MFA_ERRORS
