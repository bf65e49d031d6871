/**
 * `portico/plugins/wallets`: the wallet layer every wallet plugin builds on. It holds the wallet
 * registry of each kernel (connector entries, connections, chain switches, the connection history),
 * the EIP-1193 helpers, the chain list, the wallet table and the wallet error texts, and declares
 * its own hooks (`walletHooks`). It also owns the wallet list, connecting and install screens
 * (loaded when shown), the landing's `wallet` login method, and the host hooks `useWallets` and
 * `useConnectWallet`.
 * Connector plugins (injected, Coinbase, WalletConnect, Solana) and sign-in plugins (SIWE, SIWS)
 * require it; a page without wallet plugins does not load it.
 * @module
 */
import { definePlugin } from '../../kernel/plugin'
import { STAGE } from '../../kernel/hooks'
import { resolveChains } from './chains'
import { walletErrorReaction } from './errors'
import { walletHooks } from './hooks'
import { walletMessages } from './messages'
import { createWalletRegistry, type WalletsState } from './registry'
import { WALLET_ICON_PATH, WALLET_LOGIN_METHOD, WALLET_SCREENS, WALLETS_PLUGIN_ID } from './ids'
import { walletScreenMessages } from './screens/messages'

export * from './types'
export * from './registry'
export * from './eip1193'
export * from './encoding'
export * from './wallet-table'
export * from './chains'
export * from './errors'
export * from './hooks'
export { absentWalletRegistry, walletsOf } from './absent'
export { walletListItems, type WalletListItem, type WalletListOptions } from './screens/wallet-list'
export { walletMessages, type WalletMessageKey } from './messages'
export { walletScreenMessages, type WalletScreenMessageKey } from './screens/messages'
export { WALLETS_PLUGIN_ID, WALLET_SCREENS, WALLET_LOGIN_METHOD, WALLET_ICON_PATH } from './ids'
export { useWallets, useConnectWallet, type UseWalletsResult, type ConnectWalletOptions } from './react'

/**
 * The wallets plugin. Wallet plugins require it (`requires: [wallets()]`), so a host registers it
 * only to pass it to several kernels or to read its exports; registering it twice is refused.
 * It offers the landing's `wallet` row, shown only when a connector plugin lists wallets and a
 * sign-in plugin (SIWE, SIWS) can sign them in.
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
    screens: {
      list: { load: () => import('./screens/WalletList') },
      connect: { load: () => import('./screens/WalletConnect') },
      install: { load: () => import('./screens/InstallWallet') },
    },
    messages: { ...walletMessages, ...walletScreenMessages },
    locales: (locale) => import(`./locales/${locale}.ts`),
    loginMethods: [
      {
        id: WALLET_LOGIN_METHOD,
        group: 'web3',
        label: 'PORTICO_WALLET_METHOD_LABEL',
        enabledBy: ['wallet_auth', 'solana_wallet_auth'],
        screen: WALLET_SCREENS.list,
        icon: WALLET_ICON_PATH,
        order: 2,
        accountLabel: 'PORTICO_LINK_CONFLICT_LABEL_WALLET',
      },
    ],
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
        // The wallet row needs a wallet to list (a connector plugin) and a sign-in for wallets.
        ctx.hooks.resolveLoginMethods.tap(WALLETS_PLUGIN_ID, (methods) => {
          if (!methods.some((m) => m.id === WALLET_LOGIN_METHOD)) return methods
          const signIn = registry.canAuthenticate('ethereum') || registry.canAuthenticate('solana')
          return registry.hasSources() && signIn ? methods : methods.filter((m) => m.id !== WALLET_LOGIN_METHOD)
        }),
      ]
      return () => {
        for (const untap of untaps) untap()
        registry.destroy()
      }
    },
  })
