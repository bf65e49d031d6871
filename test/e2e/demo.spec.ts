/**
 * The demo app of `npm start` as a newcomer meets it: Google against the development identity
 * provider, Telegram through the development widget (both run by `npm start`, see `server/dev`), the
 * "Try the options" panel, and the OAuth link errors a second Google account meets.
 */
import { test, expect, type Page } from '@playwright/test'
import { freshEmail, latestCode, apiUrlOf, openModal, submitEmail, typeCode } from './helpers'

const dialog = (page: Page) => page.getByRole('dialog')

/** At the development identity provider's page, continues as one of its users. */
async function continueAtIdentityProvider(page: Page, name: string): Promise<void> {
  await expect(page.getByRole('heading', { name: 'Development identity provider: a local stand-in for Google' })).toBeVisible()
  await page.getByRole('button', { name: `Continue as ${name}` }).click()
}

/** Signs in to the demo app with Google as `name` at the development identity provider. */
async function signInWithGoogle(page: Page, name: string): Promise<void> {
  await openModal(page)
  await dialog(page).getByRole('button', { name: /Google/ }).click()
  await continueAtIdentityProvider(page, name)
  await expect(page.getByTestId('signed-in')).toBeVisible()
  await expect(dialog(page)).toBeHidden()
}

test('the demo app signs in with Google at the development identity provider npm start runs', async ({ page }) => {
  await signInWithGoogle(page, 'Alice Liddell')
  await expect(page.getByTestId('linked-account')).toContainText(['google_oauth'])
})

test('the demo app signs in with Telegram through the development widget window', async ({ page }) => {
  await openModal(page)
  // The demo app offers more methods than the landing shows: Telegram is behind More options.
  await dialog(page).getByRole('button', { name: 'More options' }).click()
  const popupOpened = page.waitForEvent('popup')
  await dialog(page).getByRole('button', { name: /Telegram/ }).click()
  const popup = await popupOpened
  await expect(popup.getByText('Development stand-in: this is not Telegram.')).toBeVisible()
  await popup.getByRole('button', { name: 'Sign in as Dev Telegram (@dev_telegram)' }).click()
  await expect(page.getByTestId('signed-in')).toBeVisible()
  await expect(page.getByTestId('linked-account')).toContainText(['telegram dev_telegram'])
})

test('the options panel applies header, message, logo and landing mode, reopens the modal and keeps them over a reload', async ({ page }) => {
  await page.goto('/')
  await page.getByLabel('Header').fill('Welcome to Harbor')
  await page.getByLabel('Login message').fill('Sign in to keep your boats')
  await page.getByRole('combobox', { name: 'Logo', exact: true }).selectOption({ label: 'Wide wordmark' })
  await page.getByRole('combobox', { name: 'Landing mode' }).selectOption('overflow-web3')
  await page.getByRole('button', { name: 'Apply and open' }).click()
  await expect(dialog(page).getByRole('heading', { name: 'Welcome to Harbor' })).toBeVisible()
  await expect(dialog(page).getByText('Sign in to keep your boats')).toBeVisible()
  await expect(dialog(page).getByRole('img', { name: 'Portico Demo' })).toBeVisible()
  // overflow-web3: the wallet row waits behind 'More options'.
  await expect(dialog(page).getByRole('button', { name: /wallet/i })).toHaveCount(0)
  await dialog(page).getByRole('button', { name: 'More options' }).click()
  await expect(dialog(page).getByRole('button', { name: /wallet/i })).toBeVisible()

  await page.reload()
  expect(new URL(page.url()).searchParams.get('header')).toBe('Welcome to Harbor')
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(dialog(page).getByRole('heading', { name: 'Welcome to Harbor' })).toBeVisible()
})

test.describe('linking a second Google account', () => {
  test('CANNOT_LINK_MORE_OF_TYPE: a user with a Google account cannot link another one', async ({ page, context }) => {
    await signInWithGoogle(page, 'Alice Liddell')
    // Forget the identity provider's session, so that it asks who signs in instead of answering Alice.
    await context.clearCookies({ domain: '127.0.0.1' })
    await page.getByRole('button', { name: 'Link Google' }).click()
    await continueAtIdentityProvider(page, 'Bob Builder')
    await expect(dialog(page).getByRole('heading', { name: 'Authentication failed' })).toBeVisible()
    await expect(dialog(page).getByText('You cannot authorize more than one account for this user.')).toBeVisible()
  })

  test('LINKED_TO_ANOTHER_USER: the server refusing the link shows the spec text', async ({ page, request }) => {
    // The server answers linked_to_another_user for accounts that cannot be transferred (passkeys,
    // custom tokens); a Google account moves by transfer instead, so the answer is given here.
    const address = freshEmail('linked-other')
    await openModal(page)
    await submitEmail(page, address)
    await typeCode(page, await latestCode(request, await apiUrlOf(page), address))
    await expect(page.getByTestId('user-email')).toHaveText(address)
    await page.route('**/api/v1/oauth/link', (route) =>
      route.fulfill({ status: 400, json: { error: 'This account belongs to another user', code: 'linked_to_another_user' } }),
    )
    await page.getByRole('button', { name: 'Link Google' }).click()
    await continueAtIdentityProvider(page, 'Carol Danvers')
    await expect(dialog(page).getByRole('heading', { name: 'Authentication failed' })).toBeVisible()
    await expect(dialog(page).getByText('This account has already been linked to another user.')).toBeVisible()
  })
})
