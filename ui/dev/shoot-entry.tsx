/**
 * Browser side of `shootScreens`: a host page with the modal open at the screen named in the query
 * string (`screen`, `theme`, `params`).
 * @internal
 * @module
 */
import { createRoot } from 'react-dom/client'
import { createPortico } from '../../kernel/kernel'
import { createMemoryStorage, type StorageAdapter } from '../../kernel/storage'
import type { Kernel } from '../../kernel/types'
import type { PluginDefinition } from '../../kernel/plugin'
import { PorticoProvider, withPorticoPlugin } from '../provider'
import { loadScreen } from '../modal/PorticoModal'

/** What a screenshot page may add to the plain one. */
export interface ScreenshotPageOptions {
  /** The kernel's storage (a connection history to show as 'Recent'). @defaultValue memory */
  storage?: StorageAdapter
  /** More of the app's appearance (a landing header). */
  appearance?: Record<string, unknown>
  /** Runs once the kernel is ready, before the page renders (signs a user in). */
  prepare?: (kernel: Kernel) => Promise<void>
  /** Shows the screen once the page renders. @defaultValue `kernel.openModal(screen, params)` */
  open?: (kernel: Kernel, screen: string, params: Record<string, unknown>) => void | Promise<void>
}

/**
 * Mounts the screenshot page.
 * @param plugins - the plugins whose screens are shown.
 * @param fallbackScreen - the screen when the query names none.
 * @param options - storage, appearance, and how the page prepares and opens the screen.
 * @example
 * ```tsx
 * mountScreenshotPage([solana()], 'solana/install-phantom')
 * ```
 */
export function mountScreenshotPage(plugins: PluginDefinition[], fallbackScreen: string, options: ScreenshotPageOptions = {}): void {
  const q = new URLSearchParams(location.search)
  const screen = q.get('screen') ?? fallbackScreen
  const theme = q.get('theme') === 'dark' ? 'dark' : 'light'
  const params = JSON.parse(q.get('params') ?? '{}') as Record<string, unknown>
  document.body.style.background = theme === 'dark' ? '#0b0c10' : '#eef1f6'
  const kernel = createPortico({
    appId: 'cm0screenshotsappidabcdef',
    apiUrl: location.origin,
    plugins: withPorticoPlugin(plugins),
    storage: options.storage ?? createMemoryStorage(),
    config: { appearance: { theme, ...options.appearance } },
  })
  void (async () => {
    await kernel.init()
    await options.prepare?.(kernel)
    await loadScreen(kernel, screen)
    createRoot(document.getElementById('app')!).render(
      <PorticoProvider kernel={kernel} theme={theme}>
        <main style={{ font: '16px system-ui', padding: 32, color: theme === 'dark' ? '#ddd' : '#223' }}>
          <h1 style={{ margin: 0 }}>Acme Dashboard</h1>
          <p>Host page content behind the modal.</p>
        </main>
      </PorticoProvider>,
    )
    await (options.open ? options.open(kernel, screen, params) : kernel.openModal(screen, params))
  })()
}
