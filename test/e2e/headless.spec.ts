import { expect, test } from '@playwright/test'
import { apiUrlOf, freshEmail, latestCode } from './helpers'

/**
 * Headless login: the demo's own email and code fields drive `useLoginWithEmail` against `npm start`'s
 * server; the code comes from the dev inbox and the modal never opens.
 */
test('behavior: signs in through the host-drawn fields without opening the modal', async ({ page, request }) => {
  await page.goto('/')
  // Any dialog that shows up, even for a moment, fails the test.
  await page.evaluate(() => {
    const w = window as unknown as { __dialogSeen: boolean }
    w.__dialogSeen = false
    new MutationObserver(() => {
      if (document.querySelector('[role="dialog"]')) w.__dialogSeen = true
    }).observe(document.body, { childList: true, subtree: true })
  })
  const section = page.getByTestId('headless')
  const address = freshEmail('headless')
  await section.getByLabel('Headless email').fill(address)
  await section.getByRole('button', { name: 'Send code' }).click()
  await expect(page.getByTestId('headless-status')).toHaveText('awaiting-code-input')

  // A wrong code first: the spec's text, and the login can go on.
  const code = await latestCode(request, await apiUrlOf(page), address)
  const wrong = code === '000000' ? '111111' : '000000'
  await section.getByLabel('Headless code').fill(wrong)
  await section.getByRole('button', { name: 'Verify code' }).click()
  await expect(page.getByTestId('headless-status')).toHaveText('error: Invalid or expired verification code')

  await section.getByLabel('Headless code').fill(code)
  await section.getByRole('button', { name: 'Verify code' }).click()
  await expect(page.getByTestId('user-email')).toHaveText(address)
  await expect(page.getByTestId('headless')).toBeHidden()
  expect(await page.evaluate(() => (window as unknown as { __dialogSeen: boolean }).__dialogSeen)).toBe(false)
  await expect(page.getByRole('dialog')).toHaveCount(0)

  // The session is the kernel's: it survives a reload.
  await page.reload()
  await expect(page.getByTestId('user-email')).toHaveText(address)
})
