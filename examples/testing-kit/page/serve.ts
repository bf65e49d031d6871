/**
 * Serves the testing-kit example as a host app's test setup would: a Portico API in development mode
 * (in-memory PGlite, the dev inbox, the email, SIWE, SIWS and embedded-wallet plugins) with one app whose test
 * identity signs in with a fixed code, and the host page, bundled with esbuild and styled by the
 * package's shipped stylesheet.
 *
 * Run it with `npx tsx examples/testing-kit/page/serve.ts` and open the page it prints.
 * @module
 */
import { createServer as createHttpServer } from 'node:http'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { serve } from '@hono/node-server'
import { createApp, createPgliteDb, createServer, DevInbox, generateEncryptionKey } from 'portico/server'
import { embeddedWalletsServer } from 'portico/plugins/embedded-wallets/server'
import { emailServer } from 'portico/plugins/email/server'
import { siweServer } from 'portico/plugins/siwe/server'
import { siwsServer } from 'portico/plugins/siws/server'

const HERE = dirname(fileURLToPath(import.meta.url))

/** The app's test identity: this address signs in with this code, and no mail is sent. */
export const TEST_IDENTITY = { email: 'test-1234@example.com', code: '424242' }

/** A running example: the page and the API. */
export interface RunningHostApp {
  pageUrl: string
  apiUrl: string
  close(): Promise<void>
}

/**
 * Starts the API and the page on free ports of 127.0.0.1.
 * @returns the running example.
 * @example
 * ```ts
 * const app = await startHostApp()
 * console.log(app.pageUrl)
 * await app.close()
 * ```
 */
export async function startHostApp(): Promise<RunningHostApp> {
  const outdir = mkdtempSync(join(tmpdir(), 'testing-kit-page-'))
  await build({
    entryPoints: { main: join(HERE, 'main.tsx') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    logLevel: 'warning',
  })
  const cssFile = createRequire(import.meta.url).resolve('portico/styles.css')
  if (!existsSync(cssFile)) throw new Error(`${cssFile} is missing: build it with \`npm run css\`.`)

  const page = createHttpServer()
  await new Promise<void>((resolve) => page.listen(0, '127.0.0.1', resolve))
  const pageOrigin = `http://127.0.0.1:${(page.address() as { port: number }).port}`

  const db = await createPgliteDb({ dataDir: 'memory' })
  const server = await createServer({
    db,
    mail: new DevInbox({ log: null }),
    secret: 'testing-kit-example-secret',
    // The embedded wallets' sealing keys are made up for this run: its wallets die with it.
    plugins: [emailServer(), siweServer(), siwsServer(), embeddedWalletsServer({ shareKeys: generateEncryptionKey(), recoveryKeys: generateEncryptionKey() })],
    devMode: true,
  })
  const app = await createApp(db, {
    name: 'Testing Kit Example',
    allowedOrigins: [pageOrigin],
    settings: { loginMethods: ['email_auth', 'wallet_auth', 'solana_wallet_auth'] },
    testIdentities: [TEST_IDENTITY],
  })
  const api = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: server.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  const apiUrl = `http://127.0.0.1:${(api.address() as { port: number }).port}`

  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="portico-app-id" content="${app.id}"><meta name="portico-api-url" content="${apiUrl}">
<title>Testing kit example</title><link rel="stylesheet" href="/portico.css"><script type="module" src="/main.js"></script>
</head><body><div id="root"></div></body></html>`
  page.on('request', (req, res) => {
    const path = new URL(req.url ?? '/', pageOrigin).pathname
    if (path === '/portico.css') return res.writeHead(200, { 'content-type': 'text/css' }).end(readFileSync(cssFile))
    const file = join(outdir, path)
    if (path.endsWith('.js') && !path.includes('..') && existsSync(file)) return res.writeHead(200, { 'content-type': 'text/javascript' }).end(readFileSync(file))
    if (path === '/') return res.writeHead(200, { 'content-type': 'text/html', 'cache-control': 'no-store' }).end(html)
    res.writeHead(404).end()
  })

  return {
    pageUrl: `${pageOrigin}/`,
    apiUrl,
    async close() {
      await new Promise<void>((resolve) => page.close(() => resolve()))
      await new Promise<void>((resolve) => api.close(() => resolve()))
      await server.close()
    },
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const app = await startHostApp()
  console.log(`Page: ${app.pageUrl}\nAPI:  ${app.apiUrl}\nInbox: ${app.apiUrl}/dev/inbox`)
}
