/**
 * `npm start`: the API server with an embedded database and a seeded demo app, plus the demo host
 * page. Data lives in `.portico/` (or `PORTICO_DATA_DIR`) and survives restarts.
 *
 * Environment: `API_PORT` (8787), `PORT` (demo, 3000), `DATABASE_URL` (PostgreSQL instead of
 * PGlite), `SMTP_URL` and `SMTP_FROM` (real mail instead of the dev inbox), `PORTICO_SECRET`,
 * `PORTICO_ADMIN_KEY` (the admin API key; else kept in `<data dir>/admin-key`), `PORTICO_DATA_DIR`,
 * `NODE_ENV=production` (turns the `/dev/*` routes off).
 * @module
 */
import { createServer as createHttpServer, type Server } from 'node:http'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import { emailServer } from '../../plugins/email/server'
import { createApp, loadApp, updateApp } from '../apps'
import { DevInbox, SmtpSender, type MailSender } from '../mail'
import { createServer } from '../server'
import type { Db } from '../storage/db'
import { createPgliteDb } from '../storage/pglite'
import { createPostgresDb } from '../storage/postgres'
import { coreMigrations, runMigrations } from '../storage/migrations'

/** The demo app's fixed sign-in, shown at start. */
export const DEMO_TEST_IDENTITY = { email: 'test@portico.dev', code: '123456' }

function port(name: string, fallback: number): number {
  const raw = process.env[name]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number, got "${raw}"`)
  return n
}

/** A secret from the environment, else from a file in the data folder (created on first start). */
function readSecret(dataDir: string, envName: string, fileName: string): string {
  if (process.env[envName]) return process.env[envName]
  const file = join(dataDir, fileName)
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  const secret = randomBytes(32).toString('base64url')
  writeFileSync(file, secret + '\n', { mode: 0o600 })
  return secret
}

async function seedDemoApp(db: Db, dataDir: string, origins: string[]): Promise<string> {
  const file = join(dataDir, 'demo.json')
  if (existsSync(file)) {
    const { appId } = JSON.parse(readFileSync(file, 'utf8')) as { appId: string }
    const app = await loadApp(db, appId)
    if (app) {
      // PORT may differ from the last run: keep the demo origin allowed.
      const missing = origins.filter((o) => !app.allowedOrigins.includes(o))
      if (missing.length) await updateApp(db, appId, { allowedOrigins: [...app.allowedOrigins, ...missing] })
      return appId
    }
  }
  const app = await createApp(db, {
    name: 'Portico Demo',
    allowedOrigins: origins,
    testIdentities: [DEMO_TEST_IDENTITY],
    // Plus addresses are refused so the demo shows that rule; use a plain address to sign in.
    settings: { loginMethods: ['email_auth'], disablePlusEmails: true },
  })
  writeFileSync(file, JSON.stringify({ appId: app.id }, null, 2) + '\n')
  return app.id
}

function listen(server: Server, portNumber: number, host: string): Promise<void> {
  return new Promise((ok, fail) => {
    server.once('error', fail)
    server.listen(portNumber, host, () => {
      server.off('error', fail)
      ok()
    })
  })
}

async function main() {
  const dataDir = resolve(process.env.PORTICO_DATA_DIR ?? '.portico')
  mkdirSync(dataDir, { recursive: true })
  const apiPort = port('API_PORT', 8787)
  const demoPort = port('PORT', 3000)
  const devMode = process.env.NODE_ENV !== 'production'

  const db = process.env.DATABASE_URL
    ? await createPostgresDb({ connectionString: process.env.DATABASE_URL })
    : await createPgliteDb({ dataDir: join(dataDir, 'db') })
  const mail: MailSender = process.env.SMTP_URL
    ? new SmtpSender({ url: process.env.SMTP_URL, from: process.env.SMTP_FROM })
    : new DevInbox()
  // Server plugins: one entry per login method of this repository.
  const plugins = [
    emailServer(),
  ]
  // Migrate before seeding: the seed writes to the tables.
  await runMigrations(db, [...coreMigrations, ...plugins.flatMap((p) => p.migrations ?? [])])
  const appId = await seedDemoApp(db, dataDir, [`http://localhost:${demoPort}`, `http://127.0.0.1:${demoPort}`])
  const adminKey = readSecret(dataDir, 'PORTICO_ADMIN_KEY', 'admin-key')
  const server = await createServer({
    db,
    mail,
    secret: readSecret(dataDir, 'PORTICO_SECRET', 'secret'),
    adminKey,
    plugins,
    devMode,
    migrate: false,
  })

  // Browsers resolve localhost to 127.0.0.1 or ::1: listen on both loopback addresses.
  const listener = getRequestListener(server.fetch)
  const http4 = createHttpServer(listener)
  await listen(http4, apiPort, '127.0.0.1')
  const boundPort = (http4.address() as { port: number }).port
  const http6 = createHttpServer(listener)
  await listen(http6, boundPort, '::1').catch(() => http6.close()) // no IPv6 loopback here: fine

  const apiUrl = `http://localhost:${boundPort}`
  let demo: { url: string; close: () => Promise<void> } | null = null
  let demoProblem = ''
  const demoModule = resolve(import.meta.dirname, '../../examples/demo/serve.ts')
  if (existsSync(demoModule)) {
    try {
      const { startDemo } = (await import(pathToFileURL(demoModule).href)) as {
        startDemo: (o: { port: number; apiUrl: string; appId: string }) => Promise<{ url: string; close: () => Promise<void> }>
      }
      demo = await startDemo({ port: demoPort, apiUrl, appId })
    } catch (err) {
      demoProblem = `not started: ${String((err as Error).message).split('\n')[0]}`
    }
  } else {
    demoProblem = 'not available (examples/demo/serve.ts is missing)'
  }

  console.log(`Demo:   ${demo ? `http://localhost:${demoPort}` : demoProblem}`)
  console.log(`API:    ${apiUrl}`)
  console.log(`App ID: ${appId}`)
  console.log(`Test login: ${DEMO_TEST_IDENTITY.email} with code ${DEMO_TEST_IDENTITY.code}`)
  console.log(`Admin:  npx portico apps list (key in ${join(dataDir, 'admin-key')} or PORTICO_ADMIN_KEY)`)

  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    const closeHttp = (s: Server) =>
      new Promise<void>((ok) => {
        if (!s.listening) return ok()
        s.close(() => ok())
        s.closeAllConnections()
      })
    try {
      await demo?.close()
      await Promise.all([closeHttp(http4), closeHttp(http6)])
      await server.close()
      process.exit(0)
    } catch (err) {
      console.error('[portico] error while stopping:', err)
      process.exit(1)
    }
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((err) => {
  console.error('[portico] could not start:', err instanceof Error ? err.message : err)
  process.exit(1)
})
