/**
 * The MoonPay and Coinbase funding methods in a browser, against the real server and the local
 * stand-ins of MoonPay and Coinbase Onramp (test/fixtures/funding): a signed-in user opens funding,
 * picks a card or exchange tile, confirms the amount, and buys in the provider's window; the
 * stand-in credits the wallet on the local chain and the status screen finishes the funding. Also:
 * a failed purchase, a window closed three times, a blocked window. On anvil (EVM), whose USDC is a
 * 6-decimals test token (test/fixtures/tokens) the page names as the chain's USDC (`usdcAddresses`)
 * and the stand-ins mint, and on Solana's mainnet-beta, where the providers sell, which the page
 * points at the local litesvm cluster.
 */
import { test, expect, type Locator, type Page, type APIRequestContext } from '@playwright/test'
import { startHostPage, type HostPage } from '../support/host-page'
import { rpc } from '../fixtures/anvil'
import { testKey } from '../fixtures/solana-rpc/spl'
import { readBalance } from '../../plugins/funding/balance'
import { deployTestTokens, type TestTokens } from '../fixtures/tokens'
import { startCardStandIns, type CardStandIns } from './funding-providers/stand-ins'
import { ADMIN_KEY, apiUrlOf, signIn } from './helpers'

let host: HostPage | null = null
let standIns: CardStandIns | null = null
/** The anvil's test USDC (its `usd` token). */
let tokens: TestTokens | null = null
let anvilUrl = ''
let solanaUrl = ''

/** The host page with the stand-ins' URLs; the query names the app, the wallet, the card provider, the chain and the asset. */
function startHost(apiUrl: string): Promise<HostPage> {
  return startHostPage({
    entry: 'test/e2e/funding-providers/page.tsx',
    title: 'Funding providers',
    metas: {
      'portico-api-url': apiUrl,
      'portico-anvil-url': anvilUrl,
      'portico-solana-url': solanaUrl,
      'moonpay-api-url': standIns!.moonpay.url,
      'coinbase-pay-url': standIns!.coinbase.url,
      'anvil-usdc': tokens!.usd,
    },
    params: { 'portico-app-id': 'app', 'funding-wallet': 'wallet', 'card-provider': 'card', 'funding-chain': 'chain', 'funding-asset': 'asset' },
  })
}

test.afterAll(async () => {
  await host?.close()
  await standIns?.close()
  host = standIns = null
})

type Chain = 'anvil' | 'solana'
type Asset = 'native-currency' | 'USDC'

/** A fresh wallet address to fund (its balance starts at 0): an EVM address, or a Solana one. */
function freshWallet(chain: Chain): string {
  if (chain === 'solana') return testKey().address
  return `0x${Array.from(crypto.getRandomValues(new Uint8Array(20)), (b) => b.toString(16).padStart(2, '0')).join('')}`
}

/** Starts what the tests share, creates an app with both providers' keys, and returns the page URL for a fresh wallet. */
async function fundingApp(page: Page, request: APIRequestContext, card: 'moonpay' | 'coinbase', chain: Chain, asset: Asset): Promise<{ url: string; wallet: string }> {
  await page.goto('/')
  const apiUrl = await apiUrlOf(page)
  anvilUrl ||= (await page.locator('meta[name="portico-anvil-url"]').getAttribute('content'))!
  solanaUrl ||= (await page.locator('meta[name="portico-solana-url"]').getAttribute('content'))!
  tokens ??= await deployTestTokens(anvilUrl)
  standIns ??= await startCardStandIns({ evmUrl: anvilUrl, evmUsdc: tokens.usd, solanaUrl, solanaCluster: 'mainnet-beta' })
  host ??= await startHost(apiUrl)
  const res = await request.post(`${apiUrl}/admin/v1/apps`, {
    headers: { authorization: `Bearer ${ADMIN_KEY}` },
    data: { name: 'Harbor', allowed_origins: [host.origin], settings: { loginMethods: ['email_auth'], ...standIns.settings } },
  })
  expect(res.status(), await res.text()).toBe(200)
  const wallet = freshWallet(chain)
  const app = ((await res.json()) as { id: string }).id
  return { url: `${host.origin}/?app=${app}&wallet=${wallet}&card=${card}&chain=${chain}&asset=${asset}`, wallet }
}

const balanceOf = async (wallet: string) => BigInt(await rpc<string>(anvilUrl, 'eth_getBalance', [wallet, 'latest']))

/** A wallet's test USDC on anvil, in units (6 decimals), read from the token contract. */
const usdcOf = (wallet: string) => readBalance(anvilUrl, 'ethereum', wallet, tokens!.usd)

/** Circle's USDC mint on mainnet-beta, which the local cluster holds too. */
const MAINNET_USDC = 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v'

/** A Solana wallet's balance on the local cluster: lamports, or USDC units. */
const solanaBalanceOf = (wallet: string, asset: Asset) => readBalance(solanaUrl, 'solana', wallet, asset === 'USDC' ? MAINNET_USDC : null)

/** Signs in, opens funding and the named tile; returns the dialog. */
async function openTile(page: Page, request: APIRequestContext, card: 'moonpay' | 'coinbase', tile: string, chain: Chain = 'anvil', asset: Asset = 'native-currency', theme: 'light' | 'dark' = 'light') {
  const app = await fundingApp(page, request, card, chain, asset)
  await signIn(page, request, `funding-${card}`, `${app.url}&theme=${theme}`)
  await page.getByRole('button', { name: 'Add funds' }).click()
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: 'Add funds to your Harbor wallet' })).toBeVisible()
  await dialog.getByRole('list', { name: 'Funding methods' }).getByRole('button', { name: tile }).click()
  await expect(dialog.getByRole('heading', { name: 'Confirm or edit amount' })).toBeVisible()
  return { dialog, wallet: app.wallet }
}

/** Continues to Coinbase's window, then closes it three times while pending, opening it again between closes. */
async function closeCoinbaseThreeTimes(page: Page, dialog: Locator) {
  let [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Continue' }).click()])
  for (let close = 1; close <= 3; close++) {
    await expect(popup.getByRole('heading')).toBeVisible()
    await popup.close()
    if (close === 3) break
    await expect(dialog.getByRole('heading', { name: 'Confirming your purchase' })).toBeVisible()
    ;[popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Open Coinbase again' }).click()])
    await expect(dialog.getByRole('heading', { name: 'In progress' })).toBeVisible()
  }
}

/** Presses Continue with windows blocked, as a browser's popup blocker does: `window.open` answers null. */
async function continueWithWindowsBlocked(page: Page, dialog: Locator) {
  await page.evaluate(() => {
    window.open = () => null
  })
  await dialog.getByRole('button', { name: 'Continue' }).click()
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

test("MoonPay sells the anvil chain's USDC ('usdc'): the completed purchase mints it to the wallet on chain", async ({ page, request }) => {
  const { dialog, wallet } = await openTile(page, request, 'moonpay', 'Pay with card', 'anvil', 'USDC')
  await expect(dialog.getByLabel('Amount (USDC)')).toHaveValue('0.05')
  const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Continue' }).click()])
  await expect(popup.getByText('Buy 0.05 usdc', { exact: true })).toBeVisible()
  await expect(popup.getByText(`To ${wallet}`)).toBeVisible()
  await expect(dialog.getByRole('heading', { name: 'In progress' })).toBeVisible()
  expect(await usdcOf(wallet)).toBe(0n)
  await popup.getByRole('button', { name: 'Complete purchase' }).click()
  await expect(popup.getByRole('status')).toHaveText('Purchase complete')
  await expect(dialog.getByRole('heading', { name: 'Funds added' })).toBeVisible()
  await expect(page.getByTestId('funding-result')).toHaveText('completed moonpay-card 0.05')
  expect(await usdcOf(wallet)).toBe(50_000n)
  expect(await balanceOf(wallet)).toBe(0n)
})

test('Coinbase: USDC bought by card on anvil (posing as base) is minted to the wallet and finishes the funding', async ({ page, request }) => {
  const { dialog, wallet } = await openTile(page, request, 'coinbase', 'Pay with card', 'anvil', 'USDC')
  await expect(dialog.getByLabel('Amount (USDC)')).toHaveValue('0.05')
  const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Continue' }).click()])
  await expect(popup.getByText('Buy 0.05 USDC on base')).toBeVisible()
  expect(standIns!.coinbase.tokenCalls.at(-1)).toMatchObject({ addresses: [{ address: wallet, blockchains: ['base'] }], assets: ['USDC'] })
  await popup.getByRole('button', { name: 'Complete purchase' }).click()
  await expect(dialog.getByRole('heading', { name: 'Funds added' })).toBeVisible()
  await expect(page.getByTestId('funding-result')).toHaveText('completed coinbase-card 0.05')
  expect(await usdcOf(wallet)).toBe(50_000n)
})

test('Coinbase: closing the window three times while pending goes back with the alternate-method hint', async ({ page, request }) => {
  const { dialog } = await openTile(page, request, 'coinbase', 'Transfer from an exchange')
  await closeCoinbaseThreeTimes(page, dialog)
  await expect(dialog.getByText('The Coinbase window was closed before the purchase finished. Try another method to fund your wallet.')).toBeVisible()
  await expect(dialog.getByRole('heading', { name: 'Add funds to your Harbor wallet' })).toBeVisible()
})

test("a blocked window shows 'Unable to initialize flow' and stays on the amount", async ({ page, request }) => {
  const { dialog } = await openTile(page, request, 'coinbase', 'Pay with card')
  await continueWithWindowsBlocked(page, dialog)
  await expect(dialog.getByText('Unable to initialize flow')).toBeVisible()
  await expect(dialog.getByRole('heading', { name: 'Confirm or edit amount' })).toBeVisible()
})

test.describe('on Solana (mainnet-beta, the local cluster posing as it)', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`${theme}, phone: MoonPay sells SOL ('sol'); the completed purchase credits the Solana wallet on the cluster and finishes the funding`, async ({ page, request }) => {
      await page.setViewportSize({ width: 390, height: 844 })
      const { dialog, wallet } = await openTile(page, request, 'moonpay', 'Pay with card', 'solana', 'native-currency', theme)
      await expect(dialog.getByLabel('Amount (SOL)')).toHaveValue('0.05')
      await page.screenshot({ path: test.info().outputPath(`funding-moonpay-solana-amount-phone-${theme}.png`), animations: 'disabled' })
      const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Continue' }).click()])
      await expect(popup.getByRole('heading', { name: 'MoonPay stand-in' })).toBeVisible()
      await expect(popup.getByText('Buy 0.05 sol')).toBeVisible()
      await expect(popup.getByText(`To ${wallet}`)).toBeVisible()
      await expect(dialog.getByRole('heading', { name: 'In progress' })).toBeVisible()
      await page.screenshot({ path: test.info().outputPath(`funding-moonpay-solana-in-progress-phone-${theme}.png`), animations: 'disabled' })
      expect(await solanaBalanceOf(wallet, 'native-currency')).toBe(0n)
      await popup.getByRole('button', { name: 'Complete purchase' }).click()
      await expect(popup.getByRole('status')).toHaveText('Purchase complete')
      await expect(dialog.getByRole('heading', { name: 'Funds added' })).toBeVisible()
      await page.screenshot({ path: test.info().outputPath(`funding-moonpay-solana-done-phone-${theme}.png`), animations: 'disabled' })
      await expect(page.getByTestId('funding-result')).toHaveText('completed moonpay-card 0.05')
      expect(await solanaBalanceOf(wallet, 'native-currency')).toBe(50_000_000n)
    })
  }

  test("MoonPay sells USDC ('usdc_sol'): the purchase mints Circle's mainnet-beta USDC to the wallet", async ({ page, request }) => {
    const { dialog, wallet } = await openTile(page, request, 'moonpay', 'Pay with card', 'solana', 'USDC')
    await expect(dialog.getByLabel('Amount (USDC)')).toHaveValue('0.05')
    const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Continue' }).click()])
    await expect(popup.getByText('Buy 0.05 usdc_sol')).toBeVisible()
    await popup.getByRole('button', { name: 'Complete purchase' }).click()
    await expect(dialog.getByRole('heading', { name: 'Funds added' })).toBeVisible()
    await expect(page.getByTestId('funding-result')).toHaveText('completed moonpay-card 0.05')
    expect(await solanaBalanceOf(wallet, 'USDC')).toBe(50_000n)
  })

  test('MoonPay: a failed purchase goes back to the methods with the spec text and credits nothing', async ({ page, request }) => {
    const { dialog, wallet } = await openTile(page, request, 'moonpay', 'Pay with card', 'solana')
    const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Continue' }).click()])
    await expect(popup.getByText('Buy 0.05 sol')).toBeVisible()
    await popup.getByRole('button', { name: 'Fail purchase' }).click()
    await expect(dialog.getByText('Something went wrong adding funds from Moonpay. Please try again or use another method to fund your wallet.')).toBeVisible()
    await expect(dialog.getByRole('heading', { name: 'Add funds to your Harbor wallet' })).toBeVisible()
    expect(await solanaBalanceOf(wallet, 'native-currency')).toBe(0n)
  })

  test("phone: Coinbase sells SOL on its 'solana' network: a card purchase credits the wallet on the cluster and finishes the funding", async ({ page, request }) => {
    await page.setViewportSize({ width: 390, height: 844 })
    const { dialog, wallet } = await openTile(page, request, 'coinbase', 'Pay with card', 'solana')
    await expect(dialog.getByLabel('Amount (SOL)')).toHaveValue('0.05')
    await expect(dialog.getByText(`Buy SOL on Solana mainnet-beta with Coinbase for ${wallet.slice(0, 6)}…${wallet.slice(-4)}.`)).toBeVisible()
    await page.screenshot({ path: test.info().outputPath('funding-coinbase-solana-amount-phone-light.png'), animations: 'disabled' })
    const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Continue' }).click()])
    await expect(dialog.getByRole('heading', { name: 'In progress' })).toBeVisible()
    await page.screenshot({ path: test.info().outputPath('funding-coinbase-solana-in-progress-phone-light.png'), animations: 'disabled' })
    await expect(popup.getByRole('heading', { name: 'Coinbase Onramp stand-in' })).toBeVisible()
    await expect(popup.getByText('Buy 0.05 SOL on solana')).toBeVisible()
    await expect(popup.getByText(`To ${wallet}`)).toBeVisible()
    expect(standIns!.coinbase.tokenCalls.at(-1)).toMatchObject({ addresses: [{ address: wallet, blockchains: ['solana'] }], assets: ['SOL'] })
    await popup.getByRole('button', { name: 'Complete purchase' }).click()
    await expect(dialog.getByRole('heading', { name: 'Funds added' })).toBeVisible()
    await expect(page.getByTestId('funding-result')).toHaveText('completed coinbase-card 0.05')
    expect(await solanaBalanceOf(wallet, 'native-currency')).toBe(50_000_000n)
  })

  test('Coinbase: USDC from an exchange is minted at the mainnet-beta mint to the wallet', async ({ page, request }) => {
    const { dialog, wallet } = await openTile(page, request, 'coinbase', 'Transfer from an exchange', 'solana', 'USDC')
    const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Continue' }).click()])
    await expect(popup.getByText('Buy 0.05 USDC on solana')).toBeVisible()
    await expect(popup.getByText('Pay with CRYPTO_ACCOUNT')).toBeVisible()
    await popup.getByRole('button', { name: 'Complete purchase' }).click()
    await expect(dialog.getByRole('heading', { name: 'Funds added' })).toBeVisible()
    await expect(page.getByTestId('funding-result')).toHaveText('completed coinbase-exchange 0.05')
    expect(await solanaBalanceOf(wallet, 'USDC')).toBe(50_000n)
  })

  test('Coinbase: a failed purchase goes back to the methods with the spec text and credits nothing', async ({ page, request }) => {
    const { dialog, wallet } = await openTile(page, request, 'coinbase', 'Pay with card', 'solana')
    const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: 'Continue' }).click()])
    await expect(popup.getByText('Buy 0.05 SOL on solana')).toBeVisible()
    await popup.getByRole('button', { name: 'Fail purchase' }).click()
    await expect(dialog.getByText('Something went wrong adding funds. Please try again or use another method.')).toBeVisible()
    await expect(dialog.getByRole('heading', { name: 'Add funds to your Harbor wallet' })).toBeVisible()
    expect(await solanaBalanceOf(wallet, 'native-currency')).toBe(0n)
  })

  test('Coinbase: closing the window three times while pending goes back with the alternate-method hint', async ({ page, request }) => {
    const { dialog, wallet } = await openTile(page, request, 'coinbase', 'Transfer from an exchange', 'solana')
    await closeCoinbaseThreeTimes(page, dialog)
    await expect(dialog.getByText('The Coinbase window was closed before the purchase finished. Try another method to fund your wallet.')).toBeVisible()
    await expect(dialog.getByRole('heading', { name: 'Add funds to your Harbor wallet' })).toBeVisible()
    expect(await solanaBalanceOf(wallet, 'native-currency')).toBe(0n)
  })

  test("Coinbase: a blocked window shows 'Unable to initialize flow' and stays on the amount", async ({ page, request }) => {
    const { dialog } = await openTile(page, request, 'coinbase', 'Pay with card', 'solana')
    await continueWithWindowsBlocked(page, dialog)
    await expect(dialog.getByText('Unable to initialize flow')).toBeVisible()
    await expect(dialog.getByRole('heading', { name: 'Confirm or edit amount' })).toBeVisible()
  })
})
