/**
 * Browser side of `shootScreens`: a host page with the modal open at the screen named in the query
 * string (`screen`, `theme`, `params`).
 * @internal
 * @module
 */
import { createRoot } from 'react-dom/client'
import { createPortico } from '../../kernel/kernel'
import { createMemoryStorage } from '../../kernel/storage'
import type { PluginDefinition } from '../../kernel/plugin'
import { PorticoProvider, withPorticoPlugin } from '../provider'
import { loadScreen } from '../modal/PorticoModal'

/**
 * Mounts the screenshot page.
 * @param plugins - the plugins whose screens are shown.
 * @param fallbackScreen - the screen when the query names none.
 * @example
 * ```tsx
 * mountScreenshotPage([solana()], 'solana/install-phantom')
 * ```
 */
export function mountScreenshotPage(plugins: PluginDefinition[], fallbackScreen: string): void {
  const q = new URLSearchParams(location.search)
  const screen = q.get('screen') ?? fallbackScreen
  const theme = q.get('theme') === 'dark' ? 'dark' : 'light'
  const params = JSON.parse(q.get('params') ?? '{}') as Record<string, unknown>
  document.body.style.background = theme === 'dark' ? '#0b0c10' : '#eef1f6'
  const kernel = createPortico({
    appId: 'cm0screenshotsappidabcdef',
    apiUrl: location.origin,
    plugins: withPorticoPlugin(plugins),
    storage: createMemoryStorage(),
    config: { appearance: { theme } },
  })
  void (async () => {
    await kernel.init()
    await loadScreen(kernel, screen)
    createRoot(document.getElementById('app')!).render(
      <PorticoProvider kernel={kernel} theme={theme}>
        <main style={{ font: '16px system-ui', padding: 32, color: theme === 'dark' ? '#ddd' : '#223' }}>
          <h1 style={{ margin: 0 }}>Acme Dashboard</h1>
          <p>Host page content behind the modal.</p>
        </main>
      </PorticoProvider>,
    )
    kernel.openModal(screen, params)
  })()
}
