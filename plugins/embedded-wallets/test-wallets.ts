/**
 * The wallet frame's part of the embedded-wallet routes, played by the server tests: real wallet
 * keys (viem accounts for Ethereum, noble ed25519 for Solana) signing the proofs, and random bytes of
 * the right sizes for the shares, salts and verifiers (the server only stores and compares them).
 * @module
 */
import { createHash, randomBytes } from 'node:crypto'
import { ed25519 } from '@noble/curves/ed25519.js'
import { getBase58Decoder } from '@solana/kit'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { expect } from 'vitest'
import type { Hex } from 'viem'
import type { AuthenticatedUser } from '../../kernel/wire'
import type { FrameRpcRequest } from '../../protocols/wallet-frame'
import type { TestInstance, TestResponse } from '../../test/support/server'
import { digestInput, walletProofMessage, type WalletProofAction } from './proof'

/** `POST` paths of the routes. */
export const CREATE = '/api/v1/embedded_wallets'
export const ADD = '/api/v1/embedded_wallets/add'
export const SHARES = '/api/v1/embedded_wallets/shares'
export const RECOVERY = '/api/v1/embedded_wallets/recovery'
export const REVOKE = '/api/v1/wallets/revoke'
export const keyMaterialPath = (address: string) => `/api/v1/embedded_wallets/${address}/recovery/key_material`
export const recoverySharePath = (address: string) => `/api/v1/embedded_wallets/${address}/recovery/share`

/** A wallet key the frame would hold. */
export interface TestWallet {
  chain: 'ethereum' | 'solana'
  address: string
  sign(message: string): Promise<string>
}

/** A new Ethereum wallet key. */
export function evmWallet(): TestWallet & { account: PrivateKeyAccount } {
  const account = privateKeyToAccount(generatePrivateKey())
  return { chain: 'ethereum', address: account.address, account, sign: (message) => account.signMessage({ message }) }
}

/** A new Solana wallet key. */
export function solanaWallet(): TestWallet {
  const secret = ed25519.utils.randomSecretKey()
  const address = getBase58Decoder().decode(ed25519.getPublicKey(secret))
  return {
    chain: 'solana',
    address,
    sign: async (message) => Buffer.from(ed25519.sign(new TextEncoder().encode(message), secret)).toString('base64'),
  }
}

/** Base64 of `n` random bytes. */
export const b64 = (n: number) => randomBytes(n).toString('base64')
/** A sealed share's form with random bytes. */
export const sealedShare = (version: 'v1' | 'v2' = 'v2') => `${version}.${randomBytes(12).toString('base64url')}.${randomBytes(33).toString('base64url')}`

/** A recovery input as the frame sends it. */
export type Recovery =
  | { method: 'privy'; encrypted_share: string; recovery_key: string }
  | { method: 'user-passcode'; encrypted_share: string; salt: string; verifier: string }

export const privyRecovery = (): Recovery => ({ method: 'privy', encrypted_share: sealedShare(), recovery_key: b64(32) })
/** A password recovery input; `verifier` is the password's (base64 of 32 bytes). */
export const passcodeRecovery = (verifier = b64(32)): Recovery => ({ method: 'user-passcode', encrypted_share: sealedShare(), salt: b64(16), verifier })

/** The digest a proof signs over the shares it stores. */
export const digestOf = (authShare: string, recovery: Recovery) => createHash('sha256').update(digestInput(authShare, recovery)).digest('hex')

/** How {@link walletRequests}' `createBody` spoils or varies a creation. */
export interface CreateOptions {
  imported?: boolean
  recovery?: Recovery
  authShare?: string
  /** Signs the proof instead of the wallet. */
  signer?: TestWallet
  /** The user id the proof names. */
  proofUser?: string
  entropyId?: string
  /** The app the proof names. @defaultValue the test app */
  appId?: string
}

/**
 * The frame's requests against a test instance.
 * @param instance - the instance (read when a request is made, so it may start in `beforeAll`).
 * @returns request builders and senders.
 */
export function walletRequests(instance: () => TestInstance) {
  /** A proof as the frame signs it. */
  function proof(
    signer: TestWallet,
    f: { action: WalletProofAction; userId: string; address: string; entropyId: string; digest: string; version: number; appId?: string },
  ) {
    return signer.sign(walletProofMessage({ ...f, appId: f.appId ?? instance().appId }))
  }

  /** The body of a creation, proven by the wallet's key (or as the options spoil it). */
  async function createBody(user: AuthenticatedUser, w: TestWallet, o: CreateOptions = {}) {
    const imported = o.imported ?? false
    const authShare = o.authShare ?? b64(imported ? 33 : 17)
    const recovery = o.recovery ?? privyRecovery()
    const entropyId = o.entropyId ?? w.address
    const signed = await proof(o.signer ?? w, {
      appId: o.appId,
      action: 'create',
      userId: o.proofUser ?? user.user.id,
      address: w.address,
      entropyId,
      digest: digestOf(authShare, recovery),
      version: 0,
    })
    return {
      chain_type: w.chain,
      address: w.address,
      entropy_id: entropyId,
      entropy_id_verifier: w.chain === 'ethereum' ? 'ethereum-address-verifier' : 'solana-address-verifier',
      imported,
      auth_share: authShare,
      recovery,
      proof: signed,
    }
  }

  async function create(user: AuthenticatedUser, w: TestWallet, o: CreateOptions = {}): Promise<TestResponse> {
    return instance().request(CREATE, { token: user.token!, body: await createBody(user, w, o) })
  }

  /** A creation that must succeed. */
  async function created(user: AuthenticatedUser, w: TestWallet, o: CreateOptions = {}) {
    const body = await createBody(user, w, o)
    const res = await instance().request(CREATE, { token: user.token!, body })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    return { res, body }
  }

  /** The body of a recovery change, proven by the secret's first wallet (or `signer`). */
  async function setRecoveryBody(user: AuthenticatedUser, first: TestWallet, version: number, recovery: Recovery = passcodeRecovery(), signer = first) {
    const authShare = b64(17)
    return {
      entropy_id: first.address,
      version,
      auth_share: authShare,
      recovery,
      proof: await proof(signer, {
        action: 'set-recovery',
        userId: user.user.id,
        address: first.address,
        entropyId: first.address,
        digest: digestOf(authShare, recovery),
        version,
      }),
    }
  }

  return { proof, createBody, create, created, setRecoveryBody }
}

/**
 * An embedded wallet's linked account as the server answers it (the wire's `wallet` entry), for client
 * tests that script the session.
 * @param address - the wallet's address.
 * @param chain - its chain.
 * @param index - its HD index.
 * @param extra - fields to add or override (`imported`, `recovery_method`…).
 * @returns the linked account.
 */
export function embeddedAccount(address: string, chain: 'ethereum' | 'solana', index = 0, extra: Record<string, unknown> = {}) {
  return {
    type: 'wallet',
    id: null,
    address,
    chain_id: chain === 'ethereum' ? 'eip155:1' : 'solana:5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp',
    chain_type: chain,
    wallet_client: 'privy',
    wallet_client_type: 'privy',
    connector_type: 'embedded',
    wallet_index: index,
    delegated: false,
    imported: false,
    recovery_method: 'privy',
    verified_at: 1_700_000_000,
    first_verified_at: 1_700_000_000,
    latest_verified_at: 1_700_000_000,
    ...extra,
  }
}

/**
 * The wallet frame's transaction signing, played by a viem account: signs the filled request the
 * embedded provider hands the frame (`eth_signTransaction` with hex fields).
 * @param account - the wallet's key.
 * @param signed - collects every request signed.
 * @returns the provider's `sign`.
 */
export function frameSigner(account: PrivateKeyAccount, signed: FrameRpcRequest[] = []) {
  return async (request: FrameRpcRequest): Promise<string> => {
    signed.push(request)
    const tx = request.params[0] as Record<string, Hex>
    return account.signTransaction({
      to: tx.to as Hex,
      value: BigInt(tx.value ?? '0x0'),
      gas: BigInt(tx.gas!),
      nonce: Number(BigInt(tx.nonce!)),
      maxFeePerGas: BigInt(tx.maxFeePerGas!),
      maxPriorityFeePerGas: BigInt(tx.maxPriorityFeePerGas!),
      chainId: Number(BigInt(tx.chainId!)),
      ...(tx.data ? { data: tx.data } : {}),
    })
  }
}
