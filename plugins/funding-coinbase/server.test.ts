import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { createSecretBox, generateEncryptionKey } from '../../server/secrets'
import { coinbaseTestKey, startCoinbaseOnrampStandIn, type CoinbaseStandIn } from '../../test/fixtures/funding/coinbase-onramp'
import { createTestDb } from '../../test/support/test-db'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { emailServer } from '../email/server'
import { InitResponse } from './schemas'
import { fundingCoinbaseServer } from './server'

const INIT = '/api/v1/funding/coinbase_on_ramp/init'
const STATUS = '/api/v1/funding/coinbase_on_ramp/status'
const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const key = coinbaseTestKey()
const account = { projectId: 'portico-project-1', apiKeyName: 'organizations/portico/apiKeys/key-1', apiKeySecret: key.apiKeySecret }

let t: TestInstance
let coinbase: CoinbaseStandIn
let token: string
let otherToken: string
beforeAll(async () => {
  coinbase = await startCoinbaseOnrampStandIn({ projectId: account.projectId, apiKeyName: account.apiKeyName, publicKeyPem: key.publicKeyPem })
  const db = await createTestDb({ secrets: createSecretBox(generateEncryptionKey()) })
  t = await createTestInstance({ db, plugins: [emailServer(), fundingCoinbaseServer({ apiUrl: coinbase.url })], app: { settings: { coinbaseOnramp: account } } })
  token = (await t.login('coinbase@portico.test')).token!
  otherToken = (await t.login('coinbase-other@portico.test')).token!
})
afterAll(async () => {
  await t?.close()
  await coinbase?.close()
})

const initBody = { addresses: [{ address: ADDRESS, blockchains: ['base'] }], assets: ['ETH'] }
const init = async (as = token) => {
  const res = await t.request(INIT, { token: as, body: initBody })
  expect(res.status).toBe(200)
  return res.body as v.InferOutput<typeof InitResponse>
}
const status = (partnerUserId: string, as = token) => t.request(`${STATUS}?partnerUserId=${encodeURIComponent(partnerUserId)}`, { token: as })

/** Buys on the stand-in's page with the session, then completes or fails the purchase there. */
async function buy(session: v.InferOutput<typeof InitResponse>, outcome: 'complete' | 'fail') {
  const page = new URL('/buy/select-asset', coinbase.url)
  for (const [k, val] of Object.entries({ appId: session.app_id, sessionToken: session.session_token, defaultNetwork: 'base', defaultAsset: 'ETH', presetCryptoAmount: '0.01', partnerUserId: session.partner_user_id })) {
    page.searchParams.set(k, val)
  }
  expect((await fetch(page)).status).toBe(200)
  const done = await fetch(new URL(`/stand-in/purchases/${session.partner_user_id}`, coinbase.url), { method: 'POST', body: JSON.stringify({ outcome }) })
  expect(done.status).toBe(200)
}

describe('POST /funding/coinbase_on_ramp/init', () => {
  it("creates a session token with the app's CDP key, for the addresses, assets and the caller's IP", async () => {
    const before = coinbase.tokenCalls.length
    const session = await init()
    expect(v.is(InitResponse, session)).toBe(true)
    expect(session.app_id).toBe(account.projectId)
    expect(session.session_token.length).toBeGreaterThan(10)
    expect(coinbase.tokenCalls.slice(before)).toEqual([{ addresses: initBody.addresses, assets: ['ETH'], clientIp: '127.0.0.1' }])
  })

  it('gives every session its own partner user id, also under hundreds of parallel calls', async () => {
    const results = await Promise.all(Array.from({ length: 150 }, () => t.request(INIT, { token, body: initBody })))
    expect(results.every((r) => r.status === 200)).toBe(true)
    expect(new Set(results.map((r) => r.body.partner_user_id)).size).toBe(150)
  })

  it('never returns the API key, and keeps it sealed in the database', async () => {
    const session = await init()
    expect(JSON.stringify(session)).not.toContain('PRIVATE KEY')
    const rows = await t.db.query<{ config: string }>('SELECT config::text AS config FROM apps WHERE id = $1', [t.appId])
    expect(rows[0]!.config).not.toContain('PRIVATE KEY')
    expect(rows[0]!.config).toContain(account.apiKeyName)
  })

  it('refuses a caller without a session', async () => {
    const res = await t.request(INIT, { body: initBody })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('missing_or_invalid_token')
  })

  it.each([
    ['no addresses', { addresses: [] }],
    ['a malformed address', { addresses: [{ address: 'nope', blockchains: ['base'] }] }],
    ['a network name with a path in it', { addresses: [{ address: ADDRESS, blockchains: ['../base'] }] }],
    ['an unknown field', { ...initBody, clientIp: '1.2.3.4' }],
  ])('answers invalid_data for %s', async (_name, body) => {
    const res = await t.request(INIT, { token, body })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_data')
  })

  it('answers invalid_data, never 500, for bodies that are not JSON objects', async () => {
    for (const rawBody of ['', 'null', '[]', '{"addresses":', '{"addresses":"x"}']) {
      const res = await t.request(INIT, { token, rawBody, headers: { 'content-type': 'application/json' } })
      expect(res.status, rawBody).toBe(400)
      expect(res.body.code, rawBody).toBe('invalid_data')
    }
  })

  it('answers feature_not_enabled for an app without a Coinbase account', async () => {
    const app = await t.createApp({ name: 'No Coinbase' })
    const user = await t.login('coinbase-none@portico.test', { appId: app.id })
    const res = await t.request(INIT, { token: user.token!, appId: app.id, body: initBody })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('feature_not_enabled')
  })

  it('answers a passing failure (503), not 500, when Coinbase refuses the key', async () => {
    const wrong = coinbaseTestKey()
    const app = await t.createApp({ name: 'Wrong key', settings: { coinbaseOnramp: { ...account, apiKeySecret: wrong.apiKeySecret } } })
    const user = await t.login('coinbase-wrong@portico.test', { appId: app.id })
    const res = await t.request(INIT, { token: user.token!, appId: app.id, body: initBody })
    expect(res.status).toBe(503)
  })
})

describe('GET /funding/coinbase_on_ramp/status', () => {
  it('is pending until the purchase completes, then success', async () => {
    const session = await init()
    expect((await status(session.partner_user_id)).body).toEqual({ status: 'pending' })
    await buy(session, 'complete')
    expect((await status(session.partner_user_id)).body).toEqual({ status: 'success' })
  })

  it('is failure when the purchase fails', async () => {
    const session = await init()
    await buy(session, 'fail')
    expect((await status(session.partner_user_id)).body).toEqual({ status: 'failure' })
  })

  it("refuses another user's partner user id", async () => {
    const session = await init()
    await buy(session, 'complete')
    const res = await status(session.partner_user_id, otherToken)
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_data')
  })

  it('refuses a malformed or forged partner user id with invalid_data', async () => {
    const session = await init()
    const forged = session.partner_user_id.slice(0, 17) + '0'.repeat(24)
    for (const id of ['', 'x', forged, `${session.partner_user_id}/../x`]) {
      const res = await status(id)
      expect(res.status, id).toBe(400)
      expect(res.body.code, id).toBe('invalid_data')
    }
    const missing = await t.request(STATUS, { token })
    expect(missing.body.code).toBe('invalid_data')
  })
})
