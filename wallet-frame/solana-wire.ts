/**
 * Signing a Solana wire transaction in place: the wire bytes are read only as far as the signer
 * slots (the signature count, the message header and the first account keys), and the wallet's
 * ed25519 signature of the message bytes goes into its slot. Every other byte stays as it came, so
 * nothing is re-encoded. (The format: a compact-u16 signature count, the 64-byte signatures, then the
 * message: an optional version byte `0x80 | v`, the header `[required signatures, read-only signed,
 * read-only unsigned]`, a compact-u16 account count and the 32-byte account keys, signers first.)
 * @module
 */
import { FrameFailure } from './errors'

const malformed = () => new FrameFailure('invalid_request', 'The transaction is not a Solana wire transaction.')

/** Reads a compact-u16 (1 to 3 bytes, 7 bits each, low first). */
function compactU16(bytes: Uint8Array, offset: number): [value: number, next: number] {
  let value = 0
  for (let i = 0; i < 3; i++) {
    const byte = bytes[offset + i]
    if (byte === undefined) throw malformed()
    value |= (byte & 0x7f) << (7 * i)
    if ((byte & 0x80) === 0) return [value, offset + i + 1]
  }
  throw malformed()
}

/**
 * Signs a wire transaction with one of its signers.
 * @param wire - the transaction's wire bytes (signatures, then the message).
 * @param publicKey - the signer's 32-byte public key.
 * @param sign - signs the message bytes (ed25519, 64 bytes).
 * @returns a copy of the wire bytes with the signer's signature in its slot.
 * @throws FrameFailure `invalid_request` on bytes that are not a transaction, or 'Transaction does not
 * contain public key' when the key is not one of its signers.
 */
export function signWireTransaction(wire: Uint8Array, publicKey: Uint8Array, sign: (message: Uint8Array) => Uint8Array): Uint8Array {
  const [signatures, signaturesStart] = compactU16(wire, 0)
  const messageStart = signaturesStart + 64 * signatures
  if (signatures === 0 || messageStart >= wire.length) throw malformed()
  const headerStart = wire[messageStart]! & 0x80 ? messageStart + 1 : messageStart
  const required = wire[headerStart]
  if (required !== signatures) throw malformed()
  const [accounts, keysStart] = compactU16(wire, headerStart + 3)
  if (accounts < required || keysStart + 32 * accounts > wire.length) throw malformed()
  let slot = -1
  for (let i = 0; i < required && slot < 0; i++) {
    const key = wire.subarray(keysStart + 32 * i, keysStart + 32 * (i + 1))
    if (key.every((b, j) => b === publicKey[j])) slot = i
  }
  if (slot < 0) throw new FrameFailure('invalid_request', 'Transaction does not contain public key')
  const signature = sign(wire.slice(messageStart))
  const signed = new Uint8Array(wire)
  signed.set(signature, signaturesStart + 64 * slot)
  return signed
}
