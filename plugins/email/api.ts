/**
 * Routes of the email-code login, shared by the plugin's client and server halves. Their types come
 * from the schemas in `./schemas` (imported as types only, so no validation code reaches the browser).
 * @module
 */
import { route, type SchemaRoute } from '../../kernel/route'
import type { AuthenticatedUser, Success, User } from '../../kernel/schemas'
import type { InitRequest, AuthenticateRequest, LinkRequest } from './schemas'

/** The email plugin's routes. */
export const emailRoutes = {
  init: route<SchemaRoute<typeof InitRequest, typeof Success>>('POST', '/api/v1/passwordless/init'),
  authenticate: route<SchemaRoute<typeof AuthenticateRequest, typeof AuthenticatedUser>>(
    'POST',
    '/api/v1/passwordless/authenticate',
    { dedupe: true },
  ),
  link: route<SchemaRoute<typeof LinkRequest, typeof User>>('POST', '/api/v1/passwordless/link', { dedupe: true }),
}
