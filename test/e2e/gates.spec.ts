import { test, expect, type Page, type APIRequestContext } from '@playwright/test'
import { apiUrlOf, createTestApp, freshEmail, latestCode, openApp, submitEmail, typeCode } from './helpers'

/** Sends `address` a code on the open modal and types it. */
async function enterWithCode(page: Page, request: APIRequestContext, address: string): Promise<void> {
  await submitEmail(page, address)
  await typeCode(page, await latestCode(request, await apiUrlOf(page), address))
}

/** Signs `address` in on app `appId` through the modal (no gate in the way) and logs out again. */
async function signUpAndLogOut(page: Page, request: APIRequestContext, appId: string, address: string): Promise<void> {
  await openApp(page, appId)
  await enterWithCode(page, request, address)
  await expect(page.getByTestId('user-email')).toHaveText(address)
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible()
}

/** Opens the modal with the demo's 'existing users only' button (login({ disableSignup: true })). */
async function openExistingOnly(page: Page, appId: string): Promise<void> {
  await page.goto(`/?app=${appId}`)
  await page.getByRole('button', { name: 'Sign in (existing users only)' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
}

const TERMS = 'https://acme.test/terms'
const PRIVACY = 'https://acme.test/privacy'

test.describe('terms consent', () => {
  test('Accept signs in, and the acceptance is kept: no second consent after a reload or a new login', async ({ page, request }) => {
    const appId = await createTestApp(page, request, { requireUsersAcceptTerms: true, termsAndConditionsUrl: TERMS, privacyPolicyUrl: PRIVACY })
    const address = freshEmail('terms-accept')
    await openApp(page, appId)
    await enterWithCode(page, request, address)
    const consent = page.getByRole('alertdialog')
    await expect(consent.getByRole('heading', { name: 'One last step' })).toBeVisible()
    await expect(consent.getByText('By signing up, you agree to our terms and privacy policy.')).toBeVisible()
    await expect(consent.getByRole('link', { name: 'View Terms' })).toHaveAttribute('href', TERMS)
    await expect(consent.getByRole('link', { name: 'View Privacy Policy' })).toHaveAttribute('href', PRIVACY)
    await expect(consent.getByRole('button', { name: 'Close' })).toHaveCount(0)
    await page.keyboard.press('Escape')
    await expect(consent.getByRole('heading', { name: 'One last step' })).toBeVisible()

    await consent.getByRole('button', { name: 'Accept' }).click()
    await expect(page.getByTestId('user-email')).toHaveText(address)
    await expect(page.getByRole('alertdialog')).toHaveCount(0)

    await page.reload()
    await expect(page.getByTestId('user-email')).toHaveText(address)
    await expect(page.getByRole('heading', { name: 'One last step' })).toHaveCount(0)

    // A fresh login of the same user must not ask again: the server kept has_accepted_terms.
    await page.getByRole('button', { name: 'Log out' }).click()
    await openApp(page, appId)
    await enterWithCode(page, request, address)
    await expect(page.getByTestId('user-email')).toHaveText(address)
    await expect(page.getByRole('heading', { name: 'One last step' })).toHaveCount(0)
  })

  test('until Accept the visitor is not signed in: the host shows no user, the server refuses the token, a reload asks again', async ({ page, request }) => {
    const appId = await createTestApp(page, request, { requireUsersAcceptTerms: true, termsAndConditionsUrl: TERMS })
    const address = freshEmail('terms-hold')
    await openApp(page, appId)
    await enterWithCode(page, request, address)
    const consent = page.getByRole('alertdialog')
    await expect(consent.getByRole('heading', { name: 'One last step' })).toBeVisible()
    await expect(page.getByText('You are signed out.')).toBeVisible()
    await expect(page.getByTestId('signed-in')).toHaveCount(0)

    // The tokens exist (the consent screen calls the server with them), but they open nothing else.
    const token = await page.evaluate(() => localStorage.getItem('privy:token'))
    expect(token).toBeTruthy()
    const apiUrl = await apiUrlOf(page)
    const headers = { authorization: `Bearer ${token}`, 'privy-app-id': appId, origin: new URL(page.url()).origin }
    const refused = await request.get(`${apiUrl}/api/v1/sessions`, { headers })
    expect(refused.status()).toBe(403)
    expect((await refused.json()).code).toBe('terms_not_accepted')

    await page.reload()
    await expect(page.getByRole('alertdialog').getByRole('heading', { name: 'One last step' })).toBeVisible()
    await expect(page.getByText('You are signed out.')).toBeVisible()
    await page.getByRole('alertdialog').getByRole('button', { name: 'Accept' }).click()
    await expect(page.getByTestId('user-email')).toHaveText(address)
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
    expect((await request.get(`${apiUrl}/api/v1/sessions`, { headers })).status()).toBe(200)
  })

  test('No thanks after a reload at the consent step signs out for good', async ({ page, request }) => {
    const appId = await createTestApp(page, request, { requireUsersAcceptTerms: true })
    await openApp(page, appId)
    await enterWithCode(page, request, freshEmail('terms-reload-decline'))
    await expect(page.getByRole('heading', { name: 'One last step' })).toBeVisible()
    await page.reload()
    await page.getByRole('alertdialog').getByRole('button', { name: 'No thanks' }).click()
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible()
    expect(await page.evaluate(() => localStorage.getItem('privy:refresh_token'))).toBeNull()
    await page.reload()
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible()
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
  })

  test('No thanks signs the visitor out and closes the modal; only configured links show', async ({ page, request }) => {
    const appId = await createTestApp(page, request, { requireUsersAcceptTerms: true, termsAndConditionsUrl: TERMS })
    await openApp(page, appId)
    await enterWithCode(page, request, freshEmail('terms-decline'))
    const consent = page.getByRole('alertdialog')
    await expect(consent.getByRole('link', { name: 'View Terms' })).toHaveAttribute('href', TERMS)
    await expect(consent.getByRole('link', { name: 'View Privacy Policy' })).toHaveCount(0)
    await consent.getByRole('button', { name: 'No thanks' }).click()
    await expect(page.getByRole('alertdialog')).toHaveCount(0)
    await expect(page.getByRole('dialog')).toHaveCount(0)
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible()
    await page.reload()
    await expect(page.getByRole('button', { name: 'Log in', exact: true })).toBeVisible()
    await expect(page.getByTestId('signed-in')).toHaveCount(0)
  })

  test('other tabs follow the consent: an open tab and one opened later ask too, and an Accept in one signs all in', async ({ context, page, request }) => {
    const appId = await createTestApp(page, request, { requireUsersAcceptTerms: true })
    const address = freshEmail('terms-tabs')
    const open = await context.newPage()
    await open.goto(`/?app=${appId}`)
    await expect(open.getByRole('button', { name: 'Log in', exact: true })).toBeVisible()
    await openApp(page, appId)
    await enterWithCode(page, request, address)
    await expect(page.getByRole('alertdialog').getByRole('heading', { name: 'One last step' })).toBeVisible()
    // The tab that was already open asks too, and shows no signed-in user meanwhile.
    await expect(open.getByRole('alertdialog').getByRole('heading', { name: 'One last step' })).toBeVisible()
    await expect(open.getByText('You are signed out.')).toBeVisible()
    const later = await context.newPage()
    await later.goto(`/?app=${appId}`)
    await expect(later.getByRole('alertdialog').getByRole('heading', { name: 'One last step' })).toBeVisible()

    // Accepted in the tab opened last: every tab signs in and its consent closes.
    await later.getByRole('alertdialog').getByRole('button', { name: 'Accept' }).click()
    for (const tab of [later, page, open]) {
      await expect(tab.getByTestId('user-email')).toHaveText(address)
      await expect(tab.getByRole('alertdialog')).toHaveCount(0)
    }
  })

  test("'No thanks' in another tab signs every tab out and closes their consent", async ({ context, page, request }) => {
    const appId = await createTestApp(page, request, { requireUsersAcceptTerms: true })
    await openApp(page, appId)
    await enterWithCode(page, request, freshEmail('terms-tabs-decline'))
    await expect(page.getByRole('alertdialog').getByRole('heading', { name: 'One last step' })).toBeVisible()
    const other = await context.newPage()
    await other.goto(`/?app=${appId}`)
    await other.getByRole('alertdialog').getByRole('button', { name: 'No thanks' }).click()
    for (const tab of [other, page]) {
      await expect(tab.getByRole('alertdialog')).toHaveCount(0)
      await expect(tab.getByRole('button', { name: 'Log in', exact: true })).toBeVisible()
    }
    expect(await page.evaluate(() => localStorage.getItem('privy:refresh_token'))).toBeNull()
  })

  test('without either URL the consent shows no links', async ({ page, request }) => {
    const appId = await createTestApp(page, request, { requireUsersAcceptTerms: true })
    await openApp(page, appId)
    await enterWithCode(page, request, freshEmail('terms-nolinks'))
    const consent = page.getByRole('alertdialog')
    await expect(consent.getByRole('heading', { name: 'One last step' })).toBeVisible()
    await expect(consent.getByRole('link')).toHaveCount(0)
  })
})

test.describe('allowlist', () => {
  test('a visitor not on the list sees the default texts; Try another account returns to the landing', async ({ page, request }) => {
    const appId = await createTestApp(page, request, { allowlistEnabled: true, allowlist: ['someone-else@example.com'] })
    await openApp(page, appId)
    await enterWithCode(page, request, freshEmail('not-invited'))
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: "You don't have access to this app" })).toBeVisible()
    await expect(dialog.getByText('Have you been invited?')).toBeVisible()
    // An outcome: no Back into the spent code screen (its resend timer would start over with no code sent).
    await expect(dialog.getByRole('button', { name: 'Back', exact: true })).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Try another account' }).click()
    await expect(dialog.getByRole('textbox', { name: 'Email address' })).toBeVisible()
    await expect(page.getByTestId('signed-in')).toHaveCount(0)
  })

  test("the app's allowlist_config overrides every text and links the button", async ({ page, request }) => {
    const appId = await createTestApp(page, request, {
      allowlistEnabled: true,
      allowlist: [],
      allowlistConfig: { errorTitle: 'Acme is invite-only', errorDetail: 'Join the waitlist to get access.', ctaText: 'Join the waitlist', ctaLink: 'https://acme.test/waitlist' },
    })
    await openApp(page, appId)
    await enterWithCode(page, request, freshEmail('waitlist'))
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: 'Acme is invite-only' })).toBeVisible()
    await expect(dialog.getByText('Join the waitlist to get access.')).toBeVisible()
    await expect(dialog.getByRole('link', { name: 'Join the waitlist' })).toHaveAttribute('href', 'https://acme.test/waitlist')
    await expect(dialog.getByText("You don't have access to this app")).toHaveCount(0)
    await expect(dialog.getByRole('button', { name: 'Try another account' })).toHaveCount(0)
  })

  test('an allowlisted address gets in (matched without regard to case); its Success! has no Back', async ({ page, request }) => {
    const address = freshEmail('invited')
    const appId = await createTestApp(page, request, { allowlistEnabled: true, allowlist: [address.toUpperCase()] })
    await openApp(page, appId)
    await enterWithCode(page, request, address)
    // Sampled in one go while 'Success!' shows (the modal closes shortly after): a Back arrow
    // beside it never matches.
    await expect
      .poll(() =>
        page.getByRole('dialog').evaluateAll((all) =>
          all.map((d) => ({ title: d.querySelector('h2')?.textContent ?? null, back: d.querySelectorAll('button[aria-label="Back"]').length })),
        ),
      )
      .toContainEqual({ title: 'Success!', back: 0 })
    await expect(page.getByTestId('user-email')).toHaveText(address)
  })
})

test.describe('user limit', () => {
  test('with maxUsers 1 the second visitor sees Unable to sign in; Go back returns to the landing', async ({ page, request }) => {
    const appId = await createTestApp(page, request, { maxUsers: 1 })
    const first = freshEmail('first')
    await signUpAndLogOut(page, request, appId, first)

    await openApp(page, appId)
    await enterWithCode(page, request, freshEmail('second'))
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: 'Unable to sign in' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Back', exact: true })).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Go back' }).click()
    await expect(dialog.getByRole('textbox', { name: 'Email address' })).toBeVisible()

    // The cap counts new users only: the first one still signs in.
    await enterWithCode(page, request, first)
    await expect(page.getByTestId('user-email')).toHaveText(first)
  })
})

test.describe('sign-up disabled for one attempt', () => {
  test('an unknown address sees Account not found; Try logging in again returns to the landing', async ({ page, request }) => {
    const appId = await createTestApp(page, request, {})
    await openExistingOnly(page, appId)
    await enterWithCode(page, request, freshEmail('unknown'))
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: 'Account not found' })).toBeVisible()
    await expect(dialog.getByRole('button', { name: 'Back', exact: true })).toHaveCount(0)
    await dialog.getByRole('button', { name: 'Try logging in again' }).click()
    await expect(dialog.getByRole('textbox', { name: 'Email address' })).toBeVisible()
    await expect(page.getByTestId('signed-in')).toHaveCount(0)
  })

  test('an existing user still signs in that way', async ({ page, request }) => {
    const appId = await createTestApp(page, request, {})
    const address = freshEmail('existing')
    await signUpAndLogOut(page, request, appId, address)
    await openExistingOnly(page, appId)
    await enterWithCode(page, request, address)
    await expect(page.getByTestId('user-email')).toHaveText(address)
  })
})

test.describe('rate limits', () => {
  test('the second code for one address within the window shows the too-many-requests text', async ({ page, request }) => {
    const appId = await createTestApp(page, request, { otpPerDestination: { limit: 1, windowMs: 60_000 } })
    const address = freshEmail('limited')
    await openApp(page, appId)
    await submitEmail(page, address)
    const dialog = page.getByRole('dialog')
    await dialog.getByRole('button', { name: 'Back' }).click()
    await dialog.getByRole('textbox', { name: 'Email address' }).fill(address)
    await dialog.getByRole('button', { name: 'Submit' }).click()
    await expect(dialog.getByText('Too many requests. Please wait before trying again.')).toBeVisible()
  })
})
