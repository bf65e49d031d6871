import { cookies } from 'next/headers'
import { redirect } from 'next/navigation'
import { sessionOf } from '../../lib/session'
import { SignOut } from '../session-buttons'

/** A protected page, rendered on the server for the signed-in user only. */
export default async function Account() {
  // The proxy sent signed-out visitors away already; a server component checks again all the same.
  const session = await sessionOf(await cookies())
  if (session.status !== 'signed-in') redirect('/?next=/account')
  return (
    <section className="card">
      <h1>Your account</h1>
      <p>Rendered on the server for</p>
      <p>
        <code data-testid="user-id">{session.userId}</code>
      </p>
      <SignOut />
    </section>
  )
}
