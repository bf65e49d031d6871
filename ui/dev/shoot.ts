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
import { chromium } from 'playwright-core'
import type { AppResponse } from '../../kernel/wire'
import { chromiumPath, CHROMIUM_ARGS } from '../../test/chromium'
import { appResponse } from '../../test/support/ui-harness-data'

/** One screenshot: a file name stem, a screen id and its params. */
export interface ScreenShot {
  name: string
  screen: string
  params?: Record<string, unknown>
}

/**
 * Takes the screenshots.
 * @param options - the page entry (path from the repository root, see `mountScreenshotPage`), the app
 *   configuration's overrides and the shots.
 * @example
 * ```ts
 * await shootScreens({ entry: 'plugins/solana/screens/screenshots-entry.tsx', app: { solana_wallet_auth: true }, shots })
 * ```
 */
export async function shootScreens(options: { entry: string; app: Partial<AppResponse>; shots: readonly ScreenShot[] }): Promise<void> {
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
    const send = (type: string, body: string) => {
      res.writeHead(200, { 'content-type': type })
      res.end(body)
    }
    if (url.pathname === '/') {
      return send('text/html', '<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="stylesheet" href="/portico.css"></head><body style="margin:0"><div id="app"></div><script type="module" src="/app.js"></script></body></html>')
    }
    if (url.pathname === '/app.js') return send('text/javascript', js)
    if (url.pathname === '/portico.css') return send('text/css', css)
    if (url.pathname.startsWith('/api/v1/apps/')) return send('application/json', JSON.stringify(appResponse(options.app)))
    return send('application/json', JSON.stringify({ success: true }))
  })
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`
  const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, '--headless'] })
  try {
    for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
      const page = await browser.newPage({ viewport, deviceScaleFactor: viewport.width < 500 ? 2 : 1 })
      page.on('pageerror', (e) => console.error('page error:', e.message))
      for (const theme of ['light', 'dark']) {
        for (const shot of options.shots) {
          const q = new URLSearchParams({ screen: shot.screen, theme, params: JSON.stringify(shot.params ?? {}) })
          await page.goto(`${base}/?${q}`)
          await page.locator('[role=dialog] h2').first().waitFor()
          await page.waitForTimeout(400) // the opening animation
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
