/**
 * `portico/plugins/funding-bridge`: bridging for funding. When a direct transfer from the user's
 * wallet cannot be prepared (the funds are on another chain), a funding method asks the bridge for
 * quotes from a bridge quote service (through an adapter; Solana is destination chain 792703809),
 * lets the user pick one when there are several, and executes its steps: the native currency, or
 * USDC between two chains with USDC (an EVM chain's contract, a Solana cluster's mint; from EVM an
 * approval, then the deposit). EVM-to-Solana and Solana-to-EVM; not on Solana testnets or devnets.
 * The same service's swap call turns the other asset on the request's own chain (ether for USDC, or
 * USDC for ether) into the requested one, and one quote swaps and bridges the other asset held on
 * another chain (ether there for USDC here, USDC there for ether here). Routes are tried only where
 * the wallet holds enough ({@link fundingRoutes}), and a quote is offered only when the wallet can
 * pay its input ({@link routeQuotes}).
 *
 * A funding method reaches it with `findBridge(ctx)` (undefined when the host did not register it)
 * and opens its screen 'Bridge from another network' ({@link BRIDGE_QUOTES_SCREEN}) with the paying
 * wallet and the chain its funds are on; the screen shows the quotes, executes the chosen one with
 * the wallet and waits for the funds on the destination chain.
 * @module
 */
import { defineErrorCodes } from '../../kernel/errors'
import { defineHooks } from '../../kernel/hook-bus'
import { defineMessages } from '../../kernel/messages'
import { definePlugin } from '../../kernel/plugin'
import { funding } from '../funding'
import { wallets } from '../wallets'
import { BRIDGE_TEXTS, httpBridgeQuotes, type BridgeQuoteService } from './quotes'

export * from './quotes'
export { BRIDGE_FEE_MARGIN_BPS, BRIDGE_GAS_LIMIT, bridgeNotEnoughFunds, firstAffordableRoute, fundingRoutes, routeQuotes, SOLANA_FEE_PER_SIGNATURE, type FundingPayment, type FundingRoute, type FundingRouteOptions, type RouteQuotes } from './route'
export { BRIDGE_BALANCE_POLL_MS, BRIDGE_RECEIPT_POLL_MS, bridgeChainOf, fundingQuoteRequest, waitForBridgedFunds, walletBridgeSender, type BridgeSenderContext, type FundingQuoteOptions } from './execute'

/** The plugin's id. */
export const BRIDGE_PLUGIN_ID = 'funding-bridge'

/**
 * The bridge screen's id: params `from` (the paying wallet) and `routes` (the {@link FundingRoute}s
 * worth asking, in order: {@link fundingRoutes}); or one route as `origin` (the CAIP-2 chain its funds
 * are on) and `pay` (`'native-currency'` or `'USDC'`, the request's asset when omitted).
 */
export const BRIDGE_QUOTES_SCREEN = `${BRIDGE_PLUGIN_ID}/quotes`

/** The bridge plugin's English texts: the screen's, and the spec's bridge errors (§8). */
export const bridgeMessages = defineMessages({
  BRIDGE_TITLE: 'Bridge from another network',
  BRIDGE_SUBTITLE: 'Your wallet has funds on {origin}. Bridge them to receive {amount} {symbol} on {network}.',
  BRIDGE_LOADING: 'Finding bridge routes…',
  BRIDGE_QUOTES_LABEL: 'Bridge routes',
  BRIDGE_RECEIVE: 'You receive {amount} {symbol}',
  BRIDGE_PAY: 'You pay {amount} {symbol}',
  BRIDGE_FEES: 'Fees {fees}',
  BRIDGE_TIME: 'About {seconds} s',
  BRIDGE_PICKED: 'Selected',
  BRIDGE_CONTINUE: 'Bridge funds',
  BRIDGE_CONFIRM_TITLE: 'Confirm in your wallet',
  BRIDGE_CONFIRM_SUBTITLE: 'Approve the bridge transfer on {network} in your wallet.',
  BRIDGE_AWAITING_TITLE: 'Bridging in progress',
  BRIDGE_AWAITING_SUBTITLE: 'Waiting for the funds to arrive on {network}.',
  BRIDGE_SUCCESS_TITLE: 'Funds added',
  BRIDGE_SUCCESS_SUBTITLE: '{amount} {symbol} arrived in your wallet.',
  BRIDGE_FAILED_TITLE: 'Bridging failed',
  BRIDGE_RETRY: 'Try again',
  BRIDGE_OTHER_METHOD: 'Choose another method',
  BRIDGE_QUOTES_FAILED: BRIDGE_TEXTS.quotes,
  BRIDGE_SELECT_FAILED: BRIDGE_TEXTS.select,
  BRIDGE_REJECTED: BRIDGE_TEXTS.rejected,
  BRIDGE_UNSUPPORTED: BRIDGE_TEXTS.unsupported,
  BRIDGE_FAILED: 'Something went wrong',
  BRIDGE_SWAP_TITLE: 'Swap to {symbol}',
  BRIDGE_SWAP_SUBTITLE: 'Your wallet has {paid} on {network}. Swap it to receive {amount} {symbol}.',
  BRIDGE_SWAP_LOADING: 'Finding swap routes…',
  BRIDGE_SWAP_QUOTES_LABEL: 'Swap routes',
  BRIDGE_SWAP_CONTINUE: 'Swap funds',
  BRIDGE_SWAP_CONFIRM_SUBTITLE: 'Approve the swap on {network} in your wallet.',
  BRIDGE_SWAP_AWAITING_TITLE: 'Swap in progress',
  BRIDGE_SWAP_FAILED_TITLE: 'Swap failed',
  BRIDGE_SWAP_BRIDGE_SUBTITLE: 'Your wallet has {paid} on {origin}. Swap and bridge it to receive {amount} {symbol} on {network}.',
  BRIDGE_NOT_ENOUGH_FUNDS: BRIDGE_TEXTS.notEnough,
})

/** The bridge plugin's error table. */
export const BRIDGE_ERRORS = defineErrorCodes('FUNDING_BRIDGE', {
  /** The quote service could not be reached, refused, or had no executable quote. */
  FUNDING_BRIDGE_QUOTES_FAILED: { inline: true, message: 'BRIDGE_QUOTES_FAILED' },
  /** Several quotes and no valid choice among them. */
  FUNDING_BRIDGE_SELECT_FAILED: { inline: true, message: 'BRIDGE_SELECT_FAILED' },
  /** The user's wallet refused a step's transaction. */
  FUNDING_BRIDGE_REJECTED: { inline: true, message: 'BRIDGE_REJECTED' },
  /** A Solana testnet or devnet on either side. */
  FUNDING_BRIDGE_UNSUPPORTED: { inline: true, message: 'BRIDGE_UNSUPPORTED' },
  /** No route holds enough: 'Wallet {address} does not have enough funds.' (the screen names the wallet). */
  FUNDING_BRIDGE_NOT_ENOUGH_FUNDS: { inline: true, message: 'BRIDGE_NOT_ENOUGH_FUNDS' },
  /** A step's transaction reverted or failed, or its chain has no RPC endpoint. */
  FUNDING_BRIDGE_FAILED: { inline: true, message: 'BRIDGE_FAILED' },
})

/** The bridge plugin's hook: it answers with its kernel's quote service. */
export const bridgeHooks = defineHooks('funding-bridge', (make) => ({
  /** Called by {@link findBridge}; the bridge plugin answers with its quote service. Bail. */
  service: make.syncBail<[], BridgeQuoteService>(),
}))

/**
 * The bridge quote service of a kernel, or undefined when the bridge plugin is not registered.
 * @param owner - a plugin context or a kernel.
 * @returns the service, if any.
 * @example
 * ```ts
 * import { findBridge, selectBridgeQuote, executeBridgeQuote } from 'portico/plugins/funding-bridge'
 * const quotes = await findBridge(ctx)?.quotes(request)
 * ```
 */
export function findBridge(owner: Parameters<typeof bridgeHooks>[0]): BridgeQuoteService | undefined {
  return bridgeHooks(owner).service.call()
}

/** Options of {@link fundingBridge}. */
export interface FundingBridgeOptions {
  /** The bridge quote service's base URL. @defaultValue 'https://api.relay.link' */
  apiUrl?: string
  /** The base URL of the swap call on testnets (chains with `testnet: true`). @defaultValue 'https://api.testnets.relay.link' */
  testnetApiUrl?: string
  /** Another quote service (an adapter of the host's own); `apiUrl` and `testnetApiUrl` are then unused. */
  service?: BridgeQuoteService
}

/** The bridge quote service the plugin asks by default. */
export const BRIDGE_API_URL = 'https://api.relay.link'

/**
 * The bridge plugin.
 * @param options - the quote service's URL, or another service.
 * @returns the plugin definition; it requires the funding and wallets plugins.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { fundingBridge } from 'portico/plugins/funding-bridge'
 * <PorticoProvider appId="..." plugins={[fundingBridge()]}>...</PorticoProvider>
 * ```
 */
export const fundingBridge = (options: FundingBridgeOptions = {}) => {
  const service = options.service ?? httpBridgeQuotes({ apiUrl: options.apiUrl ?? BRIDGE_API_URL, ...(options.testnetApiUrl ? { testnetApiUrl: options.testnetApiUrl } : {}) })
  return definePlugin({
    id: BRIDGE_PLUGIN_ID,
    kind: 'funding',
    requires: [funding(), wallets()],
    screens: { quotes: { load: () => import('./screens/Quotes') } },
    errors: BRIDGE_ERRORS,
    messages: bridgeMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    setup: (ctx) => bridgeHooks(ctx).service.tap(BRIDGE_PLUGIN_ID, () => service),
  })
}

declare module '../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof bridgeMessages, true> {}
}
