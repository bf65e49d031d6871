/**
 * Runs the React + Vite example as its test (and a developer trying it) needs: a Portico API in
 * development mode (in-memory PGlite, the dev inbox, the email plugin) with one app, the example
 * built by Vite with that app's id and API URL, and a small server for the built files and the
 * app's own backend route `/api/me`, which verifies the access token with `verifyAccessToken`.
 *
 * Run it with `npx tsx examples/react-vite/serve.ts` and open the page it prints.
 * @module
 */
import { mkdtempSync, readFileSync, rmSync, statSync } from 'node:fs'
import { createServer as createHttpServer, type Server } from 'node:http'
import { tmpdir } from 'node:os'
import { dirname, extname, join, normalize } from 'node:path'
import { fileURLToPath } from 'node:url'
import { serve } from '@hono/node-server'
import { build } from 'vite'
import { createApp, createPgliteDb, createServer, DevInbox, verifyAccessToken } from 'portico/server'
import { emailServer } from 'portico/plugins/email/server'

const HERE = dirname(fileURLToPath(import.meta.url))

/** The app's test identity: this address signs in with this code, and no mail is sent. */
export const TEST_IDENTITY = { email: 'test-2468@example.com', code: '242424' }

/** A running example. */
export interface RunningViteApp {
  /** The app, `http://localhost:<port>/`. */
  pageUrl: string
  /** The Portico API behind it. */
  apiUrl: string
  close(): Promise<void>
}

const TYPES: Record<string, string> = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.map': 'application/json',
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((done, fail) => {
    server.once('error', fail)
    server.listen(port, '127.0.0.1', () => done((server.address() as { port: number }).port))
  })
}

/**
 * Starts the API, builds the example and serves it.
 * @param options - `port`: the page's port. @defaultValue a free one
 * @returns the running example.
 * @example
 * ```ts
 * const app = await startViteApp()
 * console.log(app.pageUrl)
 * await app.close()
 * ```
 */
export async function startViteApp(options: { port?: number } = {}): Promise<RunningViteApp> {
  const db = await createPgliteDb({ dataDir: 'memory' })
  const portico = await createServer({ db, mail: new DevInbox({ log: null }), secret: 'react-vite-example-secret', plugins: [emailServer()], devMode: true })
  const api = await new Promise<ReturnType<typeof serve>>((done) => {
    const s = serve({ fetch: portico.fetch, port: 0, hostname: '127.0.0.1' }, () => done(s))
  })
  const apiUrl = `http://127.0.0.1:${(api.address() as { port: number }).port}`
  const outDir = mkdtempSync(join(tmpdir(), 'portico-react-vite-'))
  const page = createHttpServer()
  const stop = async () => {
    await new Promise<void>((done) => page.close(() => done()))
    await new Promise<void>((done) => api.close(() => done()))
    await portico.close()
    rmSync(outDir, { recursive: true, force: true })
  }
  try {
    // The page's port comes first: the app's allowed origin names it.
    const port = await listen(page, options.port ?? 0)
    const pageOrigin = `http://localhost:${port}`
    const app = await createApp(db, {
      name: 'React + Vite Example',
      allowedOrigins: [pageOrigin],
      settings: { loginMethods: ['email_auth'] },
      testIdentities: [TEST_IDENTITY],
    })
    // What an app puts in its `.env` file (`VITE_PORTICO_APP_ID=…`), given here for this build.
    const env = { VITE_PORTICO_APP_ID: app.id, VITE_PORTICO_API_URL: apiUrl }
    await build({
      configFile: join(HERE, 'vite.config.ts'),
      logLevel: 'warn',
      define: Object.fromEntries(Object.entries(env).map(([k, v]) => [`import.meta.env.${k}`, JSON.stringify(v)])),
      build: { outDir, emptyOutDir: true },
    })

    page.on('request', (req, res) => {
      const url = new URL(req.url ?? '/', pageOrigin)
      if (url.pathname === '/api/me') {
        // The app's own backend: who is calling, from the access token the page sent.
        const token = req.headers.authorization?.match(/^Bearer (.+)$/)?.[1] ?? ''
        verifyAccessToken(token, { appId: app.id, verificationKey: app.publicPem }).then(
          (claims) => res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify({ userId: claims.userId })),
          () => res.writeHead(401, { 'content-type': 'application/json' }).end(JSON.stringify({ error: 'invalid_token' })),
        )
        return
      }
      const file = normalize(join(outDir, url.pathname === '/' ? 'index.html' : url.pathname))
      const found = file.startsWith(outDir) && statSync(file, { throwIfNoEntry: false })?.isFile()
      // A single-page app: every other path gets the page.
      const path = found ? file : join(outDir, 'index.html')
      res.writeHead(200, { 'content-type': TYPES[extname(path)] ?? 'application/octet-stream' }).end(readFileSync(path))
    })
    return { pageUrl: `${pageOrigin}/`, apiUrl, close: stop }
  } catch (e) {
    await stop()
    throw e
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const app = await startViteApp({ port: Number(process.env.PORT ?? 3000) })
  console.log(`App:   ${app.pageUrl}\nAPI:   ${app.apiUrl}\nInbox: ${app.apiUrl}/dev/inbox\nTest identity: ${TEST_IDENTITY.email} / ${TEST_IDENTITY.code}`)
}
