/**
 * Finish of the sign-in screens in Chromium: the landing rows read alike and a logo URL that does
 * not load leaves no trace; the link conflict with another account that holds an embedded wallet;
 * the code screen before the terms consent; a provider the page does not know; a second email
 * refused before any code; 'Loading' said once; a phone account's E.164 `number`.
 */
import { test, expect, type Page, type APIRequestContext } from '@playwright/test'
import { ERROR_GLYPH } from '../../ui/components/IconBadge'
import { apiUrlOf, createTestApp, freshEmail, inboxCount, latestCode, openApp, openModal, recordTexts, submitEmail, typeCode } from './helpers'

/** A fresh US number (E.164 and national digits). */
function freshNumber(): { e164: string; national: string } {
  const national = `415${200 + Math.floor(Math.random() * 700)}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`
  return { e164: `+1${national}`, national }
}

/** Types the code `address` received into the open code screen. */
async function enterCodeOf(page: Page, request: APIRequestContext, address: string): Promise<void> {
  await typeCode(page, await latestCode(request, await apiUrlOf(page), address))
}

test("the landing's rows all read 'Continue with …', and a logo URL that does not load shows nothing", async ({ page, request }) => {
  const app = await createTestApp(
    page,
    request,
    { loginMethods: ['email_auth', 'farcaster_auth', 'passkey_auth'], logoUrl: 'http://127.0.0.1:9/missing-logo.png' },
    { name: 'Acme Finish' },
  )
  await openApp(page, app)
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('button', { name: 'Continue with Farcaster', exact: true })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Continue with a passkey', exact: true })).toBeVisible()
  const rows = await dialog.getByRole('listitem').allTextContents()
  for (const row of rows) expect(row).toMatch(/^Continue (with|as) /)
  // The refused logo is gone: no broken-image box, no alt text in its place.
  await expect(dialog.locator('img')).toHaveCount(0)
  await expect(dialog.getByText('Acme Finish')).toHaveCount(0)
  await expect(dialog.getByRole('heading', { name: 'Log in or sign up' })).toBeVisible()
  await page.screenshot({ path: '.tmp/screens/landing-broken-logo.png' })
})

test("a link conflict with an account that holds an embedded wallet: 'Continue', then 'Check account assets before transferring' with that wallet's address, then the transfer", async ({ page, request }) => {
  const app = await createTestApp(page, request, { loginMethods: ['email_auth', 'sms_auth'] })
  const dialog = page.getByRole('dialog')

  // The other account: an email user whose embedded wallet is made at login.
  const other = freshEmail('conflict-embedded')
  await openModal(page, `/?app=${app}&embedded=on-login`)
  await submitEmail(page, other)
  await enterCodeOf(page, request, other)
  await expect(page.getByTestId('embedded-wallets')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
  const wallet = (await page.getByTestId('embedded-wallets').textContent())!
  await expect(page.getByRole('alertdialog')).toBeHidden()
  await expect(dialog).toBeHidden()
  const otherId = await page.getByTestId('user-id').textContent()
  await page.getByRole('button', { name: 'Log out' }).click()

  // This account: a phone user who links the other account's email.
  const { e164, national } = freshNumber()
  await openApp(page, app)
  await dialog.getByRole('button', { name: 'Continue with SMS' }).click()
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill(national)
  await dialog.getByRole('textbox', { name: 'Phone number' }).press('Enter')
  await enterCodeOf(page, request, e164)
  await expect(dialog).toBeHidden()
  await expect(page.getByTestId('user-id')).toHaveText(/^did:privy:/)
  const id = await page.getByTestId('user-id').textContent()
  expect(id).not.toBe(otherId)
  await page.getByRole('button', { name: 'Link email', exact: true }).click()
  await submitEmail(page, other)
  await enterCodeOf(page, request, other)

  await expect(dialog.getByRole('heading', { name: 'Email address is associated with another account' })).toBeVisible()
  await expect(dialog.getByText(`Do you want to transfer ${other} to this account instead? This will delete your other account.`)).toBeVisible()
  // With an embedded wallet on the other account, the transfer waits behind 'Continue'.
  await expect(dialog.getByRole('button', { name: 'Transfer and delete account' })).toHaveCount(0)
  await expect(dialog.getByRole('button', { name: 'No thanks' })).toBeVisible()
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click()

  await expect(dialog.getByRole('heading', { name: 'Check account assets before transferring' })).toBeVisible()
  await expect(dialog.getByText('Assets in your other account will not transfer automatically and may be lost.')).toBeVisible()
  await page.screenshot({ path: '.tmp/screens/transfer-assets-info.png' })
  await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
  await expect(dialog.getByLabel('Wallet address of your other account')).toHaveText(wallet)
  await expect(dialog.getByRole('link', { name: 'View on block explorer' })).toHaveAttribute('href', new RegExp(`${wallet}$`, 'i'))
  await page.screenshot({ path: '.tmp/screens/transfer-assets-address.png' })

  const seen = await recordTexts(page, ['Success!'], { within: '[role="dialog"]' })
  await dialog.getByRole('button', { name: 'Transfer and delete account' }).click()
  await expect(dialog).toBeHidden()
  expect(await seen()).toEqual(['Success!'])
  await expect(page.getByTestId('user-id')).toHaveText(id!)
  await expect.poll(async () => (await page.getByTestId('linked-account').allTextContents()).sort()).toEqual([e164, other].sort())
})

test("with terms to accept, the code screen says 'Verifying code' and goes to 'One last step' without a 'Success!' first", async ({ page, request }) => {
  const app = await createTestApp(page, request, { requireUsersAcceptTerms: true, termsAndConditionsUrl: 'https://acme.test/terms' })
  const address = freshEmail('terms-verifying')
  await openApp(page, app)
  await submitEmail(page, address)
  const seen = await recordTexts(page, ['Verifying code', 'Success!', 'One last step'], { within: '[role="dialog"], [role="alertdialog"]' })
  await enterCodeOf(page, request, address)
  const consent = page.getByRole('alertdialog')
  await expect(consent.getByRole('heading', { name: 'One last step' })).toBeVisible()
  // Spec 01, 'Login flow': on success, terms not yet accepted go to the consent screen first; the
  // user is not signed in yet, so no success is shown before it.
  expect(await seen()).toEqual(['Verifying code', 'One last step'])
  await expect(page.getByTestId('signed-in')).toHaveCount(0)
  await consent.getByRole('button', { name: 'Accept' }).click()
  await expect(page.getByTestId('user-email')).toHaveText(address)
  await expect(page.getByRole('alertdialog')).toHaveCount(0)
  await expect(page.getByRole('dialog')).toHaveCount(0)
})

test("a return URL naming a provider this page does not know shows 'Unknown' with the error icon while verifying, then the failure", async ({ page, request }) => {
  const app = await createTestApp(page, request, { loginMethods: ['email_auth', 'google_oauth'] })
  // A flow this page started (its stored state), whose return names a provider it does not know.
  await page.goto(`/?app=${app}`)
  await page.evaluate(() => {
    localStorage.setItem('privy:state_code', 'state-of-this-page')
    localStorage.setItem('privy:code_verifier', 'v'.repeat(43))
    localStorage.setItem('privy:oauth_provider', 'myspace')
  })
  // The exchange waits until the verifying screen has been looked at.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/v1/oauth/authenticate', async (route) => {
    await held
    await route.continue()
  })
  await page.goto(`/?app=${app}&privy_oauth_code=some-code&privy_oauth_state=state-of-this-page&privy_oauth_provider=myspace`)
  const dialog = page.getByRole('dialog')
  const badge = dialog.locator('[data-part="provider-icon"]')
  await expect(dialog.getByRole('heading', { name: 'Verifying connection to Unknown' })).toBeVisible()
  // No logo: the error glyph in the provider's badge.
  await expect(badge.locator(`path[d="${ERROR_GLYPH}"]`)).toHaveCount(1)
  await expect(badge.locator('img')).toHaveCount(0)
  await page.screenshot({ path: '.tmp/screens/oauth-unknown-provider-verifying.png' })
  release()
  // The server knows no such attempt: the failure, still with the error glyph, and nobody signed in.
  await expect(dialog.getByRole('heading', { name: 'Authentication failed' })).toBeVisible()
  await expect(badge.locator(`path[d="${ERROR_GLYPH}"]`)).toHaveCount(1)
  // It cannot be started again from this page: another method, no Retry.
  await expect(dialog.getByRole('button', { name: 'Use another method' })).toBeVisible()
  await expect(dialog.getByRole('button', { name: 'Retry' })).toHaveCount(0)
  expect(new URL(page.url()).searchParams.has('privy_oauth_code')).toBe(false)
  await expect(page.getByTestId('signed-in')).toHaveCount(0)
  await page.screenshot({ path: '.tmp/screens/oauth-unknown-provider-failed.png' })
})

test('a user who has an email is refused a second one on the entry screen, before any code is sent', async ({ page, request }) => {
  const app = await createTestApp(page, request, {})
  const address = freshEmail('has-email')
  await openApp(page, app)
  await submitEmail(page, address)
  await enterCodeOf(page, request, address)
  await expect(page.getByTestId('user-email')).toHaveText(address)
  const dialog = page.getByRole('dialog')
  await expect(dialog).toBeHidden()

  await page.getByRole('button', { name: 'Link email', exact: true }).click()
  await expect(dialog.getByText('This account already has an email address.')).toBeVisible()
  const second = freshEmail('second-email')
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(second)
  await dialog.getByRole('textbox', { name: 'Email address' }).press('Enter')
  await expect(dialog.getByText('This account already has an email address.')).toBeVisible()
  await expect(dialog.getByRole('heading', { name: 'Enter confirmation code' })).toHaveCount(0)
  expect(await inboxCount(request, await apiUrlOf(page), second)).toBe(0)
})

test("while a screen's code loads, the dialog says 'Loading' once", async ({ page, request }) => {
  const app = await createTestApp(page, request, { loginMethods: ['email_auth', 'passkey_auth'] })
  // Hold the passkey screen's chunk (the modal preloads it as it opens): the modal shows its loading
  // state until it arrives.
  let release = () => {}
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route(/\/chunks\/PasskeyLogin-[^/]*\.js$/, async (route) => {
    await held
    await route.continue()
  })
  await openApp(page, app)
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Continue with a passkey' }).click()
  await expect(dialog.getByRole('heading', { name: 'Loading' })).toBeAttached()
  // The dialog takes its name from that heading; inside it, nothing else says 'Loading' (the spinner is drawn only).
  const tree = await dialog.ariaSnapshot()
  const inside = tree.split('\n').slice(1).join('\n')
  expect(tree.split('\n')[0], tree).toContain('dialog "Loading"')
  expect(inside.match(/Loading/g), tree).toHaveLength(1)
  release()
  await expect(dialog.getByRole('heading', { name: 'Log in with a passkey' })).toBeVisible()
})

test("a phone account's number is its E.164 number, as its phoneNumber is", async ({ page, request }) => {
  const app = await createTestApp(page, request, { loginMethods: ['sms_auth'] })
  const { e164, national } = freshNumber()
  await openApp(page, app)
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill(national)
  await dialog.getByRole('textbox', { name: 'Phone number' }).press('Enter')
  // The code screen shows the number in the display form '+{callingCode} {number}'.
  await expect(dialog.getByText(`+1 ${national}`)).toBeVisible()
  await enterCodeOf(page, request, e164)
  await expect(dialog).toBeHidden()
  const token = await page.evaluate(() => localStorage.getItem('privy:token'))
  const res = await request.get(`${await apiUrlOf(page)}/api/v1/users/me`, {
    headers: { authorization: `Bearer ${token}`, 'privy-app-id': app, origin: new URL(page.url()).origin },
  })
  expect(res.status()).toBe(200)
  const { user } = (await res.json()) as { user: { linked_accounts: { type: string; number?: string; phoneNumber?: string }[] } }
  const phone = user.linked_accounts.find((a) => a.type === 'phone')
  expect(phone).toMatchObject({ number: e164, phoneNumber: e164 })
})
