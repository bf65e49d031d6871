/**
 * Routes of the SMS MFA method, shared by the plugin's client and server halves. Their types come
 * from the schemas in `./schemas` (imported as types only).
 * @module
 */
import { route, type SchemaRoute } from '../../kernel/route'
import type { Success, User } from '../../kernel/schemas'
import type { MfaTokenResponse } from '../mfa/server'
import type { MfaSmsEnrollRequest, MfaSmsInitRequest, MfaSmsUnenrollRequest, MfaSmsVerifyRequest } from './schemas'

/**
 * The SMS MFA routes: `init` texts a code (`{action: 'verify'}` to the enrolled number,
 * `{action: 'enroll', phoneNumber}` to a new one), `enroll` confirms the number with its code,
 * `verify` answers an MFA token, `unenroll` removes the method.
 * @example
 * ```ts
 * import { mfaSmsRoutes } from 'portico/plugins/mfa-sms'
 * await ctx.api.request(mfaSmsRoutes.init, { action: 'verify' })
 * ```
 */
export const mfaSmsRoutes = {
  init: route<SchemaRoute<typeof MfaSmsInitRequest, typeof Success>>('POST', '/api/v1/mfa/passwordless_sms/init', { auth: true }),
  enroll: route<SchemaRoute<typeof MfaSmsEnrollRequest, typeof User>>('POST', '/api/v1/mfa/passwordless_sms/enroll', { auth: true, retry: false }),
  verify: route<SchemaRoute<typeof MfaSmsVerifyRequest, typeof MfaTokenResponse>>('POST', '/api/v1/mfa/passwordless_sms/verify', {
    auth: true,
    retry: false,
  }),
  unenroll: route<SchemaRoute<typeof MfaSmsUnenrollRequest, typeof Success>>('POST', '/api/v1/mfa/passwordless_sms/unenroll', { auth: true }),
}
