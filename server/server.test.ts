import http from 'node:http'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { SignJWT, decodeProtectedHeader, importSPKI, jwtVerify } from 'jose'
import { AppResponse, AuthenticatedUser, ErrorBody, ForkResponse, MeResponse, User } from '../kernel/schemas'
import { createTestInstance, type TestInstance } from '../test/support/server'
import { importSigningKey, verifyAccessToken } from './index'
import { collectRoutes } from './plugin'
import { coreServerPlugin } from './core'
import { emailServer } from '../plugins/email/server'
import { smsServer } from '../plugins/sms/server'
import { defineServerPlugin } from './plugin'
import { route, defineSchemas, type SchemaRoute } from '../kernel/route'
import { DevInbox } from './mail'
import { createApiClient, NETWORK_ERROR_CODE } from '../kernel/client'
import { coreRoutes } from '../kernel/api'
import { PorticoError } from '../kernel/errors'
import { createMemoryStorage } from '../kernel/storage'

const ORIGIN = 'http://localhost:5173'
let t: TestInstance
beforeAll(async () => {
  // The SMS plugin declares the sms_auth switch the app response tests turn on.
  t = await createTestInstance({
    app: { name: 'Server Test', allowedOrigins: [ORIGIN], settings: { accentColor: '#6a5acd', theme: 'dark' } },
    plugins: [emailServer(), smsServer()],
  })
})
afterAll(() => t.close())

describe('GET /api/v1/apps/:app_id', () => {
  it('answers the full AppResponse with the app settings', async () => {
    const res = await t.request(`/api/v1/apps/${t.appId}`, { appId: null })
    expect(res.status).toBe(200)
    const parsed = v.safeParse(v.strictObject(AppResponse.entries), res.body)
    expect(parsed.issues).toBeUndefined()
    expect(res.body).toMatchObject({
      id: t.appId,
      name: 'Server Test',
      email_auth: true,
      sms_auth: false,
      custom_api_url: null,
      theme: 'dark',
      accent_color: '#6a5acd',
      allowed_domains: [ORIGIN],
      data_classification: 'public',
    })
    expect(res.body.verification_key).toMatch(/^-----BEGIN PUBLIC KEY-----/)
  })

  it('reports email_auth false when email login is off', async () => {
    const app = await t.createApp({ settings: { loginMethods: ['sms_auth'] } })
    const res = await t.request(`/api/v1/apps/${app.id}`)
    expect(res.body.email_auth).toBe(false)
    expect(res.body.sms_auth).toBe(true)
  })

  it('answers missing_or_invalid_privy_app_id for an unknown or malformed app id', async () => {
    for (const id of ['a'.repeat(25), 'NOT-AN-ID']) {
      const res = await t.request(`/api/v1/apps/${id}`)
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('missing_or_invalid_privy_app_id')
    }
  })

  it('answers missing_or_invalid_privy_app_id when the header is missing on other routes', async () => {
    const res = await t.request('/api/v1/passwordless/init', { body: { email: 'a@b.co' }, appId: null })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('missing_or_invalid_privy_app_id')
  })
})

describe('CORS', () => {
  it('echoes an allowed origin with credentials, never *', async () => {
    const res = await t.request(`/api/v1/apps/${t.appId}`, { headers: { origin: ORIGIN } })
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(res.headers.get('access-control-allow-credentials')).toBe('true')
  })

  it('answers a preflight from an allowed origin with the contract headers', async () => {
    const res = await fetch(`${t.baseUrl}/api/v1/passwordless/init`, {
      method: 'OPTIONS',
      headers: {
        origin: ORIGIN,
        'access-control-request-method': 'POST',
        'access-control-request-headers': 'privy-app-id,privy-client,privy-ca-id,content-type,authorization',
      },
    })
    expect(res.status).toBe(204)
    expect(res.headers.get('access-control-allow-origin')).toBe(ORIGIN)
    expect(res.headers.get('access-control-allow-credentials')).toBe('true')
    const allowed = res.headers.get('access-control-allow-headers')!.split(/,\s*/)
    for (const h of ['privy-app-id', 'privy-client', 'privy-ca-id', 'privy-client-id', 'privy-retry-attempt', 'authorization', 'content-type', 'accept']) {
      expect(allowed).toContain(h)
    }
  })

  it('refuses a preflight from an unknown origin', async () => {
    const res = await fetch(`${t.baseUrl}/api/v1/passwordless/init`, {
      method: 'OPTIONS',
      headers: { origin: 'https://evil.example', 'access-control-request-method': 'POST' },
    })
    expect(res.status).toBe(403)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    expect((await res.json()).code).toBe('invalid_origin')
  })

  const expectNoCors = (res: { headers: Headers }) => {
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
    expect(res.headers.get('access-control-allow-credentials')).toBeNull()
  }

  it('answers 403 invalid_origin without CORS headers to a browser request from an origin the app does not allow', async () => {
    const res = await t.request('/api/v1/passwordless/init', {
      body: { email: 'a@example.com' },
      headers: { origin: 'https://evil.example' },
    })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('invalid_origin')
    expectNoCors(res)
  })

  it('refuses an origin allowed by another app only, without CORS headers on the refusal', async () => {
    const other = await t.createApp({ allowedOrigins: ['http://other.localhost:4000'] })
    const allowed = await t.request(`/api/v1/apps/${other.id}`, { headers: { origin: 'http://other.localhost:4000' } })
    expect(allowed.status).toBe(200)
    expect(allowed.headers.get('access-control-allow-origin')).toBe('http://other.localhost:4000')
    const res = await t.request(`/api/v1/apps/${t.appId}`, { headers: { origin: 'http://other.localhost:4000' } })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('invalid_origin')
    expectNoCors(res)
    const post = await t.request('/api/v1/passwordless/init', { body: { email: 'a@example.com' }, headers: { origin: 'http://other.localhost:4000' } })
    expect(post.status).toBe(403)
    expectNoCors(post)
  })

  it('gives an unknown origin no CORS headers on any answer: errors, unknown routes, public keys', async () => {
    const origin = { origin: 'https://evil.example' }
    for (const res of [
      await t.request(`/api/v1/apps/${t.appId}`, { headers: origin }),
      await t.request('/api/v1/passwordless/init', { rawBody: '{', headers: origin }),
      await t.request('/api/v1/passwordless/init', { body: { email: 'a@b.co' }, appId: null, headers: origin }),
      await t.request('/api/v1/nope', { headers: origin }),
      await t.request(`/api/v1/apps/${t.appId}/jwks.json`, { headers: origin }),
    ]) {
      expectNoCors(res)
    }
  })

  it("the widget's client fails a refused origin clearly, after the contract's bounded retries", async () => {
    // A browser's fetch as far as CORS goes: the request carries the page's Origin, and an answer
    // without a matching Access-Control-Allow-Origin is a network error to the page.
    const browserFetch = (page: string, calls: string[]): typeof fetch => async (input, init) => {
      calls.push(String(input))
      const res = await fetch(input, { ...init, headers: { ...(init?.headers as Record<string, string>), origin: page } })
      if (res.headers.get('access-control-allow-origin') !== page) {
        await res.body?.cancel()
        throw new TypeError('Failed to fetch')
      }
      return res
    }
    const waits: number[] = []
    const client = (page: string, calls: string[]) =>
      createApiClient({
        appId: t.appId,
        apiUrl: t.baseUrl,
        storage: createMemoryStorage(),
        fetch: browserFetch(page, calls),
        sleep: async (ms) => void waits.push(ms),
      })
    const allowedCalls: string[] = []
    await expect(client(ORIGIN, allowedCalls).request(coreRoutes.app, undefined, { params: { app_id: t.appId } })).resolves.toMatchObject({ id: t.appId })
    expect(allowedCalls).toHaveLength(1)

    const calls: string[] = []
    const err = await client('https://evil.example', calls)
      .request(coreRoutes.app, undefined, { params: { app_id: t.appId } })
      .catch((e: unknown) => e)
    expect(err).toBeInstanceOf(PorticoError)
    expect(err).toMatchObject({ code: NETWORK_ERROR_CODE, shortMessage: `Could not reach the API at ${t.baseUrl}` })
    expect((err as PorticoError).details).toMatch(/refused this page's origin/)
    // Four tries in all (the contract's three retries), then it stops.
    expect(calls).toHaveLength(4)
    expect(waits).toEqual([500, 1500, 4500])
  })

  it('serves requests without Origin (Node clients)', async () => {
    const res = await t.request(`/api/v1/apps/${t.appId}`)
    expect(res.status).toBe(200)
    expect(res.headers.get('access-control-allow-origin')).toBeNull()
  })
})

describe('bad input', () => {
  const path = '/api/v1/passwordless/init'
  const expectInvalid = (res: { status: number; body: unknown }) => {
    expect(res.status).toBe(400)
    expect(v.is(ErrorBody, res.body)).toBe(true)
    expect((res.body as { code: string }).code).toBe('invalid_data')
  }

  it('answers invalid_data to malformed JSON', async () => {
    expectInvalid(await t.request(path, { rawBody: '{"email": ' }))
  })

  it('answers invalid_data to a missing field, naming it', async () => {
    const res = await t.request(path, { body: {} })
    expectInvalid(res)
    expect(res.body.error).toMatch(/^email: /)
  })

  it('answers invalid_data to a wrong type', async () => {
    expectInvalid(await t.request(path, { body: { email: 42 } }))
    expectInvalid(await t.request(path, { rawBody: '[1,2]' }))
    expectInvalid(await t.request(path, { rawBody: 'null' }))
  })

  it('answers 413 with code invalid_data to a body over 100 KB', async () => {
    const res = await t.request(path, { body: { email: 'a@b.co', token: 'x'.repeat(110 * 1024) } })
    expect(res.status).toBe(413)
    expect(v.is(ErrorBody, res.body)).toBe(true)
    expect(res.body).toMatchObject({ code: 'invalid_data', error: 'Request body is larger than 102400 bytes.' })
  })

  it.each([
    ['with a Content-Length', false],
    ['chunked, without a Content-Length', true],
  ])('keeps a keep-alive connection usable after an oversize body (%s)', async (_, chunked) => {
    const agent = new http.Agent({ keepAlive: true, maxSockets: 1 })
    try {
      const big = await rawPost(agent, path, JSON.stringify({ email: 'a@b.co', token: 'x'.repeat(300 * 1024) }), chunked)
      expect(big.status).toBe(413)
      expect(JSON.parse(big.body)).toMatchObject({ code: 'invalid_data' })
      // The next request goes over the same socket and gets its own answer.
      const next = await rawPost(agent, path, JSON.stringify({ email: 'keepalive@example.com' }), chunked)
      expect(next.reusedSocket).toBe(true)
      expect(next.status).toBe(200)
      expect(JSON.parse(next.body)).toEqual({ success: true })
    } finally {
      agent.destroy()
    }
  })

  /** One POST over `agent` with Node's own HTTP client; says whether it reused a kept-alive socket. */
  function rawPost(agent: http.Agent, target: string, body: string, chunked: boolean) {
    return new Promise<{ status: number; body: string; reusedSocket: boolean }>((resolve, reject) => {
      const headers: Record<string, string> = { 'content-type': 'application/json', 'privy-app-id': t.appId }
      if (!chunked) headers['content-length'] = String(Buffer.byteLength(body))
      const req = http.request(`${t.baseUrl}${target}`, { method: 'POST', agent, headers }, (res) => {
        let text = ''
        res.setEncoding('utf8')
        res.on('data', (d: string) => (text += d))
        res.on('end', () => resolve({ status: res.statusCode!, body: text, reusedSocket: req.reusedSocket }))
        res.on('error', reject)
      })
      req.on('error', reject)
      if (chunked) {
        // Several writes: the server sees a stream, not one buffer of known size.
        for (let i = 0; i < body.length; i += 16 * 1024) req.write(body.slice(i, i + 16 * 1024))
        req.end()
      } else req.end(body)
    })
  }

  it.each([
    ['a NUL in a field', { email: 'a\u0000@b.co' }],
    ['a lone high surrogate in a field', { email: 'a\ud800@b.co' }],
    ['a lone low surrogate in a nested field', { email: 'a@b.co', extra: { deep: ['ok', 'x\udfff'] } }],
    ['a NUL in a key', { email: 'a@b.co', 'k\u0000': 1 }],
  ])('answers invalid_data to %s, before the route runs', async (_, body) => {
    const res = await t.request(path, { body })
    expectInvalid(res)
    expect(res.body.error).toMatch(/contains a NUL character or an unpaired surrogate\.$/)
    expect(res.body.error).not.toContain('\u0000')
  })

  it('accepts paired surrogates (emoji) in strings', async () => {
    const res = await t.request('/api/v1/analytics_events', { body: { event_name: 'sdk_initialize 😀', client_id: null, payload: { note: '🦊' } } })
    expect(res.status).toBe(200)
  })

  it('answers invalid_data, not 500, to NUL or lone surrogates in analytics events', async () => {
    for (const body of [
      { event_name: 'x\u0000', client_id: null },
      { event_name: 'x', client_id: null, payload: { note: 'a\u0000b' } },
      { event_name: 'x', client_id: null, payload: { '\ud800': true } },
    ]) {
      expectInvalid(await t.request('/api/v1/analytics_events', { body }))
    }
  })

  it('answers invalid_data to a NUL in a query parameter name or value', async () => {
    expectInvalid(await t.request(`/api/v1/apps/${t.appId}?x=%00`))
    expectInvalid(await t.request(`/api/v1/apps/${t.appId}?%00=1`))
  })

  it('answers invalid_data on every core route to nonsense bodies, never 5xx', async () => {
    const token = (await t.login('fuzz@example.com')).token!
    const bodies = ['{', '"str"', '123', '[]', 'null', '{"refresh_token": 5}', '{"event_name": ""}', '{"a":{"b":[}}']
    for (const r of t.server.routes.filter((x) => x.route.method === 'POST')) {
      for (const raw of bodies) {
        const res = await t.request(r.route.path, { rawBody: raw, token })
        expect(res.status, `${r.route.path} ${raw}`).toBeLessThan(500)
        expect(v.is(ErrorBody, res.body) || res.status === 200, `${r.route.path} ${raw}`).toBe(true)
      }
    }
  })

  it('answers JSON 404 to an unknown route', async () => {
    const res = await t.request('/api/v1/nope')
    expect(res.status).toBe(404)
    expect(typeof res.body.error).toBe('string')
  })
})

describe('tokens', () => {
  it('signs an ES256 access token that verifies with the verification_key', async () => {
    const auth = await t.login('tokens@example.com')
    const { body: config } = await t.request(`/api/v1/apps/${t.appId}`)
    expect(decodeProtectedHeader(auth.token!)).toEqual({ alg: 'ES256', typ: 'JWT', kid: t.app.signingKey.kid })
    const key = await importSPKI(config.verification_key, 'ES256')
    const { payload } = await jwtVerify(auth.token!, key, { issuer: 'privy.io', audience: t.appId, typ: 'JWT' })
    expect(payload.sub).toBe(auth.user.id)
    expect(typeof payload.sid).toBe('string')
    expect(payload.exp! - payload.iat!).toBe(3600)
    const claims = await verifyAccessToken(auth.token!, { appId: t.appId, verificationKey: config.verification_key })
    expect(claims).toMatchObject({ appId: t.appId, userId: auth.user.id, sessionId: payload.sid, issuer: 'privy.io' })
  })

  it('rejects a token for another audience or signed with another key', async () => {
    const auth = await t.login('tokens2@example.com')
    const other = await t.createApp()
    await expect(verifyAccessToken(auth.token!, { appId: other.id, verificationKey: t.app.publicPem })).rejects.toMatchObject({
      code: 'missing_or_invalid_token',
    })
    await expect(verifyAccessToken(auth.token!, { appId: t.appId, verificationKey: other.publicPem })).rejects.toMatchObject({
      code: 'missing_or_invalid_token',
    })
  })

  it("verifies with only the app id, reading the app's JWKS from the API URL", async () => {
    const auth = await t.login('tokens3@example.com')
    const byUrl = await verifyAccessToken(auth.token!, { appId: t.appId, apiUrl: t.baseUrl })
    expect(byUrl.userId).toBe(auth.user.id)
    const saved = process.env.PORTICO_API_URL
    process.env.PORTICO_API_URL = t.baseUrl
    try {
      expect((await verifyAccessToken(auth.token!, t.appId)).userId).toBe(auth.user.id)
      const other = await t.createApp()
      // Another app's key set does not verify this app's token.
      await expect(verifyAccessToken(auth.token!, { appId: other.id })).rejects.toMatchObject({ code: 'missing_or_invalid_token' })
    } finally {
      if (saved === undefined) delete process.env.PORTICO_API_URL
      else process.env.PORTICO_API_URL = saved
    }
  })

  it('signs an identity token with the contract claims', async () => {
    const auth = await t.login('identity@example.com')
    const key = await importSPKI(t.app.publicPem, 'ES256')
    const { payload } = await jwtVerify(auth.identity_token!, key, { issuer: 'privy.io', audience: t.appId })
    expect(payload.sub).toBe(auth.user.id)
    expect(payload.cr).toBe(String(auth.user.created_at))
    expect(payload.guest).toBe('f')
    expect(typeof payload.linked_accounts).toBe('string')
    expect(JSON.parse(payload.linked_accounts as string)).toEqual([
      { type: 'email', address: 'identity@example.com', lv: auth.user.linked_accounts[0]!.latest_verified_at },
    ])
    expect(payload.custom_metadata).toBeUndefined()
  })
})

describe('sessions', () => {
  const refresh = (refresh_token: string, token?: string) =>
    t.request('/api/v1/sessions', { body: { refresh_token }, token })

  it('rotates the refresh token on every refresh', async () => {
    const auth = await t.login('rotate@example.com')
    const res = await refresh(auth.refresh_token!, auth.token!)
    expect(res.status).toBe(200)
    expect(v.is(AuthenticatedUser, res.body)).toBe(true)
    expect(res.body.session_update_action).toBe('set')
    expect(res.body.refresh_token).not.toBe(auth.refresh_token)
    expect(res.body.user.id).toBe(auth.user.id)
    expect((await refresh(res.body.refresh_token)).status).toBe(200)
  })

  it('revokes the whole family when a used refresh token comes back', async () => {
    const auth = await t.login('reuse@example.com')
    const next = await refresh(auth.refresh_token!)
    const reuse = await refresh(auth.refresh_token!)
    expect(reuse.status).toBe(401)
    expect(reuse.body.code).toBe('missing_or_invalid_token')
    // The token handed out by the legitimate rotation is dead too, and so is the access token.
    expect((await refresh(next.body.refresh_token)).body.code).toBe('missing_or_invalid_token')
    expect((await t.request('/api/v1/users/me', { token: next.body.token })).body.code).toBe('missing_or_invalid_token')
  })

  it('accepts an expired Bearer on refresh', async () => {
    const auth = await t.login('expired@example.com')
    t.clock.advance(2 * 60 * 60 * 1000)
    expect((await t.request('/api/v1/users/me', { token: auth.token! })).status).toBe(401)
    const res = await refresh(auth.refresh_token!, auth.token!)
    expect(res.status).toBe(200)
    expect((await t.request('/api/v1/users/me', { token: res.body.token })).status).toBe(200)
  })

  it('answers missing_or_invalid_token to an unknown or missing refresh token', async () => {
    expect((await refresh('nope')).body.code).toBe('missing_or_invalid_token')
    const none = await t.request('/api/v1/sessions', { body: {} })
    expect(none.status).toBe(401)
    expect(none.body.code).toBe('missing_or_invalid_token')
  })

  it('logs out: the session can neither refresh nor call authenticated routes', async () => {
    const auth = await t.login('logout@example.com')
    const res = await t.request('/api/v1/sessions/logout', { body: { refresh_token: auth.refresh_token }, token: auth.token! })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({})
    expect((await refresh(auth.refresh_token!)).body.code).toBe('missing_or_invalid_token')
    expect((await t.request('/api/v1/users/me', { token: auth.token! })).status).toBe(401)
  })

  it('logs out with only the refresh token', async () => {
    const auth = await t.login('logout2@example.com')
    expect((await t.request('/api/v1/sessions/logout', { body: { refresh_token: auth.refresh_token } })).status).toBe(200)
    expect((await refresh(auth.refresh_token!)).status).toBe(401)
  })

  it('leaves other sessions of the same user alive on logout', async () => {
    const a = await t.login('two-devices@example.com')
    const b = await t.login('two-devices@example.com')
    await t.request('/api/v1/sessions/logout', { body: { refresh_token: a.refresh_token }, token: a.token! })
    expect((await refresh(b.refresh_token!)).status).toBe(200)
  })

  it('forks a second independent session and recovers it', async () => {
    const auth = await t.login('fork@example.com')
    const fork = await t.request('/api/v1/sessions/fork', { body: { refresh_token: auth.refresh_token }, token: auth.token! })
    expect(fork.status).toBe(200)
    expect(v.is(ForkResponse, fork.body)).toBe(true)
    // The current session's token was rotated.
    expect(fork.body.refresh_token).not.toBe(auth.refresh_token)
    expect((await refresh(auth.refresh_token!)).status).toBe(401)
    const recovered = await t.request('/api/v1/sessions/fork/recover', {
      body: { refresh_token: fork.body.new_session_refresh_token },
    })
    expect(recovered.status).toBe(200)
    expect(v.is(AuthenticatedUser, recovered.body)).toBe(true)
    expect(recovered.body.user.id).toBe(auth.user.id)
  })

  it('keeps a forked session alive when the original one logs out', async () => {
    const auth = await t.login('fork2@example.com')
    const fork = await t.request('/api/v1/sessions/fork', { body: { refresh_token: auth.refresh_token }, token: auth.token! })
    await t.request('/api/v1/sessions/logout', { body: { refresh_token: fork.body.refresh_token }, token: fork.body.token })
    expect((await refresh(fork.body.refresh_token)).status).toBe(401)
    const recovered = await t.request('/api/v1/sessions/fork/recover', { body: { refresh_token: fork.body.new_session_refresh_token } })
    expect(recovered.status).toBe(200)
  })

  it('refuses to fork without a valid Bearer or with another session’s refresh token', async () => {
    const a = await t.login('fork3@example.com')
    const b = await t.login('fork4@example.com')
    expect((await t.request('/api/v1/sessions/fork', { body: { refresh_token: a.refresh_token } })).body.code).toBe(
      'missing_or_invalid_token',
    )
    const cross = await t.request('/api/v1/sessions/fork', { body: { refresh_token: b.refresh_token }, token: a.token! })
    expect(cross.status).toBe(401)
    expect(cross.body.code).toBe('missing_or_invalid_token')
  })

  it('refuses fork/recover with the refresh token of an ordinary session', async () => {
    const auth = await t.login('fork5@example.com')
    const res = await t.request('/api/v1/sessions/fork/recover', { body: { refresh_token: auth.refresh_token } })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('missing_or_invalid_token')
  })
})

describe('users and analytics', () => {
  it('GET /users/me answers the user and a fresh identity token', async () => {
    const auth = await t.login('me@example.com')
    const res = await t.request('/api/v1/users/me', { token: auth.token! })
    expect(res.status).toBe(200)
    expect(v.is(MeResponse, res.body)).toBe(true)
    expect(res.body.user).toEqual(auth.user)
    expect(typeof res.body.identity_token).toBe('string')
  })

  it('GET /users/me without a token answers missing_or_invalid_token', async () => {
    const res = await t.request('/api/v1/users/me')
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('missing_or_invalid_token')
  })

  it('rejects a token forged with another key', async () => {
    const auth = await t.login('forged@example.com')
    const other = await t.createApp()
    const claims = JSON.parse(Buffer.from(auth.token!.split('.')[1]!, 'base64url').toString())
    const forged = await new SignJWT(claims)
      .setProtectedHeader({ alg: 'ES256', typ: 'JWT' })
      .sign((await importSigningKey(other.privateJwk)).key)
    expect((await t.request('/api/v1/users/me', { token: forged })).status).toBe(401)
  })

  it('POST /users/me/accept_terms with no body records acceptance', async () => {
    const auth = await t.login('terms@example.com')
    expect(auth.user.has_accepted_terms).toBe(false)
    const res = await t.request('/api/v1/users/me/accept_terms', { method: 'POST', token: auth.token! })
    expect(res.status).toBe(200)
    expect(v.is(User, res.body)).toBe(true)
    expect(res.body.has_accepted_terms).toBe(true)
    expect((await t.request('/api/v1/users/me', { token: auth.token! })).body.user.has_accepted_terms).toBe(true)
  })

  it('stores analytics events and answers {}', async () => {
    const res = await t.request('/api/v1/analytics_events', {
      body: { event_name: 'sdk_initialize', client_id: null, payload: { v: 1 } },
    })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({})
    const rows = await t.db.query<{ payload: unknown }>(
      'SELECT payload FROM analytics_events WHERE app_id = $1 AND event_name = $2',
      [t.appId, 'sdk_initialize'],
    )
    expect(rows.map((r) => r.payload)).toEqual([{ v: 1 }])
  })

  it('rejects an analytics event name over 255 characters', async () => {
    const res = await t.request('/api/v1/analytics_events', { body: { event_name: 'x'.repeat(256), client_id: null } })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_data')
  })
})

describe('route registry', () => {
  it('lists every core and plugin route with a handler and schemas', () => {
    const routes = collectRoutes([coreServerPlugin, emailServer(), smsServer()] as never)
    expect(routes.map((r) => `${r.route.method} ${r.route.path}`)).toEqual(
      expect.arrayContaining(['GET /api/v1/apps/:app_id', 'POST /api/v1/sessions', 'POST /api/v1/passwordless/init']),
    )
    for (const r of routes) {
      expect(typeof r.handler, r.key).toBe('function')
      expect(r.schemas.request, r.key).toBeDefined()
      expect(r.schemas.response, r.key).toBeDefined()
    }
    expect(t.server.routes).toHaveLength(routes.length)
  })
})

const Echo = v.object({ n: v.number() })
const echoRoutes = {
  echo: route<SchemaRoute<typeof Echo, typeof Echo>>('POST', '/api/v1/test/echo'),
  broken: route<SchemaRoute<typeof Echo, typeof Echo>>('POST', '/api/v1/test/broken'),
}
const echoPlugin = defineServerPlugin({
  id: 'echo',
  routes: echoRoutes,
  schemas: defineSchemas(echoRoutes, { echo: { request: Echo, response: Echo }, broken: { request: Echo, response: Echo } }),
  migrations: [{ id: 'echo/0001', sql: 'CREATE TABLE echo_log (n integer)' }],
  handlers: {
    async echo(req, ctx) {
      await ctx.db.query('INSERT INTO echo_log (n) VALUES ($1)', [req.body.n])
      return { n: req.body.n * 2 }
    },
    async broken() {
      throw new Error('bug in a handler')
    },
  },
})

describe('production mode, third-party plugins and unexpected errors', () => {
  let prod: TestInstance
  const logged: unknown[] = []
  beforeAll(async () => {
    prod = await createTestInstance({ devMode: false, plugins: [emailServer(), echoPlugin] })
  })
  afterAll(() => prod.close())

  it('has no /dev routes outside dev mode', async () => {
    expect((await prod.request('/dev/messages')).status).toBe(404)
    expect((await prod.request('/dev/clock', { body: { advance_ms: 1 } })).status).toBe(404)
  })

  it('serves a plugin route with its migration applied and its body validated', async () => {
    const ok = await prod.request('/api/v1/test/echo', { body: { n: 21 } })
    expect(ok.status).toBe(200)
    expect(ok.body).toEqual({ n: 42 })
    expect(await prod.db.query('SELECT n FROM echo_log')).toEqual([{ n: 21 }])
    const bad = await prod.request('/api/v1/test/echo', { body: { n: 'x' } })
    expect(bad.status).toBe(400)
    expect(bad.body.code).toBe('invalid_data')
  })

  it('answers a JSON 500 "Service unavailable." when a handler throws, and logs it', async () => {
    const origError = console.error
    console.error = (...args: unknown[]) => void logged.push(args)
    try {
      const res = await prod.request('/api/v1/test/broken', { body: { n: 1 } })
      expect(res.status).toBe(500)
      expect(res.body).toEqual({ error: 'Service unavailable.' })
      expect(JSON.stringify(logged)).toContain('/api/v1/test/broken')
    } finally {
      console.error = origError
    }
  })
})

describe('dev inbox', () => {
  let dev: TestInstance
  beforeAll(async () => {
    dev = await createTestInstance({ mail: new DevInbox({ log: null }) })
  })
  afterAll(() => dev.close())

  it('lists mail for an address, newest first, at GET /dev/messages', async () => {
    await dev.request('/api/v1/passwordless/init', { body: { email: 'Inbox@Example.com' } })
    await dev.request('/api/v1/passwordless/init', { body: { email: 'inbox@example.com' } })
    await dev.request('/api/v1/passwordless/init', { body: { email: 'someone-else@example.com' } })
    const res = await dev.request('/dev/messages?to=INBOX@example.com')
    expect(res.status).toBe(200)
    expect(res.body).toHaveLength(2)
    for (const m of res.body) {
      expect(Object.keys(m).sort()).toEqual(['sent_at', 'subject', 'text', 'to'])
      expect(m.to).toBe('inbox@example.com')
    }
    const codes = res.body.map((m: { text: string }) => /\d{6}/.exec(m.text)![0])
    // The newest code is the one that works.
    const auth = await dev.request('/api/v1/passwordless/authenticate', { body: { email: 'inbox@example.com', code: codes[0] } })
    expect(auth.status).toBe(200)
  })

  it('shows the messages as an HTML page at /dev/inbox, escaped', async () => {
    const page = await fetch(`${dev.baseUrl}/dev/inbox`)
    expect(page.headers.get('content-type')).toMatch(/text\/html/)
    const html = await page.text()
    expect(html).toContain('Your login code for Test App')
    expect(html).not.toContain('<script')
  })

  it('validates POST /dev/clock', async () => {
    const res = await dev.request('/dev/clock', { body: { advance_ms: 'soon' } })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_data')
  })

  it('moves the clock forward with POST /dev/clock and back to wall time with {reset: true}', async () => {
    const moved = await dev.request('/dev/clock', { body: { advance_ms: 3_600_000 } })
    expect(moved.body.now - Date.now()).toBeGreaterThan(3_500_000)
    const reset = await dev.request('/dev/clock', { body: { reset: true } })
    expect(Math.abs(reset.body.now - Date.now())).toBeLessThan(60_000)
  })
})
