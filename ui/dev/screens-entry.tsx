/**
 * Browser entry of the screenshot page: a fake host app with the modal open at the screen named
 * in the query string (`?screen=email/code&theme=dark&params={...}`).
 * @internal
 * @module
 */
import { createRoot } from 'react-dom/client'
import { createPortico } from '../../kernel/kernel'
import { createMemoryStorage } from '../../kernel/storage'
import { email } from '../../plugins/email'
import { sms } from '../../plugins/sms'
import { PorticoProvider, withPorticoPlugin } from '../provider'
import { loadScreen } from '../modal/PorticoModal'

const q = new URLSearchParams(location.search)
const screen = q.get('screen') ?? 'portico/landing'
const theme = q.get('theme') === 'dark' ? 'dark' : 'light'
const params = JSON.parse(q.get('params') ?? '{}') as Record<string, unknown>
document.body.style.background = theme === 'dark' ? '#0b0c10' : '#eef1f6'

const kernel = createPortico({
  appId: q.get('app') ?? 'cm0screenshotsappidabcdef',
  apiUrl: location.origin,
  plugins: withPorticoPlugin([email(), sms()]),
  storage: createMemoryStorage(),
  config: { appearance: { theme, ...(q.get('header') ? { landingHeader: q.get('header')! } : {}) } },
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
  document.body.setAttribute('data-ready', 'true')
})()
