/**
 * `npm start`: the API server with an embedded database and a seeded demo app, plus the demo host
 * page. Data lives in `.portico/` (or `PORTICO_DATA_DIR`) and survives restarts.
 *
 * Environment: `API_PORT` (8787), `PORT` (demo, 3000), `DATABASE_URL` (PostgreSQL instead of
 * PGlite), `SMTP_URL` and `SMTP_FROM` (real mail instead of the dev inbox), `PORTICO_SECRET`,
 * `PORTICO_ADMIN_KEY` (the admin API key; else kept in `<data dir>/admin-key`), `PORTICO_DATA_DIR`,
 * `NODE_ENV=production` (turns the `/dev/*` routes off), `TURNSTILE_SITEVERIFY_URL` (where captcha
 * tokens are checked; Cloudflare's by default). SMS codes: with `TWILIO_ACCOUNT_SID`, `TWILIO_AUTH_TOKEN`
 * and `TWILIO_FROM` (the sending number, or a `MG…` messaging service SID) set, texts go through
 * Twilio's Messages API (`TWILIO_API_URL` overrides its base URL); otherwise they go to the dev inbox
 * (`/dev/messages?to=<E.164>`) in dev mode.
 * @module
 */
import { createServer as createHttpServer, type Server } from 'node:http'
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { getRequestListener } from '@hono/node-server'
import { emailServer } from '../../plugins/email/server'
import { farcasterServer } from '../../plugins/farcaster/server'
import { smsServer, TwilioSmsSender } from '../../plugins/sms/server'
import { customAuthServer } from '../../plugins/custom-auth/server'
import { guestServer } from '../../plugins/guest/server'
import { siweServer } from '../../plugins/siwe/server'
import { siwsServer } from '../../plugins/siws/server'
import { oauthServer } from '../../plugins/oauth/server'
import { crossAppServer } from '../../plugins/cross-app/server'
import { passkeyServer } from '../../plugins/passkey/server'
import { telegramServer } from '../../plugins/telegram/server'
import { createApp, loadApp, updateApp, type AppSettings } from '../apps'
import { DevInbox, SmtpSender, type MailSender } from '../mail'
import { TurnstileVerifier } from '../captcha'
import { createServer, serverMigrations } from '../server'
import type { Db } from '../storage/db'
import { createPgliteDb } from '../storage/pglite'
import { createPostgresDb } from '../storage/postgres'
import { runMigrations } from '../storage/migrations'

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

/** The demo app's settings: every login method with a plugin here, and the demo host as custom-token issuer. */
function demoSettings(demoPort: number, host: { issuer: string; audience: string }): Partial<AppSettings> {
  return {
    loginMethods: ['email_auth', 'sms_auth', 'wallet_auth', 'solana_wallet_auth', 'guest_auth', 'custom_jwt_auth'],
    // Plus addresses are refused so the demo shows that rule; use a plain address to sign in.
    disablePlusEmails: true,
    // The demo page plays the host app's own sign-in (examples/demo/host-auth.ts).
    customAuth: {
      jwksUrl: `http://127.0.0.1:${demoPort}/host-auth/jwks.json`,
      publicKeyPem: null,
      issuer: host.issuer,
      audience: host.audience,
      algorithms: ['ES256'],
      userIdClaim: 'sub',
    },
  }
}

async function seedDemoApp(db: Db, dataDir: string, origins: string[], demoPort: number): Promise<string> {
  // The demo host's token issuer and audience live with the demo page, which may be absent.
  const hostAuthModule = resolve(import.meta.dirname, '../../examples/demo/host-auth.ts')
  const host = existsSync(hostAuthModule)
    ? await import(pathToFileURL(hostAuthModule).href).then(
        (m: { HOST_AUTH_ISSUER: string; HOST_AUTH_AUDIENCE: string }) => ({ issuer: m.HOST_AUTH_ISSUER, audience: m.HOST_AUTH_AUDIENCE }),
      )
    : { issuer: 'portico-demo-host', audience: 'portico-demo' }
  const file = join(dataDir, 'demo.json')
  if (existsSync(file)) {
    const { appId } = JSON.parse(readFileSync(file, 'utf8')) as { appId: string }
    const app = await loadApp(db, appId)
    if (app) {
      // PORT may differ from the last run, and newer versions add login methods: keep the demo app current.
      const missing = origins.filter((o) => !app.allowedOrigins.includes(o))
      const wanted = demoSettings(demoPort, host)
      const methods = [...new Set([...app.settings.loginMethods, ...(wanted.loginMethods ?? [])])]
      await updateApp(db, appId, {
        allowedOrigins: [...app.allowedOrigins, ...missing],
        settings: { loginMethods: methods, customAuth: wanted.customAuth },
      })
      return appId
    }
  }
  const app = await createApp(db, {
    name: 'Portico Demo',
    allowedOrigins: origins,
    testIdentities: [DEMO_TEST_IDENTITY],
    settings: demoSettings(demoPort, host),
  })
  writeFileSync(file, JSON.stringify({ appId: app.id }, null, 2) + '\n')
  return app.id
}

/** A Twilio sender when the TWILIO_* variables are set; else undefined (the dev inbox takes SMS in dev mode). */
function twilioFromEnv(): TwilioSmsSender | undefined {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from, TWILIO_API_URL: baseUrl } = process.env
  if (!accountSid || !authToken || !from) return undefined
  return new TwilioSmsSender({
    accountSid,
    authToken,
    ...(/^MG[0-9a-f]{32}$/i.test(from) ? { messagingServiceSid: from } : { from }),
    baseUrl: baseUrl || undefined,
  })
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
    customAuthServer(),
    guestServer(),
    smsServer(),
    siweServer(),
    siwsServer(),
    passkeyServer(),
    oauthServer(),
    crossAppServer(),
    telegramServer(),
    // PORTICO_FARCASTER_RELAY_URL, PORTICO_OPTIMISM_RPC_URL, PORTICO_FARCASTER_SIGNER_API_URL: unset means production.
    farcasterServer({
      relayUrl: process.env.PORTICO_FARCASTER_RELAY_URL,
      optimismRpcUrl: process.env.PORTICO_OPTIMISM_RPC_URL,
      signerApiUrl: process.env.PORTICO_FARCASTER_SIGNER_API_URL,
    }),
  ]
  // Migrate before seeding: the seed writes to the tables.
  await runMigrations(db, serverMigrations(plugins))
  const appId = await seedDemoApp(db, dataDir, [`http://localhost:${demoPort}`, `http://127.0.0.1:${demoPort}`], demoPort)
  const adminKey = readSecret(dataDir, 'PORTICO_ADMIN_KEY', 'admin-key')
  const server = await createServer({
    db,
    mail,
    secret: readSecret(dataDir, 'PORTICO_SECRET', 'secret'),
    adminKey,
    plugins,
    devMode,
    // OAuth redirect URIs are built from it; in dev the API's own loopback address.
    publicUrl: process.env.PORTICO_PUBLIC_URL || `http://localhost:${apiPort}`,
    migrate: false,
    captcha: new TurnstileVerifier({ url: process.env.TURNSTILE_SITEVERIFY_URL || undefined }),
    sms: twilioFromEnv(),
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
