/**
 * Routes of a wallet short of funds, against two anvils (each with a 6-decimals test USDC) and the
 * bridge quote stand-in: the origin is a chain where the wallet holds enough (the amount plus the fee
 * margin, gas), not merely more than zero; when the requested asset is held nowhere in sufficient
 * amount, the other asset on another chain is quoted (a swap then a bridge in one quote), priced by
 * the stand-in, executed by the wallet and settled between the anvils; a wallet that can pay no quote
 * gets 'Wallet {address} does not have enough funds.'.
 */
import { describe, expect, it } from 'vitest'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { rpc } from '../../test/fixtures/anvil'
import { createTestWallet } from '../../testing/evm-wallet/provider'
import { readBalance, type FundingRequest } from '../funding'
import type { WalletRegistry } from '../wallets'
import { waitForBridgedFunds, walletBridgeSender } from './execute'
import { BRIDGE_EVM_NATIVE, executeBridgeQuote, httpBridgeQuotes, selectBridgeQuote } from './quotes'
import { firstAffordableRoute, fundingRoutes, routeQuotes } from './route'
import { twoAnvils } from './test-chains'

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
const ETH = 10n ** 18n

const local = twoAnvils()
const { chains, usdcAddress } = local
const options = (o: { bridging?: boolean; swap?: boolean } = {}) => ({ chains: chains(), usdcAddress, bridging: o.bridging ?? true, swap: o.swap ?? true })
const service = () => httpBridgeQuotes({ apiUrl: local.bridge.url, testnetApiUrl: `${local.bridge.url}/testnets` })

/** A payer holding exactly what it is given (ether and USDC per anvil), its bridge sender, and a wallet to fund. */
async function payer(holds: { etherOne?: bigint; etherTwo?: bigint; usdcOne?: bigint; usdcTwo?: bigint }) {
  const key = generatePrivateKey()
  const from = privateKeyToAccount(key).address
  await rpc(local.one.url, 'anvil_setBalance', [from, `0x${(holds.etherOne ?? 0n).toString(16)}`])
  await rpc(local.two.url, 'anvil_setBalance', [from, `0x${(holds.etherTwo ?? 0n).toString(16)}`])
  if (holds.usdcOne) await local.usdcOne.mintUsd(from, holds.usdcOne)
  if (holds.usdcTwo) await local.usdcTwo.mintUsd(from, holds.usdcTwo)
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

const requestOn = (recipient: string, asset: 'USDC' | 'native-currency', amount: string, crossChainBridgingEnabled = true): FundingRequest => ({ address: recipient, chainType: 'ethereum', chain: chains()[0]!, cluster: null, amount, asset, crossChainBridgingEnabled })

describe('the origin is where the wallet holds enough', () => {
  it('USDC short on the other chain (less than the amount and its margin) is passed over for the ether held there', async () => {
    const { from, recipient } = await payer({ etherTwo: ETH, usdcTwo: 40_000n })
    const routes = await fundingRoutes(requestOn(recipient, 'USDC', '0.05'), from, 'ethereum', options())
    // 0.04 USDC cannot pay 0.05: the bridge of USDC is not offered; ether on Anvil Two is, swapped and bridged.
    expect(routes).toEqual([{ origin: 'eip155:31338', pay: 'native-currency' }])
  })

  it('the requested asset held with its margin comes first; the amount without the margin does not count', async () => {
    const enough = await payer({ etherTwo: ETH, usdcTwo: 50_500n })
    expect(await fundingRoutes(requestOn(enough.recipient, 'USDC', '0.05'), enough.from, 'ethereum', options())).toEqual([
      { origin: 'eip155:31338', pay: 'USDC' },
      { origin: 'eip155:31338', pay: 'native-currency' },
    ])
    const exact = await payer({ etherTwo: ETH, usdcTwo: 50_000n })
    expect(await fundingRoutes(requestOn(exact.recipient, 'USDC', '0.05'), exact.from, 'ethereum', options())).toEqual([{ origin: 'eip155:31338', pay: 'native-currency' }])
  })

  it('ether without the gas of the steps, or nothing anywhere, is no route; bridging off leaves only the swap here', async () => {
    const dust = await payer({ etherTwo: 1000n })
    expect(await fundingRoutes(requestOn(dust.recipient, 'USDC', '0.05'), dust.from, 'ethereum', options())).toEqual([])
    const nothing = await payer({})
    expect(await fundingRoutes(requestOn(nothing.recipient, 'native-currency', '0.05'), nothing.from, 'ethereum', options())).toEqual([])
    const here = await payer({ etherOne: ETH, etherTwo: ETH })
    expect(await fundingRoutes(requestOn(here.recipient, 'USDC', '0.05', false), here.from, 'ethereum', options({ bridging: false }))).toEqual([{ origin: 'eip155:31337', pay: 'native-currency' }])
  })
})

describe('a swap then a bridge, in one quote', () => {
  it('ether on Anvil Two funds a USDC request on Anvil: the quote names ether as origin currency, its input is priced, the deposit settles as USDC', async () => {
    const { from, send, recipient } = await payer({ etherTwo: ETH })
    const request = requestOn(recipient, 'USDC', '0.05')
    const routes = await fundingRoutes(request, from, 'ethereum', options())
    const calls = local.bridge.calls.length
    const answer = await firstAffordableRoute(service(), request, from, routes, options())
    expect(answer.route).toEqual({ origin: 'eip155:31338', pay: 'native-currency' })
    expect(local.bridge.calls.slice(calls)).toEqual([expect.objectContaining({ originChainId: 31338, destinationChainId: 31337, originCurrency: BRIDGE_EVM_NATIVE, destinationCurrency: local.usdcOne.usd, amount: '50000' })])
    // 0.05 USDC at 2000 USDC per ether is 0.000025 ether, and the route's fee (10000 wei).
    const quote = selectBridgeQuote(answer.quotes)
    expect(quote).toMatchObject({ amountIn: (25_000_000_000_000n + 10_000n).toString(), amountOut: '50000' })
    const before = await readBalance(local.two.url, 'ethereum', from, null)
    await executeBridgeQuote(quote, send)
    expect(await waitForBridgedFunds(sleep, local.one.url, request, 0n, 50_000n, undefined, local.usdcOne.usd)).toBe(50_000n)
    // The payer paid the input (and gas) in ether on Anvil Two.
    expect(before - (await readBalance(local.two.url, 'ethereum', from, null))).toBeGreaterThanOrEqual(BigInt(quote.amountIn!))
  }, 60_000)

  it('USDC on Anvil Two funds an ether request on Anvil: approved, pulled, and ether credited', async () => {
    const { from, send, recipient } = await payer({ etherTwo: ETH / 100n, usdcTwo: 200_000_000n })
    const request = requestOn(recipient, 'native-currency', '0.05')
    const routes = await fundingRoutes(request, from, 'ethereum', options())
    expect(routes).toEqual([{ origin: 'eip155:31338', pay: 'USDC' }])
    const answer = await firstAffordableRoute(service(), request, from, routes, options())
    const quote = selectBridgeQuote(answer.quotes)
    // 0.05 ether at 2000 USDC is 100 USDC, and the fee (10000 units).
    expect(quote.amountIn).toBe('100010000')
    expect(quote.steps.map((s) => s.id)).toEqual(['approve', 'deposit'])
    await executeBridgeQuote(quote, send)
    expect(await waitForBridgedFunds(sleep, local.one.url, request, 0n, 5n * 10n ** 16n)).toBe(5n * 10n ** 16n)
    expect(await readBalance(local.two.url, 'ethereum', from, local.usdcTwo.usd)).toBe(200_000_000n - 100_010_000n)
  }, 60_000)

  it("a quote whose input is more than the wallet holds is not offered: 'Wallet {address} does not have enough funds.'", async () => {
    // 5000 USDC asked: 2.5 ether, and the wallet holds 1 on Anvil Two (and nothing else).
    const { from, recipient } = await payer({ etherTwo: ETH })
    const request = requestOn(recipient, 'USDC', '5000')
    const routes = await fundingRoutes(request, from, 'ethereum', options())
    expect(routes).toEqual([{ origin: 'eip155:31338', pay: 'native-currency' }])
    const answer = await routeQuotes(service(), request, from, routes[0]!, options())
    expect(answer?.quotes).toEqual([])
    await expect(firstAffordableRoute(service(), request, from, routes, options())).rejects.toMatchObject({ code: 'FUNDING_BRIDGE_NOT_ENOUGH_FUNDS', shortMessage: `Wallet ${from} does not have enough funds.`, details: from })
  })

  it("a service that cannot quote any route answers with its own error, not 'not enough funds'", async () => {
    const { from, recipient } = await payer({ etherTwo: ETH })
    const request = requestOn(recipient, 'USDC', '0.05')
    const routes = await fundingRoutes(request, from, 'ethereum', options())
    local.bridge.refuse(400)
    try {
      await expect(firstAffordableRoute(service(), request, from, routes, options())).rejects.toMatchObject({ code: 'FUNDING_BRIDGE_QUOTES_FAILED' })
    } finally {
      local.bridge.refuse(null)
    }
  })
})
