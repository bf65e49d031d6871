/**
 * Cookie session mode: an app with the `sessionCookies` setting keeps its sessions in `__Host-`
 * cookies the server sets (Secure, HttpOnly, SameSite), and no answer carries a token to page script.
 * This module names the cookies, writes and reads them, and verifies the session a request carries,
 * for a host's server code (Next.js middleware and server components): it imports no database code.
 * @module
 */
import { SESSION_COOKIE_MAX_AGE_S } from '../kernel/session'
import type { AuthenticatedUser } from '../kernel/wire'
import { verifyAccessToken, type AccessTokenClaims, type VerifyAccessTokenOptions } from './tokens'

/**
 * The session cookies: the contract's server-cookie names (`privy-token`, `privy-refresh-token`,
 * `privy-id-token`, `privy-session`) with the `__Host-` prefix, so the browser keeps them only when
 * they are Secure, set by the page's own host, and scoped to the whole site (`Path=/`, no `Domain`).
 */
export const SESSION_COOKIES = {
  /** The access token (ES256 JWT), a mirror of what token mode answers as `token`. */
  access: '__Host-privy-token',
  /** The opaque refresh token, rotated by every refresh. */
  refresh: '__Host-privy-refresh-token',
  /** The identity token. */
  identity: '__Host-privy-id-token',
  /** `t` while a session exists (the contract's refresh-presence cookie). */
  presence: '__Host-privy-session',
} as const

/**
 * The `SameSite` of each cookie. The refresh token is `Strict`: only the widget's own fetches send it.
 * The others are `Lax`: a top-level navigation from another site (a link in a mail) carries them, so
 * the server renders the signed-in page; such a navigation is a GET, and no GET of the API changes
 * anything or answers to another site's script.
 */
const SAME_SITE: Record<keyof typeof SESSION_COOKIES, 'Strict' | 'Lax'> = {
  access: 'Lax',
  refresh: 'Strict',
  identity: 'Lax',
  presence: 'Lax',
}

function setCookie(which: keyof typeof SESSION_COOKIES, value: string, maxAgeS: number): string {
  return `${SESSION_COOKIES[which]}=${value}; Path=/; Max-Age=${maxAgeS}; Secure; HttpOnly; SameSite=${SAME_SITE[which]}`
}

/**
 * The `Set-Cookie` values that end a session: every session cookie, expired.
 * @returns one header value per cookie.
 * @example
 * ```ts
 * import { clearedSessionCookies } from 'portico/server/session-cookies'
 * for (const c of clearedSessionCookies()) response.headers.append('set-cookie', c)
 * ```
 */
export function clearedSessionCookies(): string[] {
  return (Object.keys(SESSION_COOKIES) as (keyof typeof SESSION_COOKIES)[]).map((k) => setCookie(k, '', 0))
}

/** The token fields an answer may carry; cookie mode moves them into cookies. */
const TOKEN_FIELDS = ['token', 'privy_access_token', 'refresh_token', 'identity_token'] as const

/**
 * Moves the tokens of an answer into cookies: a session answer (`session_update_action`) sets or
 * clears the session cookies, an answer with an `identity_token` (`/users/me`) renews that cookie.
 * The answer keeps its schema: a session answer's token fields null and its optional
 * `identity_token` left out; `/users/me`'s `identity_token` null.
 * @param answer - a handler's answer.
 * @returns the answer page script may see, and the `Set-Cookie` values.
 * @example
 * ```ts
 * const { body, cookies } = moveTokensToCookies(await sessions.refresh(app, refreshToken))
 * ```
 */
export function moveTokensToCookies(answer: object): { body: object; cookies: string[] } {
  const a = answer as Partial<AuthenticatedUser> & Record<string, unknown>
  const session = 'session_update_action' in a
  // Other answers' `token` fields are not sessions (a plugin's own tokens): only these two kinds move.
  if (!session && !a.identity_token) return { body: answer, cookies: [] }
  const cookies: string[] = []
  if (session) {
    if (a.session_update_action === 'clear') cookies.push(...clearedSessionCookies())
    else {
      // An `ignore` answer keeps the refresh token; `set` replaces it (a null one ends refreshing).
      const token = a.privy_access_token ?? a.token
      if (token) cookies.push(setCookie('access', token, SESSION_COOKIE_MAX_AGE_S))
      if (a.session_update_action !== 'ignore') {
        cookies.push(
          a.refresh_token ? setCookie('refresh', a.refresh_token, SESSION_COOKIE_MAX_AGE_S) : setCookie('refresh', '', 0),
          setCookie('presence', a.refresh_token ? 't' : '', a.refresh_token ? SESSION_COOKIE_MAX_AGE_S : 0),
        )
      }
    }
  }
  if (a.identity_token) cookies.push(setCookie('identity', a.identity_token, SESSION_COOKIE_MAX_AGE_S))
  const body: Record<string, unknown> = { ...a }
  if (session) {
    for (const f of TOKEN_FIELDS) if (f in body) body[f] = null
    delete body.identity_token // optional in a session answer
  } else body.identity_token = null // nullable in `/users/me`
  return { body, cookies }
}

/**
 * Reads a `Cookie` header.
 * @param header - the header's value.
 * @returns the cookies by name (the first of a repeated name).
 * @example
 * ```ts
 * parseCookieHeader('a=1; b=2') // { a: '1', b: '2' }
 * ```
 */
export function parseCookieHeader(header: string | null | undefined): Record<string, string> {
  const out: Record<string, string> = {}
  for (const part of (header ?? '').split(';')) {
    const at = part.indexOf('=')
    if (at <= 0) continue
    const name = part.slice(0, at).trim()
    if (!(name in out)) out[name] = part.slice(at + 1).trim()
  }
  return out
}

/**
 * Where {@link readSession} finds cookies: a `Cookie` header, the `Headers` of a request, or a cookie
 * store with `get(name)` (Next.js's `request.cookies` in middleware, `await cookies()` in a server
 * component).
 */
export type CookieSource = string | Headers | { get(name: string): { value: string } | undefined }

function cookieOf(source: CookieSource, name: string): string | undefined {
  if (typeof source === 'string') return parseCookieHeader(source)[name]
  if (source instanceof Headers) return parseCookieHeader(source.get('cookie'))[name]
  return source.get(name)?.value
}

/** What a request's session cookies say. */
export type CookieSession =
  /** A valid access token: the user's DID and the token's claims. */
  | { status: 'signed-in'; userId: string; claims: AccessTokenClaims }
  /**
   * The access token is expired (or belongs to a user who has not accepted the app's terms yet) and a
   * refresh token is there: the widget refreshes the session once the page loads (`kernel.init()`).
   */
  | { status: 'refresh'; userId: null }
  /** No session. */
  | { status: 'signed-out'; userId: null }

/**
 * Verifies the session a request's cookies carry, for a host's server code: the access token is
 * checked as {@link verifyAccessToken} does (ES256 signature by the app's key, issuer, audience,
 * expiry), against the app's verification key or its JWKS. No database, no call to the API when the
 * key is given.
 * @param cookies - the request's cookies ({@link CookieSource}).
 * @param options - the app id and the verification key, or the API URL for the JWKS.
 * @returns the session's status and, when signed in, the user id.
 * @example
 * ```ts
 * // middleware.ts of a Next.js app
 * import { readSession } from 'portico/server/session-cookies'
 * const session = await readSession(request.cookies, { appId, verificationKey: process.env.PORTICO_VERIFICATION_KEY })
 * if (session.status === 'signed-out') return NextResponse.redirect(new URL('/', request.url))
 * ```
 */
export async function readSession(cookies: CookieSource, options: VerifyAccessTokenOptions): Promise<CookieSession> {
  const access = cookieOf(cookies, SESSION_COOKIES.access)
  const canRefresh = Boolean(cookieOf(cookies, SESSION_COOKIES.refresh))
  if (access) {
    try {
      const claims = await verifyAccessToken(access, options)
      return { status: 'signed-in', userId: claims.userId, claims }
    } catch {
      // An expired or refused token: the refresh token decides.
    }
  }
  return canRefresh ? { status: 'refresh', userId: null } : { status: 'signed-out', userId: null }
}
