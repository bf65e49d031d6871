/**
 * Cloud recovery through the widget's screens in the demo: a new user picks Google Drive or iCloud in
 * the recovery choice when their wallet is created, confirms their identity in the storage's popup
 * (the local stand-ins of Google OAuth + Drive and of CloudKit), and the wallet is backed up there.
 * In a fresh browser profile (a new device) a signature needs the wallet, the frame answers
 * `recovery_needed` for the cloud method, and 'Recovery via OAuth' recovers it, after a storage
 * failure tried again; the signature then completes and verifies.
 */
import { test, expect, type APIRequestContext, type Browser, type Page } from '@playwright/test'
import { verifyMessage, type Hex } from 'viem'
import { startGoogleDriveStandIn, type GoogleDriveStandIn } from '../fixtures/google-drive'
import { startCloudKitStandIn, type CloudKitStandIn } from '../fixtures/cloudkit'
import { apiUrlOf, createTestApp, freshEmail, latestCode, openModal, submitEmail, typeCode } from './helpers'

const CONTAINER = 'iCloud.test.portico'
let google: GoogleDriveStandIn
let cloudkit: CloudKitStandIn

test.beforeAll(async () => {
  ;[google, cloudkit] = await Promise.all([startGoogleDriveStandIn(), startCloudKitStandIn()])
})
test.afterAll(async () => {
  await Promise.all([google?.close(), cloudkit?.close()])
})

/** An app whose users back their wallet up to Google Drive or iCloud (the stand-ins), registered with both. */
async function cloudApp(page: Page, request: APIRequestContext): Promise<string> {
  await page.goto('/')
  const appId = await createTestApp(page, request, {
    loginMethods: ['email_auth'],
    embeddedWallets: { userOwnedRecoveryOptions: ['google-drive', 'icloud'], requireUserOwnedRecoveryOnCreate: true },
    cloudRecovery: {
      googleDrive: { clientId: 'drive-client', clientSecret: 'drive-secret', authorizationUrl: google.authorizationUrl, tokenUrl: google.tokenUrl, apiUrl: google.url },
      icloud: { apiToken: 'ck-api-token', containerIdentifier: CONTAINER, environment: 'development', apiUrl: cloudkit.url },
    },
  })
  const api = await apiUrlOf(page)
  google.registerClient({ clientId: 'drive-client', clientSecret: 'drive-secret', redirectUris: [`${api}/api/v1/recovery/oauth/callback/${appId}`] })
  cloudkit.registerApiToken({ apiToken: 'ck-api-token', container: CONTAINER, callbackUrl: `${api}/api/v1/recovery/oauth/callback_icloud/${appId}` })
  return appId
}

/** Logs `email` in on the app's demo page. */
async function logIn(page: Page, request: APIRequestContext, appId: string, email: string): Promise<void> {
  await openModal(page, `/?app=${appId}&embedded=on-login`)
  await submitEmail(page, email)
  await typeCode(page, await latestCode(request, await apiUrlOf(page), email))
}

/** 'Continue with …' opens the storage's sign-in popup, which the stand-in answers and the widget closes. */
async function confirmIdentity(page: Page, provider: string): Promise<void> {
  const dialog = page.getByRole('dialog')
  const [popup] = await Promise.all([page.waitForEvent('popup'), dialog.getByRole('button', { name: `Continue with ${provider}` }).click()])
  await popup.waitForEvent('close')
}

for (const [method, provider] of [
  ['google-drive', 'Google Drive'],
  ['icloud', 'iCloud'],
] as const) {
  test(`${provider}: a backup made in the widget is recovered in a fresh profile through Recovery via OAuth, after a failure tried again`, async ({ page, request, browser }) => {
    const account = method === 'google-drive' ? 'owner@gmail.test' : 'owner@icloud.test'
    const appId = await cloudApp(page, request)
    if (method === 'google-drive') google.signInAs(account)
    else cloudkit.signInAs(account)
    const email = freshEmail(`cloud-${method}`)
    const dialog = page.getByRole('dialog')

    await logIn(page, request, appId, email)
    await expect(dialog.getByRole('heading', { name: 'Choose a recovery method' })).toBeVisible()
    await dialog.getByRole('button', { name: `Back up to ${provider}` }).click()
    await expect(dialog.getByRole('heading', { name: `Back up to ${provider}` })).toBeVisible()
    await confirmIdentity(page, provider)
    await expect(page.getByTestId('embedded-wallets')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
    const address = (await page.getByTestId('embedded-wallets').textContent()) as Hex
    await expect(dialog).toBeHidden()
    // The key is in the user's storage.
    const stored = method === 'google-drive' ? google.filesOf(account) : cloudkit.recordsOf(account)
    expect(stored).toHaveLength(1)

    const device = await newDevice(browser)
    await logIn(device, request, appId, email)
    await expect(device.getByTestId('embedded-wallets')).toHaveText(address)
    await expect(device.getByRole('dialog')).toBeHidden()
    const deviceDialog = device.getByRole('dialog')
    await device.getByRole('button', { name: 'Sign a message' }).click()
    await expect(deviceDialog.getByRole('heading', { name: 'Sign message' })).toBeVisible()
    await deviceDialog.getByRole('button', { name: 'Sign and continue' }).click()
    // This device has no share: the frame asks for the cloud recovery.
    await expect(deviceDialog.getByRole('heading', { name: `Recover with ${provider}` })).toBeVisible()
    if (method === 'google-drive') google.failDriveNext()
    else cloudkit.failRecordsNext()
    await confirmIdentity(device, provider)
    await expect(deviceDialog.getByRole('heading', { name: 'Unable to recover wallet' })).toBeVisible()
    await expect(deviceDialog.getByRole('alert')).toHaveText('An error has occurred, please try again.')
    // Tried again with the same sign-in: no new popup.
    await deviceDialog.getByRole('button', { name: 'Try again' }).click()
    await expect(deviceDialog.getByText('Your wallet is ready on this device.')).toBeVisible()
    await deviceDialog.getByRole('button', { name: 'Done' }).click()
    const signature = (await device.getByTestId('embedded-signature').textContent())!.trim() as Hex
    expect(await verifyMessage({ address, message: 'Hello from the demo', signature })).toBe(true)
    await device.context().close()
  })
}

/** A fresh browser profile: nothing of the first device's storage. */
async function newDevice(browser: Browser): Promise<Page> {
  return (await browser.newContext({ baseURL: test.info().project.use.baseURL })).newPage()
}
