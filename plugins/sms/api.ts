/**
 * Routes of the SMS-code login, shared by the plugin's client and server halves. Their types come
 * from the schemas in `./schemas` (imported as types only, so no validation code reaches the browser).
 * @module
 */
import { route, type SchemaRoute } from '../../kernel/route'
import type { AuthenticatedUser, Success, User } from '../../kernel/schemas'
import type { SmsInitRequest, SmsAuthenticateRequest, SmsLinkRequest } from './schemas'

/**
 * The SMS plugin's routes.
 * @example
 * ```ts
 * import { smsRoutes } from 'portico/plugins/sms'
 * await ctx.api.request(smsRoutes.init, { phoneNumber: '+1 4155550123' })
 * ```
 */
export const smsRoutes = {
  init: route<SchemaRoute<typeof SmsInitRequest, typeof Success>>('POST', '/api/v1/passwordless_sms/init'),
  authenticate: route<SchemaRoute<typeof SmsAuthenticateRequest, typeof AuthenticatedUser>>(
    'POST',
    '/api/v1/passwordless_sms/authenticate',
    { dedupe: true },
  ),
  link: route<SchemaRoute<typeof SmsLinkRequest, typeof User>>('POST', '/api/v1/passwordless_sms/link', { dedupe: true }),
}
