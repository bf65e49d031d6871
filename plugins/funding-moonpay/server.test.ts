import { createHmac } from 'node:crypto'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { createSecretBox, generateEncryptionKey } from '../../server/secrets'
import { createTestDb } from '../../test/support/test-db'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { emailServer } from '../email/server'
import { SignResponse } from './schemas'
import { fundingMoonpayServer } from './server'

const SIGN = '/api/v1/plugins/moonpay_on_ramp/sign'
const KEYS = {
  production: { apiKey: 'pk_live_portico_test', secretKey: 'sk_live_portico_secret_0123456789' },
  sandbox: { apiKey: 'pk_test_portico_test', secretKey: 'sk_test_portico_secret_9876543210' },
}
const WIDGETS = { production: 'https://buy.moonpay.test', sandbox: 'https://buy-sandbox.moonpay.test' }
const ADDRESS = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'

let t: TestInstance
let token: string
beforeAll(async () => {
  const db = await createTestDb({ secrets: createSecretBox(generateEncryptionKey()) })
  t = await createTestInstance({ db, plugins: [emailServer(), fundingMoonpayServer({ widgetUrls: WIDGETS })], app: { settings: { moonpay: KEYS } } })
  token = (await t.login('moonpay@portico.test')).token!
})
afterAll(() => t.close())

/** Recomputes MoonPay's check: HMAC-SHA256 of the query string before `signature`, base64. */
function signatureHolds(signedUrl: string, secretKey: string): boolean {
  const url = new URL(signedUrl)
  const signature = url.searchParams.get('signature')
  url.searchParams.delete('signature')
  return signature === createHmac('sha256', secretKey).update(url.search).digest('base64')
}

const body = (overrides: Record<string, unknown> = {}) => ({
  address: ADDRESS,
  useSandbox: false,
  config: { currencyCode: 'eth_base', quoteCurrencyAmount: 0.05, paymentMethod: 'credit_debit_card', uiConfig: { accentColor: '#6a5acd', theme: 'dark' } },
  ...overrides,
})

describe('POST /plugins/moonpay_on_ramp/sign', () => {
  it('signs a production widget URL carrying the wallet, currency, amount and look', async () => {
    const res = await t.request(SIGN, { token, body: body() })
    expect(res.status).toBe(200)
    expect(v.is(SignResponse, res.body)).toBe(true)
    const url = new URL(res.body.signedUrl)
    expect(url.origin).toBe(WIDGETS.production)
    expect(Object.fromEntries(url.searchParams)).toMatchObject({
      apiKey: KEYS.production.apiKey,
      currencyCode: 'eth_base',
      walletAddress: ADDRESS,
      externalTransactionId: res.body.externalTransactionId,
      quoteCurrencyAmount: '0.05',
      paymentMethod: 'credit_debit_card',
      colorCode: '#6a5acd',
      theme: 'dark',
    })
    expect(signatureHolds(res.body.signedUrl, KEYS.production.secretKey)).toBe(true)
    expect(signatureHolds(res.body.signedUrl, KEYS.sandbox.secretKey)).toBe(false)
  })

  it('signs with the sandbox keys and page when useSandbox is true', async () => {
    const res = await t.request(SIGN, { token, body: body({ useSandbox: true }) })
    expect(res.status).toBe(200)
    expect(new URL(res.body.signedUrl).origin).toBe(WIDGETS.sandbox)
    expect(new URL(res.body.signedUrl).searchParams.get('apiKey')).toBe(KEYS.sandbox.apiKey)
    expect(signatureHolds(res.body.signedUrl, KEYS.sandbox.secretKey)).toBe(true)
  })

  it('gives each signing its own external transaction id, also under hundreds of parallel calls', async () => {
    const results = await Promise.all(Array.from({ length: 200 }, () => t.request(SIGN, { token, body: body() })))
    expect(results.every((r) => r.status === 200)).toBe(true)
    expect(new Set(results.map((r) => r.body.externalTransactionId)).size).toBe(200)
  })

  it('never returns a secret key', async () => {
    const res = await t.request(SIGN, { token, body: body() })
    const text = JSON.stringify(res.body)
    expect(text).not.toContain(KEYS.production.secretKey)
    expect(text).not.toContain(KEYS.sandbox.secretKey)
  })

  it('keeps the secret keys sealed in the database', async () => {
    const rows = await t.db.query<{ config: string }>('SELECT config::text AS config FROM apps WHERE id = $1', [t.appId])
    expect(rows[0]!.config).not.toContain(KEYS.production.secretKey)
    expect(rows[0]!.config).not.toContain(KEYS.sandbox.secretKey)
    expect(rows[0]!.config).toContain(KEYS.production.apiKey)
  })

  it('refuses a caller without a session, or with a made-up token', async () => {
    expect((await t.request(SIGN, { body: body() })).body.code).toBe('missing_or_invalid_token')
    const forged = await t.request(SIGN, { token: token.slice(0, -4) + 'AAAA', body: body() })
    expect(forged.status).toBe(401)
    expect(forged.body.code).toBe('missing_or_invalid_token')
  })

  it('refuses a token of another app', async () => {
    const other = await t.createApp({ name: 'Other', settings: { moonpay: KEYS } })
    const res = await t.request(SIGN, { token, appId: other.id, body: body() })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('missing_or_invalid_token')
  })

  it.each([
    ['a malformed address', { address: '0x1234' }],
    ['a missing currency code', { config: {} }],
    ['a currency code with a query string in it', { config: { currencyCode: 'eth&walletAddress=0xevil' } }],
    ['a negative amount', { config: { currencyCode: 'eth', quoteCurrencyAmount: -1 } }],
    ['a colour that is not #rrggbb', { config: { currencyCode: 'eth', uiConfig: { accentColor: 'red' } } }],
    ['an unknown field', { config: { currencyCode: 'eth', redirectURL: 'https://evil.test' } }],
    ['useSandbox as text', { useSandbox: 'yes' }],
  ])('answers invalid_data for %s', async (_name, overrides) => {
    const res = await t.request(SIGN, { token, body: body(overrides) })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_data')
  })

  it('answers invalid_data, never 500, for bodies that are not JSON objects', async () => {
    for (const rawBody of ['', 'null', '[]', '"text"', '{"address":', '{"address":{"$gt":""}}']) {
      const res = await t.request(SIGN, { token, rawBody, headers: { 'content-type': 'application/json' } })
      expect(res.status, rawBody).toBe(400)
      expect(res.body.code, rawBody).toBe('invalid_data')
    }
  })

  it('answers feature_not_enabled when the app has no keys for the mode', async () => {
    const app = await t.createApp({ name: 'Sandbox only', settings: { moonpay: { sandbox: KEYS.sandbox } } })
    const user = await t.login('moonpay-sandbox@portico.test', { appId: app.id })
    const userToken = user.token!
    const res = await t.request(SIGN, { token: userToken, appId: app.id, body: body() })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('feature_not_enabled')
    expect((await t.request(SIGN, { token: userToken, appId: app.id, body: body({ useSandbox: true }) })).status).toBe(200)
  })
})
