/**
 * Routes of the magic-link login, shared by the plugin's client and server halves. Their types come
 * from the schemas in `./schemas` (imported as types only, so no validation code reaches the browser).
 * @module
 */
import { route, type SchemaRoute } from 'portico/kernel'
import type { AuthenticatedUser, Success } from 'portico/kernel/schemas'
import type { SendRequest, VerifyRequest } from './schemas'

/** The magic-link plugin's routes. */
export const magicLinkRoutes = {
  /** Mails a single-use sign-in link; answers the same for known and unknown addresses. */
  send: route<SchemaRoute<typeof SendRequest, typeof Success>>('POST', '/api/v1/magic-link/send'),
  /** Spends the link's token (with the asking browser's verifier) and signs the user in. */
  verify: route<SchemaRoute<typeof VerifyRequest, typeof AuthenticatedUser>>('POST', '/api/v1/magic-link/verify', { dedupe: true }),
}
