/**
 * Routes of the email-code login, shared by the plugin's client and server halves. Their types come
 * from the schemas in `./schemas` (imported as types only, so no validation code reaches the browser).
 * @module
 */
import { route, type SchemaRoute } from '../../kernel/route'
import type { AuthenticatedUser, Success, User } from '../../kernel/schemas'
import type { InitRequest, AuthenticateRequest, LinkRequest, UnlinkRequest, UpdateRequest, TransferRequest } from './schemas'

/** The email plugin's routes. */
export const emailRoutes = {
  init: route<SchemaRoute<typeof InitRequest, typeof Success>>('POST', '/api/v1/passwordless/init'),
  authenticate: route<SchemaRoute<typeof AuthenticateRequest, typeof AuthenticatedUser>>(
    'POST',
    '/api/v1/passwordless/authenticate',
    { dedupe: true },
  ),
  link: route<SchemaRoute<typeof LinkRequest, typeof User>>('POST', '/api/v1/passwordless/link', { dedupe: true }),
  /** Removes an address from the signed-in user. */
  unlink: route<SchemaRoute<typeof UnlinkRequest, typeof User>>('POST', '/api/v1/passwordless/unlink', { auth: true }),
  /** Replaces the user's address by a new one; the code was sent to the new address by `init`. */
  update: route<SchemaRoute<typeof UpdateRequest, typeof User>>('POST', '/api/v1/passwordless/update', {
    auth: true,
    dedupe: true,
  }),
  /** Moves an address another user owns to the signed-in user, with the nonce of `account_transfer_required`. */
  transfer: route<SchemaRoute<typeof TransferRequest, typeof User>>('POST', '/api/v1/passwordless/transfer', {
    auth: true,
    dedupe: true,
  }),
}
