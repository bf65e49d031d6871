/**
 * A whole host app for a test run: a Portico API in development mode (in-memory PGlite, the dev
 * inbox) with one app, and the host's page bundled with esbuild and served next to it.
 * @module
 */
import type { CreateAppOptions, PorticoServer, ServerPlugin } from 'portico/server'

/** Options of {@link startHostApp}. */
export interface HostAppOptions {
  /** The page's entry module (`.tsx`), bundled as a host app's bundler would: browser ESM, code splitting. */
  entry: string
  /** The page's title. */
  title: string
  /** The API's server plugins. */
  plugins: readonly ServerPlugin[]
  /** The app to create; its allowed origin is the page's. */
  app: Omit<CreateAppOptions, 'allowedOrigins'>
  /** The page's and the API's ports on 127.0.0.1; 0 picks a free one. @defaultValue both 0 */
  ports?: { page?: number; api?: number }
}

/** A running host app. */
export interface RunningHostApp {
  /** The page, `http://127.0.0.1:<port>/`. */
  pageUrl: string
  /** The API (its dev inbox: `<apiUrl>/dev/inbox`). */
  apiUrl: string
  /** The app's id. */
  appId: string
  /** The API's server (its clock, for tests of expiry). */
  server: PorticoServer
  /** Stops the page, the API and its database. */
  close(): Promise<void>
}

/**
 * Starts a development API with one app and serves the page, whose `<head>` carries the app id and
 * the API's URL as `portico-app-id` and `portico-api-url` meta tags, with the package's stylesheet
 * at `/portico.css`. Every path but the bundle's files answers with the page, as a single-page app's
 * host does. Node only; the server and esbuild load on first call.
 * @param options - entry, title, server plugins, app, ports.
 * @returns the running host app.
 * @example
 * ```ts
 * const host = await startHostApp({
 *   entry: join(HERE, 'main.tsx'),
 *   title: 'My app',
 *   plugins: [emailServer()],
 *   app: { name: 'My app', settings: { loginMethods: ['email_auth'] }, testIdentities: [{ email: 'test-1@example.com', code: '123456' }] },
 * })
 * await page.goto(host.pageUrl)
 * await host.close()
 * ```
 */
export async function startHostApp(options: HostAppOptions): Promise<RunningHostApp> {
  const [{ createServer: createHttpServer }, { existsSync, mkdtempSync, readFileSync, rmSync }, { createRequire }, { tmpdir }, { join, normalize }, { build }, { serve }, portico] =
    await Promise.all([
      import('node:http'),
      import('node:fs'),
      import('node:module'),
      import('node:os'),
      import('node:path'),
      import('esbuild'),
      import('@hono/node-server'),
      import('portico/server'),
    ])
  const cssFile = createRequire(import.meta.url).resolve('portico/styles.css')
  if (!existsSync(cssFile)) throw new Error(`${cssFile} is missing: build it with \`npm run css\`.`)
  const css = readFileSync(cssFile)
  const outdir = mkdtempSync(join(tmpdir(), 'portico-host-app-'))
  await build({
    entryPoints: { main: options.entry },
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

  const page = createHttpServer()
  const pagePort = await new Promise<number>((resolve, reject) => {
    page.once('error', reject)
    page.listen(options.ports?.page ?? 0, '127.0.0.1', () => resolve((page.address() as { port: number }).port))
  })
  const pageOrigin = `http://127.0.0.1:${pagePort}`

  const db = await portico.createPgliteDb({ dataDir: 'memory' })
  const server = await portico.createServer({ db, mail: new portico.DevInbox({ log: null }), secret: `host-app-${pagePort}-secret`, plugins: [...options.plugins], devMode: true })
  const app = await portico.createApp(db, { ...options.app, allowedOrigins: [pageOrigin] }, server.registry)
  const api = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: server.fetch, port: options.ports?.api ?? 0, hostname: '127.0.0.1' }, () => resolve(s))
  })
  const apiUrl = `http://127.0.0.1:${(api.address() as { port: number }).port}`

  const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')
  const html = `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="portico-app-id" content="${attr(app.id)}">
<meta name="portico-api-url" content="${attr(apiUrl)}">
<title>${attr(options.title)}</title>
<link rel="stylesheet" href="/portico.css">
<script type="module" src="/main.js"></script>
</head>
<body><div id="root"></div></body>
</html>`
  page.on('request', (req, res) => {
    const path = new URL(req.url ?? '/', pageOrigin).pathname
    if (path === '/portico.css') return res.writeHead(200, { 'content-type': 'text/css; charset=utf-8' }).end(css)
    if (path.endsWith('.js')) {
      const file = normalize(join(outdir, path))
      if (file.startsWith(outdir) && existsSync(file)) return res.writeHead(200, { 'content-type': 'text/javascript; charset=utf-8' }).end(readFileSync(file))
      return res.writeHead(404).end()
    }
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' }).end(html)
  })

  return {
    pageUrl: `${pageOrigin}/`,
    apiUrl,
    appId: app.id,
    server,
    async close() {
      await new Promise<void>((resolve) => page.close(() => resolve()))
      await new Promise<void>((resolve) => api.close(() => resolve()))
      await server.close()
      rmSync(outdir, { recursive: true, force: true })
    },
  }
}
