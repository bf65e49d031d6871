/**
 * 'Bridge from another network' in a browser, against the real server, the bridge quote stand-in
 * (test/fixtures/funding/bridge-quotes.ts, settling what it quoted between the two anvils) and two
 * anvils, each with a 6-decimals test USDC: the paying wallet holds ether only on 'Anvil Two', so
 * 'Transfer from wallet' cannot send directly on 'Anvil' and the bridge asks for quotes; the user
 * picks one of two, the wallet sends its deposit on Anvil Two, and once the stand-in credits Anvil
 * the funding succeeds. USDC is bridged the same way (an approval, then the deposit). A wallet
 * holding ether on Anvil but no USDC anywhere swaps it for USDC through the service's swap call
 * (its testnet base, Anvil being flagged a testnet). A wallet holding ether on Anvil Two only, asked
 * for USDC on Anvil, swaps and bridges it in one quote: the screen shows what is paid in ether and
 * what is received in USDC, and the stand-in settles it as USDC on Anvil; a wallet holding too little
 * anywhere is told 'Wallet {address} does not have enough funds.'. A quote service that refuses shows the spec's
 * 'Unable to fetch quotes for bridging…'; a Solana wallet on devnet, offered because bridging is on,
 * gets 'Bridging is not supported on Solana testnets and devnets' before any quote is asked.
 * Screenshots light and dark, desktop and phone.
 */
import { test, expect, type Page, type APIRequestContext } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { rpc, startAnvil, type Anvil } from '../fixtures/anvil'
import { startBridgeQuoteStandIn, type BridgeQuoteStandIn } from '../fixtures/funding/bridge-quotes'
import { deployTestTokens, type TestTokens } from '../fixtures/tokens'
import { startHostPage, type HostPage } from '../support/host-page'
import { injectTestWallet } from '../../testing/evm-wallet/inject'
import { injectTestSolanaWallet } from '../../testing/solana-wallet/inject'
import { ADMIN_KEY, apiUrlOf, signIn } from './helpers'

const DEPOSIT = '0x00000000000000000000000000000000b41d6e00'
const AMOUNT = 50_000_000_000_000_000n

let host: HostPage | null = null
let bridge: BridgeQuoteStandIn | null = null
let anvilTwo: Anvil | null = null
let anvilUrl = ''
let usdc: TestTokens | null = null
let usdcTwo: TestTokens | null = null

test.afterAll(async () => {
  await host?.close()
  await bridge?.close()
  await anvilTwo?.close()
  host = bridge = anvilTwo = null
})

const balanceOn = async (url: string, address: string) => BigInt(await rpc<string>(url, 'eth_getBalance', [address, 'latest']))
/** `balanceOf(owner)` of a token, read on a chain. */
const tokenBalanceOn = async (url: string, token: string, owner: string) => BigInt(await rpc<string>(url, 'eth_call', [{ to: token, data: `0x70a08231${owner.slice(2).toLowerCase().padStart(64, '0')}` }, 'latest']))

/** How the test's payer is set up: the asset asked for, the chain its wallet sends on, its USDC on Anvil Two. */
interface Payer {
  asset?: 'USDC'
  on?: 'anvil' | 'anvil-two'
  usdcOnTwo?: bigint
  /** The payer's ether (wei) on the chain it sends on. @defaultValue 1 ether */
  ether?: bigint
}

/** Starts what the tests share, creates an app for the host page, injects a wallet funded with ether (on Anvil Two unless told), signs in; answers the wallet to fund. */
async function setUp(page: Page, request: APIRequestContext, theme: 'light' | 'dark', payer: Payer = {}): Promise<{ wallet: string; payer: string }> {
  await page.goto('/')
  const apiUrl = await apiUrlOf(page)
  anvilUrl ||= (await page.locator('meta[name="portico-anvil-url"]').getAttribute('content'))!
  anvilTwo ??= await startAnvil({ chainId: 31338 })
  usdc ??= await deployTestTokens(anvilUrl)
  usdcTwo ??= await deployTestTokens(anvilTwo.url, 31338)
  bridge ??= await startBridgeQuoteStandIn({ quotes: 2, depositAddress: DEPOSIT, chains: { 31337: anvilUrl, 31338: anvilTwo.url } })
  host ??= await startHostPage({
    entry: 'test/e2e/funding-bridge/page.tsx',
    title: 'Funding bridge',
    metas: { 'portico-api-url': apiUrl, 'anvil-url': anvilUrl, 'anvil-two-url': anvilTwo.url, 'bridge-api-url': bridge.url, usdc: usdc.usd, 'usdc-two': usdcTwo.usd },
    params: { app: 'app', wallet: 'wallet', theme: 'theme', asset: 'asset' },
  })
  const res = await request.post(`${apiUrl}/admin/v1/apps`, {
    headers: { authorization: `Bearer ${ADMIN_KEY}` },
    data: { name: 'Harbor', allowed_origins: [host.origin], settings: { loginMethods: ['email_auth'] } },
  })
  expect(res.status(), await res.text()).toBe(200)
  const key = generatePrivateKey()
  const from = privateKeyToAccount(key).address
  const [url, chainId] = payer.on === 'anvil' ? [anvilUrl, 31337] : [anvilTwo.url, 31338]
  await rpc(url, 'anvil_setBalance', [from, `0x${(payer.ether ?? 10n ** 18n).toString(16)}`])
  if (payer.usdcOnTwo) await usdcTwo.mintUsd(from, payer.usdcOnTwo)
  await injectTestWallet(page, [{ privateKey: key, rpcUrl: url, chainId, name: 'Bridge Payer', rdns: 'dev.portico.bridgepayer' }])
  const wallet = privateKeyToAccount(generatePrivateKey()).address
  await signIn(page, request, 'funding-bridge', `${host.origin}/?app=${((await res.json()) as { id: string }).id}&wallet=${wallet}&theme=${theme}&asset=${payer.asset ?? ''}`)
  return { wallet, payer: from }
}

/** Opens 'Transfer from wallet' and picks the payer, which has nothing on Anvil: the bridge screen opens and asks for quotes. */
async function openBridge(page: Page) {
  await page.getByRole('button', { name: 'Add funds' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('list', { name: 'Funding methods' }).getByRole('button', { name: 'Transfer from wallet' }).click()
  await dialog.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: 'Bridge Payer' }).click()
  return dialog
}

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: funds on another chain are bridged: two quotes, one picked, its deposit sent on that chain, the funds awaited on the funded chain`, async ({ page, request }) => {
    const { wallet, payer } = await setUp(page, request, theme)
    const depositBefore = await balanceOn(anvilTwo!.url, DEPOSIT)
    const calls = bridge!.calls.length
    const dialog = await openBridge(page)

    const routes = dialog.getByRole('list', { name: 'Bridge routes' })
    await expect(routes.getByRole('button')).toHaveCount(2)
    await expect(dialog.getByRole('heading', { name: 'Bridge from another network' })).toBeVisible()
    await expect(dialog.getByText('Your wallet has funds on Anvil Two. Bridge them to receive 0.05 ETH on Anvil.')).toBeVisible()
    await expect(routes.getByRole('button').nth(0)).toContainText('You receive 0.05 ETH')
    await expect(routes.getByRole('button').nth(0)).toContainText('Fees $0.50 · About 10 s · stand-in-route-1')
    await expect(routes.getByRole('button').nth(1)).toContainText('Fees $1.00 · About 20 s · stand-in-route-2')
    // Several quotes: nothing is executed until one is picked.
    await expect(dialog.getByRole('button', { name: 'Bridge funds' })).toBeDisabled()
    await routes.getByRole('button').nth(1).click()
    await expect(routes.getByRole('button').nth(1)).toHaveAttribute('aria-pressed', 'true')
    await dialog.screenshot({ path: test.info().outputPath(`funding-bridge-quotes-${theme}.png`), animations: 'disabled' })
    if (theme === 'dark') {
      await page.setViewportSize({ width: 390, height: 844 })
      await page.screenshot({ path: test.info().outputPath('funding-bridge-quotes-dark-phone.png'), animations: 'disabled' })
    }
    // The quote asked: from the payer on Anvil Two to the funded wallet on Anvil, 0.05 ETH received.
    expect(bridge!.calls.slice(calls)).toContainEqual(expect.objectContaining({ user: payer, recipient: wallet, originChainId: 31338, destinationChainId: 31337, amount: AMOUNT.toString() }))

    await dialog.getByRole('button', { name: 'Bridge funds' }).click()
    // The deposit of the picked route (amount + its fee) lands on Anvil Two; then the bridge delivers on Anvil.
    await expect.poll(() => balanceOn(anvilTwo!.url, DEPOSIT)).toBe(depositBefore + AMOUNT + 20_000n)
    // The stand-in sees the deposit and credits Anvil, as the bridge's relayer would.
    await expect(dialog.getByRole('heading', { name: 'Funds added' })).toBeVisible()
    expect(await balanceOn(anvilUrl, wallet)).toBe(AMOUNT)
    await expect(dialog.getByText('0.05 ETH arrived in your wallet.')).toBeVisible()
    await dialog.screenshot({ path: test.info().outputPath(`funding-bridge-success-${theme}.png`), animations: 'disabled' })
    await expect(page.getByTestId('funding-result')).toHaveText(new RegExp(`^completed wallet \\{"bridge":"stand-in-route-2","hashes":\\["0x[0-9a-f]{64}"\\],"from":"${payer}"\\}$`))
  })
}

test('USDC on another chain is bridged: an approval then the deposit on that chain, and the USDC awaited on the funded chain', async ({ page, request }) => {
  const { wallet, payer } = await setUp(page, request, 'light', { asset: 'USDC', usdcOnTwo: 1_000_000n })
  const dialog = await openBridge(page)
  const routes = dialog.getByRole('list', { name: 'Bridge routes' })
  await expect(dialog.getByText('Your wallet has funds on Anvil Two. Bridge them to receive 0.05 USDC on Anvil.')).toBeVisible()
  await expect(routes.getByRole('button').nth(0)).toContainText('You receive 0.05 USDC')
  // USDC on both sides: each chain's contract, 50000 units (6 decimals) received.
  expect(bridge!.calls.at(-1)).toMatchObject({ user: payer, recipient: wallet, originChainId: 31338, destinationChainId: 31337, originCurrency: usdcTwo!.usd, destinationCurrency: usdc!.usd, amount: '50000' })
  await routes.getByRole('button').nth(0).click()
  await dialog.getByRole('button', { name: 'Bridge funds' }).click()
  await expect(dialog.getByRole('heading', { name: 'Funds added' })).toBeVisible()
  await expect(dialog.getByText('0.05 USDC arrived in your wallet.')).toBeVisible()
  await dialog.screenshot({ path: test.info().outputPath('funding-bridge-usdc-success.png'), animations: 'disabled' })
  // Two transactions (the approval, the deposit); the first route's input, 50000 + 10000 units, left Anvil Two.
  await expect(page.getByTestId('funding-result')).toHaveText(new RegExp(`^completed wallet \\{"bridge":"stand-in-route-1","hashes":\\["0x[0-9a-f]{64}","0x[0-9a-f]{64}"\\],"from":"${payer}"\\}$`))
  expect(await tokenBalanceOn(anvilUrl, usdc!.usd, wallet)).toBe(50_000n)
  expect(await tokenBalanceOn(anvilTwo!.url, usdcTwo!.usd, payer)).toBe(1_000_000n - 60_000n)
})

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: a wallet with ether but no USDC on the funded chain swaps it: the swap call on the testnet base, a route picked, its step sent, the USDC awaited`, async ({ page, request }) => {
    const { wallet, payer } = await setUp(page, request, theme, { asset: 'USDC', on: 'anvil' })
    const swaps = bridge!.swapCalls.length
    const dialog = await openBridge(page)
    await expect(dialog.getByRole('heading', { name: 'Swap to USDC' })).toBeVisible()
    await expect(dialog.getByText('Your wallet has ETH on Anvil. Swap it to receive 0.05 USDC.')).toBeVisible()
    const routes = dialog.getByRole('list', { name: 'Swap routes' })
    await expect(routes.getByRole('button')).toHaveCount(2)
    await expect(routes.getByRole('button').nth(0)).toContainText('You receive 0.05 USDC')
    expect(bridge!.swapCalls.slice(swaps)).toEqual([{ testnet: true, body: expect.objectContaining({ user: payer, recipient: wallet, originChainId: 31337, destinationChainId: 31337, originCurrency: '0x0000000000000000000000000000000000000000', destinationCurrency: usdc!.usd, amount: '50000' }) }])
    await expect(dialog.getByRole('button', { name: 'Swap funds' })).toBeDisabled()
    await routes.getByRole('button').nth(0).click()
    await dialog.screenshot({ path: test.info().outputPath(`funding-swap-quotes-${theme}.png`), animations: 'disabled' })
    if (theme === 'dark') {
      await page.setViewportSize({ width: 390, height: 844 })
      await page.screenshot({ path: test.info().outputPath('funding-swap-quotes-dark-phone.png'), animations: 'disabled' })
    }
    await dialog.getByRole('button', { name: 'Swap funds' }).click()
    await expect(dialog.getByRole('heading', { name: 'Funds added' })).toBeVisible()
    await expect(dialog.getByText('0.05 USDC arrived in your wallet.')).toBeVisible()
    await expect(page.getByTestId('funding-result')).toHaveText(new RegExp(`^completed wallet \\{"swap":"stand-in-route-1","hashes":\\["0x[0-9a-f]{64}"\\],"from":"${payer}"\\}$`))
    expect(await tokenBalanceOn(anvilUrl, usdc!.usd, wallet)).toBe(50_000n)
  })
}

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: ether on Anvil Two funds USDC on Anvil: one quote swaps and bridges it, showing the ether paid and the USDC received; the USDC arrives`, async ({ page, request }) => {
    const { wallet, payer } = await setUp(page, request, theme, { asset: 'USDC' })
    const calls = bridge!.calls.length
    const paidBefore = await balanceOn(anvilTwo!.url, payer)
    const dialog = await openBridge(page)
    await expect(dialog.getByRole('heading', { name: 'Bridge from another network' })).toBeVisible()
    await expect(dialog.getByText('Your wallet has ETH on Anvil Two. Swap and bridge it to receive 0.05 USDC on Anvil.')).toBeVisible()
    const routes = dialog.getByRole('list', { name: 'Bridge routes' })
    await expect(routes.getByRole('button')).toHaveCount(2)
    // 0.05 USDC at the stand-in's 2000 USDC per ether: 0.000025 ether, and each route's fee in wei.
    await expect(routes.getByRole('button').nth(0)).toContainText('You receive 0.05 USDC')
    await expect(routes.getByRole('button').nth(0)).toContainText('You pay 0.00002500000001 ETH')
    await expect(routes.getByRole('button').nth(1)).toContainText('You pay 0.00002500000002 ETH')
    // One quote: ether on Anvil Two in, Anvil's USDC out.
    expect(bridge!.calls.slice(calls)).toEqual([expect.objectContaining({ user: payer, recipient: wallet, originChainId: 31338, destinationChainId: 31337, originCurrency: '0x0000000000000000000000000000000000000000', destinationCurrency: usdc!.usd, amount: '50000' })])
    await routes.getByRole('button').nth(0).click()
    await dialog.screenshot({ path: test.info().outputPath(`funding-swap-bridge-quotes-${theme}.png`), animations: 'disabled' })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: test.info().outputPath(`funding-swap-bridge-quotes-${theme}-phone.png`), animations: 'disabled' })
    await dialog.getByRole('button', { name: 'Bridge funds' }).click()
    await expect(dialog.getByRole('heading', { name: 'Funds added' }), 'the stand-in settles the deposit as USDC on Anvil').toBeVisible({ timeout: 30_000 })
    await expect(dialog.getByText('0.05 USDC arrived in your wallet.')).toBeVisible()
    await expect(page.getByTestId('funding-result')).toHaveText(new RegExp(`^completed wallet \\{"bridge":"stand-in-route-1","hashes":\\["0x[0-9a-f]{64}"\\],"from":"${payer}"\\}$`))
    expect(await tokenBalanceOn(anvilUrl, usdc!.usd, wallet)).toBe(50_000n)
    // The ether paid on Anvil Two: the route's input, and gas.
    expect(paidBefore - (await balanceOn(anvilTwo!.url, payer))).toBeGreaterThanOrEqual(25_000_000_010_000n)
  })
}

test("a wallet holding too little anywhere (ether short of the steps' gas) is told 'Wallet {address} does not have enough funds.' and no quote is asked", async ({ page, request }) => {
  const { payer } = await setUp(page, request, 'light', { asset: 'USDC', ether: 1000n })
  const calls = bridge!.calls.length
  const swaps = bridge!.swapCalls.length
  const dialog = await openBridge(page)
  await expect(dialog.getByRole('heading', { name: 'Transfer failed' })).toBeVisible()
  await expect(dialog.getByText(`Wallet ${payer} does not have enough funds.`)).toBeVisible()
  expect(bridge!.calls.length).toBe(calls)
  expect(bridge!.swapCalls.length).toBe(swaps)
})

test("a quote service that refuses shows 'Unable to fetch quotes for bridging…'; 'Choose another method' goes back", async ({ page, request }) => {
  await setUp(page, request, 'light')
  bridge!.refuse(400)
  try {
    const dialog = await openBridge(page)
    await expect(dialog.getByRole('heading', { name: 'Bridging failed' })).toBeVisible()
    await expect(dialog.getByText('Unable to fetch quotes for bridging…')).toBeVisible()
    await dialog.screenshot({ path: test.info().outputPath('funding-bridge-quotes-failed.png'), animations: 'disabled' })
    await dialog.getByRole('button', { name: 'Choose another method' }).click()
    await expect(dialog.getByRole('heading', { name: 'Add funds to your Harbor wallet' })).toBeVisible()
  } finally {
    bridge!.refuse(null)
  }
})

test("a Solana wallet on devnet is listed with bridging on, and bridging from it shows 'Bridging is not supported on Solana testnets and devnets' without asking for quotes", async ({ page, request }) => {
  await injectTestSolanaWallet(page)
  await setUp(page, request, 'light')
  const calls = bridge!.calls.length
  await page.getByRole('button', { name: 'Add funds' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('list', { name: 'Funding methods' }).getByRole('button', { name: 'Transfer from wallet' }).click()
  const list = dialog.getByRole('list', { name: 'Wallets' })
  await expect(list.getByRole('button', { name: 'Bridge Payer' })).toBeVisible()
  await list.getByRole('button', { name: 'Test Solana Wallet' }).click()
  await expect(dialog.getByRole('heading', { name: 'Bridging failed' })).toBeVisible()
  await expect(dialog.getByText('Bridging is not supported on Solana testnets and devnets')).toBeVisible()
  expect(bridge!.calls.length).toBe(calls)
})
