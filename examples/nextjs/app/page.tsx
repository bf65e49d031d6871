import { cookies } from 'next/headers'
import { sessionOf } from '../lib/session'
import { SignIn } from './session-buttons'

/** A same-site path to go on to after signing in; anything else goes to the account page. */
function nextPath(value: string | string[] | undefined): string {
  return typeof value === 'string' && /^\/[a-z/-]*$/.test(value) ? value : '/account'
}

export default async function Home({ searchParams }: { searchParams: Promise<Record<string, string | string[] | undefined>> }) {
  const session = await sessionOf(await cookies())
  const next = nextPath((await searchParams).next)
  return (
    <section className="card">
      <h1>Welcome</h1>
      {session.status === 'signed-in' ? (
        <p>
          You are signed in. <a href="/account">Go to your account</a>.
        </p>
      ) : (
        <>
          <p>Sign in with your email address to see your account.</p>
          <SignIn next={next} />
        </>
      )}
    </section>
  )
}
