/**
 * The React side of `portico/wagmi`: wagmi's provider with Portico's active wallet fed to the
 * Portico connector, and the hook that picks the active wallet.
 * @module
 */
import { createContext, useCallback, useContext, useEffect, useMemo, useState, type ReactNode } from 'react'
import { WagmiProvider as BaseWagmiProvider, type WagmiProviderProps as BaseWagmiProviderProps } from 'wagmi'
import { useWallets } from 'portico/react'
import type { WalletHandle } from 'portico/plugins/wallets'
import { followInWagmi } from './connector'

/** Props of {@link WagmiProvider}: wagmi's own (`config`, `initialState`, `reconnectOnMount`). */
export type WagmiProviderProps = BaseWagmiProviderProps & { children?: ReactNode }

/**
 * The wallet wagmi follows: the one the host picked while it stays connected, else the newest
 * connected Ethereum wallet (`useWallets()` lists newest first), else none.
 * @param wallets - the connected wallets, newest first.
 * @param picked - the address the host picked, or null.
 */
export function activeWalletOf(wallets: readonly WalletHandle[], picked: string | null): WalletHandle | null {
  const ethereum = wallets.filter((w) => w.type === 'ethereum')
  const chosen = picked ? ethereum.find((w) => w.address.toLowerCase() === picked.toLowerCase()) : undefined
  return chosen ?? ethereum[0] ?? null
}

const PickContext = createContext<((address: string) => void) | null>(null)

/** Feeds the active wallet to the config's Portico connector. */
function Follow({ config, picked }: { config: BaseWagmiProviderProps['config']; picked: string | null }) {
  const { wallets } = useWallets()
  const active = activeWalletOf(wallets, picked)
  useEffect(() => followInWagmi(config, active), [config, active])
  return null
}

/**
 * wagmi's `WagmiProvider`, with every wallet Portico connects made wagmi's account: inside it,
 * `useAccount`, `useSignMessage`, `useSendTransaction`, `useSwitchChain`... act on Portico's active
 * wallet (the newest connected Ethereum wallet, embedded or external, unless the host picks one with
 * {@link useSetActiveWallet}), and an embedded wallet still shows Portico's screens before it signs.
 * Render it inside `PorticoProvider`, with a config from `createConfig` of `portico/wagmi`.
 * @param props - wagmi's provider props.
 * @returns the provider.
 * @example
 * ```tsx
 * import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
 * import { PorticoProvider } from 'portico/react'
 * import { WagmiProvider } from 'portico/wagmi'
 * const queryClient = new QueryClient()
 * <PorticoProvider appId="..." plugins={[email(), embeddedWallets(), transactions()]}>
 *   <QueryClientProvider client={queryClient}>
 *     <WagmiProvider config={config}>
 *       <App />
 *     </WagmiProvider>
 *   </QueryClientProvider>
 * </PorticoProvider>
 * ```
 */
export function WagmiProvider({ children, ...props }: WagmiProviderProps) {
  return (
    <BaseWagmiProvider {...props}>
      <ActiveWallet config={props.config}>{children}</ActiveWallet>
    </BaseWagmiProvider>
  )
}

/**
 * Holds the host's pick below wagmi's provider: wagmi's provider starts a reconnect each time it
 * renders, so a pick must re-render only this part of the tree.
 */
function ActiveWallet({ config, children }: { config: BaseWagmiProviderProps['config']; children?: ReactNode }) {
  const [picked, setPicked] = useState<string | null>(null)
  return (
    <>
      <Follow config={config} picked={picked} />
      <PickContext.Provider value={setPicked}>{children}</PickContext.Provider>
    </>
  )
}

/** What {@link useSetActiveWallet} returns. */
export interface UseSetActiveWalletResult {
  /**
   * Makes a connected Ethereum wallet wagmi's account. It stays so while it is connected; after it
   * disconnects wagmi follows the newest wallet again.
   * @throws when the wallet is not one of the connected Ethereum wallets of `useWallets()`.
   */
  setActiveWallet(wallet: WalletHandle | string): void
}

/**
 * Picks which of the connected wallets is wagmi's account (by default the newest connected one).
 * Call it inside {@link WagmiProvider}.
 * @returns `{ setActiveWallet(wallet) }`; pass a wallet of `useWallets()` or its address.
 * @example
 * ```tsx
 * const { wallets } = useWallets()
 * const { setActiveWallet } = useSetActiveWallet()
 * wallets.map((w) => <button key={w.address} onClick={() => setActiveWallet(w)}>Use {w.meta.name}</button>)
 * ```
 */
export function useSetActiveWallet(): UseSetActiveWalletResult {
  const pick = useContext(PickContext)
  if (!pick) throw new Error('useSetActiveWallet() is called outside WagmiProvider from portico/wagmi')
  const { wallets } = useWallets()
  const setActiveWallet = useCallback(
    (wallet: WalletHandle | string) => {
      const address = typeof wallet === 'string' ? wallet : wallet.address
      const found = wallets.find((w) => w.type === 'ethereum' && w.address.toLowerCase() === address.toLowerCase())
      if (!found) throw new Error(`${address} is not a connected Ethereum wallet`)
      pick(found.address)
    },
    [pick, wallets],
  )
  return useMemo(() => ({ setActiveWallet }), [setActiveWallet])
}
