import { test, expect, type Page, type APIRequestContext, type BrowserContext } from '@playwright/test'
import { apiUrlOf, createTestApp, openApp, withServerClockAdvanced } from './helpers'

/** The local OpenID provider playwright.config.ts starts (test/fixtures/oidc.ts): API port + 3000. */
const OIDC_URL = `http://127.0.0.1:${Number(process.env.E2E_OIDC_PORT ?? Number(process.env.E2E_API_PORT ?? 8810) + 3000)}`

const VERIFYING = 'Verifying connection to Google'
const RETURN_PARAM = /privy_oauth_/

/**
 * Creates an app whose Google login points at the fixture provider, and registers the app's
 * callback there as the client's redirect URI.
 */
async function googleApp(
  page: Page,
  request: APIRequestContext,
  settings: Record<string, unknown> = {},
  options: { providerSecret?: string } = {},
): Promise<string> {
  const clientId = `e2e-${Date.now()}-${Math.floor(Math.random() * 1e6)}`
  const appSecret = `secret-${clientId}`
  // The secret the provider knows; another one than the app's makes the token exchange fail.
  const clientSecret = options.providerSecret ?? appSecret
  const appId = await createTestApp(page, request, {
    loginMethods: ['google_oauth'],
    oauthProviders: { google: { clientId, clientSecret: appSecret, issuer: OIDC_URL } },
    ...settings,
  })
  // The server builds the callback from its public URL: in dev, the API's own address the page uses.
  const apiUrl = await apiUrlOf(page)
  const res = await request.post(`${OIDC_URL}/fixture/clients`, {
    data: { client_id: clientId, client_secret: clientSecret, redirect_uris: [`${apiUrl}/api/v1/oauth/callback/${appId}`] },
  })
  expect(res.status(), await res.text()).toBe(200)
  return appId
}

/**
 * Holds the code exchange until the test releases it, so the verifying state stays on screen until
 * the test has seen it (a fixed delay would race a busy machine).
 * @returns a function that lets the held exchange through.
 */
async function holdAuthenticate(page: Page | BrowserContext): Promise<() => void> {
  let release!: () => void
  const released = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/v1/oauth/authenticate', async (route) => {
    await released
    await route.continue()
  })
  return release
}

/** On the fixture's login page, signs in as one of its users or cancels. */
async function atProvider(page: Page, choice: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Sign in to the test identity provider' })).toBeVisible()
  await page.getByRole('button', { name: choice }).click()
}

/** The signed-in card of the demo page, with the modal gone and the return parameters out of the URL. */
async function expectSignedIn(page: Page): Promise<void> {
  await expect(page.getByTestId('signed-in')).toBeVisible()
  await expect(page.getByRole('dialog')).toBeHidden()
  expect(page.url()).not.toMatch(RETURN_PARAM)
}

test.describe('social OAuth (Google against the local OpenID provider)', () => {
  test('redirect round trip: the provider page, back to the demo, verifying, then signed in with a clean URL', async ({ page, request }) => {
    const appId = await googleApp(page, request)
    await openApp(page, appId)
    const release = await holdAuthenticate(page)
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    await page.waitForURL((url) => url.href.startsWith(OIDC_URL))
    await atProvider(page, 'Continue as Alice Liddell')
    await expect(page.getByText(VERIFYING)).toBeVisible()
    release()
    expect(new URL(page.url()).origin).not.toBe(new URL(OIDC_URL).origin)
    await expectSignedIn(page)
    expect(new URL(page.url()).searchParams.get('app')).toBe(appId)
    // The session survives a reload: the login was real, not a screen state.
    await page.reload()
    await expect(page.getByTestId('signed-in')).toBeVisible()
  })

  test('popup round trip: the provider opens in a popup, which closes, and the main page signs in', async ({ page, request, context }) => {
    const appId = await googleApp(page, request)
    await page.goto(`/?app=${appId}&oauth=popup`)
    await page.getByRole('button', { name: 'Log in' }).click()
    const release = await holdAuthenticate(page)
    const popupEvent = context.waitForEvent('page')
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    const popup = await popupEvent
    await popup.waitForURL((url) => url.href.startsWith(OIDC_URL))
    // Listening before the click: the popup may close before a later listener is attached.
    const closed = popup.waitForEvent('close')
    await atProvider(popup, 'Continue as Bob Builder')
    await closed
    await expect(page.getByText(VERIFYING)).toBeVisible()
    release()
    await expectSignedIn(page)
    expect(page.url()).toContain('oauth=popup')
  })

  test("denial: 'Cancel' at the provider shows the denial text with Retry", async ({ page, request }) => {
    const appId = await googleApp(page, request)
    await openApp(page, appId)
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    await atProvider(page, 'Cancel')
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByText('Authentication failed')).toBeVisible()
    await expect(dialog.getByText(/^Retry and check .+ to finish connecting your account\.$/)).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Retry' })).toBeVisible()
    expect(page.url()).not.toMatch(RETURN_PARAM)
    await expect(page.getByTestId('signed-in')).toBeHidden()
    // Retry starts a new round trip at the provider.
    await dialog.getByRole('button', { name: 'Retry' }).click()
    await expect(page.getByRole('heading', { name: 'Sign in to the test identity provider' })).toBeVisible()
  })

  test('state mismatch: a tampered privy_oauth_state on the return is refused without an exchange', async ({ page, request }) => {
    const appId = await googleApp(page, request)
    await openApp(page, appId)
    const demoOrigin = new URL(page.url()).origin
    const exchanges: string[] = []
    page.on('request', (req) => {
      if (req.url().includes('/api/v1/oauth/authenticate')) exchanges.push(req.url())
    })
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    await expect(page.getByRole('heading', { name: 'Sign in to the test identity provider' })).toBeVisible()
    // Sign in at the provider with the page's cookies, following the redirects by hand up to the
    // return to the demo, then open that return address with another state.
    const action = new URL((await page.locator('form').getAttribute('action'))!, page.url()).href
    let response = await page.request.post(action, { form: { user: 'carol' }, maxRedirects: 0 })
    let location = ''
    for (let hop = 0; hop < 10; hop++) {
      location = new URL(response.headers()['location']!, response.url()).href
      if (location.startsWith(demoOrigin)) break
      response = await page.request.get(location, { maxRedirects: 0 })
    }
    const returned = new URL(location)
    expect(returned.searchParams.get('privy_oauth_code')).toBeTruthy()
    expect(returned.searchParams.get('privy_oauth_state')).toBeTruthy()
    returned.searchParams.set('privy_oauth_state', 'tampered-state')
    await page.goto(returned.href)
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByText('Authentication failed')).toBeVisible()
    await expect(dialog.getByText('This sign-in could not be verified. Please start again from this browser.')).toBeVisible()
    expect(exchanges).toEqual([])
    expect(page.url()).not.toMatch(RETURN_PARAM)
    await expect(page.getByTestId('signed-in')).toBeHidden()
  })

  test('suspended account: the provider marks the user suspended and the modal says so, without Retry', async ({ page, request }) => {
    const appId = await googleApp(page, request)
    await openApp(page, appId)
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    await atProvider(page, 'Continue as Sam Suspended')
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByText('Your Google account is suspended. Please try another login method.')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Retry' })).toBeHidden()
    await expect(page.getByTestId('signed-in')).toBeHidden()
    expect(page.url()).not.toMatch(RETURN_PARAM)
  })

  test("provider failure: a refused token exchange comes back as privy_oauth_error, shown as a retryable failure", async ({ page, request }) => {
    const appId = await googleApp(page, request, {}, { providerSecret: 'not-the-apps-secret' })
    await openApp(page, appId)
    const exchanges: string[] = []
    page.on('request', (req) => {
      if (req.url().includes('/api/v1/oauth/authenticate')) exchanges.push(req.url())
    })
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    await atProvider(page, 'Continue as Alice Liddell')
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByText('Authentication failed')).toBeVisible()
    await expect(dialog.getByText('Something went wrong. Try again.')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Retry' })).toBeVisible()
    expect(exchanges).toEqual([])
    expect(page.url()).not.toMatch(RETURN_PARAM)
    await expect(page.getByTestId('signed-in')).toBeHidden()
  })

  test('provider failure in popup mode: the popup hands privy_oauth_error to the main page, which shows the retryable failure', async ({ page, request, context }) => {
    const appId = await googleApp(page, request, {}, { providerSecret: 'not-the-apps-secret' })
    await page.goto(`/?app=${appId}&oauth=popup`)
    await page.getByRole('button', { name: 'Log in' }).click()
    const popupEvent = context.waitForEvent('page')
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    const popup = await popupEvent
    const closed = popup.waitForEvent('close')
    await atProvider(popup, 'Continue as Alice Liddell')
    await closed
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByText('Something went wrong. Try again.')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Retry' })).toBeVisible()
    await expect(page.getByTestId('signed-in')).toBeHidden()
  })

  test('rate limit: with one start per IP allowed, the second start shows the rate-limit text', async ({ page, request }) => {
    const appId = await googleApp(page, request, { otpPerIp: { limit: 1, windowMs: 600_000 } })
    await openApp(page, appId)
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    await page.waitForURL((url) => url.href.startsWith(OIDC_URL))
    // Back on the demo without finishing: the next start is over the limit.
    await openApp(page, appId)
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByText('Too many requests. Please wait before trying again.')).toBeVisible()
    expect(page.url()).not.toContain(OIDC_URL)
  })

  test('an attempt that expired at the provider comes back as a retryable failure, and nobody is signed in', async ({ page, request }) => {
    const appId = await googleApp(page, request)
    await openApp(page, appId)
    const apiUrl = await apiUrlOf(page)
    await page.getByRole('button', { name: 'Continue with Google' }).click()
    await page.waitForURL((url) => url.href.startsWith(OIDC_URL))
    // The visitor lingers at the provider past the attempt's 10 minutes (the dev clock moves the server's time).
    await withServerClockAdvanced(request, apiUrl, 11 * 60 * 1000, async () => {
      await atProvider(page, 'Continue as Alice Liddell')
      const dialog = page.getByRole('dialog')
      await expect(dialog.getByText('Something went wrong. Try again.')).toBeVisible()
      await expect(dialog.getByRole('button', { name: 'Retry' })).toBeVisible()
      expect(page.url()).not.toMatch(RETURN_PARAM)
      await expect(page.getByTestId('signed-in')).toHaveCount(0)
    })
  })
})
