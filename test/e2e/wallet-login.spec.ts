/**
 * Wallet sign-in in a real browser: the test wallet (an EIP-1193 provider signing with an anvil key,
 * announced by EIP-6963) in the demo page, the injected connector, SIWE against the server, and
 * anvil as the chain.
 */
import { expect, test, type Page } from '@playwright/test'
import { privateKeyToAccount } from 'viem/accounts'
import { createTestApp, openApp } from './helpers'
import { deployEip1271Wallet } from '../fixtures/eip1271'
import { injectTestWallet } from '../../testing/evm-wallet/inject'
import { ANVIL_KEYS } from '../../testing/evm-wallet/provider'
import type { BrowserWalletConfig } from '../../testing/evm-wallet/browser'

const API_PORT = Number(process.env.E2E_API_PORT ?? 8810)
/** As playwright.config.ts starts it. */
const ANVIL_URL = `http://127.0.0.1:${Number(process.env.E2E_ANVIL_PORT ?? API_PORT + 2000)}`

const address = (key: (typeof ANVIL_KEYS)[number]) => privateKeyToAccount(key).address
/** The server accepts sign-in messages only on the app's chains: the wallets here sign on anvil's. */
const ON_ANVIL = { ethereumChains: ['eip155:31337'] }

function wallet(overrides: Partial<BrowserWalletConfig> = {}): BrowserWalletConfig {
  return { privateKey: ANVIL_KEYS[0], rpcUrl: ANVIL_URL, name: 'Test Wallet', rdns: 'dev.portico.testwallet', ...overrides }
}

async function openWalletList(page: Page, wallets: BrowserWalletConfig[]) {
  await injectTestWallet(page, wallets)
  const appId = await createTestApp(page, page.request, { loginMethods: ['wallet_auth'], ...ON_ANVIL })
  await openApp(page, appId)
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Continue with a wallet' }).click()
  await expect(dialog.getByRole('heading', { name: 'Log in with a wallet' })).toBeVisible()
  return dialog
}

test('default: signs in with an injected wallet: connect, sign to verify, signed in', async ({ page }) => {
  const dialog = await openWalletList(page, [wallet({ prompts: 'hold' })])
  await dialog.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(dialog.getByRole('heading', { name: 'Waiting for Test Wallet' })).toBeVisible()
  await expect.poll(() => page.evaluate(() => window.__portico_test_wallet!.pending())).toEqual(['eth_requestAccounts'])
  await page.evaluate(() => window.__portico_test_wallet!.approve())
  await expect(dialog.getByRole('heading', { name: 'Sign to verify' })).toBeVisible()
  await expect.poll(() => page.evaluate(() => window.__portico_test_wallet!.pending())).toEqual(['personal_sign'])
  await page.evaluate(() => window.__portico_test_wallet!.approve())
  await expect(page.getByTestId('user-wallet')).toHaveText(address(ANVIL_KEYS[0]))
  await expect(page.getByRole('dialog')).toBeHidden()
})

test('behavior: a rejected connection shows the reason and Retry; retrying signs in', async ({ page }) => {
  const dialog = await openWalletList(page, [wallet()])
  await page.evaluate(() => window.__portico_test_wallet!.rejectNext())
  await dialog.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(dialog.getByRole('heading', { name: 'Request rejected' })).toBeVisible()
  await expect(dialog.getByRole('alert')).toHaveText('User rejected the request.')
  await dialog.getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByTestId('user-wallet')).toHaveText(address(ANVIL_KEYS[0]))
})

test('behavior: two injected wallets are listed side by side and each signs with its own key', async ({ page }) => {
  const dialog = await openWalletList(page, [
    wallet({ name: 'Alpha Wallet', rdns: 'dev.alpha' }),
    wallet({ name: 'Beta Wallet', rdns: 'dev.beta', privateKey: ANVIL_KEYS[1] }),
  ])
  const list = dialog.getByRole('list', { name: 'Wallets' })
  // Installed wallets lead; SDK wallets of other connector plugins may follow.
  await expect(list.getByRole('button').nth(0)).toHaveText(/Alpha Wallet/)
  await expect(list.getByRole('button').nth(1)).toHaveText(/Beta Wallet/)
  await list.getByRole('button', { name: /Beta Wallet/ }).click()
  await expect(page.getByTestId('user-wallet')).toHaveText(address(ANVIL_KEYS[1]))
  expect(await page.evaluate(() => window.__portico_test_wallet!.get('dev.alpha').calls())).toEqual([])
})

test('behavior: disconnecting from the wallet (accountsChanged []) removes it from the connected wallets', async ({ page }) => {
  const dialog = await openWalletList(page, [wallet()])
  await dialog.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.getByTestId('connected-wallets')).toHaveText(`${address(ANVIL_KEYS[0])} eip155:31337`)
  await page.evaluate(() => window.__portico_test_wallet!.disconnect())
  await expect(page.getByTestId('connected-wallets')).toHaveText('—')
})

test('behavior: a wallet on another chain is switched to the app chain, adding it first (4902)', async ({ page }) => {
  const dialog = await openWalletList(page, [wallet({ chainId: 1 })])
  await dialog.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.getByTestId('user-wallet')).toHaveText(address(ANVIL_KEYS[0]))
  await expect(page.getByTestId('connected-wallets')).toHaveText(`${address(ANVIL_KEYS[0])} eip155:31337`)
  const calls = await page.evaluate(() => window.__portico_test_wallet!.calls())
  expect(calls).toContain('wallet_addEthereumChain')
  expect(calls.lastIndexOf('wallet_switchEthereumChain')).toBeGreaterThan(calls.indexOf('wallet_addEthereumChain'))
  expect(await page.evaluate(() => window.__portico_test_wallet!.chainId())).toBe(31337)
})

test('behavior: a smart-contract wallet (EIP-1271 on anvil) signs in, its owner key signing for it', async ({ page }) => {
  const owner = privateKeyToAccount(ANVIL_KEYS[2])
  const contract = await deployEip1271Wallet(ANVIL_URL, owner.address)
  await injectTestWallet(page, [wallet({ privateKey: ANVIL_KEYS[2] })])
  // The server checks contract signatures on the chain the message names, through the app's RPC URL.
  const appId = await createTestApp(page, page.request, {
    loginMethods: ['wallet_auth'],
    ...ON_ANVIL,
    chainRpcUrls: { 'eip155:31337': ANVIL_URL },
  })
  await openApp(page, appId)
  await page.evaluate((a) => window.__portico_test_wallet!.setAccount(a), contract)
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Continue with a wallet' }).click()
  await dialog.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.getByTestId('user-wallet')).toHaveText(contract)
  await expect(page.getByRole('dialog')).toBeHidden()
})

test('error: a smart-contract wallet is refused when the app has no RPC URL for its chain', async ({ page }) => {
  const owner = privateKeyToAccount(ANVIL_KEYS[1])
  const contract = await deployEip1271Wallet(ANVIL_URL, owner.address)
  await injectTestWallet(page, [wallet({ privateKey: ANVIL_KEYS[1] })])
  const appId = await createTestApp(page, page.request, { loginMethods: ['wallet_auth'], ...ON_ANVIL })
  await openApp(page, appId)
  await page.evaluate((a) => window.__portico_test_wallet!.setAccount(a), contract)
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Continue with a wallet' }).click()
  await dialog.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(dialog.getByRole('button', { name: 'Retry' })).toBeVisible()
  await expect(page.getByTestId('user-wallet')).toHaveCount(0)
})

test('behavior: connect-only connects a wallet without signing in and asks for no signature', async ({ page }) => {
  await injectTestWallet(page, [wallet()])
  const appId = await createTestApp(page, page.request, { loginMethods: ['wallet_auth'], ...ON_ANVIL })
  await page.goto(`/?app=${appId}`)
  await page.getByRole('button', { name: 'Connect a wallet' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.getByTestId('connected-wallets-signed-out')).toHaveText(address(ANVIL_KEYS[0]))
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible()
  expect(await page.evaluate(() => window.__portico_test_wallet!.calls())).not.toContain('personal_sign')
})
