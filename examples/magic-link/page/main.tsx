/**
 * The example's host page: a provider with the magic-link plugin only, a "Log in" button and the
 * signed-in user's address.
 */
import { StrictMode } from 'react'
import { createRoot } from 'react-dom/client'
import { PorticoProvider, lightTheme, usePortico } from 'portico/react'
import { magicLink } from '../index'

const meta = (name: string): string => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? ''

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
  const account = user.linked_accounts.find((a) => a.type === 'magic_link') as { address?: string } | undefined
  return (
    <main>
      <p>
        Signed in as <span data-testid="user-address">{account?.address ?? user.id}</span>
      </p>
      <button type="button" onClick={() => void logout()}>
        Log out
      </button>
    </main>
  )
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <PorticoProvider
      appId={meta('portico-app-id')}
      apiUrl={meta('portico-api-url')}
      plugins={[magicLink()]}
      // The page's own look: a teal accent and tighter corners, through the public theme object.
      config={{ appearance: lightTheme({ accentColor: '#0E7490', radius: '6px' }) }}
    >
      <Account />
    </PorticoProvider>
  </StrictMode>,
)
