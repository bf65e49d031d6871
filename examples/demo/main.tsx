/**
 * The demo host app: what a host page looks like with Portico. It enables every login method that has a
 * plugin in this repository.
 */
import { StrictMode, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { PorticoProvider, useConnectWallet, useLinkAccount, usePortico, useWallets } from 'portico/react'
import { email } from 'portico/plugins/email'
import { captcha } from 'portico/plugins/captcha'
import { customAuth, useCustomAuth } from 'portico/plugins/custom-auth'
import { guest } from 'portico/plugins/guest'
import { sms } from 'portico/plugins/sms'
import { injected } from 'portico/plugins/injected'
import { siwe } from 'portico/plugins/siwe'
import { solana } from 'portico/plugins/solana'
import { siws } from 'portico/plugins/siws'
import { coinbaseWallet } from 'portico/plugins/coinbase-wallet'
import { walletConnect } from 'portico/plugins/wallet-connect'
import { oauth } from 'portico/plugins/oauth'
import { passkey, usePasskeys } from 'portico/plugins/passkey'

const meta = (name: string): string =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? ''

/** `?app=<id>` points the page at another app of the same server (set one up with `portico apps create`). */
const appFromQuery = new URLSearchParams(location.search).get('app')
const appId = appFromQuery && /^[a-z0-9]{25}$/.test(appFromQuery) ? appFromQuery : meta('portico-app-id')

/** Where the demo host app keeps its own session token (its sign-in is served by examples/demo/host-auth.ts). */
const HOST_TOKEN_KEY = 'demo-host:token'

// Client plugins: one entry per login method of this repository.
const plugins = [
  email(),
  captcha({ scriptUrl: meta('portico-turnstile-script-url') || undefined }),
  customAuth({ getCustomAccessToken: async () => localStorage.getItem(HOST_TOKEN_KEY) }),
  guest(),
  sms(),
  injected(),
  siwe(),
  solana(),
  siws(),
  coinbaseWallet(),
  walletConnect(),
  // `?oauth=popup` opens providers in a popup instead of this tab.
  oauth({ mode: new URLSearchParams(location.search).get('oauth') === 'popup' ? 'popup' : 'redirect' }),
  passkey(),
]

/** With a local chain (the e2e run's anvil), wallets are offered that chain. */
const anvilUrl = meta('portico-anvil-url')
const anvilConfig = anvilUrl
  ? { supportedChains: [{ id: 'eip155:31337', name: 'Anvil', rpcUrls: [anvilUrl], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }] }
  : undefined
/** `?chains=solana` (or `ethereum-and-solana`) lists Solana wallets; the default lists Ethereum ones. */
const chains = new URLSearchParams(location.search).get('chains')
const walletChainType = chains === 'solana' ? 'solana-only' : chains === 'ethereum-and-solana' ? 'ethereum-and-solana' : undefined
const demoConfig = anvilConfig || walletChainType ? { ...anvilConfig, ...(walletChainType ? { appearance: { walletChainType } as const } : {}) } : undefined

function Account() {
  const { ready, authenticated, user, login, logout } = usePortico()
  const { link } = useLinkAccount()
  const { wallets } = useWallets()
  const { connectWallet } = useConnectWallet()
  if (!ready) return <p aria-live="polite">Loading…</p>
  if (!authenticated || !user) {
    return (
      <div className="card">
        <p>You are signed out.</p>
        <p>
          Connected wallets: <span data-testid="connected-wallets-signed-out">{wallets.map((w) => w.address).join(', ') || '—'}</span>
        </p>
        <button type="button" className="secondary" onClick={() => connectWallet()}>
          Connect a wallet
        </button>
        <button type="button" onClick={() => login()}>
          Log in
        </button>
        {/* Not 'Log in …': tests find the plain button by the name 'Log in'. */}
        <button type="button" className="secondary" onClick={() => login({ disableSignup: true })}>
          Sign in (existing users only)
        </button>
      </div>
    )
  }
  const emailAccount = user.linked_accounts.find((a) => a.type === 'email') as { address?: string } | undefined
  return (
    <div className="card" data-testid="signed-in">
      <dl>
        <dt>User</dt>
        <dd data-testid="user-id">{user.id}</dd>
        <dt>Email</dt>
        <dd data-testid="user-email">{emailAccount?.address ?? '—'}</dd>
        <dt>Wallet</dt>
        <dd data-testid="user-wallet">{(user.linked_accounts.find((a) => a.type === 'wallet') as { address?: string } | undefined)?.address ?? '—'}</dd>
        <dt>Connected</dt>
        <dd data-testid="connected-wallets">{wallets.map((w) => `${w.address} ${w.chainId}`).join(', ') || '—'}</dd>
        <dt>Guest</dt>
        <dd>{user.is_guest ? 'yes' : 'no'}</dd>
      </dl>
      {user.is_guest ? (
        <button type="button" onClick={() => link('email')}>
          Link an email
        </button>
      ) : null}
      <ManagePasskeys />
      <button type="button" className="secondary" onClick={() => void logout()}>
        Log out
      </button>
    </div>
  )
}

/** Opens the passkey management screen; shows how many passkeys the user has. */
function ManagePasskeys() {
  const { manage, passkeys } = usePasskeys()
  return (
    <button type="button" className="secondary" onClick={manage}>
      Manage passkeys (<span data-testid="passkey-count">{passkeys.length}</span>)
    </button>
  )
}

/** The host app's own session: Portico follows it through the custom-auth plugin. */
function HostSession() {
  const { sync, status } = useCustomAuth()
  const { user } = usePortico()
  const [name, setName] = useState('demo-user')
  const [hostUser, setHostUser] = useState(() => (localStorage.getItem(HOST_TOKEN_KEY) ? 'signed in' : null))
  const custom = user?.linked_accounts.find((a) => a.type === 'custom_auth') as { custom_user_id?: string } | undefined
  const signIn = async () => {
    const res = await fetch('/host-auth/login', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ user: name }) })
    if (!res.ok) return
    localStorage.setItem(HOST_TOKEN_KEY, ((await res.json()) as { token: string }).token)
    setHostUser(name)
    await sync()
  }
  const signOut = async () => {
    localStorage.removeItem(HOST_TOKEN_KEY)
    setHostUser(null)
    await fetch('/host-auth/logout', { method: 'POST' })
    await sync()
  }
  return (
    <section className="card" style={{ marginTop: 16 }} aria-labelledby="host-title" data-testid="host-session">
      <h2 id="host-title" style={{ margin: '0 0 16px', fontSize: 20 }}>Host app session</h2>
      <dl>
        <dt>Host user</dt>
        <dd data-testid="host-user">{hostUser ?? '—'}</dd>
        <dt>Sync</dt>
        <dd data-testid="custom-auth-status">{status}</dd>
        <dt>Custom account</dt>
        <dd data-testid="custom-user-id">{custom?.custom_user_id ?? '—'}</dd>
      </dl>
      {hostUser ? (
        <button type="button" className="secondary" onClick={() => void signOut()}>Sign out of the host</button>
      ) : (
        <form onSubmit={(e) => { e.preventDefault(); void signIn() }}>
          <label>Demo host user <input value={name} onChange={(e) => setName(e.target.value)} /></label>{' '}
          <button type="submit">Sign in to the host</button>
        </form>
      )}
    </section>
  )
}

function App() {
  return (
    <main className="demo">
      <h1>Portico Demo</h1>
      <p className="lead">A host app with Portico's sign-in modal. Log in to see your user.</p>
      <Account />
      <HostSession />
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PorticoProvider appId={appId} apiUrl={meta('portico-api-url')} plugins={plugins} {...(demoConfig ? { config: demoConfig } : {})}>
      <App />
    </PorticoProvider>
  </StrictMode>,
)
