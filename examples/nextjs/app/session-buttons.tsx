'use client'
/**
 * The page's two client parts: "Sign in" opens Portico's modal and, once signed in, goes on to the
 * page the visitor asked for; "Sign out" ends the session (the server clears the cookies) and goes
 * home. Both render the same markup on the server and on the first client render.
 */
import { useEffect } from 'react'
import { useRouter } from 'next/navigation'
import { useLogin, useLogout, usePortico } from 'portico/react'

export function SignIn({ next }: { next: string }) {
  const router = useRouter()
  const { ready, authenticated } = usePortico()
  const { login } = useLogin({ onComplete: () => router.replace(next) })
  // A session the widget restored (an expired access token refreshed on load) goes on too.
  useEffect(() => {
    if (authenticated) router.replace(next)
  }, [authenticated, next, router])
  return (
    <button type="button" className="primary" disabled={!ready || authenticated} onClick={() => login()}>
      Sign in
    </button>
  )
}

export function SignOut() {
  const router = useRouter()
  const { logout } = useLogout({ onSuccess: () => router.replace('/') })
  return (
    <button type="button" onClick={() => void logout()}>
      Sign out
    </button>
  )
}
