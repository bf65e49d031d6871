/**
 * Routes of the transactions plugin, shared by its client and server halves. Their types come from
 * the schemas in `./schemas` (imported as types only, so no validation code reaches the browser).
 * @module
 */
import { route, type SchemaRoute } from '../../kernel/route'
import type { Empty } from '../../kernel/schemas'
import type { TokenPriceResponse } from './schemas'

/**
 * The transactions plugin's routes.
 * @example
 * ```ts
 * import { transactionRoutes } from 'portico/plugins/transactions'
 * const { usd } = await ctx.api.request(transactionRoutes.tokenPrice, undefined, { query: { chainId: '1', tokenSymbol: 'ETH' } })
 * ```
 */
export const transactionRoutes = {
  /**
   * The USD price of a chain's token (`?chainId=<n>&tokenSymbol=<SYM>`; Solana's SOL is asked with
   * `chainId=0`). `{usd}`; 404 when the price source does not know the token, 503 ('Unable to
   * fetch SOL price') when the source cannot be reached.
   */
  tokenPrice: route<SchemaRoute<typeof Empty, typeof TokenPriceResponse>>('GET', '/api/v1/token_price'),
}
