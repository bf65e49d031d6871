import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { FRESH_AUTH_MAX_AGE_MS } from '../../server/services/sessions'
import * as v from 'valibot'
import { createHmac } from 'node:crypto'
import { AuthenticatedUser, User } from '../../kernel/schemas'
import { emailServer } from '../email/server'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import type { CaptchaVerifier } from '../../server/captcha'
import { startTwilioStandIn, type TwilioStandIn } from '../../test/fixtures/twilio'
import { smsServer, TwilioSmsSender } from './server'

const INIT = '/api/v1/passwordless_sms/init'
const AUTH = '/api/v1/passwordless_sms/authenticate'
const LINK = '/api/v1/passwordless_sms/link'
const UNLINK = '/api/v1/passwordless_sms/unlink'
const UPDATE = '/api/v1/passwordless_sms/update'
const TRANSFER = '/api/v1/passwordless_sms/transfer'

// A verifier that accepts exactly one token: the captcha rule is tested, not Cloudflare.
const captcha: CaptchaVerifier = { verify: async ({ token }) => ({ success: token === 'good-token', errorCodes: [] }) }

let t: TestInstance
let twilio: TwilioStandIn
let smsApp: string
beforeAll(async () => {
  twilio = await startTwilioStandIn()
  t = await createTestInstance({
    plugins: [emailServer(), smsServer()],
    sms: new TwilioSmsSender({ accountSid: twilio.accountSid, authToken: twilio.authToken, from: '+15005550006', baseUrl: twilio.url }),
    captcha,
    app: { settings: { loginMethods: ['email_auth', 'sms_auth'] } },
  })
  smsApp = t.appId
})
afterAll(async () => {
  await t.close()
  await twilio.close()
})

let seq = 0
/** A fresh US number (555-01xx style exchanges are fine for libphonenumber's possible-number rule). */
const freshNumber = () => `+1415${String(2000000 + (++seq * 7919) % 7000000).padStart(7, '0')}`
const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

/** The code in the newest text to `e164` after `after` earlier ones. */
async function codeFor(e164: string, after = 0): Promise<string> {
  for (let i = 0; i < 100; i++) {
    const msg = twilio.messagesTo(e164)[after]
    const code = msg && /\b(\d{6})\b/.exec(msg.body)?.[1]
    if (code) return code
    await new Promise((r) => setTimeout(r, 20))
  }
  throw new Error(`no text to ${e164}`)
}

async function send(phoneNumber: string, e164 = phoneNumber, appId = smsApp): Promise<string> {
  const before = twilio.messagesTo(e164).length
  const res = await t.request(INIT, { body: { phoneNumber }, appId })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return codeFor(e164, before)
}

async function login(e164: string, appId = smsApp) {
  const code = await send(e164, e164, appId)
  const res = await t.request(AUTH, { body: { phoneNumber: e164, code }, appId })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body as v.InferOutput<typeof AuthenticatedUser>
}

describe('POST /passwordless_sms/init', () => {
  it('texts a six-digit code through the Twilio API, with the app name and the code in the text', async () => {
    const e164 = freshNumber()
    const res = await t.request(INIT, { body: { phoneNumber: e164 } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true })
    const [msg] = twilio.messagesTo(e164)
    expect(msg!.from).toBe('+15005550006')
    expect(msg!.body).toMatch(/^Your Test App login code is \d{6}\. It expires in 10 minutes\.$/)
  })

  it.each([
    ['(415) 555-0134', '+14155550134'],
    ['415.555.0135', '+14155550135'],
    ['+1 415 555 0136', '+14155550136'],
    ['1-415-555-0137', '+14155550137'],
    ['+44 20 7946 0958', '+442079460958'],
    ['+33 6 12 34 56 78', '+33612345678'],
  ])('normalises %s to E.164 %s for the text and the stored code', async (typed, e164) => {
    const res = await t.request(INIT, { body: { phoneNumber: typed } })
    expect(res.status).toBe(200)
    expect(twilio.messagesTo(e164).length).toBeGreaterThan(0)
    const rows = await t.db.query('SELECT 1 FROM otp_codes WHERE app_id = $1 AND channel = $2 AND destination = $3', [t.appId, 'sms', e164])
    expect(rows).toHaveLength(1)
  })

  it('stores only an HMAC of the code, on the sms channel', async () => {
    const e164 = freshNumber()
    const code = await send(e164)
    const [row] = await t.db.query<{ code_hash: string }>('SELECT code_hash FROM otp_codes WHERE app_id = $1 AND destination = $2', [t.appId, e164])
    expect(row!.code_hash).not.toContain(code)
    expect(row!.code_hash).toBe(createHmac('sha256', t.secret).update(`${t.appId}\0sms\0${e164}\0${code}`).digest('hex'))
  })

  it.each(['12', '+1 415', 'not a number', '+999 1234567'])('rejects %s, which is not a possible number, with invalid_data and sends nothing', async (typed) => {
    const before = twilio.messages.length
    const res = await t.request(INIT, { body: { phoneNumber: typed } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: 'Please provide a valid phone number.', code: 'invalid_data' })
    expect(twilio.messages.length).toBe(before)
  })

  it('rejects a number longer than 250 characters with invalid_data', async () => {
    const res = await t.request(INIT, { body: { phoneNumber: '4'.repeat(251) } })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_data')
  })

  it('answers disallowed_login_method when SMS login is off for the app', async () => {
    const app = await t.createApp({ settings: { loginMethods: ['email_auth'] } })
    const init = await t.request(INIT, { body: { phoneNumber: freshNumber() }, appId: app.id })
    expect(init.status).toBe(400)
    expect(init.body.code).toBe('disallowed_login_method')
    const auth = await t.request(AUTH, { body: { phoneNumber: freshNumber(), code: '123456' }, appId: app.id })
    expect(auth.body.code).toBe('disallowed_login_method')
  })

  it('refuses a missing or bad captcha token with invalid_captcha when the app requires one, and accepts a good one', async () => {
    const app = await t.createApp({
      settings: { loginMethods: ['sms_auth'], captchaEnabled: true, captchaSiteKey: 't:site', captchaSecretKey: 'secret' },
    })
    const e164 = freshNumber()
    const missing = await t.request(INIT, { body: { phoneNumber: e164 }, appId: app.id })
    expect(missing.status).toBe(401)
    expect(missing.body.code).toBe('invalid_captcha')
    const bad = await t.request(INIT, { body: { phoneNumber: e164, token: 'bad' }, appId: app.id })
    expect(bad.body.code).toBe('invalid_captcha')
    expect(twilio.messagesTo(e164)).toHaveLength(0)
    const good = await t.request(INIT, { body: { phoneNumber: e164, token: 'good-token' }, appId: app.id })
    expect(good.status).toBe(200)
  })
})

describe('POST /passwordless_sms/authenticate', () => {
  it('creates a user with a phone account in E.164 and logs the same user in afterwards', async () => {
    const e164 = freshNumber()
    const code = await send(`(${e164.slice(2, 5)}) ${e164.slice(5, 8)}-${e164.slice(8)}`, e164)
    const res = await t.request(AUTH, { body: { phoneNumber: e164.replace('+1', '+1 '), code } })
    expect(res.status).toBe(200)
    expect(v.is(AuthenticatedUser, res.body)).toBe(true)
    expect(res.body.is_new_user).toBe(true)
    expect(res.body.user.linked_accounts).toEqual([expect.objectContaining({ type: 'phone', phoneNumber: e164, number: e164 })])
    const again = await login(e164)
    expect(again.is_new_user).toBe(false)
    expect(again.user.id).toBe(res.body.user.id)
  })

  it('answers number as the same E.164 number as phoneNumber for an account stored with national digits in number', async () => {
    const e164 = freshNumber()
    await login(e164)
    await t.db.query(
      "UPDATE linked_accounts SET details = jsonb_set(details, '{number}', to_jsonb($3::text)) WHERE app_id = $1 AND identity_key = $2",
      [t.appId, e164, e164.slice(2)],
    )
    const again = await login(e164)
    expect(again.user.linked_accounts).toEqual([expect.objectContaining({ type: 'phone', phoneNumber: e164, number: e164 })])
  })

  it('finds the same account whichever way the number is written', async () => {
    const e164 = freshNumber()
    const first = await login(e164)
    const code = await send(`1 ${e164.slice(2)}`, e164)
    const res = await t.request(AUTH, { body: { phoneNumber: e164.slice(2), code } })
    expect(res.status).toBe(200)
    expect(res.body.user.id).toBe(first.user.id)
  })

  it('rejects a wrong code with invalid_credentials', async () => {
    const e164 = freshNumber()
    const code = await send(e164)
    const res = await t.request(AUTH, { body: { phoneNumber: e164, code: wrongCodeFor(code) } })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('invalid_credentials')
  })

  it('accepts a code only once', async () => {
    const e164 = freshNumber()
    const code = await send(e164)
    expect((await t.request(AUTH, { body: { phoneNumber: e164, code } })).status).toBe(200)
    expect((await t.request(AUTH, { body: { phoneNumber: e164, code } })).body.code).toBe('invalid_credentials')
  })

  it('locks the code after five wrong tries, even for the right code', async () => {
    const e164 = freshNumber()
    const code = await send(e164)
    for (let i = 0; i < 5; i++) {
      expect((await t.request(AUTH, { body: { phoneNumber: e164, code: wrongCodeFor(code) } })).body.code).toBe('invalid_credentials')
    }
    const right = await t.request(AUTH, { body: { phoneNumber: e164, code } })
    expect(right.status).toBe(401)
    expect(right.body.code).toBe('invalid_credentials')
  })

  it('still accepts the right code after four wrong tries', async () => {
    const e164 = freshNumber()
    const code = await send(e164)
    for (let i = 0; i < 4; i++) await t.request(AUTH, { body: { phoneNumber: e164, code: wrongCodeFor(code) } })
    expect((await t.request(AUTH, { body: { phoneNumber: e164, code } })).status).toBe(200)
  })

  it('expires a code after ten minutes on the server clock', async () => {
    const e164 = freshNumber()
    const code = await send(e164)
    t.clock.advance(10 * 60 * 1000 + 1)
    const res = await t.request(AUTH, { body: { phoneNumber: e164, code } })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('invalid_credentials')
  })

  it('answers user_does_not_exist in no-signup mode for a new number and creates nobody', async () => {
    const e164 = freshNumber()
    const code = await send(e164)
    const res = await t.request(AUTH, { body: { phoneNumber: e164, code, mode: 'no-signup' } })
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('user_does_not_exist')
    expect(await t.db.query('SELECT 1 FROM linked_accounts WHERE identity_key = $1', [e164])).toHaveLength(0)
  })

  it('logs an existing number in with no-signup mode', async () => {
    const e164 = freshNumber()
    const first = await login(e164)
    const code = await send(e164, e164)
    const res = await t.request(AUTH, { body: { phoneNumber: e164, code, mode: 'no-signup' } })
    expect(res.status).toBe(200)
    expect(res.body.user.id).toBe(first.user.id)
  })

  it('lets only allowlisted numbers sign in, matching the E.164 form however the number was typed', async () => {
    const app = await t.createApp({ settings: { loginMethods: ['sms_auth'], allowlistEnabled: true, allowlist: ['+14155550142'] } })
    const code = await send('(415) 555-0142', '+14155550142', app.id)
    const listed = await t.request(AUTH, { body: { phoneNumber: '415 555 0142', code }, appId: app.id })
    expect(listed.status).toBe(200)
    const strangerCode = await send('+1 415 555 0143', '+14155550143', app.id)
    const stranger = await t.request(AUTH, { body: { phoneNumber: '+14155550143', code: strangerCode }, appId: app.id })
    expect(stranger.status).toBe(401)
    expect(stranger.body).toEqual({ error: 'User is not allowed to login to this app.', code: 'allowlist_rejected' })
  })

  it('rejects a code that is not six characters with invalid_data', async () => {
    const res = await t.request(AUTH, { body: { phoneNumber: freshNumber(), code: '123' } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: 'Verification code must have 6 digits.', code: 'invalid_data' })
  })
})

describe('rate limits', () => {
  it('allows otpPerDestination sends per number, then too_many_requests; the number is counted in E.164', async () => {
    const app = await t.createApp({ settings: { loginMethods: ['sms_auth'], otpPerDestination: { limit: 2, windowMs: 60_000 } } })
    const e164 = freshNumber()
    expect((await t.request(INIT, { body: { phoneNumber: e164 }, appId: app.id })).status).toBe(200)
    expect((await t.request(INIT, { body: { phoneNumber: e164.slice(2) }, appId: app.id })).status).toBe(200)
    const res = await t.request(INIT, { body: { phoneNumber: `+1 ${e164.slice(2)}` }, appId: app.id })
    expect(res.status).toBe(429)
    expect(res.body).toEqual({ error: 'Too many requests. Please wait to try again.', code: 'too_many_requests' })
    expect(twilio.messagesTo(e164)).toHaveLength(2)
    expect((await t.request(INIT, { body: { phoneNumber: freshNumber() }, appId: app.id })).status).toBe(200)
    t.clock.advance(60_001)
    expect((await t.request(INIT, { body: { phoneNumber: e164 }, appId: app.id })).status).toBe(200)
  })

  it('limits sends per client IP with otpPerIp, apart from the email counter', async () => {
    const app = await t.createApp({ settings: { loginMethods: ['sms_auth', 'email_auth'], otpPerIp: { limit: 2, windowMs: 60_000 } } })
    for (let i = 0; i < 2; i++) expect((await t.request(INIT, { body: { phoneNumber: freshNumber() }, appId: app.id })).status).toBe(200)
    const res = await t.request(INIT, { body: { phoneNumber: freshNumber() }, appId: app.id })
    expect(res.status).toBe(429)
    expect(res.body.code).toBe('too_many_requests')
    // Email sends keep their own counter.
    expect((await t.request('/api/v1/passwordless/init', { body: { email: 'ip-apart@example.com' }, appId: app.id })).status).toBe(200)
  })
})

describe('POST /passwordless_sms/link', () => {
  it('adds the number to the signed-in user', async () => {
    const owner = await t.login(`owner-${Date.now()}@example.com`, { appId: smsApp })
    const e164 = freshNumber()
    const code = await send(e164)
    const res = await t.request(LINK, { body: { phoneNumber: e164, code }, token: owner.token! })
    expect(res.status).toBe(200)
    expect(v.is(User, res.body)).toBe(true)
    expect(res.body.id).toBe(owner.user.id)
    expect(res.body.linked_accounts).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'email' }), expect.objectContaining({ type: 'phone', phoneNumber: e164 })]),
    )
  })

  it('refuses a caller without a session with missing_or_invalid_token and keeps the code usable', async () => {
    const e164 = freshNumber()
    const code = await send(e164)
    const res = await t.request(LINK, { body: { phoneNumber: e164, code } })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('missing_or_invalid_token')
    expect((await t.request(AUTH, { body: { phoneNumber: e164, code } })).status).toBe(200)
  })

  it('refuses a second number with cannot_link_more_of_type', async () => {
    const owner = await login(freshNumber())
    const e164 = freshNumber()
    const res = await t.request(LINK, { body: { phoneNumber: e164, code: await send(e164) }, token: owner.token! })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('cannot_link_more_of_type')
  })

  it('answers account_transfer_required with a nonce and the number for a number of another user, and links nothing', async () => {
    const taken = freshNumber()
    const first = await login(taken)
    const other = await t.login(`other-${Date.now()}@example.com`, { appId: smsApp })
    const res = await t.request(LINK, { body: { phoneNumber: taken, code: await send(taken) }, token: other.token! })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({
      code: 'account_transfer_required',
      error: 'Account transfer required',
      data: { subject: taken, account: { displayName: taken }, otherUser: { embeddedWalletAddress: null } },
    })
    expect(res.body.data.nonce).toMatch(/^[A-Za-z0-9_-]{40,}$/)
    const owner = await t.db.query<{ user_id: string }>('SELECT user_id FROM linked_accounts WHERE identity_key = $1', [taken])
    expect(`did:privy:${owner[0]!.user_id}`).toBe(first.user.id)
  })

  it('rejects a wrong code with invalid_credentials and links nothing', async () => {
    const owner = await t.login(`wrong-${Date.now()}@example.com`, { appId: smsApp })
    const e164 = freshNumber()
    const code = await send(e164)
    const res = await t.request(LINK, { body: { phoneNumber: e164, code: wrongCodeFor(code) }, token: owner.token! })
    expect(res.body.code).toBe('invalid_credentials')
    expect(await t.db.query('SELECT 1 FROM linked_accounts WHERE identity_key = $1', [e164])).toHaveLength(0)
  })
})

describe('POST /passwordless_sms/transfer', () => {
  it('moves the number to the signed-in user with the conflict nonce and deletes the other user', async () => {
    const taken = freshNumber()
    const first = await login(taken)
    const me = await t.login(`taker-${Date.now()}@example.com`, { appId: smsApp })
    const conflict = await t.request(LINK, { body: { phoneNumber: taken, code: await send(taken) }, token: me.token! })
    expect(conflict.body.code).toBe('account_transfer_required')
    // The client may send the number as typed: it is normalised like every other SMS route.
    const national = `(${taken.slice(2, 5)}) ${taken.slice(5, 8)}-${taken.slice(8)}`
    const res = await t.request(TRANSFER, { body: { phoneNumber: national, nonce: conflict.body.data.nonce }, token: me.token! })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(v.is(User, res.body)).toBe(true)
    expect(res.body.id).toBe(me.user.id)
    expect(res.body.linked_accounts).toEqual(expect.arrayContaining([expect.objectContaining({ type: 'phone', phoneNumber: taken })]))
    expect(await t.db.query('SELECT 1 FROM users WHERE id = $1', [first.user.id.slice('did:privy:'.length)])).toHaveLength(0)
    // The old user's session is gone with it.
    expect((await t.request('/api/v1/users/me', { token: first.token! })).status).toBe(401)
  })

  it("refuses a missing nonce with 'missing account transfer inputs'", async () => {
    const me = await t.login(`nononce-${Date.now()}@example.com`, { appId: smsApp })
    const res = await t.request(TRANSFER, { body: { phoneNumber: freshNumber() }, token: me.token! })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'invalid_data', error: 'missing account transfer inputs' })
  })
})

describe('POST /passwordless_sms/update', () => {
  it("replaces the user's number with the new one, verified by the code texted to the new number", async () => {
    const oldNumber = freshNumber()
    const me = await login(oldNumber)
    const newNumber = freshNumber()
    const code = await send(newNumber)
    const res = await t.request(UPDATE, { body: { old_phone_number: oldNumber, new_phone_number: newNumber, code }, token: me.token! })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(v.is(User, res.body)).toBe(true)
    const phones = (res.body.linked_accounts as { type: string; phoneNumber?: string }[]).filter((a) => a.type === 'phone')
    expect(phones.map((p) => p.phoneNumber)).toEqual([newNumber])
    // The old number now opens nobody's account: no-signup login of it is refused.
    const again = await t.request(AUTH, { body: { phoneNumber: oldNumber, code: await send(oldNumber), mode: 'no-signup' } })
    expect(again.body.code).toBe('user_does_not_exist')
  })

  it('refuses a code that was texted to another number with invalid_credentials and changes nothing', async () => {
    const oldNumber = freshNumber()
    const me = await login(oldNumber)
    const elsewhere = freshNumber()
    const codeForElsewhere = await send(elsewhere)
    const newNumber = freshNumber()
    await send(newNumber)
    const res = await t.request(UPDATE, {
      body: { old_phone_number: oldNumber, new_phone_number: newNumber, code: codeForElsewhere },
      token: me.token!,
    })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('invalid_credentials')
    expect(await t.db.query('SELECT 1 FROM linked_accounts WHERE identity_key = $1', [oldNumber])).toHaveLength(1)
  })

  it('after the login grows old, needs a code texted to the current number (403 reauthentication_required without one)', async () => {
    const oldNumber = freshNumber()
    const me = await login(oldNumber)
    t.clock.advance(FRESH_AUTH_MAX_AGE_MS + 1000)
    const newNumber = freshNumber()
    const code = await send(newNumber)
    const stale = await t.request(UPDATE, { body: { old_phone_number: oldNumber, new_phone_number: newNumber, code }, token: me.token! })
    expect(stale.status).toBe(403)
    expect(stale.body.code).toBe('reauthentication_required')
    const wrong = await t.request(UPDATE, {
      body: { old_phone_number: oldNumber, new_phone_number: newNumber, code, current_code: '000000' },
      token: me.token!,
    })
    expect(wrong.body.code).toBe('invalid_credentials')
    expect(wrong.body.data).toEqual({ refused: ['current_code'] })
    // A right current code beside a wrong new one: only the new one is named, and the current one stays good.
    const current = await send(oldNumber)
    const wrongNew = await t.request(UPDATE, {
      body: { old_phone_number: oldNumber, new_phone_number: newNumber, code: code === '000000' ? '111111' : '000000', current_code: current },
      token: me.token!,
    })
    expect(wrongNew.body).toMatchObject({ code: 'invalid_credentials', data: { refused: ['code'] } })
    const res = await t.request(UPDATE, {
      body: { old_phone_number: oldNumber, new_phone_number: newNumber, code, current_code: current },
      token: me.token!,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  })

  it('refuses a new number another user owns with linked_to_another_user', async () => {
    const taken = freshNumber()
    await login(taken)
    const oldNumber = freshNumber()
    const me = await login(oldNumber)
    const res = await t.request(UPDATE, {
      body: { old_phone_number: oldNumber, new_phone_number: taken, code: await send(taken) },
      token: me.token!,
    })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('linked_to_another_user')
  })

  it("answers 'User is required to have an phone number to update it.' for a user without a number", async () => {
    const me = await t.login(`nophone-${Date.now()}@example.com`, { appId: smsApp })
    const newNumber = freshNumber()
    const res = await t.request(UPDATE, {
      body: { old_phone_number: freshNumber(), new_phone_number: newNumber, code: await send(newNumber) },
      token: me.token!,
    })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'invalid_data', error: 'User is required to have an phone number to update it.' })
  })

  it('answers linked_account_not_found when the old number is not the user’s', async () => {
    const me = await login(freshNumber())
    const newNumber = freshNumber()
    const res = await t.request(UPDATE, {
      body: { old_phone_number: freshNumber(), new_phone_number: newNumber, code: await send(newNumber) },
      token: me.token!,
    })
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('linked_account_not_found')
  })

  it('refuses an expired session with missing_or_invalid_token', async () => {
    const oldNumber = freshNumber()
    const me = await login(oldNumber)
    t.clock.advance(2 * 60 * 60 * 1000)
    try {
      const res = await t.request(UPDATE, {
        body: { old_phone_number: oldNumber, new_phone_number: freshNumber(), code: '123456' },
        token: me.token!,
      })
      expect(res.status).toBe(401)
      expect(res.body.code).toBe('missing_or_invalid_token')
    } finally {
      t.clock.reset()
    }
  })
})

describe('POST /passwordless_sms/unlink', () => {
  it('removes the number from a user who has another account, and refuses the sole account', async () => {
    const me = await t.login(`unlink-${Date.now()}@example.com`, { appId: smsApp })
    const e164 = freshNumber()
    await t.request(LINK, { body: { phoneNumber: e164, code: await send(e164) }, token: me.token! })
    const res = await t.request(UNLINK, { body: { phoneNumber: e164 }, token: me.token! })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(v.is(User, res.body)).toBe(true)
    expect(res.body.linked_accounts.some((a: { type: string }) => a.type === 'phone')).toBe(false)
    expect((await t.request(UNLINK, { body: { phoneNumber: e164 }, token: me.token! })).body.code).toBe('linked_account_not_found')

    const solo = freshNumber()
    const soloUser = await login(solo)
    const sole = await t.request(UNLINK, { body: { phoneNumber: solo }, token: soloUser.token! })
    expect(sole.status).toBe(400)
    expect(sole.body.code).toBe('cannot_unlink_sole_account')
  })
})

describe('SMS provider failures', () => {
  it('answers 400 invalid_data when Twilio refuses the number (21211), not a 500', async () => {
    twilio.failNext({ status: 400, code: 21211, message: "Invalid 'To' Phone Number" })
    const res = await t.request(INIT, { body: { phoneNumber: freshNumber() } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: 'This phone number cannot receive text messages.', code: 'invalid_data' })
  })

  it('answers 502 with a JSON error when Twilio fails', async () => {
    twilio.failNext({ status: 500, code: 20500, message: 'Internal Server Error' })
    const res = await t.request(INIT, { body: { phoneNumber: freshNumber() } })
    expect(res.status).toBe(502)
    expect(res.body.error).toMatch(/SMS provider failed/)
  })

  it('answers feature_not_enabled when the server has no SMS sender', async () => {
    const bare = await createTestInstance({ plugins: [smsServer()], devMode: false, app: { settings: { loginMethods: ['sms_auth'] } } })
    try {
      const res = await bare.request(INIT, { body: { phoneNumber: '+14155550199' } })
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('feature_not_enabled')
    } finally {
      await bare.close()
    }
  })
})
