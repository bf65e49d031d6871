/**
 * Byte encodings (through `@scure/base`) and the one input check every function here uses. Decoders
 * throw {@link CryptoInputError} without quoting the input, which may be secret.
 * @module
 */
import { base58, base64, base64urlnopad, type BytesCoder } from '@scure/base'
import { CryptoInputError } from './errors'

/**
 * Checks that a value is a byte array (of one of the given lengths, when given) and returns a plain
 * copy of it: a `Uint8Array` over its own `ArrayBuffer`, which WebCrypto and the share library accept
 * whatever the caller passed (a Node `Buffer`, a view into a larger buffer).
 * @param value - the value to check.
 * @param what - what the value is, for the error message ('The entropy').
 * @param lengths - the allowed lengths in bytes; any non-zero length when none is given.
 * @returns a copy of the bytes.
 * @throws {@link CryptoInputError} when the value is not a byte array of an allowed length.
 */
export function expectBytes(value: unknown, what: string, ...lengths: number[]): Uint8Array<ArrayBuffer> {
  if (!(value instanceof Uint8Array)) throw new CryptoInputError(`${what} must be a Uint8Array.`)
  if (lengths.length > 0 ? !lengths.includes(value.length) : value.length === 0) {
    const expected = lengths.length > 0 ? `${lengths.join(' or ')} bytes` : 'at least one byte'
    throw new CryptoInputError(`${what} must be ${expected}; it is ${value.length}.`)
  }
  return new Uint8Array(value)
}

function decode(coder: BytesCoder, encoding: string, text: unknown, what: string): Uint8Array<ArrayBuffer> {
  if (typeof text !== 'string') throw new CryptoInputError(`${what} must be a string.`)
  try {
    return new Uint8Array(coder.decode(text))
  } catch {
    // The decoder's own message quotes the offending character: the text may be secret.
    throw new CryptoInputError(`${what} is not valid ${encoding}.`)
  }
}

/**
 * Standard base64 (RFC 4648 §4, padded): the encoding of bytes on the wire (shares, salts, keys).
 * @param bytes - the bytes to encode.
 * @returns the base64 text.
 * @example
 * ```ts
 * import { toBase64 } from './crypto'
 * toBase64(new Uint8Array([0x12, 0xab])) // 'Eqs='
 * ```
 */
export function toBase64(bytes: Uint8Array): string {
  if (!(bytes instanceof Uint8Array)) throw new CryptoInputError('The bytes to encode must be a Uint8Array.')
  return base64.encode(bytes)
}

/**
 * Decodes standard padded base64, strictly: no whitespace, no missing padding, no stray bits.
 * @param text - the base64 text.
 * @returns the bytes.
 * @throws {@link CryptoInputError} when the text is not strict padded base64.
 * @example
 * ```ts
 * import { fromBase64 } from './crypto'
 * fromBase64('Eqs=') // Uint8Array [0x12, 0xab]
 * ```
 */
export function fromBase64(text: string): Uint8Array {
  return decode(base64, 'padded base64', text, 'The text')
}

/** Unpadded base64url (RFC 4648 §5), the parts of a sealed share. */
export function toBase64Url(bytes: Uint8Array): string {
  return base64urlnopad.encode(bytes)
}

/** Decodes unpadded base64url; `what` names the part for the error message. */
export function fromBase64Url(text: string, what: string): Uint8Array<ArrayBuffer> {
  return decode(base64urlnopad, 'unpadded base64url', text, what)
}

/** Base58 (the Bitcoin alphabet, as Solana uses it). */
export function toBase58(bytes: Uint8Array): string {
  return base58.encode(bytes)
}

/** Decodes base58; `what` names the value for the error message. */
export function fromBase58(text: string, what: string): Uint8Array<ArrayBuffer> {
  return decode(base58, 'base58', text, what)
}
