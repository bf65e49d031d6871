/**
 * The landing screen's spec items (section 2) in Chromium: the landing modes with the 5/4 limits and
 * the web2 grouping, the logo box, header and message, hidden web2 inputs; and the core screens
 * (landing, other options, code entry, wallet list, OAuth status and failure, terms) in dark mode and on
 * a phone (screenshots kept under the test's output folder).
 * The client options go through the demo's query string (its "Try the options" panel).
 */
import { test, expect, devices, type APIRequestContext, type Page, type TestInfo } from '@playwright/test'
import { apiUrlOf, createTestApp, freshEmail, latestCode, submitEmail, typeCode } from './helpers'

const dialog = (page: Page) => page.getByRole('dialog')
/** The modal, an alert dialog on a screen that cannot be closed (terms consent). */
const modal = (page: Page) => dialog(page).or(page.getByRole('alertdialog'))
/** A phone (Pixel 5: touch, small viewport, mobile user agent) in the desktop project's browser. */
const { defaultBrowserType: _browser, ...PHONE } = devices['Pixel 5']
/** The landing list's rows (buttons, 'More options' included); the inline input is not a row. */
const rows = (page: Page) => dialog(page).getByRole('list').first().getByRole('listitem')
const emailInput = (page: Page) => dialog(page).getByRole('textbox', { name: 'Email address' })
const walletRow = (page: Page) => dialog(page).getByRole('listitem').filter({ hasText: /wallet/i })
const moreOptions = (page: Page) => dialog(page).getByRole('button', { name: 'More options' })

/** Five web2 methods (email shown as an input) and, with `wallet`, the wallet row. */
const WEB2 = ['email_auth', 'sms_auth', 'passkey_auth', 'guest_auth', 'farcaster_auth']

async function openLanding(page: Page, appId: string, query: Record<string, string> = {}): Promise<void> {
  await page.goto(`/?${new URLSearchParams({ app: appId, ...query })}`)
  await page.getByRole('button', { name: 'Log in', exact: true }).click()
  await expect(dialog(page)).toBeVisible()
  await expect(emailInput(page).or(dialog(page).getByRole('button', { name: /email/i }))).toBeVisible()
}

test.describe('landing modes and limits', () => {
  test('default: five methods show without More options; a sixth puts four in view and the rest behind it', async ({ page, request }) => {
    const five = await createTestApp(page, request, { loginMethods: WEB2 })
    await openLanding(page, five)
    await expect(emailInput(page)).toBeVisible()
    await expect(rows(page)).toHaveCount(4) // the input plus four rows: five methods
    await expect(moreOptions(page)).toHaveCount(0)

    const six = await createTestApp(page, request, { loginMethods: [...WEB2, 'wallet_auth'] })
    await openLanding(page, six)
    await expect(emailInput(page)).toBeVisible()
    await expect(rows(page)).toHaveCount(4) // the input, three methods and More options: four in view
    await expect(moreOptions(page)).toBeVisible()
    await moreOptions(page).click()
    await expect(dialog(page).getByRole('heading', { name: 'Other ways to log in' })).toBeVisible()
    await expect(rows(page)).toHaveCount(2)
  })

  test('overflow-web2: two web2 methods beside the wallet row, the other web2 methods behind More options', async ({ page, request }) => {
    const appId = await createTestApp(page, request, { loginMethods: [...WEB2, 'wallet_auth'] })
    await openLanding(page, appId, { landing: 'overflow-web2' })
    await expect(emailInput(page)).toBeVisible()
    await expect(walletRow(page)).toBeVisible()
    await expect(rows(page)).toHaveCount(3) // one web2 row beside the input, the wallet, More options
    await moreOptions(page).click()
    await expect(rows(page)).toHaveCount(3) // the three other web2 methods
    await expect(walletRow(page)).toHaveCount(0)
  })

  test('overflow-web2 without a wallet row: three web2 methods before More options', async ({ page, request }) => {
    const appId = await createTestApp(page, request, { loginMethods: WEB2 })
    await openLanding(page, appId, { landing: 'overflow-web2' })
    await expect(emailInput(page)).toBeVisible()
    await expect(rows(page)).toHaveCount(3) // two rows beside the input, More options
    await moreOptions(page).click()
    await expect(rows(page)).toHaveCount(2)
  })

  test('overflow-web3: the wallet goes behind More options; web3 first puts the wallet row at the top', async ({ page, request }) => {
    const appId = await createTestApp(page, request, { loginMethods: ['email_auth', 'sms_auth', 'wallet_auth'] })
    await openLanding(page, appId, { landing: 'overflow-web3' })
    await expect(walletRow(page)).toHaveCount(0)
    await moreOptions(page).click()
    await expect(walletRow(page)).toBeVisible()

    await openLanding(page, appId, { priority: 'web3' })
    await expect(rows(page).first()).toContainText(/wallet/i)
  })
})

test('header, login message and the logo inside its 180 × 90 px box', async ({ page, request }) => {
  const appId = await createTestApp(page, request, { loginMethods: ['email_auth'] }, { name: 'Harbor' })
  await openLanding(page, appId, { header: 'Welcome aboard', message: 'Use your crew email', logo: '/demo-logo-wide.svg' })
  await expect(dialog(page).getByRole('heading', { name: 'Welcome aboard' })).toBeVisible()
  await expect(dialog(page).getByText('Use your crew email')).toBeVisible()
  const wide = dialog(page).getByRole('img', { name: 'Harbor' })
  await expect(wide).toBeVisible()
  await expect.poll(async () => (await wide.boundingBox())?.width).toBeGreaterThan(100)
  const wideBox = (await wide.boundingBox())!
  expect(wideBox.width).toBeLessThanOrEqual(180.5)
  expect(wideBox.height).toBeLessThanOrEqual(90.5)

  await openLanding(page, appId, { logo: '/demo-logo.svg' })
  const square = dialog(page).getByRole('img', { name: 'Harbor' })
  await expect.poll(async () => (await square.boundingBox())?.height).toBeGreaterThan(40)
  expect((await square.boundingBox())!.height).toBeLessThanOrEqual(90.5)
})

test("the host's method order (loginMethodsAndOrder, the demo's order fields) decides the rows and where the email field goes", async ({ page, request }) => {
  const appId = await createTestApp(page, request, { loginMethods: ['email_auth', 'passkey_auth', 'guest_auth', 'farcaster_auth', 'wallet_auth'] })
  // The landing's methods in page order: each row's label, the inline email input as 'email field'.
  const labels = () =>
    dialog(page).evaluate((el) =>
      [...el.querySelectorAll('button, input')]
        .map((n) => (n.tagName === 'INPUT' ? 'email field' : (n.textContent ?? '').trim()))
        .filter((text) => text === 'email field' || /^(Continue with|More options)/.test(text)),
    )
  await openLanding(page, appId, { primary: 'farcaster, email, wallet', overflow: 'guest, passkey' })
  await expect.poll(labels).toEqual(['Continue with Farcaster', 'email field', 'Continue with a wallet', 'More options'])
  await moreOptions(page).click()
  await expect(dialog(page).getByRole('heading', { name: 'Other ways to log in' })).toBeVisible()
  const others = dialog(page).getByRole('button', { name: /^Continue/ })
  await expect(others).toHaveText([/guest/i, /passkey/i])

  // Another order on the same app: the email field first this time.
  await openLanding(page, appId, { primary: 'email, passkey, farcaster' })
  await expect.poll(labels).toEqual(['email field', 'Continue with a passkey', 'Continue with Farcaster'])
})

test('hidden web2 inputs: email is a button that opens its own screen', async ({ page, request }) => {
  const appId = await createTestApp(page, request, { loginMethods: ['email_auth', 'sms_auth'] })
  await openLanding(page, appId, { hideInputs: '1' })
  await expect(emailInput(page)).toHaveCount(0)
  await expect(dialog(page).getByRole('textbox')).toHaveCount(0)
  await expect(rows(page)).toHaveCount(2)
  await dialog(page).getByRole('button', { name: /email/i }).click()
  await expect(emailInput(page)).toBeVisible()
})

/** Saves a screenshot of the modal as a kept artifact of the test. */
async function keep(page: Page, info: TestInfo, name: string): Promise<void> {
  const path = info.outputPath(`${name}.png`)
  await modal(page).screenshot({ path, animations: 'disabled' })
  await info.attach(name, { path, contentType: 'image/png' })
}

/** Whether the modal's background is dark (its luminance under a half). */
async function modalIsDark(page: Page): Promise<boolean> {
  return modal(page).evaluate((el) => {
    let node: Element | null = el
    while (node) {
      const bg = getComputedStyle(node).backgroundColor
      const m = /rgba?\(([\d.]+), ([\d.]+), ([\d.]+)(?:, ([\d.]+))?\)/.exec(bg)
      if (m && (m[4] === undefined || Number(m[4]) > 0.5)) return (0.2126 * +m[1]! + 0.7152 * +m[2]! + 0.0722 * +m[3]!) / 255 < 0.5
      node = node.parentElement
    }
    return false
  })
}

/** Walks the core screens (landing, other options, code entry) and keeps a screenshot of each. */
async function walkCoreScreens(page: Page, info: TestInfo, appId: string, prefix: string, query: Record<string, string> = {}) {
  await openLanding(page, appId, query)
  await keep(page, info, `${prefix}-landing`)
  await moreOptions(page).click()
  await expect(dialog(page).getByRole('heading', { name: 'Other ways to log in' })).toBeVisible()
  await keep(page, info, `${prefix}-other-options`)
  await dialog(page).getByRole('button', { name: 'Back' }).click()
  await emailInput(page).fill(freshEmail(prefix))
  await dialog(page).getByRole('button', { name: 'Submit' }).click()
  await expect(dialog(page).getByRole('heading', { name: 'Enter confirmation code' })).toBeVisible()
  await keep(page, info, `${prefix}-code`)
}

const CORE_METHODS = [...WEB2, 'wallet_auth']

/** An app offering a wallet, Google and email, requiring its terms: the screens {@link walkMoreScreens} shows. */
const createTermsApp = (page: Page, request: APIRequestContext) =>
  createTestApp(page, request, {
    loginMethods: ['email_auth', 'google_oauth', 'wallet_auth'],
    requireUsersAcceptTerms: true,
    termsAndConditionsUrl: 'https://acme.test/terms',
    privacyPolicyUrl: 'https://acme.test/privacy',
  })

/**
 * Walks the wallet list, the OAuth status screen and its failure, and the terms consent, keeping a
 * screenshot of each. Google's start is held on the page's side, then refused, so no provider is needed.
 */
async function walkMoreScreens(page: Page, request: APIRequestContext, info: TestInfo, appId: string, prefix: string, query: Record<string, string>) {
  await openLanding(page, appId, query)
  await dialog(page).getByRole('button', { name: 'Continue with a wallet' }).click()
  await expect(dialog(page).getByRole('heading', { name: 'Log in with a wallet' })).toBeVisible()
  await keep(page, info, `${prefix}-wallet-list`)
  await dialog(page).getByRole('button', { name: 'Back' }).click()

  let release!: () => void
  const held = new Promise<void>((resolve) => (release = resolve))
  await page.route('**/api/v1/oauth/init', async (route) => {
    await held
    await route.fulfill({ status: 400, json: { error: 'Please provide a redirect_to value.', code: 'invalid_data' } })
  })
  await dialog(page).getByRole('button', { name: 'Continue with Google' }).click()
  await expect(dialog(page).getByRole('heading', { name: 'Verifying connection to Google' })).toBeVisible()
  await keep(page, info, `${prefix}-oauth-status`)
  release()
  await expect(dialog(page).getByRole('heading', { name: 'Authentication failed' })).toBeVisible()
  await keep(page, info, `${prefix}-oauth-failed`)
  await page.unroute('**/api/v1/oauth/init')
  await dialog(page).getByRole('button', { name: 'Use another method' }).click()

  const address = freshEmail(`${prefix}-terms`)
  await submitEmail(page, address)
  await typeCode(page, await latestCode(request, await apiUrlOf(page), address))
  await expect(page.getByRole('alertdialog').getByRole('heading', { name: 'One last step' })).toBeVisible()
  await keep(page, info, `${prefix}-terms`)
}

test('dark mode: the core screens draw on a dark modal', async ({ page, request }, info) => {
  const appId = await createTestApp(page, request, { loginMethods: CORE_METHODS })
  await openLanding(page, appId, { theme: 'dark' })
  expect(await modalIsDark(page)).toBe(true)
  await walkCoreScreens(page, info, appId, 'dark', { theme: 'dark' })
  expect(await modalIsDark(page)).toBe(true)
})

test('dark mode: the wallet list, OAuth status and failure and the terms consent draw on a dark modal', async ({ page, request }, info) => {
  const appId = await createTermsApp(page, request)
  await walkMoreScreens(page, request, info, appId, 'dark', { theme: 'dark' })
  expect(await modalIsDark(page)).toBe(true)
})

test.describe('on a phone', () => {
  test.use(PHONE)

  test('the core screens fit the phone screen, light and dark', async ({ page, request }, info) => {
    const appId = await createTestApp(page, request, { loginMethods: CORE_METHODS })
    for (const theme of ['light', 'dark']) {
      await walkCoreScreens(page, info, appId, `phone-${theme}`, { theme })
      const box = (await dialog(page).boundingBox())!
      const viewport = page.viewportSize()!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(viewport.width + 0.5)
      expect(await modalIsDark(page)).toBe(theme === 'dark')
    }
  })

  test('the wallet list, OAuth status and failure and the terms consent fit the phone, light and dark', async ({ page, request }, info) => {
    const appId = await createTermsApp(page, request)
    for (const theme of ['light', 'dark']) {
      await walkMoreScreens(page, request, info, appId, `phone-${theme}`, { theme })
      const box = (await modal(page).boundingBox())!
      expect(box.x).toBeGreaterThanOrEqual(0)
      expect(box.x + box.width).toBeLessThanOrEqual(page.viewportSize()!.width + 0.5)
      expect(await modalIsDark(page)).toBe(theme === 'dark')
      // Declining signs out, so the next walk starts signed out.
      await page.getByRole('alertdialog').getByRole('button', { name: 'No thanks' }).click()
      await expect(page.getByRole('alertdialog')).toHaveCount(0)
    }
  })
})
