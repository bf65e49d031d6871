/**
 * `portico/plugins/funding-wallet`: the 'Transfer from wallet' funding method. The user picks an
 * external wallet (with more than 4, the first 3 and 'More wallets'; the wallet last connected
 * carries 'Recent'), the wallet is switched to the request's chain (or the chain added), the
 * native currency or USDC (6 decimals, Circle's contract on the chain) is sent to the funded
 * wallet, and the receipt is awaited. A chain without a USDC contract cannot fund USDC this way.
 * A Solana request lists the Wallet Standard wallets and sends SOL, or USDC as an SPL token
 * transfer (the cluster's mint: Circle's on mainnet-beta and devnet, else the funding plugin's
 * `usdcAddresses`), through the wallet's `solana:signAndSendTransaction`, then waits for the
 * cluster's confirmation. With bridging on and the
 * `funding-bridge` plugin registered, a wallet short of funds on the request's chain but holding
 * some on another chain of the app, or a wallet of the other chain family, goes to the bridge; with
 * that plugin registered, an EVM wallet holding the other asset (ether for USDC, or USDC for ether)
 * on the request's chain swaps it there.
 * @module
 */
import { definePlugin } from '../../kernel/plugin'
import { findBridge } from '../funding-bridge'
import { findFunding, funding, fundingChainId, fundingHooks, type FundingMethod, type FundingRequest } from '../funding'
import { wallets, walletsOf } from '../wallets'
import { FUNDING_WALLET_ERRORS, fundingWalletErrorReaction } from './errors'
import { fundingWalletMessages } from './messages'

export { fundingWalletMessages, type FundingWalletMessageKey } from './messages'
export { FUNDING_WALLET_ERRORS, FUNDING_WALLET_FROM_WALLET_CODES, fundingWalletErrorReaction } from './errors'
export { RECEIPT_POLL_MS, planTransfer, type TransferPlan } from './transfer'

/** Id of the transfer-from-wallet plugin (the prefix of its screen). */
export const FUNDING_WALLET_ID = 'funding-wallet'

/** The transfer screen's id. */
export const FUNDING_WALLET_SCREEN = `${FUNDING_WALLET_ID}/transfer`

/** With more wallets than this, the list shows the first {@link WALLETS_SHOWN} and 'More wallets'. */
export const WALLETS_COLLAPSE_ABOVE = 4

/** How many wallets a collapsed list shows. */
export const WALLETS_SHOWN = 3

/** A wallet with an arrow, drawn as an SVG path in a 24×24 box (the tile's icon). */
const WALLET_TRANSFER_ICON = 'M3 7h15a3 3 0 0 1 3 3v7a3 3 0 0 1-3 3H6a3 3 0 0 1-3-3V7Zm0 0 2-3h11M16 14h2'

/**
 * The transfer-from-wallet funding method (kind `wallets`). Without an amount in the request it
 * asks for one first ('Confirm or edit amount').
 * @returns the plugin definition; it requires the funding and wallets plugins (add connector
 *   plugins, such as `injected()`, for the wallets to pick from).
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { injected } from 'portico/plugins/injected'
 * import { fundingWallet } from 'portico/plugins/funding-wallet'
 * <PorticoProvider appId="..." plugins={[email(), embeddedWallets(), injected(), fundingWallet()]}>...</PorticoProvider>
 * ```
 */
export const fundingWallet = () =>
  definePlugin({
    id: FUNDING_WALLET_ID,
    kind: 'funding',
    requires: [funding(), wallets()],
    screens: { transfer: { load: () => import('./screens/Transfer') } },
    messages: fundingWalletMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    errors: FUNDING_WALLET_ERRORS,
    setup(ctx) {
      const available = (request: FundingRequest): boolean => {
        // With bridging on (and the bridge registered), a wallet of the other chain family can pay too.
        const anyFamily = request.crossChainBridgingEnabled && findBridge(ctx) !== undefined
        if (!walletsOf(ctx).entries().some((e) => (anyFamily || e.chainType === request.chainType) && !e.screen)) return false
        if (request.asset === 'native-currency') return true
        return request.asset === 'USDC' && findFunding(ctx)?.usdcAddress(fundingChainId(request)) != null
      }
      // The wallet's refusal in this method's screens reads as its table says (before the wallets plugin's answer).
      const untapError = ctx.hooks.mapError.tap(FUNDING_WALLET_ID, fundingWalletErrorReaction(FUNDING_WALLET_ID))
      const untapMethods = fundingHooks(ctx).methods.tap(FUNDING_WALLET_ID, (tiles, request) => {
        const tile: FundingMethod = {
          id: 'wallet',
          method: 'wallets',
          label: 'FUNDING_WALLET_TILE',
          icon: WALLET_TRANSFER_ICON,
          order: 300,
          screen: FUNDING_WALLET_SCREEN,
          confirmAmount: request.amount === null,
          available,
        }
        return [...tiles, tile]
      })
      return () => {
        untapError()
        untapMethods()
      }
    },
  })
