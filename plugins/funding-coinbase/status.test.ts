// @vitest-environment jsdom
/**
 * Following a Coinbase Onramp purchase (spec §4, §9) with fake timers: the first read after 5 s,
 * then every 1500 ms; in flow while the window is open, after flow once closed; 3 closes while
 * pending end it; the chains and assets Coinbase is offered for.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { COINBASE_FOLLOW_UP_MS, COINBASE_POLL_MS, COINBASE_WINDOW_CHECK_MS, followCoinbasePurchase, type CoinbaseStatus } from './status'
import { COINBASE_NETWORKS, coinbasePurchaseOf } from './networks'
import type { FundingRequest } from '../funding'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))

function follow(answers: ('pending' | 'success' | 'failure' | Error)[], window = { closed: false }) {
  const readAt: number[] = []
  const statuses: [CoinbaseStatus, number][] = []
  const start = Date.now()
  let i = 0
  const read = () => {
    readAt.push(Date.now() - start)
    const answer = answers[Math.min(i++, answers.length - 1)]!
    return answer instanceof Error ? Promise.reject(answer) : Promise.resolve(answer)
  }
  const controller = new AbortController()
  const done = followCoinbasePurchase({ read, windowClosed: () => window.closed, sleep, signal: controller.signal, onStatus: (s, c) => statuses.push([s, c]) })
  return { done, readAt, statuses, window, abort: () => controller.abort() }
}

describe('followCoinbasePurchase', () => {
  it('reads first after 5 s, then every 1500 ms, until success', async () => {
    const run = follow(['pending', 'pending', 'success'])
    await vi.advanceTimersByTimeAsync(COINBASE_FOLLOW_UP_MS - 1)
    expect(run.readAt).toEqual([])
    await vi.advanceTimersByTimeAsync(1 + 2 * COINBASE_POLL_MS)
    await expect(run.done).resolves.toBe('success')
    expect(run.readAt).toEqual([5000, 6500, 8000])
    expect(run.statuses.map(([s]) => s)).toEqual(['pending-in-flow', 'success'])
  })

  it('ends as error on failure, and retries a read that failed', async () => {
    const run = follow([new Error('503'), 'pending', 'failure'])
    await vi.advanceTimersByTimeAsync(COINBASE_FOLLOW_UP_MS + 2 * COINBASE_POLL_MS)
    await expect(run.done).resolves.toBe('error')
    expect(run.readAt).toHaveLength(3)
  })

  it('is pending-after-flow once the window closes, and in flow again when it is reopened', async () => {
    const run = follow(['pending'])
    run.window.closed = true
    await vi.advanceTimersByTimeAsync(COINBASE_WINDOW_CHECK_MS)
    expect(run.statuses.at(-1)).toEqual(['pending-after-flow', 1])
    run.window.closed = false
    await vi.advanceTimersByTimeAsync(COINBASE_WINDOW_CHECK_MS)
    expect(run.statuses.at(-1)).toEqual(['pending-in-flow', 1])
    run.abort()
    await expect(run.done).resolves.toBeNull()
  })

  it('ends as closed on the third close while pending', async () => {
    const run = follow(['pending'])
    for (let close = 1; close <= 3; close++) {
      run.window.closed = true
      await vi.advanceTimersByTimeAsync(COINBASE_WINDOW_CHECK_MS)
      if (close < 3) {
        run.window.closed = false
        await vi.advanceTimersByTimeAsync(COINBASE_WINDOW_CHECK_MS)
      }
    }
    await expect(run.done).resolves.toBe('closed')
    expect(run.statuses.filter(([s]) => s === 'pending-after-flow').map(([, c]) => c)).toEqual([1, 2, 3])
  })

  it('stops reading once aborted', async () => {
    const run = follow(['pending'])
    await vi.advanceTimersByTimeAsync(COINBASE_FOLLOW_UP_MS)
    run.abort()
    await vi.advanceTimersByTimeAsync(10 * COINBASE_POLL_MS)
    await expect(run.done).resolves.toBeNull()
    expect(run.readAt).toHaveLength(1)
  })
})

const evm = (id: string, symbol = 'ETH', asset: FundingRequest['asset'] = 'native-currency'): FundingRequest => ({
  address: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F',
  chainType: 'ethereum',
  chain: { id, name: id, rpcUrls: [], nativeCurrency: { name: symbol, symbol, decimals: 18 } },
  cluster: null,
  amount: null,
  asset,
  crossChainBridgingEnabled: false,
})

const sol = (cluster: 'mainnet-beta' | 'devnet' | 'testnet', asset: FundingRequest['asset'] = 'native-currency'): FundingRequest => ({
  address: '9WzDXwBbmkg8ZTbNMqUxvQRAyrZzDsGYdLVL9zYtAWWM',
  chainType: 'solana',
  chain: null,
  cluster: { name: cluster },
  amount: null,
  asset,
  crossChainBridgingEnabled: false,
})

describe('coinbasePurchaseOf', () => {
  it("sells SOL and USDC on Solana's mainnet-beta as Coinbase's solana network, nothing on its devnet or testnet", () => {
    expect(coinbasePurchaseOf(sol('mainnet-beta'), COINBASE_NETWORKS)).toEqual({ network: 'solana', asset: 'SOL' })
    expect(coinbasePurchaseOf(sol('mainnet-beta', 'USDC'), COINBASE_NETWORKS)).toEqual({ network: 'solana', asset: 'USDC' })
    expect(coinbasePurchaseOf(sol('devnet'), COINBASE_NETWORKS)).toBeNull()
    expect(coinbasePurchaseOf(sol('testnet'), COINBASE_NETWORKS)).toBeNull()
  })

  it('offers Ethereum, Base, Optimism and Polygon, not Arbitrum or testnets by default', () => {
    expect(coinbasePurchaseOf(evm('eip155:1'), COINBASE_NETWORKS)).toEqual({ network: 'ethereum', asset: 'ETH' })
    expect(coinbasePurchaseOf(evm('eip155:8453'), COINBASE_NETWORKS)).toEqual({ network: 'base', asset: 'ETH' })
    expect(coinbasePurchaseOf(evm('eip155:10'), COINBASE_NETWORKS)).toEqual({ network: 'optimism', asset: 'ETH' })
    expect(coinbasePurchaseOf(evm('eip155:137', 'POL'), COINBASE_NETWORKS)).toEqual({ network: 'polygon', asset: 'POL' })
    expect(coinbasePurchaseOf(evm('eip155:42161'), COINBASE_NETWORKS)).toBeNull()
    expect(coinbasePurchaseOf(evm('eip155:11155111'), COINBASE_NETWORKS)).toBeNull()
  })

  it('sells USDC, and no other token', () => {
    expect(coinbasePurchaseOf(evm('eip155:8453', 'ETH', 'USDC'), COINBASE_NETWORKS)).toEqual({ network: 'base', asset: 'USDC' })
    expect(coinbasePurchaseOf(evm('eip155:8453', 'ETH', { erc20: '0x0000000000000000000000000000000000000001' }), COINBASE_NETWORKS)).toBeNull()
  })
})
