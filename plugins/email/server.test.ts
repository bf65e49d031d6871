import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { createHmac } from 'node:crypto'
import { AuthenticatedUser, User } from '../../kernel/schemas'
import { createTestInstance, type TestInstance } from '../../test/support/server'

const INIT = '/api/v1/passwordless/init'
const AUTH = '/api/v1/passwordless/authenticate'

let t: TestInstance
beforeAll(async () => {
  t = await createTestInstance({ app: { testIdentities: [{ email: 'demo@portico.dev', code: '424242' }] } })
})
afterAll(() => t.close())

const wrongCodeFor = (code: string) => String((Number(code) + 1) % 1_000_000).padStart(6, '0')

describe('POST /passwordless/init', () => {
  it('mails a six-digit code that really reaches the SMTP server', async () => {
    const res = await t.request(INIT, { body: { email: 'first@example.com' } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ success: true })
    const mail = await t.smtp.waitFor('first@example.com')
    expect(mail.subject).toBe('Your login code for Test App')
    expect(mail.subject).not.toMatch(/\d{6}/)
    expect(mail.text).toMatch(/Your login code for Test App is \d{6}\./)
    expect(mail.html).toMatch(/\d{6}/)
  })

  it('lowercases the address before sending and storing', async () => {
    await t.request(INIT, { body: { email: '  Mixed.Case@Example.COM ' } })
    const mail = await t.smtp.waitFor('mixed.case@example.com')
    expect(mail.to).toEqual(['mixed.case@example.com'])
    const rows = await t.db.query('SELECT destination FROM otp_codes WHERE app_id = $1 AND destination = $2', [
      t.appId,
      'mixed.case@example.com',
    ])
    expect(rows).toHaveLength(1)
  })

  it('stores only an HMAC of the code keyed by the server secret', async () => {
    const email = 'hashed@example.com'
    await t.request(INIT, { body: { email } })
    const code = await t.codeFor(email)
    const [row] = await t.db.query<{ code_hash: string }>(
      'SELECT code_hash FROM otp_codes WHERE app_id = $1 AND destination = $2',
      [t.appId, email],
    )
    expect(row!.code_hash).not.toContain(code)
    const expected = createHmac('sha256', t.secret).update(`${t.appId}\0email\0${email}\0${code}`).digest('hex')
    expect(row!.code_hash).toBe(expected)
  })

  it('answers the same for an address with an account and one without', async () => {
    await t.login('known@example.com')
    const known = await t.request(INIT, { body: { email: 'known@example.com' } })
    const unknown = await t.request(INIT, { body: { email: 'nobody-yet@example.com' } })
    expect(known.status).toBe(unknown.status)
    expect(known.body).toEqual(unknown.body)
  })

  it('rejects an invalid address with invalid_data', async () => {
    const res = await t.request(INIT, { body: { email: 'not-an-email' } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: 'Please provide a valid email address.', code: 'invalid_data' })
  })

  it('sends no mail to a test identity', async () => {
    const res = await t.request(INIT, { body: { email: 'demo@portico.dev' } })
    expect(res.status).toBe(200)
    await new Promise((r) => setTimeout(r, 100))
    expect(t.smtp.messagesTo('demo@portico.dev')).toHaveLength(0)
  })
})

describe('POST /passwordless/authenticate', () => {
  it('creates the user on first login and logs the same user in afterwards', async () => {
    const first = await t.login('newbie@example.com')
    expect(v.is(AuthenticatedUser, first)).toBe(true)
    expect(first.is_new_user).toBe(true)
    expect(first.session_update_action).toBe('set')
    expect(first.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'email', address: 'newbie@example.com' }),
    ])
    const second = await t.login('newbie@example.com')
    expect(second.is_new_user).toBe(false)
    expect(second.user.id).toBe(first.user.id)
  })

  it('updates latest_verified_at on each login', async () => {
    const first = await t.login('returning@example.com')
    t.clock.advance(5_000)
    const second = await t.login('returning@example.com')
    const a1 = first.user.linked_accounts[0]!
    const a2 = second.user.linked_accounts[0]!
    expect(a2.first_verified_at).toBe(a1.first_verified_at)
    expect(a2.latest_verified_at! - a1.latest_verified_at!).toBeGreaterThanOrEqual(5)
  })

  it('rejects a wrong code with invalid_credentials', async () => {
    const email = 'wrong@example.com'
    await t.request(INIT, { body: { email } })
    const code = await t.codeFor(email)
    const res = await t.request(AUTH, { body: { email, code: wrongCodeFor(code) } })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('invalid_credentials')
  })

  it('accepts a code only once', async () => {
    const email = 'once@example.com'
    await t.request(INIT, { body: { email } })
    const code = await t.codeFor(email)
    expect((await t.request(AUTH, { body: { email, code } })).status).toBe(200)
    const again = await t.request(AUTH, { body: { email, code } })
    expect(again.status).toBe(401)
    expect(again.body.code).toBe('invalid_credentials')
  })

  it('locks the code after five wrong tries, even for the right code', async () => {
    const email = 'locked@example.com'
    await t.request(INIT, { body: { email } })
    const code = await t.codeFor(email)
    for (let i = 0; i < 5; i++) {
      const res = await t.request(AUTH, { body: { email, code: wrongCodeFor(code) } })
      expect(res.body.code).toBe('invalid_credentials')
    }
    const right = await t.request(AUTH, { body: { email, code } })
    expect(right.status).toBe(401)
    expect(right.body.code).toBe('invalid_credentials')
  })

  it('still accepts the right code after four wrong tries', async () => {
    const email = 'four@example.com'
    await t.request(INIT, { body: { email } })
    const code = await t.codeFor(email)
    for (let i = 0; i < 4; i++) await t.request(AUTH, { body: { email, code: wrongCodeFor(code) } })
    expect((await t.request(AUTH, { body: { email, code } })).status).toBe(200)
  })

  it('expires a code after ten minutes', async () => {
    const email = 'expiry@example.com'
    await t.request(INIT, { body: { email } })
    const code = await t.codeFor(email)
    t.clock.advance(10 * 60 * 1000 + 1)
    const res = await t.request(AUTH, { body: { email, code } })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('invalid_credentials')
  })

  it('expires a code when the clock is moved with POST /dev/clock', async () => {
    const email = 'devclock@example.com'
    await t.request(INIT, { body: { email } })
    const code = await t.codeFor(email)
    const moved = await t.request('/dev/clock', { body: { advance_ms: 11 * 60 * 1000 } })
    expect(moved.status).toBe(200)
    expect((await t.request(AUTH, { body: { email, code } })).body.code).toBe('invalid_credentials')
  })

  it('replaces the previous code when a new one is sent', async () => {
    const email = 'resend@example.com'
    await t.request(INIT, { body: { email } })
    const oldCode = await t.codeFor(email, { after: 0 })
    await t.request(INIT, { body: { email } })
    const newCode = await t.codeFor(email, { after: 1 })
    if (oldCode !== newCode) {
      expect((await t.request(AUTH, { body: { email, code: oldCode } })).body.code).toBe('invalid_credentials')
    }
    expect((await t.request(AUTH, { body: { email, code: newCode } })).status).toBe(200)
  })

  it('answers user_does_not_exist for a new address in no-signup mode, and creates nobody', async () => {
    const email = 'nosignup@example.com'
    await t.request(INIT, { body: { email } })
    const code = await t.codeFor(email)
    const res = await t.request(AUTH, { body: { email, code, mode: 'no-signup' } })
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('user_does_not_exist')
    const rows = await t.db.query('SELECT 1 FROM linked_accounts WHERE identity_key = $1', [email])
    expect(rows).toHaveLength(0)
  })

  it('logs an existing user in with no-signup mode', async () => {
    const email = 'existing-nosignup@example.com'
    const first = await t.login(email)
    await t.request(INIT, { body: { email } })
    const code = await t.codeFor(email)
    const res = await t.request(AUTH, { body: { email, code, mode: 'no-signup' } })
    expect(res.status).toBe(200)
    expect(res.body.user.id).toBe(first.user.id)
  })

  it('signs a test identity in with its fixed code and rejects any other', async () => {
    const ok = await t.request(AUTH, { body: { email: 'demo@portico.dev', code: '424242' } })
    expect(ok.status).toBe(200)
    const bad = await t.request(AUTH, { body: { email: 'demo@portico.dev', code: '000000' } })
    expect(bad.body.code).toBe('invalid_credentials')
  })

  it('rejects a code that is not six characters with invalid_data', async () => {
    const res = await t.request(AUTH, { body: { email: 'a@example.com', code: '123' } })
    expect(res.status).toBe(400)
    expect(res.body).toEqual({ error: 'Verification code must have 6 digits.', code: 'invalid_data' })
  })
})

describe('app rules', () => {
  it('rejects plus addresses when the app disables them', async () => {
    const app = await t.createApp({ settings: { disablePlusEmails: true } })
    const res = await t.request(INIT, { body: { email: 'me+tag@example.com' }, appId: app.id })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('disallowed_plus_email')
    const plain = await t.request(INIT, { body: { email: 'me@example.com' }, appId: app.id })
    expect(plain.status).toBe(200)
  })

  it('accepts plus addresses by default', async () => {
    const res = await t.request(INIT, { body: { email: 'me+ok@example.com' } })
    expect(res.status).toBe(200)
  })

  it('answers disallowed_login_method when email login is off', async () => {
    const app = await t.createApp({ settings: { loginMethods: ['sms_auth'] } })
    const init = await t.request(INIT, { body: { email: 'x@example.com' }, appId: app.id })
    expect(init.status).toBe(400)
    expect(init.body.code).toBe('disallowed_login_method')
    const auth = await t.request(AUTH, { body: { email: 'x@example.com', code: '123456' }, appId: app.id })
    expect(auth.body.code).toBe('disallowed_login_method')
  })

  it('lets only allowlisted addresses sign in when the allowlist is on', async () => {
    const app = await t.createApp({ settings: { allowlistEnabled: true, allowlist: ['Listed@Example.com'] } })
    const listed = await t.login('listed@example.com', { appId: app.id })
    expect(listed.user.linked_accounts[0]).toMatchObject({ address: 'listed@example.com' })
    await t.request(INIT, { body: { email: 'stranger@example.com' }, appId: app.id })
    const code = await t.codeFor('stranger@example.com')
    const res = await t.request(AUTH, { body: { email: 'stranger@example.com', code }, appId: app.id })
    expect(res.status).toBe(401)
    expect(res.body).toEqual({ error: 'User is not allowed to login to this app.', code: 'allowlist_rejected' })
  })

  it('refuses new users past the app maximum but still logs existing ones in', async () => {
    const app = await t.createApp({ settings: { maxUsers: 2 } })
    await t.login('max1@example.com', { appId: app.id })
    await t.login('max2@example.com', { appId: app.id })
    await t.request(INIT, { body: { email: 'max3@example.com' }, appId: app.id })
    const code = await t.codeFor('max3@example.com')
    const res = await t.request(AUTH, { body: { email: 'max3@example.com', code }, appId: app.id })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('max_accounts_reached')
    expect((await t.login('max1@example.com', { appId: app.id })).is_new_user).toBe(false)
  })

  it('keeps users of different apps apart', async () => {
    const other = await t.createApp()
    const a = await t.login('shared@example.com')
    const b = await t.login('shared@example.com', { appId: other.id })
    expect(b.is_new_user).toBe(true)
    expect(b.user.id).not.toBe(a.user.id)
  })
})

describe('rate limits', () => {
  it('allows five sends per address per window, then answers too_many_requests', async () => {
    const email = 'limited@example.com'
    for (let i = 0; i < 5; i++) expect((await t.request(INIT, { body: { email } })).status).toBe(200)
    const res = await t.request(INIT, { body: { email } })
    expect(res.status).toBe(429)
    expect(res.body).toEqual({ error: 'Too many requests. Please wait to try again.', code: 'too_many_requests' })
    // Another address is not affected.
    expect((await t.request(INIT, { body: { email: 'other-limited@example.com' } })).status).toBe(200)
    // The window passes.
    t.clock.advance(15 * 60 * 1000 + 1)
    expect((await t.request(INIT, { body: { email } })).status).toBe(200)
  })

  it('limits sends per client IP with the app setting', async () => {
    const app = await t.createApp({ settings: { otpPerIp: { limit: 3, windowMs: 60_000 } } })
    for (let i = 0; i < 3; i++) {
      expect((await t.request(INIT, { body: { email: `ip${i}@example.com` }, appId: app.id })).status).toBe(200)
    }
    const res = await t.request(INIT, { body: { email: 'ip9@example.com' }, appId: app.id })
    expect(res.status).toBe(429)
    expect(res.body.code).toBe('too_many_requests')
  })

  it('clears counters with POST /dev/reset-limits', async () => {
    const app = await t.createApp({ settings: { otpPerIp: { limit: 1, windowMs: 60_000 } } })
    expect((await t.request(INIT, { body: { email: 'r1@example.com' }, appId: app.id })).status).toBe(200)
    expect((await t.request(INIT, { body: { email: 'r2@example.com' }, appId: app.id })).status).toBe(429)
    expect((await t.request('/dev/reset-limits', { body: {} })).status).toBe(200)
    expect((await t.request(INIT, { body: { email: 'r3@example.com' }, appId: app.id })).status).toBe(200)
  })
})

/** Signs in a user who has no email account: created through the users service with a phone account. */
async function loginWithoutEmail() {
  const { createUserService } = await import('../../server/services/users')
  const { createSessionService } = await import('../../server/services/sessions')
  const users = createUserService(t.db)
  const sessions = createSessionService(t.db, users, () => Date.now())
  const number = `+1415555${String(Math.floor(Math.random() * 1e4)).padStart(4, '0')}`
  const { user } = await users.create(t.app, { type: 'phone', identityKey: number, details: { phoneNumber: number } }, Date.now())
  return sessions.issue(t.app, user, { isNewUser: true })
}

describe('POST /passwordless/link', () => {
  const LINK = '/api/v1/passwordless/link'
  const sendCode = async (email: string) => {
    const before = t.smtp.messagesTo(email).length
    await t.request(INIT, { body: { email } })
    return t.codeFor(email, { after: before })
  }
  const email2 = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`

  it('refuses a caller without a session with missing_or_invalid_token and keeps the code usable', async () => {
    const email = email2('nolink')
    const code = await sendCode(email)
    const res = await t.request(LINK, { body: { email, code } })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('missing_or_invalid_token')
    const auth = await t.request(AUTH, { body: { email, code } })
    expect(auth.status).toBe(200)
  })

  it('adds the address to a signed-in user without one, and the refreshed session shows it', async () => {
    const owner = await loginWithoutEmail()
    const email = email2('added')
    const res = await t.request(LINK, { body: { email, code: await sendCode(email) }, token: owner.token! })
    expect(res.status).toBe(200)
    expect(res.body.linked_accounts.map((a: { type: string }) => a.type).sort()).toEqual(['email', 'phone'])
    const refreshed = await t.request('/api/v1/sessions', { body: { refresh_token: owner.refresh_token }, token: owner.token! })
    expect(refreshed.body.user.linked_accounts).toContainEqual(expect.objectContaining({ type: 'email', address: email }))
    // The address now signs the same user in.
    const again = await t.login(email)
    expect(again.user.id).toBe(owner.user.id)
  })

  it('refuses a second email for a user with cannot_link_more_of_type', async () => {
    const owner = await t.login(email2('owner'))
    const email = email2('second')
    const res = await t.request(LINK, { body: { email, code: await sendCode(email) }, token: owner.token! })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('cannot_link_more_of_type')
  })

  it('answers account_transfer_required with a nonce for an address that belongs to another user', async () => {
    const taken = email2('taken')
    await t.login(taken)
    const other = await loginWithoutEmail()
    const res = await t.request(LINK, { body: { email: taken, code: await sendCode(taken) }, token: other.token! })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({
      code: 'account_transfer_required',
      error: 'Account transfer required',
      data: { subject: taken, account: { displayName: taken }, otherUser: { embeddedWalletAddress: null } },
    })
    expect(typeof res.body.data.nonce).toBe('string')
  })

  it('refuses another user’s address with cannot_link_more_of_type when the user already has an email (no transfer offered)', async () => {
    const taken = email2('taken2')
    await t.login(taken)
    const other = await t.login(email2('other'))
    const res = await t.request(LINK, { body: { email: taken, code: await sendCode(taken) }, token: other.token! })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('cannot_link_more_of_type')
  })

  it('rejects a wrong code with invalid_credentials and links nothing', async () => {
    const email = email2('wrong')
    const code = await sendCode(email)
    // A user without an email (a fresh guest-like user made directly) so the one-email rule does not answer first.
    const owner = await loginWithoutEmail()
    const res = await t.request(LINK, { body: { email, code: wrongCodeFor(code) }, token: owner.token! })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('invalid_credentials')
    const rows = await t.db.query('SELECT 1 FROM linked_accounts WHERE app_id = $1 AND identity_key = $2', [t.appId, email])
    expect(rows).toHaveLength(0)
  })
})

describe('POST /passwordless/transfer, /update and /unlink', () => {
  const LINK = '/api/v1/passwordless/link'
  const TRANSFER = '/api/v1/passwordless/transfer'
  const UPDATE = '/api/v1/passwordless/update'
  const UNLINK = '/api/v1/passwordless/unlink'
  const sendCode = async (email: string) => {
    const before = t.smtp.messagesTo(email).length
    await t.request(INIT, { body: { email } })
    return t.codeFor(email, { after: before })
  }
  const fresh = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`

  it('transfer moves the address to the signed-in user and deletes the other user', async () => {
    const taken = fresh('moving')
    const first = await t.login(taken)
    const me = await loginWithoutEmail()
    const conflict = await t.request(LINK, { body: { email: taken, code: await sendCode(taken) }, token: me.token! })
    const res = await t.request(TRANSFER, { body: { email: taken.toUpperCase(), nonce: conflict.body.data.nonce }, token: me.token! })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(v.is(User, res.body)).toBe(true)
    expect(res.body.id).toBe(me.user.id)
    expect(res.body.linked_accounts).toContainEqual(expect.objectContaining({ type: 'email', address: taken }))
    expect(await t.db.query('SELECT 1 FROM users WHERE id = $1', [first.user.id.slice(10)])).toHaveLength(0)
    // The address now signs in as the new owner.
    expect((await t.login(taken)).user.id).toBe(me.user.id)
  })

  it('transfer without a session answers missing_or_invalid_token', async () => {
    const res = await t.request(TRANSFER, { body: { email: fresh('x'), nonce: 'abc' } })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('missing_or_invalid_token')
  })

  it("transfer without a nonce answers 'missing account transfer inputs'", async () => {
    const me = await loginWithoutEmail()
    const res = await t.request(TRANSFER, { body: { email: fresh('x') }, token: me.token! })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'invalid_data', error: 'missing account transfer inputs' })
  })

  it('update replaces the address, verified by the code mailed to the new one', async () => {
    const oldAddress = fresh('old')
    const me = await t.login(oldAddress)
    const newAddress = fresh('new')
    const res = await t.request(UPDATE, { body: { oldAddress, newAddress, code: await sendCode(newAddress) }, token: me.token! })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(v.is(User, res.body)).toBe(true)
    expect(res.body.linked_accounts.filter((a: { type: string }) => a.type === 'email')).toEqual([
      expect.objectContaining({ address: newAddress }),
    ])
    const noSignup = await t.request(AUTH, { body: { email: oldAddress, code: await sendCode(oldAddress), mode: 'no-signup' } })
    expect(noSignup.body.code).toBe('user_does_not_exist')
  })

  it('update refuses a code mailed to another address and keeps the old address', async () => {
    const oldAddress = fresh('old')
    const me = await t.login(oldAddress)
    const elsewhere = fresh('elsewhere')
    const wrongCode = await sendCode(elsewhere)
    const newAddress = fresh('new')
    const rightCode = await sendCode(newAddress)
    const res = await t.request(UPDATE, {
      body: { oldAddress, newAddress, code: wrongCode === rightCode ? wrongCodeFor(rightCode) : wrongCode },
      token: me.token!,
    })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('invalid_credentials')
    expect(await t.db.query('SELECT 1 FROM linked_accounts WHERE identity_key = $1', [oldAddress])).toHaveLength(1)
  })

  it('update refuses a new address another user owns with linked_to_another_user', async () => {
    const taken = fresh('taken')
    await t.login(taken)
    const oldAddress = fresh('old')
    const me = await t.login(oldAddress)
    const res = await t.request(UPDATE, { body: { oldAddress, newAddress: taken, code: await sendCode(taken) }, token: me.token! })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('linked_to_another_user')
  })

  it('update requires the user to have an email, and oldAddress to be theirs', async () => {
    const noEmail = await loginWithoutEmail()
    const newAddress = fresh('new')
    const none = await t.request(UPDATE, { body: { oldAddress: fresh('x'), newAddress, code: await sendCode(newAddress) }, token: noEmail.token! })
    expect(none.status).toBe(400)
    expect(none.body).toMatchObject({ code: 'invalid_data', error: 'User is required to have an email address to update it.' })

    const me = await t.login(fresh('mine'))
    const notMine = await t.request(UPDATE, { body: { oldAddress: fresh('x'), newAddress, code: await sendCode(newAddress) }, token: me.token! })
    expect(notMine.status).toBe(404)
    expect(notMine.body.code).toBe('linked_account_not_found')
  })

  it('unlink removes the address when the user has another account, and refuses the sole one', async () => {
    const me = await loginWithoutEmail()
    const email = fresh('unlink')
    await t.request(LINK, { body: { email, code: await sendCode(email) }, token: me.token! })
    const res = await t.request(UNLINK, { body: { address: email }, token: me.token! })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(v.is(User, res.body)).toBe(true)
    expect(res.body.linked_accounts.map((a: { type: string }) => a.type)).toEqual(['phone'])

    const solo = fresh('solo')
    const soloUser = await t.login(solo)
    const sole = await t.request(UNLINK, { body: { address: solo }, token: soloUser.token! })
    expect(sole.status).toBe(400)
    expect(sole.body.code).toBe('cannot_unlink_sole_account')
    const missing = await t.request(UNLINK, { body: { address: fresh('nobody') }, token: soloUser.token! })
    expect(missing.status).toBe(404)
    expect(missing.body.code).toBe('linked_account_not_found')
  })
})
