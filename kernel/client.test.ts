import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { createApiClient, CA_ID_KEY, IDEMPOTENCY_KEY_HEADER, NETWORK_ERROR_CODE, type TokenSource } from './client'
import { createMemoryStorage } from './storage'
import { route, type Route } from './route'

type Body = Record<string, unknown>
import { coreRoutes } from './api'
import { ApiError, PorticoError } from './errors'
import { PORTICO_VERSION } from './version'
import { startTestServer, type TestServer } from '../test/support/http-server'
import type { StorageAdapter } from './types'

const APP_ID = 'cl9aaaaaaaaaaaaaaaaaaaaaa'
const post = route<Route<Body, Body>>('POST', '/api/v1/thing')
const noRetry = route<Route<Body, Body>>(
  'POST',
  '/api/v1/once',
  { retry: false },
)
const authed = route<Route<Body, Body>>('POST', '/api/v1/me', {
  auth: true,
})
const deduped = route<Route<Body, Body>>(
  'POST',
  '/api/v1/auth',
  { dedupe: true },
)

let server: TestServer
let storage: StorageAdapter
let waits: number[]
const fastSleep = async (ms: number) => {
  waits.push(ms)
}

beforeEach(async () => {
  server = await startTestServer()
  storage = createMemoryStorage()
  waits = []
})
afterEach(() => server.close())

function client(extra: Partial<Parameters<typeof createApiClient>[0]> = {}) {
  return createApiClient({ appId: APP_ID, apiUrl: server.url + '/', storage, sleep: fastSleep, ...extra })
}

describe('headers and body', () => {
  it('default: sends the contract headers, JSON body without undefined fields, and a stable ca id', async () => {
    server.handler = () => ({ json: { ok: true } })
    const api = client({ clientId: 'client-1' })
    await expect(api.request(post, { a: 1, b: undefined })).resolves.toEqual({ ok: true })
    await api.request(post, { a: 2 })
    const [first, second] = server.requests
    expect(first!.method).toBe('POST')
    expect(first!.path).toBe('/api/v1/thing')
    expect(first!.body).toBe('{"a":1}')
    expect(first!.headers['privy-app-id']).toBe(APP_ID)
    expect(first!.headers['privy-client']).toBe(`portico:${PORTICO_VERSION}`)
    expect(first!.headers['privy-client-id']).toBe('client-1')
    expect(first!.headers['content-type']).toBe('application/json')
    expect(first!.headers.accept).toBe('application/json')
    expect(first!.headers['privy-retry-attempt']).toBe('0')
    expect(first!.headers['privy-ca-id']).toMatch(/^[0-9a-f-]{36}$/)
    expect(first!.headers['privy-ca-id']).toBe(storage.get(CA_ID_KEY))
    expect(second!.headers['privy-ca-id']).toBe(first!.headers['privy-ca-id'])
    expect(first!.headers.authorization).toBeUndefined()
  })

  it('behavior: GET sends no body and fills path params', async () => {
    server.handler = () => ({ json: { id: APP_ID } })
    await client().request(coreRoutes.app, undefined, { params: { app_id: APP_ID } })
    expect(server.requests[0]!.method).toBe('GET')
    expect(server.requests[0]!.path).toBe(`/api/v1/apps/${APP_ID}`)
    expect(server.requests[0]!.body).toBe('')
  })

  it('behavior: sends the stored token when one exists, and a fresh token on auth routes', async () => {
    const tokens: TokenSource = { stored: () => 'stored-jwt', fresh: async () => 'fresh-jwt' }
    const api = client({ tokens })
    await api.request(post, {})
    await api.request(authed, {})
    expect(server.requests[0]!.headers.authorization).toBe('Bearer stored-jwt')
    expect(server.requests[1]!.headers.authorization).toBe('Bearer fresh-jwt')
  })

  it('behavior: setBaseUrl sends later requests to the new URL', async () => {
    const other = await startTestServer(() => ({ json: { where: 'other' } }))
    try {
      const api = client()
      api.setBaseUrl(other.url)
      await expect(api.request(post, {})).resolves.toEqual({ where: 'other' })
      expect(server.requests).toHaveLength(0)
    } finally {
      await other.close()
    }
  })
})

describe('retries', () => {
  it.each([408, 409, 425, 500, 502, 503, 504])('behavior: retries %i three times with 0.5/1.5/4.5 s waits', async (status) => {
    server.handler = () => ({ status, json: { error: 'busy', code: 'resource_conflict' } })
    const err = await client().request(post, { x: 1 }).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(ApiError)
    expect((err as ApiError).status).toBe(status)
    expect(server.requests.map((r) => r.headers['privy-retry-attempt'])).toEqual(['0', '1', '2', '3'])
    expect(server.requests.every((r) => r.body === '{"x":1}')).toBe(true)
    expect(waits).toEqual([500, 1500, 4500])
  })

  it('behavior: succeeds when a retry succeeds', async () => {
    let n = 0
    server.handler = () => (++n < 3 ? { status: 503, json: { error: 'down' } } : { json: { ok: n } })
    await expect(client().request(post, {})).resolves.toEqual({ ok: 3 })
    expect(waits).toEqual([500, 1500])
  })

  it.each([400, 401, 403, 404, 422, 429])('behavior: does not retry %i', async (status) => {
    server.handler = () => ({ status, json: { error: 'no' } })
    await expect(client().request(post, {})).rejects.toBeInstanceOf(ApiError)
    expect(server.requests).toHaveLength(1)
    expect(waits).toEqual([])
  })

  it('behavior: every try of a retried POST carries the same idempotency key, a new one per call; GETs and unretried routes none', async () => {
    let n = 0
    server.handler = () => (++n % 2 === 1 ? { status: 502, json: { error: 'gateway' } } : { json: {} })
    const api = client()
    await api.request(post, {})
    await api.request(post, {})
    await api.request(noRetry, {}).catch(() => undefined)
    await api.request(coreRoutes.app, undefined, { params: { app_id: APP_ID } })
    const keys = server.requests.map((r) => r.headers[IDEMPOTENCY_KEY_HEADER])
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/)
    expect(keys[1]).toBe(keys[0])
    expect(keys[2]).toMatch(/^[0-9a-f-]{36}$/)
    expect(keys[3]).toBe(keys[2])
    expect(keys[2]).not.toBe(keys[0])
    expect(keys.slice(4)).toEqual([undefined, undefined])
  })

  it('behavior: routes with retry false never retry', async () => {
    server.handler = () => ({ status: 503, json: { error: 'down' } })
    await expect(client().request(noRetry, {})).rejects.toBeInstanceOf(ApiError)
    expect(server.requests).toHaveLength(1)
  })

  it('behavior: retries network errors, then throws a PorticoError', async () => {
    const url = server.url
    await server.close()
    const api = createApiClient({ appId: APP_ID, apiUrl: url, storage, sleep: fastSleep })
    const err = await api.request(post, {}).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(PorticoError)
    expect((err as PorticoError).code).toBe(NETWORK_ERROR_CODE)
    expect((err as PorticoError).shortMessage).toBe(`Could not reach the API at ${url}`)
    expect((err as PorticoError).details).toMatch(/server may be down or unreachable, or it refused this page's origin/)
    expect(waits).toEqual([500, 1500, 4500])
    server = await startTestServer() // for afterEach
  })

  it('default: the real delay is used when no sleep is injected', async () => {
    let n = 0
    server.handler = () => (++n === 1 ? { status: 503, json: { error: 'x' } } : { json: {} })
    const api = createApiClient({ appId: APP_ID, apiUrl: server.url, storage })
    const started = Date.now()
    await api.request(post, {})
    expect(Date.now() - started).toBeGreaterThanOrEqual(490)
  })
})

describe('timeouts and errors', () => {
  it('behavior: a call whose every try exceeds the timeout fails with client_request_timeout after four tries', async () => {
    server.handler = () => ({ hang: true })
    const err = await client({ timeoutMs: 50 }).request(post, {}).catch((e: unknown) => e)
    expect(err).toBeInstanceOf(PorticoError)
    expect((err as PorticoError).code).toBe('client_request_timeout')
    expect(waits).toEqual([500, 1500, 4500])
  })

  it('behavior: a timed-out try is retried, and the retry answers', async () => {
    let n = 0
    server.handler = () => (++n === 1 ? { hang: true } : { json: { ok: n } })
    // A limit the second try meets on a busy machine; the first never answers.
    await expect(client({ timeoutMs: 2000 }).request(post, {})).resolves.toEqual({ ok: 2 })
    expect(waits).toEqual([500])
  })

  it('behavior: an error body becomes an ApiError with status, code, message and data', async () => {
    server.handler = () => ({
      status: 400,
      json: { error: 'Account transfer required', code: 'account_transfer_required', data: { nonce: 'n1' } },
    })
    const err = (await client().request(post, {}).catch((e: unknown) => e)) as ApiError
    expect(err.name).toBe('ApiError')
    expect(err.status).toBe(400)
    expect(err.code).toBe('account_transfer_required')
    expect(err.error).toBe('Account transfer required')
    expect(err.data).toEqual({ nonce: 'n1' })
  })

  it('behavior: a non-JSON error body becomes an ApiError without a code and with a clear message', async () => {
    server.handler = () => ({ status: 404, raw: '<html>Not Found</html>' })
    const err = (await client().request(post, {}).catch((e: unknown) => e)) as ApiError
    expect(err).toBeInstanceOf(ApiError)
    expect(err.code).toBeUndefined()
    expect(err.status).toBe(404)
    expect(err.shortMessage).toBe('The API answered 404 with a body that is not JSON')
  })

  it('behavior: a non-JSON success body is an error, never a fake success', async () => {
    server.handler = () => ({ status: 200, raw: '' })
    await expect(client().request(post, {})).rejects.toThrow(/not JSON/)
  })
})

describe('dedupe', () => {
  it('behavior: concurrent identical calls share one request; different bodies do not', async () => {
    server.handler = (r) => ({ json: { body: r.body }, delayMs: 30 })
    const api = client()
    const [a, b, c] = await Promise.all([
      api.request(deduped, { code: '1' }),
      api.request(deduped, { code: '1' }),
      api.request(deduped, { code: '2' }),
    ])
    expect(a).toBe(b)
    expect(c).toEqual({ body: '{"code":"2"}' })
    expect(server.requests).toHaveLength(2)
    // Once settled, the same call goes out again.
    await api.request(deduped, { code: '1' })
    expect(server.requests).toHaveLength(3)
  })

  it('behavior: routes without dedupe send every call', async () => {
    server.handler = () => ({ json: {}, delayMs: 10 })
    const api = client()
    await Promise.all([api.request(post, { a: 1 }), api.request(post, { a: 1 })])
    expect(server.requests).toHaveLength(2)
  })
})
