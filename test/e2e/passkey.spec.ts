import { test, expect, type Page } from '@playwright/test'
import { addVirtualAuthenticator } from 'portico/testing'
import { createTestApp, openApp } from './helpers'

const dialog = (page: Page) => page.getByRole('dialog')

async function signUpWithPasskey(page: Page, appId: string) {
  await openApp(page, appId)
  await dialog(page).getByRole('button', { name: 'Continue with a passkey' }).click()
  await dialog(page).getByRole('button', { name: 'Create a passkey' }).click()
  await expect(page.getByTestId('signed-in')).toBeVisible()
  await expect(dialog(page)).toBeHidden()
}

test('signs up with a passkey, logs out, logs back in with it, links a second one and unlinks one', async ({ page, request }) => {
  const appId = await createTestApp(page, request, { loginMethods: ['email_auth', 'passkey_auth'] })
  const authenticator = await addVirtualAuthenticator(page)

  await signUpWithPasskey(page, appId)
  const userId = await page.getByTestId('user-id').textContent()
  expect(await authenticator.credentials()).toHaveLength(1)
  await expect(page.getByTestId('passkey-count')).toHaveText('1')

  await page.getByRole('button', { name: 'Log out' }).click()
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await dialog(page).getByRole('button', { name: 'Continue with a passkey' }).click()
  await dialog(page).getByRole('button', { name: 'Log in with a passkey' }).click()
  await expect(page.getByTestId('user-id')).toHaveText(userId!)
  await expect(dialog(page)).toBeHidden()

  // A second device: the first authenticator already holds a passkey for this user (excluded).
  await authenticator.remove()
  const second = await addVirtualAuthenticator(page)
  await page.getByRole('button', { name: /Manage passkeys/ }).click()
  await expect(dialog(page).getByRole('heading', { name: 'Your passkeys' })).toBeVisible()
  await expect(dialog(page).getByRole('listitem')).toHaveCount(1)
  await dialog(page).getByRole('button', { name: 'Add new passkey' }).click()
  await expect(dialog(page).getByRole('heading', { name: 'Passkeys updated' })).toBeVisible()
  await expect(dialog(page).getByRole('listitem')).toHaveCount(2)
  expect(await second.credentials()).toHaveLength(1)
  await expect(dialog(page).getByRole('listitem').first()).toContainText(/Chrome on (Windows|Linux|macOS)/)
  await expect(dialog(page).getByRole('listitem').first()).toContainText(/Created /)
  // Two passkeys made in one browser read alike: the user names one, which the server keeps.
  await dialog(page).getByRole('button', { name: /^Rename / }).last().click()
  await dialog(page).getByRole('textbox', { name: 'Passkey name' }).fill('Work laptop')
  await dialog(page).getByRole('button', { name: 'Save' }).click()
  await expect(dialog(page).getByRole('listitem').last()).toContainText('Work laptop')
  await expect(dialog(page).getByRole('listitem').last()).toContainText(/Chrome on (Windows|Linux|macOS) · Created /)
  // 'Passkeys updated' shows once (the title); the status line that announces it takes no room.
  await expect(dialog(page).getByRole('heading', { name: 'Passkeys updated' })).toBeVisible()
  const status = await dialog(page).getByRole('status').filter({ hasText: 'Passkeys updated' }).boundingBox()
  expect(status!.height).toBeLessThanOrEqual(1)
  await page.screenshot({ path: '.tmp/screens/passkey-manage-renamed.png' })

  // Unlink the first passkey (the one on the removed device).
  await dialog(page).getByRole('button', { name: /^Unlink / }).first().click()
  await expect(dialog(page).getByRole('listitem')).toHaveCount(1)
  await expect(dialog(page).getByRole('status').filter({ hasText: 'Passkeys updated' })).toHaveCount(1)
  await expect(dialog(page).getByRole('listitem')).toContainText('Work laptop')
  await dialog(page).getByRole('button', { name: 'Done' }).click()
  await expect(dialog(page)).toBeHidden()
  await expect(page.getByTestId('passkey-count')).toHaveText('1')

  // The passkey that is left still signs in.
  await page.getByRole('button', { name: 'Log out' }).click()
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await dialog(page).getByRole('button', { name: 'Continue with a passkey' }).click()
  await dialog(page).getByRole('button', { name: 'Log in with a passkey' }).click()
  await expect(page.getByTestId('user-id')).toHaveText(userId!)
})

test('a refused passkey dialogue shows the NotAllowed text with Retry, and Retry succeeds once the user verifies', async ({ page, request }) => {
  const appId = await createTestApp(page, request, { loginMethods: ['email_auth', 'passkey_auth'] })
  const authenticator = await addVirtualAuthenticator(page)
  await signUpWithPasskey(page, appId)
  const userId = await page.getByTestId('user-id').textContent()
  await page.getByRole('button', { name: 'Log out' }).click()

  await authenticator.setUserVerified(false)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await dialog(page).getByRole('button', { name: 'Continue with a passkey' }).click()
  await dialog(page).getByRole('button', { name: 'Log in with a passkey' }).click()
  await expect(dialog(page).getByRole('alert')).toHaveText('Passkey request timed out or rejected by user.')

  await authenticator.setUserVerified(true)
  await dialog(page).getByRole('button', { name: 'Try again' }).click()
  await expect(page.getByTestId('user-id')).toHaveText(userId!)
})

test('with no authenticator the dialogue times out into the NotAllowed text', async ({ page, request }) => {
  // The WebAuthn dialogue waits out the options' 60 s timeout, on top of the page's own steps.
  test.setTimeout(240_000)
  const appId = await createTestApp(page, request, { loginMethods: ['email_auth', 'passkey_auth'] })
  await (await addVirtualAuthenticator(page)).remove()
  await openApp(page, appId)
  await dialog(page).getByRole('button', { name: 'Continue with a passkey' }).click()
  await dialog(page).getByRole('button', { name: 'Log in with a passkey' }).click()
  await expect(dialog(page).getByRole('heading', { name: 'Waiting for passkey' })).toBeVisible()
  // The options' 60 s timeout ends the dialogue (WebAuthn enabled, nothing to answer it).
  await expect(dialog(page).getByRole('alert')).toHaveText('Passkey request timed out or rejected by user.', { timeout: 75_000 })
})

test('the passkey and management screens, light and dark, phone and desktop (screenshots in .tmp/screens)', async ({ page, request }) => {
  for (const theme of ['light', 'dark'] as const) {
    const appId = await createTestApp(page, request, { loginMethods: ['email_auth', 'passkey_auth'], theme })
    let current = await addVirtualAuthenticator(page)
    for (const [size, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]] as const) {
      await page.setViewportSize(viewport)
      await openApp(page, appId)
      await dialog(page).getByRole('button', { name: 'Continue with a passkey' }).click()
      await expect(dialog(page).getByRole('heading', { name: 'Log in with a passkey' })).toBeVisible()
      await page.screenshot({ path: `.tmp/screens/passkey-login-${theme}-${size}.png` })
      await page.keyboard.press('Escape')
      await expect(dialog(page)).toBeHidden()
    }
    await signUpWithPasskey(page, appId)
    // Four passkeys: the list shows two and 'View All'.
    for (let i = 0; i < 3; i++) {
      // Each new passkey on a new device: an authenticator holding one of the user's passkeys is excluded.
      await current.remove()
      current = await addVirtualAuthenticator(page)
      await page.getByRole('button', { name: /Manage passkeys/ }).click()
      await dialog(page).getByRole('button', { name: 'Add new passkey' }).click()
      await expect(dialog(page).getByRole('heading', { name: 'Passkeys updated' })).toBeVisible()
      await dialog(page).getByRole('button', { name: 'Done' }).click()
      await expect(dialog(page)).toBeHidden()
    }
    await expect(page.getByTestId('passkey-count')).toHaveText('4')
    for (const [size, viewport] of [['phone', { width: 390, height: 844 }], ['desktop', { width: 1280, height: 800 }]] as const) {
      await page.setViewportSize(viewport)
      await page.getByRole('button', { name: /Manage passkeys/ }).click()
      await expect(dialog(page).getByRole('listitem')).toHaveCount(2)
      await expect(dialog(page).getByRole('button', { name: 'View All' })).toBeVisible()
      await page.screenshot({ path: `.tmp/screens/passkey-manage-${theme}-${size}.png` })
      await dialog(page).getByRole('button', { name: 'View All' }).click()
      await expect(dialog(page).getByRole('listitem')).toHaveCount(4)
      await dialog(page).getByRole('button', { name: 'Done' }).click()
      await expect(dialog(page)).toBeHidden()
    }
    await page.getByRole('button', { name: 'Log out' }).click()
    await current.remove()
  }
})
