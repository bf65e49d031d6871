/**
 * 'Transfer from wallet' of USDC in a browser on anvil: the chain's USDC contract is a 6-decimals
 * test token (test/fixtures/tokens, named to the funding plugin by `usdcAddresses`); the wallet
 * sends `transfer` of 0.05 USDC (50000 units) to the funded wallet, the receipt ends the flow and
 * the token balance moved. A wallet with ether but no USDC gets the spec's 'Wallet {address} does
 * not have enough funds.'.
 */
import { test, expect, type Page, type APIRequestContext } from '@playwright/test'
import { createPublicClient, http, type Address } from 'viem'
import { foundry } from 'viem/chains'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { rpc } from '../fixtures/anvil'
import { deployTestTokens, TOKEN_ABIS, type TestTokens } from '../fixtures/tokens'
import { startHostPage, type HostPage } from '../support/host-page'
import { injectTestWallet } from '../../testing/evm-wallet/inject'
import { ADMIN_KEY, apiUrlOf, signIn } from './helpers'

let host: HostPage | null = null
let tokens: TestTokens | null = null
let anvilUrl = ''

test.afterAll(async () => {
  await host?.close()
  host = null
})

const usdcOf = (owner: Address) =>
  createPublicClient({ chain: foundry, transport: http(anvilUrl) }).readContract({ address: tokens!.usd, abi: TOKEN_ABIS.TestUsd, functionName: 'balanceOf', args: [owner] }) as Promise<bigint>

/** Deploys the token once, creates an app, injects a payer with ether (and `usdc` units of the token), signs in; answers the wallet to fund and the payer. */
async function setUp(page: Page, request: APIRequestContext, usdc: bigint): Promise<{ wallet: Address; payer: Address }> {
  await page.goto('/')
  const apiUrl = await apiUrlOf(page)
  anvilUrl ||= (await page.locator('meta[name="portico-anvil-url"]').getAttribute('content'))!
  tokens ??= await deployTestTokens(anvilUrl)
  host ??= await startHostPage({
    entry: 'test/e2e/funding-bridge/page.tsx',
    title: 'Funding USDC',
    metas: { 'portico-api-url': apiUrl, 'anvil-url': anvilUrl, usdc: tokens.usd, asset: 'USDC' },
    params: { app: 'app', wallet: 'wallet' },
  })
  const res = await request.post(`${apiUrl}/admin/v1/apps`, {
    headers: { authorization: `Bearer ${ADMIN_KEY}` },
    data: { name: 'Harbor', allowed_origins: [host.origin], settings: { loginMethods: ['email_auth'] } },
  })
  expect(res.status(), await res.text()).toBe(200)
  const key = generatePrivateKey()
  const payer = privateKeyToAccount(key).address
  await rpc(anvilUrl, 'anvil_setBalance', [payer, '0xde0b6b3a7640000'])
  if (usdc > 0n) await tokens.mintUsd(payer, usdc)
  await injectTestWallet(page, [{ privateKey: key, rpcUrl: anvilUrl, chainId: 31337, name: 'USDC Payer', rdns: 'dev.portico.usdcpayer' }])
  const wallet = privateKeyToAccount(generatePrivateKey()).address
  await signIn(page, request, 'funding-usdc', `${host.origin}/?app=${((await res.json()) as { id: string }).id}&wallet=${wallet}`)
  return { wallet, payer }
}

async function pickPayer(page: Page) {
  await page.getByRole('button', { name: 'Add funds' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('list', { name: 'Funding methods' }).getByRole('button', { name: 'Transfer from wallet' }).click()
  await expect(dialog.getByText('Send 0.05 USDC on Anvil from a wallet you own.')).toBeVisible()
  await dialog.getByRole('list', { name: 'Wallets' }).getByRole('button', { name: 'USDC Payer' }).click()
  return dialog
}

test('a USDC transfer sends 50000 units of the chain’s 6-decimals USDC contract and funds the wallet', async ({ page, request }) => {
  const { wallet, payer } = await setUp(page, request, 1_000_000n)
  const dialog = await pickPayer(page)
  await expect(dialog.getByRole('heading', { name: 'Funds added' })).toBeVisible()
  await expect(dialog.getByText('0.05 USDC arrived in your wallet.')).toBeVisible()
  await expect(page.getByTestId('funding-result')).toHaveText(new RegExp(`^completed wallet \\{"hash":"0x[0-9a-f]{64}","from":"${payer}"\\}$`))
  expect(await usdcOf(wallet)).toBe(50_000n)
  expect(await usdcOf(payer)).toBe(950_000n)
})

test("a wallet with ether but no USDC gets 'Wallet {address} does not have enough funds.'", async ({ page, request }) => {
  const { wallet, payer } = await setUp(page, request, 0n)
  const dialog = await pickPayer(page)
  await expect(dialog.getByRole('heading', { name: 'Transfer failed' })).toBeVisible()
  await expect(dialog.getByText(`Wallet ${payer} does not have enough funds.`)).toBeVisible()
  expect(await usdcOf(wallet)).toBe(0n)
})
