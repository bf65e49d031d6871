/**
 * Routes of Sign-In With Solana, shared by the plugin's client and server halves. Their types come
 * from the schemas in `./schemas` (imported as types only, so no validation code reaches the browser).
 * @module
 */
import { route, type SchemaRoute } from '../../kernel/route'
import type { AuthenticatedUser, User } from '../../kernel/schemas'
import type { AuthenticateRequest, InitRequest, InitResponse, LinkRequest } from './schemas'

/** The SIWS plugin's routes. */
export const siwsRoutes = {
  init: route<SchemaRoute<typeof InitRequest, typeof InitResponse>>('POST', '/api/v1/siws/init'),
  authenticate: route<SchemaRoute<typeof AuthenticateRequest, typeof AuthenticatedUser>>(
    'POST',
    '/api/v1/siws/authenticate',
    { dedupe: true },
  ),
  link: route<SchemaRoute<typeof LinkRequest, typeof User>>('POST', '/api/v1/siws/link', { dedupe: true }),
}
