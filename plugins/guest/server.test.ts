import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { createHash, randomBytes } from 'node:crypto'
import { decodeJwt } from 'jose'
import { AuthenticatedUser, User } from '../../kernel/schemas'
import { emailServer } from '../email/server'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { GUEST_CREATE_LIMIT, guestServer } from './server'

const GUEST = '/api/v1/guest/authenticate'
const LINK = '/api/v1/passwordless/link'
const INIT = '/api/v1/passwordless/init'

const credential = () => randomBytes(32).toString('base64url')

let t: TestInstance
beforeAll(async () => {
  t = await createTestInstance({
    plugins: [emailServer(), guestServer({ createLimit: { limit: 1000, windowMs: 60_000 } })],
    app: { settings: { loginMethods: ['email_auth', 'guest_auth'] } },
  })
})
afterAll(() => t.close())

describe('POST /guest/authenticate', () => {
  it('creates a guest user for a new credential and signs the same guest in with it again', async () => {
    const cred = credential()
    const first = await t.request(GUEST, { body: { guest_credential: cred } })
    expect(first.status).toBe(200)
    expect(v.is(AuthenticatedUser, first.body)).toBe(true)
    expect(first.body.user.is_guest).toBe(true)
    expect(first.body.is_new_user).toBe(true)
    expect(first.body.session_update_action).toBe('set')
    expect(decodeJwt(first.body.identity_token).guest).toBe('t')

    const again = await t.request(GUEST, { body: { guest_credential: cred } })
    expect(again.status).toBe(200)
    expect(again.body.user.id).toBe(first.body.user.id)
    expect(again.body.is_new_user).toBe(false)
    expect(again.body.user.is_guest).toBe(true)
  })

  it('gives different credentials different users', async () => {
    const a = await t.request(GUEST, { body: { guest_credential: credential() } })
    const b = await t.request(GUEST, { body: { guest_credential: credential() } })
    expect(a.body.user.id).not.toBe(b.body.user.id)
  })

  it('never stores the credential, only its SHA-256, and hides the guest account from the user object', async () => {
    const cred = credential()
    const res = await t.request(GUEST, { body: { guest_credential: cred } })
    expect(res.body.user.linked_accounts).toEqual([])
    expect(JSON.parse(decodeJwt(res.body.identity_token).linked_accounts as string)).toEqual([])
    const rows = await t.db.query<{ identity_key: string; details: unknown }>(
      "SELECT identity_key, details FROM linked_accounts WHERE app_id = $1 AND type = 'guest' AND user_id = $2",
      [t.appId, res.body.user.id.replace('did:privy:', '')],
    )
    expect(rows).toEqual([{ identity_key: createHash('sha256').update(cred).digest('hex'), details: {} }])
    const leaked = await t.db.query("SELECT 1 FROM linked_accounts WHERE identity_key = $1 OR details::text LIKE '%' || $1 || '%'", [cred])
    expect(leaked).toEqual([])
  })

  it.each([
    ['42 characters', { guest_credential: 'A'.repeat(42) }],
    ['44 characters', { guest_credential: 'A'.repeat(44) }],
    ['standard base64 with + and /', { guest_credential: '+/' + 'A'.repeat(41) }],
    ['padding', { guest_credential: 'A'.repeat(42) + '=' }],
    ['a number', { guest_credential: 42 }],
    ['no credential', {}],
    ['an extra key', { guest_credential: 'A'.repeat(43), mode: 'login-or-sign-up' }],
  ])('refuses a body with %s with 400 invalid_data', async (_, body) => {
    const res = await t.request(GUEST, { body })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_data')
    expect(typeof res.body.error).toBe('string')
  })

  it('refuses malformed JSON with 400, not 500', async () => {
    const res = await t.request(GUEST, { rawBody: '{"guest_credential":' })
    expect(res.status).toBe(400)
  })

  it('refuses an app without guest_auth with disallowed_login_method and creates nobody', async () => {
    const other = await t.createApp({ settings: { loginMethods: ['email_auth'] } })
    const before = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE app_id = $1', [other.id])
    const res = await t.request(GUEST, { body: { guest_credential: credential() }, appId: other.id })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('disallowed_login_method')
    const after = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE app_id = $1', [other.id])
    expect(after[0]!.n).toBe(before[0]!.n)
  })

  it('refuses guests when the app has an allowlist', async () => {
    const other = await t.createApp({
      settings: { loginMethods: ['guest_auth'], allowlistEnabled: true, allowlist: ['ada@example.com'] },
    })
    const res = await t.request(GUEST, { body: { guest_credential: credential() }, appId: other.id })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('allowlist_rejected')
  })

  it('keeps guests of one app apart from another app with the same credential', async () => {
    const other = await t.createApp({ settings: { loginMethods: ['guest_auth'] } })
    const cred = credential()
    const here = await t.request(GUEST, { body: { guest_credential: cred } })
    const there = await t.request(GUEST, { body: { guest_credential: cred }, appId: other.id })
    expect(there.status).toBe(200)
    expect(there.body.user.id).not.toBe(here.body.user.id)
  })
})

describe('a guest who links an email', () => {
  it('stops being a guest, keeps its id, and its old credential now makes a new guest', async () => {
    const cred = credential()
    const guest = await t.request(GUEST, { body: { guest_credential: cred } })
    const token = guest.body.token as string
    const email = 'former-guest@example.com'

    expect((await t.request(INIT, { body: { email } })).status).toBe(200)
    const code = await t.codeFor(email)
    const linked = await t.request(LINK, { body: { email, code }, token })
    expect(linked.status).toBe(200)
    expect(v.is(User, linked.body)).toBe(true)
    expect(linked.body.id).toBe(guest.body.user.id)
    expect(linked.body.is_guest).toBe(false)

    const session = await t.request('/api/v1/sessions', { body: { refresh_token: guest.body.refresh_token }, token })
    expect(session.status).toBe(200)
    expect(session.body.user.id).toBe(guest.body.user.id)
    expect(session.body.user.is_guest).toBe(false)
    expect(session.body.user.linked_accounts).toEqual([expect.objectContaining({ type: 'email', address: email })])
    expect(decodeJwt(session.body.identity_token).guest).toBe('f')

    const reused = await t.request(GUEST, { body: { guest_credential: cred } })
    expect(reused.status).toBe(200)
    expect(reused.body.user.id).not.toBe(guest.body.user.id)
    expect(reused.body.user.is_guest).toBe(true)
    expect(reused.body.is_new_user).toBe(true)

    // The email now signs in the former guest.
    const byEmail = await t.login(email)
    expect(byEmail.user.id).toBe(guest.body.user.id)
  })
})

describe('guest creation rate limit', () => {
  it(`allows ${GUEST_CREATE_LIMIT.limit} new guests per IP per window by default, then 429; returning guests still get in`, async () => {
    const r = await createTestInstance({ plugins: [guestServer()], app: { settings: { loginMethods: ['guest_auth'] } } })
    try {
      const first = credential()
      expect((await r.request(GUEST, { body: { guest_credential: first } })).status).toBe(200)
      for (let i = 1; i < GUEST_CREATE_LIMIT.limit; i++) {
        expect((await r.request(GUEST, { body: { guest_credential: credential() } })).status).toBe(200)
      }
      const over = await r.request(GUEST, { body: { guest_credential: credential() } })
      expect(over.status).toBe(429)
      expect(over.body.code).toBe('too_many_requests')
      const users = await r.db.query<{ n: number }>('SELECT count(*)::int AS n FROM users WHERE app_id = $1', [r.appId])
      expect(users[0]!.n).toBe(GUEST_CREATE_LIMIT.limit)

      // A returning guest is not a creation.
      const back = await r.request(GUEST, { body: { guest_credential: first } })
      expect(back.status).toBe(200)
      expect(back.body.is_new_user).toBe(false)

      r.clock.advance(GUEST_CREATE_LIMIT.windowMs + 1)
      expect((await r.request(GUEST, { body: { guest_credential: credential() } })).status).toBe(200)
    } finally {
      await r.close()
    }
  })
})
