/**
 * What the bench's host pages share: a "Log in" button (`data-ready="yes"` once the kernel is
 * ready) in the provider, with the app id and API URL from the page's meta tags.
 */
import type { ReactNode } from 'react'
import { createRoot } from 'react-dom/client'
import { PorticoProvider, usePortico } from 'portico/react'
import type { ClientConfig, PluginDefinition } from 'portico/kernel'

const meta = (name: string): string =>
  document.querySelector<HTMLMetaElement>(`meta[name="${name}"]`)?.content ?? ''

function LoginButton() {
  const { ready, login } = usePortico()
  return (
    <button type="button" disabled={!ready} data-ready={ready ? 'yes' : 'no'} onClick={() => login()}>
      Log in
    </button>
  )
}

/**
 * Renders the page into `#root`.
 * @param plugins - the host's plugins.
 * @param children - more of the host's page, inside the provider.
 * @param config - the host's configuration (chains).
 */
export function renderHostPage(plugins: readonly PluginDefinition[], children?: ReactNode, config?: ClientConfig): void {
  createRoot(document.getElementById('root')!).render(
    <PorticoProvider appId={meta('portico-app-id')} apiUrl={meta('portico-api-url')} plugins={plugins} {...(config ? { config } : {})}>
      <LoginButton />
      {children}
    </PorticoProvider>,
  )
}
