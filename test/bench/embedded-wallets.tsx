/**
 * The page the embedded wallet's budgets are measured on: the email-only page
 * (`email-only.tsx`) plus the embedded wallet, created after login for users without one, with
 * signatures that show no screen, and a host component listing the wallet with
 * `useEmbeddedWallets()`. For the bench it records when the wallet is first listed
 * (`window.benchWallet.listedAt`, `performance.now()` of the commit that shows it) and hands out
 * the wallet's EIP-1193 provider.
 */
import { useLayoutEffect } from 'react'
import { createRoot } from 'react-dom/client'
import { PorticoProvider, usePortico } from 'portico/react'
import { email } from 'portico/plugins/email'
import { embeddedWallets, useEmbeddedWallets, type EmbeddedEthereumProvider } from 'portico/plugins/embedded-wallets'

/** What the page gives the bench once the wallet is listed. */
export interface BenchWallet {
  address: string
  listedAt: number
  provider(): EmbeddedEthereumProvider
}

const meta = (name: string): string =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? ''

const plugins = [email(), embeddedWallets({ createOnLogin: { ethereum: 'users-without-wallets' }, showWalletUIs: false })]

function LoginButton() {
  const { ready, login } = usePortico()
  return (
    <button type="button" disabled={!ready} data-ready={ready ? 'yes' : 'no'} onClick={() => login()}>
      Log in
    </button>
  )
}

function Wallet() {
  const { wallets, getEthereumProvider } = useEmbeddedWallets()
  const address = wallets[0]?.address
  useLayoutEffect(() => {
    if (!address) return
    const listed: BenchWallet = { address, listedAt: performance.now(), provider: () => getEthereumProvider(address) }
    ;(window as { benchWallet?: BenchWallet }).benchWallet = listed
  }, [address, getEthereumProvider])
  return <output data-wallet={address ?? ''}>{address}</output>
}

createRoot(document.getElementById('root')!).render(
  <PorticoProvider appId={meta('portico-app-id')} apiUrl={meta('portico-api-url')} plugins={plugins}>
    <LoginButton />
    <Wallet />
  </PorticoProvider>,
)
