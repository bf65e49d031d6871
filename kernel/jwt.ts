/**
 * JWT decoding without verification. The client never verifies tokens (the server does); it only
 * reads `exp` and the app id, as the wire contract describes.
 * @module
 */
import { base64ToBytes } from './base64'

/** Claims the kernel reads from an access token. */
export interface TokenClaims {
  sub?: string
  sid?: string
  iss?: string
  aud?: string | string[]
  app_id?: string
  exp?: number
  iat?: number
  [claim: string]: unknown
}

function base64UrlDecode(part: string): string {
  if (!/^[A-Za-z0-9_-]*$/.test(part)) throw new TypeError('not base64url')
  return new TextDecoder().decode(base64ToBytes(part))
}

/**
 * Decodes a compact JWT's payload without checking its signature.
 * @param token - the JWT.
 * @returns its claims, or null when it is not a decodable JWT.
 * @example
 * ```ts
 * import { decodeJwt } from 'portico/kernel'
 * decodeJwt('not a jwt') // null
 * ```
 */
export function decodeJwt(token: string): TokenClaims | null {
  const parts = token.split('.')
  if (parts.length !== 3) return null
  try {
    const header: unknown = JSON.parse(base64UrlDecode(parts[0]!))
    const payload: unknown = JSON.parse(base64UrlDecode(parts[1]!))
    if (!header || typeof header !== 'object' || !payload || typeof payload !== 'object' || Array.isArray(payload)) {
      return null
    }
    return payload as TokenClaims
  } catch {
    return null
  }
}

/** Seconds before `exp` from which a token counts as expired (the contract's skew). */
export const TOKEN_EXPIRY_SKEW_S = 30

/**
 * Whether a token counts as expired: `now >= exp - 30 s`; a token without `exp` never expires.
 * @param claims - decoded claims.
 * @param nowMs - the current time in ms. @defaultValue Date.now()
 * @returns true when it must be refreshed.
 * @example
 * ```ts
 * import { isExpired } from 'portico/kernel'
 * isExpired({ exp: 0 }) // true
 * ```
 */
export function isExpired(claims: TokenClaims, nowMs: number = Date.now()): boolean {
  if (typeof claims.exp !== 'number') return false
  return nowMs / 1000 >= claims.exp - TOKEN_EXPIRY_SKEW_S
}

/**
 * The app id a token was issued for: `app_id`, else `aud`.
 * @param claims - decoded claims.
 * @returns the app id, or undefined when the token names none.
 * @example
 * ```ts
 * import { tokenAppId } from 'portico/kernel'
 * tokenAppId({ aud: 'abc' }) // 'abc'
 * ```
 */
export function tokenAppId(claims: TokenClaims): string | undefined {
  if (typeof claims.app_id === 'string') return claims.app_id
  if (typeof claims.aud === 'string') return claims.aud
  if (Array.isArray(claims.aud) && typeof claims.aud[0] === 'string') return claims.aud[0]
  return undefined
}
