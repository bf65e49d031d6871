/**
 * The transactions plugin, server half: `GET /api/v1/token_price`, the USD price the send and
 * funding screens show beside native amounts.
 * @module
 */
import * as v from 'valibot'
import { defineServerPlugin, errors, HttpError } from '../../server'
import { transactionRoutes } from './api'
import { TokenPriceQuery, transactionSchemas } from './schemas'
import { cachedPrices, coingeckoPrices, type PriceSource } from './prices'

export { cachedPrices, coingeckoPrices, COINGECKO_API_URL, COINGECKO_IDS, type CoingeckoOptions, type PriceCacheOptions, type PriceSource } from './prices'

/** Options of {@link transactionsServer}. */
export interface TransactionsServerOptions {
  /**
   * Where prices come from; it is wrapped in a 60 s per-symbol cache.
   * @defaultValue CoinGecko's public API ({@link coingeckoPrices})
   */
  prices?: PriceSource
  /** The cache's lifetimes. @defaultValue 60 s for a price, 5 s for a failure */
  cache?: { ttlMs?: number; failureTtlMs?: number }
}

/**
 * The transactions plugin's server half.
 * @param options - the price source and its cache.
 * @returns the server plugin.
 * @example
 * ```ts
 * import { createServer, createPgliteDb, DevInbox } from 'portico/server'
 * import { transactionsServer, coingeckoPrices } from 'portico/plugins/transactions/server'
 * const server = await createServer({ db: await createPgliteDb(), mail: new DevInbox(), secret: 's',
 *   plugins: [transactionsServer({ prices: coingeckoPrices({ apiKey: process.env.COINGECKO_API_KEY }) })] })
 * ```
 */
export function transactionsServer(options: TransactionsServerOptions = {}) {
  const prices = cachedPrices(options.prices ?? coingeckoPrices(), options.cache ?? {})
  return defineServerPlugin({
    id: 'transactions',
    routes: transactionRoutes,
    schemas: transactionSchemas,
    handlers: {
      async tokenPrice(req) {
        const query = v.safeParse(TokenPriceQuery, req.query)
        if (!query.success) throw errors.invalidData(query.issues[0]?.message ?? 'chainId and tokenSymbol are required.')
        const symbol = query.output.tokenSymbol.toUpperCase()
        let usd: number | null
        try {
          usd = await prices.usdPrice(symbol)
        } catch {
          // The spec's words for a price that could not be read ('Unable to fetch SOL price').
          // 503 without a code (the contract has none for it): the client retries it as a passing failure.
          throw new HttpError(503, undefined, `Unable to fetch ${symbol} price`)
        }
        if (usd === null) throw errors.notFound(`No price is known for ${symbol}.`)
        return { usd }
      },
    },
  })
}
