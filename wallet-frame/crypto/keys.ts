/**
 * Wallet keys: entropy and its BIP-39 phrase, HD derivation for Ethereum (BIP-32/44) and Solana
 * (SLIP-10 ed25519), imported keys, and the two signing helpers the frame's rpc uses. Every primitive
 * comes from an audited library: `@scure/bip39`, BIP-32 through viem's `HDKey` (`@scure/bip32`, so the frame
 * carries one secp256k1, viem's), SLIP-10 from `micro-key-producer`, ed25519 from `@noble/curves`; nothing
 * here keeps a secret beyond the call that uses it.
 * @module
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import * as bip39 from '@scure/bip39'
import { wordlist } from '@scure/bip39/wordlists/english.js'
import { HDKey as Slip10Key } from 'micro-key-producer/slip10.js'
import { hexToBytes, toHex } from 'viem'
import { HDKey as Bip32Key, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { expectBytes, fromBase58, toBase58 } from './encoding'
import { CryptoInputError } from './errors'

/** The chains an embedded wallet can be on. */
export type ChainType = 'ethereum' | 'solana'

/** The kind of secret behind a wallet: HD entropy (wallets 0..n derive from it) or one imported key. */
export type SecretKind = 'hd' | 'imported'

/** A wallet's key pair and address. */
export interface WalletKey {
  /** The chain the key is for. */
  chainType: ChainType
  /** The address: EIP-55 checksummed hex on Ethereum, base58 of the public key on Solana. */
  address: string
  /** The private key: the 32-byte secp256k1 scalar on Ethereum, the 32-byte ed25519 seed on Solana. */
  privateKey: Uint8Array
  /** The public key: 65 bytes uncompressed (`0x04 || x || y`, as viem's accounts) on Ethereum, 32 bytes on Solana. */
  publicKey: Uint8Array
}

/** Bytes of entropy behind an HD wallet: 128 bits, a 12-word phrase. */
const ENTROPY_BYTES = 16
/** Bytes of an imported private key (Ethereum) or seed (Solana). */
const KEY_BYTES = 32
/** The first hardened child index: wallet indexes stay below it. */
const HARDENED_OFFSET = 0x80000000

const CHAIN_TYPES: readonly ChainType[] = ['ethereum', 'solana']

/** Checks a chain type that may come from outside (a message, a stored record). */
export function expectChainType(chainType: unknown): ChainType {
  if (!CHAIN_TYPES.includes(chainType as ChainType)) {
    throw new CryptoInputError(`The chain type must be ${CHAIN_TYPES.join(' or ')}.`)
  }
  return chainType as ChainType
}

function expectWalletIndex(walletIndex: unknown): number {
  if (typeof walletIndex !== 'number' || !Number.isInteger(walletIndex) || walletIndex < 0 || walletIndex >= HARDENED_OFFSET) {
    throw new CryptoInputError(`The wallet index must be an integer from 0 to ${HARDENED_OFFSET - 1}.`)
  }
  return walletIndex
}

/**
 * Fresh entropy for a new HD wallet.
 * @returns 16 bytes from `crypto.getRandomValues`.
 * @example
 * ```ts
 * import { newEntropy, entropyToMnemonic } from './crypto'
 * const phrase = entropyToMnemonic(newEntropy()) // 12 words
 * ```
 */
export function newEntropy(): Uint8Array {
  return crypto.getRandomValues(new Uint8Array(ENTROPY_BYTES))
}

/**
 * The BIP-39 phrase (English word list) of 16 bytes of entropy: what the export screen shows.
 * @param entropy - 16 bytes.
 * @returns 12 words separated by single spaces.
 * @throws {@link CryptoInputError} when the entropy is not 16 bytes.
 */
export function entropyToMnemonic(entropy: Uint8Array): string {
  return bip39.entropyToMnemonic(expectBytes(entropy, 'The entropy', ENTROPY_BYTES), wordlist)
}

/**
 * The entropy of a 12-word BIP-39 phrase (English word list). Letter case and the spacing between
 * words do not matter.
 * @param mnemonic - the phrase.
 * @returns 16 bytes.
 * @throws {@link CryptoInputError} when the phrase does not have 12 words, has a word not in the list,
 * or its checksum does not match.
 */
export function mnemonicToEntropy(mnemonic: string): Uint8Array {
  if (typeof mnemonic !== 'string') throw new CryptoInputError('The recovery phrase must be a string.')
  const words = mnemonic.trim().toLowerCase().split(/\s+/)
  if (words.length !== 12) throw new CryptoInputError('The recovery phrase must have 12 words.')
  try {
    return bip39.mnemonicToEntropy(words.join(' '), wordlist)
  } catch {
    throw new CryptoInputError('The recovery phrase is not valid: a word is not in the BIP-39 list or the checksum does not match.')
  }
}

/** The key and address of an Ethereum private key. */
function ethereumKey(privateKey: Uint8Array): WalletKey {
  let account: PrivateKeyAccount
  try {
    account = privateKeyToAccount(toHex(privateKey))
  } catch {
    throw new CryptoInputError('The private key is not a valid secp256k1 key (it is zero or not below the curve order).')
  }
  return { chainType: 'ethereum', address: account.address, privateKey, publicKey: hexToBytes(account.publicKey) }
}

/** The key and address of a Solana (ed25519) seed. */
function solanaKey(seed: Uint8Array): WalletKey {
  const publicKey = ed25519.getPublicKey(seed)
  return { chainType: 'solana', address: toBase58(publicKey), privateKey: seed, publicKey }
}

/**
 * The HD wallet at `walletIndex` of some entropy: the entropy's BIP-39 seed (empty passphrase), then
 * on Ethereum BIP-32 at m/44'/60'/0'/0/{walletIndex}, on Solana SLIP-10 ed25519 at
 * m/44'/501'/{walletIndex}'/0' (the paths MetaMask and Phantom use, so an exported phrase restores
 * the same addresses there).
 * @param entropy - 16 bytes.
 * @param chainType - the chain.
 * @param walletIndex - the wallet's index, from 0 (below 2^31).
 * @returns the wallet's key.
 * @throws {@link CryptoInputError} on a bad entropy length, chain type or index.
 * @example
 * ```ts
 * import { deriveWalletKey, newEntropy } from './crypto'
 * const { address } = deriveWalletKey(newEntropy(), 'ethereum', 0)
 * ```
 */
export function deriveWalletKey(entropy: Uint8Array, chainType: ChainType, walletIndex: number): WalletKey {
  const chain = expectChainType(chainType)
  const index = expectWalletIndex(walletIndex)
  const seed = bip39.mnemonicToSeedSync(entropyToMnemonic(entropy), '')
  if (chain === 'ethereum') {
    const { privateKey } = Bip32Key.fromMasterSeed(seed).derive(`m/44'/60'/0'/0/${index}`)
    // A child derived from a private root always has a private key.
    return ethereumKey(privateKey as Uint8Array)
  }
  return solanaKey(Slip10Key.fromMasterSeed(seed).derive(`m/44'/501'/${index}'/0'`).privateKey)
}

/**
 * Reads a private key typed or pasted by the user.
 * - Ethereum: 64 hexadecimal characters, with or without `0x`.
 * - Solana: base58 of the 64-byte secret key (seed followed by public key, as Phantom and Solflare
 *   export it; the public half must match the seed), or of a 32-byte seed.
 * Surrounding whitespace is ignored.
 * @param chainType - the chain the key is for.
 * @param input - the text.
 * @returns the key; its `privateKey` is what {@link keyFromSecret} takes back as an imported secret.
 * @throws {@link CryptoInputError} saying what is wrong, without quoting the input.
 * @example
 * ```ts
 * import { importWalletKey } from './crypto'
 * importWalletKey('ethereum', '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80').address
 * // '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
 * ```
 */
export function importWalletKey(chainType: ChainType, input: string): WalletKey {
  const chain = expectChainType(chainType)
  if (typeof input !== 'string') throw new CryptoInputError('The private key must be a string.')
  const text = input.trim()
  if (chain === 'ethereum') {
    if (!/^(0x)?[0-9a-fA-F]{64}$/.test(text)) {
      throw new CryptoInputError('An Ethereum private key is 64 hexadecimal characters, with or without 0x.')
    }
    return ethereumKey(hexToBytes(text.startsWith('0x') ? (text as `0x${string}`) : `0x${text}`))
  }
  const bytes = fromBase58(text, 'The Solana private key')
  if (bytes.length === KEY_BYTES) return solanaKey(bytes)
  if (bytes.length !== 2 * KEY_BYTES) {
    throw new CryptoInputError('A Solana private key is the base58 of a 64-byte secret key or of a 32-byte seed.')
  }
  const key = solanaKey(bytes.slice(0, KEY_BYTES))
  if (key.address !== toBase58(bytes.subarray(KEY_BYTES))) {
    throw new CryptoInputError('The Solana secret key’s public half does not belong to its private half.')
  }
  return key
}

/**
 * A key as the export screen shows it, in the form {@link importWalletKey} reads back: Ethereum
 * `0x` and 64 lowercase hex characters; Solana base58 of the 64-byte secret key (seed and public key).
 * @param key - the wallet's key.
 * @returns the text.
 */
export function exportWalletKey(key: WalletKey): string {
  if (key.chainType === 'ethereum') return toHex(key.privateKey)
  const secretKey = new Uint8Array(2 * KEY_BYTES)
  secretKey.set(key.privateKey)
  secretKey.set(key.publicKey, KEY_BYTES)
  return toBase58(secretKey)
}

/**
 * The key of a wallet from the secret its shares hold: for an HD wallet the 16-byte entropy (derived
 * at `walletIndex`), for an imported one the 32-byte private key (Ethereum) or seed (Solana), which
 * is the wallet whatever the index.
 * @param secret - the secret.
 * @param kind - `'hd'` or `'imported'`.
 * @param chainType - the chain.
 * @param walletIndex - the HD wallet's index; not used for an imported key.
 * @returns the wallet's key.
 * @throws {@link CryptoInputError} on a bad kind, chain type, index or secret length, or an Ethereum
 * secret that is not a valid key.
 */
export function keyFromSecret(secret: Uint8Array, kind: SecretKind, chainType: ChainType, walletIndex: number): WalletKey {
  if (kind === 'hd') return deriveWalletKey(secret, chainType, walletIndex)
  if (kind !== 'imported') throw new CryptoInputError("The secret kind must be 'hd' or 'imported'.")
  const chain = expectChainType(chainType)
  const key = expectBytes(secret, 'An imported secret', KEY_BYTES)
  return chain === 'ethereum' ? ethereumKey(key) : solanaKey(key)
}

function expectKey(key: WalletKey, chainType: ChainType): WalletKey {
  if (key?.chainType !== chainType) throw new CryptoInputError(`The key must be a ${chainType} key.`)
  return key
}

/**
 * Signs bytes with a Solana key (ed25519, RFC 8032): the `signMessage` of the Solana wallet, and the
 * signature of a transaction's message bytes.
 * @param key - a Solana key.
 * @param message - the bytes to sign.
 * @returns the 64-byte signature.
 * @throws {@link CryptoInputError} when the key is not a Solana key or the message not bytes.
 */
export function signSolanaMessage(key: WalletKey, message: Uint8Array): Uint8Array {
  const { privateKey } = expectKey(key, 'solana')
  if (!(message instanceof Uint8Array)) throw new CryptoInputError('The message must be a Uint8Array.')
  return ed25519.sign(message, privateKey)
}

/**
 * A viem local account for an Ethereum key, which signs messages, typed data, transactions and raw
 * hashes (`sign`) for the frame's rpc.
 * @param key - an Ethereum key.
 * @returns viem's account (`privateKeyToAccount`).
 * @throws {@link CryptoInputError} when the key is not an Ethereum key.
 * @example
 * ```ts
 * import { evmAccount, importWalletKey } from './crypto'
 * const account = evmAccount(importWalletKey('ethereum', privateKeyHex))
 * const signature = await account.signMessage({ message: 'hello' })
 * ```
 */
export function evmAccount(key: WalletKey): PrivateKeyAccount {
  return privateKeyToAccount(toHex(expectKey(key, 'ethereum').privateKey))
}
