/**
 * The React side of the wallets plugin: the host hooks that read the connected wallets and open the
 * wallet list. Only names and types come from the rest of the plugin, so `portico/react`, which
 * re-exports these hooks, brings none of the wallet layer into a page that does not use them.
 * @module
 */
import { useCallback, useMemo, type SyntheticEvent } from 'react'
import { useSnapshot } from 'valtio'
import { useKernel } from '../../ui/context'
import { PorticoError } from '../../kernel/errors'
import type { Kernel } from '../../kernel/types'
import { WALLET_SCREENS, WALLETS_PLUGIN_ID } from './ids'
import type { WalletsState } from './registry'
import { findWallets } from './hooks'
import type { Eip1193Provider } from './eip1193'
import { WALLET_ERROR_CODES, type ConnectedWallet, type WalletHandle } from './types'

/** What {@link useWallets} returns. */
export interface UseWalletsResult {
  /** The app configuration is loaded and the stored session restored. */
  ready: boolean
  /**
   * Connected wallets, newest connection first: the external ones, and the user's embedded wallets
   * when the embedded-wallets plugin is in use (`walletClientType: 'privy'`, `connectorType: 'embedded'`).
   */
  wallets: WalletHandle[]
}

const NO_WALLETS: readonly WalletHandle[] = Object.freeze([])

/** Gives a connected wallet's state the host's methods, each looking the wallet up when called. */
function handleOf(kernel: Kernel, wallet: ConnectedWallet): WalletHandle {
  const { address } = wallet
  const registry = () => {
    const found = findWallets(kernel)
    if (!found?.connected().some((w) => w.entryId === wallet.entryId && w.address === address)) {
      throw new PorticoError('The wallet is not connected', { code: WALLET_ERROR_CODES.notConnected })
    }
    return found
  }
  const getProvider = async () => {
    const connector = registry().connectorOf(address)
    if (!connector) throw new PorticoError('The wallet is not connected', { code: WALLET_ERROR_CODES.notConnected })
    return connector.getProvider(address)
  }
  return {
    ...wallet,
    getProvider,
    async getEthereumProvider() {
      if (wallet.type !== 'ethereum') {
        throw new PorticoError('A Solana wallet has no EIP-1193 provider', { code: WALLET_ERROR_CODES.unsupportedMethod })
      }
      return (await getProvider()) as Eip1193Provider
    },
    switchChain: async (chainId) => registry().switchChain(address, String(chainId)),
    disconnect: async () => registry().disconnect(address),
  }
}

/**
 * Reads the connected wallets; re-renders when one connects, disconnects, changes account or chain,
 * or becomes linked to the user. Without the wallets plugin there are none.
 * @returns `{ ready, wallets }`; each wallet has `getEthereumProvider()`, `getProvider()`,
 *   `switchChain()` and `disconnect()`.
 * @example
 * ```tsx
 * import { useWallets } from 'portico/plugins/wallets'
 * function Wallets() {
 *   const { ready, wallets } = useWallets()
 *   if (!ready) return null
 *   return <ul>{wallets.map((w) => <li key={w.address}>{w.meta.name} {w.address} on {w.chainId}</li>)}</ul>
 * }
 * ```
 */
export function useWallets(): UseWalletsResult {
  const kernel = useKernel()
  const snap = useSnapshot(kernel.state)
  // The wallets plugin keeps the connections in its state slice.
  const slice = snap.plugins[WALLETS_PLUGIN_ID] as WalletsState | undefined
  const connected = slice?.wallets
  const wallets = useMemo(
    () => (connected ? connected.map((w) => handleOf(kernel, w)) : (NO_WALLETS as WalletHandle[])),
    [connected, kernel],
  )
  return { ready: snap.ready, wallets }
}

/** Options of `connectWallet(...)` from {@link useConnectWallet}. */
export interface ConnectWalletOptions {
  /** Lists only wallets of this chain type on this attempt (the wallet screen reads it). */
  walletChainType?: 'ethereum-only' | 'solana-only' | 'ethereum-and-solana'
  /** Lists only these wallet-list entries on this attempt. */
  walletList?: readonly string[]
}

/**
 * Connects an external wallet without signing in (works signed in or out): opens the modal at the
 * wallet list (`wallets/list`) with the `connect` intent. Needs a wallet plugin (injected, Solana…):
 * without one the modal has no wallet list and `connectWallet` throws `unknown_screen`.
 * @returns `{ connectWallet(options?) }`; the click event of `onClick={connectWallet}` is ignored.
 * @example
 * ```tsx
 * import { useConnectWallet } from 'portico/plugins/wallets'
 * const { connectWallet } = useConnectWallet()
 * <button onClick={() => connectWallet()}>Connect wallet</button>
 * ```
 */
export function useConnectWallet(): { connectWallet: (options?: ConnectWalletOptions | SyntheticEvent) => void } {
  const kernel = useKernel()
  const connectWallet = useCallback(
    (options?: ConnectWalletOptions | SyntheticEvent) => {
      // A click event passed by `onClick={connectWallet}` carries no options.
      const o = options && !('nativeEvent' in options) ? (options as ConnectWalletOptions) : {}
      kernel.openModal(WALLET_SCREENS.list, {
        intent: 'connect',
        ...(o.walletChainType ? { walletChainType: o.walletChainType } : {}),
        ...(o.walletList ? { walletList: [...o.walletList] } : {}),
      })
    },
    [kernel],
  )
  return { connectWallet }
}
