/**
 * The server half of the captcha: the email init checks the token with Turnstile's siteverify
 * (here the local Turnstile stand-in, with Cloudflare's documented test secrets).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createServer } from 'node:net'
import { TurnstileVerifier } from '../../server/captcha'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { startTurnstile, TEST_SECRETS, TEST_SITE_KEYS, type TurnstileStandIn } from '../../test/fixtures/turnstile'

const INIT = '/api/v1/passwordless/init'
const captchaOn = (secret: string) => ({
  settings: { captchaEnabled: true, captchaSiteKey: `t:${TEST_SITE_KEYS.pass}`, captchaSecretKey: secret },
})

let turnstile: TurnstileStandIn
let t: TestInstance
let failingApp: string
let spentApp: string
let openApp: string

beforeAll(async () => {
  turnstile = await startTurnstile()
  t = await createTestInstance({ captcha: new TurnstileVerifier({ url: turnstile.siteverifyUrl }), app: captchaOn(TEST_SECRETS.pass) })
  failingApp = (await t.createApp(captchaOn(TEST_SECRETS.fail))).id
  spentApp = (await t.createApp(captchaOn(TEST_SECRETS.spent))).id
  openApp = (await t.createApp()).id
})
afterAll(async () => {
  await t.close()
  await turnstile.close()
})

const mailsTo = (email: string) => t.smtp.messagesTo(email).length
const settle = () => new Promise((r) => setTimeout(r, 100))

describe('POST /passwordless/init with a captcha', () => {
  it('refuses a request without a token with 401 invalid_captcha and sends no mail', async () => {
    const email = 'no-token@example.com'
    const res = await t.request(INIT, { body: { email } })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ error: 'A captcha token is required.', code: 'invalid_captcha' })
    await settle()
    expect(mailsTo(email)).toBe(0)
  })

  it('sends the code when siteverify passes the token, passing the secret and the client IP', async () => {
    const email = 'human@example.com'
    const token = turnstile.issueToken()
    const res = await t.request(INIT, { body: { email, token } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true })
    const mail = await t.smtp.waitFor(email)
    expect(mail.text).toMatch(/\d{6}/)
    const call = turnstile.verifications.find((v) => v.response === token)
    expect(call).toMatchObject({ secret: TEST_SECRETS.pass, success: true })
    expect(call!.remoteip).toMatch(/127\.0\.0\.1/)
  })

  it('refuses a token that was already used (Turnstile tokens are single-use)', async () => {
    const token = turnstile.issueToken()
    expect((await t.request(INIT, { body: { email: 'once@example.com', token } })).status).toBe(200)
    const again = await t.request(INIT, { body: { email: 'twice@example.com', token } })
    expect(again.status).toBe(401)
    expect(again.body).toMatchObject({ code: 'invalid_captcha' })
    expect(turnstile.verifications.at(-1)).toMatchObject({ response: token, success: false, errorCodes: ['timeout-or-duplicate'] })
  })

  it('refuses a token the provider never issued', async () => {
    const res = await t.request(INIT, { body: { email: 'forged@example.com', token: 'XXXX.DUMMY.TOKEN.XXXX.forged' } })
    expect(res.status).toBe(401)
    expect(res.body).toMatchObject({ code: 'invalid_captcha' })
  })

  it('answers invalid_captcha when the secret always fails, and sends no mail', async () => {
    const email = 'blocked@example.com'
    const res = await t.request(INIT, { body: { email, token: turnstile.issueToken() }, appId: failingApp })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ error: 'Captcha verification failed.', code: 'invalid_captcha' })
    expect(turnstile.verifications.at(-1)).toMatchObject({ secret: TEST_SECRETS.fail, errorCodes: ['invalid-input-response'] })
    await settle()
    expect(mailsTo(email)).toBe(0)
  })

  it('answers invalid_captcha when siteverify says timeout-or-duplicate', async () => {
    const res = await t.request(INIT, { body: { email: 'late@example.com', token: turnstile.issueToken() }, appId: spentApp })
    expect(res.status).toBe(401)
    expect(res.body).toMatchObject({ code: 'invalid_captcha' })
    expect(turnstile.verifications.at(-1)).toMatchObject({ secret: TEST_SECRETS.spent, errorCodes: ['timeout-or-duplicate'] })
  })

  it('asks nothing of an app without a captcha', async () => {
    const before = turnstile.verifications.length
    const res = await t.request(INIT, { body: { email: 'plain@example.com' }, appId: openApp })
    expect(res.status).toBe(200)
    expect(turnstile.verifications.length).toBe(before)
  })
})

describe('siteverify unreachable', () => {
  it('answers 401 invalid_captcha with a clear message, not a 500', async () => {
    // A port that was free a moment ago: nothing listens there.
    const port = await new Promise<number>((resolve) => {
      const s = createServer().listen(0, '127.0.0.1', () => {
        const p = (s.address() as { port: number }).port
        s.close(() => resolve(p))
      })
    })
    const down = await createTestInstance({
      captcha: new TurnstileVerifier({ url: `http://127.0.0.1:${port}/turnstile/v0/siteverify`, timeoutMs: 2000 }),
      app: captchaOn(TEST_SECRETS.pass),
    })
    try {
      const res = await down.request(INIT, { body: { email: 'offline@example.com', token: turnstile.issueToken() } })
      expect(res.status).toBe(401)
      expect(res.body).toEqual({ error: 'Captcha verification is unavailable. Please try again.', code: 'invalid_captcha' })
    } finally {
      await down.close()
    }
  })
})
