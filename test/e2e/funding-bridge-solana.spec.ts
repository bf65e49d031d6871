/**
 * Bridging between an EVM chain and Solana in a browser, executed: the host page poses a local
 * Solana cluster (litesvm behind JSON-RPC, started here) as Solana's mainnet-beta — the app's
 * `solana:mainnet-beta` chain points at the cluster's RPC URL, as an app with a private RPC does —
 * since quote services bridge Solana's mainnet only. The bridge quote stand-in
 * (test/fixtures/funding/bridge-quotes.ts) settles between the demo's anvil and that cluster as a
 * relayer would.
 *
 * EVM to Solana: an injected EVM wallet holding ether on Anvil funds a Solana wallet's request; the
 * quote asks SOL on chain 792703809, the wallet sends the deposit on Anvil, the stand-in sees it and
 * airdrops the SOL on the cluster, and the flow ends in 'Funds added'. USDC the same way (an
 * approval, the deposit, USDC minted at Circle's mainnet-beta mint). A quote service that refuses
 * shows 'Unable to fetch quotes for bridging…'.
 *
 * Solana to EVM: a Wallet Standard wallet holding SOL funds an EVM request on Anvil; it signs and
 * sends the quote's instructions (the transfer to the deposit address and the request id as a
 * memo), the stand-in finds the deposit through the address's signatures and credits Anvil. USDC
 * the same way (the deposit address's token account). The user rejecting in the wallet shows
 * 'Transaction was rejected by the user' and nothing is settled. A Solana wallet is checked for
 * enough funds as an EVM one is: SOL short of the quote's input and fee, or USDC short of the amount
 * plus the 1 % margin (no quote asked), is told 'Wallet {address} does not have enough funds.'.
 *
 * A swap on Solana: a Wallet Standard wallet with SOL and no USDC funds a Solana wallet's USDC on the same
 * cluster through the swap call (Solana as chain 792703809 on both sides); the stand-in sees the SOL
 * deposit and mints the USDC on the cluster.
 *
 * Screenshots of the quotes and the progress screens, light and dark (and the dark phone).
 */
import { test, expect, type APIRequestContext, type Page } from '@playwright/test'
import { lamports, type Address } from '@solana/kit'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { rpc } from '../fixtures/anvil'
import { BRIDGE_SOLANA_DEPOSIT, startBridgeQuoteStandIn, type BridgeQuoteStandIn } from '../fixtures/funding/bridge-quotes'
import { startSolanaRpc, type SolanaRpc } from '../fixtures/solana-rpc'
import { TEST_USDC_MAINNET_MINT, testKey, testUsdc } from '../fixtures/solana-rpc/spl'
import { deployTestTokens, type TestTokens } from '../fixtures/tokens'
import { startHostPage, type HostPage } from '../support/host-page'
import { injectTestWallet } from '../../testing/evm-wallet/inject'
import { injectTestSolanaWallet } from '../../testing/solana-wallet/inject'
import { readBalance } from '../../plugins/funding/balance'
import { ADMIN_KEY, apiUrlOf, signIn } from './helpers'

/** The EVM deposit address the stand-in quotes (its default). */
const EVM_DEPOSIT = '0x00000000000000000000000000000000b41d6e00'
const SOL_NATIVE = '11111111111111111111111111111111'
const NATIVE = '0x0000000000000000000000000000000000000000'
/** The stand-in's first route's fee, in the input's smallest units. */
const FEE = 10_000n

let host: HostPage | null = null
let bridge: BridgeQuoteStandIn | null = null
let cluster: SolanaRpc | null = null
let anvilUrl = ''
let usdc: TestTokens | null = null

test.afterAll(async () => {
  await host?.close()
  await bridge?.close()
  await cluster?.close()
  host = bridge = cluster = null
})

/** Who pays: an injected EVM wallet with ether on Anvil (and USDC), or the Wallet Standard test wallet with SOL (and USDC) on the cluster. */
type Payer = { evm: { usdc?: bigint } } | { solana: { usdc?: bigint; sol?: bigint; mode?: 'approve' | 'reject' } }

/**
 * Starts what the tests share, creates an app for the host page, injects the paying wallet, signs
 * in to fund `wallet` (0x…: on Anvil; base58: on Solana's mainnet-beta, the local cluster); answers the payer's address.
 */
async function setUp(page: Page, request: APIRequestContext, theme: 'light' | 'dark', wallet: string, payer: Payer, asset: 'USDC' | '' = ''): Promise<string> {
  await page.goto('/')
  const apiUrl = await apiUrlOf(page)
  anvilUrl ||= (await page.locator('meta[name="portico-anvil-url"]').getAttribute('content'))!
  cluster ??= await startSolanaRpc()
  usdc ??= await deployTestTokens(anvilUrl)
  bridge ??= await startBridgeQuoteStandIn({ quotes: 2, chains: { 31337: anvilUrl }, solana: cluster.url })
  host ??= await startHostPage({
    entry: 'test/e2e/funding-bridge/page.tsx',
    title: 'Funding bridge',
    metas: { 'portico-api-url': apiUrl, 'anvil-url': anvilUrl, 'solana-url': cluster.url, 'bridge-api-url': bridge.url, usdc: usdc.usd },
    params: { app: 'app', wallet: 'wallet', theme: 'theme', asset: 'asset' },
  })
  const res = await request.post(`${apiUrl}/admin/v1/apps`, {
    headers: { authorization: `Bearer ${ADMIN_KEY}` },
    data: { name: 'Harbor', allowed_origins: [host.origin], settings: { loginMethods: ['email_auth'] } },
  })
  expect(res.status(), await res.text()).toBe(200)
  let from = ''
  if ('evm' in payer) {
    const key = generatePrivateKey()
    from = privateKeyToAccount(key).address
    await rpc(anvilUrl, 'anvil_setBalance', [from, '0xde0b6b3a7640000'])
    if (payer.evm.usdc) await usdc.mintUsd(from as `0x${string}`, payer.evm.usdc)
    await injectTestWallet(page, [{ privateKey: key, rpcUrl: anvilUrl, chainId: 31337, name: 'Bridge Payer', rdns: 'dev.portico.bridgepayer' }])
  } else {
    await injectTestSolanaWallet(page, { rpcUrl: cluster.url })
  }
  await signIn(page, request, 'funding-bridge-solana', `${host.origin}/?app=${((await res.json()) as { id: string }).id}&wallet=${wallet}&theme=${theme}&asset=${asset}`)
  if ('solana' in payer) {
    await page.waitForFunction(() => window.__portico_test_solana_wallet !== undefined)
    from = await page.evaluate(() => window.__portico_test_solana_wallet!.address)
    cluster.svm.airdrop(from as Address, lamports(payer.solana.sol ?? 1_000_000_000n))
    if (payer.solana.usdc) await testUsdc(cluster.url, 'mainnet-beta').fund(from as Address, payer.solana.usdc)
  }
  return from
}

/** Opens 'Transfer from wallet' and picks the paying wallet, of the other chain family: the bridge screen opens and asks for quotes. */
async function openBridge(page: Page, walletName: string) {
  await page.getByRole('button', { name: 'Add funds' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('list', { name: 'Funding methods' }).getByRole('button', { name: 'Transfer from wallet' }).click()
  await dialog.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: walletName }).click()
  return dialog
}

/** Picks the first route, bridges with the stand-in holding the deposit (the progress screen shows), then lets it settle. */
async function bridgeHeld(page: Page, dialog: ReturnType<Page['getByRole']>, shot: string) {
  const routes = dialog.getByRole('list', { name: 'Bridge routes' })
  await routes.getByRole('button').nth(0).click()
  await expect(routes.getByRole('button').nth(0)).toHaveAttribute('aria-pressed', 'true')
  bridge!.hold(true)
  try {
    await dialog.getByRole('button', { name: 'Bridge funds' }).click()
    await expect(dialog.getByRole('heading', { name: 'Bridging in progress' })).toBeVisible({ timeout: 60_000 })
    if (shot) await dialog.screenshot({ path: test.info().outputPath(shot), animations: 'disabled' })
  } finally {
    bridge!.hold(false)
  }
}

const solBalance = (address: string) => readBalance(cluster!.url, 'solana', address, null)
const ethBalance = (address: string) => readBalance(anvilUrl, 'ethereum', address, null)

test.describe('EVM to Solana', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`${theme}: an EVM wallet's ether on Anvil funds a Solana wallet: the quote asks SOL on chain 792703809, the deposit is sent on Anvil and the SOL arrives on the cluster`, async ({ page, request }) => {
      const wallet = testKey().address
      const payer = await setUp(page, request, theme, wallet, { evm: {} })
      const calls = bridge!.calls.length
      const depositBefore = await ethBalance(EVM_DEPOSIT)
      const dialog = await openBridge(page, 'Bridge Payer')

      await expect(dialog.getByRole('heading', { name: 'Bridge from another network' })).toBeVisible()
      await expect(dialog.getByText('Your wallet has ETH on Anvil. Swap and bridge it to receive 0.05 SOL on Solana mainnet-beta.')).toBeVisible()
      const routes = dialog.getByRole('list', { name: 'Bridge routes' })
      await expect(routes.getByRole('button')).toHaveCount(2)
      await expect(routes.getByRole('button').nth(0)).toContainText('You receive 0.05 SOL')
      // 0.05 SOL at the stand-in's prices (SOL 150 dollars, ether 2000) is 0.00375 ether, plus its fee.
      await expect(routes.getByRole('button').nth(0)).toContainText('You pay 0.00375')
      expect(bridge!.calls.slice(calls)).toEqual([
        expect.objectContaining({ user: payer, recipient: wallet, originChainId: 31337, destinationChainId: 792703809, originCurrency: NATIVE, destinationCurrency: SOL_NATIVE, amount: '50000000' }),
      ])
      await routes.getByRole('button').nth(0).click()
      await dialog.screenshot({ path: test.info().outputPath(`funding-bridge-to-solana-quotes-${theme}.png`), animations: 'disabled' })
      if (theme === 'dark') {
        await page.setViewportSize({ width: 390, height: 844 })
        await page.screenshot({ path: test.info().outputPath('funding-bridge-to-solana-quotes-dark-phone.png'), animations: 'disabled' })
      }

      await bridgeHeld(page, dialog, `funding-bridge-to-solana-progress-${theme}.png`)
      await expect(dialog.getByRole('heading', { name: 'Funds added' })).toBeVisible({ timeout: 60_000 })
      await expect(dialog.getByText('0.05 SOL arrived in your wallet.')).toBeVisible()
      await expect(page.getByTestId('funding-result')).toHaveText(new RegExp(`^completed wallet \\{"bridge":"stand-in-route-1","hashes":\\["0x[0-9a-f]{64}"\\],"from":"${payer}"\\}$`))
      // The first route's input left Anvil to the deposit address: 0.05 SOL at the stand-in's prices is 0.00375 ether, plus its fee.
      expect((await ethBalance(EVM_DEPOSIT)) - depositBefore).toBe(3_750_000_000_000_000n + FEE)
      expect(await solBalance(wallet)).toBe(50_000_000n)
    })
  }

  test("USDC on Anvil funds a Solana wallet's USDC: an approval then the deposit, and USDC at the mainnet-beta mint arrives on the cluster", async ({ page, request }) => {
    const wallet = testKey().address
    const payer = await setUp(page, request, 'light', wallet, { evm: { usdc: 1_000_000n } }, 'USDC')
    const calls = bridge!.calls.length
    const dialog = await openBridge(page, 'Bridge Payer')
    await expect(dialog.getByText('Your wallet has funds on Anvil. Bridge them to receive 0.05 USDC on Solana mainnet-beta.')).toBeVisible()
    const routes = dialog.getByRole('list', { name: 'Bridge routes' })
    await expect(routes.getByRole('button').nth(0)).toContainText('You receive 0.05 USDC')
    expect(bridge!.calls.slice(calls)).toEqual([
      expect.objectContaining({ user: payer, recipient: wallet, originChainId: 31337, destinationChainId: 792703809, originCurrency: usdc!.usd, destinationCurrency: TEST_USDC_MAINNET_MINT, amount: '50000' }),
    ])
    await bridgeHeld(page, dialog, '')
    await expect(dialog.getByRole('heading', { name: 'Funds added' })).toBeVisible({ timeout: 60_000 })
    await expect(dialog.getByText('0.05 USDC arrived in your wallet.')).toBeVisible()
    await dialog.screenshot({ path: test.info().outputPath('funding-bridge-to-solana-usdc-success.png'), animations: 'disabled' })
    await expect(page.getByTestId('funding-result')).toHaveText(new RegExp(`^completed wallet \\{"bridge":"stand-in-route-1","hashes":\\["0x[0-9a-f]{64}","0x[0-9a-f]{64}"\\],"from":"${payer}"\\}$`))
    expect(await readBalance(cluster!.url, 'solana', wallet, TEST_USDC_MAINNET_MINT)).toBe(50_000n)
    expect(await readBalance(anvilUrl, 'ethereum', payer, usdc!.usd)).toBe(1_000_000n - 50_000n - FEE)
  })

  test("a quote service that refuses shows 'Unable to fetch quotes for bridging…' and nothing is sent", async ({ page, request }) => {
    const wallet = testKey().address
    const payer = await setUp(page, request, 'light', wallet, { evm: {} })
    const before = await ethBalance(payer)
    bridge!.refuse(400)
    try {
      const dialog = await openBridge(page, 'Bridge Payer')
      await expect(dialog.getByRole('heading', { name: 'Bridging failed' })).toBeVisible()
      await expect(dialog.getByText('Unable to fetch quotes for bridging…')).toBeVisible()
      await expect(dialog.getByRole('button', { name: 'Try again' })).toBeVisible()
      expect(await ethBalance(payer)).toBe(before)
      expect(await solBalance(wallet)).toBe(0n)
    } finally {
      bridge!.refuse(null)
    }
  })
})

test.describe('Solana to EVM', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`${theme}: a Solana wallet's SOL funds an EVM wallet on Anvil: it signs the transfer to the deposit address with the request id as a memo, and the ether arrives`, async ({ page, request }) => {
      const wallet = privateKeyToAccount(generatePrivateKey()).address
      const payer = await setUp(page, request, theme, wallet, { solana: {} })
      const calls = bridge!.calls.length
      const depositBefore = await solBalance(BRIDGE_SOLANA_DEPOSIT)
      const dialog = await openBridge(page, 'Test Solana Wallet')

      await expect(dialog.getByText('Your wallet has SOL on Solana. Swap and bridge it to receive 0.05 ETH on Anvil.')).toBeVisible()
      const routes = dialog.getByRole('list', { name: 'Bridge routes' })
      await expect(routes.getByRole('button')).toHaveCount(2)
      await expect(routes.getByRole('button').nth(0)).toContainText('You receive 0.05 ETH')
      await expect(routes.getByRole('button').nth(0)).toContainText(/You pay 0\.6666\d+ SOL/)
      expect(bridge!.calls.slice(calls)).toEqual([
        expect.objectContaining({ user: payer, recipient: wallet, originChainId: 792703809, destinationChainId: 31337, originCurrency: SOL_NATIVE, destinationCurrency: NATIVE, amount: '50000000000000000' }),
      ])
      await routes.getByRole('button').nth(0).click()
      await dialog.screenshot({ path: test.info().outputPath(`funding-bridge-from-solana-quotes-${theme}.png`), animations: 'disabled' })

      await bridgeHeld(page, dialog, `funding-bridge-from-solana-progress-${theme}.png`)
      await expect(dialog.getByRole('heading', { name: 'Funds added' })).toBeVisible({ timeout: 60_000 })
      await expect(dialog.getByText('0.05 ETH arrived in your wallet.')).toBeVisible()
      await dialog.screenshot({ path: test.info().outputPath(`funding-bridge-from-solana-success-${theme}.png`), animations: 'disabled' })
      await expect(page.getByTestId('funding-result')).toHaveText(new RegExp(`^completed wallet \\{"bridge":"stand-in-route-1","hashes":\\["[1-9A-HJ-NP-Za-km-z]{64,88}"\\],"from":"${payer}"\\}$`))
      expect(await ethBalance(wallet)).toBe(50_000_000_000_000_000n)
      // 0.05 ether at the stand-in's prices is 0.6666… SOL (rounded up), plus the route's fee, at the deposit address.
      expect((await solBalance(BRIDGE_SOLANA_DEPOSIT)) - depositBefore).toBe(666_666_667n + FEE)
    })
  }

  test("USDC on Solana funds an EVM wallet's USDC: the transfer to the deposit address's token account, and the USDC arrives on Anvil", async ({ page, request }) => {
    const wallet = privateKeyToAccount(generatePrivateKey()).address
    const payer = await setUp(page, request, 'light', wallet, { solana: { usdc: 1_000_000n } }, 'USDC')
    const calls = bridge!.calls.length
    const dialog = await openBridge(page, 'Test Solana Wallet')
    await expect(dialog.getByText('Your wallet has funds on Solana. Bridge them to receive 0.05 USDC on Anvil.')).toBeVisible()
    expect(bridge!.calls.slice(calls)).toEqual([
      expect.objectContaining({ user: payer, recipient: wallet, originChainId: 792703809, destinationChainId: 31337, originCurrency: TEST_USDC_MAINNET_MINT, destinationCurrency: usdc!.usd, amount: '50000' }),
    ])
    await bridgeHeld(page, dialog, '')
    await expect(dialog.getByRole('heading', { name: 'Funds added' })).toBeVisible({ timeout: 60_000 })
    await expect(dialog.getByText('0.05 USDC arrived in your wallet.')).toBeVisible()
    expect(await readBalance(anvilUrl, 'ethereum', wallet, usdc!.usd)).toBe(50_000n)
    expect(await readBalance(cluster!.url, 'solana', payer, TEST_USDC_MAINNET_MINT)).toBe(1_000_000n - 50_000n - FEE)
  })

  test("the user rejecting in the wallet shows 'Transaction was rejected by the user'; nothing leaves the wallet and nothing is settled", async ({ page, request }) => {
    const wallet = privateKeyToAccount(generatePrivateKey()).address
    const payer = await setUp(page, request, 'light', wallet, { solana: {} })
    const dialog = await openBridge(page, 'Test Solana Wallet')
    const routes = dialog.getByRole('list', { name: 'Bridge routes' })
    await routes.getByRole('button').nth(0).click()
    const settled = bridge!.settled.length
    const before = await solBalance(payer)
    // Connected already; the user now refuses the bridge's transaction in the wallet.
    await page.evaluate(() => window.__portico_test_solana_wallet!.setMode('reject'))
    await dialog.getByRole('button', { name: 'Bridge funds' }).click()
    await expect(dialog.getByRole('heading', { name: 'Bridging failed' })).toBeVisible()
    await expect(dialog.getByText('Transaction was rejected by the user')).toBeVisible()
    await dialog.screenshot({ path: test.info().outputPath('funding-bridge-from-solana-rejected.png'), animations: 'disabled' })
    expect(await page.evaluate(() => window.__portico_test_solana_wallet!.sent.length)).toBe(0)
    expect(await solBalance(payer)).toBe(before)
    expect(bridge!.settled.length).toBe(settled)
    expect(await ethBalance(wallet)).toBe(0n)
    await dialog.getByRole('button', { name: 'Choose another method' }).click()
    await expect(dialog.getByRole('heading', { name: 'Add funds to your Harbor wallet' })).toBeVisible()
  })

  test("a Solana wallet whose SOL is short of the quote's input and fee is told 'Wallet {address} does not have enough funds.' and nothing is sent", async ({ page, request }) => {
    const wallet = privateKeyToAccount(generatePrivateKey()).address
    // 0.1 SOL: more than a transaction's fee, less than the 0.6666… SOL that 0.05 ether costs at the stand-in's prices.
    const payer = await setUp(page, request, 'light', wallet, { solana: { sol: 100_000_000n } })
    const calls = bridge!.calls.length
    const dialog = await openBridge(page, 'Test Solana Wallet')
    await expect(dialog.getByText(`Wallet ${payer} does not have enough funds.`)).toBeVisible()
    await expect(dialog.getByRole('list', { name: 'Bridge routes' })).toHaveCount(0)
    await dialog.screenshot({ path: test.info().outputPath('funding-bridge-from-solana-not-enough.png'), animations: 'disabled' })
    // The quote was asked (its price decides), none was affordable.
    expect(bridge!.calls.slice(calls)).toEqual([expect.objectContaining({ user: payer, originChainId: 792703809, originCurrency: SOL_NATIVE })])
    expect(await page.evaluate(() => window.__portico_test_solana_wallet!.sent.length)).toBe(0)
    expect(await solBalance(payer)).toBe(100_000_000n)
  })

  test("a Solana wallet whose USDC is short of the amount plus the 1 % margin is told 'Wallet {address} does not have enough funds.' before any quote", async ({ page, request }) => {
    const wallet = privateKeyToAccount(generatePrivateKey()).address
    // 0.05 USDC asked: 0.0505 needed with the margin, 0.0504 held.
    const payer = await setUp(page, request, 'light', wallet, { solana: { usdc: 50_400n } }, 'USDC')
    const calls = bridge!.calls.length
    const dialog = await openBridge(page, 'Test Solana Wallet')
    await expect(dialog.getByRole('heading', { name: 'Transfer failed' })).toBeVisible()
    await expect(dialog.getByText(`Wallet ${payer} does not have enough funds.`)).toBeVisible()
    expect(bridge!.calls.length).toBe(calls)
    expect(await readBalance(cluster!.url, 'solana', payer, TEST_USDC_MAINNET_MINT)).toBe(50_400n)
  })
})

test.describe('A swap on Solana', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`${theme}: a Solana wallet with SOL and no USDC funds a Solana wallet's USDC: the swap call on chain 792703809, the SOL deposit signed, the USDC minted on the cluster`, async ({ page, request }) => {
      const wallet = testKey().address
      const payer = await setUp(page, request, theme, wallet, { solana: {} }, 'USDC')
      const swaps = bridge!.swapCalls.length
      const depositBefore = await solBalance(BRIDGE_SOLANA_DEPOSIT)
      const dialog = await openBridge(page, 'Test Solana Wallet')
      await expect(dialog.getByRole('heading', { name: 'Swap to USDC' })).toBeVisible()
      await expect(dialog.getByText('Your wallet has SOL on Solana mainnet-beta. Swap it to receive 0.05 USDC.')).toBeVisible()
      const routes = dialog.getByRole('list', { name: 'Swap routes' })
      await expect(routes.getByRole('button')).toHaveCount(2)
      await expect(routes.getByRole('button').nth(0)).toContainText('You receive 0.05 USDC')
      // 0.05 USDC at the stand-in's prices (SOL 150 dollars) is 0.000333334 SOL, plus the route's fee.
      await expect(routes.getByRole('button').nth(0)).toContainText('You pay 0.000343334 SOL')
      expect(bridge!.swapCalls.slice(swaps)).toEqual([
        { testnet: false, body: expect.objectContaining({ user: payer, recipient: wallet, originChainId: 792703809, destinationChainId: 792703809, originCurrency: SOL_NATIVE, destinationCurrency: TEST_USDC_MAINNET_MINT, amount: '50000' }) },
      ])
      await routes.getByRole('button').nth(0).click()
      await dialog.screenshot({ path: test.info().outputPath(`funding-swap-solana-quotes-${theme}.png`), animations: 'disabled' })
      if (theme === 'dark') {
        await page.setViewportSize({ width: 390, height: 844 })
        await page.screenshot({ path: test.info().outputPath('funding-swap-solana-quotes-dark-phone.png'), animations: 'disabled' })
      }
      await dialog.getByRole('button', { name: 'Swap funds' }).click()
      await expect(dialog.getByRole('heading', { name: 'Funds added' })).toBeVisible({ timeout: 60_000 })
      await expect(dialog.getByText('0.05 USDC arrived in your wallet.')).toBeVisible()
      await expect(page.getByTestId('funding-result')).toHaveText(new RegExp(`^completed wallet \\{"swap":"stand-in-route-1","hashes":\\["[1-9A-HJ-NP-Za-km-z]{64,88}"\\],"from":"${payer}"\\}$`))
      expect(await readBalance(cluster!.url, 'solana', wallet, TEST_USDC_MAINNET_MINT)).toBe(50_000n)
      expect((await solBalance(BRIDGE_SOLANA_DEPOSIT)) - depositBefore).toBe(333_334n + FEE)
    })
  }
})

