/**
 * Funding in the demo (`?funding=on`): the app's `promptFundingOnWalletCreation` opening the method
 * selection for the wallet a new user's login created, and 'Confirm or edit amount' (digits and one
 * decimal point, Continue only above 0), with phone-size screenshots in light and dark; and the send
 * flow's 'Add funds' funding as a step inside the transaction's, the modal back on the review after it.
 */
import { test, expect, type Page, type APIRequestContext } from '@playwright/test'
import { apiUrlOf, createTestApp, freshEmail, latestCode, openModal, submitEmail, typeCode } from './helpers'
import { rpc } from '../fixtures/anvil'
import { fundingMessages } from '../../plugins/funding/messages'
import { kernelMessages } from '../../kernel/messages/en'
import { emailMessages } from '../../plugins/email/messages/en'
import { fundingReceiveMessages } from '../../plugins/funding-receive/messages'

/** Logs a new email user in on an app of its own; the demo creates their embedded wallet after login. */
async function logInNewUser(page: Page, request: APIRequestContext, settings: Record<string, unknown>, query = '', locale?: string): Promise<string> {
  const appId = await createTestApp(page, request, { loginMethods: ['email_auth'], ...settings })
  const email = freshEmail('funding-demo')
  await openModal(page, `/?app=${appId}&embedded=on-login&funding=on${query}${locale ? `&locale=${locale}` : ''}`)
  if (locale) {
    // The login screens in the page's language.
    const texts = await localeTexts('plugins/email', locale, emailMessages)
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('textbox', { name: texts.EMAIL_INPUT_LABEL }).fill(email)
    await dialog.getByRole('button', { name: texts.EMAIL_SUBMIT }).click()
    await expect(dialog.getByRole('heading', { name: texts.EMAIL_CODE_TITLE })).toBeVisible()
  } else {
    await submitEmail(page, email)
  }
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

/** A folder's texts in a locale (the locale file over the English table). */
async function localeTexts<T extends Record<string, string>>(folder: string, locale: string, english: T): Promise<T> {
  const table = ((await import(`../../${folder}/locales/${locale}.ts`)) as { default: Partial<T> }).default
  return { ...english, ...table }
}

for (const { locale, typed, shown } of [
  { locale: 'fr', typed: '0,5', shown: '0,5' },
  // Arabic-Indic digits and the Arabic decimal sign, as an Arabic keyboard types them.
  { locale: 'ar', typed: '٠٫٥', shown: '٠٫٥' },
] as const) {
  test(`${locale}, phone: 'Confirm or edit amount' takes the language's decimal sign and hands the method the amount ${typed} as 0.5`, async ({ page, request }) => {
    const texts = await localeTexts('plugins/funding', locale, fundingMessages)
    const receive = await localeTexts('plugins/funding-receive', locale, fundingReceiveMessages)
    const kernel = await localeTexts('kernel', locale, kernelMessages)
    await page.setViewportSize({ width: 390, height: 844 })
    await logInNewUser(page, request, {}, '', locale)
    await expect(page.getByTestId('embedded-wallets')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeHidden()

    await page.getByRole('button', { name: 'Fund the Ethereum wallet' }).click()
    await dialog.getByRole('button', { name: receive.FUNDING_RECEIVE_TILE }).click()
    await expect(dialog.getByRole('heading', { name: texts.FUNDING_AMOUNT_TITLE })).toBeVisible()
    const amount = dialog.getByRole('textbox')
    const next = dialog.getByRole('button', { name: texts.FUNDING_AMOUNT_CONTINUE })
    await expect(next).toBeDisabled()
    await amount.pressSequentially(typed)
    await expect(amount).toHaveValue(shown)
    await expect(next).toBeEnabled()
    // A second decimal sign is refused.
    await amount.pressSequentially(locale === 'fr' ? ',' : '٫')
    await expect(amount).toHaveValue(shown)
    for (const theme of ['light', 'dark'] as const) {
      await page.locator('.portico-root', { has: dialog }).evaluate((el, t) => el.setAttribute('data-theme', t), theme)
      await page.screenshot({ path: test.info().outputPath(`funding-amount-${locale}-${theme}-phone.png`), animations: 'disabled' })
    }

    await next.click()
    // The receive screen names the amount in the language's format.
    await expect(dialog.getByRole('heading', { name: receive.FUNDING_RECEIVE_TITLE })).toBeVisible()
    await expect(dialog.getByText(locale === 'fr' ? /\b0,5\b/ : /٠٫٥|\b0\.5\b/).first()).toBeVisible()
    await dialog.getByRole('button', { name: kernel.PORTICO_CLOSE }).click()
    await expect(page.getByTestId('funding-result')).toHaveText('exited receive 0.5')
  })
}
