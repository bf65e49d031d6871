/**
 * Routes of the SMS MFA method (wire contract, 'MFA'), shared by the plugin's client and server
 * halves. Enrolment and removal carry the fresh MFA token header when the user already has a method
 * enrolled.
 * @module
 */
import { route, type Route } from '../../kernel/route'
import type { User } from '../../kernel/wire'

/** What `init` takes: a code for a verification, or for enrolling a number. */
export type MfaSmsInitRequest = { action: 'verify' } | { action: 'enroll'; phoneNumber: string }

/**
 * The SMS MFA method's routes.
 * @example
 * ```ts
 * import { mfaSmsRoutes } from 'portico/plugins/mfa-sms'
 * await ctx.api.request(mfaSmsRoutes.init, { action: 'verify' })
 * ```
 */
export const mfaSmsRoutes = {
  /** Texts a code: to the enrolled number (`verify`) or to a number being enrolled. */
  init: route<Route<MfaSmsInitRequest, { success: boolean }>>('POST', '/api/v1/mfa/passwordless_sms/init', { auth: true, retry: false }),
  /** Enrols the number with the code texted to it. */
  enroll: route<Route<{ code: string; phoneNumber: string }, User>>('POST', '/api/v1/mfa/passwordless_sms/enroll', { auth: true, dedupe: true, retry: false }),
  /** Verifies a code texted to the enrolled number: a short-lived MFA token. */
  verify: route<Route<{ code: string }, { token: string }>>('POST', '/api/v1/mfa/passwordless_sms/verify', { auth: true, dedupe: true, retry: false }),
  /** Removes the method. */
  unenroll: route<Route<Record<string, never>, { success: boolean }>>('POST', '/api/v1/mfa/passwordless_sms/unenroll', { auth: true, retry: false }),
}
