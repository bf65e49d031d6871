/**
 * Routes of the cross-app login (sign in with another app's account), shared by the plugin's client
 * and server halves. Their types come from `./schemas` (type-only imports: no validation code reaches
 * the browser).
 * @module
 */
import { route, type SchemaRoute } from '../../kernel/route'
import type {
  AuthorizeRequest,
  AuthorizeResponse,
  ConnectionsResponse,
  Empty,
  ProviderDetails,
  RequestCheck,
  RequestCheckResponse,
  TokenRequest,
  TokenResponse,
  TransactCheck,
  TransactCheckResponse,
  TransactInit,
  TransactInitResponse,
  UnlinkRequest,
  UserInfo,
} from './schemas'
import type { User } from '../../kernel/schemas'

/** The query parameter that marks a provider app's page opened with an authorization request. */
export const CROSS_APP_STATE_PARAM = 'portico_cross_app_state'

/** The linked-account type of a cross-app login. */
export const CROSS_APP_ACCOUNT_TYPE = 'cross_app'

/**
 * The cross-app plugin's routes. The server acts as an OAuth 2 authorization server for provider
 * apps: `authorize` (the provider's consent), `token` and `userinfo` are the endpoints the
 * `privy:<provider app id>` provider calls (this plugin's source of the OAuth round trip).
 *
 * - `details`: `GET /api/v1/apps/:app_id/cross-app/details`, a provider app's public name and icon.
 * - `connections`: `GET /api/v1/apps/:app_id/cross-app/connections`, the provider apps a requester may use.
 * - `request` (privy-app-id = provider): checks a requester's sign-in request before the consent screen.
 * - `authorize` (privy-app-id = provider, signed in): the user's consent; answers the requester's redirect.
 * - `token` (privy-app-id = provider): code + PKCE verifier → an opaque access token.
 * - `userinfo` (privy-app-id = provider, Bearer of that token): the provider user's id and wallets.
 * - `unlink` (requester, signed in): removes the user's `cross_app` account of a provider app.
 * - `transactInit` (requester, signed in): checks a request to the provider user's wallet (the token is
 *   this requester's and this user's, the provider app is not read-only) and names the provider's page.
 * - `transactCheck` (privy-app-id = provider, signed in): the provider's page checks the request it got
 *   (token of the signed-in user, requester origin among the requester's allowed origins).
 * @example
 * ```ts
 * import { crossAppRoutes } from 'portico/plugins/cross-app/api'
 * const { connections } = await ctx.api.request(crossAppRoutes.connections, undefined, { params: { app_id: ctx.appId } })
 * ```
 */
export const crossAppRoutes = {
  details: route<SchemaRoute<typeof Empty, typeof ProviderDetails>>('GET', '/api/v1/apps/:app_id/cross-app/details'),
  connections: route<SchemaRoute<typeof Empty, typeof ConnectionsResponse>>(
    'GET',
    '/api/v1/apps/:app_id/cross-app/connections',
  ),
  request: route<SchemaRoute<typeof RequestCheck, typeof RequestCheckResponse>>('POST', '/api/v1/cross-app/request'),
  authorize: route<SchemaRoute<typeof AuthorizeRequest, typeof AuthorizeResponse>>('POST', '/api/v1/cross-app/authorize', {
    auth: true,
    dedupe: true,
    retry: false,
  }),
  token: route<SchemaRoute<typeof TokenRequest, typeof TokenResponse>>('POST', '/api/v1/cross-app/token', { retry: false }),
  userinfo: route<SchemaRoute<typeof Empty, typeof UserInfo>>('GET', '/api/v1/cross-app/userinfo'),
  unlink: route<SchemaRoute<typeof UnlinkRequest, typeof User>>('POST', '/api/v1/cross-app/unlink', { auth: true }),
  transactInit: route<SchemaRoute<typeof TransactInit, typeof TransactInitResponse>>('POST', '/api/v1/cross-app/transact/init', {
    auth: true,
    retry: false,
  }),
  transactCheck: route<SchemaRoute<typeof TransactCheck, typeof TransactCheckResponse>>('POST', '/api/v1/cross-app/transact/check', {
    auth: true,
    retry: false,
  }),
}
