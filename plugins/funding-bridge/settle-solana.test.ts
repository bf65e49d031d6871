/**
 * Bridging to and from Solana executed for real against the bridge quote stand-in, an anvil (with a
 * 6-decimals test USDC) and the local Solana cluster posing as mainnet-beta (litesvm behind JSON-RPC,
 * holding USDC at Circle's mainnet-beta mint): the quote request a funding request makes, the steps
 * sent by the user's wallet through the bridge's senders (EVM through EIP-1193, Solana through a
 * Wallet Standard wallet), the stand-in settling as a relayer would (an EVM deposit seen in the
 * anvil's blocks credits the cluster: SOL by airdrop, USDC minted; a Solana deposit seen through the
 * deposit address's signatures and its memo credits the anvil), and the wait for the funds. A Solana
 * deposit smaller than the quote's input is seen and not settled.
 */
import { describe, expect, it } from 'vitest'
import { lamports, type Address } from '@solana/kit'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { rpc } from '../../test/fixtures/anvil'
import { BRIDGE_SOLANA_DEPOSIT } from '../../test/fixtures/funding/bridge-quotes'
import { TEST_USDC_MAINNET_MINT, testKey, testUsdc } from '../../test/fixtures/solana-rpc/spl'
import { createTestWallet } from '../../testing/evm-wallet/provider'
import { createTestSolanaWallet } from '../../testing/solana-wallet/wallet'
import { readBalance, type FundingRequest } from '../funding'
import type { WalletRegistry } from '../wallets'
import { fundingQuoteRequest, waitForBridgedFunds, walletBridgeSender } from './execute'
import { executeBridgeQuote, httpBridgeQuotes, quoteBody, type BridgeQuote, type SolanaBridgeTransaction } from './quotes'
import { anvilAndCluster, SOLANA_ID } from './test-chains'

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
/** The stand-in's first route's fee, in the input's smallest units. */
const FEE = 10_000n

const local = anvilAndCluster()
const { chains, usdcAddress } = local
const service = () => httpBridgeQuotes({ apiUrl: local.bridge.url })

/** An EVM payer with ether on the anvil, and its sender. */
async function evmPayer() {
  const key = generatePrivateKey()
  const from = privateKeyToAccount(key).address
  await rpc(local.anvil.url, 'anvil_setBalance', [from, '0xde0b6b3a7640000'])
  const wallet = createTestWallet({ privateKey: key, rpcUrl: local.anvil.url, chainId: 31337 })
  await wallet.provider.request({ method: 'eth_requestAccounts' })
  const registry = { switchChain: async () => {}, connectorOf: () => ({ getProvider: async () => wallet.provider }) } as unknown as WalletRegistry
  return { from, send: walletBridgeSender({ registry, chains: chains(), sleep }, from) }
}

/** A Solana payer (a Wallet Standard wallet sending to the cluster) with 1 SOL, and its sender. */
async function solanaPayer() {
  const { wallet, control } = await createTestSolanaWallet({ rpcUrl: local.cluster.url })
  await (wallet.features['standard:connect'] as { connect(): Promise<unknown> }).connect()
  local.cluster.svm.airdrop(control.address as Address, lamports(1_000_000_000n))
  const registry = { connectorOf: () => ({ getProvider: async () => wallet }), switchChain: async () => {} } as unknown as WalletRegistry
  return { from: control.address as Address, control, send: walletBridgeSender({ registry, chains: chains(), sleep }, control.address, 'mainnet-beta') }
}

const solanaRequest = (asset: 'native-currency' | 'USDC'): FundingRequest => ({ address: testKey().address, chainType: 'solana', chain: null, cluster: { name: 'mainnet-beta' }, amount: '0.05', asset, crossChainBridgingEnabled: true })
const evmRequest = (asset: 'native-currency' | 'USDC'): FundingRequest => ({ address: privateKeyToAccount(generatePrivateKey()).address, chainType: 'ethereum', chain: chains()[0]!, cluster: null, amount: '0.05', asset, crossChainBridgingEnabled: true })

describe('EVM to Solana', () => {
  it('ether deposited on the anvil: the stand-in sees it and the SOL arrives on the cluster', async () => {
    const { from, send } = await evmPayer()
    const request = solanaRequest('native-currency')
    const quoteRequest = fundingQuoteRequest(request, from, 'eip155:31337', { usdcAddress })!
    expect(quoteBody(quoteRequest)).toMatchObject({ originChainId: 31337, destinationChainId: 792703809, destinationCurrency: '11111111111111111111111111111111', amount: '50000000' })
    const [quote] = await service().quotes(quoteRequest)
    const hashes = await executeBridgeQuote(quote!, send)
    expect(hashes).toHaveLength(1)
    expect(await waitForBridgedFunds(sleep, local.cluster.url, request, 0n, 50_000_000n)).toBe(50_000_000n)
  }, 60_000)

  it('USDC approved and deposited on the anvil: USDC at the mainnet-beta mint is minted to the recipient on the cluster', async () => {
    const { from, send } = await evmPayer()
    await local.usdc.mintUsd(from, 1_000_000n)
    const request = solanaRequest('USDC')
    const quoteRequest = fundingQuoteRequest(request, from, 'eip155:31337', { usdcAddress })!
    expect(quoteBody(quoteRequest)).toMatchObject({ originCurrency: local.usdc.usd, destinationCurrency: TEST_USDC_MAINNET_MINT, amount: '50000' })
    const [quote] = await service().quotes(quoteRequest)
    expect(quote!.steps.map((s) => s.id)).toEqual(['approve', 'deposit'])
    await executeBridgeQuote(quote!, send)
    expect(await waitForBridgedFunds(sleep, local.cluster.url, request, 0n, 50_000n, undefined, TEST_USDC_MAINNET_MINT)).toBe(50_000n)
    expect(await readBalance(local.anvil.url, 'ethereum', from, local.usdc.usd)).toBe(1_000_000n - 50_000n - FEE)
  }, 60_000)
})

describe('Solana to EVM', () => {
  it('SOL sent to the deposit address with the request id as a memo: the ether arrives on the anvil', async () => {
    const { from, control, send } = await solanaPayer()
    const request = evmRequest('native-currency')
    const quoteRequest = fundingQuoteRequest(request, from, SOLANA_ID, { usdcAddress })!
    expect(quoteBody(quoteRequest)).toMatchObject({ originChainId: 792703809, destinationChainId: 31337, originCurrency: '11111111111111111111111111111111', amount: '50000000000000000' })
    const depositBefore = await readBalance(local.cluster.url, 'solana', BRIDGE_SOLANA_DEPOSIT, null)
    const [quote] = await service().quotes(quoteRequest)
    const hashes = await executeBridgeQuote(quote!, send)
    expect(hashes).toEqual(control.sent)
    expect(await waitForBridgedFunds(sleep, local.anvil.url, request, 0n, 50_000_000_000_000_000n)).toBe(50_000_000_000_000_000n)
    // 0.05 ether at the stand-in's prices is 0.6666… SOL, rounded up, plus the route's fee in lamports.
    expect((await readBalance(local.cluster.url, 'solana', BRIDGE_SOLANA_DEPOSIT, null)) - depositBefore).toBe(666_666_667n + FEE)
  }, 60_000)

  it("USDC sent to the deposit address's token account with the memo: the USDC is minted on the anvil", async () => {
    const { from, send } = await solanaPayer()
    await testUsdc(local.cluster.url, 'mainnet-beta').fund(from, 1_000_000n)
    const request = evmRequest('USDC')
    const quoteRequest = fundingQuoteRequest(request, from, SOLANA_ID, { usdcAddress })!
    expect(quoteBody(quoteRequest)).toMatchObject({ originCurrency: TEST_USDC_MAINNET_MINT, destinationCurrency: local.usdc.usd, amount: '50000' })
    const [quote] = await service().quotes(quoteRequest)
    await executeBridgeQuote(quote!, send)
    expect(await waitForBridgedFunds(sleep, local.anvil.url, request, 0n, 50_000n, undefined, local.usdc.usd)).toBe(50_000n)
    expect(await readBalance(local.cluster.url, 'solana', from, TEST_USDC_MAINNET_MINT)).toBe(1_000_000n - 50_000n - FEE)
    expect(await readBalance(local.cluster.url, 'solana', BRIDGE_SOLANA_DEPOSIT, TEST_USDC_MAINNET_MINT)).toBeGreaterThanOrEqual(50_000n + FEE)
  }, 60_000)

  it('a deposit with the memo but less than the input is seen and not settled', async () => {
    const { from, send } = await solanaPayer()
    const request = evmRequest('native-currency')
    const [quote] = await service().quotes(fundingQuoteRequest(request, from, SOLANA_ID, { usdcAddress })!)
    // The transfer's amount (the u64 after the instruction index) cut by one lamport; the memo left as quoted.
    const tx = quote!.steps[0]!.items[0]!.data as SolanaBridgeTransaction
    const input = 666_666_667n + FEE
    const amount = Array.from({ length: 8 }, (_, i) => (((input - 1n) >> BigInt(8 * i)) & 0xffn).toString(16).padStart(2, '0')).join('')
    expect(tx.instructions[0]!.data).toBe(`02000000${Array.from({ length: 8 }, (_, i) => ((input >> BigInt(8 * i)) & 0xffn).toString(16).padStart(2, '0')).join('')}`)
    const short: BridgeQuote = { ...quote!, steps: [{ id: 'deposit', items: [{ data: { ...tx, instructions: tx.instructions.map((i, n) => (n === 0 ? { ...i, data: `02000000${amount}` } : i)) } }] }] }
    const unsettled = local.bridge.unsettled.length
    const settled = local.bridge.settled.length
    await executeBridgeQuote(short, send)
    await expect.poll(() => local.bridge.unsettled.length, { timeout: 20_000 }).toBe(unsettled + 1)
    expect(local.bridge.settled.length).toBe(settled)
    expect(await readBalance(local.anvil.url, 'ethereum', request.address, null)).toBe(0n)
  }, 60_000)
})

describe('a swap on Solana', () => {
  it("SOL held, USDC requested on the same cluster: the swap call's deposit in SOL, and USDC minted to the funded wallet", async () => {
    const { from, send } = await solanaPayer()
    const request = solanaRequest('USDC')
    const quoteRequest = fundingQuoteRequest(request, from, SOLANA_ID, { usdcAddress, pay: 'native-currency' })!
    expect(quoteBody(quoteRequest)).toMatchObject({ originChainId: 792703809, destinationChainId: 792703809, originCurrency: '11111111111111111111111111111111', destinationCurrency: TEST_USDC_MAINNET_MINT, amount: '50000' })
    const swaps = local.bridge.swapCalls.length
    const [quote] = await service().swap!(quoteRequest)
    expect(local.bridge.swapCalls.length).toBe(swaps + 1)
    await executeBridgeQuote(quote!, send)
    expect(await waitForBridgedFunds(sleep, local.cluster.url, request, 0n, 50_000n, undefined, TEST_USDC_MAINNET_MINT)).toBe(50_000n)
  }, 60_000)

  it("USDC held, SOL requested on the same cluster: the swap call's deposit in USDC, and SOL airdropped to the funded wallet", async () => {
    const { from, send } = await solanaPayer()
    await testUsdc(local.cluster.url, 'mainnet-beta').fund(from, 1_000_000n)
    const request: FundingRequest = { ...solanaRequest('native-currency'), amount: '0.001' }
    const quoteRequest = fundingQuoteRequest(request, from, SOLANA_ID, { usdcAddress, pay: 'USDC' })!
    expect(quoteBody(quoteRequest)).toMatchObject({ originChainId: 792703809, destinationChainId: 792703809, originCurrency: TEST_USDC_MAINNET_MINT, destinationCurrency: '11111111111111111111111111111111', amount: '1000000' })
    const [quote] = await service().swap!(quoteRequest)
    // 0.001 SOL at the stand-in's prices (SOL 150 dollars) is 0.15 USDC, plus the route's fee.
    expect(quote!.amountIn).toBe(String(150_000n + FEE))
    await executeBridgeQuote(quote!, send)
    expect(await waitForBridgedFunds(sleep, local.cluster.url, request, 0n, 1_000_000n)).toBe(1_000_000n)
    expect(await readBalance(local.cluster.url, 'solana', from, TEST_USDC_MAINNET_MINT)).toBe(1_000_000n - 150_000n - FEE)
  }, 60_000)
})
