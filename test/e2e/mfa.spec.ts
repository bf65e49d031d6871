/**
 * Multi-factor verification in the demo: enrolling the authenticator app (the test computes the codes
 * from the secret the screen shows for manual entry), a wallet signature after a reload that the server
 * holds back until the user verifies (the frame must fetch the auth share again), the lockout after 4
 * wrong codes, removing a method after a verification; SMS enrolment and a transaction verified with
 * texted codes from the dev inbox; passkey MFA on the CDP virtual authenticator; the screens light, dark
 * and on a phone. TOTP codes are single use within their 30-second step: a second code comes from moving
 * the server's dev clock forward, never from waiting.
 */
import { test, expect, devices, type APIRequestContext, type Page, type TestInfo } from '@playwright/test'
import { parse, totp } from 'micro-key-producer/otp.js'
import { addVirtualAuthenticator, readCode } from 'portico/testing'
import { rpc } from '../fixtures/anvil'
import { apiUrlOf, createTestApp, freshEmail, inboxCount, latestCode, openModal, submitEmail, typeCode } from './helpers'

const ON_LOGIN = '/?embedded=on-login'
const { defaultBrowserType: _browser, ...PHONE } = devices['Pixel 5']
const LOCKOUT = 'You have exceeded the maximum number of attempts. Please close this window and try again in 10 seconds.'

/** Logs in a fresh user who gets an embedded wallet; answers the wallet's address. */
async function logInWithWallet(page: Page, request: APIRequestContext, tag: string, path = ON_LOGIN): Promise<string> {
  const email = freshEmail(tag)
  await openModal(page, path)
  await submitEmail(page, email)
  await typeCode(page, await latestCode(request, await apiUrlOf(page), email))
  await expect(page.getByTestId('embedded-wallets')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  await expect(page.getByRole('dialog')).toBeHidden()
  await expect(page.getByRole('alertdialog')).toBeHidden()
  return (await page.getByTestId('embedded-wallets').textContent()) ?? ''
}

/** The server's dev clock moved forward by `ms` (cumulative); answers the server's time after the move. */
async function advanceServerClock(request: APIRequestContext, apiUrl: string, ms: number): Promise<number> {
  const res = await request.post(`${apiUrl}/dev/clock`, {
    data: { advance_ms: ms },
  })
  expect(res.ok(), await res.text()).toBe(true)
  return ((await res.json()) as { now: number }).now
}

/** The authenticator app's code at the server time `at` (ms). */
function codeAt(secret: string, at: number): string {
  return totp(parse(secret), at)
}

/** Enrols the authenticator app through 'Enable MFA'; answers the secret shown for manual entry. */
async function enrolAuthenticator(page: Page, shot: (name: string) => Promise<void>): Promise<string> {
  const dialog = page.getByRole('dialog')
  await page.getByRole('button', { name: 'Enable MFA' }).click()
  await expect(dialog.getByRole('heading', { name: 'Transaction Protection' })).toBeVisible()
  await shot('mfa-intro')
  await dialog.getByRole('button', { name: 'Continue' }).click()
  await expect(dialog.getByRole('heading', { name: 'Choose a verification method' })).toBeVisible()
  await shot('mfa-choose')
  await dialog.getByRole('button', { name: /Authenticator app/ }).click()
  await expect(dialog.getByRole('heading', { name: 'Set up your authenticator app' })).toBeVisible()
  await expect(
    dialog.getByRole('img', {
      name: 'QR code to add this account to your authenticator app',
    }),
  ).toBeVisible()
  const secret = ((await dialog.getByTestId('totp-secret').textContent()) ?? '').replace(/\s/g, '')
  expect(secret).toMatch(/^[A-Z2-7]{32}$/)
  await shot('mfa-totp-enroll')
  // The server's clock is wall time here (every clock move is undone after its test).
  await typeCode(page, codeAt(secret, Date.now()))
  await expect(dialog.getByRole('heading', { name: 'Authenticator app added' })).toBeVisible()
  await shot('mfa-totp-added')
  await dialog.getByRole('button', { name: 'Done' }).click()
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('mfa-methods')).toHaveText('totp')
  return secret
}

/** Keeps a screenshot of the modal in the test's output (attached to the report). */
async function keep(page: Page, info: TestInfo, name: string): Promise<void> {
  const path = info.outputPath(`${name}.png`)
  await page.getByRole('dialog').screenshot({ path, animations: 'disabled' })
  await info.attach(name, { path, contentType: 'image/png' })
}

/** Starts a signature of the demo's message and approves it. */
async function approveSignature(page: Page): Promise<void> {
  const dialog = page.getByRole('dialog')
  await page.getByRole('button', { name: 'Sign a message' }).click()
  await expect(dialog.getByRole('heading', { name: 'Sign message' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Sign and continue' }).click()
}

test.describe('multi-factor verification', () => {
  test.afterEach(async ({ page, request }) => {
    if (page.url() !== 'about:blank')
      await request.post(`${await apiUrlOf(page)}/dev/clock`, {
        data: { reset: true },
      })
  })

  for (const theme of ['light', 'dark'] as const) {
    test(`an enrolled authenticator app is asked for before the wallet signs after a reload; 4 wrong codes lock; the method is removed after a verification (${theme}, screenshots attached)`, async ({
      page,
      request,
    }, info) => {
      const app = await createTestApp(page, request, {
        loginMethods: ['email_auth'],
        theme,
      })
      await logInWithWallet(page, request, `mfa-totp-${theme}`, `/?app=${app}&embedded=on-login`)
      const apiUrl = await apiUrlOf(page)
      const shot = (name: string) => keep(page, info, `${name}-${theme}`)
      const secret = await enrolAuthenticator(page, shot)
      const dialog = page.getByRole('dialog')

      // A new page load: the wallet frame must fetch the auth share again, which the server now guards.
      await page.reload()
      await expect(page.getByTestId('mfa-methods')).toHaveText('totp')
      await approveSignature(page)
      await expect(dialog.getByRole('heading', { name: 'Verify your identity' })).toBeVisible()
      await expect(dialog.getByText('Enter the 6-digit code from your authenticator app.')).toBeVisible()
      await shot('mfa-verify')
      // The enrolment's code is spent: the next step's code, at the server's moved clock.
      await typeCode(page, codeAt(secret, await advanceServerClock(request, apiUrl, 30_000)))
      await expect(page.getByTestId('embedded-signature')).toHaveText(/0x[0-9a-f]{130}/)
      await expect(dialog).toBeHidden()

      // Another load, and 4 wrong codes: the lockout text.
      await page.reload()
      await approveSignature(page)
      await expect(dialog.getByRole('heading', { name: 'Verify your identity' })).toBeVisible()
      const wrong = codeAt(secret, Date.now() - 3_600_000)
      for (const left of ['3 attempts left', '2 attempts left', '1 attempt left']) {
        await typeCode(page, wrong)
        await expect(dialog.getByText(left)).toBeVisible()
        await expect(dialog.getByText('The code you entered is not valid')).toBeVisible()
      }
      await shot('mfa-verify-wrong')
      await typeCode(page, wrong)
      await expect(dialog.getByText(LOCKOUT)).toBeVisible()
      await shot('mfa-verify-lockout')
      await page.keyboard.press('Escape')
      await expect(page.getByTestId('embedded-error')).toHaveText('mfa_verification_max_attempts_reached: Max MFA verification attempts reached')
      await expect(dialog).toBeHidden()

      // Past the lockout (the server's clock moved 10 s on), removing the method verifies first.
      await advanceServerClock(request, apiUrl, 11_000)
      await page.getByRole('button', { name: 'Manage MFA' }).click()
      await dialog.getByRole('button', { name: 'Continue' }).click()
      await dialog.getByRole('button', { name: 'Remove Authenticator app' }).click()
      await expect(dialog.getByRole('heading', { name: 'Remove authenticator app?' })).toBeVisible()
      await shot('mfa-totp-remove')
      await dialog.getByRole('button', { name: 'Remove', exact: true }).click()
      await expect(dialog.getByRole('heading', { name: 'Verify your identity' })).toBeVisible()
      await typeCode(page, codeAt(secret, await advanceServerClock(request, apiUrl, 30_000)))
      await expect(dialog.getByRole('heading', { name: 'Choose a verification method' })).toBeVisible()
      await expect(dialog.getByText('Enabled')).toBeHidden()
      await expect(page.getByTestId('mfa-methods')).toHaveText('—')

      // Without a method, the wallet signs after a reload with no verification.
      await dialog.getByRole('button', { name: 'Close' }).click()
      await page.reload()
      await approveSignature(page)
      await expect(page.getByTestId('embedded-signature')).toHaveText(/0x[0-9a-f]{130}/)
    })
  }

  test('SMS: enrolment with the code texted to the phone, then a transaction after a reload verified by a texted code', async ({ page, request }) => {
    const address = await logInWithWallet(page, request, 'mfa-sms')
    const apiUrl = await apiUrlOf(page)
    const dialog = page.getByRole('dialog')
    const national = `415${200 + Math.floor(Math.random() * 700)}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`
    const phone = `+1${national}`
    await page.getByRole('button', { name: 'Enable MFA' }).click()
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByRole('button', { name: /SMS/ }).click()
    await expect(dialog.getByRole('heading', { name: 'Add your phone number' })).toBeVisible()
    await dialog.getByRole('textbox', { name: 'Phone number' }).fill(national)
    await dialog.getByRole('button', { name: 'Send code' }).click()
    await expect(dialog.getByText(`We texted a 6-digit code to +1 ${national}.`)).toBeVisible()
    await typeCode(page, await readCode(request, { apiUrl, to: phone }))
    await expect(dialog.getByRole('heading', { name: 'SMS verification added' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(page.getByTestId('mfa-methods')).toHaveText('sms')

    // A transaction after a reload: reviewed, approved, then the texted code before the frame may sign it.
    const anvilUrl = (await page.locator('meta[name="portico-anvil-url"]').getAttribute('content'))!
    await rpc(anvilUrl, 'anvil_setBalance', [address, '0xde0b6b3a7640000'])
    await page.reload()
    const before = await inboxCount(request, apiUrl, phone)
    await page.getByRole('button', { name: 'Send 0.001 ETH' }).click()
    await expect(dialog.getByRole('heading', { name: 'Review transaction' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Approve' }).click()
    await expect(dialog.getByRole('heading', { name: 'Verify your identity' })).toBeVisible()
    await expect(dialog.getByText('Enter the 6-digit code we texted to your phone.')).toBeVisible()
    await expect.poll(() => inboxCount(request, apiUrl, phone)).toBe(before + 1)
    await typeCode(page, await readCode(request, { apiUrl, to: phone }))
    await expect(page.getByTestId('embedded-transaction')).toHaveText(/0x[0-9a-f]{64}/)
    const hash = ((await page.getByTestId('embedded-transaction').textContent()) ?? '').trim()
    await expect.poll(async () => (await rpc<{ status: string } | null>(anvilUrl, 'eth_getTransactionReceipt', [hash]))?.status).toBe('0x1')
  })

  test('passkey: enrolled from a new passkey on the CDP virtual authenticator, asked for before a signature after a reload, and not unlinkable while enrolled', async ({ page, request }) => {
    const app = await createTestApp(page, request, {
      loginMethods: ['email_auth', 'passkey_auth'],
    })
    const authenticator = await addVirtualAuthenticator(page)
    await logInWithWallet(page, request, 'mfa-passkey', `/?app=${app}&embedded=on-login`)
    const dialog = page.getByRole('dialog')
    await page.getByRole('button', { name: 'Enable MFA' }).click()
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await dialog.getByRole('button', { name: /Passkey/ }).click()
    await expect(dialog.getByRole('heading', { name: 'Verify with a passkey' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Continue' }).click()
    await expect(dialog.getByText('You have no passkey yet. Create one on this device first.')).toBeVisible()
    await dialog.getByRole('button', { name: 'Create a passkey' }).click()
    // The new passkey is listed and chosen.
    await expect(dialog.getByRole('checkbox')).toBeChecked()
    await dialog.getByRole('button', { name: 'Use for verification' }).click()
    await expect(dialog.getByRole('heading', { name: 'Passkey verification added' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Done' }).click()
    await expect(page.getByTestId('mfa-methods')).toHaveText('passkey')
    expect(await authenticator.credentials()).toHaveLength(1)

    await page.reload()
    // Leaving the verification ends the operation with 'MFA canceled'; the next one asks again.
    await approveSignature(page)
    await expect(dialog.getByRole('heading', { name: 'Verify your identity' })).toBeVisible()
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(page.getByTestId('embedded-error')).toHaveText('mfa_canceled: MFA canceled')
    await expect(dialog).toBeHidden()
    await approveSignature(page)
    await expect(dialog.getByRole('heading', { name: 'Verify your identity' })).toBeVisible()
    await expect(dialog.getByText('Use a passkey you enrolled to confirm it is you.')).toBeVisible()
    await dialog.getByRole('button', { name: 'Verify', exact: true }).click()
    await expect(page.getByTestId('embedded-signature')).toHaveText(/0x[0-9a-f]{130}/)
    await expect(dialog).toBeHidden()

    await page.getByRole('button', { name: /^Unlink passkey / }).click()
    await expect(page.getByRole('alert')).toHaveText('Cannot unlink a passkey enrolled in MFA')
  })

  test.describe('on a phone', () => {
    test.use(PHONE)

    test('the authenticator-app enrolment and the verification fit the phone screen (screenshots attached)', async ({ page, request }, info) => {
      await logInWithWallet(page, request, 'mfa-phone')
      const apiUrl = await apiUrlOf(page)
      const dialog = page.getByRole('dialog')
      const width = page.viewportSize()!.width
      const fits = async () => {
        const box = (await dialog.boundingBox())!
        expect(box.x).toBeGreaterThanOrEqual(0)
        expect(box.x + box.width).toBeLessThanOrEqual(width)
      }
      const secret = await enrolAuthenticator(page, async (name) => {
        await fits()
        await keep(page, info, `${name}-phone`)
      })
      await page.reload()
      await approveSignature(page)
      await expect(dialog.getByRole('heading', { name: 'Verify your identity' })).toBeVisible()
      await fits()
      await keep(page, info, 'mfa-verify-phone')
      await typeCode(page, codeAt(secret, await advanceServerClock(request, apiUrl, 30_000)))
      await expect(page.getByTestId('embedded-signature')).toHaveText(/0x[0-9a-f]{130}/)
    })
  })
})
