/**
 * Routes of the passkey MFA method, shared by the plugin's client and server halves. Their types
 * come from the schemas in `./schemas` (imported as types only).
 * @module
 */
import { route, type SchemaRoute } from '../../kernel/route'
import type { Success } from '../../kernel/schemas'
import type { MfaTokenResponse } from '../mfa/server'
import type { PasskeyAuthenticationInitResponse } from '../passkey/server'
import type { MfaPasskeyEnrollmentRequest, MfaPasskeyEnrollmentResponse, MfaPasskeyInitRequest, MfaPasskeyVerifyRequest } from './schemas'

type Init = SchemaRoute<typeof MfaPasskeyInitRequest, typeof PasskeyAuthenticationInitResponse>
type Enrollment = SchemaRoute<typeof MfaPasskeyEnrollmentRequest, typeof MfaPasskeyEnrollmentResponse>

/**
 * The passkey MFA routes: `init` asks for an assertion of an MFA passkey, `verify` answers an MFA
 * token for it, `enrollment` sets which of the user's passkeys are enrolled. The `auth*` routes
 * (`/mfa_auth/passkeys/…`) do the same, except that their verify answers `{success}` and grants no token.
 * @example
 * ```ts
 * import { mfaPasskeyRoutes } from 'portico/plugins/mfa-passkey'
 * await ctx.api.request(mfaPasskeyRoutes.enrollment, { credential_ids: [id] })
 * ```
 */
export const mfaPasskeyRoutes = {
  init: route<Init>('POST', '/api/v1/mfa/passkeys/init', { auth: true }),
  verify: route<SchemaRoute<typeof MfaPasskeyVerifyRequest, typeof MfaTokenResponse>>('POST', '/api/v1/mfa/passkeys/verify', {
    auth: true,
    retry: false,
  }),
  enrollment: route<Enrollment>('POST', '/api/v1/mfa/passkeys/enrollment', { auth: true }),
  authInit: route<Init>('POST', '/api/v1/mfa_auth/passkeys/init', { auth: true }),
  authVerify: route<SchemaRoute<typeof MfaPasskeyVerifyRequest, typeof Success>>('POST', '/api/v1/mfa_auth/passkeys/verify', {
    auth: true,
    retry: false,
  }),
  authEnrollment: route<Enrollment>('POST', '/api/v1/mfa_auth/passkeys/enrollment', { auth: true }),
}
