/**
 * The third-party funding method of `examples/funding-skeleton` (bank transfer), built the way a
 * host app's bundler builds it and run against the real server: a signed-in user opens funding,
 * sees the method's tile, opens its screen, starts a transfer and the host reads the result.
 */
import { test, expect, type Page, type APIRequestContext } from '@playwright/test'
import { createServer, type Server } from 'node:http'
import { mkdtempSync, readFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { extname, join, normalize } from 'node:path'
import { buildCss, buildHostPage, ROOT } from '../../examples/demo/build'
import { ADMIN_KEY, apiUrlOf, recordTexts, signIn } from './helpers'

const TYPES: Record<string, string> = { '.js': 'text/javascript; charset=utf-8', '.css': 'text/css; charset=utf-8' }

/** The example's page, built once, served on its own origin; `?app=` sets the app id. */
interface ExampleHost {
  origin: string
  close: () => Promise<void>
}

let host: ExampleHost | null = null

async function startExampleHost(apiUrl: string): Promise<ExampleHost> {
  const outdir = mkdtempSync(join(tmpdir(), 'portico-funding-example-'))
  await buildHostPage({ entry: join(ROOT, 'examples/funding-skeleton/page.tsx'), outdir })
  const css = buildCss()
  const server: Server = createServer((req, res) => {
    const url = new URL(req.url ?? '/', 'http://localhost')
    if (url.pathname === '/') {
      const app = (url.searchParams.get('app') ?? '').replace(/[^a-z0-9]/g, '')
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'no-store' })
      res.end(`<!doctype html><html lang="en"><head><meta charset="utf-8">
<meta name="portico-app-id" content="${app}"><meta name="portico-api-url" content="${apiUrl}">
<title>Funding example</title><link rel="stylesheet" href="/portico.css"><script type="module" src="/main.js"></script>
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

test.afterAll(async () => {
  await host?.close()
  host = null
})

/** Creates an email-login app that allows the example's origin; returns the page URL for it. */
async function exampleApp(page: Page, request: APIRequestContext): Promise<string> {
  await page.goto('/')
  const apiUrl = await apiUrlOf(page)
  host ??= await startExampleHost(apiUrl)
  const res = await request.post(`${apiUrl}/admin/v1/apps`, {
    headers: { authorization: `Bearer ${ADMIN_KEY}` },
    data: { name: 'Harbor', allowed_origins: [host.origin], settings: { loginMethods: ['email_auth'] } },
  })
  expect(res.status(), await res.text()).toBe(200)
  return `${host.origin}/?app=${((await res.json()) as { id: string }).id}`
}

test('a third-party funding method: its tile opens its screen, which finishes the funding and the host reads the result', async ({ page, request }) => {
  await signIn(page, request, 'funding-example', await exampleApp(page, request))
  const dialog = page.getByRole('dialog')

  await page.getByRole('button', { name: 'Add funds' }).click()
  await expect(dialog.getByRole('heading', { name: 'Add funds to your Harbor wallet' })).toBeVisible()
  const methods = dialog.getByRole('list', { name: 'Funding methods' }).getByRole('button')
  await expect(methods).toHaveText(['Pay by bank transfer'])
  await methods.first().click()

  await expect(dialog.getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible()
  await expect(dialog.getByText('Fund 0x71C7…976F on Base from your bank account.')).toBeVisible()
  const amount = dialog.getByRole('textbox', { name: 'Amount (ETH)' })
  await expect(amount).toHaveValue('0.05')
  const next = dialog.getByRole('button', { name: 'Continue' })
  // Only digits and one decimal point stay in the field; Continue waits for an amount above 0.
  await amount.fill('0.')
  await expect(next).toBeDisabled()
  await amount.pressSequentially('2x.5')
  await expect(amount).toHaveValue('0.25')
  await expect(next).toBeEnabled()

  const seen = await recordTexts(page, ['Transfer started'], { within: '[role="dialog"]' })
  await next.click()
  await expect(page.getByTestId('funding-result')).toHaveText(/^submitted bank-transfer 0\.25 PT-[0-9A-Z]{7}$/)
  await expect(dialog).toBeHidden()
  expect(await seen()).toEqual(['Transfer started'])

  // Closing the modal before a method finished: the host hears that the user left.
  await page.getByRole('button', { name: 'Add funds' }).click()
  await dialog.getByRole('button', { name: 'Pay by bank transfer' }).click()
  await expect(dialog.getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(page.getByTestId('funding-result')).toHaveText('exited bank-transfer 0.05')
})
