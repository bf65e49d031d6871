/**
 * The embedded wallet in the demo: created after login by the post-login step, listed by
 * `useEmbeddedWallets()`, signing through the sign request, and a failed creation ending the login.
 * The wallet frame runs on the demo API's origin, served by the same server as every other route.
 */
import { test, expect, type Page } from '@playwright/test'
import { verifyMessage, type Hex } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { apiUrlOf, freshEmail, latestCode, openModal, recordTexts, submitEmail, typeCode } from './helpers'
import { rpc } from '../fixtures/anvil'

const ON_LOGIN = '/?embedded=on-login'

/** Logs in with the code; answers the address and the texts the modal showed from then on. */
async function logIn(page: Page, request: Parameters<typeof latestCode>[0], address: string) {
  await openModal(page, ON_LOGIN)
  await submitEmail(page, address)
  const seen = await recordTexts(page, ['Welcome to Portico Demo', 'All set!'], { within: '[role="dialog"], [role="alertdialog"]' })
  await typeCode(page, await latestCode(request, await apiUrlOf(page), address))
  return seen
}

test.describe('embedded wallet', () => {
  test('a new user gets a wallet after login, signs a message once they approve it, and a declined request rejects with 4001', async ({ page, request }) => {
    const email = freshEmail('embedded')
    const seen = await logIn(page, request, email)
    const dialog = page.getByRole('dialog')
    await expect(page.getByTestId('embedded-wallets')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
    // The wallet is made while the login's success shows; its screens (alert dialogs: they cannot be
    // closed) follow, and the created one closes by itself.
    await expect.poll(seen).toEqual(['Welcome to Portico Demo'])
    await expect(page.getByRole('alertdialog')).toBeHidden()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('user-email')).toHaveText(email)
    const address = (await page.getByTestId('embedded-wallets').textContent()) as Hex
    // `useWallets()` lists it with the connected wallets.
    await expect(page.getByTestId('connected-wallets')).toHaveText(new RegExp(`^${address} eip155:\\d+$`))

    await page.getByRole('button', { name: 'Sign a message' }).click()
    await expect(dialog.getByRole('heading', { name: 'Sign message' })).toBeVisible()
    await expect(dialog.getByText('Signing this message will not cost you any fees.')).toBeVisible()
    await expect(dialog.getByText('Hello from the demo')).toBeVisible()
    await dialog.getByRole('button', { name: 'Sign and continue' }).click()
    await expect(page.getByTestId('embedded-signature')).toHaveText(/0x[0-9a-f]{130}/)
    const signature = ((await page.getByTestId('embedded-signature').textContent()) ?? '').trim() as Hex
    expect(await verifyMessage({ address, message: 'Hello from the demo', signature })).toBe(true)
    await expect(dialog).toBeHidden()

    await page.getByRole('button', { name: 'Sign a message' }).click()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByTestId('embedded-error')).toHaveText('4001: The user rejected the request.')
    await expect(dialog).toBeHidden()

    // Logging in again on this device keeps the wallet: no creation, the same address.
    await page.getByRole('button', { name: 'Log out' }).click()
    const again = await logIn(page, request, email)
    await expect(page.getByTestId('embedded-wallets')).toHaveText(address)
    await expect(dialog).toBeHidden()
    await expect(page.getByRole('alertdialog')).toBeHidden()
    expect(await again()).toEqual([])
  })

  test('the key frame in the modal exports the key that controls the wallet, and imports a key as another wallet', async ({ page, request }) => {
    const seen = await logIn(page, request, freshEmail('embedded-keys'))
    await expect(page.getByTestId('embedded-wallets')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
    const address = (await page.getByTestId('embedded-wallets').textContent()) as Hex
    const dialog = page.getByRole('dialog')
    // The login's creation screens have come and gone.
    await expect.poll(seen).toEqual(['Welcome to Portico Demo'])
    await expect(page.getByRole('alertdialog')).toBeHidden()
    await expect(dialog).toBeHidden()

    await page.getByRole('button', { name: 'Export the wallet' }).click()
    await expect(dialog.getByRole('heading', { name: 'Transfer wallet' })).toBeVisible()
    const exported = page.frameLocator('iframe[title="Export wallet"]').getByRole('textbox', { name: 'Private key' })
    await expect(exported).toHaveValue(/^0x[0-9a-f]{64}$/)
    expect(privateKeyToAccount((await exported.inputValue()) as Hex).address).toBe(address)
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.locator('iframe[title="Export wallet"]')).toHaveCount(0)

    const key = generatePrivateKey()
    await page.getByRole('button', { name: 'Import a wallet' }).click()
    await expect(dialog.getByRole('heading', { name: 'Import wallet' })).toBeVisible()
    const frame = page.frameLocator('iframe[title="Import wallet"]')
    await frame.getByLabel('Ethereum private key (64 hexadecimal characters)').fill(key)
    await frame.getByRole('button', { name: 'Import' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('embedded-wallets')).toHaveText(`${address}, ${privateKeyToAccount(key).address}`)
  })

  test('a transaction is reviewed before it is sent: Approve sends it and anvil mines it; with no funds Approve is disabled', async ({ page, request }) => {
    const seen = await logIn(page, request, freshEmail('embedded-send'))
    await expect(page.getByTestId('embedded-wallets')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
    const address = (await page.getByTestId('embedded-wallets').textContent()) as Hex
    await expect.poll(seen).toEqual(['Welcome to Portico Demo'])
    await expect(page.getByRole('alertdialog')).toBeHidden()
    const dialog = page.getByRole('dialog')
    await expect(dialog).toBeHidden()
    const anvilUrl = (await page.locator('meta[name="portico-anvil-url"]').getAttribute('content'))!
    const row = (label: string) => dialog.locator('dt', { hasText: new RegExp(`^${label}$`) }).locator('xpath=following-sibling::dd[1]')

    // A new wallet holds nothing: the review says so and Approve stays disabled.
    await page.getByRole('button', { name: 'Send 0.001 ETH' }).click()
    await expect(dialog.getByRole('heading', { name: 'Review transaction' })).toBeVisible()
    await expect(dialog.getByText('Add funds on Anvil to complete transaction.')).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Approve' })).toBeDisabled()
    await dialog.getByRole('button', { name: 'Cancel' }).click()
    await expect(page.getByTestId('embedded-error')).toHaveText('4001: The user rejected the request.')

    await rpc(anvilUrl, 'anvil_setBalance', [address, '0xde0b6b3a7640000'])
    await page.getByRole('button', { name: 'Send 0.001 ETH' }).click()
    await expect(dialog.getByRole('heading', { name: 'Review transaction' })).toBeVisible()
    // The host's description replaces the default one.
    await expect(dialog.getByText('The demo sends 0.001 ETH to a burn address.')).toBeVisible()
    await expect(row('Action')).toHaveText('Send')
    await expect(row('Network')).toHaveText('Anvil')
    await expect(row('Amount')).toHaveText(/^0\.001 ETH/)
    await expect(dialog.getByRole('button', { name: 'Approve' })).toBeEnabled()
    await dialog.screenshot({ path: test.info().outputPath('transaction-review.png') })
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await expect(page.getByTestId('embedded-transaction')).toHaveText(/0x[0-9a-f]{64}/)
    const hash = ((await page.getByTestId('embedded-transaction').textContent()) ?? '').trim()
    await expect.poll(async () => (await rpc<{ status: string } | null>(anvilUrl, 'eth_getTransactionReceipt', [hash]))?.status).toBe('0x1')
    expect(BigInt(await rpc<string>(anvilUrl, 'eth_getBalance', ['0x000000000000000000000000000000000000dEaD', 'latest']))).toBeGreaterThanOrEqual(10n ** 15n)
  })

  test('a creation the server refuses after login shows the spec text, reports it and logs the user out', async ({ page, request }) => {
    const api = await (async () => {
      await page.goto(ON_LOGIN)
      return apiUrlOf(page)
    })()
    // Every creation request of the frame fails as a server error would.
    await page.context().route(`${api}/api/v1/embedded_wallets`, (route) =>
      route.request().method() === 'POST' ? route.fulfill({ status: 500, contentType: 'application/json', body: '{"error":"internal"}' }) : route.continue(),
    )
    const reported = page.waitForRequest((r) => r.url().endsWith('/api/v1/analytics_events') && (r.postData() ?? '').includes('embedded_wallet_creation_failure_logout'))
    await logIn(page, request, freshEmail('embedded-fails'))
    // The failure is an alert: the login cannot go on.
    const dialog = page.getByRole('alertdialog')
    await expect(dialog.getByRole('heading', { name: 'Failed to create wallet' })).toBeVisible()
    await expect(dialog.getByText('An error has occured, please login again.')).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
    await expect(page.getByText('You are signed out.')).toBeVisible()
    await reported
  })
})
