/**
 * `portico/plugins/transactions`: what the send-transaction screens share with host apps. Today: the
 * token price route, {@link fetchUsdPrice} and the calldata decoder; the review, receipt and error
 * screens build on them.
 * @module
 */
import { definePlugin, type ApiClient } from '../../kernel/plugin'
import { transactionRoutes } from './api'

export { transactionRoutes } from './api'
export { decodeTransactionData, isUnlimitedAmount, type DecodedTransaction } from './decode'
export { formatTokenAmount, readTokenInfo, withTokenStandard, type ChainCall, type TokenInfo } from './token-info'

/** The chain id `GET /token_price` takes for Solana (SOL). */
export const SOLANA_PRICE_CHAIN_ID = 0

/**
 * The USD price of a chain's token, or null when it cannot be had (the source is down or does not
 * know the token): screens then show native amounts only ('Unable to fetch SOL price').
 * @param api - the plugin's API client (`ctx.api`).
 * @param chainId - the EVM chain id, or {@link SOLANA_PRICE_CHAIN_ID} for SOL.
 * @param tokenSymbol - the token's symbol (`ETH`, `SOL`, `USDC`).
 * @returns the price in USD, or null.
 * @example
 * ```ts
 * import { fetchUsdPrice } from 'portico/plugins/transactions'
 * const usd = await fetchUsdPrice(ctx.api, 8453, 'ETH')
 * ```
 */
export async function fetchUsdPrice(api: ApiClient, chainId: number, tokenSymbol: string): Promise<number | null> {
  try {
    const { usd } = await api.request(transactionRoutes.tokenPrice, undefined, { query: { chainId: String(chainId), tokenSymbol } })
    return usd
  } catch {
    return null
  }
}

/**
 * The transactions plugin: declares its routes (the token price) so the server half's are known to
 * the widget. The send-transaction screens will register here.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { transactions } from 'portico/plugins/transactions'
 * <PorticoProvider appId="..." plugins={[email(), embeddedWallets(), transactions()]}>...</PorticoProvider>
 * ```
 */
export const transactions = () => definePlugin({ id: 'transactions', kind: 'feature', api: transactionRoutes })
