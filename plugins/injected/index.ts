/**
 * The injected-wallet connector plugin: offers every browser-extension wallet of the page to the
 * wallet list (EIP-6963 discovery, several wallets side by side, or the legacy `window.ethereum`),
 * each through one connector. The connector code itself loads with the first connection.
 * @module
 */
import { definePlugin } from '../../kernel/plugin'
import { createInjectedSource, type InjectedSourceOptions } from './discovery'
import { wallets, walletsOf } from '../wallets'

export { createInjectedSource, type InjectedSource, type InjectedSourceOptions, type Eip6963ProviderDetail, type Eip6963ProviderInfo } from './discovery'
export { createInjectedConnector, type InjectedConnectorOptions, type InjectedProvider } from './connector'
export { walletClientTypeOf, legacyWalletName, LEGACY_WALLET_NAME } from './client-type'

/** Options of {@link injected}. */
export type InjectedOptions = Omit<InjectedSourceOptions, 'window'>

/**
 * The injected-wallet connector plugin.
 * @param options - request timeouts (all wallets, or per wallet by rdns or client type) and the legacy fallback.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { injected } from 'portico/plugins/injected'
 * import { siwe } from 'portico/plugins/siwe'
 * <PorticoProvider appId="..." plugins={[injected({ walletTimeoutsMs: { phantom: 60_000 } }), siwe()]}>...</PorticoProvider>
 * ```
 */
export const injected = (options: InjectedOptions = {}) =>
  definePlugin({
    id: 'injected',
    kind: 'connector',
    requires: [wallets()],
    setup(ctx) {
      const source = createInjectedSource(options)
      const remove = walletsOf(ctx).addSource(source)
      return () => {
        remove()
        source.destroy()
      }
    },
  })
