/**
 * Routes of the authenticator-app MFA method (wire contract, 'MFA'), shared by the plugin's client
 * and server halves. Enrolment and removal carry the fresh MFA token header when the user already
 * has a method enrolled.
 * @module
 */
import { route, type Route } from '../../kernel/route'
import type { User } from '../../kernel/wire'

/** The answer of `init`: the new secret (base32) and its `otpauth://` URL for the QR code. */
export interface TotpInitResponse {
  totpSecret: string
  totpAuthUrl: string
}

/**
 * The authenticator-app method's routes.
 * @example
 * ```ts
 * import { mfaTotpRoutes } from 'portico/plugins/mfa-totp'
 * const { token } = await ctx.api.request(mfaTotpRoutes.verify, { code: '123456' })
 * ```
 */
export const mfaTotpRoutes = {
  /** Starts an enrolment: a new secret, pending until `enroll` proves a code of it. */
  init: route<Route<Record<string, never>, TotpInitResponse>>('POST', '/api/v1/mfa/totp/init', { auth: true, retry: false }),
  /** Finishes the enrolment with a code of the new secret. */
  enroll: route<Route<{ code: string }, User>>('POST', '/api/v1/mfa/totp/enroll', { auth: true, dedupe: true, retry: false }),
  /** Verifies a code: a short-lived MFA token. */
  verify: route<Route<{ code: string }, { token: string }>>('POST', '/api/v1/mfa/totp/verify', { auth: true, dedupe: true, retry: false }),
  /** Removes the method. */
  unenroll: route<Route<Record<string, never>, { success: boolean }>>('POST', '/api/v1/mfa/totp/unenroll', { auth: true, retry: false }),
}
