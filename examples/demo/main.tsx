/**
 * The demo host app: what a host page looks like with Portico. It enables every login method that has a
 * plugin in this repository.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { PorticoProvider, usePortico } from 'portico/react'
import { email } from 'portico/plugins/email'

const meta = (name: string): string =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? ''

/** `?app=<id>` points the page at another app of the same server (set one up with `portico apps create`). */
const appFromQuery = new URLSearchParams(location.search).get('app')
const appId = appFromQuery && /^[a-z0-9]{25}$/.test(appFromQuery) ? appFromQuery : meta('portico-app-id')

// Client plugins: one entry per login method of this repository.
const plugins = [
  email(),
]

function Account() {
  const { ready, authenticated, user, login, logout } = usePortico()
  if (!ready) return <p aria-live="polite">Loading…</p>
  if (!authenticated || !user) {
    return (
      <div className="card">
        <p>You are signed out.</p>
        <button type="button" onClick={() => login()}>
          Log in
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
        <dt>Guest</dt>
        <dd>{user.is_guest ? 'yes' : 'no'}</dd>
      </dl>
      <button type="button" className="secondary" onClick={() => void logout()}>
        Log out
      </button>
    </div>
  )
}

function App() {
  return (
    <main className="demo">
      <h1>Portico Demo</h1>
      <p className="lead">A host app with Portico's sign-in modal. Log in to see your user.</p>
      <Account />
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PorticoProvider appId={appId} apiUrl={meta('portico-api-url')} plugins={plugins}>
      <App />
    </PorticoProvider>
  </StrictMode>,
)
