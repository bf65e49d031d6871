/**
 * The React + Vite example in a browser: the built single-page app signs in with a code, shows the
 * user, its own backend verifies the access token the page sends, and signing out ends it.
 */
import { expect, test } from '@playwright/test'
import { signInWithEmail } from 'portico/testing'
import { startViteApp, TEST_IDENTITY, type RunningViteApp } from './serve'

let app: RunningViteApp
test.beforeAll(async () => {
  test.setTimeout(180_000)
  app = await startViteApp()
})
test.afterAll(async () => {
  await app?.close()
})

test("signs in with a code, the app's backend verifies the access token, and signing out ends the session", async ({ page }) => {
  const errors: string[] = []
  page.on('pageerror', (e) => errors.push(e.message))
  await page.goto(app.pageUrl)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await signInWithEmail(page, TEST_IDENTITY)
  await expect(page.getByTestId('user-email')).toHaveText(TEST_IDENTITY.email)

  await page.getByRole('button', { name: 'Call my backend' }).click()
  await expect(page.getByTestId('backend-user')).toHaveText(/^did:privy:[a-z0-9]{25}$/)
  const userId = await page.getByTestId('backend-user').textContent()

  // The session survives a reload: the same user, the backend still accepts the token.
  await page.reload()
  await page.getByRole('button', { name: 'Call my backend' }).click()
  await expect(page.getByTestId('backend-user')).toHaveText(userId!)

  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled()
  await page.reload()
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled()
  expect(errors).toEqual([])
})

test('the backend refuses a call without a valid token', async ({ request }) => {
  const res = await request.get(new URL('/api/me', app.pageUrl).href, { headers: { Authorization: 'Bearer not-a-token' } })
  expect(res.status()).toBe(401)
  expect(await res.json()).toEqual({ error: 'invalid_token' })
})
