/**
 * The MoonPay and Coinbase funding methods in a browser, against the real server and the local
 * stand-ins of MoonPay and Coinbase Onramp (test/fixtures/funding): a signed-in user opens funding,
 * picks a card or exchange tile, confirms the amount, and buys in the provider's window; the
 * stand-in credits the wallet on anvil and the status screen finishes the funding. Also: a failed
 * purchase, a window closed three times, a blocked window.
 */
import { test, expect, type Page, type APIRequestContext } from '@playwright/test'
import { startHostPage, type HostPage } from '../support/host-page'
import { rpc } from '../fixtures/anvil'
import { startMoonpayStandIn, type MoonpayStandIn } from '../fixtures/funding/moonpay'
import { coinbaseTestKey, startCoinbaseOnrampStandIn, type CoinbaseStandIn } from '../fixtures/funding/coinbase-onramp'
import { ADMIN_KEY, apiUrlOf, signIn } from './helpers'
import { COINBASE_STAND_IN_PORT, MOONPAY_STAND_IN_PORT } from '../../playwright.config'

const MOONPAY_KEYS = { apiKey: 'pk_test_portico_e2e', secretKey: 'sk_test_portico_e2e_secret' }
const COINBASE_KEY = coinbaseTestKey()
const COINBASE_ACCOUNT = { projectId: 'portico-e2e', apiKeyName: 'organizations/portico/apiKeys/e2e', apiKeySecret: COINBASE_KEY.apiKeySecret }

let host: HostPage | null = null
let moonpay: MoonpayStandIn | null = null
let coinbase: CoinbaseStandIn | null = null
let anvilUrl = ''

/** Credits a wallet on anvil with what a stand-in purchase bought (ETH, 18 decimals). */
async function credit(address: string, amount: string | number): Promise<void> {
  const balance = BigInt(await rpc<string>(anvilUrl, 'eth_getBalance', [address, 'latest']))
  const [whole, fraction = ''] = String(amount).split('.')
  const wei = BigInt(whole!) * 10n ** 18n + BigInt((fraction + '0'.repeat(18)).slice(0, 18))
  await rpc(anvilUrl, 'anvil_setBalance', [address, `0x${(balance + wei).toString(16)}`])
}

/** The host page with the stand-ins' URLs; the query names the app, the wallet and the card provider. */
function startHost(apiUrl: string): Promise<HostPage> {
  return startHostPage({
    entry: 'test/e2e/funding-providers/page.tsx',
    title: 'Funding providers',
    metas: { 'portico-api-url': apiUrl, 'portico-anvil-url': anvilUrl, 'moonpay-api-url': moonpay!.url, 'coinbase-pay-url': coinbase!.url },
    params: { 'portico-app-id': 'app', 'funding-wallet': 'wallet', 'card-provider': 'card' },
  })
}

test.afterAll(async () => {
  await host?.close()
  await moonpay?.close()
  await coinbase?.close()
  host = moonpay = coinbase = null
})

/** A fresh wallet address to fund (its anvil balance starts at 0). */
function freshWallet(): string {
  return `0x${Array.from(crypto.getRandomValues(new Uint8Array(20)), (b) => b.toString(16).padStart(2, '0')).join('')}`
}

/** Starts what the tests share, creates an app with both providers' keys, and returns the page URL for a fresh wallet. */
async function fundingApp(page: Page, request: APIRequestContext, card: 'moonpay' | 'coinbase'): Promise<{ url: string; wallet: string }> {
  await page.goto('/')
  const apiUrl = await apiUrlOf(page)
  anvilUrl ||= (await page.locator('meta[name="portico-anvil-url"]').getAttribute('content'))!
  moonpay ??= await startMoonpayStandIn({ keys: [MOONPAY_KEYS], port: MOONPAY_STAND_IN_PORT, credit: (p) => credit(p.walletAddress, p.quoteCurrencyAmount) })
  coinbase ??= await startCoinbaseOnrampStandIn({
    projectId: COINBASE_ACCOUNT.projectId,
    apiKeyName: COINBASE_ACCOUNT.apiKeyName,
    publicKeyPem: COINBASE_KEY.publicKeyPem,
    port: COINBASE_STAND_IN_PORT,
    credit: (p) => credit(p.address, p.amount),
  })
  host ??= await startHost(apiUrl)
  const res = await request.post(`${apiUrl}/admin/v1/apps`, {
    headers: { authorization: `Bearer ${ADMIN_KEY}` },
    data: { name: 'Harbor', allowed_origins: [host.origin], settings: { loginMethods: ['email_auth'], moonpay: { sandbox: MOONPAY_KEYS }, coinbaseOnramp: COINBASE_ACCOUNT } },
  })
  expect(res.status(), await res.text()).toBe(200)
  const wallet = freshWallet()
  return { url: `${host.origin}/?app=${((await res.json()) as { id: string }).id}&wallet=${wallet}&card=${card}`, wallet }
}

const balanceOf = async (wallet: string) => BigInt(await rpc<string>(anvilUrl, 'eth_getBalance', [wallet, 'latest']))

/** Signs in, opens funding and the named tile; returns the dialog. */
async function openTile(page: Page, request: APIRequestContext, card: 'moonpay' | 'coinbase', tile: string) {
  const app = await fundingApp(page, request, card)
  await signIn(page, request, `funding-${card}`, app.url)
  await page.getByRole('button', { name: 'Add funds' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Add funds to your Harbor wallet' })).toBeVisible()
  await dialog.getByRole('list', { name: 'Funding methods' }).getByRole('button', { name: tile }).click()
  await expect(dialog.getByRole('heading', { name: 'Confirm or edit amount' })).toBeVisible()
  return { dialog, wallet: app.wallet }
}

test('MoonPay: the signed widget opens, a completed purchase credits the wallet and finishes the funding', async ({ page, request }) => {
  const { dialog, wallet } = await openTile(page, request, 'moonpay', 'Pay with card')
  await expect(dialog.getByLabel('Amount (ETH)')).toHaveValue('0.05')
  const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Continue' }).click()])
  await expect(popup.getByRole('heading', { name: 'MoonPay stand-in' })).toBeVisible()
  await expect(popup.getByText('Buy 0.05 eth')).toBeVisible()
  await expect(dialog.getByRole('heading', { name: 'In progress' })).toBeVisible()
  await dialog.screenshot({ path: test.info().outputPath('funding-moonpay-in-progress.png'), animations: 'disabled' })
  await popup.getByRole('button', { name: 'Complete purchase' }).click()
  await expect(popup.getByRole('status')).toHaveText('Purchase complete')
  await expect(dialog.getByRole('heading', { name: 'Funds added' })).toBeVisible()
  await expect(page.getByTestId('funding-result')).toHaveText('completed moonpay-card 0.05')
  expect(await balanceOf(wallet)).toBe(50_000_000_000_000_000n)
})

test('MoonPay: a failed purchase goes back to the methods with the spec text', async ({ page, request }) => {
  const { dialog, wallet } = await openTile(page, request, 'moonpay', 'Pay with card')
  const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Continue' }).click()])
  await popup.getByRole('button', { name: 'Fail purchase' }).click()
  await expect(dialog.getByText('Something went wrong adding funds from Moonpay. Please try again or use another method to fund your wallet.')).toBeVisible()
  await expect(dialog.getByRole('heading', { name: 'Add funds to your Harbor wallet' })).toBeVisible()
  expect(await balanceOf(wallet)).toBe(0n)
})

test('Coinbase: a card purchase through the session token credits the wallet and finishes the funding', async ({ page, request }) => {
  const { dialog, wallet } = await openTile(page, request, 'coinbase', 'Pay with card')
  const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Continue' }).click()])
  await expect(popup.getByRole('heading', { name: 'Coinbase Onramp stand-in' })).toBeVisible()
  await expect(popup.getByText('Buy 0.05 ETH on base')).toBeVisible()
  await expect(popup.getByText('Pay with CARD')).toBeVisible()
  await popup.getByRole('button', { name: 'Complete purchase' }).click()
  await expect(dialog.getByRole('heading', { name: 'Funds added' })).toBeVisible()
  await expect(page.getByTestId('funding-result')).toHaveText('completed coinbase-card 0.05')
  expect(await balanceOf(wallet)).toBe(50_000_000_000_000_000n)
})

test('Coinbase: closing the window three times while pending goes back with the alternate-method hint', async ({ page, request }) => {
  const { dialog } = await openTile(page, request, 'coinbase', 'Transfer from an exchange')
  let [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Continue' }).click()])
  for (let close = 1; close <= 3; close++) {
    await expect(popup.getByRole('heading')).toBeVisible()
    await popup.close()
    if (close === 3) break
    await expect(dialog.getByRole('heading', { name: 'Confirming your purchase' })).toBeVisible()
    ;[popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Open Coinbase again' }).click()])
    await expect(dialog.getByRole('heading', { name: 'In progress' })).toBeVisible()
  }
  await expect(dialog.getByText('The Coinbase window was closed before the purchase finished. Try another method to fund your wallet.')).toBeVisible()
  await expect(dialog.getByRole('heading', { name: 'Add funds to your Harbor wallet' })).toBeVisible()
})

test("a blocked window shows 'Unable to initialize flow' and stays on the amount", async ({ page, request }) => {
  const { dialog } = await openTile(page, request, 'coinbase', 'Pay with card')
  // What a browser's popup blocker does: window.open answers null.
  await page.evaluate(() => {
    window.open = () => null
  })
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog.getByText('Unable to initialize flow')).toBeVisible()
  await expect(dialog.getByRole('heading', { name: 'Confirm or edit amount' })).toBeVisible()
})
