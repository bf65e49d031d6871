/**
 * The server's side of cross-app transactions: the requester's `transact/init` (names the provider's
 * page once the token, the user and the provider app allow it) and the provider page's
 * `transact/check` (the token is the signed-in user's, the answer's origin is the requester's).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { createHash, randomBytes } from 'node:crypto'
import type { ServerApp } from '../../server/apps'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { emailServer } from '../email/server'
import { oauthServer } from '../oauth/server'
import { crossAppOAuthSource, crossAppServer } from './server'
import { TransactCheckResponse, TransactInitResponse } from './schemas'

const R_ORIGIN = 'http://localhost:5173'
const P_ORIGIN = 'http://127.0.0.1:5174'
const P_PAGE = `${P_ORIGIN}/wallet?app=p`

const random = (n = 32) => randomBytes(n).toString('base64url')
const s256 = (x: string) => createHash('sha256').update(x).digest('base64url')

let t: TestInstance
let P: ServerApp
let RO: ServerApp
let R: ServerApp
let other: ServerApp

beforeAll(async () => {
  t = await createTestInstance({
    plugins: [emailServer(), oauthServer({ logFailure: () => {}, sources: [crossAppOAuthSource()] }), crossAppServer()],
    app: { name: 'Unused', allowedOrigins: [R_ORIGIN] },
  })
  P = await t.createApp({ name: 'Provider', allowedOrigins: [P_ORIGIN], settings: { crossApp: { providerEnabled: true, authorizeUrl: P_PAGE } as never } })
  RO = await t.createApp({
    name: 'Read-only provider',
    allowedOrigins: [P_ORIGIN],
    settings: { crossApp: { providerEnabled: true, readOnly: true, authorizeUrl: P_PAGE } as never },
  })
  R = await t.createApp({ name: 'Requester', allowedOrigins: [R_ORIGIN], settings: { crossApp: { providerApps: [P.id, RO.id] } as never } })
  other = await t.createApp({ name: 'Other requester', allowedOrigins: ['https://other.example'], settings: { crossApp: { providerApps: [P.id] } as never } })
})
afterAll(() => t.close())

/**
 * Signs `providerEmail` in to `provider`, then signs a user in to `requester` with that account
 * through the real round trip.
 * @returns the requester's session token, the provider's session token and the provider token.
 */
async function crossAppLogin(providerEmail: string, provider = P, requester = R) {
  const providerSession = await t.login(providerEmail, { appId: provider.id })
  const verifier = random()
  const state = random(24)
  const init = await t.request('/api/v1/oauth/init', {
    appId: requester.id,
    body: { provider: `privy:${provider.id}`, redirect_to: `${R_ORIGIN}/`, code_challenge: s256(verifier), state_code: state },
  })
  expect(init.status, JSON.stringify(init.body)).toBe(200)
  const q = new URL(init.body.url).searchParams
  const request = { client_id: q.get('client_id')!, redirect_uri: q.get('redirect_uri')!, state: q.get('portico_cross_app_state')!, code_challenge: q.get('code_challenge')! }
  const auth = await t.request('/api/v1/cross-app/authorize', { appId: provider.id, token: providerSession.token!, body: request })
  expect(auth.status, JSON.stringify(auth.body)).toBe(200)
  const back = await fetch(auth.body.redirect_url, { redirect: 'manual' })
  const code = new URL(back.headers.get('location')!).searchParams.get('privy_oauth_code')!
  const res = await t.request('/api/v1/oauth/authenticate', { appId: requester.id, body: { authorization_code: code, state_code: state, code_verifier: verifier } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return { requesterToken: res.body.token as string, providerToken: providerSession.token!, crossAppToken: res.body.oauth_tokens.access_token as string }
}

describe('POST /cross-app/transact/init (requester)', () => {
  it("names the provider app's page and its origin for the user's own provider token", async () => {
    const { requesterToken, crossAppToken } = await crossAppLogin('init-ok@example.com')
    const res = await t.request('/api/v1/cross-app/transact/init', { appId: R.id, token: requesterToken, body: { provider_app_id: P.id, token: crossAppToken } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(v.parse(TransactInitResponse, res.body)).toEqual({ page_url: P_PAGE, page_origin: P_ORIGIN })
  })

  it('refuses a read-only provider app with cross_app_read_only', async () => {
    const { requesterToken, crossAppToken } = await crossAppLogin('init-ro@example.com', RO)
    const res = await t.request('/api/v1/cross-app/transact/init', { appId: R.id, token: requesterToken, body: { provider_app_id: RO.id, token: crossAppToken } })
    expect(res.status).toBe(403)
    expect(res.body).toMatchObject({ code: 'cross_app_read_only', error: 'Cannot transact against a read-only provider app.' })
  })

  it("refuses an unknown token, and another requester user's token, as invalid_credentials", async () => {
    const ada = await crossAppLogin('init-ada@example.com')
    const bob = await crossAppLogin('init-bob@example.com')
    for (const token of ['not-a-token', bob.crossAppToken]) {
      const res = await t.request('/api/v1/cross-app/transact/init', { appId: R.id, token: ada.requesterToken, body: { provider_app_id: P.id, token } })
      expect(res.status).toBe(403)
      expect(res.body).toMatchObject({ code: 'invalid_credentials', error: 'Transactions require a valid token.' })
    }
  })

  it('refuses a provider token of another provider app, and a provider app the requester does not list', async () => {
    const { requesterToken, crossAppToken } = await crossAppLogin('init-wrong-app@example.com')
    const wrongApp = await t.request('/api/v1/cross-app/transact/init', { appId: R.id, token: requesterToken, body: { provider_app_id: RO.id, token: crossAppToken } })
    expect(wrongApp.status).toBe(403)
    expect(wrongApp.body.code).toBe('invalid_credentials')
    const unlisted = await t.request('/api/v1/cross-app/transact/init', { appId: R.id, token: requesterToken, body: { provider_app_id: other.id, token: crossAppToken } })
    expect(unlisted.status).toBe(403)
    expect(unlisted.body.code).toBe('cross_app_connection_not_allowed')
  })

  it('needs a session of the requester, and bad input is invalid_data', async () => {
    const { crossAppToken } = await crossAppLogin('init-no-session@example.com')
    const anonymous = await t.request('/api/v1/cross-app/transact/init', { appId: R.id, body: { provider_app_id: P.id, token: crossAppToken } })
    expect(anonymous.status).toBe(401)
    const { requesterToken } = await crossAppLogin('init-bad-input@example.com')
    for (const body of [{}, { provider_app_id: 'x', token: crossAppToken }, { provider_app_id: P.id, token: '' }, { provider_app_id: P.id, token: 'x'.repeat(600) }]) {
      const res = await t.request('/api/v1/cross-app/transact/init', { appId: R.id, token: requesterToken, body })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.code).toBe('invalid_data')
    }
  })
})

describe('POST /cross-app/transact/check (provider page)', () => {
  it("names the requester when the token is the signed-in provider user's and the origin the requester's", async () => {
    const { providerToken, crossAppToken } = await crossAppLogin('check-ok@example.com')
    const res = await t.request('/api/v1/cross-app/transact/check', { appId: P.id, token: providerToken, body: { token: crossAppToken, origin: R_ORIGIN } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(v.parse(TransactCheckResponse, res.body)).toEqual({ requester: { id: R.id, name: 'Requester', icon_url: null } })
  })

  it("refuses an origin that is not one of the requester's allowed origins as invalid_origin", async () => {
    const { providerToken, crossAppToken } = await crossAppLogin('check-origin@example.com')
    for (const origin of ['https://evil.example', `${R_ORIGIN}/path`, 'http://localhost:5174']) {
      const res = await t.request('/api/v1/cross-app/transact/check', { appId: P.id, token: providerToken, body: { token: crossAppToken, origin } })
      expect(res.status, origin).toBe(403)
      expect(res.body).toMatchObject({ code: 'invalid_origin', error: 'Invalid connected app.' })
    }
  })

  it("refuses another provider user's token (the page's user is not the token's)", async () => {
    const ada = await crossAppLogin('check-ada@example.com')
    const bob = await crossAppLogin('check-bob@example.com')
    const res = await t.request('/api/v1/cross-app/transact/check', { appId: P.id, token: ada.providerToken, body: { token: bob.crossAppToken, origin: R_ORIGIN } })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('invalid_credentials')
  })

  it('a read-only provider app refuses at its page too, once the origin is known to be the requester\'s', async () => {
    const { providerToken, crossAppToken } = await crossAppLogin('check-ro@example.com', RO)
    const res = await t.request('/api/v1/cross-app/transact/check', { appId: RO.id, token: providerToken, body: { token: crossAppToken, origin: R_ORIGIN } })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('cross_app_read_only')
    // The origin is checked first: a foreign origin learns nothing, not even that the app is read-only.
    const foreign = await t.request('/api/v1/cross-app/transact/check', { appId: RO.id, token: providerToken, body: { token: crossAppToken, origin: 'https://evil.example' } })
    expect(foreign.body.code).toBe('invalid_origin')
  })

  it('answers the same to many parallel checks, and never a 500', async () => {
    const { providerToken, crossAppToken } = await crossAppLogin('check-race@example.com')
    const results = await Promise.all(
      Array.from({ length: 100 }, (_, k) =>
        t.request('/api/v1/cross-app/transact/check', { appId: P.id, token: providerToken, body: { token: crossAppToken, origin: k % 2 ? R_ORIGIN : 'https://evil.example' } }),
      ),
    )
    results.forEach((res, k) => expect(res.status).toBe(k % 2 ? 200 : 403))
  })
})
