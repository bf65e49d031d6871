/**
 * Routes of the passkey MFA method (wire contract, 'MFA'), shared by the plugin's client and server
 * halves. The enrolment call carries the fresh MFA token header when the user already has a method
 * enrolled.
 * @module
 */
import { route, type Route } from '../../kernel/route'
import type { WireAssertion, WireAuthenticationOptions } from '../passkey'

/**
 * The passkey MFA method's routes.
 * @example
 * ```ts
 * import { mfaPasskeyRoutes } from 'portico/plugins/mfa-passkey'
 * await ctx.api.request(mfaPasskeyRoutes.enrollment, { credential_ids: [id] })
 * ```
 */
export const mfaPasskeyRoutes = {
  /** Starts a verification: WebAuthn request options over the user's MFA passkeys. */
  init: route<Route<{ relying_party?: string }, { options: WireAuthenticationOptions; relying_party?: string }>>('POST', '/api/v1/mfa/passkeys/init', {
    auth: true,
    retry: false,
  }),
  /** Verifies the authenticator's answer: a short-lived MFA token. */
  verify: route<Route<{ authenticator_response: WireAssertion; relying_party?: string }, { token: string }>>('POST', '/api/v1/mfa/passkeys/verify', {
    auth: true,
    dedupe: true,
    retry: false,
  }),
  /**
   * Sets which of the user's passkeys verify MFA (`[]` removes the method); `remove_for_login`
   * (default true) also unlinks, as login passkeys, those it drops.
   */
  enrollment: route<Route<{ credential_ids: string[]; remove_for_login?: boolean }, Record<string, never>>>('POST', '/api/v1/mfa/passkeys/enrollment', {
    auth: true,
    dedupe: true,
    retry: false,
  }),
}
