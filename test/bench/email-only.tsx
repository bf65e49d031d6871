/**
 * The page the size and open-time budgets are measured on: a host app with the email plugin only.
 */
import { createRoot } from 'react-dom/client'
import { PorticoProvider, usePortico } from 'portico/react'
import { email } from 'portico/plugins/email'

const meta = (name: string): string =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? ''

const plugins = [email()]

function LoginButton() {
  const { ready, login } = usePortico()
  return (
    <button type="button" disabled={!ready} data-ready={ready ? 'yes' : 'no'} onClick={() => login()}>
      Log in
    </button>
  )
}

createRoot(document.getElementById('root')!).render(
  <PorticoProvider appId={meta('portico-app-id')} apiUrl={meta('portico-api-url')} plugins={plugins}>
    <LoginButton />
  </PorticoProvider>,
)
