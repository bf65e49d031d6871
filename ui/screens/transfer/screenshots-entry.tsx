/**
 * Browser entry of the account screens' screenshot page: a signed-in user whose link of an account
 * was answered `account_transfer_required`, so the link-conflict and assets screens show a real
 * pending conflict; the email and phone update screens show as they open from their hooks.
 * Query: `screen`, `theme`, `params` (the conflict's `method`, `handle`, `embeddedWalletAddress`,
 * and the screen's own params).
 * @internal
 * @module
 */
import { createRoot } from 'react-dom/client'
import { createPortico } from '../../../kernel/kernel'
import { createMemoryStorage } from '../../../kernel/storage'
import { ApiError } from '../../../kernel/errors'
import { definePlugin, type PluginContext } from '../../../kernel/plugin'
import type { AuthenticatedUser } from '../../../kernel/wire'
import { PorticoProvider, withPorticoPlugin } from '../../provider'
import { loadScreen } from '../../modal/PorticoModal'
import { authenticated } from '../../../test/support/ui-harness-data'
import { email } from '../../../plugins/email'
import { sms } from '../../../plugins/sms'

const q = new URLSearchParams(location.search)
const screen = q.get('screen') ?? 'portico/link-conflict'
const theme = q.get('theme') === 'dark' ? 'dark' : 'light'
const params = JSON.parse(q.get('params') ?? '{}') as Record<string, unknown>
document.body.style.background = theme === 'dark' ? '#0b0c10' : '#eef1f6'

let probe: PluginContext | null = null
const kernel = createPortico({
  appId: 'cm0screenshotsappidabcdef',
  apiUrl: location.origin,
  plugins: withPorticoPlugin([email(), sms(), definePlugin({ id: 'probe', kind: 'feature', setup: (ctx) => void (probe = ctx) })]),
  storage: createMemoryStorage(),
  config: { appearance: { theme } },
})

void (async () => {
  await kernel.init()
  await probe!.authenticate(async () => authenticated() as unknown as AuthenticatedUser, { method: 'email' })
  kernel.closeModal({ force: true })
  await loadScreen(kernel, screen)
  await loadScreen(kernel, 'portico/link-conflict')
  createRoot(document.getElementById('app')!).render(
    <PorticoProvider kernel={kernel} theme={theme}>
      <main style={{ font: '16px system-ui', padding: 32, color: theme === 'dark' ? '#ddd' : '#223' }}>
        <h1 style={{ margin: 0 }}>Acme Dashboard</h1>
        <p>Host page content behind the modal.</p>
      </main>
    </PorticoProvider>,
  )
  if (!screen.startsWith('portico/link-conflict') && !screen.startsWith('portico/transfer-assets')) {
    kernel.openModal(screen, params)
    return
  }
  kernel.openModal('email/entry', {})
  const conflict = new ApiError(400, {
    error: 'Account transfer required',
    code: 'account_transfer_required',
    data: {
      nonce: 'screenshot-nonce',
      subject: params.handle,
      account: { displayName: params.handle },
      otherUser: { embeddedWalletAddress: params.embeddedWalletAddress ?? null },
    },
  })
  // The link stays pending on the conflict screen: nothing here answers it.
  void probe!
    .link(() => Promise.reject(conflict), {
      method: String(params.method ?? 'email'),
      transfer: async () => undefined,
    })
    .catch(() => undefined)
  if (screen !== 'portico/transfer-assets') return
  // The kernel shows the conflict screen once the link's rejection is handled; the assets screen follows it.
  while (!kernel.linkConflict()) await new Promise((r) => setTimeout(r, 10))
  kernel.navigate(screen, params)
})()
