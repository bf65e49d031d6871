/**
 * Routes of the SMS-code login, shared by the plugin's client and server halves. Their types come
 * from the schemas in `./schemas` (imported as types only, so no validation code reaches the browser).
 * @module
 */
import { route, type SchemaRoute } from '../../kernel/route'
import type { AuthenticatedUser, Success, User } from '../../kernel/schemas'
import type {
  SmsInitRequest,
  SmsAuthenticateRequest,
  SmsLinkRequest,
  SmsUnlinkRequest,
  SmsUpdateRequest,
  SmsTransferRequest,
} from './schemas'

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
  /** Removes a number from the signed-in user. */
  unlink: route<SchemaRoute<typeof SmsUnlinkRequest, typeof User>>('POST', '/api/v1/passwordless_sms/unlink', { auth: true }),
  /** Replaces the user's number by a new one; the code was texted to the new number by `init`. */
  update: route<SchemaRoute<typeof SmsUpdateRequest, typeof User>>('POST', '/api/v1/passwordless_sms/update', {
    auth: true,
    dedupe: true,
  }),
  /** Moves a number another user owns to the signed-in user, with the nonce of `account_transfer_required`. */
  transfer: route<SchemaRoute<typeof SmsTransferRequest, typeof User>>('POST', '/api/v1/passwordless_sms/transfer', {
    auth: true,
    dedupe: true,
  }),
}
