/**
 * The demo host app: what a host page looks like with Portico. It enables every login method that has a
 * plugin in this repository (under `npm start`, Google, Farcaster and Telegram go to local development
 * stand-ins), and its "Try the options" panel sets every landing option of the client configuration.
 */
import { StrictMode, useEffect, useRef, useState } from 'react'
import { createRoot } from 'react-dom/client'
import { PorticoProvider, useLinkAccount, usePortico } from 'portico/react'
import { email, useLinkWithEmail, useLoginWithEmail, useUnlinkEmail, useUpdateEmail } from 'portico/plugins/email'
import { captcha } from 'portico/plugins/captcha'
import { customAuth, useCustomAuth } from 'portico/plugins/custom-auth'
import { guest } from 'portico/plugins/guest'
import { sms, useLinkWithPhone, useUnlinkPhone, useUpdatePhone } from 'portico/plugins/sms'
import { injected } from 'portico/plugins/injected'
import { siwe, useLinkWithWallet, useUnlinkWallet } from 'portico/plugins/siwe'
import { solana } from 'portico/plugins/solana'
import { siws } from 'portico/plugins/siws'
import { coinbaseWallet } from 'portico/plugins/coinbase-wallet'
import { walletConnect } from 'portico/plugins/wallet-connect'
import { useConnectWallet, useWallets } from 'portico/plugins/wallets'
import { oauth } from 'portico/plugins/oauth'
import { crossApp, useCrossAppWallets, useUnlinkCrossAppAccount } from 'portico/plugins/cross-app'
import { passkey, usePasskeys, useUnlinkPasskey } from 'portico/plugins/passkey'
import { telegram, useUnlinkTelegram } from 'portico/plugins/telegram'
import { farcaster, useFarcasterSigner, useUnlinkFarcaster } from 'portico/plugins/farcaster'
import { embeddedWallets, useEmbeddedWallets } from 'portico/plugins/embedded-wallets'
import { transactions, useSendTransaction } from 'portico/plugins/transactions'
import { mfa, useMfaEnrollment } from 'portico/plugins/mfa'
import { delegatedActions, useDelegatedActions } from 'portico/plugins/delegated-actions'
import { mfaSms } from 'portico/plugins/mfa-sms'
import { mfaTotp } from 'portico/plugins/mfa-totp'
import { mfaPasskey } from 'portico/plugins/mfa-passkey'
import type { ClientConfig, MessageOverrides } from 'portico/kernel'
import { LookPanel, lookConfig, readLook, writeLook, type LookOptions } from './look'
import { SolanaWallet } from './solana-wallet'
import { FundingPanel, fundingOn, fundingPlugins } from './funding'

const meta = (name: string): string =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? ''

/** `?app=<id>` points the page at another app of the same server (set one up with `portico apps create`). */
const appFromQuery = new URLSearchParams(location.search).get('app')
const appId = appFromQuery && /^[a-z0-9]{25}$/.test(appFromQuery) ? appFromQuery : meta('portico-app-id')

/** Where the demo host app keeps its own session token (its sign-in is served by examples/demo/host-auth.ts). */
const HOST_TOKEN_KEY = 'demo-host:token'

const embeddedOption = new URLSearchParams(location.search).get('embedded')
/** `?crossAppTimeout=<ms>`: how long a cross-app popup is waited for (the plugin's `timeoutMs`; 120 s by default). */
const crossAppTimeout = Number(new URLSearchParams(location.search).get('crossAppTimeout')) || undefined

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
  crossApp(crossAppTimeout ? { timeoutMs: crossAppTimeout } : {}),
  passkey(),
  // The demo app's Telegram login goes to the development widget `npm start` serves (other apps, such
  // as the browser tests', keep Telegram's own script).
  telegram(!appFromQuery && meta('portico-telegram-script-url') ? { scriptUrl: meta('portico-telegram-script-url') } : {}),
  farcaster(),
  // `?embedded=on-login` creates an embedded Ethereum wallet for users without a wallet when they log in.
  // `?embedded=solana` creates an embedded Solana wallet with it.
  embeddedWallets(embeddedOption === 'on-login' ? { createOnLogin: { ethereum: 'users-without-wallets' } } : embeddedOption === 'solana' ? { createOnLogin: { ethereum: 'users-without-wallets', solana: 'users-without-wallets' } } : {}),
  // The review the embedded wallet shows before it sends a transaction.
  transactions(),
  // Multi-factor verification before the embedded wallet signs, sends, exports or imports (its screens load when shown).
  mfa(),
  mfaSms(),
  mfaTotp(),
  mfaPasskey(),
  // Delegated actions: the app's backend may sign with a wallet the user delegated ('Delegate', 'Revoke').
  delegatedActions(),
  // `?funding=on`: the funding methods ('Add funds' in the transaction review, the funding panel).
  ...fundingPlugins(),
]

/** With a local chain (the e2e run's anvil), wallets are offered that chain. */
const anvilUrl = meta('portico-anvil-url')
/** With a local Solana cluster (the e2e run's), the embedded Solana wallet sends there. */
const solanaUrl = meta('portico-solana-url')
const solanaChains = solanaUrl ? [{ id: 'solana:localnet', name: 'Solana Localnet', rpcUrls: [solanaUrl], nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 } }] : []
const anvilChains = anvilUrl ? [{ id: 'eip155:31337', name: 'Anvil', rpcUrls: [anvilUrl], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }] : []
const localChainConfig = anvilUrl || solanaUrl ? { supportedChains: [...anvilChains, ...solanaChains] } : undefined
/** The provider's client configuration: the local chain, and the options of the "Try the options" panel. */
function clientConfig(look: LookOptions): ClientConfig | undefined {
  const fromLook = lookConfig(look)
  return localChainConfig || Object.keys(fromLook).length > 0 ? { ...localChainConfig, ...fromLook } : undefined
}

/** Opens the login modal once the (re)mounted provider is ready, when asked to. */
function OpenWhenReady({ open }: { open: boolean }) {
  const { ready, authenticated, login } = usePortico()
  const done = useRef(false)
  useEffect(() => {
    if (!open || !ready || authenticated || done.current) return
    done.current = true
    login()
  }, [open, ready, authenticated, login])
  return null
}

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
      <ManageMfa />
      <EmbeddedWallet />
      <DelegatedWallet />
      <CrossAppWallet />
      {solanaUrl ? <SolanaWallet rpcUrl={solanaUrl} /> : null}
      {fundingOn ? <FundingPanel chain={anvilUrl ? 'eip155:31337' : null} /> : null}
      <FarcasterSigner />
      <UserManagement />
      <button type="button" className="secondary" onClick={() => void logout()}>
        Log out
      </button>
    </div>
  )
}

/** Linked accounts with Unlink buttons, and the link and update actions. */
function UserManagement() {
  const { user } = usePortico()
  const { linkEmail } = useLinkWithEmail()
  const { linkPhone } = useLinkWithPhone()
  const { linkWallet } = useLinkWithWallet()
  const { unlinkEmail } = useUnlinkEmail()
  const { unlinkPhone } = useUnlinkPhone()
  const { unlinkWallet } = useUnlinkWallet()
  const { unlinkFarcaster } = useUnlinkFarcaster()
  const { unlinkTelegram } = useUnlinkTelegram()
  const { unlinkPasskey } = useUnlinkPasskey()
  const { unlinkCrossAppAccount } = useUnlinkCrossAppAccount()
  const { updateEmail } = useUpdateEmail()
  const { updatePhone } = useUpdatePhone()
  const { link } = useLinkAccount()
  const [error, setError] = useState<string | null>(null)
  if (!user) return null
  const run = (action: () => unknown) => {
    setError(null)
    Promise.resolve()
      .then(action)
      .catch((e: unknown) => setError(e instanceof Error ? e.message : String(e)))
  }
  const rows = user.linked_accounts.map((a): { label: string; unlink: (() => Promise<unknown>) | null } => {
    const account = a as { type: string; address?: string; phoneNumber?: string }
    if (account.type === 'email' && account.address) return { label: account.address, unlink: () => unlinkEmail(account.address!) }
    if (account.type === 'phone' && account.phoneNumber) return { label: account.phoneNumber, unlink: () => unlinkPhone(account.phoneNumber!) }
    if (account.type === 'wallet' && account.address) return { label: account.address, unlink: () => unlinkWallet(account.address!) }
    const o = a as unknown as Record<string, string | number>
    if (o.type === 'farcaster') return { label: `farcaster ${o.username ?? o.fid}`, unlink: () => unlinkFarcaster(Number(o.fid)) }
    if (o.type === 'telegram') return { label: `telegram ${o.username ?? o.telegram_user_id}`, unlink: () => unlinkTelegram(String(o.telegram_user_id)) }
    if (o.type === 'passkey') return { label: `passkey ${o.credential_id}`, unlink: () => unlinkPasskey(String(o.credential_id)) }
    if (o.type === 'cross_app') {
      return { label: `cross_app ${o.subject}`, unlink: () => unlinkCrossAppAccount({ appId: String(o.provider_app_id), subject: String(o.subject) }) }
    }
    return { label: account.type, unlink: null }
  })
  return (
    <section aria-labelledby="accounts-title">
      <h2 id="accounts-title">Linked accounts</h2>
      <ul data-testid="linked-accounts">
        {rows.map((row) => (
          <li key={row.label}>
            <span data-testid="linked-account">{row.label}</span>{' '}
            {row.unlink ? (
              <button type="button" className="secondary" aria-label={`Unlink ${row.label}`} onClick={() => run(row.unlink!)}>
                Unlink
              </button>
            ) : null}
          </li>
        ))}
      </ul>
      {error ? <p role="alert">{error}</p> : null}
      <button type="button" className="secondary" onClick={() => run(linkEmail)}>Link email</button>
      <button type="button" className="secondary" onClick={() => run(linkPhone)}>Link phone</button>
      <button type="button" className="secondary" onClick={() => run(linkWallet)}>Link wallet</button>
      <button type="button" className="secondary" onClick={() => run(updateEmail)}>Update email</button>
      <button type="button" className="secondary" onClick={() => run(updatePhone)}>Update phone</button>
      {/* The other methods link through the modal; the server refuses those the app does not enable. */}
      <button type="button" className="secondary" onClick={() => run(() => link('google'))}>Link Google</button>
      <button type="button" className="secondary" onClick={() => run(() => link('farcaster'))}>Link Farcaster</button>
      <button type="button" className="secondary" onClick={() => run(() => link('telegram'))}>Link Telegram</button>
      <button type="button" className="secondary" onClick={() => run(() => link('passkey'))}>Link a passkey</button>
    </section>
  )
}

/** For a user with a Farcaster account: makes an Ed25519 key (WebCrypto) and asks them to approve it as a signer. */
function FarcasterSigner() {
  const { user } = usePortico()
  const { requestFarcasterSigner, signerPublicKey } = useFarcasterSigner()
  const [error, setError] = useState<string | null>(null)
  if (!user?.linked_accounts.some((a) => a.type === 'farcaster')) return null
  const request = async () => {
    setError(null)
    try {
      const pair = (await crypto.subtle.generateKey({ name: 'Ed25519' }, true, ['sign', 'verify'])) as CryptoKeyPair
      const raw = new Uint8Array(await crypto.subtle.exportKey('raw', pair.publicKey))
      await requestFarcasterSigner(`0x${Array.from(raw, (b) => b.toString(16).padStart(2, '0')).join('')}`)
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e))
    }
  }
  return (
    <p>
      Farcaster signer: <span data-testid="farcaster-signer">{signerPublicKey ?? '—'}</span>{' '}
      <button type="button" className="secondary" onClick={() => void request()}>Request Farcaster signer</button>
      {error ? <span role="status" data-testid="farcaster-signer-error"> {error}</span> : null}
    </p>
  )
}

/** The user's embedded wallets: create one, sign a message with the first (the sign request shows). */
function EmbeddedWallet() {
  const { wallets, createWallet, getEthereumProvider, exportWallet, importWallet } = useEmbeddedWallets()
  const { sendTransaction } = useSendTransaction()
  const [signature, setSignature] = useState<string | null>(null)
  const [txHash, setTxHash] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const run = async (action: () => Promise<unknown>) => {
    setError(null)
    try {
      await action()
    } catch (e) {
      const code = (e as { rpcCode?: number; code?: string }).rpcCode ?? (e as { code?: string }).code
      setError(`${code ?? 'error'}: ${e instanceof Error ? e.message : String(e)}`)
    }
  }
  const first = wallets.find((w) => w.chainType === 'ethereum')
  const sign = async () => {
    if (!first) return
    const message = '0x' + Array.from(new TextEncoder().encode('Hello from the demo'), (b) => b.toString(16).padStart(2, '0')).join('')
    setSignature(String(await getEthereumProvider(first.address).request({ method: 'personal_sign', params: [message, first.address] })))
  }
  // 0.001 ETH to a fixed address, after the transaction review.
  const send = async () => {
    if (!first) return
    const to = '0x000000000000000000000000000000000000dEaD'
    const { hash } = await sendTransaction({ to, value: '0x38d7ea4c68000' }, { address: first.address, uiOptions: { description: 'The demo sends 0.001 ETH to a burn address.' } })
    setTxHash(hash)
  }
  // Any transaction, written as JSON (hex quantities): a token transfer, an approval, a contract call.
  const [txJson, setTxJson] = useState('')
  const sendJson = async () => {
    if (!first) return
    const { hash } = await sendTransaction(JSON.parse(txJson) as Record<string, unknown>, { address: first.address, uiOptions: { successHeader: 'Sent from the demo' } })
    setTxHash(hash)
  }
  return (
    <p>
      Embedded wallets: <span data-testid="embedded-wallets">{wallets.map((w) => w.address).join(', ') || '—'}</span>{' '}
      <button type="button" className="secondary" onClick={() => void run(() => createWallet({ createAdditional: true }))}>
        Create an embedded wallet
      </button>
      {first ? (
        <>
          <button type="button" className="secondary" onClick={() => void run(sign)}>
            Sign a message
          </button>
          <button type="button" className="secondary" onClick={() => void run(send)}>
            Send 0.001 ETH
          </button>
          <input aria-label="Transaction (JSON)" placeholder='{"to":"0x…","value":"0x1","data":"0x"}' value={txJson} onChange={(e) => setTxJson(e.target.value)} />
          <button type="button" className="secondary" onClick={() => void run(sendJson)}>
            Send the transaction
          </button>
          <button type="button" className="secondary" onClick={() => void run(() => exportWallet({ address: first.address }))}>
            Export the wallet
          </button>
        </>
      ) : null}
      <button type="button" className="secondary" onClick={() => void run(() => importWallet())}>
        Import a wallet
      </button>
      {signature ? <span data-testid="embedded-signature"> {signature}</span> : null}
      {txHash ? <span data-testid="embedded-transaction"> {txHash}</span> : null}
      {error ? <span role="status" data-testid="embedded-error"> {error}</span> : null}
    </p>
  )
}

/**
 * Delegated actions on the first embedded Ethereum wallet: 'Delegate' asks the user to let the app's
 * backend sign with it, 'Revoke' takes it back; the wallet's `delegated` flag shows beside them.
 */
function DelegatedWallet() {
  const { user } = usePortico()
  const { wallets } = useEmbeddedWallets()
  const { delegateWallet, revokeWallets } = useDelegatedActions()
  const [error, setError] = useState<string | null>(null)
  const first = wallets.find((w) => w.chainType === 'ethereum')
  if (!first) return null
  const entry = user?.linked_accounts.find((a) => a.type === 'wallet' && (a as { address?: string }).address === first.address) as { delegated?: boolean } | undefined
  const run = (action: () => Promise<void>) => {
    setError(null)
    action().catch((e: unknown) => setError(`${(e as { code?: unknown }).code ?? 'error'}: ${e instanceof Error ? e.message : String(e)}`))
  }
  return (
    <p>
      Delegated: <span data-testid="wallet-delegated">{String(entry?.delegated ?? false)}</span>{' '}
      <button type="button" className="secondary" onClick={() => run(() => delegateWallet({ address: first.address }))}>
        Delegate
      </button>
      <button type="button" className="secondary" onClick={() => run(() => revokeWallets({ address: first.address }))}>
        Revoke
      </button>
      {error ? <span role="status" data-testid="delegated-error"> {error}</span> : null}
    </p>
  )
}

/** The wallets of the user's accounts at other apps (cross-app): sign a message, send 0.001 ETH on the local chain. */
function CrossAppWallet() {
  const { wallets, getEthereumProvider } = useCrossAppWallets()
  const [result, setResult] = useState<string | null>(null)
  const [error, setError] = useState<string | null>(null)
  const first = wallets[0]
  if (!first) return null
  // Inside the click, with no await before it: the provider app's page opens in a popup.
  const run = (action: () => Promise<unknown>) => {
    setError(null)
    setResult(null)
    action().then(
      (value) => setResult(String(value)),
      (e: unknown) => setError(`${(e as { code?: unknown }).code ?? 'error'}: ${e instanceof Error ? e.message : String(e)}`),
    )
  }
  const provider = () => getEthereumProvider(first.address, anvilUrl ? 31337 : 1)
  const message = '0x' + Array.from(new TextEncoder().encode('Hello from another app'), (b) => b.toString(16).padStart(2, '0')).join('')
  return (
    <p>
      Cross-app wallets: <span data-testid="cross-app-wallets">{wallets.map((w) => w.address).join(', ')}</span>{' '}
      <button type="button" className="secondary" onClick={() => run(() => provider().request({ method: 'personal_sign', params: [message, first.address] }))}>
        Sign with the cross-app wallet
      </button>
      <button
        type="button"
        className="secondary"
        onClick={() => run(() => provider().request({ method: 'eth_sendTransaction', params: [{ from: first.address, to: '0x000000000000000000000000000000000000dEaD', value: '0x38d7ea4c68000' }] }))}
      >
        Send 0.001 ETH from the cross-app wallet
      </button>
      {result ? <span data-testid="cross-app-result"> {result}</span> : null}
      {error ? <span role="status" data-testid="cross-app-error"> {error}</span> : null}
    </p>
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

/** Opens the MFA enrolment ('Transaction Protection', then the methods); lists the user's enrolled methods. */
function ManageMfa() {
  const { user } = usePortico()
  const { showMfaEnrollmentModal } = useMfaEnrollment()
  const methods = user?.mfa_methods ?? []
  return (
    <p>
      MFA: <span data-testid="mfa-methods">{methods.map((m) => m.type).join(', ') || '—'}</span>{' '}
      <button type="button" className="secondary" onClick={() => void showMfaEnrollmentModal()}>
        {methods.length > 0 ? 'Manage MFA' : 'Enable MFA'}
      </button>
    </p>
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

/** Headless login: the host's own email and code fields drive `useLoginWithEmail`; the modal stays closed. */
function HeadlessLogin() {
  const { ready, authenticated } = usePortico()
  const { sendCode, loginWithCode, state } = useLoginWithEmail()
  const [address, setAddress] = useState('')
  const [code, setCode] = useState('')
  if (!ready || authenticated) return null
  const awaiting = state.status === 'awaiting-code-input' || state.status === 'submitting-code' || (state.status === 'error' && code !== '')
  return (
    <section className="card" style={{ marginTop: 16 }} aria-labelledby="headless-title" data-testid="headless">
      <h2 id="headless-title" style={{ margin: '0 0 16px', fontSize: 20 }}>Headless</h2>
      {/* Button names avoid 'Log in' and 'Submit': other tests find the modal's buttons by those names. */}
      <form onSubmit={(e) => { e.preventDefault(); void sendCode({ email: address }).catch(() => undefined) }}>
        <label>Headless email <input type="email" value={address} onChange={(e) => setAddress(e.target.value)} /></label>{' '}
        <button type="submit" disabled={state.status === 'sending-code'}>Send code</button>
      </form>
      {awaiting ? (
        <form onSubmit={(e) => { e.preventDefault(); void loginWithCode({ code }).catch(() => undefined) }}>
          <label>Headless code <input inputMode="numeric" autoComplete="one-time-code" value={code} onChange={(e) => setCode(e.target.value)} /></label>{' '}
          <button type="submit" disabled={state.status === 'submitting-code'}>Verify code</button>
        </form>
      ) : null}
      <p aria-live="polite" data-testid="headless-status">{state.status}{state.error ? `: ${state.error.message}` : ''}</p>
    </section>
  )
}

// The locale (`?locale=ar`, `?locale=auto`) and the host's own texts (`?texts={"fr":{"KEY":"…"}}`).
const localeFromQuery = new URLSearchParams(location.search).get('locale') ?? undefined
const textsFromQuery = JSON.parse(new URLSearchParams(location.search).get('texts') ?? 'null') as MessageOverrides | null

/**
 * The page. The provider is keyed by the panel's options: applying new ones mounts a provider with the
 * new configuration (the session stays in storage) and opens its modal.
 */
function App() {
  const [look, setLook] = useState(() => readLook(location.search))
  const [openOnMount, setOpenOnMount] = useState(false)
  const apply = (next: LookOptions, open: boolean) => {
    history.replaceState(null, '', `${location.pathname}${writeLook(location.search, next)}`)
    setLook(next)
    setOpenOnMount(open)
  }
  const config = clientConfig(look)
  return (
    <PorticoProvider key={JSON.stringify(look)} appId={appId} apiUrl={meta('portico-api-url')} plugins={plugins} {...(config ? { config } : {})} {...(localeFromQuery ? { locale: localeFromQuery } : {})} {...(textsFromQuery ? { messages: textsFromQuery } : {})}>
      <OpenWhenReady open={openOnMount} />
      <main className="demo">
        <h1>Portico Demo</h1>
        <p className="lead">A host app with Portico's sign-in modal. Log in to see your user.</p>
        <Account />
        <LookPanel look={look} onApply={apply} />
        <HeadlessLogin />
        <HostSession />
      </main>
    </PorticoProvider>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <App />
  </StrictMode>,
)
