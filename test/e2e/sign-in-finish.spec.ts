/**
 * Finish of the sign-in screens in Chromium: the landing rows read alike and a logo URL that does
 * not load leaves no trace.
 */
import { test, expect } from '@playwright/test'
import { createTestApp, openApp } from './helpers'

test("the landing's rows all read 'Continue with …', and a logo URL that does not load shows nothing", async ({ page, request }) => {
  const app = await createTestApp(
    page,
    request,
    { loginMethods: ['email_auth', 'farcaster_auth', 'passkey_auth'], logoUrl: 'http://127.0.0.1:9/missing-logo.png' },
    { name: 'Acme Finish' },
  )
  await openApp(page, app)
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('button', { name: 'Continue with Farcaster', exact: true })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Continue with a passkey', exact: true })).toBeVisible()
  const rows = await dialog.getByRole('listitem').allTextContents()
  for (const row of rows) expect(row).toMatch(/^Continue (with|as) /)
  // The refused logo is gone: no broken-image box, no alt text in its place.
  await expect(dialog.locator('img')).toHaveCount(0)
  await expect(dialog.getByText('Acme Finish')).toHaveCount(0)
  await expect(dialog.getByRole('heading', { name: 'Log in or sign up' })).toBeVisible()
  await page.screenshot({ path: '.tmp/screens/landing-broken-logo.png' })
})
