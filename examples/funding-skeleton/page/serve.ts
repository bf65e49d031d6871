/**
 * Serves the bank-transfer funding example: a Portico API (in-memory PGlite, the dev inbox, the email
 * login) with an app whose login is email, and the host page built with esbuild, styled by the
 * package's shipped stylesheet (`portico/styles.css`) alone.
 *
 * Run it with `npx tsx examples/funding-skeleton/page/serve.ts` and open the page it prints; the
 * login codes are at `<api>/dev/inbox`.
 * @module
 */
import { createServer as createHttpServer, type Server } from 'node:http'
import { existsSync, mkdtempSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { build } from 'esbuild'
import { serve, type ServerType } from '@hono/node-server'
import { createApp, createPgliteDb, createServer, DevInbox, type PorticoServer } from 'portico/server'
import { emailServer } from 'portico/plugins/email/server'

const HERE = dirname(fileURLToPath(import.meta.url))

/** A running example: the page, the API, and the server (its clock, for tests). */
export interface RunningExample {
  pageUrl: string
  apiUrl: string
  appId: string
  server: PorticoServer
  close(): Promise<void>
}

function listen(server: Server, port: number): Promise<number> {
  return new Promise((resolve, reject) => {
    server.once('error', reject)
    server.listen(port, '127.0.0.1', () => resolve((server.address() as { port: number }).port))
  })
}

/** The shipped stylesheet, as a host app resolves it from the package. */
function porticoCss(): string {
  const file = createRequire(import.meta.url).resolve('portico/styles.css')
  if (!existsSync(file)) throw new Error(`${file} is missing: build it with \`npm run css\`.`)
  return readFileSync(file, 'utf8')
}

/** Bundles the page as a host app's bundler would (browser ESM, code splitting). */
async function bundle(outdir: string): Promise<void> {
  await build({
    entryPoints: { main: join(HERE, 'main.tsx') },
    outdir,
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'browser',
    target: 'es2022',
    minify: true,
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    chunkNames: 'chunks/[name]-[hash]',
    logLevel: 'warning',
  })
}

/**
 * Starts the API and the page on free ports of 127.0.0.1 (or the given ones).
 * @param ports - `page` and `api`; 0 picks a free port. @defaultValue both 0
 * @returns the running example.
 * @example
 * ```ts
 * const example = await startExample()
 * console.log(example.pageUrl)
 * await example.close()
 * ```
 */
export async function startExample(ports: { page?: number; api?: number } = {}): Promise<RunningExample> {
  const css = porticoCss()
  const outdir = mkdtempSync(join(tmpdir(), 'funding-skeleton-page-'))
  await bundle(outdir)

  const pageHttp = createHttpServer()
  const pagePort = await listen(pageHttp, ports.page ?? 0)
  const pageOrigin = `http://127.0.0.1:${pagePort}`

  const db = await createPgliteDb({ dataDir: 'memory' })
  const server = await createServer({ db, mail: new DevInbox({ log: null }), secret: 'funding-example-secret', plugins: [emailServer()], devMode: true })
  const app = await createApp(db, { name: 'Harbor', allowedOrigins: [pageOrigin], settings: { loginMethods: ['email_auth'] } })
  const api: ServerType = await new Promise((resolve) => {
    const s = serve({ fetch: server.fetch, port: ports.api ?? 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  const apiUrl = `http://127.0.0.1:${(api.address() as { port: number }).port}`

  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="portico-app-id" content="${app.id}">
<meta name="portico-api-url" content="${apiUrl}">
<title>Funding example</title>
<link rel="stylesheet" href="/portico.css">
<script type="module" src="/main.js"></script>
</head>
<body><div id="root"></div></body>
</html>`
  pageHttp.on('request', (req, res) => {
    const path = new URL(req.url ?? '/', pageOrigin).pathname
    if (path === '/portico.css') return res.writeHead(200, { 'content-type': 'text/css; charset=utf-8' }).end(css)
    if (path.endsWith('.js') && !path.includes('..')) {
      const file = join(outdir, path)
      if (existsSync(file)) return res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(readFileSync(file))
    }
    if (path.endsWith('.js') || path.endsWith('.css')) return res.writeHead(404).end()
    // Every other path is the page.
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html)
  })

  return {
    pageUrl: `${pageOrigin}/`,
    apiUrl,
    appId: app.id,
    server,
    async close() {
      await new Promise<void>((resolve) => pageHttp.close(() => resolve()))
      await new Promise<void>((resolve) => api.close(() => resolve()))
      await server.close()
    },
  }
}

if (process.argv[1] && fileURLToPath(import.meta.url) === process.argv[1]) {
  const example = await startExample({ page: Number(process.env.PORT ?? 0), api: Number(process.env.API_PORT ?? 0) })
  console.log(`Page: ${example.pageUrl}\nAPI:  ${example.apiUrl}\nLogin codes: ${example.apiUrl}/dev/inbox`)
}
