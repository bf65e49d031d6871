/**
 * 'Transfer from wallet' for the embedded Solana wallet in the demo, on the local Solana cluster
 * (litesvm behind JSON-RPC), with the injected Wallet Standard test wallet: the tile lists the
 * Solana wallet, the wallet signs and sends the SOL transfer, the cluster confirms it and the
 * embedded wallet's balance grows by the amount. A wallet without enough SOL shows the spec's
 * error; a refusal shows its own and 'Choose another method' goes back. USDC: the cluster holds
 * Circle's devnet mint, which the funding plugin names for `solana:devnet` by default; the wallet
 * sends an SPL transfer (creating the embedded wallet's token account) and the embedded wallet
 * holds the USDC; a wallet short of USDC shows the spec's error. A Token-2022 mint the page names as
 * its USDC (`?solana-usdc=`, the app's `usdcAddresses`) is sent with Token-2022, from the wallet's
 * associated token account and another one in one transaction; a Token-2022 mint with a transfer
 * fee is refused with its text before the wallet is asked. Screenshots light and dark, desktop and phone.
 */
import { test, expect, type Page } from '@playwright/test'
import { createSolanaRpc, lamports, type Address } from '@solana/kit'
import { apiUrlOf, createTestApp, freshEmail, latestCode, openModal, submitEmail, typeCode } from './helpers'
import { injectTestSolanaWallet } from '../../testing/solana-wallet/inject'
import { createTestMint2022, TEST_USDC_MINT, testUsdc } from '../fixtures/solana-rpc/spl'
import { readBalance } from '../../plugins/funding/balance'

const API_PORT = Number(process.env.E2E_API_PORT ?? 8810)
/** As playwright.config.ts starts it. */
const SOLANA_URL = `http://127.0.0.1:${Number(process.env.E2E_SOLANA_PORT ?? API_PORT + 5000)}`
const rpc = createSolanaRpc(SOLANA_URL)

/** Logs a new user in with embedded Ethereum and Solana wallets and the funding methods; answers the Solana wallet. */
async function logIn(page: Page, request: Parameters<typeof latestCode>[0], theme: 'light' | 'dark', solanaUsdc?: Address): Promise<Address> {
  const appId = await createTestApp(page, request, { loginMethods: ['email_auth'] })
  const email = freshEmail('funding-wallet-solana')
  await openModal(page, `/?app=${appId}&embedded=solana&funding=on&theme=${theme}${solanaUsdc ? `&solana-usdc=${solanaUsdc}` : ''}`)
  await submitEmail(page, email)
  await typeCode(page, await latestCode(request, await apiUrlOf(page), email))
  await expect(page.getByTestId('embedded-solana-wallet')).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  await expect(page.getByRole('dialog')).toBeHidden()
  return (await page.getByTestId('embedded-solana-wallet').textContent()) as Address
}

/** The injected wallet's address, once it registered. */
async function testWalletAddress(page: Page): Promise<Address> {
  await page.waitForFunction(() => window.__portico_test_solana_wallet !== undefined)
  return (await page.evaluate(() => window.__portico_test_solana_wallet!.address)) as Address
}

/** Opens 'Transfer from wallet' for the embedded Solana wallet with an amount (of SOL, or of USDC). */
async function openTransfer(page: Page, amount: string, asset: 'native-currency' | 'USDC' = 'native-currency') {
  const dialog = page.getByRole('dialog')
  await page.getByRole('textbox', { name: 'Funding amount' }).fill(amount)
  await page.getByRole('combobox', { name: 'Funding asset' }).selectOption(asset)
  await page.getByRole('button', { name: 'Fund the Solana wallet' }).click()
  await dialog.getByRole('button', { name: 'Transfer from wallet' }).click()
  await expect(dialog.getByRole('heading', { name: 'Transfer from wallet' })).toBeVisible()
  return dialog
}

const balanceOf = async (address: Address) => (await rpc.getBalance(address, { commitment: 'confirmed' }).send()).value
const usdcOf = (address: Address) => readBalance(SOLANA_URL, 'solana', address, TEST_USDC_MINT)

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: a Solana wallet signs and sends the SOL transfer, the cluster confirms it and the embedded wallet holds the amount`, async ({ page, request }) => {
    await injectTestSolanaWallet(page, { rpcUrl: SOLANA_URL })
    const wallet = await logIn(page, request, theme)
    const funder = await testWalletAddress(page)
    await rpc.requestAirdrop(funder, lamports(1_000_000_000n)).send()
    const before = await balanceOf(wallet)

    const dialog = await openTransfer(page, '0.05')
    await expect(dialog.getByText('Send 0.05 SOL on Solana devnet from a wallet you own.')).toBeVisible()
    const list = dialog.getByRole('list', { name: 'Wallets' })
    await expect(list.getByRole('button')).toHaveText(['Test Solana Wallet'])
    await dialog.screenshot({ path: test.info().outputPath(`funding-wallet-solana-pick-${theme}.png`), animations: 'disabled' })
    if (theme === 'dark') {
      await page.setViewportSize({ width: 390, height: 844 })
      await page.screenshot({ path: test.info().outputPath('funding-wallet-solana-pick-dark-phone.png'), animations: 'disabled' })
    }

    await list.getByRole('button', { name: 'Test Solana Wallet' }).click()
    await expect(dialog.getByRole('heading', { name: 'Funds added' })).toBeVisible()
    await expect(dialog.getByText('0.05 SOL arrived in your wallet.')).toBeVisible()
    await dialog.screenshot({ path: test.info().outputPath(`funding-wallet-solana-success-${theme}.png`), animations: 'disabled' })
    await expect(page.getByTestId('funding-result')).toHaveText(new RegExp(`^completed wallet 0\\.05 \\{"hash":"[1-9A-HJ-NP-Za-km-z]{64,88}","from":"${funder}"\\}$`))
    await expect(dialog).toBeHidden()
    expect((await balanceOf(wallet)) - before).toBe(50_000_000n)
    const sent = await page.evaluate(() => window.__portico_test_solana_wallet!.sent)
    expect(JSON.parse((await page.getByTestId('funding-result').textContent())!.replace(/^completed wallet 0\.05 /, '')).hash).toBe(sent[0])
  })
}

test("failure: a Solana wallet without enough SOL shows 'Wallet {address} does not have enough funds.'; a refusal shows its text; 'Choose another method' goes back", async ({ page, request }) => {
  await injectTestSolanaWallet(page, { rpcUrl: SOLANA_URL })
  const wallet = await logIn(page, request, 'light')
  const funder = await testWalletAddress(page)
  const before = await balanceOf(wallet)

  const dialog = await openTransfer(page, '0.05')
  await dialog.getByRole('button', { name: 'Test Solana Wallet' }).click()
  await expect(dialog.getByRole('heading', { name: 'Transfer failed' })).toBeVisible()
  await expect(dialog.getByText(`Wallet ${funder} does not have enough funds.`)).toBeVisible()
  await dialog.screenshot({ path: test.info().outputPath('funding-wallet-solana-not-enough-funds.png'), animations: 'disabled' })

  await rpc.requestAirdrop(funder, lamports(1_000_000_000n)).send()
  await page.evaluate(() => window.__portico_test_solana_wallet!.setMode('reject'))
  await dialog.getByRole('button', { name: 'Try again' }).click()
  await dialog.getByRole('button', { name: 'Test Solana Wallet' }).click()
  await expect(dialog.getByText('Transaction was rejected by the user')).toBeVisible()
  await dialog.getByRole('button', { name: 'Choose another method' }).click()
  await expect(dialog.getByRole('heading', { name: 'Add funds to your E2E App wallet' })).toBeVisible()
  expect(await page.evaluate(() => window.__portico_test_solana_wallet!.sent)).toEqual([])
  expect(await balanceOf(wallet)).toBe(before)
})

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: USDC: a Solana wallet sends an SPL transfer of Circle's devnet USDC, creating the embedded wallet's token account, which then holds the amount`, async ({ page, request }) => {
    await injectTestSolanaWallet(page, { rpcUrl: SOLANA_URL })
    const wallet = await logIn(page, request, theme)
    const funder = await testWalletAddress(page)
    await rpc.requestAirdrop(funder, lamports(1_000_000_000n)).send()
    await testUsdc(SOLANA_URL).fund(funder, 200_000n) // 0.2 USDC
    expect(await usdcOf(wallet)).toBe(0n)

    const dialog = await openTransfer(page, '0.05', 'USDC')
    await expect(dialog.getByText('Send 0.05 USDC on Solana devnet from a wallet you own.')).toBeVisible()
    await dialog.screenshot({ path: test.info().outputPath(`funding-wallet-solana-usdc-pick-${theme}.png`), animations: 'disabled' })
    if (theme === 'dark') {
      await page.setViewportSize({ width: 390, height: 844 })
      await page.screenshot({ path: test.info().outputPath('funding-wallet-solana-usdc-pick-dark-phone.png'), animations: 'disabled' })
    }

    await dialog.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: 'Test Solana Wallet' }).click()
    await expect(dialog.getByRole('heading', { name: 'Funds added' })).toBeVisible()
    await expect(dialog.getByText('0.05 USDC arrived in your wallet.')).toBeVisible()
    await dialog.screenshot({ path: test.info().outputPath(`funding-wallet-solana-usdc-success-${theme}.png`), animations: 'disabled' })
    if (theme === 'dark') await page.screenshot({ path: test.info().outputPath('funding-wallet-solana-usdc-success-dark-phone.png'), animations: 'disabled' })
    await expect(page.getByTestId('funding-result')).toHaveText(new RegExp(`^completed wallet 0\\.05 \\{"hash":"[1-9A-HJ-NP-Za-km-z]{64,88}","from":"${funder}"\\}$`))
    await expect(dialog).toBeHidden()
    expect(await usdcOf(wallet)).toBe(50_000n)
    expect(await usdcOf(funder)).toBe(150_000n)
    expect(await page.evaluate(() => window.__portico_test_solana_wallet!.sent)).toHaveLength(1)
  })
}

test("USDC failure: a Solana wallet with SOL but less USDC than the amount shows 'Wallet {address} does not have enough funds.' and sends nothing", async ({ page, request }) => {
  await injectTestSolanaWallet(page, { rpcUrl: SOLANA_URL })
  const wallet = await logIn(page, request, 'light')
  const funder = await testWalletAddress(page)
  await rpc.requestAirdrop(funder, lamports(1_000_000_000n)).send()
  await testUsdc(SOLANA_URL).fund(funder, 49_999n)

  const dialog = await openTransfer(page, '0.05', 'USDC')
  await dialog.getByRole('button', { name: 'Test Solana Wallet' }).click()
  await expect(dialog.getByRole('heading', { name: 'Transfer failed' })).toBeVisible()
  await expect(dialog.getByText(`Wallet ${funder} does not have enough funds.`)).toBeVisible()
  await dialog.screenshot({ path: test.info().outputPath('funding-wallet-solana-usdc-not-enough-funds.png'), animations: 'disabled' })
  expect(await page.evaluate(() => window.__portico_test_solana_wallet!.sent)).toEqual([])
  expect(await usdcOf(wallet)).toBe(0n)
  expect(await usdcOf(funder)).toBe(49_999n)
})

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: Token-2022: a mint named as the app's USDC is sent with Token-2022 from the wallet's associated token account and another one, in one transaction`, async ({ page, request }) => {
    const pyusd = await createTestMint2022(SOLANA_URL)
    await injectTestSolanaWallet(page, { rpcUrl: SOLANA_URL })
    const wallet = await logIn(page, request, theme, pyusd.mint)
    const funder = await testWalletAddress(page)
    await rpc.requestAirdrop(funder, lamports(1_000_000_000n)).send()
    await pyusd.fund(funder, 20_000n) // 0.02 in the associated token account
    await pyusd.fundAccount(funder, 100_000n) // 0.1 in another token account
    const amountOf = (owner: Address) => readBalance(SOLANA_URL, 'solana', owner, pyusd.mint)
    expect(await amountOf(wallet)).toBe(0n)

    const dialog = await openTransfer(page, '0.05', 'USDC')
    await expect(dialog.getByText('Send 0.05 USDC on Solana devnet from a wallet you own.')).toBeVisible()
    await dialog.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: 'Test Solana Wallet' }).click()
    await expect(dialog.getByRole('heading', { name: 'Funds added' })).toBeVisible()
    await expect(dialog.getByText('0.05 USDC arrived in your wallet.')).toBeVisible()
    await dialog.screenshot({ path: test.info().outputPath(`funding-wallet-solana-token-2022-success-${theme}.png`), animations: 'disabled' })
    await expect(page.getByTestId('funding-result')).toHaveText(new RegExp(`^completed wallet 0\\.05 \\{"hash":"[1-9A-HJ-NP-Za-km-z]{64,88}","from":"${funder}"\\}$`))
    expect(await amountOf(wallet)).toBe(50_000n)
    expect(await amountOf(funder)).toBe(70_000n)
    expect(await page.evaluate(() => window.__portico_test_solana_wallet!.sent)).toHaveLength(1)
  })
}

test('Token-2022 failure: a mint that charges a transfer fee is refused with its text before the wallet is asked', async ({ page, request }) => {
  const fee = await createTestMint2022(SOLANA_URL, { transferFee: { basisPoints: 100, maximumFee: 1_000_000n } })
  await injectTestSolanaWallet(page, { rpcUrl: SOLANA_URL })
  const wallet = await logIn(page, request, 'light', fee.mint)
  const funder = await testWalletAddress(page)
  await rpc.requestAirdrop(funder, lamports(1_000_000_000n)).send()
  await fee.fund(funder, 200_000n)

  const dialog = await openTransfer(page, '0.05', 'USDC')
  await dialog.getByRole('button', { name: 'Test Solana Wallet' }).click()
  await expect(dialog.getByRole('heading', { name: 'Transfer failed' })).toBeVisible()
  await expect(dialog.getByText('This token cannot be sent from a wallet here: its transfers charge a fee or are restricted by its issuer.')).toBeVisible()
  await dialog.screenshot({ path: test.info().outputPath('funding-wallet-solana-token-2022-fee-refused.png'), animations: 'disabled' })
  await page.setViewportSize({ width: 390, height: 844 })
  await page.screenshot({ path: test.info().outputPath('funding-wallet-solana-token-2022-fee-refused-phone.png'), animations: 'disabled' })
  expect(await page.evaluate(() => window.__portico_test_solana_wallet!.sent)).toEqual([])
  expect(await readBalance(SOLANA_URL, 'solana', wallet, fee.mint)).toBe(0n)
  expect(await readBalance(SOLANA_URL, 'solana', funder, fee.mint)).toBe(200_000n)
})
