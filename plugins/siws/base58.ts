/**
 * Base58 (the Bitcoin alphabet Solana uses for addresses and signatures), encode and decode.
 * Small on purpose: the browser half only needs it for addresses, and a dependency would cost more.
 * @module
 */

const ALPHABET = '123456789ABCDEFGHJKLMNPQRSTUVWXYZabcdefghijkmnopqrstuvwxyz'
const INDEX: Record<string, number> = Object.fromEntries([...ALPHABET].map((ch, i) => [ch, i]))

/**
 * Encodes bytes as base58.
 * @param bytes - the bytes.
 * @returns the base58 text (each leading zero byte becomes a '1').
 * @example
 * ```ts
 * import { base58Encode } from 'portico/plugins/siws/base58'
 * base58Encode(new Uint8Array([0, 1])) // '12'
 * ```
 */
export function base58Encode(bytes: Uint8Array): string {
  let zeros = 0
  while (zeros < bytes.length && bytes[zeros] === 0) zeros++
  // Little-endian base-58 digits of the big number the bytes spell.
  const digits: number[] = []
  for (let i = zeros; i < bytes.length; i++) {
    let carry = bytes[i]!
    for (let j = 0; j < digits.length; j++) {
      carry += digits[j]! << 8
      digits[j] = carry % 58
      carry = (carry / 58) | 0
    }
    while (carry > 0) {
      digits.push(carry % 58)
      carry = (carry / 58) | 0
    }
  }
  return '1'.repeat(zeros) + digits.reverse().map((d) => ALPHABET[d]).join('')
}

/**
 * Decodes base58 text.
 * @param text - base58 text.
 * @returns the bytes, or null when a character is outside the alphabet.
 * @example
 * ```ts
 * import { base58Decode } from 'portico/plugins/siws/base58'
 * base58Decode('12') // Uint8Array [0, 1]
 * ```
 */
export function base58Decode(text: string): Uint8Array | null {
  let zeros = 0
  while (zeros < text.length && text[zeros] === '1') zeros++
  const bytes: number[] = []
  for (let i = zeros; i < text.length; i++) {
    const value = INDEX[text[i]!]
    if (value === undefined) return null
    let carry = value
    for (let j = 0; j < bytes.length; j++) {
      carry += bytes[j]! * 58
      bytes[j] = carry & 0xff
      carry >>= 8
    }
    while (carry > 0) {
      bytes.push(carry & 0xff)
      carry >>= 8
    }
  }
  const out = new Uint8Array(zeros + bytes.length)
  bytes.reverse().forEach((b, i) => (out[zeros + i] = b))
  return out
}

/**
 * Whether a text is a Solana address: base58 of exactly 32 bytes (an ed25519 public key).
 * @param text - the candidate.
 * @returns true for a well-formed address.
 * @example
 * ```ts
 * import { isSolanaAddress } from 'portico/plugins/siws/base58'
 * isSolanaAddress('11111111111111111111111111111111') // true
 * ```
 */
export function isSolanaAddress(text: string): boolean {
  if (text.length < 32 || text.length > 44) return false
  return base58Decode(text)?.length === 32
}
