import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createApiClient } from './client'
import { createHooks } from './hook-bus'
import { createSession, SESSION_KEYS, type Session } from './session'
import { createMemoryStorage } from './storage'
import { startTestServer, type RecordedRequest, type TestServer } from '../test/support/http-server'
import { makeAuthResponse, makeToken, makeUser, TEST_APP_ID } from '../test/support/kernel-fixtures'
import type { KernelState, StorageAdapter } from './types'

let server: TestServer
let storage: StorageAdapter
let state: KernelState['session']
let hooks: ReturnType<typeof createHooks>
let events: string[]
let session: Session

function make(opts: { autoRefresh?: boolean } = {}) {
  const api = createApiClient({ appId: TEST_APP_ID, apiUrl: server.url, storage, sleep: async () => {} })
  session = createSession({ appId: TEST_APP_ID, storage, api, hooks, state, autoRefresh: opts.autoRefresh ?? false })
  api.setTokenSource(session.tokens)
  return session
}

const stored = () => Object.fromEntries(Object.entries(SESSION_KEYS).map(([k, key]) => [k, storage.get(key)]))
const calls = (path: string) => server.requests.filter((r: RecordedRequest) => r.path === path)

beforeEach(async () => {
  server = await startTestServer(() => ({ status: 404, json: { error: 'not scripted' } }))
  storage = createMemoryStorage()
  state = { status: 'loading', user: null }
  hooks = createHooks()
  events = []
  hooks.sessionChanged.tap('test', (s) => void events.push(s.authenticated ? 'in' : 'out'))
  hooks.loggedOut.tap('test', () => void events.push('loggedOut'))
})
afterEach(async () => {
  session?.destroy()
  await server.close()
})

describe('session_update_action', () => {
  it('set: replaces every token and a null deletes it', async () => {
    make()
    const first = await makeAuthResponse({ privy_access_token: await makeToken({ pat: true }) })
    expect(session.apply(first)).toEqual(first.user)
    expect(stored()).toEqual({
      token: first.token,
      pat: first.privy_access_token,
      refresh: 'refresh-1',
      identity: first.identity_token,
    })
    expect(state).toEqual({ status: 'authenticated', user: first.user })
    const second = await makeAuthResponse({ refresh_token: null, privy_access_token: null, identity_token: undefined })
    session.apply(second)
    expect(stored()).toEqual({ token: second.token, pat: null, refresh: null, identity: null })
    expect(events).toEqual(['in', 'in'])
  })

  it('ignore: keeps the refresh token and stores only non-null token, pat and identity', async () => {
    make()
    const first = await makeAuthResponse()
    session.apply(first)
    const pat = await makeToken({ pat: 1 })
    session.apply(
      await makeAuthResponse({
        session_update_action: 'ignore',
        token: null,
        privy_access_token: pat,
        refresh_token: 'refresh-IGNORED',
        identity_token: undefined,
      }),
    )
    expect(stored()).toEqual({ token: first.token, pat, refresh: 'refresh-1', identity: first.identity_token })
  })

  it('clear: wipes local state and reports the logout', async () => {
    make()
    session.apply(await makeAuthResponse())
    expect(session.apply({ user: null, token: null, refresh_token: null, session_update_action: 'clear' })).toBeNull()
    expect(stored()).toEqual({ token: null, pat: null, refresh: null, identity: null })
    expect(state).toEqual({ status: 'unauthenticated', user: null })
    expect(events).toEqual(['in', 'out', 'loggedOut'])
  })

  it('a response without a user throws a TypeError', async () => {
    make()
    const bad = { ...(await makeAuthResponse()), user: undefined } as never
    expect(() => session.apply(bad)).toThrow(TypeError)
  })
})

describe('expiry and refresh', () => {
  function scriptRefresh(answer: () => Promise<{ status?: number; json: unknown }>) {
    server.handler = async (r) => (r.path === '/api/v1/sessions' ? answer() : { json: {} })
  }

  it('a token within 30 s of exp is refreshed before getAccessToken returns', async () => {
    make({ autoRefresh: true })
    session.apply(await makeAuthResponse({ token: await makeToken({ expiresInS: 20 }) }))
    const fresh = await makeAuthResponse({ token: await makeToken({ expiresInS: 3600 }), refresh_token: 'refresh-2' })
    scriptRefresh(async () => ({ json: fresh }))
    await expect(session.getAccessToken()).resolves.toBe(fresh.token)
    const [req] = calls('/api/v1/sessions')
    expect(JSON.parse(req!.body)).toEqual({ refresh_token: 'refresh-1' })
    // The refresh carries the expired token as its Bearer, as the contract allows.
    expect(req!.headers.authorization).toMatch(/^Bearer ey/)
    expect(storage.get(SESSION_KEYS.refresh)).toBe('refresh-2')
  })

  it('a token 60 s from exp is used as it is; a token without exp never expires', async () => {
    make({ autoRefresh: true })
    const soon = await makeToken({ expiresInS: 60 })
    session.apply(await makeAuthResponse({ token: soon }))
    await expect(session.getAccessToken()).resolves.toBe(soon)
    const forever = await makeToken({ expiresInS: null })
    session.apply(await makeAuthResponse({ token: forever }))
    await expect(session.getAccessToken()).resolves.toBe(forever)
    expect(server.requests).toHaveLength(0)
  })

  it('an expired token without refresh credentials destroys local state', async () => {
    make({ autoRefresh: true })
    session.apply(await makeAuthResponse({ token: await makeToken({ expiresInS: -10 }), refresh_token: null }))
    await expect(session.getAccessToken()).resolves.toBeNull()
    expect(stored()).toEqual({ token: null, pat: null, refresh: null, identity: null })
    expect(state.status).toBe('unauthenticated')
    expect(server.requests).toHaveLength(0)
  })

  it('with auto refresh off, an expired token gives null and keeps the session', async () => {
    make({ autoRefresh: false })
    session.apply(await makeAuthResponse({ token: await makeToken({ expiresInS: -10 }) }))
    await expect(session.getAccessToken()).resolves.toBeNull()
    expect(storage.get(SESSION_KEYS.refresh)).toBe('refresh-1')
    expect(server.requests).toHaveLength(0)
  })

  it('a token that is not a decodable JWT is accepted, then wipes the session on the next read', async () => {
    make()
    expect(session.apply(await makeAuthResponse({ token: 'not-a-jwt' }))).not.toBeNull()
    expect(storage.get(SESSION_KEYS.token)).toBe('not-a-jwt')
    await expect(session.getAccessToken()).resolves.toBeNull()
    expect(stored()).toEqual({ token: null, pat: null, refresh: null, identity: null })
    expect(events).toEqual(['in', 'out', 'loggedOut'])
  })

  it('a token issued for another app logs out (local wipe and a logout call)', async () => {
    server.handler = () => ({ json: {} })
    make()
    session.apply(await makeAuthResponse({ token: await makeToken({ aud: 'cl9otherappaaaaaaaaaaaaaa' }) }))
    await expect(session.getAccessToken()).resolves.toBeNull()
    expect(stored().token).toBeNull()
    await vi.waitFor(() => expect(calls('/api/v1/sessions/logout')).toHaveLength(1), { timeout: 15_000 })
  })

  it('a refresh failing with missing_or_invalid_token clears local state and returns null', async () => {
    make()
    session.apply(await makeAuthResponse())
    scriptRefresh(async () => ({ status: 403, json: { error: 'Invalid token', code: 'missing_or_invalid_token' } }))
    await expect(session.refresh()).resolves.toBeNull()
    expect(stored()).toEqual({ token: null, pat: null, refresh: null, identity: null })
    expect(state.status).toBe('unauthenticated')
  })

  it('a refresh failing with another code throws and keeps the tokens', async () => {
    make()
    const auth = await makeAuthResponse()
    session.apply(auth)
    scriptRefresh(async () => ({ status: 401, json: { error: 'reused', code: 'token_already_used' } }))
    await expect(session.refresh()).rejects.toMatchObject({ code: 'token_already_used' })
    expect(stored().refresh).toBe('refresh-1')
    expect(state.status).toBe('authenticated')
  })

  it('a refresh answered with the clear shape ends the session', async () => {
    make()
    session.apply(await makeAuthResponse())
    scriptRefresh(async () => ({
      json: { user: null, token: null, refresh_token: null, session_update_action: 'clear' },
    }))
    await expect(session.refresh()).resolves.toBeNull()
    expect(stored().refresh).toBeNull()
  })

  it('concurrent refreshes share one request', async () => {
    make()
    session.apply(await makeAuthResponse())
    const fresh = await makeAuthResponse({ refresh_token: 'refresh-2' })
    scriptRefresh(async () => ({ json: fresh }))
    const [a, b] = await Promise.all([session.refresh(), session.refresh()])
    expect(a).toEqual(fresh.user)
    expect(b).toEqual(fresh.user)
    expect(calls('/api/v1/sessions')).toHaveLength(1)
  })

  it('the automatic refresh fires 30 s before exp', async () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout'] })
    try {
      make({ autoRefresh: true })
      const fresh = await makeAuthResponse({ refresh_token: 'refresh-2' })
      scriptRefresh(async () => ({ json: fresh }))
      session.apply(await makeAuthResponse({ token: await makeToken({ expiresInS: 40 }) }))
      vi.advanceTimersByTime(9_000)
      expect(server.requests).toHaveLength(0)
      vi.advanceTimersByTime(1_500)
    } finally {
      vi.useRealTimers()
    }
    await vi.waitFor(() => expect(storage.get(SESSION_KEYS.refresh)).toBe('refresh-2'), { timeout: 15_000 })
    expect(calls('/api/v1/sessions')).toHaveLength(1)
  })
})

describe('logout and restore', () => {
  it('logout clears local state first, then posts logout without waiting and ignores errors', async () => {
    let release!: () => void
    const answered = new Promise<void>((r) => (release = r))
    server.handler = async () => {
      await answered
      return { status: 500, json: { error: 'down' } }
    }
    make()
    const auth = await makeAuthResponse()
    session.apply(auth)
    await session.logout() // resolves although the server has not answered
    expect(stored()).toEqual({ token: null, pat: null, refresh: null, identity: null })
    expect(state).toEqual({ status: 'unauthenticated', user: null })
    await vi.waitFor(() => expect(calls('/api/v1/sessions/logout')).toHaveLength(1), { timeout: 15_000 })
    const req = calls('/api/v1/sessions/logout')[0]!
    expect(JSON.parse(req.body)).toEqual({ refresh_token: 'refresh-1' })
    expect(req.headers.authorization).toBe(`Bearer ${auth.token}`)
    release()
    // logout is not retried (route retry: false) and its error never surfaces.
    await new Promise((r) => setTimeout(r, 20))
    expect(calls('/api/v1/sessions/logout')).toHaveLength(1)
  })

  it('restore with a stored refresh token refreshes and sets the user', async () => {
    const fresh = await makeAuthResponse({ refresh_token: 'refresh-2' })
    server.handler = () => ({ json: fresh })
    storage.set(SESSION_KEYS.token, await makeToken({ expiresInS: -100 }))
    storage.set(SESSION_KEYS.refresh, 'refresh-1')
    make()
    await expect(session.restore()).resolves.toEqual(makeUser())
    expect(state.status).toBe('authenticated')
    expect(JSON.parse(calls('/api/v1/sessions')[0]!.body)).toEqual({ refresh_token: 'refresh-1' })
  })

  it('restore with nothing stored is signed out without any request', async () => {
    make()
    await expect(session.restore()).resolves.toBeNull()
    expect(state.status).toBe('unauthenticated')
    expect(server.requests).toHaveLength(0)
  })

  it('restore keeps the tokens when the server cannot be reached', async () => {
    server.handler = () => ({ status: 503, json: { error: 'down' } })
    storage.set(SESSION_KEYS.refresh, 'refresh-1')
    make()
    await expect(session.restore()).resolves.toBeNull()
    expect(state.status).toBe('unauthenticated')
    expect(storage.get(SESSION_KEYS.refresh)).toBe('refresh-1')
  })

  it('restore with a valid token but no refresh token asks the server for the user', async () => {
    server.handler = (r) => (r.path === '/api/v1/users/me' ? { json: { user: makeUser(), identity_token: 'id-2' } } : { json: {} })
    const token = await makeToken()
    storage.set(SESSION_KEYS.token, token)
    make()
    await expect(session.restore()).resolves.toEqual(makeUser())
    expect(calls('/api/v1/users/me')[0]!.headers.authorization).toBe(`Bearer ${token}`)
    expect(storage.get(SESSION_KEYS.identity)).toBe('id-2')
  })
})
