/**
 * `portico/protocols/oauth/server`: the server half of the OAuth round trip shared by plugins. The
 * route schemas, the callback path, and {@link OAuthProviderSource}, the door through which a plugin
 * adds providers of its own to the OAuth plugin's round trip (cross-app adds `privy:<app id>`).
 * @module
 */
import type { OAuthTokens } from '../../kernel/wire'
import type { AccountInput, RequestContext } from '../../server'
import { oauthRoutes } from './routes'

export { oauthSchemas } from './schemas'

/** The path of the OAuth callback, as registered at providers: `<publicUrl>/api/v1/oauth/callback/<app id>`. */
export const OAUTH_CALLBACK_PATH = oauthRoutes.callback.path

/**
 * The OAuth callback URL of an app on a server: where providers send the browser back.
 * @param publicUrl - the server's public base URL (no trailing slash).
 * @param appId - the app.
 * @returns `<publicUrl>/api/v1/oauth/callback/<appId>`.
 * @example
 * ```ts
 * import { oauthCallbackUrl } from 'portico/protocols/oauth/server'
 * oauthCallbackUrl('https://auth.example.com', 'app1') // 'https://auth.example.com/api/v1/oauth/callback/app1'
 * ```
 */
export function oauthCallbackUrl(publicUrl: string, appId: string): string {
  return `${publicUrl}${OAUTH_CALLBACK_PATH.replace(':app_id', appId)}`
}

/**
 * Providers a plugin adds to the OAuth round trip. The OAuth plugin keeps the round trip itself (the
 * attempt, its state and PKCE, the one-time code, the sign-in); a source says which provider names
 * it serves, who may use them, where the browser goes, and how a returned code becomes an account.
 * Pass sources to `oauthServer({ sources })`.
 * @example
 * ```ts
 * import type { OAuthProviderSource } from 'portico/protocols/oauth/server'
 * const source: OAuthProviderSource = {
 *   owns: (provider) => provider.startsWith('acme:'),
 *   check: async () => {},
 *   authorizationUrl: async (_ctx, input) => `https://acme.example/authorize?state=${input.state}`,
 *   exchange: async (_ctx, input) => ({ account: { type: 'acme', identityKey: input.code, details: {} }, tokens: null }),
 * }
 * ```
 */
export interface OAuthProviderSource {
  /** Whether this source serves a provider name. */
  owns(provider: string): boolean
  /**
   * Checks the request's app may use the provider now; throws the contract's error otherwise. Runs
   * at `init`, at the callback and again when the one-time code is redeemed (a connection can be
   * withdrawn meanwhile).
   */
  check(ctx: RequestContext, provider: string): Promise<void>
  /**
   * The provider's authorization URL for one round trip.
   * @returns the URL; throws the contract's error when the provider has no page to send users to.
   */
  authorizationUrl(
    ctx: RequestContext,
    input: { provider: string; redirectUri: string; state: string; codeChallenge: string },
  ): Promise<string>
  /**
   * The provider leg: the code the provider returned, for the account it names and the provider's
   * tokens. Any error counts as a failed leg (logged; the client sees `invalid_credentials`).
   */
  exchange(
    ctx: RequestContext,
    input: { provider: string; code: string; redirectUri: string; codeVerifier: string },
  ): Promise<{ account: AccountInput; tokens: OAuthTokens | null }>
}
