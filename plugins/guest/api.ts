/**
 * Routes of the guest login, shared by the plugin's client and server halves. Their types come
 * from the schemas in `./schemas` (imported as types only, so no validation code reaches the browser).
 * @module
 */
import { route, type SchemaRoute } from '../../kernel/route'
import type { AuthenticatedUser } from '../../kernel/schemas'
import type { AuthenticateRequest } from './schemas'

/**
 * The guest plugin's routes.
 * @example
 * ```ts
 * import { guestRoutes } from 'portico/plugins/guest'
 * guestRoutes.authenticate.path // '/api/v1/guest/authenticate'
 * ```
 */
export const guestRoutes = {
  authenticate: route<SchemaRoute<typeof AuthenticateRequest, typeof AuthenticatedUser>>(
    'POST',
    '/api/v1/guest/authenticate',
    { dedupe: true },
  ),
}
