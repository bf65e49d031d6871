/**
 * `portico/plugins/wallets`: the wallet layer every wallet plugin builds on. It holds the wallet
 * registry of each kernel (connector entries, connections, chain switches, the connection history),
 * the EIP-1193 helpers, the chain list, the wallet table and the wallet error texts, and declares
 * its own hooks (`walletHooks`). Connector plugins (injected, Coinbase, WalletConnect, Solana) and
 * sign-in plugins (SIWE, SIWS) require it; a page without wallet plugins does not load it.
 * @module
 */
import { definePlugin } from '../../kernel/plugin'
import { STAGE } from '../../kernel/hooks'
import { resolveChains } from './chains'
import { walletErrorReaction } from './errors'
import { walletHooks } from './hooks'
import { walletMessages } from './messages'
import { createWalletRegistry, type WalletsState } from './registry'

export * from './types'
export * from './registry'
export * from './eip1193'
export * from './wallet-table'
export * from './chains'
export * from './errors'
export * from './hooks'
export { absentWalletRegistry, walletsOf } from './absent'
export { walletMessages, type WalletMessageKey } from './messages'

/** Id of the wallets plugin (the key of its state slice and of its hooks). */
export const WALLETS_PLUGIN_ID = 'wallets'

/**
 * The wallets plugin. Wallet plugins require it (`requires: [wallets()]`), so a host registers it
 * only to pass it to several kernels or to read its exports; registering it twice is refused.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { injected } from 'portico/plugins/injected'
 * import { siwe } from 'portico/plugins/siwe'
 * // injected() and siwe() bring wallets() with them.
 * <PorticoProvider appId="..." plugins={[injected(), siwe()]}>...</PorticoProvider>
 * ```
 */
export const wallets = () =>
  definePlugin({
    id: WALLETS_PLUGIN_ID,
    kind: 'wallet',
    messages: walletMessages,
    initialState: (): WalletsState => ({ wallets: [], walletStatus: {}, walletConnectors: {} }),
    setup(ctx) {
      const hooks = walletHooks(ctx)
      const registry = createWalletRegistry({
        state: ctx.state,
        storage: ctx.storage,
        hooks: ctx.hooks,
        user: () => ctx.session().user,
        config: ctx.config,
        sleep: ctx.sleep,
        events: hooks,
      })
      const untaps = [
        hooks.registry.tap(WALLETS_PLUGIN_ID, () => registry),
        // The host's chains are checked, and the defaults filled, while the configuration loads.
        ctx.hooks.resolveConfig.tap(WALLETS_PLUGIN_ID, (config, client) => ({ ...config, ...resolveChains(client) })),
        // Wallet codes and 'Use a different wallet', after other plugins' own mappings.
        ctx.hooks.mapError.tap(WALLETS_PLUGIN_ID, walletErrorReaction, { stage: STAGE.late }),
      ]
      return () => {
        for (const untap of untaps) untap()
        registry.destroy()
      }
    },
  })
