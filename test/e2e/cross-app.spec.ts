import { test, expect, type Page, type APIRequestContext } from '@playwright/test'
import { ADMIN_KEY, apiUrlOf, createTestApp, freshEmail, latestCode, openApp, typeCode } from './helpers'

/**
 * Two apps on the server under test: a provider P (email login, provider-enabled, its sign-in page is the
 * demo page on P) and a requester R that lists P. Names make the texts checkable.
 */
async function twoApps(page: Page, request: APIRequestContext, provider: Record<string, unknown> = {}) {
  await page.goto('/')
  // P's page lives on another origin than R's (127.0.0.1 beside localhost), as two real apps do: one
  // origin would share one localStorage, and each app's session would sign the other out.
  const providerOrigin = new URL(page.url()).origin.replace('localhost', '127.0.0.1')
  const p = await createTestApp(page, request, { loginMethods: ['email_auth'] }, { name: 'Acme Wallet' })
  const api = await apiUrlOf(page)
  // The authorize URL names P itself, so it is set once P's id is known.
  await patchApp(request, api, p, { crossApp: { providerEnabled: true, authorizeUrl: `${providerOrigin}/?app=${p}`, ...provider } }, [providerOrigin])
  const r = await createTestApp(page, request, { loginMethods: ['email_auth'], crossApp: { providerApps: [p] } }, { name: 'Pixel Quest' })
  return { p, r, api }
}

async function patchApp(request: APIRequestContext, api: string, id: string, settings: Record<string, unknown>, origins?: string[]) {
  const data = { settings, ...(origins ? { allowed_origins: origins } : {}) }
  const res = await request.patch(`${api}/admin/v1/apps/${id}`, { headers: { authorization: `Bearer ${ADMIN_KEY}` }, data })
  expect(res.status(), await res.text()).toBe(200)
}

/** Opens R's modal, presses the P row and returns the popup once it shows P's page. */
async function pressProvider(page: Page, r: string): Promise<Page> {
  await openApp(page, r)
  const dialog = page.getByRole('dialog')
  const popupOpened = page.waitForEvent('popup')
  await dialog.getByRole('button', { name: 'Continue with Acme Wallet' }).click()
  const popup = await popupOpened
  await expect(dialog.getByRole('heading', { name: 'Connecting to Acme Wallet' })).toBeVisible()
  return popup
}

/** In the popup: signs in to P with an email code; the consent screen follows. */
async function signInToProvider(popup: Page, request: APIRequestContext, api: string): Promise<string> {
  const address = freshEmail('cross-app')
  const dialog = popup.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(address)
  await dialog.getByRole('button', { name: 'Submit' }).click()
  await expect(dialog.getByRole('heading', { name: 'Enter confirmation code' })).toBeVisible()
  await typeCode(popup, await latestCode(request, api, address))
  await expect(dialog.getByRole('heading', { name: 'Pixel Quest wants to use your Acme Wallet account' })).toBeVisible()
  return address
}

test.describe('cross-app login', () => {
  test('a visitor of R signs in with their P account through the popup and R holds a cross_app account', async ({ page, request }) => {
    const { p, r, api } = await twoApps(page, request)
    const popup = await pressProvider(page, r)
    // P's page lost the request parameters from its address (kept in session storage).
    await expect.poll(() => new URL(popup.url()).searchParams.has('portico_cross_app_state')).toBe(false)
    await signInToProvider(popup, request, api)
    const closed = popup.waitForEvent('close')
    await popup.getByRole('dialog').getByRole('button', { name: 'Allow' }).click()
    await closed

    await expect(page.getByTestId('signed-in')).toBeVisible()
    await expect(page.getByRole('dialog')).toBeHidden()
    const userId = await page.getByTestId('user-id').textContent()
    expect(userId).toMatch(/^did:privy:[a-z0-9]{25}$/)

    // The session's user, as the server sees it.
    const me = await page.evaluate(
      async ({ api, r }) => {
        const token = localStorage.getItem('privy:token')?.replace(/^"|"$/g, '')
        const res = await fetch(`${api}/api/v1/users/me`, { headers: { 'privy-app-id': r, authorization: `Bearer ${token}` } })
        return { status: res.status, body: (await res.json()) as { user?: { linked_accounts: Record<string, unknown>[] } } }
      },
      { api, r },
    )
    expect(me.status).toBe(200)
    const account = me.body.user!.linked_accounts.find((a) => a.type === 'cross_app')
    expect(account).toMatchObject({ type: 'cross_app', provider_app_id: p, embedded_wallets: [], smart_wallets: [] })
    expect(String(account!.subject)).toMatch(/^did:privy:[a-z0-9]{25}$/)

    // The provider's access token is kept for this provider app.
    const stored = await page.evaluate((p) => localStorage.getItem(`privy:cross-app:${p}`), p)
    expect(stored).toBeTruthy()
  })

  test("closing the popup shows 'User canceled flow'", async ({ page, request }) => {
    const { r } = await twoApps(page, request)
    const popup = await pressProvider(page, r)
    await expect(popup.getByRole('dialog').getByRole('textbox', { name: 'Email address' })).toBeVisible()
    await popup.close()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByText('User canceled flow')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Retry' })).toBeVisible()
    await expect(page.getByTestId('signed-in')).toHaveCount(0)
  })

  test("Cancel on P's consent screen shows 'User canceled flow' on R", async ({ page, request }) => {
    const { r, api } = await twoApps(page, request)
    const popup = await pressProvider(page, r)
    await signInToProvider(popup, request, api)
    const closed = popup.waitForEvent('close')
    await popup.getByRole('dialog').getByRole('button', { name: 'Cancel' }).click()
    await closed
    await expect(page.getByRole('dialog').getByText('User canceled flow')).toBeVisible()
    await expect(page.getByTestId('signed-in')).toHaveCount(0)
  })

  test('a requester the provider no longer allows gets the connection error', async ({ page, request }) => {
    const { p, r, api } = await twoApps(page, request)
    await openApp(page, r)
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('button', { name: 'Continue with Acme Wallet' })).toBeVisible()
    // P now serves only another requester (P itself stands in for it).
    await patchApp(request, api, p, { crossApp: { allowedRequesters: [p] } })
    await dialog.getByRole('button', { name: 'Continue with Acme Wallet' }).click()
    await expect(dialog.getByText('There was an issue connecting your Acme Wallet account. Please try again.')).toBeVisible()
    await expect.poll(() => page.context().pages().length).toBe(1)
    await expect(page.getByTestId('signed-in')).toHaveCount(0)
  })

  test('a requester whose provider does not allow it offers no row for it', async ({ page, request }) => {
    const { r } = await twoApps(page, request, { providerEnabled: false })
    await openApp(page, r)
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('textbox', { name: 'Email address' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Continue with Acme Wallet' })).toHaveCount(0)
  })
})
