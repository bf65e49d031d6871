/**
 * Wallet addresses and the proofs a wallet's own key signs, checked on the server: EVM addresses
 * (EIP-55) with `personal_sign` signatures, Solana addresses (base58 of an ed25519 public key) with
 * ed25519 signatures over the message's UTF-8 bytes.
 * @module
 */
import { createHash } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519.js'
import { getBase58Decoder, getBase58Encoder } from '@solana/kit'
import { getAddress, isAddress, verifyMessage, type Hex } from 'viem'
import { errors } from '../../../server'

/** The chains an embedded wallet lives on. */
export type WalletChain = 'ethereum' | 'solana'

/** A checked address: its canonical text and the identity key its linked account is stored under. */
export interface WalletAddress {
  chain: WalletChain
  /** EIP-55 for Ethereum; the base58 text for Solana. */
  address: string
  /** Lowercase hex for Ethereum (as the SIWE login stores wallets); the base58 text for Solana. */
  identityKey: string
}

/** The chain whose address an `entropy_id_verifier` names. */
export const VERIFIER_CHAIN: Readonly<Record<string, WalletChain>> = {
  'ethereum-address-verifier': 'ethereum',
  'solana-address-verifier': 'solana',
}

/**
 * Checks an address of a chain.
 * @param chain - the chain.
 * @param text - the address as sent.
 * @param field - the body field, for the message.
 * @returns the address.
 * @throws 400 `invalid_data` when it is not an address of that chain.
 */
export function walletAddress(chain: WalletChain, text: string, field = 'address'): WalletAddress {
  if (chain === 'ethereum') {
    if (!isAddress(text, { strict: false })) throw errors.invalidData(`${field} is not an Ethereum address.`)
    const address = getAddress(text)
    return { chain, address, identityKey: address.toLowerCase() }
  }
  if (!solanaPublicKey(text)) throw errors.invalidData(`${field} is not a Solana address.`)
  return { chain, address: text, identityKey: text }
}

/** The chain an address's form says (an `0x` address is Ethereum's), for routes that name none. */
export function chainOfAddress(text: string): WalletChain {
  return text.startsWith('0x') ? 'ethereum' : 'solana'
}

/** The 32-byte public key a Solana address spells, or null when it spells none (in its one canonical form). */
function solanaPublicKey(text: string): Uint8Array | null {
  // 32 bytes spell 32 to 44 base58 digits: anything longer is refused before decoding.
  if (!/^[1-9A-HJ-NP-Za-km-z]{32,44}$/.test(text)) return null
  let bytes: Uint8Array
  try {
    bytes = new Uint8Array(getBase58Encoder().encode(text))
  } catch {
    return null
  }
  if (bytes.length !== 32 || getBase58Decoder().decode(bytes) !== text) return null
  return bytes
}

/**
 * Whether `proof` is the wallet's signature over `message`: EVM `personal_sign` (65-byte hex),
 * Solana ed25519 (64-byte base64). A malformed signature is a wrong one.
 * @param wallet - the signing wallet.
 * @param message - the signed text.
 * @param proof - the signature as sent.
 * @returns true when it verifies.
 */
export async function verifyWalletProof(wallet: WalletAddress, message: string, proof: string): Promise<boolean> {
  try {
    if (wallet.chain === 'ethereum') {
      if (!/^0x[0-9a-fA-F]{130}$/.test(proof)) return false
      return await verifyMessage({ address: wallet.address as Hex, message, signature: proof as Hex })
    }
    const signature = Buffer.from(proof, 'base64')
    const publicKey = solanaPublicKey(wallet.address)
    if (signature.length !== 64 || !publicKey) return false
    return ed25519.verify(new Uint8Array(signature), new TextEncoder().encode(message), publicKey)
  } catch {
    return false
  }
}

/**
 * Hex SHA-256 of a text (a proof's digest).
 * @param text - the text.
 * @returns 64 hex digits.
 */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex')
}
