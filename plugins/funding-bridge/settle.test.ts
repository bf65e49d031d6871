/**
 * USDC bridging and the swap call executed for real against the bridge quote stand-in and two
 * anvils (each with a 6-decimals test USDC): the quote request a USDC funding request makes, the
 * approval then the deposit sent by the user's wallet through the bridge's EVM sender, the stand-in
 * settling (pulling the approved USDC, crediting the destination), and the wait for the USDC balance;
 * then ether swapped for USDC on one chain through the swap call.
 */
import { describe, expect, it } from 'vitest'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { rpc } from '../../test/fixtures/anvil'
import { createTestWallet } from '../../testing/evm-wallet/provider'
import { readBalance, type FundingRequest } from '../funding'
import type { WalletRegistry } from '../wallets'
import { fundingQuoteRequest, waitForBridgedFunds, walletBridgeSender } from './execute'
import { executeBridgeQuote, httpBridgeQuotes, quoteBody, selectBridgeQuote } from './quotes'
import { twoAnvils } from './test-chains'

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

const local = twoAnvils({ quotes: 2 })
const { chains, usdcAddress } = local

/** A payer with ether on both anvils, its wallet (one test wallet per chain, switched as the registry switches), and a wallet to fund. */
async function payer() {
  const key = generatePrivateKey()
  const from = privateKeyToAccount(key).address
  await Promise.all([local.one, local.two].map((a) => rpc(a.url, 'anvil_setBalance', [from, '0xde0b6b3a7640000'])))
  const wallets = { 'eip155:31337': createTestWallet({ privateKey: key, rpcUrl: local.one.url, chainId: 31337 }), 'eip155:31338': createTestWallet({ privateKey: key, rpcUrl: local.two.url, chainId: 31338 }) }
  await Promise.all(Object.values(wallets).map((w) => w.provider.request({ method: 'eth_requestAccounts' })))
  let current: keyof typeof wallets = 'eip155:31337'
  const registry = {
    switchChain: async (_: string, chain: string) => void (current = chain as keyof typeof wallets),
    connectorOf: () => ({ getProvider: async () => wallets[current].provider }),
  } as unknown as WalletRegistry
  const send = walletBridgeSender({ registry, chains: chains(), sleep }, from)
  return { from, send, recipient: privateKeyToAccount(generatePrivateKey()).address }
}

describe('USDC bridged between two chains', () => {
  it('asks for USDC on both sides (the chains’ contracts, 6 decimals), approves then deposits on the origin, and the USDC arrives on the destination', async () => {
    const { from, send, recipient } = await payer()
    await local.usdcTwo.mintUsd(from, 1_000_000n)
    const request: FundingRequest = { address: recipient, chainType: 'ethereum', chain: chains()[0]!, cluster: null, amount: '0.05', asset: 'USDC', crossChainBridgingEnabled: true }
    const quoteRequest = fundingQuoteRequest(request, from, 'eip155:31338', { usdcAddress })!
    expect(quoteBody(quoteRequest)).toMatchObject({ originChainId: 31338, destinationChainId: 31337, originCurrency: local.usdcTwo.usd, destinationCurrency: local.usdcOne.usd, amount: '50000' })

    const quotes = await httpBridgeQuotes({ apiUrl: local.bridge.url }).quotes(quoteRequest)
    const quote = selectBridgeQuote(quotes, 1)
    expect(quote.steps.map((s) => s.id)).toEqual(['approve', 'deposit'])
    const hashes = await executeBridgeQuote(quote, send)
    expect(hashes).toHaveLength(2)

    // The second route's input: the amount and its fee (20000 units), taken from the payer on Anvil Two.
    expect(await waitForBridgedFunds(sleep, local.one.url, request, 0n, 50_000n, undefined, local.usdcOne.usd)).toBe(50_000n)
    expect(await readBalance(local.two.url, 'ethereum', from, local.usdcTwo.usd)).toBe(1_000_000n - 70_000n)
    // Only the executed route was settled.
    expect(local.bridge.settled).toHaveLength(1)
  }, 60_000)

  it('a deposit without its approval is not settled', async () => {
    const { from, send, recipient } = await payer()
    await local.usdcTwo.mintUsd(from, 1_000_000n)
    const request: FundingRequest = { address: recipient, chainType: 'ethereum', chain: chains()[0]!, cluster: null, amount: '0.05', asset: 'USDC', crossChainBridgingEnabled: true }
    const [quote] = await httpBridgeQuotes({ apiUrl: local.bridge.url }).quotes(fundingQuoteRequest(request, from, 'eip155:31338', { usdcAddress })!)
    const settled = local.bridge.settled.length
    const unsettled = local.bridge.unsettled.length
    await executeBridgeQuote({ ...quote!, steps: quote!.steps.filter((s) => s.id === 'deposit') }, send)
    // The deposit was mined and seen; the stand-in's pull of the unapproved USDC fails, so nothing is credited.
    await expect.poll(() => local.bridge.unsettled.length, { timeout: 20_000 }).toBe(unsettled + 1)
    expect(local.bridge.settled.length).toBe(settled)
    expect(await readBalance(local.one.url, 'ethereum', recipient, local.usdcOne.usd)).toBe(0n)
  }, 60_000)

  it('a chain without a USDC contract, a Solana cluster whose USDC mint is not named, or the requested asset on the funded chain itself asks nothing', () => {
    const request: FundingRequest = { address: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F', chainType: 'ethereum', chain: chains()[0]!, cluster: null, amount: '0.05', asset: 'USDC', crossChainBridgingEnabled: true }
    expect(fundingQuoteRequest(request, '0xabc', 'eip155:8453', { usdcAddress })).toBeNull()
    expect(fundingQuoteRequest(request, 'So1ana', 'solana:mainnet-beta', { usdcAddress })).toBeNull()
    // Paying USDC for USDC on the funded chain is no swap.
    expect(fundingQuoteRequest(request, '0xabc', 'eip155:31337', { usdcAddress, pay: 'USDC' })).toBeNull()
  })
})

describe('the swap call executed', () => {
  it('ether swapped for USDC on the funded chain: a swap request on one chain, its step sent, the USDC credited', async () => {
    const { from, send, recipient } = await payer()
    const request: FundingRequest = { address: recipient, chainType: 'ethereum', chain: chains()[0]!, cluster: null, amount: '0.05', asset: 'USDC', crossChainBridgingEnabled: false }
    const quoteRequest = fundingQuoteRequest(request, from, 'eip155:31337', { usdcAddress, pay: 'native-currency', testnet: true })!
    expect(quoteBody(quoteRequest)).toMatchObject({ originChainId: 31337, destinationChainId: 31337, originCurrency: '0x0000000000000000000000000000000000000000', destinationCurrency: local.usdcOne.usd, amount: '50000' })

    const calls = local.bridge.swapCalls.length
    const [quote] = await httpBridgeQuotes({ apiUrl: 'http://127.0.0.1:1', testnetApiUrl: `${local.bridge.url}/testnets` }).swap!(quoteRequest)
    expect(local.bridge.swapCalls.slice(calls).map((c) => c.testnet)).toEqual([true])
    await executeBridgeQuote(quote!, send)
    expect(await waitForBridgedFunds(sleep, local.one.url, request, 0n, 50_000n, undefined, local.usdcOne.usd)).toBe(50_000n)
  }, 60_000)
})
