/**
 * Base64 and base64url for bytes, as the wire contract and the browser APIs carry them (a Solana
 * signature, a PKCE challenge, a payload in an address fragment). One implementation over the
 * platform's `btoa`/`atob`, for the kernel and every plugin.
 * @module
 */

/**
 * Bytes as standard base64, with padding.
 * @param bytes - the bytes.
 * @returns the base64 text.
 * @example
 * ```ts
 * import { bytesToBase64 } from 'portico/kernel'
 * bytesToBase64(new Uint8Array([1, 2, 3])) // 'AQID'
 * ```
 */
export function bytesToBase64(bytes: Uint8Array): string {
  let binary = ''
  for (const b of bytes) binary += String.fromCharCode(b)
  return btoa(binary)
}

/**
 * Bytes as base64url without padding (RFC 4648 §5), safe in a URL.
 * @param bytes - the bytes.
 * @returns the base64url text.
 * @example
 * ```ts
 * import { bytesToBase64Url } from 'portico/kernel'
 * bytesToBase64Url(new Uint8Array([251, 255])) // '-_8'
 * ```
 */
export const bytesToBase64Url = (bytes: Uint8Array): string => bytesToBase64(bytes).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '')

/**
 * Reads base64 or base64url text (padding optional).
 * @param text - the text.
 * @returns the bytes.
 * @throws TypeError when the text is not base64.
 * @example
 * ```ts
 * import { base64ToBytes } from 'portico/kernel'
 * base64ToBytes('AQID') // Uint8Array [1, 2, 3]
 * ```
 */
export function base64ToBytes(text: string): Uint8Array {
  const standard = text.replace(/-/g, '+').replace(/_/g, '/').replace(/=+$/, '')
  if (!/^[A-Za-z0-9+/]*$/.test(standard) || standard.length % 4 === 1) throw new TypeError('not base64')
  return Uint8Array.from(atob(standard + '='.repeat((4 - (standard.length % 4)) % 4)), (c) => c.charCodeAt(0))
}
