/**
 * What a browser test's own host page (`test/e2e/<name>/page.tsx`, served by `startHostPage`) shares:
 * reading the meta tags the test put on the page, the signed-in shell around the page's buttons
 * (a loading line, a 'Log in' button, then the signed-in user's email), an outcome line its buttons
 * print into, and mounting the page under `PorticoProvider`.
 * @module
 */
import { StrictMode, useState, type ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { PorticoProvider, usePortico, type PorticoProviderProps } from 'portico/react'

/**
 * The content of one of the page's meta tags.
 * @param name - the tag's name.
 * @returns its content, or '' when the page has no such tag.
 */
export const meta = (name: string): string => document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? ''

/**
 * The theme the page's `?theme=` query asks for.
 * @returns 'light' unless the query names another.
 */
export const queryTheme = (): 'light' | 'dark' => (new URLSearchParams(location.search).get('theme') as 'light' | 'dark' | null) ?? 'light'

/**
 * The signed-in shell: 'Loading…' until the widget is ready, a 'Log in' button until a user is signed
 * in, then the user's email (`user-email`) above the page's own content.
 * @param props - `children`: the page's buttons and lines.
 * @returns the shell.
 */
export function SignedIn({ children }: { children: ReactNode }) {
  const { ready, authenticated, user, login } = usePortico()
  if (!ready) return <p>Loading…</p>
  if (!authenticated) return <button onClick={() => login()}>Log in</button>
  const emailAccount = user?.linked_accounts.find((a) => a.type === 'email') as { address?: string } | undefined
  return (
    <main>
      <p data-testid="user-email">{emailAccount?.address}</p>
      {children}
    </main>
  )
}

/**
 * An outcome line's text and a runner that clears it, runs a piece of work and prints what it
 * answered, or `error <what describeError says>` when it failed.
 * @param describeError - how a failure reads. @defaultValue its message
 * @returns the line's text and the runner.
 */
export function useOutcome<E extends Error = Error>(describeError: (error: E) => string = (error) => error.message) {
  const [outcome, setOutcome] = useState('')
  const run = (work: () => Promise<string>) => {
    setOutcome('')
    work().then(setOutcome, (error: E) => setOutcome(`error ${describeError(error)}`))
  }
  return [outcome, run] as const
}

/**
 * Mounts the page on `#root` under `PorticoProvider`, in strict mode.
 * @param provider - the provider's props (its children are the page).
 * @param page - the page's content.
 */
export function mountHostPage(provider: PorticoProviderProps, page: ReactNode): void {
  createRoot(document.getElementById('root')!).render(
    <StrictMode>
      <PorticoProvider {...provider}>{page}</PorticoProvider>
    </StrictMode>,
  )
}
