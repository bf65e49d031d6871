/**
 * A throwaway Portico server for the magic-link tests, built from `portico/server` alone: an
 * in-memory PGlite database (or a fresh schema on `PORTICO_TEST_DATABASE_URL`), the dev inbox as the
 * mail adapter, a movable clock, the email and magic-link plugins, and one app with the login on.
 * @module
 */
import pg from 'pg'
import {
  createApp,
  createClock,
  createPgliteDb,
  createPostgresDb,
  createServer,
  DevInbox,
  type Clock,
  type Db,
  type PorticoServer,
  type ServerApp,
} from 'portico/server'
import { magicLinkServer, MAGIC_LINK_PARAM } from '../server'

/** The page origin the test app allows. */
export const PAGE_ORIGIN = 'http://localhost:5173'

/** A fresh database: PostgreSQL when `PORTICO_TEST_DATABASE_URL` names one (in a schema dropped on close), else in-memory PGlite. */
export async function openTestDb(): Promise<Db> {
  const url = process.env.PORTICO_TEST_DATABASE_URL
  if (!url) return createPgliteDb({ dataDir: 'memory' })
  const schema = `magic_link_test_${Math.random().toString(36).slice(2, 12)}`
  const run = async (sql: string) => {
    const client = new pg.Client({ connectionString: url })
    await client.connect()
    await client.query(sql)
    await client.end()
  }
  await run(`CREATE SCHEMA ${schema}`)
  const db = await createPostgresDb({ connectionString: url, schema, max: 5 })
  return {
    ...db,
    async close() {
      await db.close()
      await run(`DROP SCHEMA ${schema} CASCADE`)
    },
  }
}

/** What a call answers. */
export interface Answer {
  status: number
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- tests read success and error bodies alike
  body: any
}

/** A running test server with its app, inbox and clock. */
export interface Instance {
  server: PorticoServer
  app: ServerApp
  inbox: DevInbox
  clock: Clock
  /** Calls the API as the test page would (its origin and app id). */
  call(path: string, body?: unknown, init?: { appId?: string; token?: string }): Promise<Answer>
  /** Creates another app on the same server. */
  createApp(settings: Record<string, unknown>): Promise<ServerApp>
  /** The token of the newest link mailed to `to`. */
  latestToken(to: string): string
  close(): Promise<void>
}

/**
 * Starts a server with the email and magic-link plugins and an app with `magic_link_auth` on.
 * @returns the instance; close it after the tests.
 */
export async function startInstance(): Promise<Instance> {
  const db = await openTestDb()
  const inbox = new DevInbox({ log: null })
  const clock = createClock()
  const server = await createServer({ db, mail: inbox, secret: 'magic-link-test-secret', clock, plugins: [magicLinkServer()], validateResponses: true })
  const make = (settings: Record<string, unknown>) =>
    createApp(db, { name: 'Magic', allowedOrigins: [PAGE_ORIGIN], settings: { loginMethods: ['magic_link_auth'], ...settings } })
  const app = await make({})
  return {
    server,
    app,
    inbox,
    clock,
    async call(path, body, init = {}) {
      const headers: Record<string, string> = { origin: PAGE_ORIGIN, 'privy-app-id': init.appId ?? app.id, 'content-type': 'application/json' }
      if (init.token) headers.authorization = `Bearer ${init.token}`
      const res = await server.fetch(
        new Request(`http://api.test${path}`, { method: body === undefined ? 'GET' : 'POST', headers, body: body === undefined ? undefined : JSON.stringify(body) }),
      )
      return { status: res.status, body: await res.json() }
    },
    createApp: make,
    latestToken(to) {
      const text = inbox.messages(to)[0]?.text ?? ''
      const link = /https?:\/\/\S+/.exec(text)?.[0]
      const token = link ? new URL(link).searchParams.get(MAGIC_LINK_PARAM) : null
      if (!token) throw new Error(`No magic link mailed to ${to}`)
      return token
    },
    close: () => server.close(),
  }
}
