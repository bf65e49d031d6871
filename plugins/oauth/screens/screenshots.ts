/**
 * Renders the OAuth status screens (verifying, success, denied, suspended, unknown provider) and the in-app-browser screen in headless Chromium at phone
 * and desktop sizes, light and dark, into `.tmp/screens/`. Run `npm run css` first.
 *
 * Run: `npx tsx plugins/oauth/screens/screenshots.ts`
 * @internal
 * @module
 */
import { createServer } from 'node:http'
import { mkdirSync, readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { build } from 'esbuild'
import { chromium } from 'playwright-core'
import { chromiumPath, CHROMIUM_ARGS } from '../../../test/chromium'
import { appResponse } from '../../../ui/test-harness-data'
import { statusExamples } from './examples'

const root = new URL('../../../', import.meta.url).pathname
const out = `${root}.tmp/screens`
mkdirSync(out, { recursive: true })

const bundle = await build({
  entryPoints: [`${root}plugins/oauth/screens/screenshots-entry.tsx`],
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
  if (url.pathname.startsWith('/api/v1/apps/')) return send('application/json', JSON.stringify(appResponse({ google_oauth: true })))
  return send('application/json', JSON.stringify({ success: true }))
})
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

const shots = [
  ...Object.entries(statusExamples).map(([name, params]) => ({ name: `oauth-${name}`, screen: 'oauth/status', params })),
  { name: 'oauth-in-app-browser', screen: 'oauth/in-app-browser', params: { provider: 'google' } },
]

const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, '--headless'] })
try {
  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    const page = await browser.newPage({ viewport, deviceScaleFactor: viewport.width < 500 ? 2 : 1 })
    page.on('pageerror', (e) => console.error('page error:', e.message))
    for (const theme of ['light', 'dark']) {
      for (const shot of shots) {
        const q = new URLSearchParams({ screen: shot.screen, theme, params: JSON.stringify(shot.params) })
        await page.goto(`${base}/?${q}`)
        await page.locator('[role=dialog] h2').first().waitFor()
        await page.waitForTimeout(400)
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
