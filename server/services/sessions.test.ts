import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { randomBytes } from 'node:crypto'
import { decodeJwt } from 'jose'
import * as v from 'valibot'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { defineServerPlugin } from '../plugin'
import { defineSchemas, route, type SchemaRoute } from '../../kernel/route'
import { User } from '../../kernel/schemas'
import { emailServer } from '../../plugins/email/server'
import { guestServer } from '../../plugins/guest/server'
import { OTP_TTL_MS } from './otp'
import { FRESH_AUTH_MAX_AGE_MS, MAX_SESSIONS_PER_USER, REFRESH_TOKEN_TTL_MS, SESSION_MAX_AGE_MS } from './sessions'

const SESSIONS = '/api/v1/sessions'
const REVOKE = '/api/v1/sessions/revoke'
const ME = '/api/v1/users/me'
const INIT = '/api/v1/passwordless/init'
const AUTH = '/api/v1/passwordless/authenticate'
const UPDATE = '/api/v1/passwordless/update'
const DAY = 24 * 60 * 60 * 1000

let t: TestInstance
beforeAll(async () => {
  t = await createTestInstance({
    plugins: [emailServer(), guestServer({ createLimit: { limit: 1000, windowMs: 60_000 } })],
    app: {
      settings: {
        loginMethods: ['email_auth', 'guest_auth'],
        otpPerIp: { limit: 10_000, windowMs: 60_000 },
        otpPerDestination: { limit: 10_000, windowMs: 60_000 },
      },
    },
  })
}, 60_000)
afterAll(() => t.close())

const sid = (token: string) => decodeJwt(token).sid as string

/** A login that sends what a browser would: a user agent and, when the device holds one, its Bearer. */
async function login(email: string, options: { token?: string; userAgent?: string } = {}) {
  const before = t.smtp.messagesTo(email).length
  expect((await t.request(INIT, { body: { email } })).status).toBe(200)
  const code = await t.codeFor(email, { after: before })
  const res = await t.request(AUTH, {
    body: { email, code },
    token: options.token,
    headers: { 'user-agent': options.userAgent ?? 'vitest' },
  })
  expect(res.status).toBe(200)
  return res.body as { token: string; refresh_token: string; user: { id: string } }
}

const meStatus = async (token: string) => (await t.request(ME, { token })).status

describe('GET /sessions and POST /sessions/revoke', () => {
  it("lists the user's live sessions with times, client and the current one flagged, and none of another user's", async () => {
    const a1 = await login('list-a@example.com', { userAgent: 'Phone/1.0' })
    const a2 = await login('list-a@example.com', { userAgent: 'Laptop/2.0' })
    const b = await login('list-b@example.com')
    const res = await t.request(SESSIONS, { token: a2.token })
    expect(res.status).toBe(200)
    const ids = res.body.sessions.map((s: { id: string }) => s.id)
    expect(ids).toEqual([sid(a2.token), sid(a1.token)])
    expect(ids).not.toContain(sid(b.token))
    const [current, other] = res.body.sessions
    expect(current).toMatchObject({ current: true, user_agent: 'Laptop/2.0', ip: '127.0.0.1' })
    expect(other).toMatchObject({ current: false, user_agent: 'Phone/1.0' })
    expect(current.expires_at - current.created_at).toBe(SESSION_MAX_AGE_MS / 1000)
    expect(current.last_used_at).toBeGreaterThanOrEqual(current.created_at)
  })

  it('needs a live session', async () => {
    expect((await t.request(SESSIONS)).status).toBe(401)
    expect((await t.request(REVOKE, { body: { all_others: true } })).status).toBe(401)
  })

  it("revokes one of the user's sessions; its token stops working, the caller's keeps working", async () => {
    const old = await login('revoke-one@example.com')
    const current = await login('revoke-one@example.com')
    const res = await t.request(REVOKE, { token: current.token, body: { session_id: sid(old.token) } })
    expect(res).toMatchObject({ status: 200, body: { revoked: 1 } })
    expect(await meStatus(old.token)).toBe(401)
    expect((await t.request(SESSIONS, { body: { refresh_token: old.refresh_token } })).status).toBe(401)
    expect(await meStatus(current.token)).toBe(200)
  })

  it("cannot revoke another user's session: 404, and that session lives on", async () => {
    const victim = await login('victim-session@example.com')
    const attacker = await login('attacker-session@example.com')
    const res = await t.request(REVOKE, { token: attacker.token, body: { session_id: sid(victim.token) } })
    expect(res.status).toBe(404)
    expect(await meStatus(victim.token)).toBe(200)
    const unknown = await t.request(REVOKE, { token: attacker.token, body: { session_id: 'no-such-session' } })
    expect(unknown.status).toBe(404)
  })

  it('revokes every other session with all_others', async () => {
    const others = [await login('everywhere@example.com'), await login('everywhere@example.com')]
    const stranger = await login('someone-else@example.com')
    const current = await login('everywhere@example.com')
    const res = await t.request(REVOKE, { token: current.token, body: { all_others: true } })
    expect(res).toMatchObject({ status: 200, body: { revoked: 2 } })
    for (const o of others) expect(await meStatus(o.token)).toBe(401)
    expect(await meStatus(current.token)).toBe(200)
    expect(await meStatus(stranger.token)).toBe(200)
  })

  it('refuses a body with neither or both fields with invalid_data', async () => {
    const s = await login('bad-revoke@example.com')
    for (const body of [{}, { session_id: sid(s.token), all_others: true }, { all_others: false }]) {
      const res = await t.request(REVOKE, { token: s.token!, body })
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('invalid_data')
    }
  })
})

describe('session lifetimes', () => {
  it(`ends a session ${SESSION_MAX_AGE_MS / DAY} days after its login, however often it is refreshed`, async () => {
    let { refresh_token } = await login('forever@example.com')
    let elapsed = 0
    const step = REFRESH_TOKEN_TTL_MS - DAY
    while (elapsed + step < SESSION_MAX_AGE_MS) {
      t.clock.advance(step)
      elapsed += step
      const res = await t.request(SESSIONS, { body: { refresh_token } })
      expect(res.status).toBe(200)
      refresh_token = res.body.refresh_token
    }
    t.clock.advance(SESSION_MAX_AGE_MS - elapsed)
    const res = await t.request(SESSIONS, { body: { refresh_token } })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('missing_or_invalid_token')
  })

  it('a new login from a device that holds a session revokes that session', async () => {
    const before = await login('device@example.com')
    const after = await login('device@example.com', { token: before.token })
    expect(await meStatus(before.token)).toBe(401)
    expect((await t.request(SESSIONS, { body: { refresh_token: before.refresh_token } })).status).toBe(401)
    expect(await meStatus(after.token)).toBe(200)
  })

  it('a failed login leaves the device session alive', async () => {
    const s = await login('kept@example.com')
    const res = await t.request(AUTH, { body: { email: 'kept@example.com', code: '000000' }, token: s.token })
    expect(res.status).toBe(401)
    expect(await meStatus(s.token)).toBe(200)
  })

  it(`keeps at most ${MAX_SESSIONS_PER_USER} live sessions per user, revoking the oldest`, async () => {
    const email = 'many-devices@example.com'
    const all = []
    for (let i = 0; i <= MAX_SESSIONS_PER_USER; i++) all.push(await login(email))
    expect(await meStatus(all[0]!.token)).toBe(401)
    expect(await meStatus(all[1]!.token)).toBe(200)
    const listed = await t.request(SESSIONS, { token: all.at(-1)!.token })
    expect(listed.body.sessions).toHaveLength(MAX_SESSIONS_PER_USER)
  })

  it("rotates a guest's session when the guest becomes a full user: old tokens die, the refresh brings new ones", async () => {
    const guest = await t.request('/api/v1/guest/authenticate', { body: { guest_credential: randomBytes(32).toString('base64url') } })
    expect(guest.status).toBe(200)
    const email = 'was-a-guest@example.com'
    expect((await t.request(INIT, { body: { email } })).status).toBe(200)
    const code = await t.codeFor(email)
    const linked = await t.request('/api/v1/passwordless/link', { token: guest.body.token, body: { email, code } })
    expect(linked.status).toBe(200)
    expect(linked.body.is_guest).toBe(false)
    expect(await meStatus(guest.body.token)).toBe(401)
    // What the client does after every link: refresh, and get the new session's tokens.
    const refreshed = await t.request(SESSIONS, { body: { refresh_token: guest.body.refresh_token } })
    expect(refreshed.status).toBe(200)
    expect(sid(refreshed.body.token)).not.toBe(sid(guest.body.token))
    expect(await meStatus(refreshed.body.token)).toBe(200)
    expect((await t.request(SESSIONS, { body: { refresh_token: guest.body.refresh_token } })).status).toBe(401)
  })
})

describe('fresh proof for changing a login address', () => {
  async function codeTo(email: string) {
    const before = t.smtp.messagesTo(email).length
    expect((await t.request(INIT, { body: { email } })).status).toBe(200)
    return t.codeFor(email, { after: before })
  }

  it('refuses a change with an old login and no code to the current address: 403 reauthentication_required', async () => {
    const s = await login('stale@example.com')
    t.clock.advance(FRESH_AUTH_MAX_AGE_MS + 1000)
    const code = await codeTo('stale-new@example.com')
    const res = await t.request(UPDATE, { token: s.token!, body: { oldAddress: 'stale@example.com', newAddress: 'stale-new@example.com', code } })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('reauthentication_required')
    const me = await t.request(ME, { token: s.token })
    expect(me.body.user.linked_accounts.map((a: { address: string }) => a.address)).toEqual(['stale@example.com'])
    // The code to the new address was not spent by the refusal.
    const retry = await t.request(UPDATE, {
      token: s.token,
      body: { oldAddress: 'stale@example.com', newAddress: 'stale-new@example.com', code, current_code: await codeTo('stale@example.com') },
    })
    expect(retry.status).toBe(200)
  })

  it('accepts a code to the current address instead of a recent login, and refuses a wrong one', async () => {
    const s = await login('proof@example.com')
    t.clock.advance(FRESH_AUTH_MAX_AGE_MS + 1000)
    const code = await codeTo('proof-new@example.com')
    const wrong = await t.request(UPDATE, {
      token: s.token,
      body: { oldAddress: 'proof@example.com', newAddress: 'proof-new@example.com', code, current_code: '000000' },
    })
    expect(wrong.status).toBe(401)
    expect(wrong.body.code).toBe('invalid_credentials')
    // The answer names the refused code: the one to the current address; the other stays good.
    expect(wrong.body.data).toEqual({ refused: ['current_code'] })
    const current = await codeTo('proof@example.com')
    const ok = await t.request(UPDATE, {
      token: s.token,
      body: { oldAddress: 'proof@example.com', newAddress: 'proof-new@example.com', code, current_code: current },
    })
    expect(ok.status).toBe(200)
    expect(ok.body.linked_accounts[0].address).toBe('proof-new@example.com')
  })

  it('checks both codes before spending either: a current-address code outlives an expired new-address code', async () => {
    const s = await login('waited@example.com')
    t.clock.advance(FRESH_AUTH_MAX_AGE_MS + 1000)
    const stale = await codeTo('waited-new@example.com')
    // The user lingers on the confirmation screen until the new address's code has expired.
    t.clock.advance(OTP_TTL_MS - 60_000)
    const current = await codeTo('waited@example.com')
    t.clock.advance(120_000)
    const body = { oldAddress: 'waited@example.com', newAddress: 'waited-new@example.com', current_code: current }
    const expired = await t.request(UPDATE, { token: s.token, body: { ...body, code: stale } })
    expect(expired.status).toBe(401)
    expect(expired.body.code).toBe('invalid_credentials')
    // Only the new address's code is named as refused: the client keeps the current one.
    expect(expired.body.data).toEqual({ refused: ['code'] })
    // A right current code beside a wrong new one is not spent either.
    const wrong = await t.request(UPDATE, { token: s.token, body: { ...body, code: stale === '000000' ? '111111' : '000000' } })
    expect(wrong.status).toBe(401)
    expect(wrong.body.data).toEqual({ refused: ['code'] })
    // Both wrong: both named.
    const both = await t.request(UPDATE, { token: s.token, body: { ...body, current_code: current === '000000' ? '111111' : '000000', code: stale } })
    expect(both.body.data).toEqual({ refused: ['current_code', 'code'] })
    // A new code to the new address, and the same current code: the change goes through.
    const fresh = await codeTo('waited-new@example.com')
    const ok = await t.request(UPDATE, { token: s.token, body: { ...body, code: fresh } })
    expect(ok.status).toBe(200)
    expect(ok.body.linked_accounts[0].address).toBe('waited-new@example.com')
    // Both codes were spent by the change: neither signs anyone in afterwards.
    expect((await t.request(AUTH, { body: { email: 'waited@example.com', code: current } })).status).toBe(401)
    expect((await t.request(AUTH, { body: { email: 'waited-new@example.com', code: fresh } })).status).toBe(401)
  })

  it("accepts a recent login, and revokes the user's other sessions after the change", async () => {
    const other = await login('moving@example.com')
    const s = await login('moving@example.com')
    const code = await codeTo('moved@example.com')
    const res = await t.request(UPDATE, { token: s.token!, body: { oldAddress: 'moving@example.com', newAddress: 'moved@example.com', code } })
    expect(res.status).toBe(200)
    expect(await meStatus(other.token)).toBe(401)
    expect(await meStatus(s.token)).toBe(200)
  })
})

// A minimal plugin with a strong account type of its own: the server kernel's rule, not a method's.
const KeyBody = v.object({ key: v.pipe(v.string(), v.nonEmpty(), v.maxLength(64)) })
const keyRoutes = {
  link: route<SchemaRoute<typeof KeyBody, typeof User>>('POST', '/api/v1/test_key/link', { auth: true }),
  unlink: route<SchemaRoute<typeof KeyBody, typeof User>>('POST', '/api/v1/test_key/unlink', { auth: true }),
}
const keyPlugin = defineServerPlugin({
  id: 'test-key',
  routes: keyRoutes,
  schemas: defineSchemas(keyRoutes, { link: { request: KeyBody, response: User }, unlink: { request: KeyBody, response: User } }),
  strongAccountTypes: ['test_key'],
  handlers: {
    async link(req, ctx) {
      return ctx.users.toWire(await ctx.link({ type: 'test_key', identityKey: req.body.key, details: { key: req.body.key } }))
    },
    async unlink(req, ctx) {
      const s = await ctx.requireSession()
      return ctx.users.toWire(await ctx.users.unlink(ctx.app, s.userId, { type: 'test_key', identityKey: req.body.key }))
    },
  },
})

describe('fresh proof for unlinking the last strong method', () => {
  let k: TestInstance
  beforeAll(async () => {
    k = await createTestInstance({ plugins: [emailServer(), keyPlugin] })
  }, 60_000)
  afterAll(() => k.close())

  async function userWithKeys(email: string, keys: string[]) {
    const s = await k.login(email)
    for (const key of keys) expect((await k.request('/api/v1/test_key/link', { token: s.token!, body: { key } })).status).toBe(200)
    return s
  }

  it('unlinks a strong method freely while another remains, and asks for a recent login to remove the last one', async () => {
    const s = await userWithKeys('keys@example.com', ['k1', 'k2'])
    k.clock.advance(FRESH_AUTH_MAX_AGE_MS + 1000)
    expect((await k.request('/api/v1/test_key/unlink', { token: s.token!, body: { key: 'k1' } })).status).toBe(200)
    const last = await k.request('/api/v1/test_key/unlink', { token: s.token!, body: { key: 'k2' } })
    expect(last.status).toBe(403)
    expect(last.body.code).toBe('reauthentication_required')
    const fresh = await k.login('keys@example.com')
    expect((await k.request('/api/v1/test_key/unlink', { token: fresh.token!, body: { key: 'k2' } })).status).toBe(200)
  })

  it('lets no burst of parallel unlinks strip all strong methods without a recent login', async () => {
    const keys = ['p1', 'p2', 'p3']
    const users = []
    for (let i = 0; i < 8; i++) users.push(await userWithKeys(`parallel-keys-${i}@example.com`, keys.map((key) => `${key}-${i}`)))
    k.clock.advance(FRESH_AUTH_MAX_AGE_MS + 1000)
    const results = await Promise.all(
      users.map(async (s, i) => {
        const answers = await Promise.all(
          keys.map((key) => k.request('/api/v1/test_key/unlink', { token: s.token!, body: { key: `${key}-${i}` } })),
        )
        return answers.map((r) => r.status).sort()
      }),
    )
    // Each user keeps exactly one strong method: the last unlink waits for a recent login.
    expect(results).toEqual(users.map(() => [200, 200, 403]))
  }, 60_000)
})
