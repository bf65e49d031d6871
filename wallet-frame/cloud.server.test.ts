/**
 * Cloud recovery through the wallet frame's own operations, against a real server and the local
 * stand-ins of Google (OAuth + Drive) and CloudKit: backing up on one device, recovering on a fresh
 * one, a storage failure retried without a new sign-in, and a refused sign-in.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestInstance } from '../test/support/server'
import type { GoogleDriveStandIn } from '../test/fixtures/google-drive'
import type { CloudKitStandIn } from '../test/fixtures/cloudkit'
import { startCloudRecoveryServer, type CloudRecoveryServer } from '../test/support/cloud-recovery-server'
import { cloudStorageOrigins } from '../plugins/cloud-recovery/server'
import { createRedirectBrowser } from '../test/fixtures/oidc'
import type { FrameCloudProvider } from '../protocols/wallet-frame'
import { frameApi } from './api'
import { createCloudRecovery } from './cloud'
import { createWalletService, type ShareStorage } from './wallets'
import type { FrameFailure } from './errors'

const ORIGIN = 'http://localhost:5173'
const RETURN = `${ORIGIN}/`
let env: CloudRecoveryServer
let t: TestInstance
let google: GoogleDriveStandIn
let cloudkit: CloudKitStandIn
let counter = 0

beforeAll(async () => {
  env = await startCloudRecoveryServer({ origin: ORIGIN, embeddedWallets: { userOwnedRecoveryOptions: ['google-drive', 'icloud'], requireUserOwnedRecoveryOnCreate: true }, walletServer: { frameConnectSources: cloudStorageOrigins } })
  ;({ t, google, cloudkit } = env)
})
afterAll(() => env?.close())

function memoryStorage(): ShareStorage {
  const map = new Map<string, string>()
  return { getItem: (k) => map.get(k) ?? null, setItem: (k, v) => void map.set(k, v), removeItem: (k) => void map.delete(k) }
}

/** A frame on a fresh device. */
const freshDevice = () =>
  createWalletService({
    appId: t.appId,
    api: frameApi({ apiBase: t.baseUrl, appId: t.appId }),
    storage: memoryStorage(),
    cloud: createCloudRecovery({ apiBase: t.baseUrl, appId: t.appId }),
  })

/** What the page does: asks the frame for the sign-in page, runs the popup, hands back code and state. */
async function signIn(frame: ReturnType<typeof freshDevice>, accessToken: string, provider: FrameCloudProvider) {
  const { url, stateCode } = await frame.cloudSignIn({ accessToken, provider, redirectTo: RETURN })
  const returned = new URL((await createRedirectBrowser().follow(url, { stopAt: ORIGIN })).url)
  expect(returned.searchParams.get('privy_oauth_state')).toBe(stateCode)
  return { code: returned.searchParams.get('privy_oauth_code')!, state: stateCode }
}

const failureOf = (p: Promise<unknown>) => p.then(() => null, (e: unknown) => e as FrameFailure)

describe.each([
  ['google-drive', () => google.signInAs('owner@gmail.test')],
  ['icloud', () => cloudkit.signInAs('owner@icloud.test')],
] as const)('%s recovery in the frame', (provider, asOwner) => {
  it('backs up on create and recovers the same wallet on a fresh device', async () => {
    const { token } = await t.login(`cloud-frame-${++counter}-${Date.now()}@example.com`)
    asOwner()
    const first = freshDevice()
    const wallet = await first.create({ accessToken: token!, chainType: 'ethereum', recovery: { method: provider, authorization: await signIn(first, token!, provider) } })
    expect(wallet.recoveryMethod).toBe(provider)

    const second = freshDevice()
    const needed = await failureOf(second.connect({ accessToken: token!, entropyId: wallet.entropyId }))
    expect([needed?.code, needed?.data]).toEqual(['recovery_needed', { recoveryMethod: provider }])
    const { wallets } = await second.recover({ accessToken: token!, entropyId: wallet.entropyId, authorization: await signIn(second, token!, provider) })
    expect(wallets.map((w) => w.address)).toEqual([wallet.address])
  })

  it('retries a failed storage call with the same sign-in', async () => {
    const { token } = await t.login(`cloud-retry-${++counter}-${Date.now()}@example.com`)
    asOwner()
    const first = freshDevice()
    const wallet = await first.create({ accessToken: token!, chainType: 'ethereum', recovery: { method: provider, authorization: await signIn(first, token!, provider) } })
    const second = freshDevice()
    const authorization = await signIn(second, token!, provider)
    if (provider === 'google-drive') google.failDriveNext()
    else cloudkit.failRecordsNext()
    const failed = await failureOf(second.recover({ accessToken: token!, entropyId: wallet.entropyId, authorization }))
    expect([failed?.code, failed?.data?.retryable]).toEqual(['cloud_storage_error', true])
    const { wallets } = await second.recover({ accessToken: token!, entropyId: wallet.entropyId, authorization })
    expect(wallets[0]?.address).toBe(wallet.address)
  })

  it("says 'User denied' when the user refuses the sign-in", async () => {
    const { token } = await t.login(`cloud-deny-${++counter}-${Date.now()}@example.com`)
    const frame = freshDevice()
    if (provider === 'google-drive') google.denyNext()
    else cloudkit.denyNext()
    const authorization = await signIn(frame, token!, provider)
    expect(authorization.code).toBe('undefined')
    const denied = await failureOf(frame.create({ accessToken: token!, chainType: 'ethereum', recovery: { method: provider, authorization } }))
    expect([denied?.code, denied?.message]).toEqual(['user_denied', 'User denied'])
  })
})

describe('the wallet frame page', () => {
  it("lets the frame reach the configured storages' APIs and nothing else", async () => {
    const res = await fetch(`${t.baseUrl}/apps/${t.appId}/embedded-wallets`)
    const csp = res.headers.get('content-security-policy') ?? ''
    expect(csp).toContain(`connect-src 'self' ${google.url} ${cloudkit.url};`)
  })
})
