/**
 * Identifiers: 25 lowercase alphanumerics from a crypto random source (cuid-shaped).
 * @module
 */
import { randomBytes, randomInt } from 'node:crypto'

const ALPHABET = 'abcdefghijklmnopqrstuvwxyz0123456789'

/**
 * A new 25-character id: a letter, then 24 lowercase alphanumerics (about 124 random bits).
 * @returns the id.
 * @example
 * ```ts
 * import { newId } from 'portico/server'
 * newId() // 'k3v9...'
 * ```
 */
export function newId(): string {
  const bytes = randomBytes(25)
  // A leading letter keeps ids valid where identifiers must not start with a digit.
  let id = ALPHABET[bytes[0]! % 26]!
  // 252 is the largest multiple of 36 below 256: rejecting bytes above it keeps the draw uniform.
  for (let i = 1; id.length < 25; i++) {
    const b = i < bytes.length ? bytes[i]! : randomInt(252)
    if (b < 252) id += ALPHABET[b % 36]
  }
  return id
}

/**
 * A random six-digit code, uniform over 000000-999999.
 * @returns the code as a string of 6 digits.
 * @example
 * ```ts
 * import { newOtpCode } from 'portico/server'
 * newOtpCode() // '042917'
 * ```
 */
export function newOtpCode(): string {
  return randomInt(0, 1_000_000).toString().padStart(6, '0')
}

/**
 * Matches an app or user id: 25 lowercase letters and digits.
 * @example
 * ```ts
 * import { ID_PATTERN } from 'portico/server'
 * ID_PATTERN.test('aaaaaaaaaaaaaaaaaaaaaaaaa') // true
 * ```
 */
export const ID_PATTERN = /^[a-z0-9]{25}$/
