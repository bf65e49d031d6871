/**
 * `portico/plugins/smart-wallets`: ERC-4337 smart accounts owned by the user's embedded wallet. The
 * app's `smart_wallet_config` names the account type and, per chain, the bundler and the paymaster;
 * {@link useSmartWallets} gives the host a client per chain whose transactions go through the smart
 * account as user operations. The account code (`permissionless`) loads on the first use only.
 * @module
 */
import { definePlugin } from '../../kernel/plugin'
import { embeddedWallets } from '../embedded-wallets'
import type { SmartAccountContracts } from './account'
import { smartWalletRoutes } from './api'
import { smartWalletMessages } from './messages/en'

export { smartWalletRoutes } from './api'
export {
  SMART_WALLET_ERROR_CODES,
  SMART_WALLET_TYPES,
  SPONSORED_DEFAULTS,
  networksOf,
  sponsoredContext,
  type SmartWalletNetwork,
  type SmartWalletType,
} from './config'
export type { SentUserOperation, SmartAccountContracts, SmartWallet, SmartWalletCall, UserOperationError } from './account'
export type { UserOperationReviewParams } from './review'
export { smartWalletMessages, type SmartWalletMessageKey } from './messages/en'
export { useSmartWallets, type UseSmartWalletsResult } from './react'

/** The plugin's id. */
export const SMART_WALLETS_PLUGIN_ID = 'smart-wallets'

/** Options of {@link smartWallets}. */
export interface SmartWalletsOptions {
  /**
   * Contract addresses per EVM chain id, for chains where the account type's canonical deployments
   * do not exist (a local or private chain). @defaultValue the type's canonical addresses
   */
  contracts?: Record<number, SmartAccountContracts>
}

/** The plugin's state: its options, for {@link useSmartWallets}. */
export interface SmartWalletsState {
  contracts: Record<number, SmartAccountContracts>
}

/**
 * The smart-wallet plugin. It requires the embedded wallet, which owns the smart account.
 * @param options - contract addresses of chains without the canonical deployments.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { embeddedWallets } from 'portico/plugins/embedded-wallets'
 * import { smartWallets } from 'portico/plugins/smart-wallets'
 * <PorticoProvider appId="..." plugins={[email(), embeddedWallets(), smartWallets()]}>...</PorticoProvider>
 * ```
 */
export const smartWallets = (options: SmartWalletsOptions = {}) =>
  definePlugin<typeof SMART_WALLETS_PLUGIN_ID, SmartWalletsState>({
    id: SMART_WALLETS_PLUGIN_ID,
    kind: 'feature',
    // The host's own embedded-wallets plugin (with its options) wins over this default one.
    requires: [embeddedWallets()],
    api: smartWalletRoutes,
    messages: smartWalletMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    initialState: () => ({ contracts: options.contracts ?? {} }),
  })
