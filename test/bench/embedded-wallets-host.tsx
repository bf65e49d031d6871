/**
 * The page the embedded wallet's time budgets are measured on: the email-only page with the
 * embedded wallet, created after login for users without one, signing without screens, and a host
 * component listing it with `useEmbeddedWallets()`. For the bench it records when the wallet is
 * first listed (`window.benchWallet.listedAt`, `performance.now()` of the commit that shows it)
 * and hands out the wallet's EIP-1193 provider.
 */
import { useLayoutEffect } from 'react'
import { email } from 'portico/plugins/email'
import { embeddedWallets, useEmbeddedWallets, type EmbeddedEthereumProvider } from 'portico/plugins/embedded-wallets'
import { renderHostPage } from './host-page'

/** What the page gives the bench once the wallet is listed. */
export interface BenchWallet {
  address: string
  listedAt: number
  provider(): EmbeddedEthereumProvider
}

function Wallet() {
  const { wallets, getEthereumProvider } = useEmbeddedWallets()
  const address = wallets[0]?.address
  useLayoutEffect(() => {
    if (!address) return
    const listed: BenchWallet = { address, listedAt: performance.now(), provider: () => getEthereumProvider(address) }
    ;(window as { benchWallet?: BenchWallet }).benchWallet = listed
  }, [address, getEthereumProvider])
  return <output>{address}</output>
}

renderHostPage([email(), embeddedWallets({ createOnLogin: { ethereum: 'users-without-wallets' }, showWalletUIs: false })], <Wallet />)
