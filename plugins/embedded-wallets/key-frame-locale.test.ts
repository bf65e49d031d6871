// @vitest-environment jsdom
/**
 * The key frame speaks the widget's language: each export and import request carries the frame's
 * texts in the locale in use, the locale's tag and its direction; the frame itself is stood in for
 * (its rendering of them is `wallet-frame/export-view.test.ts`).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { startHarness, type Harness } from '../../test/support/ui-harness'
import { KEY_FRAME_TEXTS } from '../../protocols/wallet-frame'
import { embeddedWallets } from './index'
import { frameOperations } from './frame-ops'
import { EMBEDDED_WALLET_SCREENS } from './screens/ids'
import arabic from './locales/ar'
import french from './locales/fr'

const requests: { op: string; params: Record<string, unknown> }[] = []

vi.mock('../../protocols/wallet-frame/client', () => ({
  openWalletFrame: () => ({
    async request(op: string, params: Record<string, unknown>) {
      requests.push({ op, params })
      return op === 'import' ? { ...WALLET, imported: true, entropyId: WALLET.address } : { shown: true }
    },
    destroy() {},
  }),
}))

const WALLET = { address: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', chainType: 'ethereum' as const, walletIndex: 0, imported: false, recoveryMethod: 'privy' as const }

let h: Harness | null = null
afterEach(async () => {
  await h?.close()
  h = null
  requests.length = 0
})

/** The key frame of a kernel showing `locale`, opened as the export and import screens open it. */
async function keyFrame(locale?: string) {
  h = await startHarness({ plugins: [embeddedWallets()] })
  if (locale) await h.kernel.setLocale(locale)
  // The screens' texts (the frame's among them) join when a screen of the plugin loads.
  await h.kernel.screen(EMBEDDED_WALLET_SCREENS.export)!.load()
  return frameOperations(h.kernel.contextFor('embedded-wallets'), {}, () => [WALLET]).openKeyFrame(document.body, 'Export wallet')
}

const frameKeys = Object.keys(KEY_FRAME_TEXTS) as (keyof typeof KEY_FRAME_TEXTS)[]
const pick = (table: Record<string, string>) => Object.fromEntries(frameKeys.map((key) => [key, table[key]]))

describe('the key frame’s language', () => {
  it('an Arabic widget sends the frame its Arabic texts, lang ar and right to left, with export and import', async () => {
    const frame = await keyFrame('ar')
    await frame.exportKey(WALLET, true)
    await frame.importKey('ethereum')
    for (const { params } of requests) {
      expect(params.texts).toEqual(pick(arabic))
      expect(params).toMatchObject({ lang: 'ar', dir: 'rtl' })
    }
    expect(requests.map((r) => r.op)).toEqual(['export', 'import'])
  })

  it('a French widget sends French texts, left to right', async () => {
    const frame = await keyFrame('fr')
    await frame.exportKey(WALLET, false)
    expect(requests[0]!.params).toMatchObject({ texts: pick(french), lang: 'fr', dir: 'ltr', phrase: false })
  })

  it('an English widget sends the English table', async () => {
    const frame = await keyFrame()
    await frame.importKey('solana')
    expect(requests[0]!.params).toMatchObject({ texts: KEY_FRAME_TEXTS, lang: 'en', dir: 'ltr', chainType: 'solana' })
  })
})
