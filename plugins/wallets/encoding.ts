/**
 * The two encodings wallet connectors share: a text message as `personal_sign` takes it, and a
 * Solana signature as the contract carries it.
 * @module
 */

/**
 * A UTF-8 text as 0x-prefixed hex, the form `personal_sign` takes.
 * @param text - the message.
 * @returns its bytes in hex.
 * @example
 * ```ts
 * import { utf8ToHex } from 'portico/plugins/wallets'
 * utf8ToHex('hi') // '0x6869'
 * ```
 */
export const utf8ToHex = (text: string): `0x${string}` =>
  `0x${Array.from(new TextEncoder().encode(text), (b) => b.toString(16).padStart(2, '0')).join('')}`

/** Bytes as standard base64 (a Solana `signMessage` signature on the wire): the kernel's, here for wallet plugins. */
export { bytesToBase64 } from '../../kernel/base64'
