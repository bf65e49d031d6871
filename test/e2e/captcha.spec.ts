/**
 * The captcha step in Chromium, against the local Turnstile stand-in (test/fixtures/turnstile.ts)
 * with Cloudflare's documented test keys.
 */
import { expect, test, type Page } from '@playwright/test'
import { apiUrlOf, createTestApp, freshEmail, latestCode, openApp, recordTexts, typeCode } from './helpers'

const SITE = { pass: 't:1x00000000000000000000AA', block: 't:2x00000000000000000000AB', interactive: 't:3x00000000000000000000FF' }
const SECRET = { pass: '1x0000000000000000000000000000000AA', fail: '2x0000000000000000000000000000000AA' }

const captchaApp = (siteKey: string, secret: string) => ({
  loginMethods: ['email_auth'],
  captchaEnabled: true,
  captchaSiteKey: siteKey,
  captchaSecretKey: secret,
})

/** Counts requests for Turnstile's script. */
function watchScript(page: Page): () => number {
  let n = 0
  page.on('request', (r) => {
    if (r.url().includes('/turnstile/v0/api.js')) n++
  })
  return () => n
}

async function startEmailLogin(page: Page, address: string): Promise<void> {
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(address)
  await dialog.getByRole('button', { name: 'Submit' }).click()
}

test('the email login completes through the captcha step with a passing key and secret', async ({ page, request }) => {
  const scriptLoads = watchScript(page)
  const appId = await createTestApp(page, request, captchaApp(SITE.pass, SECRET.pass))
  await openApp(page, appId)
  expect(scriptLoads()).toBe(0)
  const address = freshEmail('captcha-pass')
  const seen = await recordTexts(page, ['Checking that you are human', 'Enter confirmation code'])
  await startEmailLogin(page, address)
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Enter confirmation code' })).toBeVisible()
  expect(await seen()).toEqual(['Checking that you are human', 'Enter confirmation code'])
  expect(scriptLoads()).toBe(1)
  await typeCode(page, await latestCode(request, await apiUrlOf(page), address))
  await expect(page.getByTestId('user-email')).toHaveText(address)
})

test('an app without a captcha never loads the Turnstile script', async ({ page, request }) => {
  const scriptLoads = watchScript(page)
  const appId = await createTestApp(page, request, { loginMethods: ['email_auth'] })
  await openApp(page, appId)
  await startEmailLogin(page, freshEmail('captcha-off'))
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Enter confirmation code' })).toBeVisible()
  expect(scriptLoads()).toBe(0)
})

test('an interactive challenge shows the widget; checking it continues the login', async ({ page, request }) => {
  const appId = await createTestApp(page, request, captchaApp(SITE.interactive, SECRET.pass))
  await openApp(page, appId)
  await startEmailLogin(page, freshEmail('captcha-interactive'))
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Confirm you are human' })).toBeVisible()
  // The widget replaces its checkbox by a progress line once clicked, as Turnstile does.
  await dialog.getByRole('checkbox', { name: 'Verify you are human' }).click()
  await expect(dialog.getByRole('heading', { name: 'Enter confirmation code' })).toBeVisible()
})

test('going back from the captcha step aborts the login and returns to the email field', async ({ page, request }) => {
  const appId = await createTestApp(page, request, captchaApp(SITE.interactive, SECRET.pass))
  await openApp(page, appId)
  await startEmailLogin(page, freshEmail('captcha-back'))
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Confirm you are human' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Back' }).click()
  await expect(dialog.getByRole('heading', { name: 'Confirm you are human' })).toBeHidden()
  await expect(dialog.getByRole('textbox', { name: 'Email address' })).toBeVisible()
  // No code was sent, and the next attempt asks for the captcha again.
  await startEmailLogin(page, freshEmail('captcha-back-2'))
  await expect(dialog.getByRole('heading', { name: 'Confirm you are human' })).toBeVisible()
})

test('a blocking key shows the failure, retries three times, then the adblocker/VPN hint', async ({ page, request }) => {
  let attempts = 0
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/turnstile/v0/challenge')) attempts++
  })
  const appId = await createTestApp(page, request, captchaApp(SITE.block, SECRET.pass))
  // The page's timers run on a clock the test can fast-forward (it flows normally until then).
  await page.clock.install()
  await openApp(page, appId)
  const failed = 'You did not pass CAPTCHA. Please try again.'
  const seen = await recordTexts(page, [failed, 'Trying again…', 'Disable your adblocker or VPN'])
  await startEmailLogin(page, freshEmail('captcha-block'))
  const dialog = page.getByRole('dialog')
  const hint = dialog.getByText('Disable your adblocker or VPN', { exact: false })
  await expect(hint).toBeVisible({ timeout: 30_000 })
  // The failure and the retries showed first; the hint only once they ran out.
  expect(await seen()).toEqual([failed, 'Trying again…', 'Disable your adblocker or VPN'])
  await expect(dialog.getByRole('heading', { name: 'Verification failed' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible()
  // The first attempt and three retries, then no more until the user asks.
  expect(attempts).toBe(4)
  // A minute later, by the page's clock, still no new attempt: nothing is scheduled.
  await page.clock.runFor(60_000)
  await expect(dialog.getByRole('heading', { name: 'Verification failed' })).toBeVisible()
  await expect(dialog.getByText('Trying again…')).toBeHidden()
  expect(attempts).toBe(4)
})

test("the server's invalid_captcha shows 'Please try again.' and the next login asks for a fresh captcha", async ({ page, request }) => {
  const appId = await createTestApp(page, request, captchaApp(SITE.pass, SECRET.fail))
  await openApp(page, appId)
  await startEmailLogin(page, freshEmail('captcha-fail'))
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByText('Please try again.', { exact: true })).toBeVisible()
  await dialog.getByRole('button', { name: 'Try again' }).click()
  await expect(dialog.getByText('Please try again.', { exact: true })).toBeHidden()
  // The demo page's headless section shows the same code entry's state: only the modal's texts count.
  const seen = await recordTexts(page, ['Checking that you are human', 'Please try again.'], { within: '[role="dialog"]' })
  await startEmailLogin(page, freshEmail('captcha-fail-2'))
  await expect(dialog.getByText('Please try again.', { exact: true })).toBeVisible()
  expect(await seen()).toEqual(['Checking that you are human', 'Please try again.'])
})

test("a site key not of the form 't:{key}' shows 'Unsupported captcha site key'", async ({ page, request }) => {
  const scriptLoads = watchScript(page)
  const appId = await createTestApp(page, request, captchaApp(SITE.pass, SECRET.pass))
  // The admin API refuses such a key, so the app configuration is altered on its way to the page.
  await page.route(
    (url) => url.pathname === `/api/v1/apps/${appId}`,
    async (route) => {
      const response = await route.fetch()
      const json = { ...((await response.json()) as Record<string, unknown>), captcha_site_key: 'abc' }
      await route.fulfill({ response, json })
    },
  )
  await openApp(page, appId)
  await startEmailLogin(page, freshEmail('captcha-key'))
  await expect(page.getByRole('dialog').getByText('Unsupported captcha site key')).toBeVisible()
  expect(scriptLoads()).toBe(0)
})
