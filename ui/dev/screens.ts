/**
 * Renders every modal screen in headless Chromium at phone and desktop sizes, light and dark, and
 * saves PNGs under `.tmp/screens/` to look at. Serves the page, the bundle, `ui/dist/portico.css`
 * (run `npm run css` first) and a scripted API from one origin.
 *
 * Run: `npx tsx ui/dev/screens.ts [filter]`
 * @internal
 * @module
 */
import type { Page } from 'playwright-core'
import { createServer } from 'node:http'
import { mkdirSync, readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { build } from 'esbuild'
import { chromium } from 'playwright-core'
import { chromiumPath, CHROMIUM_ARGS } from '../../test/chromium'
import { appResponse, authenticated } from '../../test/support/ui-harness-data'

const root = new URL('../../', import.meta.url).pathname
const out = `${root}.tmp/screens`
mkdirSync(out, { recursive: true })

const bundle = await build({
  entryPoints: [`${root}ui/dev/screens-entry.tsx`],
  bundle: true,
  write: false,
  format: 'esm',
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  minify: true,
})
const js = bundle.outputFiles[0]!.text
const css = readFileSync(`${root}ui/dist/portico.css`, 'utf8')
const logo = `<svg xmlns="http://www.w3.org/2000/svg" width="160" height="40" viewBox="0 0 160 40"><rect x="0" y="4" width="32" height="32" rx="9" fill="#4f46e5"/><path d="M10 26l6-12 6 12" stroke="#fff" stroke-width="3" fill="none" stroke-linecap="round" stroke-linejoin="round"/><text x="42" y="28" font-family="system-ui,sans-serif" font-size="22" font-weight="700" fill="#4f46e5">acme</text></svg>`

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x')
  const send = (status: number, type: string, body: string) => {
    res.writeHead(status, { 'content-type': type })
    res.end(body)
  }
  let body = ''
  req.on('data', (c: Buffer) => (body += c.toString()))
  req.on('end', () => {
    if (url.pathname === '/') return send(200, 'text/html', `<!doctype html><html><head><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="stylesheet" href="/portico.css"></head><body style="margin:0"><div id="app"></div><script type="module" src="/app.js"></script></body></html>`)
    if (url.pathname === '/app.js') return send(200, 'text/javascript', js)
    if (url.pathname === '/portico.css') return send(200, 'text/css', css)
    if (url.pathname === '/logo.svg') return send(200, 'image/svg+xml', logo)
    if (url.pathname.startsWith('/api/v1/apps/')) {
      const origin = `http://${req.headers.host}`
      return send(200, 'application/json', JSON.stringify(appResponse({
        logo_url: `${origin}/logo.svg`,
        terms_and_conditions_url: 'https://acme.test/terms',
        privacy_policy_url: 'https://acme.test/privacy',
      })))
    }
    if (url.pathname === '/api/v1/passwordless/authenticate') {
      const code = (JSON.parse(body || '{}') as { code?: string }).code
      if (code === '000000') return send(401, 'application/json', JSON.stringify({ error: 'Invalid code', code: 'invalid_credentials' }))
      return send(200, 'application/json', JSON.stringify(authenticated()))
    }
    return send(200, 'application/json', JSON.stringify({ success: true }))
  })
})
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

interface Shot {
  name: string
  screen: string
  params?: Record<string, unknown>
  /** Runs in the page after the screen shows. */
  act?: (page: Page) => Promise<void>
}
const shots: Shot[] = [
  { name: 'landing', screen: 'portico/landing' },
  {
    name: 'landing-focus',
    screen: 'portico/landing',
    act: async (p) => {
      await p.keyboard.press('Tab')
      await p.getByLabel('Email address').fill('ada@')
      await p.getByLabel('Email address').focus()
    },
  },
  {
    name: 'landing-invalid',
    screen: 'portico/landing',
    act: async (p) => {
      await p.getByLabel('Email address').fill('ada@example')
      await p.keyboard.press('Enter')
    },
  },
  { name: 'email-entry', screen: 'email/entry' },
  { name: 'email-code', screen: 'email/code', params: { email: 'ada.lovelace@example.com' } },
  {
    name: 'email-code-error',
    screen: 'email/code',
    params: { email: 'ada.lovelace@example.com' },
    act: async (p) => {
      await p.locator('input[data-index="0"]').focus()
      await p.keyboard.type('000000')
      await p.getByText('Invalid or expired verification code').waitFor()
    },
  },
  { name: 'sms-entry', screen: 'sms/entry' },
  { name: 'sms-entry-error', screen: 'sms/entry', params: { error: 'Invalid phone number' } },
  { name: 'terms', screen: 'portico/terms' },
  { name: 'error', screen: 'portico/error', params: { code: 'x' } },
  { name: 'allowlist', screen: 'portico/allowlist' },
  { name: 'user-limit', screen: 'portico/user-limit' },
  { name: 'account-not-found', screen: 'portico/account-not-found' },
]

const filter = process.argv[2]
const browser = await chromium.launch({ executablePath: chromiumPath(), args: [...CHROMIUM_ARGS, '--headless'] })
try {
  for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 800 }]) {
    const page = await browser.newPage({ viewport, deviceScaleFactor: viewport.width < 500 ? 2 : 1 })
    page.on('pageerror', (e) => console.error('page error:', e.message))
    for (const theme of ['light', 'dark']) {
      for (const shot of shots) {
        if (filter && !shot.name.includes(filter)) continue
        const q = new URLSearchParams({ screen: shot.screen, theme, params: JSON.stringify(shot.params ?? {}) })
        await page.goto(`${base}/?${q}`)
        await page.locator('[role=dialog] h2, [role=alertdialog] h2').first().waitFor()
        await page.waitForTimeout(350)
        await shot.act?.(page)
        await page.waitForTimeout(250)
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
