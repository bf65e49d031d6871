/**
 * Spec texts that had no browser test: the code-entry texts, Farcaster's time-out, Phantom's
 * 'Still here?', the in-app-browser screen and 'Request limit reached for {provider}' (spec sections
 * 2, 5 and 8). Each waits on the state it checks; Farcaster's two minutes pass on the page's clock.
 */
import { test, expect, devices, type Page, type APIRequestContext } from '@playwright/test'
import { apiUrlOf, createTestApp, freshEmail, openApp, submitEmail } from './helpers'

/** The local OpenID provider playwright.config.ts starts (test/fixtures/oidc.ts): API port + 3000. */
const OIDC_URL = `http://127.0.0.1:${Number(process.env.E2E_OIDC_PORT ?? Number(process.env.E2E_API_PORT ?? 8810) + 3000)}`

const dialog = (page: Page) => page.getByRole('dialog')
/** A phone (Pixel 5: touch, small viewport, mobile user agent) in the desktop project's browser. */
const { defaultBrowserType: _browser, ...PHONE } = devices['Pixel 5']

test('code entry: letters, a short code and a pasted non-numeric code each get their spec text', async ({ page, request }) => {
  const appId = await createTestApp(page, request, { loginMethods: ['email_auth'] })
  await openApp(page, appId)
  await submitEmail(page, freshEmail('code-texts'))
  const boxes = dialog(page).locator('input[inputmode="numeric"]')
  await boxes.first().click()
  await page.keyboard.type('a')
  await expect(dialog(page).getByText('Passcode can only be numbers')).toBeVisible()
  await expect(boxes.first()).toHaveValue('')

  await page.keyboard.type('123')
  await expect(dialog(page).getByText('Passcode can only be numbers')).toBeHidden()
  await page.keyboard.press('Enter')
  await expect(dialog(page).getByText('Passcode must be exactly 6 numbers')).toBeVisible()

  await boxes.first().focus()
  await boxes.first().evaluate((el) => {
    const data = new DataTransfer()
    data.setData('text/plain', 'ab12cd')
    el.dispatchEvent(new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }))
  })
  await expect(dialog(page).getByText('Code should be numeric')).toBeVisible()
})

test('Farcaster: after 120 s without an answer the screen says the request timed out, with no Back', async ({ page, request }) => {
  const appId = await createTestApp(page, request, { loginMethods: ['farcaster_auth', 'email_auth'] })
  await page.clock.install()
  await openApp(page, appId)
  await dialog(page).getByRole('button', { name: /Farcaster/ }).click()
  await expect(page.getByRole('img', { name: 'QR code to sign in with Farcaster' })).toBeVisible()
  await expect(dialog(page).getByRole('button', { name: 'Back' })).toBeVisible()
  await page.clock.fastForward('02:01')
  await expect(dialog(page).getByText('The request timed out. Try again.')).toBeVisible()
  // The time-out ends the flow: no Back; its buttons are Retry and 'Use another method'.
  await expect(dialog(page).getByRole('button', { name: 'Back' })).toHaveCount(0)
  await expect(dialog(page).getByRole('button', { name: 'Retry' })).toBeVisible()
  await dialog(page).getByRole('button', { name: 'Use another method' }).click()
  await expect(dialog(page).getByRole('button', { name: /Farcaster/ })).toBeVisible()
})

test.describe('on a phone', () => {
  test.use(PHONE)

  test("Phantom: Continue hands over to the Phantom app, and a second later the screen asks 'Still here?'", async ({ page, request }) => {
    const appId = await createTestApp(page, request, { loginMethods: ['solana_wallet_auth'] })
    // On a phone with Phantom the universal link opens the app and the page stays: a 204 answer to
    // the navigation leaves the page as it is.
    const handedOver: string[] = []
    await page.route('https://phantom.app/**', (route) => {
      handedOver.push(route.request().url())
      return route.fulfill({ status: 204 })
    })
    await page.goto(`/?app=${appId}&chains=solana`)
    await page.getByRole('button', { name: 'Log in', exact: true }).click()
    const phantom = dialog(page).getByRole('button', { name: /Phantom/ })
    const wallets = dialog(page).getByRole('button', { name: /wallet/i })
    await expect(phantom.or(wallets).first()).toBeVisible()
    if (!(await phantom.isVisible())) await wallets.first().click()
    await phantom.click()
    await expect(dialog(page).getByRole('heading', { name: 'Open in Phantom' })).toBeVisible()
    await dialog(page).getByRole('button', { name: 'Continue' }).click()
    await expect(dialog(page).getByRole('heading', { name: 'Still here?' })).toBeVisible()
    expect(handedOver[0]).toContain('https://phantom.app/ul/browse/')
    await expect(dialog(page).getByRole('button', { name: 'Try again' })).toBeVisible()
  })
})

/** An app whose Google login points at the local OpenID provider, with its callback registered there. */
async function googleApp(page: Page, request: APIRequestContext): Promise<string> {
  const clientId = `texts-${Date.now()}-${Math.floor(Math.random() * 1e6)}`
  const appId = await createTestApp(page, request, {
    loginMethods: ['google_oauth', 'email_auth'],
    oauthProviders: { google: { clientId, clientSecret: `secret-${clientId}`, issuer: OIDC_URL } },
  })
  const res = await request.post(`${OIDC_URL}/fixture/clients`, {
    data: { client_id: clientId, client_secret: `secret-${clientId}`, redirect_uris: [`${await apiUrlOf(page)}/api/v1/oauth/callback/${appId}`] },
  })
  expect(res.status(), await res.text()).toBe(200)
  return appId
}

test("'Request limit reached for Google' when the server says Google rate-limited the exchange", async ({ page, request }) => {
  const appId = await googleApp(page, request)
  // The server passes a provider's rate limit on as too_many_requests naming the provider (spec
  // section 8); the local provider never limits, so the answer is given here.
  await page.route('**/api/v1/oauth/authenticate', (route) =>
    route.fulfill({ status: 429, headers: { 'retry-after': '30' }, json: { error: 'Google rate limit reached', code: 'too_many_requests' } }),
  )
  await openApp(page, appId)
  await dialog(page).getByRole('button', { name: /Google/ }).click()
  await expect(page.getByRole('heading', { name: 'Sign in to the test identity provider' })).toBeVisible()
  await page.getByRole('button', { name: 'Continue as Alice Liddell' }).click()
  await expect(dialog(page).getByText('Request limit reached for Google. Please wait a moment and try again.')).toBeVisible()
})

test.describe('in an app’s embedded browser', () => {
  test.use({ userAgent: `${devices['Pixel 5'].userAgent} Instagram 300.0.0.0` })

  test('Google shows the in-app-browser screen instead of a sign-in Google would refuse', async ({ page, request }) => {
    const appId = await googleApp(page, request)
    await openApp(page, appId)
    await dialog(page).getByRole('button', { name: /Google/ }).click()
    await expect(dialog(page).getByText(/^Could not log in with Google .*try again using an external browser\.$/)).toBeVisible()
    expect(page.url()).not.toContain(OIDC_URL)
  })
})
