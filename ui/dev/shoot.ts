/**
 * Shared by the plugins' screenshot scripts: bundles a page entry, serves it with `ui/dist/portico.css`
 * (run `npm run css` first) and a scripted app configuration, and saves each screen at phone and desktop
 * sizes, light and dark, under `.tmp/screens/`.
 * @internal
 * @module
 */
import { createServer } from 'node:http'
import { mkdirSync, readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { build } from 'esbuild'
import { chromium, type Page } from 'playwright-core'
import type { AppResponse } from '../../kernel/wire'
import { chromiumPath, CHROMIUM_ARGS } from '../../test/chromium'
import { appResponse } from '../../test/support/ui-harness-data'

/** One screenshot: a file name stem, a screen id and its params. */
export interface ScreenShot {
  name: string
  screen: string
  params?: Record<string, unknown>
  /** More query parameters for the page entry (`wallets: '0'`). */
  query?: Record<string, string>
  /** Runs in the page once the screen shows, before the picture (a click, a scripted wallet answer). */
  act?: (page: Page) => Promise<void>
}

/** A scripted answer of the screenshot server. */
export interface ShootAnswer {
  /** @defaultValue 200 */
  status?: number
  /** @defaultValue 'application/json' */
  type?: string
  body: string
}

/** What {@link shootScreens} serves and shoots. */
export interface ShootOptions {
  /** The page entry, from the repository root (see `mountScreenshotPage`). */
  entry: string
  /** The app configuration's overrides, or a function of the page's origin (for URLs it serves). */
  app: Partial<AppResponse> | ((origin: string) => Partial<AppResponse>)
  shots: readonly ScreenShot[]
  /** More HTML for the page's head (a test wallet's script), given the page's query. */
  head?: (query: URLSearchParams) => string
  /** More answers by path (a logo, a scripted API route), given the request body. */
  routes?: Readonly<Record<string, (body: string) => ShootAnswer>>
  /** Only the shots whose name contains it (a script's first argument). */
  filter?: string
  /** The window sizes, each shot taken at every one. @defaultValue a phone (390×844) and a desktop (1280×800) */
  viewports?: readonly { width: number; height: number }[]
}

/**
 * Takes the screenshots.
 * @param options - the page entry, the app configuration, the shots and what else the page needs.
 * @example
 * ```ts
 * await shootScreens({ entry: 'plugins/solana/screens/screenshots-entry.tsx', app: { solana_wallet_auth: true }, shots })
 * ```
 */
export async function shootScreens(options: ShootOptions): Promise<void> {
  const root = new URL('../../', import.meta.url).pathname
  const out = `${root}.tmp/screens`
  mkdirSync(out, { recursive: true })
  const bundle = await build({
    entryPoints: [`${root}${options.entry}`],
    bundle: true,
    write: false,
    format: 'esm',
    jsx: 'automatic',
    define: { 'process.env.NODE_ENV': '"production"' },
    minify: true,
  })
  const js = bundle.outputFiles[0]!.text
  const css = readFileSync(`${root}ui/dist/portico.css`, 'utf8')
  const server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://x')
    const send = ({ status = 200, type = 'application/json', body }: ShootAnswer) => {
      res.writeHead(status, { 'content-type': type })
      res.end(body)
    }
    let body = ''
    req.on('data', (c: Buffer) => (body += c.toString()))
    req.on('end', () => {
      if (url.pathname === '/') {
        const head = options.head?.(url.searchParams) ?? ''
        return send({
          type: 'text/html',
          body: `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="stylesheet" href="/portico.css">${head}</head><body style="margin:0"><div id="app"></div><script type="module" src="/app.js"></script></body></html>`,
        })
      }
      if (url.pathname === '/app.js') return send({ type: 'text/javascript', body: js })
      if (url.pathname === '/portico.css') return send({ type: 'text/css', body: css })
      const route = options.routes?.[url.pathname]
      if (route) return send(route(body))
      if (url.pathname.startsWith('/api/v1/apps/')) {
        const app = typeof options.app === 'function' ? options.app(`http://${req.headers.host}`) : options.app
        return send({ body: JSON.stringify(appResponse(app)) })
      }
      return send({ body: JSON.stringify({ success: true }) })
    })
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, '--headless'] })
  try {
    for (const viewport of options.viewports ?? [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      const page = await browser.newPage({ viewport, deviceScaleFactor: viewport.width < 500 ? 2 : 1 })
      page.on('pageerror', (e) => console.error('page error:', e.message))
      for (const theme of ['light', 'dark']) {
        for (const shot of options.shots) {
          if (options.filter && !shot.name.includes(options.filter)) continue
          const q = new URLSearchParams({ screen: shot.screen, theme, params: JSON.stringify(shot.params ?? {}), ...shot.query })
          await page.goto(`${base}/?${q}`)
          await page.locator('[role=dialog] h2, [role=alertdialog] h2').first().waitFor()
          await page.waitForTimeout(400) // the opening animation
          if (shot.act) {
            await shot.act(page)
            await page.waitForTimeout(250)
          }
          const file = `${out}/${shot.name}-${theme}-${viewport.width}.png`
          await page.screenshot({ path: file })
          console.log(file)
        }
      }
      await page.close()
    }
  } finally {
    await browser.close()
    server.close()
  }
}
