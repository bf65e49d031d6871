import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestInstance, type TestInstance, type TestResponse } from '../test/support/server'
import { parseCookieHeader, readSession, SESSION_COOKIES } from './session-cookies'
import { ACCESS_TOKEN_TTL_MS } from './tokens'
import { IDEMPOTENCY_KEY_HEADER } from './services/idempotency'
import * as v from 'valibot'
import { AuthenticatedUser, MeResponse } from '../kernel/schemas'

const ORIGIN = 'http://localhost:3000'
let t: TestInstance
beforeAll(async () => {
  t = await createTestInstance({ app: { allowedOrigins: [ORIGIN], settings: { sessionCookies: true } } })
})
afterAll(() => t.close())

/** A browser's cookie jar for one site: what `Set-Cookie` answers leave, sent back as `Cookie`. */
class Jar {
  readonly values = new Map<string, string>()
  take(res: TestResponse): this {
    for (const line of res.headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';')
      const [name, value] = [pair!.slice(0, pair!.indexOf('=')), pair!.slice(pair!.indexOf('=') + 1)]
      const maxAge = attrs.map((a) => a.trim()).find((a) => a.startsWith('Max-Age='))
      if (maxAge === 'Max-Age=0') this.values.delete(name)
      else this.values.set(name, value)
    }
    return this
  }
  header(): string {
    return [...this.values].map(([n, v]) => `${n}=${v}`).join('; ')
  }
  /** A request as the widget on the app's page sends it: the app header, the page's origin, the cookies. */
  send(path: string, o: { body?: unknown; method?: string; headers?: Record<string, string> } = {}) {
    return t.request(path, { ...o, headers: { origin: ORIGIN, cookie: this.header(), ...o.headers } })
  }
}

/** Signs in with an email code in a fresh jar. */
async function signIn(email: string): Promise<{ jar: Jar; res: TestResponse }> {
  const jar = new Jar()
  const before = t.smtp.messagesTo(email).length
  expect((await jar.send('/api/v1/passwordless/init', { body: { email } })).status).toBe(200)
  const code = await t.codeFor(email, { after: before })
  const res = await jar.send('/api/v1/passwordless/authenticate', { body: { email, code } })
  expect(res.status).toBe(200)
  return { jar: jar.take(res), res }
}

const refresh = (jar: Jar, headers?: Record<string, string>) => jar.send('/api/v1/sessions', { body: {}, headers })

describe('cookie session mode: the cookies', () => {
  it('sets the session in __Host- cookies that are Secure, HttpOnly, whole-site, with SameSite', async () => {
    const { res } = await signIn('attrs@example.com')
    const lines = res.headers.getSetCookie()
    const byName = new Map(lines.map((l) => [l.slice(0, l.indexOf('=')), l]))
    expect([...byName.keys()].sort()).toEqual(Object.values(SESSION_COOKIES).sort())
    for (const line of lines) {
      const attrs = line.split(';').slice(1).map((a) => a.trim())
      expect(attrs).toEqual(expect.arrayContaining(['Path=/', 'Secure', 'HttpOnly', 'Max-Age=2592000']))
      expect(attrs.some((a) => a.startsWith('Domain'))).toBe(false)
    }
    expect(byName.get(SESSION_COOKIES.refresh)).toContain('SameSite=Strict')
    expect(byName.get(SESSION_COOKIES.access)).toContain('SameSite=Lax')
    expect(parseCookieHeader(lines.map((l) => l.split(';')[0]).join('; '))[SESSION_COOKIES.presence]).toBe('t')
  })

  it('puts no token in any answer: login, refresh, the current user', async () => {
    const { jar, res } = await signIn('bodies@example.com')
    const tokenFields = (body: Record<string, unknown>) => [body.token, body.privy_access_token, body.refresh_token, body.identity_token]
    expect(tokenFields(res.body)).toEqual([null, null, null, undefined])
    expect(res.body.user.id).toMatch(/^did:privy:/)
    const refreshed = await refresh(jar)
    expect(refreshed.status).toBe(200)
    expect(tokenFields(refreshed.body)).toEqual([null, null, null, undefined])
    jar.take(refreshed)
    const me = await jar.send('/api/v1/users/me')
    expect(me.status).toBe(200)
    expect(me.body.user.id).toBe(res.body.user.id)
    expect(me.body.identity_token).toBeNull()
    // The identity token was renewed in its cookie instead.
    expect(me.headers.getSetCookie().map((l) => l.split('=')[0])).toEqual([SESSION_COOKIES.identity])
    // The answers keep the contract's shapes.
    expect([v.is(AuthenticatedUser, res.body), v.is(AuthenticatedUser, refreshed.body), v.is(MeResponse, me.body)]).toEqual([true, true, true])
    const raw = JSON.stringify([res.body, refreshed.body, me.body])
    for (const value of jar.values.values()) if (value !== 't') expect(raw).not.toContain(value)
  })

  it('leaves an app in token mode as it was: tokens in the body, no cookies', async () => {
    const other = await t.createApp({ allowedOrigins: [ORIGIN] })
    const auth = await t.login('tokenmode@example.com', { appId: other.id })
    expect(auth.token).toBeTruthy()
    expect(auth.refresh_token).toBeTruthy()
    const res = await t.request('/api/v1/sessions', { body: { refresh_token: auth.refresh_token }, appId: other.id })
    expect(res.headers.getSetCookie()).toEqual([])
  })

  it('refuses to fork a session, which would hand a refresh token to page script', async () => {
    const { jar } = await signIn('fork@example.com')
    const res = await jar.send('/api/v1/sessions/fork', { body: {} })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('feature_not_enabled')
  })
})

describe('cookie session mode: cross-site requests', () => {
  it('refuses another origin with the cookies, and tells its page nothing', async () => {
    const { jar } = await signIn('csrf-origin@example.com')
    const res = await jar.send('/api/v1/users/me', { headers: { origin: 'https://evil.example' } })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('invalid_origin')
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    const refreshed = await refresh(jar, { origin: 'https://evil.example' })
    expect(refreshed.status).toBe(403)
    // The refusal used nothing: the session refreshes from its own page.
    expect((await refresh(jar)).status).toBe(200)
  })

  it('ignores the cookies on a request without the app header, which a form or a link sends', async () => {
    const { jar } = await signIn('csrf-header@example.com')
    const res = await t.request('/api/v1/sessions/revoke', {
      body: { all_others: true },
      appId: null,
      headers: { origin: ORIGIN, cookie: jar.header(), 'content-type': 'text/plain' },
    })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('missing_or_invalid_privy_app_id')
    // A GET route of another app id in the path carries no session either.
    const other = await t.createApp({ allowedOrigins: [ORIGIN] })
    const me = await jar.send('/api/v1/users/me', { headers: { 'privy-app-id': other.id } })
    expect(me.status).toBe(401)
  })

  it('ignores the cookies of a request the browser marks cross-site', async () => {
    const { jar } = await signIn('csrf-site@example.com')
    const res = await jar.send('/api/v1/users/me', { headers: { 'sec-fetch-site': 'cross-site' } })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('missing_or_invalid_token')
    expect((await jar.send('/api/v1/users/me', { headers: { 'sec-fetch-site': 'same-origin' } })).status).toBe(200)
  })
})

describe('cookie session mode: refresh and logout', () => {
  it('rotates the refresh cookie on every refresh', async () => {
    const { jar } = await signIn('rotate-cookie@example.com')
    const first = jar.values.get(SESSION_COOKIES.refresh)
    jar.take(await refresh(jar))
    const second = jar.values.get(SESSION_COOKIES.refresh)
    expect(second).toBeTruthy()
    expect(second).not.toBe(first)
    expect((await refresh(jar)).status).toBe(200)
  })

  it('revokes the session when a used refresh cookie comes back, and clears the cookies', async () => {
    const { jar } = await signIn('reuse-cookie@example.com')
    const stolen = new Jar()
    for (const [n, v] of jar.values) stolen.values.set(n, v)
    jar.take(await refresh(jar))
    const reuse = await refresh(stolen)
    expect(reuse.status).toBe(401)
    expect(reuse.body.code).toBe('missing_or_invalid_token')
    expect(stolen.take(reuse).values.size).toBe(0)
    // The legitimate successor is dead too, and so is its access token.
    expect((await refresh(jar)).status).toBe(401)
    expect((await jar.send('/api/v1/users/me')).status).toBe(401)
  })

  it('lets one of many parallel refreshes with the same cookie win, and the session then ends', async () => {
    const { jar } = await signIn('race-cookie@example.com')
    const answers = await Promise.all(Array.from({ length: 100 }, () => refresh(jar)))
    expect(answers.filter((a) => a.status === 200).length).toBeLessThanOrEqual(1)
    expect(answers.every((a) => a.status === 200 || a.body.code === 'missing_or_invalid_token')).toBe(true)
    const winner = answers.find((a) => a.status === 200)
    if (winner) expect((await refresh(new Jar().take(winner))).status).toBe(401)
  })

  it('refreshes with an expired access cookie', async () => {
    const { jar } = await signIn('expired-cookie@example.com')
    t.clock.advance(ACCESS_TOKEN_TTL_MS + 1000)
    try {
      expect((await jar.send('/api/v1/users/me')).status).toBe(401)
      jar.take(await refresh(jar))
      expect((await jar.send('/api/v1/users/me')).status).toBe(200)
    } finally {
      t.clock.reset()
    }
  })

  it('replays a retried refresh with its cookies', async () => {
    const { jar } = await signIn('replay-cookie@example.com')
    const headers = { [IDEMPOTENCY_KEY_HEADER]: 'refresh-try-1' }
    const first = await refresh(jar, headers)
    const replay = await refresh(jar, headers)
    expect(replay.headers.get('privy-idempotent-replay')).toBe('true')
    expect(replay.headers.getSetCookie()).toEqual(first.headers.getSetCookie())
    expect((await refresh(jar.take(replay))).status).toBe(200)
  })

  it('logs out: clears every cookie and ends the session on the server', async () => {
    const { jar } = await signIn('logout-cookie@example.com')
    const kept = new Jar()
    for (const [n, v] of jar.values) kept.values.set(n, v)
    const res = await jar.send('/api/v1/sessions/logout', { body: {} })
    expect(res.status).toBe(200)
    expect(jar.take(res).values.size).toBe(0)
    expect(res.headers.getSetCookie()).toHaveLength(4)
    expect((await refresh(kept)).status).toBe(401)
    expect((await kept.send('/api/v1/users/me')).status).toBe(401)
    // Logging out without a session still clears whatever cookies the browser holds.
    const again = await kept.send('/api/v1/sessions/logout', { body: {} })
    expect(again.headers.getSetCookie()).toHaveLength(4)
  })
})

describe('readSession (a host server reading the cookies)', () => {
  it("answers the signed-in user from the access cookie, verified with the app's key or its JWKS", async () => {
    const { jar, res } = await signIn('read@example.com')
    const byKey = await readSession(jar.header(), { appId: t.appId, verificationKey: t.app.publicPem })
    expect(byKey).toMatchObject({ status: 'signed-in', userId: res.body.user.id })
    const byJwks = await readSession(new Headers({ cookie: jar.header() }), { appId: t.appId, apiUrl: t.baseUrl })
    expect(byJwks.userId).toBe(res.body.user.id)
    const store = { get: (name: string) => (jar.values.has(name) ? { value: jar.values.get(name)! } : undefined) }
    expect((await readSession(store, { appId: t.appId, verificationKey: t.app.publicPem })).status).toBe('signed-in')
  })

  it('says refresh for an expired access cookie beside a refresh cookie, signed-out without one', async () => {
    const { jar } = await signIn('read-expired@example.com')
    const later = Date.now() + ACCESS_TOKEN_TTL_MS + 1000
    const options = { appId: t.appId, verificationKey: t.app.publicPem, now: later }
    expect((await readSession(jar.header(), options)).status).toBe('refresh')
    jar.values.delete(SESSION_COOKIES.refresh)
    expect((await readSession(jar.header(), options)).status).toBe('signed-out')
  })

  it("refuses a forged access cookie and another app's token", async () => {
    const { jar } = await signIn('read-forged@example.com')
    const token = jar.values.get(SESSION_COOKIES.access)!
    const [h, p, s] = token.split('.') as [string, string, string]
    const forged = `${h}.${p}.${s.slice(0, -4)}AAAA`
    const only = (v: string) => `${SESSION_COOKIES.access}=${v}`
    expect((await readSession(only(forged), { appId: t.appId, verificationKey: t.app.publicPem })).status).toBe('signed-out')
    const other = await t.createApp()
    expect((await readSession(only(token), { appId: other.id, verificationKey: other.publicPem })).status).toBe('signed-out')
    expect((await readSession('', { appId: t.appId, verificationKey: t.app.publicPem })).status).toBe('signed-out')
  })
})
