/**
 * The SMS MFA method on a real server and database, its texts read from the dev inbox.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { AuthenticatedUser } from '../../kernel/wire'
import { DevInbox, OTP_TTL_MS } from '../../server'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { emailServer } from '../email/server'
import { MFA_MAX_ATTEMPTS, MFA_TOKEN_HEADER } from '../mfa/server'
import { mfaTotpServer, totpCode, TOTP_STEP_SECONDS } from '../mfa-totp/server'
import { mfaSmsServer } from './server'

const INIT = '/api/v1/mfa/passwordless_sms/init'
const ENROLL = '/api/v1/mfa/passwordless_sms/enroll'
const VERIFY = '/api/v1/mfa/passwordless_sms/verify'
const UNENROLL = '/api/v1/mfa/passwordless_sms/unenroll'

const inbox = new DevInbox()
let t: TestInstance
beforeAll(async () => {
  t = await createTestInstance({
    plugins: [emailServer(), mfaSmsServer(), mfaTotpServer()],
    sms: inbox,
    // The race test sends many texts to one number.
    app: { settings: { otpPerDestination: { limit: 1000, windowMs: 60_000 } } },
  })
})
afterAll(async () => {
  await t?.close()
})

let seq = 0
const freshNumber = () => `+1415${String(3000000 + ((++seq * 7919) % 6000000)).padStart(7, '0')}`
const wrong = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')
const login = () => t.login(`mfa-sms-${++seq}-${Date.now()}@example.com`)

/** The code of the newest text to `e164`, once more than `before` texts reached it. */
async function textedCode(e164: string, before: number): Promise<string> {
  await expect.poll(() => inbox.messages(e164).length).toBeGreaterThan(before)
  return /\b(\d{6})\b/.exec(inbox.messages(e164)[0]!.text)![1]!
}

/** Sends a code (`init`) and reads it from the inbox. */
async function sendCode(user: AuthenticatedUser, body: Record<string, unknown>, e164: string): Promise<string> {
  const before = inbox.messages(e164).length
  const res = await t.request(INIT, { body, token: user.token! })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  expect(res.body).toEqual({ success: true })
  return textedCode(e164, before)
}

/** A signed-in user with SMS enrolled on a fresh number. */
async function enrolled() {
  const user = await login()
  const number = freshNumber()
  const code = await sendCode(user, { action: 'enroll', phoneNumber: number }, number)
  const res = await t.request(ENROLL, { body: { code, phoneNumber: number }, token: user.token! })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return { user, number, wire: res.body }
}

describe('SMS enrolment', () => {
  it('texts a code to the number and, with it, lists sms among the user\'s methods', async () => {
    const { wire, number } = await enrolled()
    expect(wire.mfa_methods).toEqual([{ type: 'sms', verified_at: expect.any(Number) }])
    expect(inbox.messages(number)[0]!.text).toMatch(/^Your Test App verification code is \d{6}\. It expires in 10 minutes\.$/)
  })

  it('stores the code hashed, never in clear', async () => {
    const user = await login()
    const number = freshNumber()
    const code = await sendCode(user, { action: 'enroll', phoneNumber: number }, number)
    const rows = await t.db.query<{ code_hash: string }>("SELECT code_hash FROM otp_codes WHERE channel = 'mfa_sms' AND destination LIKE $1", [
      `%:${number}`,
    ])
    expect(rows).toHaveLength(1)
    expect(rows[0]!.code_hash).not.toContain(code)
    expect(rows[0]!.code_hash).toMatch(/^[0-9a-f]{64}$/)
  })

  it("refuses another user's code for the same number, and an unparsable number", async () => {
    const a = await login()
    const b = await login()
    const number = freshNumber()
    const aCode = await sendCode(a, { action: 'enroll', phoneNumber: number }, number)
    const res = await t.request(ENROLL, { body: { code: aCode, phoneNumber: number }, token: b.token! })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('missing_or_invalid_mfa')
    const bad = await t.request(INIT, { body: { action: 'enroll', phoneNumber: '12' }, token: a.token! })
    expect(bad.body).toMatchObject({ code: 'invalid_data', error: 'Please provide a valid phone number.' })
  })

  it('takes only the contract\'s init bodies', async () => {
    const user = await login()
    for (const body of [{}, { action: 'other' }, { action: 'verify', phoneNumber: '+14155550123' }, { action: 'enroll' }]) {
      const res = await t.request(INIT, { body, token: user.token! })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.code).toBe('invalid_data')
    }
  })

  it('limits the texts one user sends, whatever the numbers', async () => {
    const limited = await t.createApp({ settings: { otpPerDestination: { limit: 2, windowMs: 60_000 } } })
    const user = await t.login(`limit-${Date.now()}@example.com`, { appId: limited.id })
    const send = () => t.request(INIT, { body: { action: 'enroll', phoneNumber: freshNumber() }, token: user.token!, appId: limited.id })
    expect((await send()).status).toBe(200)
    expect((await send()).status).toBe(200)
    const third = await send()
    expect(third.status).toBe(429)
    expect(third.body.code).toBe('too_many_requests')
  })

  it('refuses an expired code', async () => {
    const user = await login()
    const number = freshNumber()
    const code = await sendCode(user, { action: 'enroll', phoneNumber: number }, number)
    t.clock.advance(OTP_TTL_MS)
    const res = await t.request(ENROLL, { body: { code, phoneNumber: number }, token: user.token! })
    expect(res.body.code).toBe('missing_or_invalid_mfa')
  })

  it('needs a prior verification when another method is enrolled', async () => {
    const user = await login()
    const init = await t.request('/api/v1/mfa/totp/init', { body: {}, token: user.token! })
    const secret = init.body.totpSecret as string
    const totpNow = () => totpCode(secret, Math.floor(t.clock.now() / 1000 / TOTP_STEP_SECONDS))
    expect((await t.request('/api/v1/mfa/totp/enroll', { body: { code: totpNow() }, token: user.token! })).status).toBe(200)
    const number = freshNumber()
    const code = await sendCode(user, { action: 'enroll', phoneNumber: number }, number)
    const without = await t.request(ENROLL, { body: { code, phoneNumber: number }, token: user.token! })
    expect(without.body.code).toBe('missing_or_invalid_mfa')
    t.clock.advance(TOTP_STEP_SECONDS * 1000)
    const mfa = (await t.request('/api/v1/mfa/totp/verify', { body: { code: totpNow() }, token: user.token! })).body.token as string
    const ok = await t.request(ENROLL, { body: { code, phoneNumber: number }, token: user.token!, headers: { [MFA_TOKEN_HEADER]: mfa } })
    expect(ok.status, JSON.stringify(ok.body)).toBe(200)
    expect(ok.body.mfa_methods.map((m: { type: string }) => m.type)).toEqual(['totp', 'sms'])
  })
})

describe('SMS verification', () => {
  it('a texted code answers an MFA token, once', async () => {
    const { user, number } = await enrolled()
    const code = await sendCode(user, { action: 'verify' }, number)
    const res = await t.request(VERIFY, { body: { code }, token: user.token! })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.token).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const again = await t.request(VERIFY, { body: { code }, token: user.token! })
    expect(again.body.code).toBe('missing_or_invalid_mfa')
  })

  it('of 100 parallel verifies of one code, exactly one gets a token', async () => {
    const { user, number } = await enrolled()
    const code = await sendCode(user, { action: 'verify' }, number)
    const results = await Promise.all(Array.from({ length: 100 }, () => t.request(VERIFY, { body: { code }, token: user.token! })))
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    for (const r of results.filter((x) => x.status !== 200)) expect([403, 429]).toContain(r.status)
  })

  it('locks after 4 attempts', async () => {
    const { user, number } = await enrolled()
    const code = await sendCode(user, { action: 'verify' }, number)
    for (let i = 1; i <= MFA_MAX_ATTEMPTS; i++) {
      const res = await t.request(VERIFY, { body: { code: wrong(code) }, token: user.token! })
      expect(res.body).toMatchObject({ code: 'missing_or_invalid_mfa', data: { attempts_remaining: MFA_MAX_ATTEMPTS - i } })
    }
    const locked = await t.request(VERIFY, { body: { code }, token: user.token! })
    expect(locked.status).toBe(429)
  })

  it('answers missing_mfa_enrollment without an enrolled number', async () => {
    const user = await login()
    expect((await t.request(INIT, { body: { action: 'verify' }, token: user.token! })).body.code).toBe('missing_mfa_enrollment')
    expect((await t.request(VERIFY, { body: { code: '123456' }, token: user.token! })).body.code).toBe('missing_mfa_enrollment')
    expect((await t.request(UNENROLL, { body: {}, token: user.token! })).body.code).toBe('missing_mfa_enrollment')
  })
})

describe('SMS removal', () => {
  it('needs a fresh MFA token', async () => {
    const { user, number } = await enrolled()
    expect((await t.request(UNENROLL, { body: {}, token: user.token! })).body.code).toBe('missing_or_invalid_mfa')
    const code = await sendCode(user, { action: 'verify' }, number)
    const mfa = (await t.request(VERIFY, { body: { code }, token: user.token! })).body.token as string
    const res = await t.request(UNENROLL, { body: {}, token: user.token!, headers: { [MFA_TOKEN_HEADER]: mfa } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const me = await t.request('/api/v1/users/me', { token: user.token! })
    expect(me.body.user.mfa_methods).toEqual([])
  })

  it('refuses every route without a session', async () => {
    for (const [path, body] of [
      [INIT, { action: 'verify' }],
      [ENROLL, { code: '123456', phoneNumber: '+14155550123' }],
      [VERIFY, { code: '123456' }],
      [UNENROLL, {}],
    ] as const) {
      expect((await t.request(path, { body })).body.code, path).toBe('missing_or_invalid_token')
    }
  })
})
