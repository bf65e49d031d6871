/**
 * Where `GET /token_price` gets its figures: a price source (CoinGecko's simple-price API in
 * production, or any service speaking it) behind a per-symbol cache with a short lifetime. Server
 * only.
 * @module
 */

/** Anything that can price a token in US dollars. */
export interface PriceSource {
  /**
   * The token's price.
   * @param symbol - the token's symbol, upper case (`ETH`, `SOL`, `USDC`).
   * @returns the price in USD, or null when the source does not know the token; rejects when the
   *   source cannot be reached or answers nonsense.
   */
  usdPrice(symbol: string): Promise<number | null>
}

/** CoinGecko's public API. */
export const COINGECKO_API_URL = 'https://api.coingecko.com/api/v3'

/**
 * The CoinGecko coin ids of the tokens wallets hold most (native tokens of the common chains, the
 * big stablecoins and wrapped tokens). A host adds its own with `ids`.
 */
export const COINGECKO_IDS: Readonly<Record<string, string>> = Object.freeze({
  ETH: 'ethereum',
  WETH: 'weth',
  SOL: 'solana',
  POL: 'polygon-ecosystem-token',
  MATIC: 'polygon-ecosystem-token',
  BNB: 'binancecoin',
  AVAX: 'avalanche-2',
  CELO: 'celo',
  FTM: 'fantom',
  S: 'sonic-3',
  ARB: 'arbitrum',
  OP: 'optimism',
  USDC: 'usd-coin',
  USDT: 'tether',
  DAI: 'dai',
  WBTC: 'wrapped-bitcoin',
  BTC: 'bitcoin',
})

/** Options of {@link coingeckoPrices}. */
export interface CoingeckoOptions {
  /** The API's base URL (a Pro URL, or a local stand-in in tests). @defaultValue {@link COINGECKO_API_URL} */
  baseUrl?: string
  /** An API key: sent as `x-cg-pro-api-key` to a Pro URL, `x-cg-demo-api-key` otherwise. */
  apiKey?: string
  /** More symbol → coin id pairs, over {@link COINGECKO_IDS}. */
  ids?: Record<string, string>
  /** How long a request may take. @defaultValue 5000 */
  timeoutMs?: number
  /** The fetch to use. @defaultValue globalThis.fetch */
  fetch?: typeof fetch
}

/**
 * A price source over CoinGecko's `GET /simple/price?ids=<id>&vs_currencies=usd`, which answers
 * `{ "<id>": { "usd": <price> } }`.
 * @param options - base URL, key, extra ids, time-out.
 * @returns the source.
 * @example
 * ```ts
 * import { coingeckoPrices, transactionsServer } from 'portico/plugins/transactions/server'
 * transactionsServer({ prices: coingeckoPrices({ apiKey: process.env.COINGECKO_API_KEY }) })
 * ```
 */
export function coingeckoPrices(options: CoingeckoOptions = {}): PriceSource {
  const base = (options.baseUrl ?? COINGECKO_API_URL).replace(/\/+$/, '')
  const ids = { ...COINGECKO_IDS, ...options.ids }
  const doFetch = options.fetch ?? fetch
  const keyHeader = /pro-api\./.test(base) ? 'x-cg-pro-api-key' : 'x-cg-demo-api-key'
  return {
    async usdPrice(symbol) {
      const id = ids[symbol.toUpperCase()]
      if (!id) return null
      const url = `${base}/simple/price?ids=${encodeURIComponent(id)}&vs_currencies=usd`
      const res = await doFetch(url, {
        headers: { accept: 'application/json', ...(options.apiKey ? { [keyHeader]: options.apiKey } : {}) },
        signal: AbortSignal.timeout(options.timeoutMs ?? 5000),
      })
      if (!res.ok) throw new Error(`The price source answered ${res.status}`)
      const body = (await res.json()) as Record<string, { usd?: unknown } | undefined>
      const usd = body?.[id]?.usd
      if (usd === undefined) return null
      if (typeof usd !== 'number' || !Number.isFinite(usd) || usd < 0) throw new Error('The price source answered a price that is not a number')
      return usd
    },
  }
}

/** Options of {@link cachedPrices}. */
export interface PriceCacheOptions {
  /** How long a price is kept. @defaultValue 60000 */
  ttlMs?: number
  /** How long a failure is kept, so a source that is down is not asked on every request. @defaultValue 5000 */
  failureTtlMs?: number
  /** The clock (ms). @defaultValue Date.now */
  now?: () => number
}

/**
 * Keeps each symbol's price for a short time, and asks the source once for concurrent requests of
 * the same symbol. The cache is per process: prices are public figures, not state to share.
 * @param source - the source.
 * @param options - lifetimes and clock.
 * @returns the cached source.
 * @example
 * ```ts
 * const prices = cachedPrices(coingeckoPrices(), { ttlMs: 30_000 })
 * await prices.usdPrice('ETH')
 * ```
 */
export function cachedPrices(source: PriceSource, options: PriceCacheOptions = {}): PriceSource {
  const ttl = options.ttlMs ?? 60_000
  const failureTtl = options.failureTtlMs ?? 5000
  const now = options.now ?? Date.now
  const entries = new Map<string, { until: number; price: Promise<number | null> }>()
  return {
    usdPrice(symbol) {
      const key = symbol.toUpperCase()
      const t = now()
      const known = entries.get(key)
      if (known && known.until > t) return known.price
      const entry = { until: t + ttl, price: source.usdPrice(key) }
      entries.set(key, entry)
      entry.price.catch(() => {
        entry.until = Math.min(entry.until, now() + failureTtl)
      })
      return entry.price
    },
  }
}
