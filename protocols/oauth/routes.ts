/**
 * Wire routes of the OAuth login (`/api/v1/oauth/*`): the OAuth plugin serves and calls them, and any
 * plugin whose login ends in an OAuth round trip (cross-app) calls them too. Their types come from the
 * schemas in `./schemas` (imported as types only, so no validation code reaches the browser).
 * @module
 */
import { route, type SchemaRoute } from '../../kernel/route'
import type { AuthenticatedUser, User } from '../../kernel/schemas'
import type {
  AuthenticateRequest,
  CallbackRequest,
  CallbackResponse,
  InitRequest,
  InitResponse,
  LinkRequest,
  LinkResponse,
  TransferRequest,
  UnlinkRequest,
} from './schemas'

/**
 * The OAuth login's routes.
 *
 * - `init`: `POST /api/v1/oauth/init` → `{url}`, the provider's authorization URL to send the browser to.
 * - `authenticate`: `POST /api/v1/oauth/authenticate`, the returned `privy_oauth_code` for a session.
 * - `link` (signed in): `POST /api/v1/oauth/link`, adds the provider account to the user.
 * - `callback`: `GET /api/v1/oauth/callback/:app_id`, where the provider sends the browser back. The server
 *   owns it and answers with a redirect to the `redirect_to` given at init; clients never call it.
 * - `unlink` (signed in): `POST /api/v1/oauth/unlink {provider, subject}` removes the provider account.
 * - `transfer` (signed in): `POST /api/v1/oauth/transfer {nonce, userInfo}` moves an account another user
 *   holds, after an `account_transfer_required` answer to a link.
 * @example
 * ```ts
 * import { oauthRoutes } from 'portico/protocols/oauth'
 * const { url } = await ctx.api.request(oauthRoutes.init, { provider: 'google', redirect_to: location.href, code_challenge, state_code })
 * ```
 */
export const oauthRoutes = {
  init: route<SchemaRoute<typeof InitRequest, typeof InitResponse>>('POST', '/api/v1/oauth/init'),
  authenticate: route<SchemaRoute<typeof AuthenticateRequest, typeof AuthenticatedUser>>(
    'POST',
    '/api/v1/oauth/authenticate',
    { dedupe: true },
  ),
  link: route<SchemaRoute<typeof LinkRequest, typeof LinkResponse>>('POST', '/api/v1/oauth/link', {
    auth: true,
    dedupe: true,
  }),
  // A browser navigation, not an API call: the answer is a 302, so the response type is a raw Response.
  callback: route<SchemaRoute<typeof CallbackRequest, typeof CallbackResponse>>('GET', '/api/v1/oauth/callback/:app_id', { retry: false }),
  unlink: route<SchemaRoute<typeof UnlinkRequest, typeof User>>('POST', '/api/v1/oauth/unlink', { auth: true }),
  transfer: route<SchemaRoute<typeof TransferRequest, typeof User>>('POST', '/api/v1/oauth/transfer', { auth: true }),
}
