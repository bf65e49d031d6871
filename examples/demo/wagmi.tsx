/**
 * The demo's wagmi page (`/wagmi`): a small wagmi app on Portico. Every wallet Portico connects (the
 * embedded wallet made at login, or an injected wallet connected from Portico's wallet list) is
 * wagmi's account; the page uses only wagmi's hooks to read it, sign, send and switch chains.
 */
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { http, useAccount, useSendTransaction, useSignMessage, useSwitchChain, useWaitForTransactionReceipt } from 'wagmi'
import { defineChain, parseEther } from 'viem'
import { PorticoProvider, usePortico } from 'portico/react'
import { email } from 'portico/plugins/email'
import { injected } from 'portico/plugins/injected'
import { embeddedWallets } from 'portico/plugins/embedded-wallets'
import { transactions } from 'portico/plugins/transactions'
import { useConnectWallet, useWallets } from 'portico/plugins/wallets'
import { createConfig, useSetActiveWallet, WagmiProvider } from 'portico/wagmi'

const meta = (name: string): string =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? ''

/** The local chain (the e2e run's anvil), also served under a second chain id so the page can switch chains. */
const rpcUrl = meta('portico-anvil-url') || 'http://127.0.0.1:8545'
const nativeCurrency = { name: 'Ether', symbol: 'ETH', decimals: 18 }
const anvil = defineChain({ id: 31337, name: 'Anvil', nativeCurrency, rpcUrls: { default: { http: [rpcUrl] } } })
const anvilTwo = defineChain({ id: 31338, name: 'Anvil two', nativeCurrency, rpcUrls: { default: { http: [rpcUrl] } } })

const config = createConfig({
  chains: [anvil, anvilTwo],
  transports: { [anvil.id]: http(rpcUrl), [anvilTwo.id]: http(rpcUrl) },
})
const queryClient = new QueryClient()

const plugins = [
  email(),
  injected(),
  embeddedWallets({ createOnLogin: { ethereum: 'users-without-wallets' } }),
  transactions(),
]
const porticoConfig = {
  supportedChains: [anvil, anvilTwo].map((c) => ({ id: `eip155:${c.id}`, name: c.name, rpcUrls: [rpcUrl], nativeCurrency })),
}

/** Portico's side: sign-in, the wallet list, and which connected wallet is wagmi's account. */
function PorticoPanel() {
  const { ready, authenticated, login, logout } = usePortico()
  const { wallets } = useWallets()
  const { connectWallet } = useConnectWallet()
  const { setActiveWallet } = useSetActiveWallet()
  const { address: account } = useAccount()
  if (!ready) return <p aria-live="polite">Loading…</p>
  return (
    <section className="card" aria-labelledby="portico-title">
      <h2 id="portico-title" style={{ margin: '0 0 16px', fontSize: 20 }}>Portico</h2>
      <ul className="wallets" data-testid="portico-wallets">
        {wallets.filter((w) => w.type === 'ethereum').map((w) => (
          <li key={w.address}>
            <code>{w.address}</code>
            <span className="meta">
              {w.chainId} · {w.meta.name}
              {w.address.toLowerCase() === account?.toLowerCase() ? ' · wagmi’s account' : ''}
            </span>
            <button type="button" className="secondary" onClick={() => setActiveWallet(w)}>
              Use {w.meta.name} in wagmi
            </button>
          </li>
        ))}
      </ul>
      <div className="row">
        <button type="button" className="secondary" onClick={() => connectWallet()}>
          Connect a wallet
        </button>
        {authenticated ? (
          <button type="button" onClick={() => void logout()}>Log out</button>
        ) : (
          <button type="button" onClick={() => login()}>Log in</button>
        )}
      </div>
    </section>
  )
}

/** wagmi's side: only wagmi hooks. */
function WagmiPanel() {
  const { address, chainId, status, connector } = useAccount()
  const signMessage = useSignMessage()
  const sendTransaction = useSendTransaction()
  const receipt = useWaitForTransactionReceipt({ hash: sendTransaction.data })
  const { chains, switchChain, error: switchError } = useSwitchChain()
  const [error, setError] = useState<string | null>(null)
  const failed = (e: Error) => setError(e.message.split('\n')[0] ?? e.message)
  return (
    <section className="card" style={{ marginTop: 16 }} aria-labelledby="wagmi-title">
      <h2 id="wagmi-title" style={{ margin: '0 0 16px', fontSize: 20 }}>wagmi</h2>
      <dl>
        <dt>Status</dt>
        <dd data-testid="wagmi-status">{status}</dd>
        <dt>Account</dt>
        <dd data-testid="wagmi-address">{address ?? '—'}</dd>
        <dt>Chain</dt>
        <dd data-testid="wagmi-chain">{chainId ?? '—'}</dd>
        <dt>Connector</dt>
        <dd data-testid="wagmi-connector">{connector?.name ?? '—'}</dd>
        <dt>Signature</dt>
        <dd data-testid="wagmi-signature" style={{ wordBreak: 'break-all' }}>{signMessage.data ?? '—'}</dd>
        <dt>Transaction</dt>
        <dd data-testid="wagmi-transaction" style={{ wordBreak: 'break-all' }}>{sendTransaction.data ?? '—'}</dd>
        <dt>Receipt</dt>
        <dd data-testid="wagmi-receipt">{receipt.data ? `${receipt.data.status} in block ${receipt.data.blockNumber}` : '—'}</dd>
      </dl>
      {address ? (
        <div className="row">
          <button type="button" className="secondary" onClick={() => { setError(null); signMessage.signMessage({ message: 'Hello from wagmi' }, { onError: failed }) }}>
            Sign with wagmi
          </button>
          <button
            type="button"
            className="secondary"
            onClick={() => { setError(null); sendTransaction.sendTransaction({ to: '0x000000000000000000000000000000000000dEaD', value: parseEther('0.001') }, { onError: failed }) }}
          >
            Send 0.001 ETH with wagmi
          </button>
          {chains.filter((c) => c.id !== chainId).map((c) => (
            <button key={c.id} type="button" className="secondary" onClick={() => switchChain({ chainId: c.id })}>
              Switch to {c.name}
            </button>
          ))}
        </div>
      ) : null}
      <p role="status" data-testid="wagmi-error">{error ?? switchError?.message.split('\n')[0] ?? ''}</p>
    </section>
  )
}

function App() {
  return (
    <PorticoProvider appId={meta('portico-app-id')} apiUrl={meta('portico-api-url')} plugins={plugins} config={porticoConfig}>
      <QueryClientProvider client={queryClient}>
        <WagmiProvider config={config}>
          <main className="demo">
            <h1>Portico with wagmi</h1>
            <p className="lead">A wagmi app whose account is the wallet Portico connects: log in for an embedded wallet, or connect one.</p>
            <PorticoPanel />
            <WagmiPanel />
          </main>
        </WagmiProvider>
      </QueryClientProvider>
    </PorticoProvider>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
