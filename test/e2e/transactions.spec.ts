/**
 * The embedded wallet's transactions in the demo against anvil, with the test tokens deployed: an ETH
 * send confirmed on the receipt with the new balances on the chain; an ERC-20 transfer decoded in
 * token units; an unlimited allowance as 'Maximum'; an NFT transfer decoded with the app's extended
 * calldata decoding; a declined review (4001); a reverted transaction on the error screen, retried
 * with the next nonce; a total above the balance ('Add funds on Anvil…', Approve disabled: the demo
 * has no funding method). Screenshots of the receipt and error screens in light and dark.
 */
import { test, expect, type Locator, type Page } from '@playwright/test'
import { encodeFunctionData, maxUint256, parseAbi, type Address, type Hex } from 'viem'
import { apiUrlOf, createTestApp, freshEmail, latestCode, openModal, submitEmail, typeCode } from './helpers'
import { rpc } from '../fixtures/anvil'
import { deployTestTokens, type TestTokens } from '../fixtures/tokens'

const TO: Address = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const BURN: Address = '0x000000000000000000000000000000000000dEaD'
const abi = parseAbi([
  'function transfer(address to, uint256 amount)',
  'function approve(address spender, uint256 amount)',
  'function balanceOf(address owner) view returns (uint256)',
  'function safeTransferFrom(address from, address to, uint256 tokenId)',
  'function ownerOf(uint256 tokenId) view returns (address)',
  'function fail()',
])

/** Reads a view function of a contract on anvil. */
async function read(anvilUrl: string, to: Address, data: Hex): Promise<string> {
  return rpc<string>(anvilUrl, 'eth_call', [{ to, data }, 'latest'])
}

/** The value of a detail row of the modal (`Amount`, `Tokens`, `Hash`). */
const row = (dialog: Locator, label: string) => dialog.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')

/** Sends a transaction through the demo's JSON field; the review opens. */
async function sendJson(page: Page, tx: Record<string, string>) {
  await page.getByRole('textbox', { name: 'Transaction (JSON)' }).fill(JSON.stringify(tx))
  await page.getByRole('button', { name: 'Send the transaction' }).click()
}

/** Logs a new user in on an app with extended calldata decoding; the embedded wallet is created after login. */
async function logIn(page: Page, request: Parameters<typeof latestCode>[0], theme: 'light' | 'dark' = 'light'): Promise<Address> {
  const appId = await createTestApp(page, request, { loginMethods: ['email_auth'], embeddedWallets: { extendedCalldataDecoding: true } })
  const email = freshEmail('transactions')
  await openModal(page, `/?app=${appId}&embedded=on-login&theme=${theme}`)
  await submitEmail(page, email)
  await typeCode(page, await latestCode(request, await apiUrlOf(page), email))
  await expect(page.getByTestId('embedded-wallets')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(page.getByRole('alertdialog')).toBeHidden()
  return (await page.getByTestId('embedded-wallets').textContent()) as Address
}

const anvilUrlOf = async (page: Page) => (await page.locator('meta[name="portico-anvil-url"]').getAttribute('content'))!

test.describe('embedded wallet transactions', () => {
  let tokens: TestTokens

  test('ETH, ERC-20, an unlimited allowance and an NFT are reviewed, sent and confirmed on their receipts; a declined review rejects with 4001', async ({ page, request }) => {
    const wallet = await logIn(page, request)
    const anvilUrl = await anvilUrlOf(page)
    tokens = await deployTestTokens(anvilUrl)
    await rpc(anvilUrl, 'anvil_setBalance', [wallet, '0xde0b6b3a7640000'])
    const dialog = page.getByRole('dialog')

    // ETH: the receipt follows Approve, the host has the hash, the chain has the new balances.
    const burnBefore = BigInt(await rpc<string>(anvilUrl, 'eth_getBalance', [BURN, 'latest']))
    await page.getByRole('button', { name: 'Send 0.001 ETH' }).click()
    await expect(dialog.getByRole('heading', { name: 'Review transaction' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await expect(dialog.getByRole('heading', { name: 'Transaction complete' })).toBeVisible()
    await expect(row(dialog, 'Block')).toHaveText(/^\d+$/)
    const hash = ((await page.getByTestId('embedded-transaction').textContent()) ?? '').trim()
    await expect(row(dialog, 'Hash')).toHaveAttribute('title', hash)
    await dialog.screenshot({ path: test.info().outputPath('transaction-receipt-light.png') })
    expect(BigInt(await rpc<string>(anvilUrl, 'eth_getBalance', [BURN, 'latest'])) - burnBefore).toBe(10n ** 15n)
    expect(BigInt(await rpc<string>(anvilUrl, 'eth_getBalance', [wallet, 'latest']))).toBeLessThan(10n ** 18n - 10n ** 15n)
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(dialog).toBeHidden()

    // ERC-20: decoded in token units with the symbol and decimals read from the chain.
    await tokens.mintUsd(wallet, 5_000_000n)
    await sendJson(page, { to: tokens.usd, data: encodeFunctionData({ abi, functionName: 'transfer', args: [TO, 1_500_000n] }) })
    await expect(row(dialog, 'Tokens')).toHaveText('1.5 TUSD')
    await expect(row(dialog, 'Action')).toHaveText('transfer')
    await expect(row(dialog, 'To')).toHaveAttribute('title', TO)
    await dialog.getByRole('button', { name: 'Approve' }).click()
    // The host's success header.
    await expect(dialog.getByRole('heading', { name: 'Sent from the demo' })).toBeVisible()
    expect(BigInt(await read(anvilUrl, tokens.usd, encodeFunctionData({ abi, functionName: 'balanceOf', args: [TO] })))).toBe(1_500_000n)
    await dialog.getByRole('button', { name: 'Done' }).click()

    // An unlimited allowance: 'Confirm address' (it grants the spender) and 'Maximum'.
    await sendJson(page, { to: tokens.usd, data: encodeFunctionData({ abi, functionName: 'approve', args: [TO, maxUint256] }) })
    await expect(dialog.getByRole('heading', { name: 'Confirm address' })).toBeVisible()
    await expect(row(dialog, 'Tokens')).toHaveText('Maximum')
    await expect(row(dialog, 'Spender')).toHaveAttribute('title', TO)
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await expect(dialog.getByRole('heading', { name: 'Sent from the demo' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Done' }).click()

    // An NFT transfer, decoded because the app turned extended calldata decoding on.
    await tokens.mintNft(wallet, 7n)
    await sendJson(page, { to: tokens.nft, data: encodeFunctionData({ abi, functionName: 'safeTransferFrom', args: [wallet, TO, 7n] }) })
    await expect(row(dialog, 'Action')).toHaveText('safeTransferFrom')
    await expect(row(dialog, 'Token ID')).toHaveText('7')
    await expect(row(dialog, 'To')).toHaveAttribute('title', TO)
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await expect(dialog.getByRole('heading', { name: 'Sent from the demo' })).toBeVisible()
    expect((await read(anvilUrl, tokens.nft, encodeFunctionData({ abi, functionName: 'ownerOf', args: [7n] }))).slice(-40).toLowerCase()).toBe(TO.slice(2).toLowerCase())
    await dialog.getByRole('button', { name: 'Done' }).click()

    // Declined: 4001 and nothing sent.
    const count = await rpc<string>(anvilUrl, 'eth_getTransactionCount', [wallet, 'latest'])
    await sendJson(page, { to: TO, value: '0x1' })
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByTestId('embedded-error')).toHaveText('4001: The user rejected the request.')
    expect(await rpc<string>(anvilUrl, 'eth_getTransactionCount', [wallet, 'latest'])).toBe(count)
  })

  for (const theme of ['light', 'dark'] as const) {
    test(`${theme}: a reverted transaction shows the error screen and 'Retry transaction' sends it again with the next nonce; a total above the balance says 'Add funds on Anvil…'`, async ({ page, request }) => {
      const wallet = await logIn(page, request, theme)
      const anvilUrl = await anvilUrlOf(page)
      tokens ??= await deployTestTokens(anvilUrl)
      const dialog = page.getByRole('dialog')

      // More than the wallet holds: the warning, and Approve disabled (the demo has no funding method).
      await sendJson(page, { to: TO, value: '0xde0b6b3a7640000' })
      await expect(dialog.getByText('Add funds on Anvil to complete transaction.')).toBeVisible()
      await expect(dialog.getByRole('button', { name: 'Approve' })).toBeDisabled()
      await dialog.getByRole('button', { name: 'Cancel' }).click()

      await rpc(anvilUrl, 'anvil_setBalance', [wallet, '0xde0b6b3a7640000'])
      // The host gives the gas: estimating a call that reverts fails.
      await sendJson(page, { to: tokens.reverter, data: encodeFunctionData({ abi, functionName: 'fail' }), gas: '0x30000' })
      await dialog.getByRole('button', { name: 'Approve' }).click()
      await expect(dialog.getByRole('heading', { name: 'Transaction failed' })).toBeVisible()
      await expect(dialog.getByRole('alert')).toContainText('Reverted on purpose')
      await expect(row(dialog, 'Error code')).toHaveText('transaction_reverted')
      const first = (await row(dialog, 'Hash').getAttribute('title')) as Hex
      await expect(page.getByTestId('embedded-transaction')).toHaveText(first)
      await dialog.screenshot({ path: test.info().outputPath(`transaction-error-${theme}.png`) })

      await dialog.getByRole('button', { name: 'Retry transaction' }).click()
      await expect(row(dialog, 'Hash')).not.toHaveAttribute('title', first)
      await expect(dialog.getByRole('heading', { name: 'Transaction failed' })).toBeVisible()
      const second = (await row(dialog, 'Hash').getAttribute('title')) as Hex
      const nonce = async (h: Hex) => Number((await rpc<{ nonce: string }>(anvilUrl, 'eth_getTransactionByHash', [h])).nonce)
      expect(await nonce(second)).toBe((await nonce(first)) + 1)
      await dialog.getByRole('button', { name: 'Close' }).click()

      // The receipt in this theme.
      await page.getByRole('button', { name: 'Send 0.001 ETH' }).click()
      await dialog.getByRole('button', { name: 'Approve' }).click()
      await expect(dialog.getByRole('heading', { name: 'Transaction complete' })).toBeVisible()
      await dialog.screenshot({ path: test.info().outputPath(`transaction-receipt-${theme}.png`) })
    })
  }
})
