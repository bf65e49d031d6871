/**
 * Routes of Sign-In With Ethereum, shared by the plugin's client and server halves. Their types come
 * from the schemas in `./schemas` (imported as types only, so no validation code reaches the browser).
 * @module
 */
import { route, type SchemaRoute } from '../../kernel/route'
import type { AuthenticatedUser, User } from '../../kernel/schemas'
import type { InitRequest, InitResponse, AuthenticateRequest, LinkRequest, UnlinkRequest, TransferRequest } from './schemas'

/** The SIWE plugin's routes. */
export const siweRoutes = {
  init: route<SchemaRoute<typeof InitRequest, typeof InitResponse>>('POST', '/api/v1/siwe/init'),
  authenticate: route<SchemaRoute<typeof AuthenticateRequest, typeof AuthenticatedUser>>(
    'POST',
    '/api/v1/siwe/authenticate',
    { dedupe: true },
  ),
  link: route<SchemaRoute<typeof LinkRequest, typeof User>>('POST', '/api/v1/siwe/link', { dedupe: true }),
  /** Removes an Ethereum wallet from the signed-in user. */
  unlink: route<SchemaRoute<typeof UnlinkRequest, typeof User>>('POST', '/api/v1/siwe/unlink', { auth: true }),
  /** Moves a wallet another user owns to the signed-in user, with the nonce of `account_transfer_required`. */
  transfer: route<SchemaRoute<typeof TransferRequest, typeof User>>('POST', '/api/v1/siwe/transfer', {
    auth: true,
    dedupe: true,
  }),
}
