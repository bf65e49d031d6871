/**
 * The Coinbase Wallet connector plugin: offers Coinbase Wallet (the extension, the mobile app or the
 * smart wallet, as the Coinbase Wallet SDK decides) in the wallet list. The SDK is imported only when
 * the entry's `load()` runs, that is when the visitor presses its button.
 * @module
 */
import { definePlugin, type PluginContext } from '../../kernel/plugin'
import type { ConnectorEntry, ConnectorSource, WalletBranding, WalletConnector } from '../wallets'
import type { CoinbaseConnectionOptions } from './connector'
import { wallets, walletsOf } from '../wallets'

export {
  COINBASE_CONNECTION_OPTIONS,
  COINBASE_SMART_WALLET_CHAIN_IDS,
  createCoinbaseConnector,
  isSmartWalletChain,
  type CoinbaseConnectionOptions,
  type CoinbaseConnectorOptions,
  type CoinbaseProvider,
} from './connector'

/** Options of the {@link coinbaseWallet} plugin. */
export interface CoinbaseWalletOptions {
  /** The name the wallet shows the visitor. @defaultValue the app's name, else 'Portico' */
  appName?: string
  /** The logo the wallet shows. @defaultValue the app's logo */
  appLogoUrl?: string
  /** Which Coinbase wallets may connect. @defaultValue 'all' */
  connectionOptions?: CoinbaseConnectionOptions
}

/** The registry id of the Coinbase Wallet entry. */
export const COINBASE_WALLET_ENTRY_ID = 'coinbase-wallet:coinbase_wallet'

// The Coinbase Wallet mark: a white rounded square on a blue disc.
const ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><circle cx="20" cy="20" r="20" fill="#0052FF"/><path fill="#fff" fill-rule="evenodd" d="M20 33c7.2 0 13-5.8 13-13S27.2 7 20 7 7 12.8 7 20s5.8 13 13 13Zm-4-17.5a.5.5 0 0 0-.5.5v8a.5.5 0 0 0 .5.5h8a.5.5 0 0 0 .5-.5v-8a.5.5 0 0 0-.5-.5h-8Z"/></svg>',
  )

/** The branding of the Coinbase Wallet entry; its id matches the extension's EIP-6963 rdns so the two are one row. */
export const COINBASE_WALLET_BRANDING: WalletBranding = { id: 'com.coinbase.wallet', name: 'Coinbase Wallet', icon: ICON }

/**
 * Builds the Coinbase Wallet entry. `load()` imports the SDK and the connector, once per entry.
 * @param options - the plugin options.
 * @param app - reads the app's name, logo and chains when `load()` runs.
 * @returns the connector entry.
 * @example
 * ```ts
 * import { coinbaseWalletEntry } from 'portico/plugins/coinbase-wallet'
 * const entry = coinbaseWalletEntry({ connectionOptions: 'smartWalletOnly' })
 * const connector = await entry.load()
 * ```
 */
export function coinbaseWalletEntry(
  options: CoinbaseWalletOptions = {},
  app: () => { name?: string; logoUrl?: string | null; chainIds?: number[] } = () => ({}),
): ConnectorEntry {
  let loading: Promise<WalletConnector> | null = null
  const connectionOptions = options.connectionOptions ?? 'all'
  return {
    id: COINBASE_WALLET_ENTRY_ID,
    chainType: 'ethereum',
    connectorType: 'coinbase_wallet',
    walletClientType: 'coinbase_wallet',
    branding: COINBASE_WALLET_BRANDING,
    installed: false,
    load() {
      loading ??= (async () => {
        const [{ createCoinbaseWalletSDK }, { createCoinbaseConnector, isSmartWalletChain }] = await Promise.all([
          import('@coinbase/wallet-sdk'),
          import('./connector'),
        ])
        const info = app()
        const chainIds = (info.chainIds ?? []).filter((id) => connectionOptions !== 'smartWalletOnly' || isSmartWalletChain(id))
        const provider = createCoinbaseWalletSDK({
          appName: options.appName ?? info.name ?? 'Portico',
          appLogoUrl: options.appLogoUrl ?? info.logoUrl ?? null,
          ...(chainIds.length ? { appChainIds: chainIds } : {}),
          preference: { options: connectionOptions },
        }).getProvider()
        return createCoinbaseConnector(provider, { branding: COINBASE_WALLET_BRANDING, connectionOptions })
      })()
      // A failed import (offline, blocked chunk) may be retried by pressing the button again.
      loading.catch(() => {
        loading = null
      })
      return loading
    },
  }
}

/**
 * Creates the Coinbase Wallet connector plugin.
 * @param options - app name, logo and connection options (`all`, `smartWalletOnly`, `eoaOnly`).
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { coinbaseWallet } from 'portico/plugins/coinbase-wallet'
 * <PorticoProvider appId="..." plugins={[coinbaseWallet({ connectionOptions: 'smartWalletOnly' })]} />
 * ```
 */
export const coinbaseWallet = (options: CoinbaseWalletOptions = {}) =>
  definePlugin({
    id: 'coinbase-wallet',
    kind: 'connector',
    requires: [wallets()],
    setup(ctx: PluginContext) {
      const entry = coinbaseWalletEntry(options, () => {
        const config = ctx.config()
        const chainIds = (config?.supportedChains ?? []).flatMap((c) => {
          const m = /^eip155:([1-9][0-9]*)$/.exec(c.id)
          return m ? [Number(m[1])] : []
        })
        return { name: config?.name, logoUrl: config?.appearance.logo ?? null, chainIds }
      })
      const source: ConnectorSource = { entries: () => [entry] }
      return walletsOf(ctx).addSource(source)
    },
  })
