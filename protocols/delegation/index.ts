/**
 * `portico/protocols/delegation`: how the wallet frame hands one wallet's key to the server when
 * the user delegates actions, and how the server opens it. The frame seals the wallet's private key
 * to the server's delegation public key (ECIES: an ephemeral X25519 key agreement, HKDF-SHA256, then
 * AES-256-GCM), bound to the app, the user and the wallet by the associated data, so a sealed key
 * copied to another user's or another wallet's row does not open. Only the holder of the delegation
 * private key (the server, from its environment) opens it; the host page never sees it.
 *
 * Sealed form: `v1.<ephemeral public key>.<iv>.<ciphertext+tag>`, base64url parts.
 * @module
 */
import { x25519 } from '@noble/curves/ed25519.js'
import { hkdf } from '@noble/hashes/hkdf.js'
import { sha256 } from '@noble/hashes/sha2.js'
import { base64urlnopad } from '@scure/base'

/** The sealed form's version prefix. */
export const DELEGATION_SEAL_VERSION = 'v1'

/** Bytes of an X25519 key (private or public). */
export const DELEGATION_KEY_BYTES = 32

const INFO = new TextEncoder().encode('portico delegated wallet key v1')
const IV_BYTES = 12

/** What a sealed key is bound to: it opens only for the same app, user, chain and address. */
export interface DelegationBinding {
  appId: string
  /** The user's DID (`did:privy:…`). */
  userId: string
  chainType: 'ethereum' | 'solana'
  /** The wallet's address (Ethereum addresses compare lowercased). */
  address: string
}

/** A sealed key that does not open (wrong key, another binding, altered bytes, bad form). */
export class DelegationSealError extends Error {
  constructor(message: string) {
    super(message)
    this.name = 'DelegationSealError'
  }
}

const bindingBytes = (b: DelegationBinding) =>
  new TextEncoder().encode(
    `portico:delegation:v1\n${b.appId}\n${b.userId}\n${b.chainType}\n${b.chainType === 'ethereum' ? b.address.toLowerCase() : b.address}`,
  )

/** The AES key of one agreement: HKDF over the shared secret, salted with both public keys. */
async function aesKey(shared: Uint8Array, ephemeralPublic: Uint8Array, recipientPublic: Uint8Array, use: KeyUsage) {
  const salt = new Uint8Array([...ephemeralPublic, ...recipientPublic])
  const raw = hkdf(sha256, shared, salt, INFO, 32)
  return crypto.subtle.importKey('raw', raw, 'AES-GCM', false, [use])
}

/**
 * The public key of a delegation private key.
 * @param privateKey - 32 bytes (X25519).
 * @returns the 32-byte public key.
 */
export function delegationPublicKey(privateKey: Uint8Array): Uint8Array {
  return x25519.getPublicKey(privateKey)
}

/**
 * A new delegation key pair (the server's `PORTICO_DELEGATION_KEY` is the private half, base64url).
 * @returns both halves.
 * @example
 * ```ts
 * import { generateDelegationKey } from 'portico/protocols/delegation'
 * const { privateKey } = generateDelegationKey()
 * ```
 */
export function generateDelegationKey(): { privateKey: Uint8Array; publicKey: Uint8Array } {
  const { secretKey, publicKey } = x25519.keygen()
  return { privateKey: secretKey, publicKey }
}

/**
 * Seals a wallet's private key to the server's delegation public key (the wallet frame's side).
 * @param key - the wallet's private key (32 bytes).
 * @param recipient - the server's delegation public key (32 bytes).
 * @param binding - the app, user and wallet it is for.
 * @returns the sealed form.
 */
export async function sealDelegatedKey(key: Uint8Array, recipient: Uint8Array, binding: DelegationBinding): Promise<string> {
  if (recipient.length !== DELEGATION_KEY_BYTES) throw new DelegationSealError('The delegation public key must be 32 bytes.')
  const ephemeral = x25519.keygen()
  const shared = x25519.getSharedSecret(ephemeral.secretKey, recipient)
  const iv = crypto.getRandomValues(new Uint8Array(IV_BYTES))
  const aes = await aesKey(shared, ephemeral.publicKey, recipient, 'encrypt')
  const sealed = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: bindingBytes(binding) }, aes, new Uint8Array(key)))
  return [DELEGATION_SEAL_VERSION, base64urlnopad.encode(ephemeral.publicKey), base64urlnopad.encode(iv), base64urlnopad.encode(sealed)].join('.')
}

/**
 * Opens a sealed key with the server's delegation private key.
 * @param sealed - the sealed form.
 * @param privateKey - the delegation private key (32 bytes).
 * @param binding - the app, user and wallet the key must be bound to.
 * @returns the wallet's private key.
 * @throws {@link DelegationSealError} when it does not open.
 */
export async function openDelegatedKey(sealed: string, privateKey: Uint8Array, binding: DelegationBinding): Promise<Uint8Array> {
  const parts = sealed.split('.')
  if (parts.length !== 4 || parts[0] !== DELEGATION_SEAL_VERSION) throw new DelegationSealError('The sealed key is not in the v1 form.')
  let ephemeralPublic: Uint8Array, iv: Uint8Array, data: Uint8Array
  try {
    ephemeralPublic = base64urlnopad.decode(parts[1]!)
    iv = base64urlnopad.decode(parts[2]!)
    data = base64urlnopad.decode(parts[3]!)
  } catch {
    throw new DelegationSealError('The sealed key is not base64url.')
  }
  if (ephemeralPublic.length !== DELEGATION_KEY_BYTES || iv.length !== IV_BYTES) throw new DelegationSealError('The sealed key has a wrong size.')
  try {
    const shared = x25519.getSharedSecret(privateKey, ephemeralPublic)
    const aes = await aesKey(shared, ephemeralPublic, delegationPublicKey(privateKey), 'decrypt')
    const plain = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: new Uint8Array(iv), additionalData: bindingBytes(binding) }, aes, new Uint8Array(data))
    return new Uint8Array(plain)
  } catch {
    throw new DelegationSealError('The sealed key does not open with this delegation key for this wallet.')
  }
}
