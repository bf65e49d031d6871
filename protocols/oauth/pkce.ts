/**
 * PKCE (RFC 7636) in the browser: the random code verifier and state code, and the S256 challenge.
 * @module
 */
import { bytesToBase64Url } from '../../kernel/base64'

/** Random bytes in a code verifier and in a state code (spec section 9): 48 base64url characters each. */
export const OAUTH_RANDOM_BYTES = 36

/**
 * Encodes bytes as unpadded base64url.
 * @param bytes - the bytes.
 * @returns the text.
 * @example
 * ```ts
 * import { base64Url } from 'portico/protocols/oauth'
 * base64Url(new Uint8Array([255, 255])) // '__8'
 * ```
 */
export function base64Url(bytes: Uint8Array): string {
  return bytesToBase64Url(bytes)
}

/**
 * Makes a random code (a code verifier or a state code): {@link OAUTH_RANDOM_BYTES} bytes from
 * `crypto.getRandomValues`, as 48 base64url characters.
 * @returns the code.
 * @example
 * ```ts
 * import { randomCode } from 'portico/protocols/oauth'
 * randomCode().length // 48
 * ```
 */
export function randomCode(): string {
  return base64Url(crypto.getRandomValues(new Uint8Array(OAUTH_RANDOM_BYTES)))
}

/**
 * Derives the S256 code challenge of a verifier: base64url(SHA-256(verifier)) (RFC 7636).
 * @param verifier - the code verifier.
 * @returns the 43-character challenge.
 * @example
 * ```ts
 * import { codeChallenge } from 'portico/protocols/oauth'
 * await codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk') // 'E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM'
 * ```
 */
export async function codeChallenge(verifier: string): Promise<string> {
  const digest = await crypto.subtle.digest('SHA-256', new TextEncoder().encode(verifier))
  return base64Url(new Uint8Array(digest))
}
