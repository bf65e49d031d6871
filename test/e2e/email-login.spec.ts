import { test, expect } from '@playwright/test'
import { apiUrlOf, freshEmail, inboxCount, latestCode, openModal, signIn, submitEmail, typeCode, withServerClockAdvanced } from './helpers'

test.describe('email login', () => {
  test('a new visitor signs in with the code mailed to them', async ({ page, request }) => {
    const address = await signIn(page, request, 'happy')
    await expect(page.getByTestId('user-id')).toHaveText(/^did:privy:[a-z0-9]{25}$/)
    expect(address).toContain('@example.com')
  })

  test('a wrong code shows the spec text and the right code still works', async ({ page, request }) => {
    const address = freshEmail('wrong')
    await openModal(page)
    await submitEmail(page, address)
    const code = await latestCode(request, await apiUrlOf(page), address)
    const wrong = code === '000000' ? '111111' : '000000'
    await typeCode(page, wrong)
    await expect(page.getByRole('dialog').getByText('Invalid or expired verification code')).toBeVisible()
    await typeCode(page, code)
    await expect(page.getByTestId('user-email')).toHaveText(address)
  })

  test('an expired code is refused', async ({ page, request }) => {
    const address = freshEmail('expired')
    await openModal(page)
    await submitEmail(page, address)
    const api = await apiUrlOf(page)
    const code = await latestCode(request, api, address)
    await withServerClockAdvanced(request, api, 11 * 60_000, async () => {
      await typeCode(page, code)
      await expect(page.getByRole('dialog').getByText('Invalid or expired verification code')).toBeVisible()
      await expect(page.getByTestId('signed-in')).toHaveCount(0)
    })
  })

  test('resend is offered only after the 30 second cooldown', async ({ page, request }) => {
    await page.clock.install()
    const address = freshEmail('resend')
    await openModal(page)
    await submitEmail(page, address)
    const dialog = page.getByRole('dialog')
    const api = await apiUrlOf(page)
    await latestCode(request, api, address)
    await expect(dialog.getByText(/Resend code in \d+s/)).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Resend code' })).toHaveCount(0)
    await page.clock.fastForward(31_000)
    await dialog.getByRole('button', { name: 'Resend code' }).click()
    await expect.poll(() => inboxCount(request, api, address)).toBe(2)
    await expect(dialog.getByText(/Resend code in \d+s/)).toBeVisible()
  })

  test('a plus address is refused with the spec text when the app disallows them', async ({ page }) => {
    await openModal(page)
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: 'Email address' }).fill('someone+tag@example.com')
    await dialog.getByRole('button', { name: 'Submit' }).click()
    await expect(dialog.getByText("Please enter a valid email address without a '+'.")).toBeVisible()
    await expect(dialog.getByRole('heading', { name: 'Enter confirmation code' })).toHaveCount(0)
  })

  test('a reload keeps the visitor signed in', async ({ page, request }) => {
    const address = await signIn(page, request, 'reload')
    await page.reload()
    await expect(page.getByTestId('user-email')).toHaveText(address)
  })

  test('log out signs the visitor out and a reload does not bring the session back', async ({ page, request }) => {
    await signIn(page, request, 'logout')
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
    await page.reload()
    await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
    await expect(page.getByTestId('signed-in')).toHaveCount(0)
  })

  test('login works on a page whose CSP forbids eval and inline scripts', async ({ page, request }) => {
    const pageErrors: string[] = []
    page.on('pageerror', (err) => pageErrors.push(err.message))
    const response = await page.goto('/strict')
    expect(response?.headers()['content-security-policy']).toContain("script-src 'self'")
    await signIn(page, request, 'csp', '/strict')
    expect(pageErrors).toEqual([])
  })
})
