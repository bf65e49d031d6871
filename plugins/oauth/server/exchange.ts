/**
 * The provider leg of the round trip: endpoint discovery, the authorization URL, the code exchange,
 * ID token validation and the profile.
 * @module
 */
import { createRemoteJWKSet, jwtVerify, type JWTPayload } from 'jose'
import type { OAuthTokens } from '../../../kernel/wire'
import {
  resolveOAuthEndpoints,
  type OAuthProfile,
  type OAuthProviderSettings,
  type OAuthProviderSpec,
} from '../providers'

/** Why the provider leg failed (logged; the client sees `invalid_credentials`). */
export class ProviderLegError extends Error {
  override name = 'ProviderLegError'
}

/** Endpoints ready to use (discovery applied). */
export interface ProviderEndpoints {
  issuer: string | null
  authorizationUrl: string
  tokenUrl: string
  userinfoUrl: string | null
  jwksUrl: string | null
  scopes: readonly string[]
}

const TIMEOUT_MS = 10_000
const DISCOVERY_TTL_MS = 10 * 60 * 1000
const discoveryCache = new Map<string, { at: number; doc: Promise<Record<string, unknown>> }>()
const jwksCache = new Map<string, ReturnType<typeof createRemoteJWKSet>>()

async function getJson(url: string, init: RequestInit = {}): Promise<Record<string, unknown>> {
  let res: Response
  try {
    res = await fetch(url, { ...init, signal: AbortSignal.timeout(TIMEOUT_MS) })
  } catch (e) {
    throw new ProviderLegError(`${url} could not be reached: ${String(e)}`)
  }
  const text = await res.text()
  let body: unknown
  try {
    body = JSON.parse(text)
  } catch {
    throw new ProviderLegError(`${url} answered ${res.status} with a non-JSON body`)
  }
  if (!res.ok) throw new ProviderLegError(`${url} answered ${res.status}: ${text.slice(0, 300)}`)
  if (body === null || typeof body !== 'object' || Array.isArray(body)) throw new ProviderLegError(`${url} did not answer an object`)
  return body as Record<string, unknown>
}

function discover(issuer: string): Promise<Record<string, unknown>> {
  const hit = discoveryCache.get(issuer)
  if (hit && Date.now() - hit.at < DISCOVERY_TTL_MS) return hit.doc
  const doc = getJson(`${issuer.replace(/\/$/, '')}/.well-known/openid-configuration`, {
    headers: { accept: 'application/json' },
  }).then((d) => {
    if (d.issuer !== issuer) throw new ProviderLegError(`discovery of ${issuer} names another issuer: ${String(d.issuer)}`)
    return d
  })
  discoveryCache.set(issuer, { at: Date.now(), doc })
  doc.catch(() => discoveryCache.delete(issuer))
  return doc
}

/**
 * The endpoints of a provider for an app: the table's, the app's overrides, then the issuer's
 * discovery document for what is still missing.
 * @param spec - the provider's table entry.
 * @param settings - the app's client registration.
 * @returns the endpoints; throws {@link ProviderLegError} when some cannot be found.
 * @example
 * ```ts
 * const e = await providerEndpoints(oauthProvider('google')!, readSetting(app, oauthProvidersSetting).google!)
 * ```
 */
export async function providerEndpoints(
  spec: OAuthProviderSpec,
  settings: OAuthProviderSettings,
): Promise<ProviderEndpoints> {
  const e = resolveOAuthEndpoints(spec, settings)
  const needsDiscovery = !e.authorizationUrl || !e.tokenUrl || (spec.openid && !e.jwksUrl)
  const doc = needsDiscovery && e.issuer ? await discover(e.issuer) : {}
  const pick = (own: string | null, key: string) => own ?? (typeof doc[key] === 'string' ? (doc[key] as string) : null)
  const authorizationUrl = pick(e.authorizationUrl, 'authorization_endpoint')
  const tokenUrl = pick(e.tokenUrl, 'token_endpoint')
  if (!authorizationUrl || !tokenUrl) {
    throw new ProviderLegError(`${spec.id}: no authorization or token endpoint (set them, or an issuer)`)
  }
  return {
    issuer: e.issuer,
    authorizationUrl,
    tokenUrl,
    userinfoUrl: pick(e.userinfoUrl, 'userinfo_endpoint'),
    jwksUrl: pick(e.jwksUrl, 'jwks_uri'),
    scopes: e.scopes,
  }
}

/**
 * The provider's authorization URL: the server's own state, S256 PKCE challenge, nonce (OpenID) and
 * the exact callback `redirect_uri`.
 * @param input - the provider, endpoints, client id and the attempt's secrets.
 * @returns the URL to send the browser to.
 * @example
 * ```ts
 * const url = authorizationUrl({ spec, endpoints, clientId, redirectUri, state, codeChallenge, nonce })
 * ```
 */
export function authorizationUrl(input: {
  spec: OAuthProviderSpec
  endpoints: ProviderEndpoints
  clientId: string
  redirectUri: string
  state: string
  codeChallenge: string
  nonce: string | null
}): string {
  const url = new URL(input.endpoints.authorizationUrl)
  const q = url.searchParams
  q.set('response_type', 'code')
  q.set(input.spec.clientIdParam, input.clientId)
  q.set('redirect_uri', input.redirectUri)
  if (input.endpoints.scopes.length) q.set('scope', input.endpoints.scopes.join(input.spec.scopeSeparator))
  q.set('state', input.state)
  q.set('code_challenge', input.codeChallenge)
  q.set('code_challenge_method', 'S256')
  if (input.nonce) q.set('nonce', input.nonce)
  for (const [k, v] of Object.entries(input.spec.authorizationParams)) q.set(k, v)
  return url.href
}

/** What the provider leg yields. */
export interface ProviderLegResult {
  profile: OAuthProfile
  tokens: OAuthTokens
}

/**
 * Exchanges the provider's code at its token endpoint, checks the ID token of OpenID providers and
 * reads the profile (ID token claims merged with userinfo).
 * @param input - provider, endpoints, client credentials, the code and the attempt's secrets.
 * @returns the profile and the tokens; throws {@link ProviderLegError} on any failure.
 * @example
 * ```ts
 * const { profile, tokens } = await exchangeCode({ spec, endpoints, settings, code, redirectUri, codeVerifier, nonce, now })
 * ```
 */
export async function exchangeCode(input: {
  spec: OAuthProviderSpec
  endpoints: ProviderEndpoints
  settings: OAuthProviderSettings
  code: string
  redirectUri: string
  codeVerifier: string
  nonce: string | null
  now: number
}): Promise<ProviderLegResult> {
  const { spec, endpoints, settings } = input
  const form = new URLSearchParams({
    grant_type: 'authorization_code',
    code: input.code,
    redirect_uri: input.redirectUri,
    code_verifier: input.codeVerifier,
  })
  const headers: Record<string, string> = {
    'content-type': 'application/x-www-form-urlencoded',
    // GitHub answers form-encoded unless asked for JSON.
    accept: 'application/json',
  }
  if (spec.tokenAuth === 'client_secret_basic') {
    const enc = (s: string) => encodeURIComponent(s)
    headers.authorization = `Basic ${Buffer.from(`${enc(settings.clientId)}:${enc(settings.clientSecret)}`).toString('base64')}`
  } else {
    form.set(spec.clientIdParam, settings.clientId)
    form.set('client_secret', settings.clientSecret)
  }
  const token = await getJson(endpoints.tokenUrl, { method: 'POST', headers, body: form.toString() })
  if (typeof token.error === 'string') throw new ProviderLegError(`token endpoint: ${token.error}`)
  const accessToken = typeof token.access_token === 'string' ? token.access_token : null
  if (!accessToken) throw new ProviderLegError('token endpoint: no access_token')

  let claims: JWTPayload = {}
  if (spec.openid) {
    if (typeof token.id_token !== 'string') throw new ProviderLegError('token endpoint: no id_token from an OpenID provider')
    claims = await verifyIdToken(token.id_token, endpoints, settings.clientId, input.nonce, input.now)
  }
  let info: Record<string, unknown> = {}
  if (endpoints.userinfoUrl) {
    info = await getJson(endpoints.userinfoUrl, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json', 'user-agent': 'Portico' },
    })
    // OpenID Connect Core 5.3.2: a userinfo `sub` that differs from the ID token's must not be used.
    if (spec.openid && info.sub !== undefined && info.sub !== claims.sub) {
      throw new ProviderLegError('userinfo sub differs from the ID token sub')
    }
  }

  const scope = typeof token.scope === 'string' ? token.scope : null
  const tokens: OAuthTokens = {
    provider: spec.id,
    access_token: accessToken,
    ...(typeof token.expires_in === 'number' ? { access_token_expires_in_seconds: token.expires_in } : {}),
    ...(typeof token.refresh_token === 'string' && token.refresh_token
      ? { refresh_token: token.refresh_token }
      : {}),
    ...(typeof token.refresh_token_expires_in === 'number'
      ? { refresh_token_expires_in_seconds: token.refresh_token_expires_in }
      : {}),
    ...(scope ? { scopes: scope.split(/[\s,]+/).filter(Boolean) } : {}),
  }
  return { profile: { ...claims, ...info }, tokens }
}

async function verifyIdToken(
  idToken: string,
  endpoints: ProviderEndpoints,
  clientId: string,
  nonce: string | null,
  now: number,
): Promise<JWTPayload> {
  if (!endpoints.issuer || !endpoints.jwksUrl) throw new ProviderLegError('OpenID provider without issuer or JWKS URL')
  let jwks = jwksCache.get(endpoints.jwksUrl)
  if (!jwks) jwksCache.set(endpoints.jwksUrl, (jwks = createRemoteJWKSet(new URL(endpoints.jwksUrl))))
  let payload: JWTPayload
  try {
    ;({ payload } = await jwtVerify(idToken, jwks, {
      issuer: endpoints.issuer,
      audience: clientId,
      currentDate: new Date(now),
      clockTolerance: 30,
      requiredClaims: ['exp', 'sub'],
    }))
  } catch (e) {
    throw new ProviderLegError(`ID token rejected: ${String(e)}`)
  }
  if (nonce !== null && payload.nonce !== nonce) throw new ProviderLegError('ID token nonce does not match')
  if (typeof payload.sub !== 'string' || !payload.sub) throw new ProviderLegError('ID token without sub')
  return payload
}
