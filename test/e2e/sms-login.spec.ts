import { test, expect, type Page } from '@playwright/test'
import { apiUrlOf, createTestApp, latestCode, openApp, typeCode } from './helpers'

/** A fresh US number (E.164 and national digits), so rate limits and users never carry over. */
function freshNumber(): { e164: string; national: string } {
  const national = `415${200 + Math.floor(Math.random() * 700)}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`
  return { e164: `+1${national}`, national }
}

async function submitNumber(page: Page, typed: string): Promise<void> {
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill(typed)
  await dialog.getByRole('button', { name: 'Submit' }).click()
}

test.describe('SMS login', () => {
  test('a visitor signs in with the code texted to them', async ({ page, request }) => {
    const app = await createTestApp(page, request, { loginMethods: ['sms_auth'] })
    const { e164, national } = freshNumber()
    await openApp(page, app)
    await submitNumber(page, national)
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: 'Enter confirmation code' })).toBeVisible()
    await expect(dialog.getByText(`+1 ${national}`)).toBeVisible()
    await typeCode(page, await latestCode(request, await apiUrlOf(page), e164))
    await expect(page.getByRole('dialog')).toBeHidden()
    await expect(page.getByTestId('user-id')).toHaveText(/^did:privy:[a-z0-9]{25}$/)
  })

  test('a wrong code shows the spec text and the right code still works', async ({ page, request }) => {
    const app = await createTestApp(page, request, { loginMethods: ['sms_auth'] })
    const { e164, national } = freshNumber()
    await openApp(page, app)
    await submitNumber(page, `(${national.slice(0, 3)}) ${national.slice(3, 6)}-${national.slice(6)}`)
    const code = await latestCode(request, await apiUrlOf(page), e164)
    await typeCode(page, code === '000000' ? '111111' : '000000')
    await expect(page.getByRole('dialog').getByText('Invalid or expired verification code')).toBeVisible()
    await typeCode(page, code)
    await expect(page.getByTestId('user-id')).toHaveText(/^did:privy:/)
  })

  test('past the per-number limit the entry shows the too-many-requests text', async ({ page, request }) => {
    const app = await createTestApp(page, request, { loginMethods: ['sms_auth'], otpPerDestination: { limit: 1, windowMs: 600_000 } })
    const { national } = freshNumber()
    await openApp(page, app)
    await submitNumber(page, national)
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: 'Enter confirmation code' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Back' }).click()
    await submitNumber(page, national)
    await expect(dialog.getByText('Too many requests. Please wait before trying again.')).toBeVisible()
    await expect(dialog.getByRole('heading', { name: 'Enter confirmation code' })).toHaveCount(0)
  })

  test('the country picker, as-you-type formatting and a pasted +44 number', async ({ page, request }) => {
    const app = await createTestApp(page, request, { loginMethods: ['sms_auth'] })
    await openApp(page, app)
    const dialog = page.getByRole('dialog')
    const country = dialog.getByRole('combobox', { name: 'Country' })
    const input = dialog.getByRole('textbox', { name: 'Phone number' })
    await expect(country).toHaveValue('US')
    await input.pressSequentially('4155550123')
    await expect(input).toHaveValue('(415) 555-0123')
    await country.selectOption('FR')
    await expect(dialog.getByText('+33', { exact: true })).toBeVisible()
    await input.fill('')
    await input.pressSequentially('0612345678')
    await expect(input).toHaveValue('06 12 34 56 78')
    await input.fill('')
    // A pasted international number picks its country.
    await input.fill('+44 7400 123456')
    await expect(country).toHaveValue('GB')
    await expect(input).toHaveValue('07400 123456')
    await dialog.getByRole('button', { name: 'Submit' }).click()
    await expect(dialog.getByText('+44 7400123456')).toBeVisible()
    const code = await latestCode(request, await apiUrlOf(page), '+447400123456')
    expect(code).toMatch(/^\d{6}$/)
  })

  test("typing never splits a trunk prefix ('12' stays '12'), the picker shows the country code as text, and an error ring is one red in dark mode", async ({ page, request }) => {
    const app = await createTestApp(page, request, { loginMethods: ['sms_auth'], theme: 'dark' })
    await openApp(page, app)
    const dialog = page.getByRole('dialog')
    const input = dialog.getByRole('textbox', { name: 'Phone number' })
    await input.pressSequentially('12')
    await expect(input).toHaveValue('12')
    await input.pressSequentially('3')
    await expect(input).toHaveValue('123')
    // No emoji flag (it needs an emoji font): the face reads the country code and calling code.
    const face = dialog.getByRole('combobox', { name: 'Country' }).locator('xpath=..')
    await expect(face).toContainText('US')
    await expect(face).toContainText('+1')
    expect(await face.textContent()).not.toMatch(/\p{Regional_Indicator}/u)

    await dialog.getByRole('button', { name: 'Submit' }).click()
    await expect(dialog.getByText('Please enter a valid phone number')).toBeVisible()
    await input.focus()
    const field = input.locator('xpath=..')
    await expect(field).toHaveAttribute('data-invalid', /.*/)
    // The border and the focus ring are the same solid red: one colour, no halo of another shade.
    await expect.poll(async () => field.evaluate((el) => {
      const style = getComputedStyle(el)
      const ring = /rgba?\([^)]*\)/.exec(style.boxShadow)?.[0] ?? ''
      return ring === style.borderTopColor ? 'one colour' : `${style.borderTopColor} vs ${style.boxShadow}`
    })).toBe('one colour')
    await page.screenshot({ path: '.tmp/screens/sms-entry-invalid-dark.png' })
  })
})

