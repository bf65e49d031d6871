/**
 * Routes of the custom-token login, shared by the plugin's client and server halves. Their types come
 * from the schemas in `./schemas` (imported as types only, so no validation code reaches the browser).
 * @module
 */
import { route, type SchemaRoute } from '../../kernel/route'
import type { AuthenticatedUser, User } from '../../kernel/schemas'
import type { AuthenticateRequest, LinkRequest } from './schemas'

/**
 * The custom-auth plugin's routes: `POST /api/v1/custom_jwt_account/authenticate` and `/link`.
 * @example
 * ```ts
 * import { customAuthRoutes } from 'portico/plugins/custom-auth'
 * await ctx.api.request(customAuthRoutes.authenticate, { token })
 * ```
 */
export const customAuthRoutes = {
  authenticate: route<SchemaRoute<typeof AuthenticateRequest, typeof AuthenticatedUser>>(
    'POST',
    '/api/v1/custom_jwt_account/authenticate',
    { dedupe: true },
  ),
  link: route<SchemaRoute<typeof LinkRequest, typeof User>>('POST', '/api/v1/custom_jwt_account/link', {
    auth: true,
    dedupe: true,
  }),
}
