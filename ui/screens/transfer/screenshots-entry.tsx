/**
 * Browser entry of the account screens' screenshot page: a signed-in user whose link of an account
 * was answered `account_transfer_required`, so the link-conflict and assets screens show a real
 * pending conflict; the email and phone update screens show as they open from their hooks.
 * Query: `screen`, `theme`, `params` (the conflict's `method`, `handle`, `embeddedWalletAddress`,
 * and the screen's own params).
 * @internal
 * @module
 */
import { ApiError } from '../../../kernel/errors'
import { definePlugin, type PluginContext } from '../../../kernel/plugin'
import type { Kernel } from '../../../kernel/types'
import type { AuthenticatedUser } from '../../../kernel/wire'
import { loadScreen } from '../../modal/PorticoModal'
import { mountScreenshotPage } from '../../dev/shoot-entry'
import { authenticated } from '../../../test/support/ui-harness-data'
import { email } from '../../../plugins/email'
import { sms } from '../../../plugins/sms'

let probe: PluginContext | null = null

/** Shows the screen: as it opens, or over a pending link conflict for the conflict and assets screens. */
async function open(kernel: Kernel, screen: string, params: Record<string, unknown>): Promise<void> {
  await loadScreen(kernel, 'portico/link-conflict')
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
}

mountScreenshotPage([email(), sms(), definePlugin({ id: 'probe', kind: 'feature', setup: (ctx) => void (probe = ctx) })], 'portico/link-conflict', {
  prepare: async (kernel) => {
    await probe!.authenticate(async () => authenticated() as unknown as AuthenticatedUser, { method: 'email' })
    kernel.closeModal({ force: true })
  },
  open,
})
