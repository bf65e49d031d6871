/**
 * Signs in and out, and calls the app's own backend with the access token (`/api/me`, which
 * verifies it with `verifyAccessToken` from `portico/server`).
 */
import { useState } from 'react'
import { useLogin, usePortico } from 'portico/react'

export function App() {
  const { ready, authenticated, user, logout, getAccessToken } = usePortico()
  const { login } = useLogin()
  const [backend, setBackend] = useState<string | null>(null)

  if (!ready) return <p aria-busy="true">Loading…</p>
  if (!authenticated) {
    return (
      <main>
        <h1>React + Vite</h1>
        <button onClick={() => login()}>Sign in</button>
      </main>
    )
  }

  // Each linked account carries its own fields; an email account has its `address`.
  const email = user?.linked_accounts.find((a) => a.type === 'email')?.address as string | undefined

  const callBackend = async () => {
    const token = await getAccessToken()
    const res = await fetch('/api/me', { headers: { Authorization: `Bearer ${token}` } })
    const body = (await res.json()) as { userId?: string; error?: string }
    setBackend(body.userId ?? `refused: ${body.error}`)
  }

  return (
    <main>
      <h1>React + Vite</h1>
      <p>
        Signed in as <span data-testid="user-email">{email ?? user?.id}</span>
      </p>
      <button onClick={callBackend}>Call my backend</button>
      {backend && (
        <p>
          The backend sees <span data-testid="backend-user">{backend}</span>
        </p>
      )}
      <button
        onClick={() => {
          setBackend(null)
          void logout()
        }}
      >
        Sign out
      </button>
    </main>
  )
}
