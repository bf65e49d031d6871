/**
 * Cross-app transactions: a user of R who signed in with their P account asks P's embedded wallet
 * (on anvil) for a signature and a transaction. Each request opens P's page in a popup, which shows
 * P's own sign or review screen; the answer comes back to R's page. P's page is served on 127.0.0.1
 * and R's on localhost, as two apps on two origins.
 */
import { test, expect, type APIRequestContext, type Locator, type Page } from '@playwright/test'
import { verifyMessage, type Hex } from 'viem'
import { rpc } from '../fixtures/anvil'
import { ADMIN_KEY, apiUrlOf, createTestApp, freshEmail, latestCode, openModal, submitEmail, typeCode } from './helpers'

const BURN = '0x000000000000000000000000000000000000dEaD'

async function patchApp(request: APIRequestContext, api: string, id: string, settings: Record<string, unknown>, origins?: string[]) {
  const data = { settings, ...(origins ? { allowed_origins: origins } : {}) }
  const res = await request.patch(`${api}/admin/v1/apps/${id}`, { headers: { authorization: `Bearer ${ADMIN_KEY}` }, data })
  expect(res.status(), await res.text()).toBe(200)
}

/**
 * P ('Acme Wallet', provider-enabled, its page makes an embedded wallet at login) and R ('Pixel
 * Quest', lists P). A P user signs in on P's page and gets a wallet; then signs in to R with that
 * account through the cross-app login.
 * @returns the app ids, the API URL and the P user's wallet address.
 */
async function signedInThroughProvider(page: Page, request: APIRequestContext) {
  await page.goto('/')
  const providerOrigin = new URL(page.url()).origin.replace('localhost', '127.0.0.1')
  const p = await createTestApp(page, request, { loginMethods: ['email_auth'] }, { name: 'Acme Wallet' })
  const api = await apiUrlOf(page)
  const providerPage = `${providerOrigin}/?app=${p}&embedded=on-login`
  await patchApp(request, api, p, { crossApp: { providerEnabled: true, authorizeUrl: providerPage } }, [providerOrigin])
  const r = await createTestApp(page, request, { loginMethods: ['email_auth'], crossApp: { providerApps: [p] } }, { name: 'Pixel Quest' })

  // On P's own page: sign in, and the wallet is made.
  const address = freshEmail('cross-app-transact')
  await openModal(page, providerPage)
  await submitEmail(page, address)
  await typeCode(page, await latestCode(request, api, address))
  await expect(page.getByTestId('embedded-wallets')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  const wallet = (await page.getByTestId('embedded-wallets').textContent()) as Hex
  await expect(page.getByRole('dialog')).toBeHidden()

  // On R's page: 'Continue with Acme Wallet'; P's page in the popup is signed in already: consent.
  await openModal(page, `/?app=${r}`)
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('dialog').getByRole('button', { name: 'Continue with Acme Wallet' }).click()
  const popup = await popupOpened
  await clickClosing(popup, popup.getByRole('dialog').getByRole('button', { name: 'Allow' }))
  await expect(page.getByTestId('signed-in')).toBeVisible()
  await expect(page.getByTestId('cross-app-wallets')).toHaveText(wallet)
  return { p, r, api, wallet }
}

/**
 * Clicks a button of the popup that closes it, and waits for the close. The popup may close while
 * the click is still being performed, which Playwright reports as an error: one only then is ignored.
 */
async function clickClosing(popup: Page, button: Locator) {
  const closed = popup.waitForEvent('close')
  await button.click().catch((err: unknown) => {
    if (!popup.isClosed()) throw err
  })
  await closed
}

/** Presses an action of R's page and answers the popup of P's page that it opens. */
async function withProviderPopup(page: Page, button: string, inPopup: (popup: Page) => Promise<void>) {
  const popupOpened = page.waitForEvent('popup')
  await page.getByRole('button', { name: button }).click()
  const popup = await popupOpened
  await inPopup(popup)
}

test.describe('cross-app transactions', () => {
  test("R's user signs a message and sends a transaction with their P wallet once they approve on P's page; a rejection or a closed popup rejects", async ({ page, request }) => {
    const { wallet } = await signedInThroughProvider(page, request)

    // A signature, approved on P's sign screen.
    await withProviderPopup(page, 'Sign with the cross-app wallet', async (popup) => {
      const dialog = popup.getByRole('dialog')
      await expect(dialog.getByRole('heading', { name: 'Sign message' })).toBeVisible()
      await expect(dialog.getByText('Hello from another app')).toBeVisible()
      expect(popup.viewportSize()).toEqual({ width: 440, height: 680 })
      await dialog.screenshot({ path: test.info().outputPath('cross-app-sign-light.png') })
      await clickClosing(popup, dialog.getByRole('button', { name: 'Sign and continue' }))
    })
    await expect(page.getByTestId('cross-app-result')).toHaveText(/0x[0-9a-f]{130}/)
    const signature = ((await page.getByTestId('cross-app-result').textContent()) ?? '').trim() as Hex
    expect(await verifyMessage({ address: wallet, message: 'Hello from another app', signature })).toBe(true)

    // Rejected on P's sign screen.
    await withProviderPopup(page, 'Sign with the cross-app wallet', async (popup) => {
      await clickClosing(popup, popup.getByRole('dialog').getByRole('button', { name: 'Cancel' }))
    })
    await expect(page.getByTestId('cross-app-error')).toHaveText('4001: User rejected request')

    // The popup closed by the user counts as a rejection.
    await withProviderPopup(page, 'Sign with the cross-app wallet', async (popup) => {
      await expect(popup.getByRole('dialog').getByRole('heading', { name: 'Sign message' })).toBeVisible()
      await popup.close()
    })
    await expect(page.getByTestId('cross-app-error')).toHaveText('4001: User rejected request')

    // A transaction on anvil, approved on P's transaction review.
    const anvilUrl = (await page.locator('meta[name="portico-anvil-url"]').getAttribute('content'))!
    await rpc(anvilUrl, 'anvil_setBalance', [wallet, '0xde0b6b3a7640000'])
    const burnBefore = BigInt(await rpc<string>(anvilUrl, 'eth_getBalance', [BURN, 'latest']))
    await withProviderPopup(page, 'Send 0.001 ETH from the cross-app wallet', async (popup) => {
      const dialog = popup.getByRole('dialog')
      await expect(dialog.getByRole('heading', { name: 'Review transaction' })).toBeVisible()
      await expect(dialog.getByRole('button', { name: 'Approve' })).toBeEnabled()
      await dialog.screenshot({ path: test.info().outputPath('cross-app-review-light.png') })
      await clickClosing(popup, dialog.getByRole('button', { name: 'Approve' }))
    })
    await expect(page.getByTestId('cross-app-result')).toHaveText(/^\s*0x[0-9a-f]{64}$/)
    const hash = ((await page.getByTestId('cross-app-result').textContent()) ?? '').trim()
    await expect.poll(async () => (await rpc<{ status: string } | null>(anvilUrl, 'eth_getTransactionReceipt', [hash]))?.status).toBe('0x1')
    expect(BigInt(await rpc<string>(anvilUrl, 'eth_getBalance', [BURN, 'latest'])) - burnBefore).toBe(10n ** 15n)

    // A transaction rejected on the review.
    await withProviderPopup(page, 'Send 0.001 ETH from the cross-app wallet', async (popup) => {
      const dialog = popup.getByRole('dialog')
      await expect(dialog.getByRole('heading', { name: 'Review transaction' })).toBeVisible()
      await clickClosing(popup, dialog.getByRole('button', { name: 'Cancel' }))
    })
    await expect(page.getByTestId('cross-app-error')).toHaveText('4001: User rejected request')
  })

  test("a request nobody answers times out (the plugin's timeoutMs), and a read-only provider app refuses", async ({ page, request }) => {
    const { p, r, api, wallet } = await signedInThroughProvider(page, request)
    // R's page waits 15 s instead of 120 s (`crossApp({ timeoutMs })`, the demo's ?crossAppTimeout).
    await page.goto(`/?app=${r}&crossAppTimeout=15000`)
    await expect(page.getByTestId('cross-app-wallets')).toHaveText(wallet)

    // P's page in its dark theme this time.
    await patchApp(request, api, p, { theme: 'dark' })
    await withProviderPopup(page, 'Sign with the cross-app wallet', async (popup) => {
      await expect(popup.getByRole('dialog').getByRole('heading', { name: 'Sign message' })).toBeVisible()
      await popup.getByRole('dialog').screenshot({ path: test.info().outputPath('cross-app-sign-dark.png') })
      // R gives up and closes P's page.
      await popup.waitForEvent('close', { timeout: 30_000 })
    })
    await expect(page.getByTestId('cross-app-error')).toHaveText('-32603: Request timeout')

    await patchApp(request, api, p, { crossApp: { readOnly: true } })
    await page.getByRole('button', { name: 'Sign with the cross-app wallet' }).click()
    await expect(page.getByTestId('cross-app-error')).toHaveText('4100: Cannot transact against a read-only provider app')
    await expect.poll(() => page.context().pages().length).toBe(1)
  })
})
