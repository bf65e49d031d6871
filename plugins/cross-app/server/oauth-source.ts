/**
 * Cross-app providers (`privy:<provider app id>`) of the OAuth round trip: another app on this server
 * is the provider. Who may use whom, the derived endpoints (the provider app's sign-in page, and this
 * plugin's token and userinfo routes on this server), the provider leg over HTTP, and the
 * {@link crossAppOAuthSource} that hands all of it to the OAuth plugin through its public door.
 * @module
 */
import { errors, HttpError, loadApp, type AccountInput, type Db, type ServerApp } from '../../../server'
import type { OAuthTokens } from '../../../kernel/wire'
import { OAUTH_CALLBACK_PATH, type OAuthProviderSource } from '../../../protocols/oauth/server'
import { CROSS_APP_ACCOUNT_TYPE, CROSS_APP_STATE_PARAM, crossAppRoutes } from '../api'
import { crossAppOf } from './settings'

/** A failed provider leg: the OAuth plugin logs the message; the client sees `invalid_credentials`. */
export class CrossAppLegError extends Error {
  override name = 'CrossAppLegError'
}

/** A cross-app provider name: `privy:` and a 25-character app id (contract §5). */
export const CROSS_APP_PROVIDER = /^privy:([a-z0-9]{25})$/

/**
 * 403 `cross_app_connection_not_allowed`.
 * @param message - why.
 * @returns the error.
 * @example
 * ```ts
 * throw crossAppNotAllowed()
 * ```
 */
export const crossAppNotAllowed = (message = 'This app may not sign in with that app.') =>
  new HttpError(403, 'cross_app_connection_not_allowed', message)

/**
 * The provider app id of a cross-app provider name.
 * @param provider - a provider name.
 * @returns the app id, or null for other providers.
 * @example
 * ```ts
 * crossAppProviderId('privy:' + 'a'.repeat(25)) // 'aaaaaaaaaaaaaaaaaaaaaaaaa'
 * ```
 */
export function crossAppProviderId(provider: string): string | null {
  return CROSS_APP_PROVIDER.exec(provider)?.[1] ?? null
}

/**
 * Whether `requester` may sign its users in with `provider`'s accounts: the requester lists the
 * provider, the provider is provider-enabled, and its requester list is empty or names the requester.
 * @param requester - the app that asks.
 * @param provider - the app that provides, or null when it does not exist.
 * @returns true when allowed.
 * @example
 * ```ts
 * if (!crossAppAllowed(ctx.app, await loadApp(ctx.db, id))) throw crossAppNotAllowed()
 * ```
 */
export function crossAppAllowed(requester: ServerApp, provider: ServerApp | null): provider is ServerApp {
  if (!provider || provider.id === requester.id) return false
  const p = crossAppOf(provider)
  return (
    crossAppOf(requester).providerApps.includes(provider.id) &&
    p.providerEnabled &&
    (p.allowedRequesters.length === 0 || p.allowedRequesters.includes(requester.id))
  )
}

/**
 * Loads a provider app the requester may use, or throws 403 `cross_app_connection_not_allowed`.
 * @param db - the database.
 * @param requester - the requesting app.
 * @param providerAppId - the provider app id.
 * @returns the provider app.
 * @example
 * ```ts
 * const provider = await allowedProvider(ctx.db, ctx.app, 'aaaaaaaaaaaaaaaaaaaaaaaaa')
 * ```
 */
export async function allowedProvider(db: Db, requester: ServerApp, providerAppId: string): Promise<ServerApp> {
  const provider = await loadApp(db, providerAppId)
  if (!crossAppAllowed(requester, provider)) throw crossAppNotAllowed()
  return provider
}

/**
 * The provider app's sign-in page with the authorization request: its `authorizeUrl` setting, or its
 * first allowed origin.
 * @param provider - the provider app.
 * @param input - the requester, its callback, the provider-leg state and PKCE challenge.
 * @returns the URL, or null when the provider app has no page to send users to.
 * @example
 * ```ts
 * const url = crossAppAuthorizationUrl(provider, { clientId: app.id, redirectUri, state, codeChallenge })
 * ```
 */
export function crossAppAuthorizationUrl(
  provider: ServerApp,
  input: { clientId: string; redirectUri: string; state: string; codeChallenge: string },
): string | null {
  const base = crossAppOf(provider).authorizeUrl ?? provider.allowedOrigins[0]
  if (!base) return null
  const url = new URL(base)
  url.searchParams.set(CROSS_APP_STATE_PARAM, input.state)
  url.searchParams.set('client_id', input.clientId)
  url.searchParams.set('redirect_uri', input.redirectUri)
  url.searchParams.set('code_challenge', input.codeChallenge)
  return url.href
}

const TIMEOUT_MS = 10_000

async function call(url: string, init: RequestInit): Promise<Record<string, unknown>> {
  let res: Response
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) })
  } catch (e) {
    throw new CrossAppLegError(`${url} could not be reached: ${String(e)}`)
  }
  const text = await res.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new CrossAppLegError(`${url} answered ${res.status} with a non-JSON body`)
  }
  if (!res.ok || !body || typeof body !== 'object') throw new CrossAppLegError(`${url} answered ${res.status}: ${text.slice(0, 300)}`)
  return body as Record<string, unknown>
}

function addresses(value: unknown): { address: string }[] {
  if (!Array.isArray(value)) return []
  return value
    .map((w) => (w && typeof w === 'object' ? (w as { address?: unknown }).address : undefined))
    .filter((a): a is string => typeof a === 'string')
    .map((address) => ({ address }))
}

/**
 * The provider leg of a cross-app round trip: the code for a token at the cross-app `token` route
 * (public client: PKCE, no secret), then the `userinfo` route, both on this server over HTTP, mapped
 * to a `cross_app` account (identity key: the provider user's id).
 * @param input - this server's public URL, the provider and requester ids, the code, the callback and the verifier.
 * @returns the account and the provider access token; throws {@link CrossAppLegError} on any failure.
 * @example
 * ```ts
 * const { account, tokens } = await exchangeCrossAppCode({ baseUrl, providerAppId, clientId, code, redirectUri, codeVerifier })
 * ```
 */
export async function exchangeCrossAppCode(input: {
  baseUrl: string
  providerAppId: string
  clientId: string
  code: string
  redirectUri: string
  codeVerifier: string
}): Promise<{ account: AccountInput; tokens: OAuthTokens }> {
  const headers = { 'content-type': 'application/json', 'privy-app-id': input.providerAppId }
  const token = await call(`${input.baseUrl}${crossAppRoutes.token.path}`, {
    method: 'POST',
    headers,
    body: JSON.stringify({
      grant_type: 'authorization_code',
      code: input.code,
      code_verifier: input.codeVerifier,
      redirect_uri: input.redirectUri,
      client_id: input.clientId,
    }),
  })
  const accessToken = typeof token.access_token === 'string' ? token.access_token : null
  if (!accessToken) throw new CrossAppLegError('cross-app token route: no access_token')
  const info = await call(`${input.baseUrl}${crossAppRoutes.userinfo.path}`, {
    headers: { 'privy-app-id': input.providerAppId, authorization: `Bearer ${accessToken}` },
  })
  if (typeof info.sub !== 'string' || typeof info.subject !== 'string' || info.provider_app_id !== input.providerAppId) {
    throw new CrossAppLegError('cross-app userinfo: no subject, or another provider app')
  }
  return {
    account: {
      type: CROSS_APP_ACCOUNT_TYPE,
      identityKey: info.sub,
      details: {
        subject: info.subject,
        provider_app_id: input.providerAppId,
        embedded_wallets: addresses(info.embedded_wallets),
        smart_wallets: addresses(info.smart_wallets),
      },
    },
    tokens: {
      provider: `privy:${input.providerAppId}`,
      access_token: accessToken,
      ...(typeof token.expires_in === 'number' ? { access_token_expires_in_seconds: token.expires_in } : {}),
    },
  }
}

/**
 * The cross-app providers as a source of the OAuth plugin's round trip: `privy:<provider app id>`
 * names, usable when the requester may sign in with the provider app, sent to the provider app's page,
 * and exchanged at this server's own `token` and `userinfo` routes.
 * @returns the source, for `oauthServer({ sources: [crossAppOAuthSource()] })`.
 * @example
 * ```ts
 * import { oauthServer } from 'portico/plugins/oauth/server'
 * import { crossAppOAuthSource, crossAppServer } from 'portico/plugins/cross-app/server'
 * const plugins = [oauthServer({ sources: [crossAppOAuthSource()] }), crossAppServer()]
 * ```
 */
export function crossAppOAuthSource(): OAuthProviderSource {
  const providerAppId = (provider: string) => {
    const id = crossAppProviderId(provider)
    if (!id) throw crossAppNotAllowed()
    return id
  }
  return {
    owns: (provider) => crossAppProviderId(provider) !== null,
    async check(ctx, provider) {
      await allowedProvider(ctx.db, ctx.app, providerAppId(provider))
    },
    async authorizationUrl(ctx, input) {
      const provider = await allowedProvider(ctx.db, ctx.app, providerAppId(input.provider))
      const url = crossAppAuthorizationUrl(provider, {
        clientId: ctx.app.id,
        redirectUri: input.redirectUri,
        state: input.state,
        codeChallenge: input.codeChallenge,
      })
      if (!url) throw errors.featureNotEnabled(`${provider.name} has no sign-in page for other apps (set its crossApp.authorizeUrl).`)
      return url
    },
    exchange(ctx, input) {
      // This server's own base URL: the callback's address without its path.
      const baseUrl = input.redirectUri.slice(0, input.redirectUri.indexOf(OAUTH_CALLBACK_PATH.replace(':app_id', '')))
      return exchangeCrossAppCode({
        baseUrl,
        providerAppId: providerAppId(input.provider),
        clientId: ctx.app.id,
        code: input.code,
        redirectUri: input.redirectUri,
        codeVerifier: input.codeVerifier,
      })
    },
  }
}
