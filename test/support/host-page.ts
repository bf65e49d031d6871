/**
 * A browser test's own host page: its entry bundled as the demo bundles its own, and a small local
 * server for it whose `/` carries meta tags from the test and the page's query parameters.
 * @module
 */
import { createServer, type Server } from 'node:http'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { buildCss, buildHostPage, ROOT } from '../../examples/demo/build'

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' }

/** A value as a double-quoted HTML attribute holds it (JSON in a meta tag, say). */
const attr = (value: string) => value.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

/** A running host page. */
export interface HostPage {
  /** `http://127.0.0.1:<port>`. */
  origin: string
  close(): Promise<void>
}

/** Options of {@link startHostPage}. */
export interface HostPageOptions {
  /** The entry, from the repository's root (`test/e2e/funding-bridge/page.tsx`). */
  entry: string
  /** The page's title. */
  title: string
  /** Meta tags every load carries (name → content). */
  metas: Record<string, string>
  /** Meta tags filled from the page's query (meta name → query parameter; letters, digits, `:/._-` only). */
  params?: Readonly<Record<string, string>>
}

/**
 * Bundles the entry and serves it.
 * @param options - entry, title, meta tags.
 * @returns the running page.
 * @example
 * ```ts
 * const host = await startHostPage({ entry: 'test/e2e/funding-bridge/page.tsx', title: 'Bridge', metas: { 'portico-api-url': apiUrl }, params: { 'portico-app-id': 'app' } })
 * ```
 */
export async function startHostPage(options: HostPageOptions): Promise<HostPage> {
  const outdir = mkdtempSync(join(tmpdir(), 'portico-host-page-'))
  await buildHostPage({ entry: join(ROOT, options.entry), outdir })
  const css = buildCss()
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname === '/') {
      const metas = { ...options.metas }
      for (const [name, param] of Object.entries(options.params ?? {})) metas[name] = (url.searchParams.get(param) ?? '').replace(/[^A-Za-z0-9:/._-]/g, '')
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
${Object.entries(metas).map(([k, val]) => `<meta name="${k}" content="${attr(val)}">`).join('\n')}
<title>${options.title}</title><link rel="stylesheet" href="/portico.css"><script type="module" src="/main.js"></script>
</head><body><div id="root"></div></body></html>`)
      return
    }
    const file = url.pathname === '/portico.css' ? css : join(outdir, normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''))
    try {
      if (file !== css && !file.startsWith(outdir)) throw new Error('outside')
      const body = readFileSync(file)
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
      res.end(body)
    } catch {
      res.writeHead(404)
      res.end()
    }
  })
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve))
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : 0
  return { origin: `http://127.0.0.1:${port}`, close: () => new Promise((resolve) => server.close(() => resolve())) }
}
