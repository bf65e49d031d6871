/**
 * Serves the demo host app: builds it with esbuild and serves it on localhost, once plainly and once
 * (at `/strict`) under a strict Content-Security-Policy that forbids inline and eval'd scripts; and
 * the wagmi page (`/wagmi`, `./wagmi.tsx`), a small wagmi app on Portico.
 * @module
 */
import { createServer, type Server } from 'node:http'
import { readFile } from 'node:fs/promises'
import { join, normalize, extname } from 'node:path'
import { tmpdir } from 'node:os'
import { mkdtempSync } from 'node:fs'
import { buildCss, buildHostPage, ROOT } from './build'
import { createHostAuth } from './host-auth'

/** Options of {@link startDemo}. */
export interface DemoOptions {
  /** Port to listen on; 0 picks a free one. */
  port: number
  /** The API base URL the page talks to. */
  apiUrl: string
  /** The demo app's id. */
  appId: string
  /** Host to bind. @defaultValue '127.0.0.1' */
  host?: string
  /**
   * More `<meta>` tags for the page, by name (`portico-telegram-script-url`: the development
   * Telegram widget the demo app uses). @defaultValue none
   */
  meta?: Record<string, string>
}

/** The Content-Security-Policy of `/strict`: no inline scripts, no eval. */
export const STRICT_CSP = "script-src 'self'; object-src 'none'; base-uri 'none'"

const TYPES: Record<string, string> = {
  '.js': 'text/javascript; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.html': 'text/html; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
}

const attr = (s: string) => s.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;')

function page(appId: string, apiUrl: string, title: string, meta: Record<string, string>, script = '/main.js'): string {
  const extra = Object.entries(meta).map(([name, content]) => `<meta name="${attr(name)}" content="${attr(content)}">\n`).join('')
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="portico-app-id" content="${appId}">
<meta name="portico-api-url" content="${apiUrl}">
${extra}${process.env.TURNSTILE_SCRIPT_URL ? `<meta name="portico-turnstile-script-url" content="${process.env.TURNSTILE_SCRIPT_URL.replace(/"/g, '&quot;')}">\n` : ''}${process.env.PORTICO_ANVIL_URL ? `<meta name="portico-anvil-url" content="${process.env.PORTICO_ANVIL_URL.replace(/"/g, '&quot;')}">\n` : ''}${process.env.PORTICO_SOLANA_URL ? `<meta name="portico-solana-url" content="${process.env.PORTICO_SOLANA_URL.replace(/"/g, '&quot;')}">\n` : ''}<title>${title}</title>
<link rel="stylesheet" href="/portico.css">
<link rel="stylesheet" href="/demo.css">
<script type="module" src="${script}"></script>
</head>
<body><div id="root"></div></body>
</html>`
}

/**
 * Builds and serves the demo.
 * @param options - port, API URL and app id.
 * @returns the page URL and a close function.
 * @example
 * ```ts
 * const demo = await startDemo({ port: 3000, apiUrl: 'http://localhost:8787', appId })
 * console.log(demo.url)
 * ```
 */
export async function startDemo(options: DemoOptions): Promise<{ url: string; close: () => Promise<void> }> {
  const outdir = mkdtempSync(join(tmpdir(), 'portico-demo-'))
  const css = buildCss()
  await buildHostPage({ entry: join(ROOT, 'examples/demo/main.tsx'), outdir })
  // The wagmi page has a build of its own, so the demo page's chunks never hold wagmi.
  await buildHostPage({ entry: join(ROOT, 'examples/demo/wagmi.tsx'), outdir: join(outdir, 'wagmi') })
  const files: Record<string, string> = {
    '/portico.css': css,
    '/demo.css': join(ROOT, 'examples/demo/demo.css'),
    '/demo-logo.svg': join(ROOT, 'examples/demo/demo-logo.svg'),
    '/demo-logo-wide.svg': join(ROOT, 'examples/demo/demo-logo-wide.svg'),
  }
  // The demo host's own sign-in (custom-token login): its JWKS, login and logout.
  const hostAuth = await createHostAuth()
  const server: Server = createServer(async (req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    try {
      if (url.pathname.startsWith('/host-auth/') && (await hostAuth.handle(req, res, url.pathname))) return
      if (url.pathname === '/' || url.pathname === '/strict') {
        const headers: Record<string, string> = { 'content-type': TYPES['.html']!, 'cache-control': 'no-store' }
        if (url.pathname === '/strict') headers['content-security-policy'] = STRICT_CSP
        res.writeHead(200, headers)
        res.end(page(options.appId, options.apiUrl, 'Portico Demo', options.meta ?? {}))
        return
      }
      if (url.pathname === '/wagmi') {
        res.writeHead(200, { 'content-type': TYPES['.html']!, 'cache-control': 'no-store' })
        res.end(page(options.appId, options.apiUrl, 'Portico with wagmi', options.meta ?? {}, '/wagmi/main.js'))
        return
      }
      const file = files[url.pathname] ?? join(outdir, normalize(url.pathname).replace(/^(\.\.[/\\])+/, ''))
      if (!file.startsWith(outdir) && !Object.values(files).includes(file)) throw new Error('outside')
      const body = await readFile(file)
      res.writeHead(200, { 'content-type': TYPES[extname(file)] ?? 'application/octet-stream' })
      res.end(body)
    } catch {
      res.writeHead(404, { 'content-type': 'text/plain' })
      res.end('Not found')
    }
  })
  const host = options.host ?? '127.0.0.1'
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject)
    server.listen(options.port, host, () => resolve())
  })
  const address = server.address()
  const port = typeof address === 'object' && address ? address.port : options.port
  return {
    url: `http://localhost:${port}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}
