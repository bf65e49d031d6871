/**
 * The shared test harness: a whole server on 127.0.0.1 with an in-memory PGlite database, a real
 * SMTP sink receiving its mail, and an app. Tests never wire their own.
 * @module
 */
import { serve, type ServerType } from '@hono/node-server'
import type { Server } from 'node:http'
import type { AddressInfo } from 'node:net'
import type { RouteTable } from '../../kernel/route'
import type { AuthenticatedUser } from '../../kernel/wire'
import { emailServer } from '../../plugins/email/server'
import { startSmtpSink, type SmtpSink } from '../fixtures/smtp'
import { createApp, type CreateAppOptions, type ServerApp } from '../../server/apps'
import { createClock, type Clock } from '../../server/clock'
import { SmtpSender, type MailSender } from '../../server/mail'
import type { ServerPlugin } from '../../server/plugin'
import type { SmsSender } from '../../server/sms'
import type { CaptchaVerifier } from '../../server/captcha'
import { keepConnectionsAlive } from '../../server/keep-alive'
import { createServer, type PorticoServer } from '../../server/server'
import type { Db } from '../../server/storage/db'
import { createTestDb } from './test-db'

/** Options of {@link createTestInstance}. */
export interface TestInstanceOptions {
  /** The first app's options; its name defaults to "Test App", its origin to `http://localhost:5173`. */
  app?: Partial<CreateAppOptions>
  /** Server plugins. @defaultValue [emailServer()] */
  plugins?: readonly ServerPlugin<RouteTable>[]
  /** Use this database instead of a fresh one (in-memory PGlite, or a new schema on `PORTICO_TEST_DATABASE_URL`). */
  db?: Db
  /** @defaultValue true */
  devMode?: boolean
  /** Where mail goes. @defaultValue an `SmtpSender` to the instance's SMTP sink */
  mail?: MailSender
  /** Where SMS goes. @defaultValue none: SMS logins answer `feature_not_enabled` */
  sms?: SmsSender
  /** The captcha verifier. @defaultValue a `TurnstileVerifier` against Cloudflare (tests pass a stand-in's URL) */
  captcha?: CaptchaVerifier
  /** Mounts the admin API with this key. */
  adminKey?: string
  /** The server secret: instances playing processes of one deployment share it. @defaultValue a random one */
  secret?: string
  /**
   * The server's `publicUrl`; null starts it without one. @defaultValue the instance's own `baseUrl`
   */
  publicUrl?: string | null
}

/** What a request helper call answers. */
// Tests read error bodies and success bodies through the same helper: `any` keeps them terse.
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export interface TestResponse<T = any> {
  status: number
  body: T
  headers: Headers
}

/** Options of {@link TestInstance.request}. */
export interface TestRequestOptions {
  /** @defaultValue 'POST' when a body is given, else 'GET' */
  method?: string
  /** JSON-encoded for you. */
  body?: unknown
  /** Sent as is (malformed JSON tests). */
  rawBody?: string
  /** A Bearer token. */
  token?: string
  /** The `privy-app-id` header; null leaves it out. @defaultValue the instance's app */
  appId?: string | null
  headers?: Record<string, string>
}

/** A running test instance. */
export interface TestInstance {
  /** `http://127.0.0.1:<port>`. */
  baseUrl: string
  appId: string
  app: ServerApp
  server: PorticoServer
  db: Db
  smtp: SmtpSink
  clock: Clock
  /** The server secret (to recompute code hashes). */
  secret: string
  /** Creates another app in the same database. */
  createApp(options?: Partial<CreateAppOptions>): Promise<ServerApp>
  /** Sends a request to the server with the contract's headers. */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  request<T = any>(path: string, options?: TestRequestOptions): Promise<TestResponse<T>>
  /**
   * Waits for the next code mailed to `email` and returns it.
   * @param options - skip the first `after` messages to that address.
   */
  codeFor(email: string, options?: { after?: number }): Promise<string>
  /** Sends a code, reads it from the sink, and signs in. */
  login(email: string, options?: { appId?: string }): Promise<AuthenticatedUser>
  close(): Promise<void>
}

/**
 * Starts a whole server for a test.
 * @param options - app settings, plugins, database.
 * @returns the running instance; call `close()` after the test.
 * @example
 * ```ts
 * import { createTestInstance } from '../../test/support/server'
 * const t = await createTestInstance({ app: { settings: { disablePlusEmails: true } } })
 * const res = await t.request('/api/v1/passwordless/init', { body: { email: 'a@b.co' } })
 * await t.close()
 * ```
 */
export async function createTestInstance(options: TestInstanceOptions = {}): Promise<TestInstance> {
  const db = options.db ?? (await createTestDb())
  const smtp = await startSmtpSink()
  const clock = createClock()
  const secret = options.secret ?? 'test-secret-' + Math.random().toString(36).slice(2)
  // Listen first: the server's public URL is the address it listens on, known only once bound.
  let handler: PorticoServer['fetch'] | null = null
  const http: ServerType = await new Promise((resolve) => {
    const s = serve(
      // `env` carries the socket: the server reads the client IP from it.
      { fetch: (req, env) => (handler ? handler(req, env) : new Response(null, { status: 503 })), port: 0, hostname: '127.0.0.1' },
      () => resolve(s),
    )
  })
  // As the production server does: a test's client never reuses a connection the server just closed.
  keepConnectionsAlive(http as Server)
  const baseUrl = `http://127.0.0.1:${(http.address() as AddressInfo).port}`
  const server = await createServer({
    publicUrl: options.publicUrl === null ? undefined : (options.publicUrl ?? baseUrl),
    db,
    mail: options.mail ?? new SmtpSender({ url: smtp.url, from: 'Portico Test <no-reply@portico.test>' }),
    secret,
    plugins: options.plugins ?? [emailServer()],
    devMode: options.devMode ?? true,
    sms: options.sms,
    captcha: options.captcha,
    adminKey: options.adminKey,
    clock,
    validateResponses: true,
    logError: (m, e) => console.error(`[test server] ${m}`, e),
  })
  const mkApp = (o: Partial<CreateAppOptions> = {}) =>
    createApp(db, { name: 'Test App', allowedOrigins: ['http://localhost:5173'], ...o }, server.registry)
  const app = await mkApp(options.app)
  handler = server.fetch

  const instance: TestInstance = {
    baseUrl,
    appId: app.id,
    app,
    server,
    db,
    smtp,
    clock,
    secret,
    createApp: mkApp,
    async request(path, o = {}) {
      const headers: Record<string, string> = {
        accept: 'application/json',
        'privy-client': 'portico:test',
        ...(o.appId === null ? {} : { 'privy-app-id': o.appId ?? app.id }),
        ...(o.token ? { authorization: `Bearer ${o.token}` } : {}),
      }
      let body: string | undefined
      if (o.rawBody !== undefined) body = o.rawBody
      else if (o.body !== undefined) body = JSON.stringify(o.body)
      if (body !== undefined) headers['content-type'] = 'application/json'
      const res = await fetch(baseUrl + path, {
        method: o.method ?? (body !== undefined ? 'POST' : 'GET'),
        headers: { ...headers, ...o.headers },
        body,
      })
      const text = await res.text()
      let parsed: unknown = text
      try {
        parsed = text ? JSON.parse(text) : null
      } catch {
        // not JSON (the HTML inbox): keep the text
      }
      // eslint-disable-next-line @typescript-eslint/no-explicit-any
      return { status: res.status, body: parsed as any, headers: res.headers }
    },
    async codeFor(email, o = {}) {
      const mail = await smtp.waitFor(email, { after: o.after ?? smtp.messagesTo(email).length - 1 })
      const code = /\b(\d{6})\b/.exec(mail.text)?.[1]
      if (!code) throw new Error(`No code in mail to ${email}: ${mail.text}`)
      return code
    },
    async login(email, o = {}) {
      const before = smtp.messagesTo(email).length
      const init = await instance.request('/api/v1/passwordless/init', { body: { email }, appId: o.appId })
      if (init.status !== 200) throw new Error(`init failed: ${JSON.stringify(init.body)}`)
      const code = await instance.codeFor(email, { after: before })
      const res = await instance.request<AuthenticatedUser>('/api/v1/passwordless/authenticate', {
        body: { email, code },
        appId: o.appId,
      })
      if (res.status !== 200) throw new Error(`authenticate failed: ${JSON.stringify(res.body)}`)
      return res.body
    },
    async close() {
      // Idle keep-alive connections (parallel-request tests leave many) would hold close() for seconds.
      await new Promise<void>((resolve) => {
        http.close(() => resolve())
        ;(http as { closeIdleConnections?: () => void }).closeIdleConnections?.()
      })
      await server.close()
      await smtp.close()
    },
  }
  return instance
}
