/**
 * Routes of the authenticator-app (TOTP) MFA method, shared by the plugin's client and server
 * halves. Their types come from the schemas in `./schemas` (imported as types only).
 * @module
 */
import { route, type SchemaRoute } from '../../kernel/route'
import type { Success, User } from '../../kernel/schemas'
import type { MfaTokenResponse } from '../mfa/server'
import type { MfaTotpCodeRequest, MfaTotpEmptyRequest, MfaTotpInitResponse } from './schemas'

type Init = SchemaRoute<typeof MfaTotpEmptyRequest, typeof MfaTotpInitResponse>
type Enroll = SchemaRoute<typeof MfaTotpCodeRequest, typeof User>
type Unenroll = SchemaRoute<typeof MfaTotpEmptyRequest, typeof Success>

/**
 * The TOTP MFA routes: `init` makes a secret to enrol, `enroll` confirms it with a code, `verify`
 * answers an MFA token, `unenroll` removes the method. The `auth*` routes (`/mfa_auth/totp/…`) do the
 * same, except that their verify answers `{success}` and grants no token.
 * @example
 * ```ts
 * import { mfaTotpRoutes } from 'portico/plugins/mfa-totp'
 * const { token } = await ctx.api.request(mfaTotpRoutes.verify, { code: '123456' })
 * ```
 */
export const mfaTotpRoutes = {
  init: route<Init>('POST', '/api/v1/mfa/totp/init', { auth: true }),
  enroll: route<Enroll>('POST', '/api/v1/mfa/totp/enroll', { auth: true, retry: false }),
  verify: route<SchemaRoute<typeof MfaTotpCodeRequest, typeof MfaTokenResponse>>('POST', '/api/v1/mfa/totp/verify', { auth: true, retry: false }),
  unenroll: route<Unenroll>('POST', '/api/v1/mfa/totp/unenroll', { auth: true }),
  authInit: route<Init>('POST', '/api/v1/mfa_auth/totp/init', { auth: true }),
  authEnroll: route<Enroll>('POST', '/api/v1/mfa_auth/totp/enroll', { auth: true, retry: false }),
  authVerify: route<SchemaRoute<typeof MfaTotpCodeRequest, typeof Success>>('POST', '/api/v1/mfa_auth/totp/verify', { auth: true, retry: false }),
  authUnenroll: route<Unenroll>('POST', '/api/v1/mfa_auth/totp/unenroll', { auth: true }),
}
