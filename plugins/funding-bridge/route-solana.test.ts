/**
 * A Solana wallet paying the bridge, checked for enough funds before and after its quote, against
 * the local Solana cluster posing as mainnet-beta (litesvm behind JSON-RPC, USDC at Circle's
 * mainnet-beta mint), an anvil and the bridge quote stand-in: SOL must cover more than a
 * transaction's fee before the quote, then the quote's input plus the fee; USDC must cover the amount
 * plus the 1 % margin over the wallet's token accounts of the mint before the quote, then the quote's
 * input, with the fee and, while the deposit address has no token account of the mint, its rent in
 * SOL; what stays in SOL is nothing or the rent-exempt minimum. A Solana wallet short on a Solana
 * request swaps the other asset on its cluster (the swap call). A wallet that can pay no quote gets 'Wallet {address} does not have enough funds.'.
 */
import { describe, expect, it } from 'vitest'
import { lamports, type Address } from '@solana/kit'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { BRIDGE_SOLANA_DEPOSIT } from '../../test/fixtures/funding/bridge-quotes'
import { testKey, testUsdc } from '../../test/fixtures/solana-rpc/spl'
import { fundingRpc, type FundingRequest } from '../funding'
import { httpBridgeQuotes } from './quotes'
import { firstAffordableRoute, fundingRoutes, routeQuotes, SOLANA_FEE_PER_SIGNATURE, type FundingRouteOptions } from './route'
import { anvilAndCluster, SOLANA_ID } from './test-chains'

/** The stand-in's first route's fee, in the input's smallest units. */
const FEE = 10_000n
/** 0.05 ether at the stand-in's prices, in lamports, rounded up, plus the route's fee. */
const SOL_INPUT = 666_666_667n + FEE

const local = anvilAndCluster()
const { chains, usdcAddress } = local
const options = (): FundingRouteOptions => ({
  chains: chains(),
  usdcAddress,
  bridging: true,
  swap: false,
})
const service = () => httpBridgeQuotes({ apiUrl: local.bridge.url })
const evmRequest = (asset: 'native-currency' | 'USDC'): FundingRequest => ({ address: privateKeyToAccount(generatePrivateKey()).address, chainType: 'ethereum', chain: chains()[0]!, cluster: null, amount: '0.05', asset, crossChainBridgingEnabled: true })

/** A new Solana wallet holding `sol` lamports and, when given, `usdcUnits` of USDC in its associated account. */
async function solanaWallet(sol: bigint, usdcUnits?: bigint): Promise<string> {
  const { address } = testKey()
  if (usdcUnits !== undefined) await testUsdc(local.cluster.url, 'mainnet-beta').fund(address, usdcUnits)
  if (sol > 0n) local.cluster.svm.airdrop(address as Address, lamports(sol))
  return address
}

const rentOfAccount = async (size: number) => BigInt(await fundingRpc<number>(local.cluster.url, 'getMinimumBalanceForRentExemption', [size]))
const rent = () => rentOfAccount(165)

describe('a Solana wallet paying SOL', () => {
  it("is quoted when it holds the quote's input and the fee, and refused with 'not enough funds' below it", async () => {
    const request = evmRequest('native-currency')
    const enough = await solanaWallet(SOL_INPUT + SOLANA_FEE_PER_SIGNATURE)
    const routes = await fundingRoutes(request, enough, 'solana', options())
    expect(routes).toEqual([{ origin: SOLANA_ID, pay: 'native-currency' }])
    const answer = await firstAffordableRoute(service(), request, enough, routes, options())
    expect(answer.quotes[0]!.amountIn).toBe(String(SOL_INPUT))

    const short = await solanaWallet(SOL_INPUT + SOLANA_FEE_PER_SIGNATURE - 1n)
    const shortRoutes = await fundingRoutes(request, short, 'solana', options())
    expect(shortRoutes).toEqual([{ origin: SOLANA_ID, pay: 'native-currency' }])
    expect((await routeQuotes(service(), request, short, shortRoutes[0]!, options()))!.quotes).toEqual([])
    await expect(firstAffordableRoute(service(), request, short, shortRoutes, options())).rejects.toMatchObject({
      code: 'FUNDING_BRIDGE_NOT_ENOUGH_FUNDS',
      shortMessage: `Wallet ${short} does not have enough funds.`,
      details: short,
    })

    // One lamport more: the wallet would be left below the rent-exempt minimum, which the runtime refuses.
    const between = await solanaWallet(SOL_INPUT + SOLANA_FEE_PER_SIGNATURE + 1n)
    await expect(firstAffordableRoute(service(), request, between, routes, options())).rejects.toMatchObject({ code: 'FUNDING_BRIDGE_NOT_ENOUGH_FUNDS' })
    const keeping = await solanaWallet(SOL_INPUT + SOLANA_FEE_PER_SIGNATURE + (await rentOfAccount(0)))
    expect((await firstAffordableRoute(service(), request, keeping, routes, options())).quotes).toHaveLength(1)
  }, 60_000)

  it('is not routed at all when it holds no more than a transaction fee', async () => {
    const request = evmRequest('native-currency')
    expect(await fundingRoutes(request, await solanaWallet(0n), 'solana', options())).toEqual([])
    expect(await fundingRoutes(request, await solanaWallet(SOLANA_FEE_PER_SIGNATURE), 'solana', options())).toEqual([])
  }, 60_000)
})

describe('a Solana wallet paying USDC', () => {
  it('is routed only when its USDC covers the amount plus the 1 % margin, and a transaction fee in SOL', async () => {
    const request = evmRequest('USDC')
    // 0.05 USDC plus 1 %: 50 500 units.
    expect(await fundingRoutes(request, await solanaWallet(1_000_000_000n, 50_500n), 'solana', options())).toEqual([{ origin: SOLANA_ID, pay: 'USDC' }])
    expect(await fundingRoutes(request, await solanaWallet(1_000_000_000n, 50_499n), 'solana', options())).toEqual([])
    expect(await fundingRoutes(request, await solanaWallet(0n, 1_000_000n), 'solana', options())).toEqual([])
    expect(await fundingRoutes(request, await solanaWallet(1_000_000_000n), 'solana', options())).toEqual([])
  }, 60_000)

  it("is refused when the quote's input is more than its USDC", async () => {
    const request = evmRequest('USDC')
    // Enough for the amount and margin, not for the quote's input (the amount plus the route's fee).
    const from = await solanaWallet(1_000_000_000n, 50_000n + FEE - 1n)
    const routes = await fundingRoutes(request, from, 'solana', options())
    expect(routes).toHaveLength(1)
    await expect(firstAffordableRoute(service(), request, from, routes, options())).rejects.toMatchObject({ code: 'FUNDING_BRIDGE_NOT_ENOUGH_FUNDS', details: from })
  }, 60_000)

  it("needs the rent of the deposit address's token account in SOL while that account does not exist", async () => {
    const request = evmRequest('USDC')
    const rentOf = await rent()
    expect(rentOf).toBeGreaterThan(0n)
    const without = await solanaWallet(SOLANA_FEE_PER_SIGNATURE + rentOf - 1n, 1_000_000n)
    const routes = await fundingRoutes(request, without, 'solana', options())
    expect(routes).toEqual([{ origin: SOLANA_ID, pay: 'USDC' }])
    await expect(firstAffordableRoute(service(), request, without, routes, options())).rejects.toMatchObject({ code: 'FUNDING_BRIDGE_NOT_ENOUGH_FUNDS' })
    const withRent = await solanaWallet(SOLANA_FEE_PER_SIGNATURE + rentOf, 1_000_000n)
    const answer = await firstAffordableRoute(service(), request, withRent, routes, options())
    expect(answer.quotes).toHaveLength(1)
    // Once the deposit address holds a token account of the mint, the fee alone is enough.
    await testUsdc(local.cluster.url, 'mainnet-beta').fund(BRIDGE_SOLANA_DEPOSIT, 1n)
    expect((await firstAffordableRoute(service(), request, without, routes, options())).quotes).toHaveLength(1)
  }, 60_000)
})

describe('a Solana wallet short on a Solana request', () => {
  const solanaRequest = (asset: 'native-currency' | 'USDC', cluster: 'mainnet-beta' | 'devnet' = 'mainnet-beta'): FundingRequest => ({ address: testKey().address, chainType: 'solana', chain: null, cluster: { name: cluster }, amount: '0.05', asset, crossChainBridgingEnabled: false })

  it('swaps the other asset on the request\'s cluster, with a service that swaps and on mainnet-beta only', async () => {
    const withSol = await solanaWallet(1_000_000_000n)
    expect(await fundingRoutes(solanaRequest('USDC'), withSol, 'solana', { ...options(), swap: true })).toEqual([{ origin: SOLANA_ID, pay: 'native-currency' }])
    expect(await fundingRoutes(solanaRequest('USDC'), withSol, 'solana', options())).toEqual([])
    expect(await fundingRoutes(solanaRequest('USDC', 'devnet'), withSol, 'solana', { ...options(), swap: true })).toEqual([])
    const withUsdc = await solanaWallet(1_000_000_000n, 1n)
    expect(await fundingRoutes(solanaRequest('native-currency'), withUsdc, 'solana', { ...options(), swap: true })).toEqual([{ origin: SOLANA_ID, pay: 'USDC' }])
    expect(await fundingRoutes(solanaRequest('native-currency'), withSol, 'solana', { ...options(), swap: true })).toEqual([])
  }, 60_000)

  it("is quoted through the swap call when it can pay the input, refused with 'not enough funds' when it cannot", async () => {
    const request = solanaRequest('USDC')
    const swaps = local.bridge.swapCalls.length
    const from = await solanaWallet(1_000_000_000n)
    const routes = await fundingRoutes(request, from, 'solana', { ...options(), swap: true })
    const answer = await firstAffordableRoute(service(), request, from, routes, options())
    // 0.05 USDC at the stand-in's prices (SOL 150 dollars) is 333 334 lamports, plus the route's fee.
    expect(answer.quotes[0]!.amountIn).toBe(String(333_334n + FEE))
    expect(local.bridge.swapCalls.slice(swaps)).toEqual([expect.objectContaining({ body: expect.objectContaining({ originChainId: 792703809, destinationChainId: 792703809 }) })])
    // 200 USDC is 1.3333… SOL: more than the wallet's 1 SOL.
    const large = { ...request, amount: '200' }
    await expect(firstAffordableRoute(service(), large, from, await fundingRoutes(large, from, 'solana', { ...options(), swap: true }), options())).rejects.toMatchObject({ code: 'FUNDING_BRIDGE_NOT_ENOUGH_FUNDS', details: from })
  }, 60_000)
})

