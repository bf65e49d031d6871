/**
 * Renders the wallet screens in headless Chromium at phone and desktop sizes, light and dark, with
 * test wallets in the page, and saves PNGs under `.tmp/screens/` to look at. Run `npm run css` first.
 *
 * Run: `npx tsx plugins/wallets/screens/screenshots.ts [filter]`
 * @internal
 * @module
 */
import type { Page } from 'playwright-core'
import { createServer } from 'node:http'
import { mkdirSync, readFileSync } from 'node:fs'
import type { AddressInfo } from 'node:net'
import { build } from 'esbuild'
import { chromium } from 'playwright-core'
import { chromiumPath, CHROMIUM_ARGS } from '../../../test/chromium'
import { appResponse } from '../../../test/support/ui-harness-data'
import { testWalletScript } from '../../../test/fixtures/test-wallet/inject'
import { ANVIL_KEYS } from '../../../test/fixtures/test-wallet/provider'

const root = new URL('../../../', import.meta.url).pathname
const out = `${root}.tmp/screens`
mkdirSync(out, { recursive: true })

const bundle = await build({
  entryPoints: [`${root}plugins/wallets/screens/screenshots-entry.tsx`],
  bundle: true,
  write: false,
  format: 'esm',
  jsx: 'automatic',
  define: { 'process.env.NODE_ENV': '"production"' },
  minify: true,
})
const js = bundle.outputFiles[0]!.text
const css = readFileSync(`${root}ui/dist/portico.css`, 'utf8')
const icon = (fill: string, letter: string) =>
  `data:image/svg+xml;base64,${Buffer.from(`<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="8" fill="${fill}"/><text x="16" y="22" font-family="system-ui" font-size="16" font-weight="700" fill="#fff" text-anchor="middle">${letter}</text></svg>`).toString('base64')}`
const wallets = [
  { privateKey: ANVIL_KEYS[0], rpcUrl: 'http://127.0.0.1:9', name: 'Fox Wallet', rdns: 'io.metamask', icon: icon('#f6851b', 'F'), prompts: 'hold' },
  { privateKey: ANVIL_KEYS[1], rpcUrl: 'http://127.0.0.1:9', name: 'Rabbit Wallet', rdns: 'io.rabby', icon: icon('#7084ff', 'R'), prompts: 'hold' },
  { privateKey: ANVIL_KEYS[2], rpcUrl: 'http://127.0.0.1:9', name: 'Test Wallet', rdns: 'dev.portico.testwallet', prompts: 'hold' },
]
const walletJs = `window.__portico_test_wallet_config = ${JSON.stringify({ wallets })};\n${await testWalletScript()}`

const server = createServer((req, res) => {
  const url = new URL(req.url ?? '/', 'http://x')
  const send = (status: number, type: string, body: string) => {
    res.writeHead(status, { 'content-type': type })
    res.end(body)
  }
  if (url.pathname === '/') {
    const withWallets = url.searchParams.get('wallets') !== '0'
    return send(200, 'text/html', `<!doctype html><html lang="en"><head><meta name="viewport" content="width=device-width,initial-scale=1"><link rel="stylesheet" href="/portico.css">${withWallets ? '<script src="/wallet.js"></script>' : ''}</head><body style="margin:0"><div id="app"></div><script type="module" src="/app.js"></script></body></html>`)
  }
  if (url.pathname === '/wallet.js') return send(200, 'text/javascript', walletJs)
  if (url.pathname === '/app.js') return send(200, 'text/javascript', js)
  if (url.pathname === '/portico.css') return send(200, 'text/css', css)
  if (url.pathname.startsWith('/api/v1/apps/')) return send(200, 'application/json', JSON.stringify(appResponse({ wallet_auth: true })))
  return send(200, 'application/json', JSON.stringify({ success: true }))
})
await new Promise<void>((r) => server.listen(0, '127.0.0.1', r))
const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

interface Shot {
  name: string
  screen: string
  params?: Record<string, unknown>
  query?: Record<string, string>
  act?: (page: Page) => Promise<void>
}
const connect = { entryId: 'injected:io.metamask', name: 'Fox Wallet', icon: wallets[0]!.icon, intent: 'connect' }
const shots: Shot[] = [
  { name: 'wallets', screen: 'wallets/list', params: { intent: 'connect' }, query: { recent: 'rabby_wallet' } },
  { name: 'wallets-none', screen: 'wallets/list', params: { intent: 'connect' }, query: { wallets: '0' } },
  { name: 'wallet-connecting', screen: 'wallets/connect', params: connect },
  { name: 'wallet-signing', screen: 'wallets/connect', params: { ...connect, preview: 'signing' } },
  {
    name: 'wallet-rejected',
    screen: 'wallets/connect',
    params: connect,
    act: async (p) => {
      await p.evaluate(() => (window as unknown as { __portico_test_wallet: { reject(): void } }).__portico_test_wallet.reject())
      await p.getByRole('button', { name: 'Retry' }).waitFor()
    },
  },
  { name: 'wallet-give-up', screen: 'wallets/connect', params: { ...connect, preview: 'give-up' } },
  { name: 'wallet-linked', screen: 'wallets/connect', params: { ...connect, preview: 'linked' } },
  { name: 'install-wallet', screen: 'wallets/install' },
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
        const q = new URLSearchParams({ screen: shot.screen, theme, params: JSON.stringify(shot.params ?? {}), ...shot.query })
        await page.goto(`${base}/?${q}`)
        await page.locator('[role=dialog] h2, [role=alertdialog] h2').first().waitFor()
        await page.waitForTimeout(400)
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
