/**
 * `portico/plugins/funding-receive`: the 'Receive funds' funding method. Its screen shows the
 * wallet's address with a QR code and a copy button, polls the wallet's balance every 2000 ms, and
 * turns its indicator green once the balance reaches the requested amount. EVM chains (native
 * currency, USDC, ERC-20) and Solana (SOL, and USDC where the funding plugin knows the cluster's mint).
 * @module
 */
import { definePlugin } from '../../kernel/plugin'
import { findFunding, funding, fundingChainId, fundingHooks, type FundingMethod, type FundingRequest } from '../funding'
import { fundingReceiveMessages } from './messages'

export { fundingReceiveMessages, type FundingReceiveMessageKey } from './messages'

/** Id of the receive plugin (the prefix of its screen). */
export const FUNDING_RECEIVE_ID = 'funding-receive'

/** The receive screen's id. */
export const FUNDING_RECEIVE_SCREEN = `${FUNDING_RECEIVE_ID}/receive`

/** How often the receive screen reads the wallet's balance (the spec's manual funding poll). */
export const RECEIVE_BALANCE_POLL_MS = 2000

/** How long 'Copied' shows after the address is copied (the spec's copy confirmation). */
export const COPY_CONFIRMATION_MS = 1500

/** QR code defaults of the spec: error correction Q, 160 px. */
export const RECEIVE_QR = { ecc: 'Q', size: 160 } as const

/** A QR code's finder squares, drawn as an SVG path in a 24×24 box (the tile's icon). */
const RECEIVE_ICON = 'M4 4h6v6H4zM14 4h6v6h-6zM4 14h6v6H4zM14 14h2v2h-2zM18 18h2v2h-2zM14 18h2v2h-2zM18 14h2v2h-2z'


/**
 * The receive funding method ('Receive funds', of the kind `manual`: the user sends the funds
 * themselves). Without an amount in the request it asks for one first ('Confirm or edit amount').
 * @returns the plugin definition; it requires the funding plugin.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { fundingReceive } from 'portico/plugins/funding-receive'
 * <PorticoProvider appId="..." plugins={[email(), embeddedWallets(), fundingReceive()]}>...</PorticoProvider>
 * ```
 */
export const fundingReceive = () =>
  definePlugin({
    id: FUNDING_RECEIVE_ID,
    kind: 'funding',
    requires: [funding()],
    screens: { receive: { load: () => import('./screens/Receive') } },
    messages: fundingReceiveMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    setup(ctx) {
      /** What the screen can read the balance of: native currency anywhere, tokens on EVM chains, USDC on a Solana cluster with a mint. */
      const receivable = (request: FundingRequest): boolean =>
        request.chainType === 'ethereum' || request.asset === 'native-currency' || (request.asset === 'USDC' && findFunding(ctx)?.usdcAddress(fundingChainId(request)) != null)
      return fundingHooks(ctx).methods.tap(FUNDING_RECEIVE_ID, (tiles, request) => {
        const tile: FundingMethod = {
          id: 'receive',
          method: 'manual',
          label: 'FUNDING_RECEIVE_TILE',
          icon: RECEIVE_ICON,
          order: 400,
          screen: FUNDING_RECEIVE_SCREEN,
          confirmAmount: request.amount === null,
          available: receivable,
        }
        return [...tiles, tile]
      })
    },
  })
