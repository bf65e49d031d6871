/**
 * Delegated actions in the demo: the user delegates their embedded wallet ('Enable delegated
 * actions', 'Accept', 'Success!', the prompt closing by itself), then the test, playing the app's
 * backend, signs a message and sends a transaction on anvil with the typed wallet API client; the
 * signature verifies and the transaction is mined. After 'Revoke permission' and 'Confirm' the
 * backend is refused. Declining either prompt ends the call with the spec's error. The prompts light
 * and dark, on a phone, with screenshots.
 */
import { randomBytes } from 'node:crypto'
import { test, expect, devices, type APIRequestContext, type Page, type TestInfo } from '@playwright/test'
import { verifyMessage, type Address, type Hex } from 'viem'
import { createWalletApiClient, generateAuthorizationKey, WalletApiError } from 'portico/plugins/delegated-actions/server'
import { receiptOf, rpc } from '../fixtures/anvil'
import { apiUrlOf, createTestApp, freshEmail, latestCode, openModal, submitEmail, typeCode } from './helpers'

const { defaultBrowserType: _browser, ...PHONE } = devices['Pixel 5']
const BURN = '0x000000000000000000000000000000000000dEaD'

const anvilUrlOf = async (page: Page) => (await page.locator('meta[name="portico-anvil-url"]').getAttribute('content'))!

/** An app whose backend holds a wallet API secret and authorization key; answers the app and the backend's credentials. */
async function appWithBackend(page: Page, request: APIRequestContext, theme: 'light' | 'dark') {
  await page.goto('/')
  const authorization = generateAuthorizationKey()
  const appSecret = randomBytes(32).toString('base64url')
  const appId = await createTestApp(page, request, {
    loginMethods: ['email_auth'],
    theme,
    delegatedActions: { appSecret, authorizationKeys: [authorization.publicKey] },
    chainRpcUrls: { 'eip155:31337': await anvilUrlOf(page) },
  })
  return { appId, appSecret, authorizationKey: authorization.privateKey }
}

/** Logs a fresh user in on the app; the embedded wallet is created on login. Answers its address. */
async function logInWithWallet(page: Page, request: APIRequestContext, appId: string): Promise<Address> {
  const email = freshEmail('delegate')
  await openModal(page, `/?app=${appId}&embedded=on-login`)
  await submitEmail(page, email)
  await typeCode(page, await latestCode(request, await apiUrlOf(page), email))
  await expect(page.getByTestId('embedded-wallets')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(page.getByTestId('wallet-delegated')).toHaveText('false')
  return (await page.getByTestId('embedded-wallets').textContent()) as Address
}

/** Keeps a screenshot of the modal in the test's output (attached to the report). */
async function keep(page: Page, info: TestInfo, name: string): Promise<void> {
  const path = info.outputPath(`${name}.png`)
  await page.getByRole('dialog').screenshot({ path, animations: 'disabled' })
  await info.attach(name, { path, contentType: 'image/png' })
}

/** Answers the wallet API's refusal of `call`. */
async function refusal(call: Promise<unknown>): Promise<WalletApiError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  )
  expect(error).toBeInstanceOf(WalletApiError)
  return error as WalletApiError
}

test.describe('delegated actions', () => {
  test('a delegated wallet signs and sends for the app backend; revoked, the backend is refused', async ({ page, request }, info) => {
    const backend = await appWithBackend(page, request, 'light')
    const address = await logInWithWallet(page, request, backend.appId)
    const wallets = createWalletApiClient({ apiUrl: await apiUrlOf(page), ...backend })
    const dialog = page.getByRole('dialog')

    // Before the user delegates, the backend can do nothing with the wallet.
    expect((await refusal(wallets.personalSign(address, 'too early'))).code).toBe('user_has_not_delegated_wallet')

    await page.getByRole('button', { name: 'Delegate', exact: true }).click()
    await expect(dialog.getByRole('heading', { name: 'Enable delegated actions' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Not now' })).toBeVisible()
    await keep(page, info, 'delegate-consent-light-desktop')
    await dialog.getByRole('button', { name: 'Accept' }).click()
    await expect(dialog.getByRole('heading', { name: 'Success!' })).toBeVisible()
    await keep(page, info, 'delegate-success-light-desktop')
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('wallet-delegated')).toHaveText('true')
    await expect(page.getByTestId('delegated-error')).toBeHidden()

    // The app's backend signs a message: the signature is the wallet's.
    const { signature } = await wallets.personalSign(address, 'Signed by the app backend')
    expect(await verifyMessage({ address, message: 'Signed by the app backend', signature: signature as Hex })).toBe(true)

    // …and sends a transaction, which anvil mines.
    const anvilUrl = await anvilUrlOf(page)
    await rpc(anvilUrl, 'anvil_setBalance', [address, '0xde0b6b3a7640000'])
    const burnBefore = BigInt(await rpc<string>(anvilUrl, 'eth_getBalance', [BURN, 'latest']))
    const { hash } = await wallets.sendTransaction(address, 'eip155:31337', { to: BURN, value: '0x38d7ea4c68000' })
    const receipt = await receiptOf(anvilUrl, hash)
    expect(receipt.status).toBe('0x1')
    const sent = await rpc<{ from: string }>(anvilUrl, 'eth_getTransactionByHash', [hash])
    expect(sent.from.toLowerCase()).toBe(address.toLowerCase())
    expect(BigInt(await rpc<string>(anvilUrl, 'eth_getBalance', [BURN, 'latest'])) - burnBefore).toBe(10n ** 15n)
    // Both calls are recorded as the wallet's actions.
    expect((await wallets.actions(address)).map((a) => [a.method, a.status])).toEqual([
      ['eth_sendTransaction', 'succeeded'],
      ['personal_sign', 'succeeded'],
    ])

    await page.getByRole('button', { name: 'Revoke', exact: true }).click()
    await expect(dialog.getByRole('heading', { name: 'Revoke permission' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Deny' })).toBeVisible()
    await keep(page, info, 'revoke-light-desktop')
    await dialog.getByRole('button', { name: 'Confirm' }).click()
    await expect(dialog.getByRole('heading', { name: 'Success!' })).toBeVisible()
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('wallet-delegated')).toHaveText('false')

    const refused = await refusal(wallets.personalSign(address, 'after the revocation'))
    expect([refused.status, refused.code]).toEqual([403, 'user_has_not_delegated_wallet'])
    expect((await refusal(wallets.sendTransaction(address, 'eip155:31337', { to: BURN, value: '0x1' }))).code).toBe('user_has_not_delegated_wallet')
  })

  for (const theme of ['light', 'dark'] as const) {
    test.describe(`on a phone (${theme})`, () => {
      test.use({ ...PHONE })
      test(`declining either prompt ends with the spec's error and delegates nothing (${theme}, screenshots attached)`, async ({ page, request }, info) => {
        const backend = await appWithBackend(page, request, theme)
        const address = await logInWithWallet(page, request, backend.appId)
        const dialog = page.getByRole('dialog')

        await page.getByRole('button', { name: 'Delegate', exact: true }).click()
        await expect(dialog.getByRole('heading', { name: 'Enable delegated actions' })).toBeVisible()
        // The prompt fits the phone's screen.
        const box = (await dialog.boundingBox())!
        expect(box.width).toBeLessThanOrEqual(PHONE.viewport.width)
        await keep(page, info, `delegate-consent-${theme}-phone`)
        await dialog.getByRole('button', { name: 'Not now' }).click()
        await expect(dialog).toBeHidden()
        await expect(page.getByTestId('delegated-error')).toHaveText(' DELEGATED_ACTIONS_DECLINED: User declined delegating actions.')
        await expect(page.getByTestId('wallet-delegated')).toHaveText('false')

        await page.getByRole('button', { name: 'Revoke', exact: true }).click()
        await expect(dialog.getByRole('heading', { name: 'Revoke permission' })).toBeVisible()
        await keep(page, info, `revoke-${theme}-phone`)
        await dialog.getByRole('button', { name: 'Deny' }).click()
        await expect(dialog).toBeHidden()
        await expect(page.getByTestId('delegated-error')).toHaveText(' DELEGATED_ACTIONS_REVOKE_DECLINED: User declined revoking access to their delegated wallet.')

        const wallets = createWalletApiClient({ apiUrl: await apiUrlOf(page), ...backend })
        expect((await refusal(wallets.personalSign(address, 'never delegated'))).code).toBe('user_has_not_delegated_wallet')
      })
    })
  }
})
