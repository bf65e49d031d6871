import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { coreRoutes } from './api'
import { createApiClient, type KernelApiClient } from './client'
import { createHooks } from './hook-bus'
import { createSession, type Session } from './session'
import { createMemoryStorage } from './storage'
import { startTestServer, type RecordedRequest, type ScriptedResponse, type TestServer } from '../test/support/http-server'
import { makeAuthResponse, makeUser, TEST_APP_ID } from '../test/support/kernel-fixtures'
import type { KernelState, StorageAdapter } from './types'

let server: TestServer
let storage: StorageAdapter
let state: KernelState['session']
let session: Session
let api: KernelApiClient
/** The keys written to storage. */
let written: string[]

/** Scripted answers by path; each path answers its list in turn, the last one again when it runs out. */
function script(answers: Record<string, ScriptedResponse[]>) {
  server.handler = (req: RecordedRequest) => {
    const list = answers[`${req.method} ${req.path.split('?')[0]}`]
    if (!list) return { status: 404, json: { error: 'not scripted' } }
    return list.length > 1 ? list.shift()! : list[0]!
  }
}

const user = makeUser()
const cookieAnswer = async () => makeAuthResponse({ token: null, refresh_token: null, identity_token: undefined, user })
const refused = { status: 401, json: { error: 'Invalid token.', code: 'missing_or_invalid_token' } }
const calls = (method: string, path: string) => server.requests.filter((r) => r.method === method && r.path.split('?')[0] === path)

beforeEach(async () => {
  server = await startTestServer(() => ({ status: 404, json: { error: 'not scripted' } }))
  const memory = createMemoryStorage()
  written = []
  storage = { ...memory, set: (key, value) => (written.push(key), memory.set(key, value)) }
  state = { status: 'loading', user: null }
  api = createApiClient({ appId: TEST_APP_ID, apiUrl: server.url, storage, sleep: async () => {} })
  session = createSession({ appId: TEST_APP_ID, storage, api, hooks: createHooks(), state, cookies: true })
  api.setTokenSource(session.tokens)
})
afterEach(async () => {
  session.destroy()
  await server.close()
})

describe('cookie session mode in the kernel', () => {
  it('restores by asking the server who is signed in, sending no Bearer and storing nothing', async () => {
    script({ 'GET /api/v1/users/me': [{ json: { user } }] })
    expect(await session.restore()).toEqual(user)
    expect(state.status).toBe('authenticated')
    expect(server.requests.every((r) => r.headers.authorization === undefined)).toBe(true)
    expect(calls('POST', '/api/v1/sessions')).toHaveLength(0)
    expect(written).toEqual(['privy:caid'])
  })

  it('stores no token even when an answer carries some, and gives none to page script', async () => {
    const withTokens = await makeAuthResponse({ user })
    expect(withTokens.token).toBeTruthy()
    session.apply(withTokens)
    expect(written).toEqual([])
    expect(state.status).toBe('authenticated')
    for (const key of ['privy:token', 'privy:refresh_token', 'privy:id-token', 'privy:pat']) expect(storage.get(key)).toBeNull()
    expect(await session.getAccessToken()).toBeNull()
    expect(session.getIdentityToken()).toBeNull()
    expect(session.tokens.stored()).toBeNull()
  })

  it('refreshes through the cookie when the access cookie is refused, with an empty body', async () => {
    script({ 'GET /api/v1/users/me': [refused], 'POST /api/v1/sessions': [{ json: await cookieAnswer() }] })
    expect(await session.restore()).toEqual(user)
    const [refresh] = calls('POST', '/api/v1/sessions')
    expect(JSON.parse(refresh!.body)).toEqual({})
  })

  it('takes one lock, shared by the tabs, around a renewal (a lock that is not reentrant)', async () => {
    const held: string[] = []
    let tail = Promise.resolve()
    const locks = {
      request<T>(name: string, run: () => Promise<T>): Promise<T> {
        // Like the Web Locks API: a second request for a held name waits for its release.
        const result = tail.then(async () => {
          held.push(name)
          try {
            return await run()
          } finally {
            held.splice(held.indexOf(name), 1)
          }
        })
        tail = result.then(() => undefined, () => undefined)
        return result
      },
    }
    const original = Object.getOwnPropertyDescriptor(globalThis, 'navigator')
    Object.defineProperty(globalThis, 'navigator', { value: { locks }, configurable: true })
    try {
      let heldDuringRefresh: string[] = []
      script({ 'GET /api/v1/users/me': [refused], 'POST /api/v1/sessions': [{ json: await cookieAnswer() }] })
      const handler = server.handler
      server.handler = (req) => {
        if (req.method === 'POST') heldDuringRefresh = [...held]
        return handler(req)
      }
      expect(await session.restore()).toEqual(user)
      expect(heldDuringRefresh).toEqual([`portico:session:${TEST_APP_ID}`])
      expect(await session.refresh()).toEqual(user)
    } finally {
      if (original) Object.defineProperty(globalThis, 'navigator', original)
    }
  })

  it('is signed out when the server refuses both the access and the refresh cookie', async () => {
    script({ 'GET /api/v1/users/me': [refused], 'POST /api/v1/sessions': [refused] })
    expect(await session.restore()).toBeNull()
    expect(state).toEqual({ status: 'unauthenticated', user: null })
  })

  it('renews the session once when an authenticated call is refused, then sends the call again', async () => {
    script({ 'GET /api/v1/users/me': [{ json: { user } }] })
    await session.restore()
    script({
      'GET /api/v1/sessions': [refused, { json: { sessions: [] } }],
      'GET /api/v1/users/me': [refused],
      'POST /api/v1/sessions': [{ json: await cookieAnswer() }],
    })
    expect(await api.request(coreRoutes.sessions)).toEqual({ sessions: [] })
    expect(calls('GET', '/api/v1/sessions')).toHaveLength(2)
    expect(calls('POST', '/api/v1/sessions')).toHaveLength(1)
  })

  it('gives up after one renewal: a call still refused fails and the session ends', async () => {
    script({ 'GET /api/v1/users/me': [{ json: { user } }] })
    await session.restore()
    script({ 'GET /api/v1/sessions': [refused], 'GET /api/v1/users/me': [refused], 'POST /api/v1/sessions': [refused] })
    await expect(api.request(coreRoutes.sessions)).rejects.toMatchObject({ code: 'missing_or_invalid_token' })
    expect(calls('GET', '/api/v1/sessions')).toHaveLength(1)
    expect(state.status).toBe('unauthenticated')
  })

  it('shares one renewal among calls refused together', async () => {
    script({ 'GET /api/v1/users/me': [{ json: { user } }] })
    await session.restore()
    const before = calls('GET', '/api/v1/users/me').length
    script({
      'GET /api/v1/sessions': [refused, refused, refused, { json: { sessions: [] } }],
      'GET /api/v1/users/me': [refused],
      'POST /api/v1/sessions': [{ json: await cookieAnswer(), delayMs: 50 }],
    })
    // Three different calls (no de-duplication between them), refused at once.
    await Promise.all([0, 1, 2].map((i) => api.request(coreRoutes.sessions, undefined, { query: { i: String(i) } }).catch(() => null)))
    expect(calls('POST', '/api/v1/sessions')).toHaveLength(1)
    expect(calls('GET', '/api/v1/users/me').length - before).toBe(1)
  })

  it('logs out: local state first, then waits for the server to clear the cookies', async () => {
    script({ 'GET /api/v1/users/me': [{ json: { user } }], 'POST /api/v1/sessions/logout': [{ json: {}, delayMs: 30 }] })
    await session.restore()
    await session.logout()
    expect(state).toEqual({ status: 'unauthenticated', user: null })
    const [logout] = calls('POST', '/api/v1/sessions/logout')
    expect(JSON.parse(logout!.body)).toEqual({})
    expect(logout!.headers.authorization).toBeUndefined()
  })
})
