/**
 * `portico/plugins/funding-moonpay`: card purchases through MoonPay. It adds the 'Pay with card'
 * tile to the funding selection; its screen confirms the amount, has the server sign MoonPay's
 * widget URL (`POST /api/v1/plugins/moonpay_on_ramp/sign`), opens the widget in a window and
 * follows the purchase on MoonPay's transactions API until it is final.
 * @module
 */
import { definePlugin } from '../../kernel/plugin'
import { moonpayRoutes } from './api'
import { funding, fundingHooks, type FundingMethod } from '../funding'
import { MOONPAY_CURRENCY_CODES, moonpayCurrencyCode, type MoonpayChainCurrencies } from './currency'
import { MOONPAY_ERRORS } from './errors'
import { moonpayMessages } from './messages'
import { MOONPAY_API_URL } from './status'
import type { MoonpayScreenParams } from './screens/MoonpayScreen'

export { moonpayRoutes } from './api'
export { MOONPAY_ERRORS } from './errors'
export { moonpayMessages, type MoonpayMessageKey } from './messages'
export { MOONPAY_CURRENCY_CODES, moonpayCurrencyCode, fundingChainKey, type MoonpayChainCurrencies } from './currency'
export {
  MOONPAY_API_URL,
  MOONPAY_FOLLOW_UP_MS,
  MOONPAY_POLL_MS,
  MOONPAY_MAX_READ_ERRORS,
  MOONPAY_FINAL_STATUSES,
  moonpayStatusOf,
  readMoonpayTransaction,
  followMoonpayPurchase,
  type MoonpayStatus,
  type MoonpayTransaction,
  type FollowMoonpayOptions,
} from './status'

/** The plugin's id: the prefix of its screens. */
export const MOONPAY_PLUGIN_ID = 'funding-moonpay'

/** A card, drawn as an SVG path in a 24×24 box (the tile's icon). */
const CARD_ICON = 'M3 7a2 2 0 0 1 2-2h14a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H5a2 2 0 0 1-2-2V7Zm0 3h18M7 15h4'

/** Options of {@link fundingMoonpay}. */
export interface MoonpayOptions {
  /** Use MoonPay's sandbox (test payments) instead of production. @defaultValue false */
  useSandbox?: boolean
  /** MoonPay's transactions API. Tests point it at a stand-in. @defaultValue 'https://api.moonpay.com' */
  apiUrl?: string
  /**
   * Currency codes by chain key (`eip155:<id>`, `solana:<cluster>`), added to (and overriding)
   * {@link MOONPAY_CURRENCY_CODES}. A chain with no code has no MoonPay tile.
   */
  currencyCodes?: Readonly<Record<string, MoonpayChainCurrencies>>
}

/**
 * The MoonPay funding method: a 'Pay with card' tile (`method: 'card'`, `provider: 'moonpay'`) for
 * the native currency or USDC on the chains MoonPay has a currency code for.
 * @param options - sandbox, API URL and extra currency codes.
 * @returns the plugin definition; it requires the funding plugin.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { fundingMoonpay } from 'portico/plugins/funding-moonpay'
 * <PorticoProvider appId="..." plugins={[fundingMoonpay({ useSandbox: true })]}>...</PorticoProvider>
 * ```
 */
export const fundingMoonpay = (options: MoonpayOptions = {}) => {
  const currencyCodes = { ...MOONPAY_CURRENCY_CODES, ...options.currencyCodes }
  const params: MoonpayScreenParams = { apiUrl: options.apiUrl ?? MOONPAY_API_URL, useSandbox: options.useSandbox ?? false, currencyCodes }
  const tile: FundingMethod = {
    id: 'moonpay-card',
    method: 'card',
    provider: 'moonpay',
    label: 'MOONPAY_TILE',
    icon: CARD_ICON,
    order: 10,
    screen: `${MOONPAY_PLUGIN_ID}/buy`,
    params,
    available: (request) => moonpayCurrencyCode(request, currencyCodes) !== null,
  }
  return definePlugin({
    id: MOONPAY_PLUGIN_ID,
    kind: 'funding',
    requires: [funding()],
    screens: { buy: { load: () => import('./screens/MoonpayScreen') } },
    api: moonpayRoutes,
    errors: MOONPAY_ERRORS,
    messages: moonpayMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    setup: (ctx) => fundingHooks(ctx).methods.tap(MOONPAY_PLUGIN_ID, (tiles) => [...tiles, tile]),
  })
}
