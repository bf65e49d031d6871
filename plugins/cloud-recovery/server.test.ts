/**
 * The recovery OAuth routes against local stand-ins of Google (OAuth + Drive) and CloudKit web
 * services: the round trips, the storage's token working where the frame uses it, single use under
 * races, PKCE, state, another user's token, refusals, and malformed input.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { TestInstance } from '../../test/support/server'
import type { GoogleDriveStandIn } from '../../test/fixtures/google-drive'
import type { CloudKitStandIn } from '../../test/fixtures/cloudkit'
import { CLOUD_TEST_CONTAINER as CONTAINER, startCloudRecoveryServer, type CloudRecoveryServer } from '../../test/support/cloud-recovery-server'
import { createHash, randomBytes } from 'node:crypto'
import { createRedirectBrowser } from '../../test/fixtures/oidc'
import { readFromICloud, saveToDrive, saveToICloud } from '../../protocols/cloud-recovery/storage'

const ORIGIN = 'http://localhost:5173'
const RETURN = `${ORIGIN}/wallet?tab=recovery`

let google: GoogleDriveStandIn
let cloudkit: CloudKitStandIn
let env: CloudRecoveryServer
let t: TestInstance
let users = 0

beforeAll(async () => {
  env = await startCloudRecoveryServer({ origin: ORIGIN, embeddedWallets: { userOwnedRecoveryOptions: ['user-passcode', 'google-drive', 'icloud'] } })
  ;({ t, google, cloudkit } = env)
})
afterAll(() => env?.close())

const signIn = async () => (await t.login(`cloud-${++users}-${Date.now()}@example.com`)).token as string
const pkce = () => {
  const verifier = randomBytes(32).toString('base64url')
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url'), state: randomBytes(24).toString('base64url') }
}

interface Trip {
  verifier: string
  state: string
  returned: URL
  code: string | null
  /** The storage's redirect back to the server (to replay it). */
  callback: string | null
}

/** init (or init_icloud), then the popup's trip through the storage's sign-in back to redirect_to. */
async function roundTrip(token: string, provider: 'google-drive' | 'icloud'): Promise<Trip> {
  const { verifier, challenge, state } = pkce()
  const init =
    provider === 'google-drive'
      ? await t.request('/api/v1/recovery/oauth/init', { token, body: { redirect_to: RETURN, code_challenge: challenge, state_code: state } })
      : await t.request('/api/v1/recovery/oauth/init_icloud', { token, body: { client_type: 'web', redirect_to: RETURN, code_challenge: challenge, state_code: state } })
  expect(init.status, JSON.stringify(init.body)).toBe(200)
  let callback: string | null = null
  const { url } = await createRedirectBrowser().follow(init.body.url, {
    stopAt: ORIGIN,
    onHop: (hop) => {
      if (hop.includes('/callback')) callback = hop
    },
  })
  const returned = new URL(url)
  expect(returned.searchParams.get('privy_oauth_state')).toBe(state)
  expect(returned.searchParams.get('privy_oauth_provider')).toBe(provider)
  return { verifier, state, returned, code: returned.searchParams.get('privy_oauth_code'), callback }
}

const authenticate = (token: string, trip: Pick<Trip, 'code' | 'state' | 'verifier'>, extra: Record<string, unknown> = {}) =>
  t.request('/api/v1/recovery/oauth/authenticate', { token, body: { authorization_code: trip.code, state_code: trip.state, code_verifier: trip.verifier, ...extra } })

describe('Google Drive recovery sign-in', () => {
  it('hands the frame a Drive token for the app-data folder through a PKCE-bound one-time code', async () => {
    const token = await signIn()
    google.signInAs('alice@gmail.test')
    const trip = await roundTrip(token, 'google-drive')
    expect(trip.code).toMatch(/^[\w-]{43}$/)
    const res = await authenticate(token, trip, { provider: 'google-drive' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const fileId = await saveToDrive({ apiUrl: google.url }, { accessToken: res.body.access_token, name: 'key.txt', content: 'k' })
    expect(google.filesOf('alice@gmail.test').map((f) => f.id)).toContain(fileId)
  })

  it("asks Google for the app-data scope only, with the server's own PKCE challenge", async () => {
    const token = await signIn()
    const { challenge, state } = pkce()
    const init = await t.request('/api/v1/recovery/oauth/init', { token, body: { redirect_to: RETURN, code_challenge: challenge, state_code: state } })
    const q = new URL(init.body.url).searchParams
    expect(q.get('scope')).toBe('https://www.googleapis.com/auth/drive.appdata')
    expect(q.get('code_challenge_method')).toBe('S256')
    expect(q.get('code_challenge')).not.toBe(challenge)
    expect(q.get('redirect_uri')).toBe(`${t.baseUrl}/api/v1/recovery/oauth/callback/${t.appId}`)
  })

  it("returns the literal code 'undefined' when the user denies access", async () => {
    const token = await signIn()
    google.denyNext()
    const trip = await roundTrip(token, 'google-drive')
    expect(trip.code).toBe('undefined')
    expect((await authenticate(token, trip)).status).toBe(401)
  })

  it('takes a return once: a replayed callback is refused', async () => {
    const token = await signIn()
    const trip = await roundTrip(token, 'google-drive')
    const replay = await fetch(trip.callback!, { redirect: 'manual' })
    expect(replay.status).toBe(400)
  })

  it('redeems a code once, even under 100 parallel requests', async () => {
    const token = await signIn()
    const trip = await roundTrip(token, 'google-drive')
    const answers = await Promise.all(Array.from({ length: 100 }, () => authenticate(token, trip)))
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1)
    expect(answers.filter((a) => a.status !== 200).every((a) => a.status === 401 && a.body.code === 'invalid_credentials')).toBe(true)
  })

  it("refuses another user's token and spends the code", async () => {
    const alice = await signIn()
    const mallory = await signIn()
    const trip = await roundTrip(alice, 'google-drive')
    expect((await authenticate(mallory, trip)).status).toBe(401)
    expect((await authenticate(alice, trip)).status).toBe(401)
  })

  it('refuses a wrong PKCE verifier or state and spends the code', async () => {
    const token = await signIn()
    const a = await roundTrip(token, 'google-drive')
    const wrongVerifier = await authenticate(token, { ...a, verifier: pkce().verifier })
    expect([wrongVerifier.status, wrongVerifier.body.code]).toEqual([400, 'invalid_pkce_parameters'])
    expect((await authenticate(token, a)).status).toBe(401)
    const b = await roundTrip(token, 'google-drive')
    const wrongState = await authenticate(token, { ...b, state: 'other' })
    expect([wrongState.status, wrongState.body.code]).toEqual([400, 'oauth_state_mismatch'])
    expect((await authenticate(token, b)).status).toBe(401)
  })

  it('refuses a code of one storage named as the other', async () => {
    const token = await signIn()
    const trip = await roundTrip(token, 'google-drive')
    expect((await authenticate(token, trip, { provider: 'icloud' })).status).toBe(401)
  })

  it('refuses a code past its time', async () => {
    const token = await signIn()
    const trip = await roundTrip(token, 'google-drive')
    t.clock.advance(11 * 60 * 1000)
    expect((await authenticate(token, trip)).status).toBe(401)
  })
})

describe('iCloud recovery sign-in', () => {
  const access = (webAuthToken: string) => ({ apiToken: 'ck-api-token', containerIdentifier: CONTAINER, environment: 'development' as const, webAuthToken })

  it("hands the frame a CloudKit web auth token for the user's private database", async () => {
    const token = await signIn()
    cloudkit.signInAs('alice@icloud.test')
    const trip = await roundTrip(token, 'icloud')
    const res = await authenticate(token, trip, { provider: 'icloud' })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const recordName = await saveToICloud({ apiUrl: cloudkit.url }, access(res.body.access_token), 'k')
    expect(await readFromICloud({ apiUrl: cloudkit.url }, access(res.body.access_token), recordName)).toBe('k')
    expect(cloudkit.recordsOf('alice@icloud.test').map((r) => r.recordName)).toContain(recordName)
  })

  it('answers the CloudKit container the frame writes to', async () => {
    const res = await t.request('/api/v1/recovery/configuration_icloud', { token: await signIn(), body: { client_type: 'web' } })
    expect(res.body).toEqual({ api_token: 'ck-api-token', container_identifier: CONTAINER, environment: 'development', api_url: cloudkit.url })
  })

  it("returns the literal code 'undefined' when the user cancels the iCloud sign-in", async () => {
    const token = await signIn()
    cloudkit.denyNext()
    expect((await roundTrip(token, 'icloud')).code).toBe('undefined')
  })

  it('ties the return to the browser that started it: no state cookie, no code', async () => {
    const token = await signIn()
    const { challenge, state } = pkce()
    const init = await t.request('/api/v1/recovery/oauth/init_icloud', { token, body: { client_type: 'web', redirect_to: RETURN, code_challenge: challenge, state_code: state } })
    const start = await fetch(init.body.url, { redirect: 'manual' })
    expect(start.headers.get('set-cookie')).toMatch(/portico_icloud_state=.*HttpOnly; SameSite=Lax/)
    const signInPage = await fetch(start.headers.get('location')!, { redirect: 'manual' })
    const withoutCookie = await fetch(signInPage.headers.get('location')!, { redirect: 'manual' })
    expect(withoutCookie.status).toBe(400)
    // The start page opens once.
    expect((await fetch(init.body.url, { redirect: 'manual' })).status).toBe(400)
  })
})

describe('recovery OAuth routes refuse bad requests', () => {
  it('need a session', async () => {
    const { challenge, state } = pkce()
    for (const [path, body] of [
      ['/api/v1/recovery/oauth/init', { redirect_to: RETURN, code_challenge: challenge, state_code: state }],
      ['/api/v1/recovery/oauth/init_icloud', { client_type: 'web', redirect_to: RETURN, code_challenge: challenge, state_code: state }],
      ['/api/v1/recovery/oauth/authenticate', { authorization_code: 'x', state_code: state, code_verifier: pkce().verifier }],
      ['/api/v1/recovery/configuration_icloud', { client_type: 'web' }],
    ] as const) {
      expect((await t.request(path, { body })).status, path).toBe(401)
    }
  })

  it("refuse a return page outside the app's origins, and a method the app does not allow", async () => {
    const token = await signIn()
    const { challenge, state } = pkce()
    const foreign = await t.request('/api/v1/recovery/oauth/init', { token, body: { redirect_to: 'https://evil.example/', code_challenge: challenge, state_code: state } })
    expect([foreign.status, foreign.body.code]).toEqual([400, 'invalid_data'])
    const other = await t.createApp({ allowedOrigins: [ORIGIN] })
    const otherToken = (await t.login(`cloud-other-${Date.now()}@example.com`, { appId: other.id })).token as string
    const res = await t.request('/api/v1/recovery/oauth/init', { appId: other.id, token: otherToken, body: { redirect_to: RETURN, code_challenge: challenge, state_code: state } })
    expect([res.status, res.body.code]).toEqual([400, 'disallowed_recovery_method'])
  })

  it('answer malformed input with 400, never 500', async () => {
    const token = await signIn()
    const bodies: unknown[] = [
      {},
      { redirect_to: RETURN },
      { redirect_to: RETURN, code_challenge: 'short', state_code: 's' },
      { redirect_to: 5, code_challenge: pkce().challenge, state_code: 's' },
      { redirect_to: RETURN, code_challenge: pkce().challenge, state_code: '' },
      { redirect_to: 'javascript:alert(1)', code_challenge: pkce().challenge, state_code: 's' },
      { redirect_to: RETURN, code_challenge: pkce().challenge, state_code: 's', extra: 1 },
      [],
      null,
    ]
    for (const body of bodies) {
      const res = await t.request('/api/v1/recovery/oauth/init', { token, body })
      expect(res.status, JSON.stringify(body)).toBe(400)
    }
    for (const body of [{}, { authorization_code: '', state_code: 's', code_verifier: pkce().verifier }, { authorization_code: 'x', state_code: 's', code_verifier: 'short' }]) {
      expect((await t.request('/api/v1/recovery/oauth/authenticate', { token, body })).status, JSON.stringify(body)).toBe(400)
    }
    expect((await t.request('/api/v1/recovery/oauth/authenticate', { token, rawBody: '{"authorization_code":' })).status).toBe(400)
    expect((await fetch(`${t.baseUrl}/api/v1/recovery/oauth/callback/${t.appId}?state=unknown&code=x`, { redirect: 'manual' })).status).toBe(400)
    expect((await fetch(`${t.baseUrl}/api/v1/recovery/oauth/callback/${t.appId}`, { redirect: 'manual' })).status).toBe(400)
  })
})
