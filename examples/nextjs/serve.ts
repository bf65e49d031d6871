/**
 * Runs the Next.js example as its tests (and a developer trying it) need: a Portico API in
 * development mode (in-memory PGlite, the dev inbox, the email plugin) with one app in cookie session
 * mode, and the example built with `next build` (once per source change: the build is kept in
 * `examples/nextjs/.next` with a stamp of the sources it was made from) and served by `next start`.
 *
 * Run it with `npx tsx examples/nextjs/serve.ts` and open the page it prints.
 * @module
 */
import { spawn, type ChildProcess } from 'node:child_process'
import { createHash } from 'node:crypto'
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs'
import { createServer as createNetServer } from 'node:net'
import { dirname, join, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { createApp, createPgliteDb, createServer, DevInbox } from 'portico/server'
import { emailServer } from 'portico/plugins/email/server'

const HERE = dirname(fileURLToPath(import.meta.url))
const ROOT = resolve(HERE, '../..')
const NEXT_BIN = join(ROOT, 'node_modules/next/dist/bin/next')
const STAMP = join(HERE, '.next/portico-sources.sha256')
/** What the built app is made of: the example and the package's browser and server code it imports. */
const SOURCES = ['examples/nextjs', 'kernel', 'ui', 'plugins', 'protocols', 'server', 'styled-system']

/** The app's test identity: this address signs in with this code, and no mail is sent. */
export const TEST_IDENTITY = { email: 'test-5678@example.com', code: '535353' }

/** A running example. */
export interface RunningNextApp {
  /** The app, `http://localhost:<port>/`. */
  pageUrl: string
  /** The Portico API behind it (its dev inbox: `<apiUrl>/dev/messages`). */
  apiUrl: string
  close(): Promise<void>
}

function hashSources(): string {
  const hash = createHash('sha256')
  const walk = (dir: string) => {
    for (const name of readdirSync(dir).sort()) {
      if (name === 'node_modules' || name === '.next' || name === 'next-env.d.ts' || name === 'dist' && dir.endsWith('wallet-frame')) continue
      const path = join(dir, name)
      if (statSync(path).isDirectory()) walk(path)
      else if (/\.(tsx?|mjs|css|json)$/.test(name) && !/\.test\.tsx?$/.test(name)) hash.update(path).update(readFileSync(path))
    }
  }
  for (const dir of SOURCES) walk(join(ROOT, dir))
  hash.update(readFileSync(join(ROOT, 'ui/dist/portico.css')))
  return hash.digest('hex')
}

function run(args: string[], env: NodeJS.ProcessEnv): ChildProcess {
  return spawn(process.execPath, [NEXT_BIN, ...args], { cwd: ROOT, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] })
}

/**
 * Builds the example unless the build in `.next` was made from the same sources.
 * @returns whether a build ran.
 */
export async function buildExample(): Promise<boolean> {
  const sources = hashSources()
  if (existsSync(STAMP) && readFileSync(STAMP, 'utf8') === sources) return false
  const child = run(['build', HERE], { NEXT_TELEMETRY_DISABLED: '1' })
  let output = ''
  child.stdout!.on('data', (d) => (output += d))
  child.stderr!.on('data', (d) => (output += d))
  const code = await new Promise<number | null>((done) => child.once('exit', done))
  if (code !== 0) throw new Error(`next build failed (${code}):\n${output}`)
  writeFileSync(STAMP, sources)
  return true
}

function freePort(): Promise<number> {
  return new Promise((done, fail) => {
    const s = createNetServer()
    s.once('error', fail)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => done(port))
    })
  })
}

/**
 * Starts the API and the example on free ports.
 * @param options - `port`: the app's port. @defaultValue a free one
 * @returns the running example.
 * @example
 * ```ts
 * const app = await startNextApp()
 * console.log(app.pageUrl)
 * await app.close()
 * ```
 */
export async function startNextApp(options: { port?: number } = {}): Promise<RunningNextApp> {
  const port = options.port ?? (await freePort())
  // `localhost` is a secure context: the browser keeps the `__Host-` (Secure) cookies over plain http.
  const pageOrigin = `http://localhost:${port}`
  const db = await createPgliteDb({ dataDir: 'memory' })
  const server = await createServer({ db, mail: new DevInbox({ log: null }), secret: 'nextjs-example-secret', plugins: [emailServer()], devMode: true })
  const app = await createApp(db, {
    name: 'Next.js Example',
    allowedOrigins: [pageOrigin],
    settings: { loginMethods: ['email_auth'], sessionCookies: true },
    testIdentities: [TEST_IDENTITY],
  })
  const api = await new Promise<ReturnType<typeof serve>>((done) => {
    const s = serve({ fetch: server.fetch, port: 0, hostname: '127.0.0.1' }, () => done(s))
  })
  const apiUrl = `http://127.0.0.1:${(api.address() as { port: number }).port}`
  const stopApi = async () => {
    await new Promise<void>((done) => api.close(() => done()))
    await server.close()
  }
  try {
    await buildExample()
  } catch (e) {
    await stopApi()
    throw e
  }

  const next = run(['start', HERE, '-p', String(port), '-H', '127.0.0.1'], {
    NEXT_TELEMETRY_DISABLED: '1',
    PORTICO_APP_ID: app.id,
    PORTICO_API_URL: apiUrl,
    PORTICO_VERIFICATION_KEY: app.publicPem,
  })
  let output = ''
  const ready = new Promise<void>((done, fail) => {
    const listen = (d: Buffer) => {
      output += d
      if (/Ready in|started server on/i.test(output)) done()
    }
    next.stdout!.on('data', listen)
    next.stderr!.on('data', listen)
    next.once('exit', (code) => fail(new Error(`next start exited (${code}):\n${output}`)))
  })
  const stopNext = () =>
    new Promise<void>((done) => {
      if (next.exitCode !== null) return done()
      next.once('exit', () => done())
      next.kill('SIGTERM')
    })
  try {
    await ready
  } catch (e) {
    await stopApi()
    throw e
  }
  return {
    pageUrl: `${pageOrigin}/`,
    apiUrl,
    async close() {
      await stopNext()
      await stopApi()
    },
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const app = await startNextApp({ port: Number(process.env.PORT ?? 3000) })
  console.log(`App:   ${app.pageUrl}\nAPI:   ${app.apiUrl}\nInbox: ${app.apiUrl}/dev/inbox\nTest identity: ${TEST_IDENTITY.email} / ${TEST_IDENTITY.code}`)
}
