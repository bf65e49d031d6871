/**
 * A host page using the bank-transfer funding method, for trying the example and for its browser
 * test: sign in with email, then 'Add funds' funds a wallet address and prints the result.
 * The app id and API URL come from the page's meta tags.
 */
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { PorticoProvider, usePortico } from 'portico/react'
import { email } from 'portico/plugins/email'
import { useFundWallet, type FundingResult } from 'portico/plugins/funding'
import { bankTransfer } from '../index'

const meta = (name: string): string => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? ''

/** The wallet the page funds (any EVM address: the method only hands out a transfer reference). */
const WALLET = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'

function describe(result: FundingResult): string {
  const reference = typeof result.details?.reference === 'string' ? ` ${result.details.reference}` : ''
  return `${result.status} ${result.method ?? '-'} ${result.request.amount ?? '-'}${reference}`
}

function Host() {
  const { ready, authenticated, user, login } = usePortico()
  const { fundWallet } = useFundWallet()
  const [outcome, setOutcome] = useState('')
  if (!ready) return <p>Loading…</p>
  if (!authenticated) return <button onClick={() => login()}>Log in</button>
  const emailAccount = user?.linked_accounts.find((a) => a.type === 'email') as { address?: string } | undefined
  const fund = () => {
    setOutcome('')
    fundWallet(WALLET, { chain: 'eip155:8453', amount: '0.05' }).then(
      (result) => setOutcome(describe(result)),
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
    <PorticoProvider appId={meta('portico-app-id')} apiUrl={meta('portico-api-url')} plugins={[email(), bankTransfer()]}>
      <Host />
    </PorticoProvider>
  </StrictMode>,
)
