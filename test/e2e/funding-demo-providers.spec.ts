/**
 * The demo's card and exchange tiles (`?funding=on`): the MoonPay and Coinbase Onramp stand-ins the
 * development server names to the demo page (`portico-dev-moonpay-url`, `portico-dev-coinbase-url`)
 * sell to a new user's embedded wallets, and a purchase completed on the stand-in's page arrives on
 * the local chains: ETH on anvil for the Ethereum wallet (MoonPay), SOL on the local cluster for the
 * Solana wallet (Coinbase, the demo funding Solana on devnet, which the local cluster stands for).
 */
import { test, expect, type Page, type APIRequestContext } from '@playwright/test'
import { apiUrlOf, createTestApp, freshEmail, latestCode, openModal, submitEmail, typeCode } from './helpers'
import { rpc } from '../fixtures/anvil'
import { readBalance } from '../../plugins/funding/balance'
import { startCardStandIns, type CardStandIns } from './funding-providers/stand-ins'

let standIns: CardStandIns | null = null

test.afterAll(async () => {
  await standIns?.close()
  standIns = null
})

/** The page's local chains, and the stand-ins crediting purchases on them. */
async function chainsOf(page: Page): Promise<{ anvilUrl: string; solanaUrl: string }> {
  if (page.url() === 'about:blank') await page.goto('/')
  const anvilUrl = (await page.locator('meta[name="portico-anvil-url"]').getAttribute('content'))!
  const solanaUrl = (await page.locator('meta[name="portico-solana-url"]').getAttribute('content'))!
  standIns ??= await startCardStandIns({ evmUrl: anvilUrl, solanaUrl, solanaCluster: 'devnet' })
  return { anvilUrl, solanaUrl }
}

/** Logs a new email user in on an app with the stand-ins' keys; the demo creates their embedded wallets. */
async function logInNewUser(page: Page, request: APIRequestContext, query: string): Promise<void> {
  const appId = await createTestApp(page, request, { loginMethods: ['email_auth'], ...standIns!.settings })
  const email = freshEmail('funding-demo-card')
  await openModal(page, `/?app=${appId}&funding=on${query}`)
  await submitEmail(page, email)
  await typeCode(page, await latestCode(request, await apiUrlOf(page), email))
  await expect(page.getByRole('dialog')).toBeHidden()
}

test("the demo's MoonPay tile: a card purchase of 0.05 ETH for the embedded wallet arrives on the local chain", async ({ page, request }) => {
  const { anvilUrl } = await chainsOf(page)
  await logInNewUser(page, request, '&embedded=on-login')
  await expect(page.getByTestId('embedded-wallets')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  const wallet = (await page.getByTestId('embedded-wallets').textContent())!
  const before = BigInt(await rpc<string>(anvilUrl, 'eth_getBalance', [wallet, 'latest']))

  await page.getByRole('textbox', { name: 'Funding amount' }).fill('0.05')
  await page.getByRole('button', { name: 'Fund the Ethereum wallet' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('list', { name: 'Funding methods' }).getByRole('button', { name: 'Pay with card' }).click()
  await expect(dialog.getByRole('heading', { name: 'Confirm or edit amount' })).toBeVisible()
  const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Continue' }).click()])
  await expect(popup.getByRole('heading', { name: 'MoonPay stand-in' })).toBeVisible()
  await expect(popup.getByText('Buy 0.05 eth')).toBeVisible()
  await expect(popup.getByText(`To ${wallet}`)).toBeVisible()
  await popup.getByRole('button', { name: 'Complete purchase' }).click()
  await expect(popup.getByRole('status')).toHaveText('Purchase complete')
  await expect(dialog.getByRole('heading', { name: 'Funds added' })).toBeVisible()
  await expect(page.getByTestId('funding-result')).toHaveText(/^completed moonpay-card 0\.05 \{"externalTransactionId":"[0-9a-f-]{36}"\}$/)
  expect(BigInt(await rpc<string>(anvilUrl, 'eth_getBalance', [wallet, 'latest'])) - before).toBe(50_000_000_000_000_000n)
})

test("the demo's Coinbase tile (?card=coinbase): a card purchase of 0.05 SOL for the embedded Solana wallet arrives on the local cluster", async ({ page, request }) => {
  const { solanaUrl } = await chainsOf(page)
  await logInNewUser(page, request, '&embedded=solana&card=coinbase')
  await expect(page.getByTestId('embedded-solana-wallet')).toHaveText(/^[1-9A-HJ-NP-Za-km-z]{32,44}$/)
  const wallet = (await page.getByTestId('embedded-solana-wallet').textContent())!
  expect(await readBalance(solanaUrl, 'solana', wallet, null)).toBe(0n)

  await page.getByRole('textbox', { name: 'Funding amount' }).fill('0.05')
  await page.getByRole('button', { name: 'Fund the Solana wallet' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('list', { name: 'Funding methods' }).getByRole('button', { name: 'Pay with card' }).click()
  await expect(dialog.getByRole('heading', { name: 'Confirm or edit amount' })).toBeVisible()
  const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Continue' }).click()])
  await expect(popup.getByRole('heading', { name: 'Coinbase Onramp stand-in' })).toBeVisible()
  await expect(popup.getByText('Buy 0.05 SOL on solana')).toBeVisible()
  await expect(popup.getByText(`To ${wallet}`)).toBeVisible()
  await popup.getByRole('button', { name: 'Complete purchase' }).click()
  await expect(dialog.getByRole('heading', { name: 'Funds added' })).toBeVisible()
  await expect(page.getByTestId('funding-result')).toHaveText(/^completed coinbase-card 0\.05 \{"partnerUserId":"[0-9a-f]{16}-[0-9a-f]{24}"\}$/)
  expect(await readBalance(solanaUrl, 'solana', wallet, null)).toBe(50_000_000n)
})
