/**
 * `GET /api/v1/token_price` against the CoinGecko stand-in: prices by symbol (SOL with chain id 0),
 * one source call per symbol while the price is fresh (also for a burst of parallel requests), the
 * 503 'Unable to fetch … price' when the source fails (and a recovery once it answers again), 404 for
 * a token no source knows, and 400 for a malformed query.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { startCoingecko, type CoingeckoStandIn } from '../../test/fixtures/coingecko'
import { cachedPrices, coingeckoPrices, transactionsServer } from './server'
import { TokenPriceResponse } from './schemas'
import { fetchUsdPrice, SOLANA_PRICE_CHAIN_ID } from './index'
import { createApiClient } from '../../kernel/client'
import { createMemoryStorage } from '../../kernel/storage'

const PRICE = '/api/v1/token_price'
const KEY = 'demo-key-1'

let gecko: CoingeckoStandIn
let t: TestInstance
let clock = 1_800_000_000_000
beforeAll(async () => {
  gecko = await startCoingecko({ prices: { ethereum: 3125.5, solana: 142.25, 'usd-coin': 1 }, apiKey: KEY })
  t = await createTestInstance({
    plugins: [transactionsServer({ prices: coingeckoPrices({ baseUrl: gecko.baseUrl, apiKey: KEY }), cache: { ttlMs: 60_000, failureTtlMs: 5_000 } })],
  })
})
afterAll(async () => {
  await t.close()
  await gecko.close()
})
beforeEach(() => {
  gecko.failing = false
})

const price = (query: string) => t.request(`${PRICE}?${query}`, { method: 'GET' })

describe('GET /token_price', () => {
  it('answers the USD price of a chain token by its symbol, and of SOL with chainId 0', async () => {
    const eth = await price('chainId=1&tokenSymbol=ETH')
    expect(eth.status).toBe(200)
    expect(v.is(TokenPriceResponse, eth.body)).toBe(true)
    expect(eth.body).toEqual({ usd: 3125.5 })
    expect((await price('chainId=0&tokenSymbol=SOL')).body).toEqual({ usd: 142.25 })
    expect((await price('chainId=8453&tokenSymbol=usdc')).body).toEqual({ usd: 1 })
    // The key goes in CoinGecko's header; the ids are CoinGecko's.
    expect(gecko.calls.find((c) => c.ids[0] === 'ethereum')).toEqual({ ids: ['ethereum'], vsCurrencies: ['usd'], apiKey: KEY })
  })

  it('asks the source once per symbol while the price is fresh, even for 100 parallel requests', async () => {
    gecko.prices.set('binancecoin', 600)
    const before = gecko.calls.length
    const answers = await Promise.all(Array.from({ length: 100 }, () => price('chainId=56&tokenSymbol=BNB')))
    expect(answers.map((a) => a.status)).toEqual(Array(100).fill(200))
    expect(answers.every((a) => a.body.usd === 600)).toBe(true)
    expect(gecko.calls.length - before).toBe(1)
    // Still fresh: the same price, no call.
    gecko.prices.set('binancecoin', 601)
    expect((await price('chainId=56&tokenSymbol=BNB')).body).toEqual({ usd: 600 })
    expect(gecko.calls.length - before).toBe(1)
  })

  it("answers 503 'Unable to fetch SOL price' while the source fails, with no 500 and nothing of the source's answer", async () => {
    gecko.prices.set('avalanche-2', 30)
    gecko.failing = true
    const down = await price('chainId=43114&tokenSymbol=AVAX')
    expect(down.status).toBe(503)
    expect(down.body).toEqual({ error: 'Unable to fetch AVAX price' })
  })

  it('answers 404 for a token the source does not know', async () => {
    const unknown = await price('chainId=1&tokenSymbol=NOPE')
    expect(unknown.status).toBe(404)
    expect(unknown.body.error).toBe('No price is known for NOPE.')
  })

  it('refuses a malformed query with 400 invalid_data and never asks the source', async () => {
    const before = gecko.calls.length
    for (const query of ['', 'chainId=1', 'tokenSymbol=ETH', 'chainId=-1&tokenSymbol=ETH', 'chainId=1.5&tokenSymbol=ETH', 'chainId=1&tokenSymbol=E%20TH', `chainId=1&tokenSymbol=${'A'.repeat(17)}`, 'chainId=1&tokenSymbol=ETH&extra=1', 'chainId=99999999999999999999&tokenSymbol=ETH']) {
      const r = await price(query)
      expect(r.status, query).toBe(400)
      expect(r.body.code, query).toBe('invalid_data')
    }
    expect(gecko.calls.length).toBe(before)
  })
})

describe('fetchUsdPrice (the widget side)', () => {
  const client = () => createApiClient({ appId: t.appId, apiUrl: t.baseUrl, storage: createMemoryStorage(), sleep: async () => undefined })

  it('reads the price through the route, SOL with chain id 0', async () => {
    expect(await fetchUsdPrice(client(), 1, 'ETH')).toBe(3125.5)
    expect(await fetchUsdPrice(client(), SOLANA_PRICE_CHAIN_ID, 'SOL')).toBe(142.25)
  })

  it('answers null, after the retries, when no price can be had', async () => {
    gecko.prices.set('celo', 0.5)
    gecko.failing = true
    expect(await fetchUsdPrice(client(), 42220, 'CELO')).toBeNull()
    expect(await fetchUsdPrice(client(), 1, 'NOPE')).toBeNull()
  })
})

describe('the price cache', () => {
  it('asks again once a price is older than its lifetime, and soon after a failure', async () => {
    const asked: string[] = []
    let fail = false
    const prices = cachedPrices(
      {
        async usdPrice(symbol) {
          asked.push(symbol)
          if (fail) throw new Error('down')
          return 10
        },
      },
      { ttlMs: 60_000, failureTtlMs: 5_000, now: () => clock },
    )
    expect(await prices.usdPrice('eth')).toBe(10)
    clock += 59_999
    expect(await prices.usdPrice('ETH')).toBe(10)
    expect(asked).toEqual(['ETH'])
    clock += 2
    fail = true
    await expect(prices.usdPrice('ETH')).rejects.toThrow('down')
    clock += 4_999
    await expect(prices.usdPrice('ETH')).rejects.toThrow('down')
    expect(asked).toHaveLength(2)
    clock += 2
    fail = false
    expect(await prices.usdPrice('ETH')).toBe(10)
    expect(asked).toHaveLength(3)
  })
})
