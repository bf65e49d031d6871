/**
 * The OAuth return URL: the query parameters the server appends to `redirect_to`, read and removed.
 * @module
 */

/** The query parameters the server adds when it sends the browser back (contract §5 OAuth). */
export const OAUTH_QUERY_PARAMS = {
  code: 'privy_oauth_code',
  state: 'privy_oauth_state',
  provider: 'privy_oauth_provider',
  /** Set instead of the code when the attempt expired or the provider leg failed (`invalid_credentials`). */
  error: 'privy_oauth_error',
} as const

/** What the provider's return carries. */
export interface OAuthReturn {
  /** The authorization code; the literal text 'undefined' means the user denied the request; '' with `error`. */
  code: string
  state: string
  provider: string
  /** The server's failure code (`privy_oauth_error`, e.g. `invalid_credentials`): the round trip failed, there is no code. */
  error?: string
}

/**
 * Reads the return parameters from a URL. The flow is active only when the state, the provider
 * and either the code or the server's error are set.
 * @param href - the page address.
 * @returns the parameters (with `error` and an empty code on a failed round trip), or null when
 *   the state, the provider or both the code and the error are missing or empty.
 * @example
 * ```ts
 * import { readOAuthReturn } from 'portico/protocols/oauth'
 * readOAuthReturn('https://app.example/?privy_oauth_code=c&privy_oauth_state=s&privy_oauth_provider=google')
 * // { code: 'c', state: 's', provider: 'google' }
 * ```
 */
export function readOAuthReturn(href: string): OAuthReturn | null {
  let url: URL
  try {
    url = new URL(href)
  } catch {
    return null
  }
  const code = url.searchParams.get(OAUTH_QUERY_PARAMS.code)
  const state = url.searchParams.get(OAUTH_QUERY_PARAMS.state)
  const provider = url.searchParams.get(OAUTH_QUERY_PARAMS.provider)
  const error = url.searchParams.get(OAUTH_QUERY_PARAMS.error)
  if (!state || !provider) return null
  // The server sends an error instead of a code when the attempt expired or the provider failed.
  if (error) return { code: '', state, provider, error }
  if (!code) return null
  return { code, state, provider }
}

/**
 * Whether a URL carries any of the return parameters (even an incomplete set, which is still removed).
 * @param href - the page address.
 * @returns true when one of them is present.
 * @example
 * ```ts
 * import { hasOAuthParams } from 'portico/protocols/oauth'
 * hasOAuthParams('https://app.example/?privy_oauth_state=s') // true
 * ```
 */
export function hasOAuthParams(href: string): boolean {
  try {
    const params = new URL(href).searchParams
    return Object.values(OAUTH_QUERY_PARAMS).some((name) => params.has(name))
  } catch {
    return false
  }
}

/**
 * Removes the return parameters (code, state, provider, error) from a URL, keeping everything else (other query parameters, the hash).
 * @param href - the page address.
 * @returns the address without them.
 * @example
 * ```ts
 * import { stripOAuthParams } from 'portico/protocols/oauth'
 * stripOAuthParams('https://app.example/?app=x&privy_oauth_code=c#top') // 'https://app.example/?app=x#top'
 * ```
 */
export function stripOAuthParams(href: string): string {
  const url = new URL(href)
  for (const name of Object.values(OAUTH_QUERY_PARAMS)) url.searchParams.delete(name)
  // `URL` leaves a bare '?' behind when the last parameter goes.
  return url.search === '' ? url.href.replace(/\?(?=#|$)/, '') : url.href
}
