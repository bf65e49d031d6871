/**
 * 'Bridge from another network' in a browser, against the real server, the bridge quote stand-in
 * (test/fixtures/funding/bridge-quotes.ts) and two anvils: the paying wallet holds ether only on
 * 'Anvil Two', so 'Transfer from wallet' cannot send directly on 'Anvil' and the bridge asks for
 * quotes; the user picks one of two, the wallet sends its deposit on Anvil Two, and once the funds
 * arrive on Anvil (this test credits them, as the bridge's relayer would) the funding succeeds. A
 * quote service that refuses shows the spec's 'Unable to fetch quotes for bridging…'; a Solana
 * wallet on devnet, offered because bridging is on, gets 'Bridging is not supported on Solana
 * testnets and devnets' before any quote is asked. Screenshots
 * light and dark, desktop and phone.
 */
import { test, expect, type Page, type APIRequestContext } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { rpc, startAnvil, type Anvil } from '../fixtures/anvil'
import { startBridgeQuoteStandIn, type BridgeQuoteStandIn } from '../fixtures/funding/bridge-quotes'
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

test.afterAll(async () => {
  await host?.close()
  await bridge?.close()
  await anvilTwo?.close()
  host = bridge = anvilTwo = null
})

const balanceOn = async (url: string, address: string) => BigInt(await rpc<string>(url, 'eth_getBalance', [address, 'latest']))

/** Starts what the tests share, creates an app for the host page, injects a wallet funded on Anvil Two only, signs in; answers the wallet to fund. */
async function setUp(page: Page, request: APIRequestContext, theme: 'light' | 'dark'): Promise<{ wallet: string; payer: string }> {
  await page.goto('/')
  const apiUrl = await apiUrlOf(page)
  anvilUrl ||= (await page.locator('meta[name="portico-anvil-url"]').getAttribute('content'))!
  anvilTwo ??= await startAnvil({ chainId: 31338 })
  bridge ??= await startBridgeQuoteStandIn({ quotes: 2, depositAddress: DEPOSIT })
  host ??= await startHostPage({
    entry: 'test/e2e/funding-bridge/page.tsx',
    title: 'Funding bridge',
    metas: { 'portico-api-url': apiUrl, 'anvil-url': anvilUrl, 'anvil-two-url': anvilTwo.url, 'bridge-api-url': bridge.url },
    params: { app: 'app', wallet: 'wallet', theme: 'theme' },
  })
  const res = await request.post(`${apiUrl}/admin/v1/apps`, {
    headers: { authorization: `Bearer ${ADMIN_KEY}` },
    data: { name: 'Harbor', allowed_origins: [host.origin], settings: { loginMethods: ['email_auth'] } },
  })
  expect(res.status(), await res.text()).toBe(200)
  const key = generatePrivateKey()
  const payer = privateKeyToAccount(key).address
  await rpc(anvilTwo.url, 'anvil_setBalance', [payer, '0xde0b6b3a7640000'])
  await injectTestWallet(page, [{ privateKey: key, rpcUrl: anvilTwo.url, chainId: 31338, name: 'Bridge Payer', rdns: 'dev.portico.bridgepayer' }])
  const wallet = privateKeyToAccount(generatePrivateKey()).address
  await signIn(page, request, 'funding-bridge', `${host.origin}/?app=${((await res.json()) as { id: string }).id}&wallet=${wallet}&theme=${theme}`)
  return { wallet, payer }
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
    await expect(dialog.getByRole('heading', { name: 'Bridging in progress' })).toBeVisible()
    await rpc(anvilUrl, 'anvil_setBalance', [wallet, `0x${((await balanceOn(anvilUrl, wallet)) + AMOUNT).toString(16)}`])
    await expect(dialog.getByRole('heading', { name: 'Funds added' })).toBeVisible()
    await expect(dialog.getByText('0.05 ETH arrived in your wallet.')).toBeVisible()
    await dialog.screenshot({ path: test.info().outputPath(`funding-bridge-success-${theme}.png`), animations: 'disabled' })
    await expect(page.getByTestId('funding-result')).toHaveText(new RegExp(`^completed wallet \\{"bridge":"stand-in-route-2","hashes":\\["0x[0-9a-f]{64}"\\],"from":"${payer}"\\}$`))
  })
}

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
