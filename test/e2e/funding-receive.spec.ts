/**
 * 'Receive funds' in the demo against anvil: the embedded wallet's address with its QR code, the
 * balance polled while a transfer arrives from another account, the indicator green once the
 * balance reaches the amount, and 'Done' resolving `fundWallet`. On the local Solana cluster, USDC
 * (Circle's devnet mint, which the cluster holds) for the embedded Solana wallet: its token balance
 * polled while USDC arrives. Screenshots in light and dark, desktop and phone.
 */
import { test, expect, type Page } from '@playwright/test'
import type { Address } from 'viem'
import { apiUrlOf, createTestApp, freshEmail, latestCode, openModal, submitEmail, typeCode } from './helpers'
import { rpc } from '../fixtures/anvil'
import { testUsdc } from '../fixtures/solana-rpc/spl'

/** Anvil's first dev account: unlocked, funded. */
const FUNDER: Address = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'

const anvilUrlOf = async (page: Page) => (await page.locator('meta[name="portico-anvil-url"]').getAttribute('content'))!

/** Logs a new user in with the funding methods registered; the embedded wallet is created after login. */
async function logIn(page: Page, request: Parameters<typeof latestCode>[0], theme: 'light' | 'dark'): Promise<Address> {
  const appId = await createTestApp(page, request, { loginMethods: ['email_auth'] })
  const email = freshEmail('funding-receive')
  await openModal(page, `/?app=${appId}&embedded=on-login&funding=on&theme=${theme}`)
  await submitEmail(page, email)
  await typeCode(page, await latestCode(request, await apiUrlOf(page), email))
  await expect(page.getByTestId('embedded-wallets')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  await expect(page.getByRole('dialog')).toBeHidden()
  return (await page.getByTestId('embedded-wallets').textContent()) as Address
}

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: 'Receive funds' shows the address and QR code; the indicator turns green once a transfer brings the balance to the amount`, async ({ page, request }) => {
    const wallet = await logIn(page, request, theme)
    const anvilUrl = await anvilUrlOf(page)
    const dialog = page.getByRole('dialog')

    // Light: the host names the amount. Dark: it does not, so 'Confirm or edit amount' asks for it first.
    if (theme === 'light') await page.getByRole('textbox', { name: 'Funding amount' }).fill('0.25')
    await page.getByRole('button', { name: 'Fund the Ethereum wallet' }).click()
    await expect(dialog.getByRole('heading', { name: 'Add funds to your E2E App wallet' })).toBeVisible()
    await dialog.screenshot({ path: test.info().outputPath(`funding-methods-${theme}.png`) })
    await dialog.getByRole('button', { name: 'Receive funds' }).click()
    if (theme === 'dark') {
      await expect(dialog.getByRole('heading', { name: 'Confirm or edit amount' })).toBeVisible()
      const amount = dialog.getByRole('textbox', { name: 'Amount (ETH)' })
      await amount.pressSequentially('0.2.5')
      await expect(amount).toHaveValue('0.25')
      await dialog.screenshot({ path: test.info().outputPath('funding-amount-dark.png') })
      await amount.fill('')
      await expect(dialog.getByRole('button', { name: 'Continue' })).toBeDisabled()
      await amount.pressSequentially('0.25')
      await dialog.getByRole('button', { name: 'Continue' }).click()
    }
    await expect(dialog.getByRole('heading', { name: 'Receive funds' })).toBeVisible()
    await expect(dialog.getByText('Send 0.25 ETH on Anvil to this address.')).toBeVisible()
    await expect(dialog.getByLabel('Wallet address', { exact: true })).toHaveText(wallet)
    const qr = dialog.getByRole('img', { name: 'QR code of the wallet address' })
    await expect(qr).toHaveAttribute('data-value', wallet)
    await expect(qr).toHaveAttribute('data-ecc', 'Q')
    const indicator = dialog.getByTestId('funding-receive-balance')
    await expect(indicator).toContainText('Balance: 0 ETH')
    await expect(indicator).toHaveAttribute('data-reached', 'false')
    await dialog.screenshot({ path: test.info().outputPath(`funding-receive-waiting-${theme}.png`) })

    // Less than the amount: still waiting. Then the rest: green.
    await rpc(anvilUrl, 'eth_sendTransaction', [{ from: FUNDER, to: wallet, value: '0x16345785d8a0000' }]) // 0.1 ETH
    await expect(indicator).toContainText('Balance: 0.1 ETH')
    await expect(indicator).toHaveAttribute('data-reached', 'false')
    await rpc(anvilUrl, 'eth_sendTransaction', [{ from: FUNDER, to: wallet, value: '0x214e8348c4f0000' }]) // 0.15 ETH
    await expect(indicator).toContainText('Balance: 0.25 ETH')
    await expect(indicator).toHaveAttribute('data-reached', 'true')
    await expect(indicator).toContainText('Funds received')
    await dialog.screenshot({ path: test.info().outputPath(`funding-receive-received-${theme}.png`) })

    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(page.getByTestId('funding-result')).toHaveText('completed receive 0.25 {"balance":"0.25"}')
    await expect(dialog).toBeHidden()
  })
}

/** As playwright.config.ts starts it. */
const SOLANA_URL = `http://127.0.0.1:${Number(process.env.E2E_SOLANA_PORT ?? Number(process.env.E2E_API_PORT ?? 8810) + 5000)}`

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: USDC on Solana: 'Receive funds' polls the embedded Solana wallet's USDC balance and turns green once it reaches the amount`, async ({ page, request }) => {
    const appId = await createTestApp(page, request, { loginMethods: ['email_auth'] })
    const email = freshEmail('funding-receive-usdc')
    await openModal(page, `/?app=${appId}&embedded=solana&funding=on&theme=${theme}`)
    await submitEmail(page, email)
    await typeCode(page, await latestCode(request, await apiUrlOf(page), email))
    await expect(page.getByTestId('embedded-solana-wallet')).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
    await expect(page.getByRole('dialog')).toBeHidden()
    const wallet = (await page.getByTestId('embedded-solana-wallet').textContent()) as Address
    const dialog = page.getByRole('dialog')

    await page.getByRole('textbox', { name: 'Funding amount' }).fill('0.5')
    await page.getByRole('combobox', { name: 'Funding asset' }).selectOption('USDC')
    await page.getByRole('button', { name: 'Fund the Solana wallet' }).click()
    await dialog.getByRole('button', { name: 'Receive funds' }).click()
    await expect(dialog.getByText('Send 0.5 USDC on Solana devnet to this address.')).toBeVisible()
    await expect(dialog.getByLabel('Wallet address', { exact: true })).toHaveText(wallet)
    const indicator = dialog.getByTestId('funding-receive-balance')
    await expect(indicator).toContainText('Balance: 0 USDC')
    await expect(indicator).toHaveAttribute('data-reached', 'false')
    await dialog.screenshot({ path: test.info().outputPath(`funding-receive-solana-usdc-waiting-${theme}.png`) })

    await testUsdc(SOLANA_URL).fund(wallet as never, 200_000n)
    await expect(indicator).toContainText('Balance: 0.2 USDC')
    await expect(indicator).toHaveAttribute('data-reached', 'false')
    await testUsdc(SOLANA_URL).fund(wallet as never, 300_000n)
    await expect(indicator).toContainText('Balance: 0.5 USDC')
    await expect(indicator).toHaveAttribute('data-reached', 'true')
    await dialog.screenshot({ path: test.info().outputPath(`funding-receive-solana-usdc-received-${theme}.png`) })
    if (theme === 'dark') {
      await page.setViewportSize({ width: 390, height: 844 })
      await page.screenshot({ path: test.info().outputPath('funding-receive-solana-usdc-received-dark-phone.png') })
    }

    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(page.getByTestId('funding-result')).toHaveText('completed receive 0.5 {"balance":"0.5"}')
  })
}
