/**
 * `portico/plugins/transactions`: the review of an embedded wallet's transactions before they are
 * signed, and what it is built from, which host apps may use too: the token price route and
 * {@link fetchUsdPrice}, the calldata decoder, the token facts read from the chain.
 * @module
 */
import { definePlugin, type ApiClient } from '../../kernel/plugin'
import { embeddedWalletHooks } from '../embedded-wallets'
import { transactionRoutes } from './api'
import { loadTransactionScreenMessages, TRANSACTION_SCREENS, TRANSACTIONS_PLUGIN_ID, transactionScreens } from './screens'

export { transactionRoutes } from './api'
export { TRANSACTION_SCREENS, TRANSACTIONS_PLUGIN_ID } from './screens'
export { useSendTransaction, type SendTransactionOptions } from './react'
export { useSendSolanaTransaction, type SendSolanaTransactionOptions } from './react'
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
 * The transactions plugin: the review screen the embedded wallet shows before it signs an Ethereum
 * transaction (`transactions/review`: action, recipient, network, amount, decoded token call,
 * estimated fee, total, balance warning), and the token price route its figures use.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { transactions } from 'portico/plugins/transactions'
 * <PorticoProvider appId="..." plugins={[email(), embeddedWallets(), transactions()]}>...</PorticoProvider>
 * ```
 */
export const transactions = () =>
  definePlugin({
    id: TRANSACTIONS_PLUGIN_ID,
    kind: 'feature',
    api: transactionRoutes,
    screens: transactionScreens,
    screenMessages: loadTransactionScreenMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    setup(ctx) {
      // The embedded wallet opens these screens before it signs a transaction.
      const hooks = embeddedWalletHooks(ctx)
      const untaps = [
        hooks.transactionReview.tap(TRANSACTIONS_PLUGIN_ID, () => TRANSACTION_SCREENS.review),
        hooks.solanaTransactionReview.tap(TRANSACTIONS_PLUGIN_ID, () => TRANSACTION_SCREENS.solana),
      ]
      return () => untaps.forEach((untap) => untap())
    },
  })
