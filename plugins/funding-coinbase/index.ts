/**
 * `portico/plugins/funding-coinbase`: card purchases and exchange transfers through Coinbase
 * Onramp. It adds 'Pay with card' and 'Transfer from an exchange' to the funding selection; its
 * screen confirms the amount, has the server create a session token
 * (`POST /api/v1/funding/coinbase_on_ramp/init`), opens Coinbase's buy page in a window and follows
 * the purchase (`GET /api/v1/funding/coinbase_on_ramp/status`).
 * @module
 */
import { definePlugin } from '../../kernel/plugin'
import { coinbaseRoutes } from './api'
import { funding, fundingHooks, type FundingMethod } from '../funding'
import { COINBASE_ERRORS } from './errors'
import { coinbaseMessages } from './messages'
import { COINBASE_NETWORKS, coinbasePurchaseOf } from './networks'
import type { CoinbaseScreenParams } from './screens/CoinbaseScreen'

export { coinbaseRoutes } from './api'
export { COINBASE_ERRORS } from './errors'
export { coinbaseMessages, type CoinbaseMessageKey } from './messages'
export { COINBASE_NETWORKS, COINBASE_ARBITRUM, coinbasePurchaseOf } from './networks'
export {
  COINBASE_FOLLOW_UP_MS,
  COINBASE_POLL_MS,
  COINBASE_MAX_CLOSES,
  COINBASE_WINDOW_CHECK_MS,
  followCoinbasePurchase,
  type CoinbaseStatus,
  type CoinbaseEnd,
  type FollowCoinbaseOptions,
} from './status'

/** The plugin's id: the prefix of its screens. */
export const COINBASE_PLUGIN_ID = 'funding-coinbase'

/** Coinbase Onramp's buy pages. */
export const COINBASE_PAY_URL = 'https://pay.coinbase.com'

const CARD_ICON = 'M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7Zm0 3h18M7 15h4'
const EXCHANGE_ICON = 'M7 7h11l-3-3m2 13H6l3 3M4 12a8 8 0 0 1 3-5m13 5a8 8 0 0 1-3 5'

/** Options of {@link fundingCoinbase}. */
export interface CoinbaseOptions {
  /** Coinbase's buy pages. Tests point it at a stand-in. @defaultValue 'https://pay.coinbase.com' */
  payUrl?: string
  /**
   * Network names by chain key (`eip155:<id>`, `solana:<cluster>`), added to (and overriding)
   * {@link COINBASE_NETWORKS}: the chains the tiles are offered on.
   */
  networks?: Readonly<Record<string, string>>
}

/**
 * The Coinbase Onramp funding methods: 'Pay with card' (`method: 'card'`) and 'Transfer from an
 * exchange' (`method: 'exchange'`), both `provider: 'coinbase'`, on the chains of
 * {@link COINBASE_NETWORKS} for the native currency or USDC.
 * @param options - buy page URL and extra networks.
 * @returns the plugin definition; it requires the funding plugin.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { fundingCoinbase } from 'portico/plugins/funding-coinbase'
 * <PorticoProvider appId="..." plugins={[fundingCoinbase()]}>...</PorticoProvider>
 * ```
 */
export const fundingCoinbase = (options: CoinbaseOptions = {}) => {
  const networks = { ...COINBASE_NETWORKS, ...options.networks }
  const payUrl = options.payUrl ?? COINBASE_PAY_URL
  const available: FundingMethod['available'] = (request) => coinbasePurchaseOf(request, networks) !== null
  const screen = `${COINBASE_PLUGIN_ID}/buy`
  const card: CoinbaseScreenParams = { payUrl, paymentMethod: 'CARD', networks }
  const exchange: CoinbaseScreenParams = { payUrl, paymentMethod: 'CRYPTO_ACCOUNT', networks }
  const tiles: FundingMethod[] = [
    { id: 'coinbase-card', method: 'card', provider: 'coinbase', label: 'COINBASE_CARD_TILE', icon: CARD_ICON, order: 11, screen, params: card, available },
    { id: 'coinbase-exchange', method: 'exchange', provider: 'coinbase', label: 'COINBASE_EXCHANGE_TILE', icon: EXCHANGE_ICON, order: 20, screen, params: exchange, available },
  ]
  return definePlugin({
    id: COINBASE_PLUGIN_ID,
    kind: 'funding',
    requires: [funding()],
    screens: { buy: { load: () => import('./screens/CoinbaseScreen') } },
    api: coinbaseRoutes,
    errors: COINBASE_ERRORS,
    messages: coinbaseMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    setup: (ctx) => fundingHooks(ctx).methods.tap(COINBASE_PLUGIN_ID, (list) => [...list, ...tiles]),
  })
}
