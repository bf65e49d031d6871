/**
 * The hooks the wallets plugin declares on each kernel (through the kernel's hook registry), and
 * `findWallets`, which reaches a kernel's wallet registry through them.
 * @module
 */
import { defineHooks } from '../../kernel/hook-bus'
import type { SyncBailHook, SyncHook } from '../../kernel/hooks'
import type { KernelWalletRegistry, PorticoWallets } from './registry'
import type { ConnectedWallet, ConnectorSource, WalletAuthenticator } from './types'

/** The hooks of the wallets plugin. The wallets plugin calls them; other plugins tap them. */
export interface WalletHooks {
  /** Called by `walletsOf`: the wallets plugin answers with its kernel's registry. Bail. */
  registry: SyncBailHook<[], KernelWalletRegistry>
  /** Called by the registry when a connector plugin contributed a source of wallet entries. Notification. */
  connectorsContributed: SyncHook<[ConnectorSource]>
  /** Called by the registry when a sign-in for a chain type (SIWE, SIWS) was added. Notification. */
  authenticatorAdded: SyncHook<[WalletAuthenticator]>
  /** Called by the registry when a wallet connected: the active account of the connection. Notification. */
  walletConnected: SyncHook<[ConnectedWallet]>
  /** Called by the registry when a connected wallet went away (disconnected by the user or the wallet). Notification. */
  walletDisconnected: SyncHook<[ConnectedWallet]>
}

/**
 * The wallets plugin's hooks of a kernel (created on first use, on the kernel's hook engine).
 * @param owner - a plugin context or a kernel.
 * @returns the hooks.
 * @example
 * ```ts
 * import { definePlugin } from 'portico/kernel'
 * import { walletHooks, wallets } from 'portico/plugins/wallets'
 * export const logger = () =>
 *   definePlugin({
 *     id: 'wallet-logger', kind: 'feature', requires: [wallets()],
 *     setup: (ctx) => walletHooks(ctx).walletConnected.tap('wallet-logger', (w) => console.log(w.address)),
 *   })
 * ```
 */
export const walletHooks = defineHooks(
  'wallets',
  (make): WalletHooks => ({
    registry: make.syncBail(),
    connectorsContributed: make.sync(),
    authenticatorAdded: make.sync(),
    walletConnected: make.sync(),
    walletDisconnected: make.sync(),
  }),
)

/**
 * The wallet registry of a kernel, or undefined when the wallets plugin is not registered.
 * @param owner - a plugin context or a kernel.
 * @returns the registry, if any.
 * @example
 * ```ts
 * import { findWallets } from 'portico/plugins/wallets'
 * const canConnect = findWallets(ctx)?.hasSources() ?? false
 * ```
 */
export function findWallets(owner: Parameters<typeof walletHooks>[0]): PorticoWallets | undefined {
  return walletHooks(owner).registry.call()
}
