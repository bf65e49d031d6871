/**
 * Random values and PKCE (RFC 7636) helpers of the OAuth round trip.
 * @module
 */
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'

/**
 * A random base64url string.
 * @param bytes - how many random bytes (32 gives 43 characters, a valid PKCE verifier).
 * @returns the string.
 * @example
 * ```ts
 * const state = randomToken() // 43 characters
 * ```
 */
export function randomToken(bytes = 32): string {
  return randomBytes(bytes).toString('base64url')
}

/**
 * The S256 challenge of a verifier: base64url(SHA-256(verifier)).
 * @param verifier - the PKCE verifier.
 * @returns the 43-character challenge.
 * @example
 * ```ts
 * s256('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk') // 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'
 * ```
 */
export function s256(verifier: string): string {
  return createHash('sha256').update(verifier).digest('base64url')
}

/**
 * Compares two strings in constant time (codes, states, challenges).
 * @param a - one string.
 * @param b - the other.
 * @returns true when equal.
 * @example
 * ```ts
 * if (!safeEqual(attempt.clientState, body.state_code)) throw stateMismatch()
 * ```
 */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/**
 * The hash under which a one-time code is stored (the code itself is never stored).
 * @param code - the code.
 * @returns its SHA-256, base64url.
 * @example
 * ```ts
 * await db.query('SELECT ... WHERE code_hash = $1', [hashCode(code)])
 * ```
 */
export function hashCode(code: string): string {
  return createHash('sha256').update(code).digest('base64url')
}
