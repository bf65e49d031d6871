/**
 * A host app's own end-to-end tests, written with `portico/testing` only: sign in with the app's test
 * identity, with a code from the development inbox, with an injected Ethereum wallet (approving and
 * declining its prompts) and with a Wallet Standard Solana wallet.
 */
import { expect, test } from '@playwright/test'
import {
  ANVIL_KEYS,
  approveInPortico,
  rejectInPortico,
  injectTestSolanaWallet,
  injectTestWallet,
  porticoDialog,
  signInWithEmail,
  testWallet,
  type RunningHostApp,
} from 'portico/testing'
import { startHostApp, TEST_IDENTITY } from './page/serve'

/** These tests reach no chain: a wallet's reads would go here and fail. */
const NO_NODE = 'http://127.0.0.1:9'

let app: RunningHostApp
test.beforeAll(async () => {
  app = await startHostApp()
})
test.afterAll(async () => {
  await app?.close()
})

test('a test identity signs in with its fixed code, and no mail is read', async ({ page }) => {
  await page.goto(app.pageUrl)
  await page.getByRole('button', { name: 'Log in' }).click()
  await signInWithEmail(page, TEST_IDENTITY)
  await expect(page.getByTestId('user')).toHaveText(TEST_IDENTITY.email)
  const inbox = await page.request.get(`${app.apiUrl}/dev/messages?to=${encodeURIComponent(TEST_IDENTITY.email)}`)
  expect(await inbox.json()).toEqual([])
})

test("the embedded wallet's signature is approved and declined on Portico's own screen", async ({ page }) => {
  const email = `eve-${Date.now()}@example.com`
  await page.goto(app.pageUrl)
  await page.getByRole('button', { name: 'Log in' }).click()
  await signInWithEmail(page, { email, apiUrl: app.apiUrl })
  // The wallet is created after the login; the button shows once it is listed.
  await page.getByRole('button', { name: 'Sign message' }).click()
  await approveInPortico(page)
  await expect(page.getByTestId('sign-result')).toHaveText(/^signed 0x/)

  await page.getByRole('button', { name: 'Sign message' }).click()
  await rejectInPortico(page)
  await expect(page.getByTestId('sign-result')).toHaveText(/^refused: /)
})

test('any address signs in with the code the development inbox received', async ({ page }) => {
  const email = `ada-${Date.now()}@example.com`
  await page.goto(app.pageUrl)
  await page.getByRole('button', { name: 'Log in' }).click()
  await signInWithEmail(page, { email, apiUrl: app.apiUrl })
  await expect(page.getByTestId('user')).toHaveText(email)
})

test('an injected wallet signs in, signs for the app, and a declined prompt reaches the app as a refusal', async ({ page }) => {
  // On the app's default chain (Ethereum), sign-in and personal_sign are answered by the wallet's
  // key alone: no node is asked.
  await injectTestWallet(page, [{ privateKey: ANVIL_KEYS[1], rpcUrl: NO_NODE, chainId: 1, name: 'Test Wallet' }])
  await page.goto(app.pageUrl)
  const wallet = testWallet(page)
  await page.getByRole('button', { name: 'Log in' }).click()
  await porticoDialog(page).getByRole('button', { name: 'Continue with a wallet' }).click()
  await porticoDialog(page).getByRole('button', { name: /Test Wallet/ }).click()
  await expect(page.getByTestId('user')).toHaveText(await wallet.address(), { ignoreCase: true })

  await page.getByRole('button', { name: 'Sign message' }).click()
  await expect(page.getByTestId('sign-result')).toHaveText(/^signed 0x/)

  await wallet.rejectNext()
  await page.getByRole('button', { name: 'Sign message' }).click()
  await expect(page.getByTestId('sign-result')).toHaveText(/^refused: /)
  expect(await wallet.calls()).toContain('personal_sign')
})

test('a held prompt waits until the test approves it', async ({ page }) => {
  await injectTestWallet(page, [{ privateKey: ANVIL_KEYS[2], rpcUrl: NO_NODE, chainId: 1, name: 'Test Wallet', prompts: 'hold' }])
  await page.goto(app.pageUrl)
  const wallet = testWallet(page)
  await page.getByRole('button', { name: 'Log in' }).click()
  await porticoDialog(page).getByRole('button', { name: 'Continue with a wallet' }).click()
  await porticoDialog(page).getByRole('button', { name: /Test Wallet/ }).click()
  await expect.poll(() => wallet.pending()).toEqual(['eth_requestAccounts'])
  await wallet.approve()
  await expect.poll(() => wallet.pending()).toEqual(['personal_sign'])
  await wallet.approve()
  await expect(page.getByTestId('user')).toHaveText(await wallet.address(), { ignoreCase: true })
})

test('the Solana test wallet signs in through the Wallet Standard', async ({ page }) => {
  await injectTestSolanaWallet(page)
  await page.goto(app.pageUrl)
  await page.getByRole('button', { name: 'Log in' }).click()
  await porticoDialog(page).getByRole('button', { name: 'Continue with a wallet' }).click()
  await porticoDialog(page).getByRole('button', { name: /Test Solana Wallet/ }).click()
  await expect(porticoDialog(page)).toBeHidden()
  const address = await page.evaluate(() => window.__portico_test_solana_wallet!.address)
  await expect(page.getByTestId('user')).toHaveText(address)
})
