/**
 * The widget's retries against faults: the kernel's API client talks to the real server through a
 * proxy that loses answers the server already gave (502, 503 and 504 pages in their place, a try held
 * past the client's time-out, a cut connection) or refuses a try before it reaches the server. The
 * client retries (3 retries, 0.5/1.5/4.5 s), and the server state proves every call applied once.
 */
import http from 'node:http'
import type { Socket } from 'node:net'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createApiClient, IDEMPOTENCY_KEY_HEADER, type KernelApiClient } from '../../kernel/client'
import { createMemoryStorage } from '../../kernel/storage'
import type { AuthenticatedUser } from '../../kernel/wire'
import { emailRoutes } from '../../plugins/email/api'
import { createTestInstance, type TestInstance } from '../support/server'

/** What the proxy does to one try. */
type Fault = 'pass' | 'refuse-503' | 'lose-502' | 'lose-503' | 'lose-504' | 'lose-timeout' | 'lose-reset'

/** One try as the proxy saw it. */
interface Try {
  path: string
  key: string | undefined
  attempt: string | undefined
  fault: Fault
  /** Whether the server's answer was a stored one (`privy-idempotent-replay`). */
  replayed: boolean
}

/** A proxy in front of `target` that applies planned faults, per path, to the next tries. */
async function startFaultProxy(target: string) {
  const plans = new Map<string, Fault[]>()
  const tries: Try[] = []
  const sockets = new Set<Socket>()
  const server = http.createServer(async (req, res) => {
    const chunks: Buffer[] = []
    for await (const chunk of req) chunks.push(chunk as Buffer)
    const path = req.url ?? '/'
    const fault = plans.get(path)?.shift() ?? 'pass'
    const seen: Try = { path, key: req.headers[IDEMPOTENCY_KEY_HEADER] as string | undefined, attempt: req.headers['privy-retry-attempt'] as string | undefined, fault, replayed: false }
    tries.push(seen)
    if (fault === 'refuse-503') {
      res.writeHead(503, { 'content-type': 'text/html' }).end('<html>Service Unavailable</html>')
      return
    }
    const headers: Record<string, string> = {}
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string' && !['host', 'connection', 'content-length'].includes(name)) headers[name] = value
    }
    // The server answers in full before the proxy decides: a lost answer is one the server gave.
    const answer = await fetch(target + path, { method: req.method, headers, body: chunks.length ? Buffer.concat(chunks) : undefined })
    const body = await answer.text()
    seen.replayed = answer.headers.get('privy-idempotent-replay') === 'true'
    if (fault === 'pass') res.writeHead(answer.status, { 'content-type': answer.headers.get('content-type') ?? 'application/json' }).end(body)
    else if (fault === 'lose-reset') req.socket.destroy()
    else if (fault === 'lose-timeout') return // held: the client gives up on it
    else res.writeHead(Number(fault.slice(5)), { 'content-type': 'text/html' }).end(`<html>${fault.slice(5)} from the proxy</html>`)
  })
  server.on('connection', (s) => {
    sockets.add(s)
    s.once('close', () => sockets.delete(s))
  })
  await new Promise<void>((ok) => server.listen(0, '127.0.0.1', ok))
  const { port } = server.address() as { port: number }
  return {
    url: `http://127.0.0.1:${port}`,
    tries,
    plan(path: string, faults: Fault[]) {
      plans.set(path, [...faults])
    },
    async close() {
      for (const s of sockets) s.destroy()
      await new Promise<void>((ok) => server.close(() => ok()))
    },
  }
}

/** The client's per-try limit: well above a loaded machine's answer time, so only held tries time out. */
const TIMEOUT_MS = 5000

let t: TestInstance
let proxy: Awaited<ReturnType<typeof startFaultProxy>>
let api: KernelApiClient
let waits: number[]

beforeAll(async () => {
  t = await createTestInstance()
  proxy = await startFaultProxy(t.baseUrl)
  waits = []
  api = createApiClient({
    appId: t.appId,
    apiUrl: proxy.url,
    storage: createMemoryStorage(),
    timeoutMs: TIMEOUT_MS,
    // The waits are recorded (the contract's 0.5/1.5/4.5 s) and skipped.
    sleep: async (ms) => void waits.push(ms),
  })
})
afterAll(async () => {
  await proxy?.close()
  await t?.close()
})

const INIT = emailRoutes.init.path
const AUTHENTICATE = emailRoutes.authenticate.path

describe('the widget client through a faulty proxy', () => {
  it('sends one code when the answers of three tries of a code request are lost or refused', { timeout: 60_000 }, async () => {
    const email = 'retry-init@example.com'
    proxy.plan(INIT, ['lose-503', 'lose-504', 'refuse-503'])
    waits.length = 0
    await expect(api.request(emailRoutes.init, { email })).resolves.toEqual({ success: true })

    const tries = proxy.tries.filter((x) => x.path === INIT)
    expect(tries.map((x) => x.attempt)).toEqual(['0', '1', '2', '3'])
    expect(new Set(tries.map((x) => x.key)).size).toBe(1)
    expect(waits).toEqual([500, 1500, 4500])
    // The first try ran; the second found its answer stored; the third never reached the server.
    expect(tries.map((x) => x.replayed)).toEqual([false, true, false, true])
    await t.codeFor(email)
    expect(t.smtp.messagesTo(email)).toHaveLength(1)
  })

  it('signs in once when the answers of three tries of a code check are lost (502, time-out, cut connection)', { timeout: 60_000 }, async () => {
    const email = 'retry-verify@example.com'
    await api.request(emailRoutes.init, { email })
    const code = await t.codeFor(email)
    proxy.plan(AUTHENTICATE, ['lose-502', 'lose-timeout', 'lose-reset'])
    waits.length = 0
    const signedIn = (await api.request(emailRoutes.authenticate, { email, code })) as AuthenticatedUser

    const tries = proxy.tries.filter((x) => x.path === AUTHENTICATE)
    expect(tries.map((x) => x.fault)).toEqual(['lose-502', 'lose-timeout', 'lose-reset', 'pass'])
    expect(new Set(tries.map((x) => x.key)).size).toBe(1)
    expect(tries.map((x) => x.replayed)).toEqual([false, true, true, true])
    expect(waits).toEqual([500, 1500, 4500])
    // Applied once: one user with one session, and the answer's tokens are that session's.
    const owners = await t.db.query<{ user_id: string }>("SELECT user_id FROM linked_accounts WHERE type = 'email' AND identity_key = $1", [email])
    expect(owners).toHaveLength(1)
    const sessions = await t.db.query<{ n: number }>('SELECT count(*)::int AS n FROM sessions WHERE user_id = $1', [owners[0]!.user_id])
    expect(sessions[0]!.n).toBe(1)
    const refreshed = await t.request('/api/v1/sessions', { body: { refresh_token: signedIn.refresh_token } })
    expect(refreshed.status).toBe(200)
    expect(refreshed.body.user.id).toBe(signedIn.user.id)
  })
})
