/**
 * The wallet pages' probe: the bench reads the listed wallet and its provider from `window.benchWallet`.
 */
import { useLayoutEffect } from 'react'
import { useEmbeddedWallets, type EmbeddedEthereumProvider } from 'portico/plugins/embedded-wallets'

/** What a wallet page gives the bench once the wallet is listed. */
export interface BenchWallet {
  address: string
  listedAt: number
  provider(): EmbeddedEthereumProvider
}

/**
 * Lists the user's first embedded wallet with `useEmbeddedWallets()` and records when it is first
 * listed (`window.benchWallet.listedAt`, `performance.now()` of the commit that shows it), handing
 * out its EIP-1193 provider.
 * @returns the address, once there is one.
 */
export function BenchWalletProbe() {
  const { wallets, getEthereumProvider } = useEmbeddedWallets()
  const address = wallets[0]?.address
  useLayoutEffect(() => {
    if (!address) return
    const listed: BenchWallet = { address, listedAt: performance.now(), provider: () => getEthereumProvider(address) }
    ;(window as { benchWallet?: BenchWallet }).benchWallet = listed
  }, [address, getEthereumProvider])
  return <output>{address}</output>
}

