/**
 * `portico/plugins/embedded-wallets`: the embedded wallet's client half. Keys live only in the
 * wallet frame the API server serves on its own origin (`/apps/{appId}/embedded-wallets`); this
 * plugin opens that frame when a wallet is first needed (its transport loads then) and talks to it by
 * `postMessage`. The page receives addresses, signatures and signed transactions, never a key or
 * a share. Screens and other plugins reach the wallet through `embeddedWalletsOf(ctx)`.
 * @module
 */
import { definePlugin } from '../../kernel/plugin'
import { embeddedWalletRoutes } from './api'
import { createEmbeddedWalletCore, type EmbeddedWalletsOptions } from './core'
import { embeddedWalletHooks } from './service'

export type { EmbeddedWalletsOptions } from './core'
export { entropyIdOf } from './core'
export * from './service'
export { createEmbeddedEthereumProvider, ProviderRpcError, type EmbeddedEthereumProvider, type EmbeddedProviderDeps, type ProviderChain } from './provider'
export { createEmbeddedSolanaWallet, solanaRpcUrl, type EmbeddedSolanaWallet, type EmbeddedSolanaWalletDeps, type SolanaSendOptions } from './solana'
export { embeddedWalletRoutes } from './api'

/** The plugin's id. */
export const EMBEDDED_WALLETS_PLUGIN_ID = 'embedded-wallets'

/**
 * The embedded-wallets plugin.
 * @param options - per-chain creation after login, whether signatures show the sign-request screen.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { email } from 'portico/plugins/email'
 * import { embeddedWallets } from 'portico/plugins/embedded-wallets'
 * <PorticoProvider appId="..." plugins={[email(), embeddedWallets()]}>...</PorticoProvider>
 * ```
 */
export const embeddedWallets = (options: EmbeddedWalletsOptions = {}) =>
  definePlugin({
    id: EMBEDDED_WALLETS_PLUGIN_ID,
    kind: 'wallet',
    // The routes the wallet frame calls (the page itself never does: it holds no share).
    api: embeddedWalletRoutes,
    setup(ctx) {
      const core = createEmbeddedWalletCore(ctx, options)
      const untaps = [
        embeddedWalletHooks(ctx).service.tap(EMBEDDED_WALLETS_PLUGIN_ID, () => core),
        // A logout makes the frame forget every secret it rebuilt (device shares stay on the device).
        ctx.hooks.loggedOut.tap(EMBEDDED_WALLETS_PLUGIN_ID, () => {
          void core.clear().catch(() => undefined)
        }),
      ]
      return () => {
        for (const untap of untaps) untap()
        core.destroy()
      }
    },
  })
