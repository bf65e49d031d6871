/**
 * Browser entry of the wallet screens' screenshot page: the modal open at the screen named in the
 * query string, with the injected connector plugin and whatever test wallets the page was given.
 * @internal
 * @module
 */
import { createRoot } from 'react-dom/client'
import { createPortico } from '../../../kernel/kernel'
import { createMemoryStorage } from '../../../kernel/storage'
import { CONNECTIONS_STORAGE_KEY } from '../index'
import { email } from '../../../plugins/email'
import { injected } from '../../../plugins/injected'
import { PorticoProvider, withPorticoPlugin } from '../../../ui/provider'
import { loadScreen } from '../../../ui/modal/PorticoModal'

const q = new URLSearchParams(location.search)
const screen = q.get('screen') ?? 'wallets/list'
const theme = q.get('theme') === 'dark' ? 'dark' : 'light'
const params = JSON.parse(q.get('params') ?? '{}') as Record<string, unknown>
document.body.style.background = theme === 'dark' ? '#0b0c10' : '#eef1f6'

const storage = createMemoryStorage()
if (q.get('recent')) {
  storage.set(CONNECTIONS_STORAGE_KEY, JSON.stringify([{ address: '0x1', connectorType: 'injected', walletClientType: q.get('recent'), connectedAt: 1 }]))
}
const kernel = createPortico({
  appId: 'cm0screenshotsappidabcdef',
  apiUrl: location.origin,
  plugins: withPorticoPlugin([email(), injected()]),
  storage,
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
