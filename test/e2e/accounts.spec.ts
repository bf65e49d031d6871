import { test, expect, type Page, type APIRequestContext } from '@playwright/test'
import { privateKeyToAccount } from 'viem/accounts'
import { apiUrlOf, createTestApp, freshEmail, inboxCount, latestCode, openApp, recordTexts, submitEmail, typeCode, withServerClockAdvanced } from './helpers'
import { injectTestWallet } from '../../testing/evm-wallet/inject'
import { ANVIL_KEYS } from '../../testing/evm-wallet/provider'

const API_PORT = Number(process.env.E2E_API_PORT ?? 8810)
/** As playwright.config.ts starts it. */
const ANVIL_URL = `http://127.0.0.1:${Number(process.env.E2E_ANVIL_PORT ?? API_PORT + 2000)}`

/** A fresh US number (E.164 and national digits), so rate limits and users never carry over. */
function freshNumber(): { e164: string; national: string } {
  const national = `415${200 + Math.floor(Math.random() * 700)}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`
  return { e164: `+1${national}`, national }
}

/** An app with email and SMS login, so one user can hold a phone and an email (a user holds one of each). */
async function emailAndSmsApp(page: Page, request: APIRequestContext): Promise<string> {
  return createTestApp(page, request, { loginMethods: ['email_auth', 'sms_auth'] })
}

const dialogOf = (page: Page) => page.getByRole('dialog')
const accounts = (page: Page) => page.getByTestId('linked-account')

/** The user's linked accounts as listed by the demo, in any order (a moved account keeps its first-verified time). */
async function expectAccounts(page: Page, expected: string[]) {
  await expect.poll(async () => (await accounts(page).allTextContents()).sort()).toEqual([...expected].sort())
}

/** Waits for the modal to close on a signed-in page; returns the user id. */
async function signedInId(page: Page): Promise<string> {
  await expect(dialogOf(page)).toBeHidden()
  await expect(page.getByTestId('user-id')).toHaveText(/^did:privy:/)
  return (await page.getByTestId('user-id').textContent()) ?? ''
}

/** Opens the modal on the app page (or the Log in button when already there) and signs in by email. */
async function signInWithEmail(page: Page, request: APIRequestContext, app: string, address: string): Promise<string> {
  if (await page.getByRole('button', { name: 'Log in' }).isVisible()) await page.getByRole('button', { name: 'Log in' }).click()
  else await openApp(page, app)
  await submitEmail(page, address)
  await typeCode(page, await latestCode(request, await apiUrlOf(page), address))
  await expect(page.getByTestId('user-email')).toHaveText(address)
  return signedInId(page)
}

/** Signs in with a fresh phone number through the modal's SMS entry; returns the number (E.164) and user id. */
async function signInWithSms(page: Page, request: APIRequestContext, app: string): Promise<{ phone: string; id: string }> {
  const { e164, national } = freshNumber()
  if (await page.getByRole('button', { name: 'Log in' }).isVisible()) await page.getByRole('button', { name: 'Log in' }).click()
  else await openApp(page, app)
  const dialog = dialogOf(page)
  // With email inline on the landing, SMS sits behind its method button.
  await dialog.getByRole('button', { name: 'Continue with SMS' }).click()
  await dialog.getByRole('textbox', { name: 'Phone number' }).fill(national)
  await dialog.getByRole('textbox', { name: 'Phone number' }).press('Enter')
  await expect(dialog.getByRole('heading', { name: 'Enter confirmation code' })).toBeVisible()
  await typeCode(page, await latestCode(request, await apiUrlOf(page), e164))
  return { phone: e164, id: await signedInId(page) }
}

async function logOut(page: Page) {
  await page.getByRole('button', { name: 'Log out' }).click()
  await expect(page.getByRole('button', { name: 'Log in' })).toBeVisible()
}

/** From the signed-in page: Link email → address → code, up to the code being accepted. */
async function linkEmail(page: Page, request: APIRequestContext, address: string) {
  await page.getByRole('button', { name: 'Link email', exact: true }).click()
  await expect(dialogOf(page).getByRole('heading', { name: 'Link your email' })).toBeVisible()
  await submitEmail(page, address)
  await typeCode(page, await latestCode(request, await apiUrlOf(page), address))
}

test.describe('accounts', () => {
  test('linking an email of another user offers the transfer; transferring moves it and deletes the other user', async ({ page, request }) => {
    const app = await emailAndSmsApp(page, request)
    const b = freshEmail('transfer-b')
    const idB = await signInWithEmail(page, request, app, b)
    await logOut(page)
    const { phone, id: idA } = await signInWithSms(page, request, app)
    expect(idA).not.toBe(idB)
    await expect(accounts(page)).toHaveText([phone])

    await linkEmail(page, request, b)
    const dialog = dialogOf(page)
    await expect(dialog.getByRole('heading', { name: 'Email address is associated with another account' })).toBeVisible()
    await expect(dialog.getByText(`Do you want to transfer ${b} to this account instead? This will delete your other account.`)).toBeVisible()
    // 'Success!' shows for a second before the modal closes: recorded, not raced.
    const seen = await recordTexts(page, ['Success!'])
    await dialog.getByRole('button', { name: 'Transfer and delete account' }).click()
    await expect(dialog).toBeHidden()
    expect(await seen()).toEqual(['Success!'])
    await expectAccounts(page, [phone, b])
    await expect(page.getByTestId('user-id')).toHaveText(idA)

    // B is gone: signing in as b@ lands on A.
    await logOut(page)
    expect(await signInWithEmail(page, request, app, b)).toBe(idA)
    await expectAccounts(page, [phone, b])
  })

  test('No thanks leaves both users as they were', async ({ page, request }) => {
    const app = await emailAndSmsApp(page, request)
    const b = freshEmail('decline-b')
    const idB = await signInWithEmail(page, request, app, b)
    await logOut(page)
    const { phone, id: idA } = await signInWithSms(page, request, app)
    await linkEmail(page, request, b)
    const dialog = dialogOf(page)
    await expect(dialog.getByRole('heading', { name: 'Email address is associated with another account' })).toBeVisible()
    await dialog.getByRole('button', { name: 'No thanks' }).click()
    await expect(dialog).toBeHidden()
    await expect(accounts(page)).toHaveText([phone])
    await expect(page.getByTestId('user-id')).toHaveText(idA)
    await logOut(page)
    expect(await signInWithEmail(page, request, app, b)).toBe(idB)
    await expect(accounts(page)).toHaveText([b])
  })

  test('a user with two accounts unlinks one; the sole account cannot be unlinked', async ({ page, request }) => {
    const app = await emailAndSmsApp(page, request)
    const { phone } = await signInWithSms(page, request, app)
    const extra = freshEmail('unlink-extra')
    await linkEmail(page, request, extra)
    await expect(dialogOf(page)).toBeHidden()
    await expect(accounts(page)).toHaveText([phone, extra])

    await page.getByRole('button', { name: `Unlink ${extra}` }).click()
    await expect(accounts(page)).toHaveText([phone])

    // The phone is now the only way in: the server refuses and the page shows the widget's message.
    await page.getByRole('button', { name: `Unlink ${phone}` }).click()
    await expect(page.getByRole('alert')).toHaveText('Cannot unlink the only account of a user.')
    await expect(accounts(page)).toHaveText([phone])
    await page.reload()
    await expect(accounts(page)).toHaveText([phone])
  })

  test('updating the email: the code goes to the new address and the old one no longer signs in to this user', async ({ page, request }) => {
    const app = await emailAndSmsApp(page, request)
    const old = freshEmail('update-old')
    const idA = await signInWithEmail(page, request, app, old)

    const next = freshEmail('update-next')
    await page.getByRole('button', { name: 'Update email' }).click()
    const dialog = dialogOf(page)
    await expect(dialog.getByRole('heading', { name: 'Update your email' })).toBeVisible()
    await submitEmail(page, next)
    await typeCode(page, await latestCode(request, await apiUrlOf(page), next))
    await expect(accounts(page)).toHaveText([next])
    await expect(page.getByTestId('user-email')).toHaveText(next)
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('user-id')).toHaveText(idA)

    await logOut(page)
    expect(await signInWithEmail(page, request, app, next)).toBe(idA)
    await logOut(page)
    // The old address is free again: it signs up a new user.
    expect(await signInWithEmail(page, request, app, old)).not.toBe(idA)
  })

  test("updating the email after the login grew old asks for a code to the current address (screenshots in .tmp/screens)", async ({ page, request }) => {
    for (const theme of ['light', 'dark'] as const) {
      const app = await createTestApp(page, request, { loginMethods: ['email_auth', 'sms_auth'], theme })
      const old = freshEmail(`stale-old-${theme}`)
      await page.goto(`/?app=${app}`)
      const id = await signInWithEmail(page, request, app, old)
      const apiUrl = await apiUrlOf(page)
      // Eleven minutes later by the server's clock: the login no longer counts as recent.
      await withServerClockAdvanced(request, apiUrl, 11 * 60_000, async () => {
        const next = freshEmail(`stale-next-${theme}`)
        await page.getByRole('button', { name: 'Update email' }).click()
        const dialog = dialogOf(page)
        await expect(dialog.getByRole('heading', { name: 'Update your email' })).toBeVisible()
        await submitEmail(page, next)
        const mailsToOld = await inboxCount(request, apiUrl, old)
        await typeCode(page, await latestCode(request, apiUrl, next))
        await expect(dialog.getByRole('heading', { name: "Confirm it's you" })).toBeVisible()
        await expect.poll(() => inboxCount(request, apiUrl, old)).toBe(mailsToOld + 1)
        await expect(dialog.getByText(old)).toBeVisible()
        await expect(dialog.locator('input[inputmode="numeric"]').first()).toBeFocused()
        // Focus can land a moment before the shot: the ring's 120 ms transition is finished first, so it shows in full.
        await page.screenshot({ path: `.tmp/screens/email-current-code-${theme}.png`, animations: 'disabled' })
        // Nothing moved yet.
        await expect(accounts(page)).toHaveText([old])
        await typeCode(page, await latestCode(request, apiUrl, old))
        await expect(dialog).toBeHidden()
        await expect(accounts(page)).toHaveText([next])
        await expect(page.getByTestId('user-id')).toHaveText(id)
      })
      await logOut(page)
    }
  })

  test('updating the phone number: the code is texted to the new number', async ({ page, request }) => {
    const app = await emailAndSmsApp(page, request)
    const { id: idA } = await signInWithSms(page, request, app)
    const { e164, national } = freshNumber()
    await page.getByRole('button', { name: 'Update phone' }).click()
    const dialog = dialogOf(page)
    await expect(dialog.getByRole('heading', { name: 'Update your phone number' })).toBeVisible()
    await dialog.getByRole('textbox', { name: 'Phone number' }).fill(national)
    await dialog.getByRole('textbox', { name: 'Phone number' }).press('Enter')
    await expect(dialog.getByRole('heading', { name: 'Enter confirmation code' })).toBeVisible()
    await typeCode(page, await latestCode(request, await apiUrlOf(page), e164))
    await expect(accounts(page)).toHaveText([e164])
    await expect(dialog).toBeHidden()
    await expect(page.getByTestId('user-id')).toHaveText(idA)
  })

  test("linking another user's wallet from the wallet list reaches the transfer; transferring moves the wallet", async ({ page, request }) => {
    await injectTestWallet(page, [{ privateKey: ANVIL_KEYS[1], rpcUrl: ANVIL_URL, name: 'Test Wallet', rdns: 'dev.portico.testwallet' }])
    // The test wallet signs on anvil's chain, which the app must accept.
    const app = await createTestApp(page, request, { loginMethods: ['email_auth', 'wallet_auth'], ethereumChains: ['eip155:31337'] })
    const address = privateKeyToAccount(ANVIL_KEYS[1]).address
    await openApp(page, app)
    const dialog = dialogOf(page)
    await dialog.getByRole('button', { name: 'Continue with a wallet' }).click()
    await dialog.getByRole('button', { name: /Test Wallet/ }).click()
    await expect(page.getByTestId('user-wallet')).toHaveText(address)
    const idB = await signedInId(page)
    await logOut(page)

    const a = freshEmail('wallet-a')
    const idA = await signInWithEmail(page, request, app, a)
    expect(idA).not.toBe(idB)
    await page.getByRole('button', { name: 'Link wallet', exact: true }).click()
    await dialog.getByRole('button', { name: /Test Wallet/ }).click()
    await expect(dialog.getByRole('heading', { name: 'Wallet address is associated with another account' })).toBeVisible()
    const sentence = dialog.getByText(`Do you want to transfer ${address} to this account instead? This will delete your other account.`)
    await expect(sentence).toBeVisible()
    // The whole address, broken inside the sentence: nothing spills past the dialog's padding.
    const spill = await sentence.evaluate((el) => el.parentElement!.scrollWidth - el.parentElement!.clientWidth)
    expect(spill).toBeLessThanOrEqual(0)
    const [line, box] = await Promise.all([sentence.boundingBox(), dialog.boundingBox()])
    expect(line!.x + line!.width).toBeLessThanOrEqual(box!.x + box!.width)
    // 'Success!' shows for a second before the modal closes: recorded, not raced.
    const seen = await recordTexts(page, ['Success!'])
    await dialog.getByRole('button', { name: 'Transfer and delete account' }).click()
    await expect(dialog).toBeHidden()
    expect(await seen()).toEqual(['Success!'])
    await expectAccounts(page, [a, address])
    await expect(page.getByTestId('user-id')).toHaveText(idA)
  })
})
