/**
 * Funding in the demo (`?funding=on`): the app's `promptFundingOnWalletCreation` opening the method
 * selection for the wallet a new user's login created, and 'Confirm or edit amount' (digits and one
 * decimal point, Continue only above 0), with phone-size screenshots in light and dark; and the send
 * flow's 'Add funds' funding as a step inside the transaction's, the modal back on the review after it.
 */
import { test, expect, type Page, type APIRequestContext } from '@playwright/test'
import { apiUrlOf, createTestApp, freshEmail, latestCode, openModal, submitEmail, typeCode } from './helpers'
import { rpc } from '../fixtures/anvil'

/** Logs a new email user in on an app of its own; the demo creates their embedded wallet after login. */
async function logInNewUser(page: Page, request: APIRequestContext, settings: Record<string, unknown>, query = ''): Promise<string> {
  const appId = await createTestApp(page, request, { loginMethods: ['email_auth'], ...settings })
  const email = freshEmail('funding-demo')
  await openModal(page, `/?app=${appId}&embedded=on-login&funding=on${query}`)
  await submitEmail(page, email)
  await typeCode(page, await latestCode(request, await apiUrlOf(page), email))
  return email
}

test("promptFundingOnWalletCreation: a new user sees 'Add funds to your … wallet' once their wallet is created; closing it leaves them signed in", async ({ page, request }) => {
  const email = await logInNewUser(page, request, { funding: { promptFundingOnWalletCreation: true } })
  const dialog = page.getByRole('dialog')
  await expect(page.getByTestId('embedded-wallets')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  await expect(dialog.getByRole('heading', { name: 'Add funds to your E2E App wallet' })).toBeVisible()
  await expect(dialog.getByRole('list', { name: 'Funding methods' }).getByRole('button').first()).toBeVisible()

  await dialog.getByRole('button', { name: 'Close' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('user-email')).toHaveText(email)
  await expect(page.getByTestId('embedded-wallets')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
})

test('without the setting, the wallet is created and no funding opens', async ({ page, request }) => {
  await logInNewUser(page, request, {})
  await expect(page.getByTestId('embedded-wallets')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  await expect(page.getByRole('dialog')).toBeHidden()
  // Funding is on for the host: the panel's own button still opens it.
  await page.getByRole('button', { name: 'Fund the Ethereum wallet' }).click()
  await expect(page.getByRole('dialog').getByRole('heading', { name: 'Add funds to your E2E App wallet' })).toBeVisible()
})

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}, phone: 'Confirm or edit amount' keeps digits and one decimal point; Continue only above 0 opens the method`, async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    await logInNewUser(page, request, {}, `&theme=${theme}`)
    await expect(page.getByTestId('embedded-wallets')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeHidden()

    // No amount from the host: the method asks for one first.
    await page.getByRole('button', { name: 'Fund the Ethereum wallet' }).click()
    await dialog.getByRole('button', { name: 'Receive funds' }).click()
    await expect(dialog.getByRole('heading', { name: 'Confirm or edit amount' })).toBeVisible()
    const amount = dialog.getByRole('textbox', { name: /^Amount/ })
    const next = dialog.getByRole('button', { name: 'Continue' })
    await expect(amount).toHaveValue('')
    await expect(next).toBeDisabled()

    await amount.pressSequentially('1a,2.3.4')
    await expect(amount).toHaveValue('12.34')
    await expect(next).toBeEnabled()
    await amount.fill('')
    await amount.pressSequentially('0.')
    await expect(amount).toHaveValue('0.')
    await expect(next).toBeDisabled()
    await amount.pressSequentially('000')
    await expect(next).toBeDisabled()
    await dialog.screenshot({ path: test.info().outputPath(`funding-amount-phone-${theme}.png`) })
    await amount.pressSequentially('5')
    await expect(amount).toHaveValue('0.0005')
    await expect(next).toBeEnabled()
    await page.screenshot({ path: test.info().outputPath(`funding-amount-phone-page-${theme}.png`) })

    await next.click()
    await expect(dialog.getByRole('heading', { name: 'Receive funds' })).toBeVisible()
    await expect(dialog.getByText(/^Send 0\.0005 ETH on /)).toBeVisible()
    // Back returns to the amount, and Back again to the methods: the method is a step inside the funding.
    await dialog.getByRole('button', { name: 'Back' }).click()
    await expect(dialog.getByRole('heading', { name: 'Confirm or edit amount' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Back' }).click()
    await expect(dialog.getByRole('heading', { name: 'Add funds to your E2E App wallet' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(page.getByTestId('funding-result')).toHaveText('exited receive 0.0005')
  })
}

test("the send flow's 'Add funds' funds inside the transaction: once the funds arrived the modal is back on the review, which can now approve", async ({ page, request }) => {
  await logInNewUser(page, request, {})
  await expect(page.getByTestId('embedded-wallets')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  const wallet = (await page.getByTestId('embedded-wallets').textContent())!
  const anvilUrl = (await page.locator('meta[name="portico-anvil-url"]').getAttribute('content'))!
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeHidden()

  await page.getByRole('button', { name: 'Send 0.001 ETH' }).click()
  await expect(dialog.getByRole('heading', { name: 'Review transaction' })).toBeVisible()
  await expect(dialog.getByText('Add funds on Anvil to complete transaction.')).toBeVisible()
  await dialog.getByRole('button', { name: 'Add funds' }).click()
  await expect(dialog.getByRole('heading', { name: 'Add funds to your E2E App wallet' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Receive funds' }).click()
  // The amount is what the wallet lacks (the value and the fee): a request with an amount asks no confirmation.
  await expect(dialog.getByRole('heading', { name: 'Receive funds' })).toBeVisible()
  await expect(dialog.getByText(/^Send 0\.001\d* ETH on Anvil to this address\.$/)).toBeVisible()

  await rpc(anvilUrl, 'anvil_setBalance', [wallet, '0xde0b6b3a7640000']) // 1 ETH
  const indicator = dialog.getByTestId('funding-receive-balance')
  await expect(indicator).toHaveAttribute('data-reached', 'true')
  await dialog.getByRole('button', { name: 'Done' }).click()
  // The funding's step ends after its success delay: the transaction's review is shown again, now covered.
  await expect(dialog.getByRole('heading', { name: 'Review transaction' })).toBeVisible()
  await expect(dialog.getByText('Add funds on Anvil to complete transaction.')).toBeHidden()
  await expect(dialog.getByRole('button', { name: 'Approve' })).toBeEnabled()
  await dialog.getByRole('button', { name: 'Approve' }).click()
  await expect(page.getByTestId('embedded-transaction')).toHaveText(/0x[0-9a-f]{64}/)
})
