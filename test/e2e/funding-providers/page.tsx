/**
 * The host page of the funding providers' browser test: email login, the MoonPay and Coinbase
 * funding methods pointed at the stand-ins named by the page's meta tags, and anvil as the chain
 * being funded ('Add funds' funds the page's wallet with 0.05 ETH and prints the result).
 */
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { PorticoProvider, usePortico } from 'portico/react'
import { email } from 'portico/plugins/email'
import { funding, useFundWallet, type FundingResult } from 'portico/plugins/funding'
import { fundingMoonpay } from 'portico/plugins/funding-moonpay'
import { fundingCoinbase } from 'portico/plugins/funding-coinbase'

const meta = (name: string): string => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? ''
const ANVIL = 'eip155:31337'
const wallet = meta('funding-wallet')

function Host() {
  const { ready, authenticated, user, login } = usePortico()
  const { fundWallet } = useFundWallet()
  const [outcome, setOutcome] = useState('')
  if (!ready) return <p>Loading…</p>
  if (!authenticated) return <button onClick={() => login()}>Log in</button>
  const emailAccount = user?.linked_accounts.find((a) => a.type === 'email') as { address?: string } | undefined
  const fund = () => {
    setOutcome('')
    fundWallet(wallet, { chain: ANVIL, amount: '0.05' }).then(
      (result: FundingResult) => setOutcome(`${result.status} ${result.method ?? '-'} ${result.request.amount ?? '-'}`),
      (error: Error) => setOutcome(`error ${error.message}`),
    )
  }
  return (
    <main>
      <p data-testid="user-email">{emailAccount?.address}</p>
      <button onClick={fund}>Add funds</button>
      <p data-testid="funding-result">{outcome}</p>
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PorticoProvider
      appId={meta('portico-app-id')}
      apiUrl={meta('portico-api-url')}
      config={{
        supportedChains: [{ id: ANVIL, name: 'Anvil', rpcUrls: [meta('portico-anvil-url')], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }],
        appearance: { theme: (new URLSearchParams(location.search).get('theme') as 'light' | 'dark' | null) ?? 'light' },
      }}
      plugins={[
        email(),
        funding({ options: [{ method: 'card', provider: meta('card-provider') || undefined }, { method: 'exchange' }] }),
        fundingMoonpay({ apiUrl: meta('moonpay-api-url'), useSandbox: true, currencyCodes: { [ANVIL]: { native: 'eth' } } }),
        fundingCoinbase({ payUrl: meta('coinbase-pay-url'), networks: { [ANVIL]: 'base' } }),
      ]}
    >
      <Host />
    </PorticoProvider>
  </StrictMode>,
)
