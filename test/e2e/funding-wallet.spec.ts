/**
 * 'Transfer from wallet' in the demo against anvil, with injected test wallets: more than 4 wallets
 * list the first 3 and 'More wallets'; the picked wallet starts on another chain, adds and switches
 * to anvil, sends the amount, and the receipt ends the flow with the funds on the embedded wallet;
 * the wallet used carries 'Recent' next time. A wallet without funds shows the spec's error, a
 * rejection its own. Screenshots in light and dark.
 */
import { test, expect, type Page } from '@playwright/test'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import type { Address } from 'viem'
import { apiUrlOf, createTestApp, freshEmail, latestCode, openModal, submitEmail, typeCode } from './helpers'
import { rpc } from '../fixtures/anvil'
import { injectTestWallet } from '../../testing/evm-wallet/inject'
import { testWallet } from '../../testing/evm-wallet/control'
import type { BrowserWalletConfig } from '../../testing/evm-wallet/browser'

const API_PORT = Number(process.env.E2E_API_PORT ?? 8810)
/** As playwright.config.ts starts it. */
const ANVIL_URL = `http://127.0.0.1:${Number(process.env.E2E_ANVIL_PORT ?? API_PORT + 2000)}`

/**
 * Five wallets of fresh keys, the first four given 1 ETH on anvil, the last empty; each starts on
 * Ethereum mainnet, so funding adds anvil.
 */
async function wallets(): Promise<{ configs: BrowserWalletConfig[]; empty: Address }> {
  const keys = Array.from({ length: 5 }, () => generatePrivateKey())
  for (const key of keys.slice(0, 4)) await rpc(ANVIL_URL, 'anvil_setBalance', [privateKeyToAccount(key).address, '0xde0b6b3a7640000'])
  // 'Recent' is matched by wallet client type, which injected wallets take from their rdns or flags: Funder B says it is Rabby.
  const configs = keys.map((privateKey, i) => ({
    privateKey,
    rpcUrl: ANVIL_URL,
    chainId: 1,
    name: `Funder ${'ABCDE'[i]}`,
    rdns: `dev.portico.funder${i}`,
    ...(i === 1 ? { flags: { isRabby: true } } : {}),
  }))
  return { configs, empty: privateKeyToAccount(keys[4]!).address }
}

async function logIn(page: Page, request: Parameters<typeof latestCode>[0], theme: 'light' | 'dark'): Promise<Address> {
  const appId = await createTestApp(page, request, { loginMethods: ['email_auth'] })
  const email = freshEmail('funding-wallet')
  await openModal(page, `/?app=${appId}&embedded=on-login&funding=on&theme=${theme}`)
  await submitEmail(page, email)
  await typeCode(page, await latestCode(request, await apiUrlOf(page), email))
  await expect(page.getByTestId('embedded-wallets')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  await expect(page.getByRole('dialog')).toBeHidden()
  return (await page.getByTestId('embedded-wallets').textContent()) as Address
}

/** Opens 'Transfer from wallet' for the embedded wallet with an amount. */
async function openTransfer(page: Page, amount: string) {
  const dialog = page.getByRole('dialog')
  await page.getByRole('textbox', { name: 'Funding amount' }).fill(amount)
  await page.getByRole('button', { name: 'Fund the Ethereum wallet' }).click()
  await dialog.getByRole('button', { name: 'Transfer from wallet' }).click()
  await expect(dialog.getByRole('heading', { name: 'Transfer from wallet' })).toBeVisible()
  return dialog
}

const balanceOf = async (address: string) => BigInt(await rpc<string>(ANVIL_URL, 'eth_getBalance', [address, 'latest']))

for (const theme of ['light', 'dark'] as const) {
  test(`${theme}: a transfer from an external wallet adds the chain, sends, waits for the receipt and funds the wallet; the wallet is 'Recent' next time`, async ({ page, request }) => {
    await injectTestWallet(page, (await wallets()).configs)
    const wallet = await logIn(page, request, theme)
    const before = await balanceOf(wallet)
    const dialog = await openTransfer(page, '0.05')
    await expect(dialog.getByText('Send 0.05 ETH on Anvil from a wallet you own.')).toBeVisible()

    // More than 4 wallets: the first 3, then 'More wallets' shows the rest.
    const list = dialog.getByRole('list', { name: 'Wallets' })
    await expect(list.getByRole('button')).toHaveCount(4)
    await expect(list.getByRole('button').nth(3)).toHaveText('More wallets')
    await dialog.screenshot({ path: test.info().outputPath(`funding-wallet-pick-${theme}.png`) })
    await list.getByRole('button', { name: 'More wallets' }).click()
    await expect(list.getByRole('button', { name: 'Funder E' })).toBeVisible()

    await list.getByRole('button', { name: 'Funder B' }).click()
    await expect(dialog.getByRole('heading', { name: 'Funds added' })).toBeVisible()
    await expect(dialog.getByText('0.05 ETH arrived in your wallet.')).toBeVisible()
    await dialog.screenshot({ path: test.info().outputPath(`funding-wallet-success-${theme}.png`) })
    await expect(page.getByTestId('funding-result')).toHaveText(/^completed wallet 0\.05 \{"hash":"0x[0-9a-f]{64}","from":"0x[0-9a-fA-F]{40}"\}$/)
    await expect(dialog).toBeHidden()
    expect((await balanceOf(wallet)) - before).toBe(5n * 10n ** 16n)
    // The wallet was asked to add anvil (it started on mainnet) before it sent.
    const calls = await testWallet(page, 'dev.portico.funder1').calls()
    expect(calls.indexOf('wallet_addEthereumChain')).toBeGreaterThanOrEqual(0)
    expect(calls.indexOf('wallet_addEthereumChain')).toBeLessThan(calls.indexOf('eth_sendTransaction'))

    // Next time the wallet used carries 'Recent'.
    await openTransfer(page, '0.01')
    const again = dialog.getByRole('list', { name: 'Wallets' })
    await expect(again.getByRole('button', { name: /Funder B/ })).toContainText('Recent')
    await expect(again.getByText('Recent')).toHaveCount(1)
  })
}

test("failure: a wallet without enough funds shows 'Wallet {address} does not have enough funds.'; a rejection shows its text; 'Choose another method' goes back", async ({ page, request }) => {
  const { configs, empty } = await wallets()
  await injectTestWallet(page, configs)
  const wallet = await logIn(page, request, 'light')
  const before = await balanceOf(wallet)
  const dialog = await openTransfer(page, '0.05')
  await dialog.getByRole('button', { name: 'More wallets' }).click()
  await dialog.getByRole('button', { name: 'Funder E' }).click()
  await expect(dialog.getByRole('heading', { name: 'Transfer failed' })).toBeVisible()
  await expect(dialog.getByText(`Wallet ${empty} does not have enough funds.`)).toBeVisible()
  await dialog.screenshot({ path: test.info().outputPath('funding-wallet-not-enough-funds.png') })

  await dialog.getByRole('button', { name: 'Try again' }).click()
  await testWallet(page, 'dev.portico.funder0').rejectNext()
  await dialog.getByRole('button', { name: 'Funder A' }).click()
  await expect(dialog.getByText('Transaction was rejected by the user')).toBeVisible()
  await dialog.getByRole('button', { name: 'Choose another method' }).click()
  await expect(dialog.getByRole('heading', { name: 'Add funds to your E2E App wallet' })).toBeVisible()
  expect(await balanceOf(wallet)).toBe(before)
})
