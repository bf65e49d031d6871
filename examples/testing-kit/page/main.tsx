/**
 * A small host app whose own tests use `portico/testing`: email and wallet sign-in through the
 * modal, the signed-in user's email or wallet address, an embedded wallet for users who sign in
 * without one, and a "Sign message" button that asks the user's first Ethereum wallet (the injected
 * one, or the embedded one through Portico's sign screen) to sign.
 */
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { PorticoProvider, usePortico } from 'portico/react'
import { email } from 'portico/plugins/email'
import { injected } from 'portico/plugins/injected'
import { siwe } from 'portico/plugins/siwe'
import { solana } from 'portico/plugins/solana'
import { siws } from 'portico/plugins/siws'
import { useWallets } from 'portico/plugins/wallets'
import { embeddedWallets } from 'portico/plugins/embedded-wallets'

const meta = (name: string): string => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? ''

function SignMessage() {
  const { wallets } = useWallets()
  const [result, setResult] = useState('')
  const wallet = wallets.find((w) => w.type === 'ethereum')
  if (!wallet) return null
  const sign = async () => {
    try {
      const provider = await wallet.getEthereumProvider()
      const signature = (await provider.request({ method: 'personal_sign', params: ['0x48656c6c6f', wallet.address] })) as string
      setResult(`signed ${signature.slice(0, 10)}…`)
    } catch (error) {
      setResult(`refused: ${(error as Error).message}`)
    }
  }
  return (
    <p>
      <button type="button" onClick={() => void sign()}>
        Sign message
      </button>{' '}
      <output data-testid="sign-result">{result}</output>
    </p>
  )
}

function Account() {
  const { ready, authenticated, user, login, logout } = usePortico()
  if (!ready) return <p aria-live="polite">Loading…</p>
  if (!authenticated || !user) {
    return (
      <main>
        <p>You are signed out.</p>
        <button type="button" onClick={() => login()}>
          Log in
        </button>
      </main>
    )
  }
  const account = user.linked_accounts.find((a) => a.type === 'email' || a.type === 'wallet') as { address?: string } | undefined
  return (
    <main>
      <p>
        Signed in as <span data-testid="user">{account?.address ?? user.id}</span>
      </p>
      <SignMessage />
      <button type="button" onClick={() => void logout()}>
        Log out
      </button>
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PorticoProvider appId={meta('portico-app-id')} apiUrl={meta('portico-api-url')} plugins={[email(), injected(), siwe(), solana(), siws(), embeddedWallets({ createOnLogin: { ethereum: 'users-without-wallets' } })]}
      config={{ appearance: { walletChainType: 'ethereum-and-solana' } }}
    >
      <Account />
    </PorticoProvider>
  </StrictMode>,
)
