/**
 * Solana wallet sign-in in a real browser: the test Solana wallet (a Wallet Standard wallet over a
 * WebCrypto ed25519 key pair) in the demo page, the solana connector, SIWS against the server.
 */
import { expect, test, type Page } from '@playwright/test'
import { createTestApp, openModal } from './helpers'
import { injectTestSolanaWallet } from 'portico/testing'

/** Opens the Solana wallet list of a fresh app that has only Solana wallet sign-in. */
async function openSolanaList(page: Page) {
  await injectTestSolanaWallet(page)
  const appId = await createTestApp(page, page.request, { loginMethods: ['solana_wallet_auth'] })
  await openModal(page, `/?app=${appId}&chains=solana`)
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Continue with a wallet' }).click()
  await expect(dialog.getByRole('button', { name: /Test Solana Wallet/ })).toBeVisible()
  const address = await page.evaluate(() => window.__portico_test_solana_wallet!.address)
  return { dialog, address }
}

test('default: signs in with a Solana wallet: connect, sign the SIWS message, signed in', async ({ page }) => {
  const { dialog, address } = await openSolanaList(page)
  await dialog.getByRole('button', { name: /Test Solana Wallet/ }).click()
  await expect(page.getByTestId('user-wallet')).toHaveText(address)
  await expect(page.getByRole('dialog')).toBeHidden()
  const signed = await page.evaluate(() => window.__portico_test_solana_wallet!.signed)
  expect(signed).toHaveLength(1)
  expect(signed[0]).toContain('wants you to sign in with your Solana account:\n' + address)
  expect(signed[0]).toContain('This does not initiate a transaction or cost any fees.')
  expect(signed[0]).toContain('\nVersion: 1\nChain ID: mainnet\n')
})

test('behavior: a rejection in the wallet shows an error with Retry; retrying signs in', async ({ page }) => {
  const { dialog, address } = await openSolanaList(page)
  await page.evaluate(() => window.__portico_test_solana_wallet!.setMode('reject'))
  await dialog.getByRole('button', { name: /Test Solana Wallet/ }).click()
  await expect(dialog.getByRole('heading', { name: 'Request rejected' })).toBeVisible()
  await page.evaluate(() => window.__portico_test_solana_wallet!.setMode('approve'))
  await dialog.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByTestId('user-wallet')).toHaveText(address)
})

test('behavior: without Phantom, its entry opens the install screen', async ({ page }) => {
  const { dialog } = await openSolanaList(page)
  await dialog.getByRole('button', { name: /Phantom/ }).click()
  await expect(dialog.getByRole('heading', { name: 'Install Phantom' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Get Phantom' })).toBeVisible()
})
