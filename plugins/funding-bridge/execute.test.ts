/**
 * Executing bridge quotes: the quote request a funding request makes (native currency on both
 * sides, Solana as chain 792703809, the amount received in the destination's units; USDC to and
 * from Solana, the EVM chain's contract and the cluster's mint), a
 * Solana-origin step signed and sent through a Wallet Standard wallet on the local Solana cluster
 * (litesvm behind JSON-RPC) whose deposit lands, a refusal as the spec's rejection, and the wait
 * for the funds on the destination.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { generateKeyPairSigner, lamports, type Address } from '@solana/kit'
import { startSolanaRpc, type SolanaRpc } from '../../test/fixtures/solana-rpc'
import { createTestSolanaWallet } from '../../testing/solana-wallet/wallet'
import { readBalance, type FundingRequest } from '../funding'
import type { WalletRegistry } from '../wallets'
import { fundingQuoteRequest, waitForBridgedFunds, walletBridgeSender } from './execute'
import { BRIDGE_EVM_NATIVE, BRIDGE_SOL_NATIVE, executeBridgeQuote, quoteBody, type BridgeQuote } from './quotes'

const EVM_WALLET = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const anvil = { id: 'eip155:31337', name: 'Anvil', rpcUrls: ['http://127.0.0.1:1'], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }
const SOLANA_WALLET = '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM'
/** Circle's USDC on Ethereum and on Solana's mainnet-beta, as the funding core names them by default. */
const USDC_ETHEREUM = '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48'
const USDC_SOLANA = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'
const usdcAddress = (chainId: string) => ({ 'eip155:1': USDC_ETHEREUM, 'solana:mainnet-beta': USDC_SOLANA })[chainId] ?? null
const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

describe('fundingQuoteRequest', () => {
  it('asks for the amount received on the funded chain, from the wallet on the chain its funds are on', () => {
    const request: FundingRequest = { address: EVM_WALLET, chainType: 'ethereum', chain: anvil, cluster: null, amount: '0.05', asset: 'native-currency', crossChainBridgingEnabled: true }
    expect(quoteBody(fundingQuoteRequest(request, '0xabc', 'eip155:8453')!)).toEqual({
      user: '0xabc',
      recipient: EVM_WALLET,
      originChainId: 8453,
      destinationChainId: 31337,
      originCurrency: BRIDGE_EVM_NATIVE,
      destinationCurrency: BRIDGE_EVM_NATIVE,
      amount: '50000000000000000',
      tradeType: 'EXACT_OUTPUT',
    })
  })

  it('funds a Solana wallet as chain 792703809 in lamports; no amount asks nothing', () => {
    const request: FundingRequest = { address: 'So1ana', chainType: 'solana', chain: null, cluster: { name: 'mainnet-beta' }, amount: '0.5', asset: 'native-currency', crossChainBridgingEnabled: true }
    expect(quoteBody(fundingQuoteRequest(request, EVM_WALLET, 'eip155:1')!)).toMatchObject({ originChainId: 1, destinationChainId: 792703809, originCurrency: BRIDGE_EVM_NATIVE, destinationCurrency: BRIDGE_SOL_NATIVE, amount: '500000000' })
    expect(fundingQuoteRequest({ ...request, amount: null }, EVM_WALLET, 'eip155:1')).toBeNull()
  })

  it("USDC to a Solana wallet: the EVM chain's contract for the cluster's mint, 6 decimals", () => {
    const request: FundingRequest = { address: SOLANA_WALLET, chainType: 'solana', chain: null, cluster: { name: 'mainnet-beta' }, amount: '2.5', asset: 'USDC', crossChainBridgingEnabled: true }
    expect(quoteBody(fundingQuoteRequest(request, EVM_WALLET, 'eip155:1', { usdcAddress })!)).toMatchObject({
      user: EVM_WALLET,
      recipient: SOLANA_WALLET,
      originChainId: 1,
      destinationChainId: 792703809,
      originCurrency: USDC_ETHEREUM,
      destinationCurrency: USDC_SOLANA,
      amount: '2500000',
    })
  })

  it("USDC from a Solana wallet: the cluster's mint for the EVM chain's contract, 6 decimals", () => {
    const request: FundingRequest = { address: EVM_WALLET, chainType: 'ethereum', chain: { ...anvil, id: 'eip155:1' }, cluster: null, amount: '2.5', asset: 'USDC', crossChainBridgingEnabled: true }
    expect(quoteBody(fundingQuoteRequest(request, SOLANA_WALLET, 'solana:mainnet-beta', { usdcAddress })!)).toMatchObject({
      user: SOLANA_WALLET,
      recipient: EVM_WALLET,
      originChainId: 792703809,
      destinationChainId: 1,
      originCurrency: USDC_SOLANA,
      destinationCurrency: USDC_ETHEREUM,
      amount: '2500000',
    })
  })

  it('USDC on a side with no USDC contract or mint asks nothing', () => {
    const toSolana: FundingRequest = { address: SOLANA_WALLET, chainType: 'solana', chain: null, cluster: { name: 'mainnet-beta' }, amount: '1', asset: 'USDC', crossChainBridgingEnabled: true }
    expect(fundingQuoteRequest(toSolana, EVM_WALLET, 'eip155:1', { usdcAddress: (id) => (id === 'eip155:1' ? USDC_ETHEREUM : null) })).toBeNull()
    expect(fundingQuoteRequest(toSolana, EVM_WALLET, 'eip155:1')).toBeNull()
  })
})

describe('a Solana-origin quote executed through a Wallet Standard wallet', () => {
  let cluster: SolanaRpc
  beforeEach(async () => {
    cluster = await startSolanaRpc()
  })
  afterEach(async () => {
    await cluster.close()
  })

  /** A quote whose one step is a system transfer of `amount` lamports from `from` to `deposit`, as a quote service words it. */
  const depositQuote = (from: string, deposit: string, amount: bigint): BridgeQuote => {
    const data = new Uint8Array(12)
    const view = new DataView(data.buffer)
    view.setUint32(0, 2, true)
    view.setBigUint64(4, amount, true)
    const hex = Array.from(data, (b) => b.toString(16).padStart(2, '0')).join('')
    return {
      provider: 'route',
      steps: [{ id: 'deposit', items: [{ data: { chainId: 792703809, instructions: [{ programId: '11111111111111111111111111111111', keys: [{ pubkey: from, isSigner: true, isWritable: true }, { pubkey: deposit, isSigner: false, isWritable: true }], data: hex }] } }] }],
    }
  }

  async function setup() {
    const { wallet, control } = await createTestSolanaWallet({ rpcUrl: cluster.url })
    await (wallet.features['standard:connect'] as { connect(): Promise<unknown> }).connect()
    cluster.svm.airdrop(control.address as Address, lamports(1_000_000_000n))
    const registry = { connectorOf: () => ({ getProvider: async () => wallet }), switchChain: async () => {} } as unknown as WalletRegistry
    const ctx = { registry, chains: [{ id: 'solana:mainnet-beta', name: 'Solana', rpcUrls: [cluster.url], nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 } }], sleep }
    return { control, send: walletBridgeSender(ctx, control.address, 'mainnet-beta'), deposit: (await generateKeyPairSigner()).address }
  }

  it("sends the step's instructions signed by the wallet, waits for the confirmation, and the deposit lands", async () => {
    const { control, send, deposit } = await setup()
    const hashes = await executeBridgeQuote(depositQuote(control.address, deposit, 30_000_000n), send)
    expect(hashes).toEqual(control.sent)
    expect(await readBalance(cluster.url, 'solana', deposit, null)).toBe(30_000_000n)
  })

  it("a refusal is 'Transaction was rejected by the user' and nothing lands", async () => {
    const { control, send, deposit } = await setup()
    control.setMode('reject')
    const run = executeBridgeQuote(depositQuote(control.address, deposit, 30_000_000n), send)
    await expect(run).rejects.toThrow('Transaction was rejected by the user')
    await expect(run).rejects.toMatchObject({ code: 'FUNDING_BRIDGE_REJECTED' })
    expect(await readBalance(cluster.url, 'solana', deposit, null)).toBe(0n)
  })

  it('waits until the funded wallet holds the amount more than before', async () => {
    const recipient = (await generateKeyPairSigner()).address
    const request: FundingRequest = { address: recipient, chainType: 'solana', chain: null, cluster: { name: 'mainnet-beta' }, amount: '0.01', asset: 'native-currency', crossChainBridgingEnabled: true }
    // Part of the amount is there when the wait starts; the rest arrives during the wait after the first read.
    cluster.svm.airdrop(recipient, lamports(4_000_000n))
    const waits: number[] = []
    const deliver = async (ms: number) => {
      waits.push(ms)
      if (waits.length === 1) cluster.svm.airdrop(recipient, lamports(6_000_000n))
    }
    expect(await waitForBridgedFunds(deliver, cluster.url, request, 0n, 10_000_000n)).toBe(10_000_000n)
    expect(waits).toEqual([2000])
  })
})
