/**
 * The bank-transfer funding method in a browser against a real server, as a host app's test would
 * run it: a signed-in user opens funding, sees the method's tile among the funding methods, opens
 * its screen, starts a transfer (the host reads the result), and leaves another one (the host hears
 * that the user left). The plugin reaches Portico only through the package's exports.
 */
import { expect, test, type Page } from '@playwright/test'
import { porticoDialog, signInWithEmail, type RunningHostApp } from 'portico/testing'
import { startExample } from '../page/serve'

let example: RunningHostApp
test.beforeAll(async () => {
  example = await startExample()
})
test.afterAll(async () => {
  await example?.close()
})

let n = 0

/**
 * Records, in the page, every heading the dialog shows from now on: a screen that shows only for
 * a moment (a success before the modal closes) is seen even on a slow machine.
 * @returns reads the headings seen, in order.
 */
async function recordHeadings(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = []
    Object.assign(window, { dialogHeadings: seen })
    const note = () => {
      for (const h of document.querySelectorAll('[role="dialog"] h1, [role="dialog"] h2')) {
        const text = h.textContent ?? ''
        if (text && seen.at(-1) !== text) seen.push(text)
      }
    }
    new MutationObserver(note).observe(document.body, { subtree: true, childList: true, characterData: true })
  })
  return () => page.evaluate(() => (window as unknown as { dialogHeadings: string[] }).dialogHeadings)
}

/** Signs a fresh user in through the page's own 'Log in' and the modal. */
async function signIn(page: Page): Promise<void> {
  const email = `funding-${Date.now()}-${++n}@example.com`
  await page.goto(example.pageUrl)
  await page.getByRole('button', { name: 'Log in' }).click()
  await signInWithEmail(page, { email, apiUrl: example.apiUrl })
  await expect(page.getByTestId('user-email')).toHaveText(email)
}

test("its tile opens its screen, which finishes the funding: the host reads 'submitted' with the amount and the reference", async ({ page }) => {
  await signIn(page)
  const dialog = porticoDialog(page)

  await page.getByRole('button', { name: 'Add funds' }).click()
  await expect(dialog.getByRole('heading', { name: 'Add funds to your Harbor wallet' })).toBeVisible()
  const methods = dialog.getByRole('list', { name: 'Funding methods' }).getByRole('button')
  await expect(methods).toHaveText(['Pay by bank transfer'])
  await methods.first().click()

  await expect(dialog.getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible()
  await expect(dialog.getByText('Fund 0x71C7…976F on Base from your bank account.')).toBeVisible()
  const amount = dialog.getByRole('textbox', { name: 'Amount (ETH)' })
  await expect(amount).toHaveValue('0.05')
  const next = dialog.getByRole('button', { name: 'Continue' })
  // Only digits and one decimal point stay in the field; Continue waits for an amount above 0.
  await amount.fill('0.')
  await expect(next).toBeDisabled()
  await amount.pressSequentially('2x.5')
  await expect(amount).toHaveValue('0.25')
  await expect(next).toBeEnabled()

  const headings = await recordHeadings(page)
  await next.click()
  // The method's success shows until the funding's step ends and the modal closes.
  await expect(page.getByTestId('funding-result')).toHaveText(/^submitted bank-transfer 0\.25 PT-[0-9A-Z]{7}$/)
  await expect(dialog).toBeHidden()
  expect(await headings()).toEqual(['Transfer started'])
})

test("Back from its screen returns to the funding methods; closing the modal there tells the host the user left", async ({ page }) => {
  await signIn(page)
  const dialog = porticoDialog(page)

  await page.getByRole('button', { name: 'Add funds' }).click()
  await dialog.getByRole('button', { name: 'Pay by bank transfer' }).click()
  await expect(dialog.getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Back' }).click()
  await expect(dialog.getByRole('heading', { name: 'Add funds to your Harbor wallet' })).toBeVisible()

  await dialog.getByRole('button', { name: 'Pay by bank transfer' }).click()
  await expect(dialog.getByRole('heading', { name: 'Pay by bank transfer' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('funding-result')).toHaveText('exited bank-transfer 0.05')
  // Still signed in: leaving funding ends nothing else.
  await expect(page.getByRole('button', { name: 'Add funds' })).toBeVisible()
})
