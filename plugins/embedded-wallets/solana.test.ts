/**
 * The embedded Solana wallet object against a real Solana runtime (the local cluster fixture) and
 * the wallet frame's own signer: the frame's `rpc` signing runs in-process in place of the
 * postMessage channel (the channel and the frame page are tested in the browser). Messages go
 * through the sign-request screen first; transactions are kit's, signed in their own slot, sent
 * and run by the runtime.
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  appendTransactionMessageInstruction,
  compileTransaction,
  createNoopSigner,
  createSolanaRpc,
  createTransactionMessage,
  generateKeyPairSigner,
  getAddressEncoder,
  getBase64EncodedWireTransaction,
  getTransactionEncoder,
  lamports,
  partiallySignTransaction,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Address,
  type Rpc,
  type SolanaRpcApi,
} from '@solana/kit'
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import type { FrameRpcRequest } from '../../protocols/wallet-frame'
import { startSolanaRpc, type SolanaRpc } from '../../test/fixtures/solana-rpc'
import { deriveWalletKey, newEntropy } from '../../wallet-frame/crypto'
import { signRpc } from '../../wallet-frame/rpc'
import { createEmbeddedSolanaWallet, solanaRpcUrl, type EmbeddedSolanaWalletDeps } from './solana'

const SOL = 1_000_000_000n
const FEE = 5_000n

let cluster: SolanaRpc
let rpc: Rpc<SolanaRpcApi>
beforeAll(async () => {
  cluster = await startSolanaRpc()
  rpc = createSolanaRpc(cluster.url)
})
afterAll(async () => {
  await cluster?.close()
})

/** What the wallet asked of the screen and the frame, in order. */
let calls: { to: 'confirm' | 'sign'; request: FrameRpcRequest }[]
let key: ReturnType<typeof deriveWalletKey>
beforeEach(() => {
  calls = []
  key = deriveWalletKey(newEntropy(), 'solana', 0)
})

/** The wallet of a fresh key, signing with the frame's own signer. */
function walletWith(overrides: Partial<EmbeddedSolanaWalletDeps> = {}) {
  return createEmbeddedSolanaWallet({
    wallet: { address: key.address, chainType: 'solana', walletIndex: 0, imported: false, recoveryMethod: 'privy' },
    sign: async (request) => {
      calls.push({ to: 'sign', request })
      return signRpc(key, request)
    },
    confirm: async (request) => {
      calls.push({ to: 'confirm', request })
    },
    rpcUrl: () => cluster.url,
    authenticated: () => true,
    ...overrides,
  })
}

/** An address's public key bytes. */
const publicKey = (address: Address) => new Uint8Array(getAddressEncoder().encode(address))

const balance = async (address: Address) => (await rpc.getBalance(address).send()).value

/** A compiled transfer of `amount` lamports from `source`, the fee paid by `feePayer`. */
async function transfer(source: Address, destination: Address, amount: bigint, feePayer: Address = source) {
  const { value: blockhash } = await rpc.getLatestBlockhash().send()
  return compileTransaction(
    pipe(
      createTransactionMessage({ version: 0 }),
      (m) => setTransactionMessageFeePayer(feePayer, m),
      (m) => setTransactionMessageLifetimeUsingBlockhash(blockhash, m),
      (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: createNoopSigner(source), destination, amount }), m),
    ),
  )
}

describe('signMessage', () => {
  it('shows the message on the sign-request screen, then signs its UTF-8 bytes with the wallet’s ed25519 key', async () => {
    const wallet = walletWith()
    const signature = await wallet.signMessage('Sign in to Acme ✓')
    const bytes = new TextEncoder().encode('Sign in to Acme ✓')
    expect(ed25519.verify(signature, bytes, publicKey(wallet.address))).toBe(true)
    const request = { method: 'solana_signMessage', params: [Buffer.from(bytes).toString('base64')] }
    expect(calls).toEqual([{ to: 'confirm', request }, { to: 'sign', request }])
  })

  it('signs nothing when the user declines the screen', async () => {
    const declined = Object.assign(new Error('The user rejected the request.'), { code: 'rpc_4001' })
    const wallet = walletWith({ confirm: () => Promise.reject(declined) })
    await expect(wallet.signMessage('hello')).rejects.toBe(declined)
    expect(calls).toEqual([])
  })

  it('signs without a screen when the app hides wallet UIs', async () => {
    const wallet = walletWith({ confirm: undefined })
    await wallet.signMessage('hello')
    expect(calls.map((c) => c.to)).toEqual(['sign'])
  })

  it('refuses a message that is not a string before any screen or signature', async () => {
    const wallet = walletWith()
    for (const message of [new TextEncoder().encode('hello'), 42, null, { message: 'hello' }]) {
      await expect(wallet.signMessage(message as never)).rejects.toMatchObject({
        code: 'invalid_request',
        shortMessage: 'Solana message signing needs a string message',
      })
    }
    expect(calls).toEqual([])
  })

  it('refuses every call once the user has signed out', async () => {
    const wallet = walletWith({ authenticated: () => false })
    const error = { code: 'missing_or_invalid_token', shortMessage: 'User must be authenticated to use embedded Solana wallet' }
    await expect(wallet.signMessage('hello')).rejects.toMatchObject(error)
    await expect(wallet.signTransaction(await transfer(wallet.address, wallet.address, 1n))).rejects.toMatchObject(error)
    await expect(wallet.signAndSendTransaction(await transfer(wallet.address, wallet.address, 1n))).rejects.toMatchObject(error)
    expect(calls).toEqual([])
  })
})

describe('signTransaction', () => {
  it('signs a kit transaction in the wallet’s own slot, keeping the co-signer’s signature and the lifetime, and the runtime runs it', async () => {
    const wallet = walletWith()
    const payer = await generateKeyPairSigner()
    const bob = await generateKeyPairSigner()
    await rpc.requestAirdrop(payer.address, lamports(SOL)).send()
    await rpc.requestAirdrop(wallet.address, lamports(SOL)).send()
    const unsigned = await transfer(wallet.address, bob.address, SOL / 4n, payer.address)
    const coSigned = await partiallySignTransaction([payer.keyPair], unsigned)

    const signed = await wallet.signTransaction(coSigned)
    expect(signed.messageBytes).toEqual(unsigned.messageBytes)
    expect(signed.lifetimeConstraint).toEqual(unsigned.lifetimeConstraint)
    expect(signed.signatures[payer.address]).toEqual(coSigned.signatures[payer.address])
    expect(ed25519.verify(signed.signatures[wallet.address]!, new Uint8Array(signed.messageBytes), publicKey(wallet.address))).toBe(true)
    // Transactions are reviewed on their own screens: no sign-request screen here.
    expect(calls.map((c) => c.to)).toEqual(['sign'])

    await rpc.sendTransaction(getBase64EncodedWireTransaction(signed), { encoding: 'base64' }).send()
    expect(await balance(bob.address)).toBe(SOL / 4n)
    expect(await balance(wallet.address)).toBe(SOL - SOL / 4n)
    expect(await balance(payer.address)).toBe(SOL - 2n * FEE)
  })

  it('signs wire bytes into wire bytes', async () => {
    const wallet = walletWith()
    const unsigned = await transfer(wallet.address, (await generateKeyPairSigner()).address, 1n)
    const wire = new Uint8Array(getTransactionEncoder().encode(unsigned))
    const signed = await wallet.signTransaction(wire)
    expect(signed).toBeInstanceOf(Uint8Array)
    expect(signed.length).toBe(wire.length)
    // [1 signature][64-byte signature][message]: only the signature changed.
    expect(signed.slice(65)).toEqual(wire.slice(65))
    expect(ed25519.verify(signed.slice(1, 65), wire.slice(65), publicKey(wallet.address))).toBe(true)
  })

  it('refuses a transaction the wallet is not a signer of, and input that is not a transaction', async () => {
    const wallet = walletWith()
    const stranger = await generateKeyPairSigner()
    await expect(wallet.signTransaction(await transfer(stranger.address, wallet.address, 1n))).rejects.toMatchObject({
      code: 'invalid_request',
      message: 'Transaction does not contain public key',
    })
    await expect(wallet.signTransaction({ messageBytes: 'nope' } as never)).rejects.toMatchObject({ code: 'invalid_request' })
  })
})

describe('signAndSendTransaction', () => {
  it('signs a transfer and sends it to the app’s Solana RPC, which runs it', async () => {
    const wallet = walletWith()
    const bob = await generateKeyPairSigner()
    await rpc.requestAirdrop(wallet.address, lamports(SOL)).send()
    const signature = await wallet.signAndSendTransaction(await transfer(wallet.address, bob.address, SOL / 10n))
    const { value } = await rpc.getSignatureStatuses([signature]).send()
    expect(value[0]).toMatchObject({ err: null, confirmationStatus: 'finalized' })
    expect(await balance(bob.address)).toBe(SOL / 10n)
    expect(await balance(wallet.address)).toBe(SOL - SOL / 10n - FEE)
  })

  it('sends wire bytes to the RPC URL a call gives, and signs nothing without any RPC URL', async () => {
    const wallet = walletWith({ rpcUrl: () => null })
    const bob = await generateKeyPairSigner()
    await rpc.requestAirdrop(wallet.address, lamports(SOL)).send()
    const wire = new Uint8Array(getTransactionEncoder().encode(await transfer(wallet.address, bob.address, 1_000_000n)))
    await expect(wallet.signAndSendTransaction(wire)).rejects.toMatchObject({ code: 'solana_rpc_missing' })
    expect(calls).toEqual([])
    await wallet.signAndSendTransaction(wire, { rpcUrl: cluster.url })
    expect(await balance(bob.address)).toBe(1_000_000n)
  })

  it('rejects with solana_rpc_error when the RPC refuses the transaction, and nothing moves', async () => {
    const wallet = walletWith()
    const bob = await generateKeyPairSigner()
    await rpc.requestAirdrop(wallet.address, lamports(SOL)).send()
    await expect(wallet.signAndSendTransaction(await transfer(wallet.address, bob.address, 2n * SOL))).rejects.toMatchObject({
      code: 'solana_rpc_error',
      shortMessage: 'The Solana RPC refused the transaction',
    })
    expect(await balance(wallet.address)).toBe(SOL)
    expect(await balance(bob.address)).toBe(0n)
  })
})

describe('the app’s Solana RPC URL', () => {
  const chain = (id: string, url?: string) => ({ id, name: id, rpcUrls: url ? [url] : [], nativeCurrency: { name: 'SOL', symbol: 'SOL', decimals: 9 } })
  it('is the default chain’s when it is a Solana chain, else the first Solana chain with a URL', () => {
    const supportedChains = [chain('eip155:1', 'https://eth.example'), chain('solana:devnet'), chain('solana:testnet', 'https://testnet.example'), chain('solana:mainnet', 'https://mainnet.example')]
    expect(solanaRpcUrl({ supportedChains, defaultChain: 'solana:mainnet' })).toBe('https://mainnet.example')
    expect(solanaRpcUrl({ supportedChains, defaultChain: 'eip155:1' })).toBe('https://testnet.example')
    expect(solanaRpcUrl({ supportedChains: [chain('eip155:1', 'https://eth.example')], defaultChain: 'eip155:1' })).toBeNull()
    expect(solanaRpcUrl(null)).toBeNull()
  })
})
