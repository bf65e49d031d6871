/**
 * `portico/wagmi` in a real browser: the demo's wagmi page (`/wagmi`, examples/demo/wagmi.tsx), a
 * wagmi app that reads and drives its account only through wagmi's hooks, against anvil. The
 * embedded wallet made at login and an injected test wallet each become wagmi's account; the embedded
 * wallet's signature and transaction still go through Portico's screens.
 */
import { expect, test, type Page } from '@playwright/test'
import { verifyMessage, type Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { apiUrlOf, freshEmail, latestCode, submitEmail, typeCode } from './helpers'
import { rpc } from '../fixtures/anvil'
import { injectTestWallet } from '../../testing/evm-wallet/inject'
import { ANVIL_KEYS } from '../../testing/evm-wallet/provider'

const API_PORT = Number(process.env.E2E_API_PORT ?? 8810)
/** As playwright.config.ts starts it. */
const ANVIL_URL = `http://127.0.0.1:${Number(process.env.E2E_ANVIL_PORT ?? API_PORT + 2000)}`
const PAGE = '/wagmi'

/** Signs in with a fresh email; waits until the embedded wallet made at login is listed and the modal is gone. */
async function signInWithEmail(page: Page, request: Parameters<typeof latestCode>[0]): Promise<void> {
  const address = freshEmail('wagmi')
  await page.getByRole('button', { name: 'Log in' }).click()
  await submitEmail(page, address)
  await typeCode(page, await latestCode(request, await apiUrlOf(page), address))
  await expect(page.getByRole('button', { name: 'Log out' })).toBeVisible()
  await expect(page.getByRole('alertdialog')).toBeHidden()
  await expect(page.getByRole('dialog')).toBeHidden()
}

/** The address of the wallet Portico lists under a name. */
async function listedAddress(page: Page, name: string): Promise<Hex> {
  const row = page.getByTestId('portico-wallets').getByRole('listitem').filter({ hasText: name })
  await expect(row).toHaveCount(1)
  return (await row.locator('code').textContent()) as Hex
}

test.describe('wagmi', () => {
  test('default: the embedded wallet is wagmi’s account; wagmi signs and sends through Portico’s screens and switches chains', async ({ page, request }) => {
    await page.goto(PAGE)
    await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected')
    await signInWithEmail(page, request)
    const address = await listedAddress(page, 'Embedded wallet')
    await expect(page.getByTestId('wagmi-address')).toHaveText(address)
    await expect(page.getByTestId('wagmi-status')).toHaveText('connected')
    await expect(page.getByTestId('wagmi-chain')).toHaveText('31337')
    await expect(page.getByTestId('wagmi-connector')).toHaveText('Portico')
    const dialog = page.getByRole('dialog')

    // useSignMessage: Portico's sign screen shows the message; the signature is the wallet's.
    await page.getByRole('button', { name: 'Sign with wagmi' }).click()
    await expect(dialog.getByRole('heading', { name: 'Sign message' })).toBeVisible()
    await expect(dialog.getByText('Hello from wagmi')).toBeVisible()
    await dialog.screenshot({ path: test.info().outputPath('wagmi-sign.png') })
    await dialog.getByRole('button', { name: 'Sign and continue' }).click()
    await expect(page.getByTestId('wagmi-signature')).toHaveText(/^0x[0-9a-f]{130}$/)
    const signature = (await page.getByTestId('wagmi-signature').textContent()) as Hex
    expect(await verifyMessage({ address, message: 'Hello from wagmi', signature })).toBe(true)
    await expect(dialog).toBeHidden()

    // useSendTransaction: Portico's review first; after Approve anvil mines it.
    await rpc(ANVIL_URL, 'anvil_setBalance', [address, '0xde0b6b3a7640000'])
    await page.getByRole('button', { name: 'Send 0.001 ETH with wagmi' }).click()
    await expect(dialog.getByRole('heading', { name: 'Review transaction' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Approve' })).toBeEnabled()
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await expect(page.getByTestId('wagmi-transaction')).toHaveText(/^0x[0-9a-f]{64}$/)
    const hash = (await page.getByTestId('wagmi-transaction').textContent()) as Hex
    await expect(page.getByTestId('wagmi-receipt')).toHaveText(/^success in block \d+$/)
    const mined = (await rpc(ANVIL_URL, 'eth_getTransactionByHash', [hash])) as { from: string; to: string; value: string }
    expect(mined).toMatchObject({ from: address.toLowerCase(), to: '0x000000000000000000000000000000000000dead', value: '0x38d7ea4c68000' })
    // wagmi has the hash at once; Portico's receipt stays until the user is done with it.
    await expect(dialog.getByRole('heading', { name: 'Transaction complete' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(dialog).toBeHidden()

    // useSwitchChain: the embedded wallet moves, and wagmi's chain with it.
    await page.getByRole('button', { name: 'Switch to Anvil two' }).click()
    await expect(page.getByTestId('wagmi-chain')).toHaveText('31338')
    await expect(page.getByTestId('portico-wallets').getByRole('listitem')).toContainText(`${address}eip155:31338 · Embedded wallet · wagmi’s account`)
    await page.getByRole('button', { name: 'Switch to Anvil', exact: true }).click()
    await expect(page.getByTestId('wagmi-chain')).toHaveText('31337')
    await expect(page.getByTestId('wagmi-address')).toHaveText(address)

    // After a reload wagmi's own reconnect finds no wallet yet; the account comes back with Portico's session.
    await page.reload()
    await expect(page.getByTestId('wagmi-address')).toHaveText(address)
    await expect(page.getByTestId('wagmi-status')).toHaveText('connected')

    // Signing out ends the embedded wallet's connection, and wagmi's.
    await page.getByRole('button', { name: 'Log out' }).click()
    await expect(page.getByTestId('wagmi-status')).toHaveText('disconnected')
    await expect(page.getByTestId('wagmi-address')).toHaveText('—')
  })

  test('behavior: an injected wallet connected from Portico’s list is wagmi’s account; a newer wallet takes over until the host picks one', async ({ page, request }) => {
    const key = ANVIL_KEYS[2]
    const external = privateKeyToAccount(key).address
    await injectTestWallet(page, [{ privateKey: key, rpcUrl: ANVIL_URL, knownChains: [31338], name: 'Test Wallet', rdns: 'dev.portico.testwallet' }])
    await page.goto(PAGE)
    await page.getByRole('button', { name: 'Connect a wallet' }).click()
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: /Test Wallet/ }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('wagmi-address')).toHaveText(external)
    await expect(page.getByTestId('wagmi-connector')).toHaveText('Portico')
    await expect(page.getByTestId('wagmi-chain')).toHaveText('31337')

    // The test wallet signs by itself (no Portico screen for an external wallet).
    await page.getByRole('button', { name: 'Sign with wagmi' }).click()
    await expect(page.getByTestId('wagmi-signature')).toHaveText(/^0x[0-9a-f]{130}$/)
    const signature = (await page.getByTestId('wagmi-signature').textContent()) as Hex
    expect(await verifyMessage({ address: external, message: 'Hello from wagmi', signature })).toBe(true)

    await page.getByRole('button', { name: 'Switch to Anvil two' }).click()
    await expect(page.getByTestId('wagmi-chain')).toHaveText('31338')
    await expect.poll(() => page.evaluate(() => window.__portico_test_wallet!.chainId())).toBe(31338)

    // Signing in makes an embedded wallet, the newest connection: wagmi follows it, until the host
    // picks the injected wallet again.
    await signInWithEmail(page, request)
    const embedded = await listedAddress(page, 'Embedded wallet')
    expect(embedded).not.toBe(external)
    await expect(page.getByTestId('wagmi-address')).toHaveText(embedded)
    await page.getByRole('button', { name: 'Use Test Wallet in wagmi' }).click()
    await expect(page.getByTestId('wagmi-address')).toHaveText(external)
    await expect(page.getByTestId('wagmi-chain')).toHaveText('31338')
    await expect(page.getByTestId('wagmi-status')).toHaveText('connected')
    await page.screenshot({ path: test.info().outputPath('wagmi-page-desktop.png'), fullPage: true })
    await page.setViewportSize({ width: 390, height: 844 })
    await page.screenshot({ path: test.info().outputPath('wagmi-page-phone.png'), fullPage: true })
  })
})
