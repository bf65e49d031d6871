import { test, expect, type Page } from '@playwright/test'
import { ADMIN_KEY, apiUrlOf, createTestApp, freshEmail, latestCode, openApp, typeCode } from './helpers'

/** The demo card's "Guest" value. */
const guestValue = (page: Page) => page.getByTestId('signed-in').locator('dt:text-is("Guest") + dd')

/** Clicks "Continue as guest" in the open modal and waits for the signed-in card. */
async function continueAsGuest(page: Page): Promise<string> {
  await page.getByRole('dialog').getByRole('button', { name: 'Continue as guest' }).click()
  await expect(guestValue(page)).toHaveText('yes')
  await expect(page.getByRole('dialog')).toBeHidden()
  return (await page.getByTestId('user-id').textContent())!
}

test.describe('guest login', () => {
  test('a visitor continues as guest, comes back as the same guest, then links an email and is a guest no more', async ({ page, request }) => {
    const appId = await createTestApp(page, request, { loginMethods: ['email_auth', 'guest_auth'] })
    await openApp(page, appId)
    const guestId = await continueAsGuest(page)
    expect(guestId).toMatch(/^did:privy:[a-z0-9]{25}$/)
    await expect(page.getByTestId('user-email')).toHaveText('—')
    const stored = await page.evaluate((id) => localStorage.getItem(`privy:guest:${id}`), appId)
    expect(stored).toMatch(/^[A-Za-z0-9_-]{43}$/)

    // Same browser, after logging out: the stored credential brings the same guest back.
    await page.getByRole('button', { name: 'Log out' }).click()
    await page.getByRole('button', { name: 'Log in' }).click()
    expect(await continueAsGuest(page)).toBe(guestId)

    // Link an email through the modal's email code flow.
    const address = freshEmail('guest-link')
    await page.getByRole('button', { name: 'Link an email' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: 'Link your email' })).toBeVisible()
    await dialog.getByRole('textbox', { name: 'Email address' }).fill(address)
    await dialog.getByRole('button', { name: 'Submit' }).click()
    await expect(dialog.getByRole('heading', { name: 'Enter confirmation code' })).toBeVisible()
    await typeCode(page, await latestCode(request, await apiUrlOf(page), address))
    await expect(page.getByTestId('user-email')).toHaveText(address)
    await expect(guestValue(page)).toHaveText('no')
    await expect(page.getByTestId('user-id')).toHaveText(guestId)
    await expect(page.getByRole('button', { name: 'Link an email' })).toHaveCount(0)
  })

  test('the server refusing guests for an app without guest_auth shows the error in the modal', async ({ page, request }) => {
    const appId = await createTestApp(page, request, { loginMethods: ['email_auth', 'guest_auth'] })
    await openApp(page, appId)
    // The page loaded the app with guest access on; the server turns it off before the click.
    const api = await apiUrlOf(page)
    const off = await request.patch(`${api}/admin/v1/apps/${appId}`, {
      headers: { authorization: `Bearer ${ADMIN_KEY}` },
      data: { settings: { loginMethods: ['email_auth'] } },
    })
    expect(off.status(), await off.text()).toBe(200)

    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Continue as guest' }).click()
    await expect(dialog.getByRole('heading', { name: 'Could not continue as guest' })).toBeVisible()
    await expect(dialog.getByText('Guest access is not enabled for this app.')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Try again' })).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Try another method' }).click()
    await expect(dialog.getByRole('button', { name: 'Continue as guest' })).toBeVisible()
    await expect(page.getByTestId('signed-in')).toHaveCount(0)
  })
})
