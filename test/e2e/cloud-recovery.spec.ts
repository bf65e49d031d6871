/**
 * Cloud recovery in a browser, through the built wallet frame and a real popup: the host page asks the
 * frame for the storage's sign-in, opens it with `window.open`, reads the code and state the popup
 * returns with, and hands them to the frame, which backs the wallet up to the local stand-in of Google
 * Drive or CloudKit. A fresh browser context (a new device) recovers the same wallet the same way; a
 * storage failure is retried with the same sign-in; a refused sign-in says 'User denied'. The host page
 * never sees the storage's token or the key. Runs its own server, stand-ins and host page (no demo).
 */
import { expect, test, type Browser, type Page } from '@playwright/test'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import type { FrameCloudProvider, FrameWallet } from '../../protocols/wallet-frame'
import type { WalletFrame } from '../../protocols/wallet-frame/client'
import { emailServer } from '../../plugins/email/server'
import { embeddedWalletsServer } from '../../plugins/embedded-wallets/server'
import { cloudRecoveryServer, cloudStorageOrigins } from '../../plugins/cloud-recovery/server'
import { generateEncryptionKey } from '../../server/index'
import { buildFrame } from '../../wallet-frame/build'
import { createTestInstance, type TestInstance } from '../support/server'
import { startGoogleDriveStandIn, type GoogleDriveStandIn } from '../fixtures/google-drive'
import { startCloudKitStandIn, type CloudKitStandIn } from '../fixtures/cloudkit'
import type { HostWindow } from './wallet-frame/host'
import { buildHostScript, serveHostPage } from './wallet-frame/serve'

type FramePage = HostWindow & { frame: WalletFrame }
type Outcome = { ok: true; result: unknown } | { ok: false; code: string; message: string }

const CONTAINER = 'iCloud.test.portico'
let t: TestInstance
let host: Awaited<ReturnType<typeof serveHostPage>>
let google: GoogleDriveStandIn
let cloudkit: CloudKitStandIn
const dist = mkdtempSync(join(tmpdir(), 'portico-frame-dist-'))

test.beforeAll(async () => {
  await buildFrame({ outdir: dist })
  host = await serveHostPage(await buildHostScript(), '127.0.0.1')
  google = await startGoogleDriveStandIn()
  cloudkit = await startCloudKitStandIn()
  t = await createTestInstance({
    app: {
      allowedOrigins: [host.origin],
      settings: {
        embeddedWallets: { userOwnedRecoveryOptions: ['google-drive', 'icloud'], requireUserOwnedRecoveryOnCreate: true },
        cloudRecovery: {
          googleDrive: { clientId: 'drive-client', clientSecret: 'drive-secret', authorizationUrl: google.authorizationUrl, tokenUrl: google.tokenUrl, apiUrl: google.url },
          icloud: { apiToken: 'ck-api-token', containerIdentifier: CONTAINER, environment: 'development', apiUrl: cloudkit.url },
        },
      },
    },
    plugins: [
      emailServer(),
      embeddedWalletsServer({ shareKeys: generateEncryptionKey(), recoveryKeys: generateEncryptionKey(), frameDist: dist, frameConnectSources: cloudStorageOrigins }),
      cloudRecoveryServer({ logFailure: () => {} }),
    ],
  })
  google.registerClient({ clientId: 'drive-client', clientSecret: 'drive-secret', redirectUris: [`${t.baseUrl}/api/v1/recovery/oauth/callback/${t.appId}`] })
  cloudkit.registerApiToken({ apiToken: 'ck-api-token', container: CONTAINER, callbackUrl: `${t.baseUrl}/api/v1/recovery/oauth/callback_icloud/${t.appId}` })
})
test.afterAll(async () => {
  await t?.close()
  await host?.close()
  await google?.close()
  await cloudkit?.close()
  rmSync(dist, { recursive: true, force: true })
})

let n = 0
const newToken = async () => (await t.login(`cloud-browser-${Date.now()}-${++n}@example.com`)).token!

/** Opens the host page and the hidden wallet frame in it. */
async function openFrame(page: Page, token: string): Promise<void> {
  await page.goto(`${host.origin}/`)
  await page.waitForFunction(() => 'portico' in window)
  await page.evaluate(
    ([api, appId, accessToken]) => {
      const w = window as unknown as FramePage
      w.frame = w.portico.openWalletFrame({ url: w.portico.frameUrl(api, appId), apiOrigin: api, getAccessToken: () => accessToken, refreshAccessToken: () => null })
    },
    [t.baseUrl, t.appId, token] as const,
  )
}

function call(page: Page, op: string, params: unknown): Promise<Outcome> {
  return page.evaluate(
    ([name, p]) =>
      (window as unknown as FramePage).frame.request(name as never, p as never).then(
        (result: unknown) => ({ ok: true as const, result }),
        (e: { code: string; shortMessage: string }) => ({ ok: false as const, code: e.code, message: e.shortMessage }),
      ),
    [op, params] as const,
  )
}

async function ok<T>(outcome: Promise<Outcome>): Promise<T> {
  const o = await outcome
  if (!o.ok) throw new Error(`${o.code}: ${o.message}`)
  return o.result as T
}

/** What the host page does: the frame's sign-in page in a popup, then the code and state it returns with. */
async function signIn(page: Page, provider: FrameCloudProvider): Promise<{ code: string; state: string }> {
  const { url, stateCode } = await ok<{ url: string; stateCode: string }>(call(page, 'cloudSignIn', { provider, redirectTo: `${host.origin}/` }))
  const [popup] = await Promise.all([page.waitForEvent('popup'), page.evaluate((u) => void window.open(u, 'portico-cloud', 'width=500,height=600'), url)])
  await popup.waitForURL((u) => u.origin === host.origin && u.searchParams.has('privy_oauth_state'))
  const returned = new URL(popup.url())
  await popup.close()
  expect(returned.searchParams.get('privy_oauth_state')).toBe(stateCode)
  return { code: returned.searchParams.get('privy_oauth_code')!, state: stateCode }
}

/** A new device: a fresh browser context with the host page and its frame; the page records every message it receives. */
async function device(browser: Browser, token: string): Promise<Page> {
  const page = await (await browser.newContext()).newPage()
  await openFrame(page, token)
  await page.evaluate(() => {
    const w = window as unknown as { received: string[] }
    w.received = []
    window.addEventListener('message', (e) => w.received.push(JSON.stringify(e.data)))
  })
  return page
}

/** Everything the host page received by postMessage. */
const received = (page: Page) => page.evaluate(() => (window as unknown as { received: string[] }).received.join('\n'))

for (const provider of ['google-drive', 'icloud'] as const) {
  const asOwner = () => (provider === 'google-drive' ? google.signInAs('owner@gmail.test') : cloudkit.signInAs('owner@icloud.test'))
  const storedKey = () => (provider === 'google-drive' ? google.filesOf('owner@gmail.test').at(-1)?.content : String(cloudkit.recordsOf('owner@icloud.test').at(-1)?.fields.secret?.value))
  const failNext = () => (provider === 'google-drive' ? google.failDriveNext() : cloudkit.failRecordsNext())

  test(`a ${provider} backup is recovered on a new device, after a failure retried`, async ({ browser }) => {
    const token = await newToken()
    asOwner()
    const first = await device(browser, token)
    const wallet = await ok<FrameWallet>(call(first, 'create', { chainType: 'ethereum', recovery: { method: provider, authorization: await signIn(first, provider) } }))
    expect(wallet.recoveryMethod).toBe(provider)
    // The key is in the user's storage, and never crossed to the page.
    const key = storedKey()
    expect(key).toMatch(/^[A-Za-z0-9+/]{43}=$/)
    expect(await received(first)).not.toContain(key!)
    await first.context().close()

    const second = await device(browser, token)
    const needed = await call(second, 'connect', { entropyId: wallet.entropyId })
    expect(needed).toMatchObject({ ok: false, code: 'recovery_needed' })
    const authorization = await signIn(second, provider)
    failNext()
    const failed = await call(second, 'recover', { entropyId: wallet.entropyId, authorization })
    expect(failed).toMatchObject({ ok: false, code: 'cloud_storage_error' })
    const { wallets } = await ok<{ wallets: FrameWallet[] }>(call(second, 'recover', { entropyId: wallet.entropyId, authorization }))
    expect(wallets.map((w) => w.address)).toEqual([wallet.address])
    expect(await received(second)).not.toContain(key!)
    await second.context().close()
  })

  test(`a refused ${provider} sign-in says 'User denied'`, async ({ browser }) => {
    const page = await device(browser, await newToken())
    if (provider === 'google-drive') google.denyNext()
    else cloudkit.denyNext()
    const authorization = await signIn(page, provider)
    expect(authorization.code).toBe('undefined')
    const denied = await call(page, 'create', { chainType: 'ethereum', recovery: { method: provider, authorization } })
    expect(denied).toMatchObject({ ok: false, code: 'user_denied', message: 'User denied' })
    await page.context().close()
  })
}
