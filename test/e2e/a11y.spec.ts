import { createRequire } from 'node:module'
import { test, expect, type Locator, type Page } from '@playwright/test'
import type { AxeResults, RunOptions } from 'axe-core'
import { apiUrlOf, createTestApp, freshEmail, latestCode, openApp, openModal, submitEmail, typeCode } from './helpers'
import { injectTestWallet } from '../../testing/evm-wallet/inject'
import { ANVIL_KEYS } from '../../testing/evm-wallet/provider'

const axePath = createRequire(import.meta.url).resolve('axe-core/axe.min.js')

/** Runs axe (colour contrast included) over the open modal; `rule: target (help)` lines, empty when clean. */
async function axeOfModal(page: Page): Promise<string[]> {
  if (!(await page.evaluate(() => 'axe' in window))) await page.addScriptTag({ path: axePath })
  return page.evaluate(async () => {
    const axe = (window as unknown as { axe: { run(context: Element, options: RunOptions): Promise<AxeResults> } }).axe
    const modal = document.querySelector('[role=dialog], [role=alertdialog]')
    if (!modal) return ['no modal open']
    // axe schedules its work with setTimeout, which the test's paused clock holds: while it runs,
    // its callbacks go through a message channel instead (the page's own timers stay held).
    const held = { set: window.setTimeout, clear: window.clearTimeout }
    const cancelled = new Set<number>()
    let next = 1
    Object.assign(window, {
      setTimeout: (fn: (...a: unknown[]) => void, _ms?: number, ...args: unknown[]) => {
        const id = next++
        const channel = new MessageChannel()
        channel.port1.onmessage = () => {
          if (!cancelled.has(id)) fn(...args)
        }
        channel.port2.postMessage(0)
        return id
      },
      clearTimeout: (id: number) => cancelled.add(id),
    })
    let result: AxeResults
    try {
      result = await axe.run(modal, { iframes: false, preload: false, rules: { 'color-contrast': { enabled: true } } })
    } finally {
      Object.assign(window, { setTimeout: held.set, clearTimeout: held.clear })
    }
    const violations = result.violations.flatMap((v) => v.nodes.map((n) => `${v.id}: ${n.target.join(' ')} (${n.failureSummary ?? v.help})`))
    // The contrast rule must have looked at the text, not skipped it.
    const contrastChecked = [...result.passes, ...result.violations].some((r) => r.id === 'color-contrast' && r.nodes.length > 0)
    return contrastChecked ? violations : [...violations, 'color-contrast: no text checked']
  })
}

/** Presses Tab until `target` has focus (at most `limit` times): the page is walked with the keyboard only. */
async function tabTo(page: Page, target: Locator, limit = 40): Promise<void> {
  for (let i = 0; i < limit; i++) {
    await page.keyboard.press('Tab')
    if (await target.evaluate((el) => el.getRootNode() instanceof Node && (el.getRootNode() as Document).activeElement === el)) return
  }
  throw new Error(`Tab never reached ${target}`)
}

test.describe('keyboard', () => {
  test('an email login with the keyboard only: Tab to Log in, Enter, type, Enter, type the code', async ({ page, request }) => {
    const appId = await createTestApp(page, request, {})
    const address = freshEmail('keyboard')
    await page.goto(`/?app=${appId}`)
    await tabTo(page, page.getByRole('button', { name: 'Log in', exact: true }))
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('textbox', { name: 'Email address' })).toBeFocused()
    await page.keyboard.type(address)
    await page.keyboard.press('Enter')
    await expect(dialog.getByRole('heading', { name: 'Enter confirmation code' })).toBeVisible()
    await expect(dialog.locator('input[inputmode="numeric"]').first()).toBeFocused()
    await page.keyboard.type(await latestCode(request, await apiUrlOf(page), address))
    await expect(page.getByTestId('user-email')).toHaveText(address)
  })

  test('focus moves into each screen (its field, else its heading) and back to the trigger when the modal closes', async ({ page, request }) => {
    const appId = await createTestApp(page, request, { allowlistEnabled: true, allowlist: [] })
    const address = freshEmail('focus')
    await page.goto(`/?app=${appId}`)
    const login = page.getByRole('button', { name: 'Log in', exact: true })
    await tabTo(page, login)
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('textbox', { name: 'Email address' })).toBeFocused()
    await submitEmail(page, address)
    await expect(dialog.locator('input[inputmode="numeric"]').first()).toBeFocused()

    // Back with the keyboard: the landing's field has focus again, not the page's <body>.
    await dialog.getByRole('button', { name: 'Back' }).focus()
    await page.keyboard.press('Enter')
    await expect(dialog.getByRole('textbox', { name: 'Email address' })).toBeFocused()

    // A screen without a field: its heading takes focus (out of the Tab order).
    await submitEmail(page, address)
    await page.keyboard.type(await latestCode(request, await apiUrlOf(page), address))
    const heading = dialog.getByRole('heading', { name: "You don't have access to this app" })
    await expect(heading).toBeFocused()
    await expect(heading).toHaveAttribute('tabindex', '-1')

    await page.keyboard.press('Escape')
    await expect(dialog).toHaveCount(0)
    await expect(login).toBeFocused()
  })
})

test.describe('axe with colour contrast', () => {
  for (const theme of ['light', 'dark'] as const) {
    test(`landing, code entry, success and terms have no violations (${theme})`, async ({ page, request }) => {
      const appId = await createTestApp(page, request, { theme })
      const termsAppId = await createTestApp(page, request, {
        theme,
        requireUsersAcceptTerms: true,
        termsAndConditionsUrl: 'https://acme.test/terms',
        privacyPolicyUrl: 'https://acme.test/privacy',
      })
      // The page's clock is scripted, so its timers can be held while 'Success!' shows.
      await page.clock.install()
      await openApp(page, appId)
      const dialog = page.getByRole('dialog')
      await expect(dialog.getByRole('textbox', { name: 'Email address' })).toBeVisible()
      await expect(page.locator(`.portico-root[data-theme="${theme}"]`).first()).toBeAttached()
      expect(await axeOfModal(page), 'landing').toEqual([])

      const address = freshEmail(`axe-${theme}`)
      await submitEmail(page, address)
      expect(await axeOfModal(page), 'code entry').toEqual([])

      await typeCode(page, await latestCode(request, await apiUrlOf(page), address))
      const success = dialog.getByRole('heading', { name: 'Success!' })
      await expect(success).toBeVisible()
      // Hold the page's timers: the modal would close within a second and a half. The page's clock
      // runs on meanwhile, so pause at a time still ahead of it (again if it got there first).
      await expect(async () => {
        await page.clock.pauseAt(await page.evaluate(() => Date.now() + 50))
      }).toPass()
      await expect(success).toBeVisible()
      expect(await axeOfModal(page), 'success').toEqual([])
      await page.clock.resume()
      await expect(page.getByTestId('user-email')).toHaveText(address)

      // The consent screen, on an app that asks for it.
      await page.getByRole('button', { name: 'Log out' }).click()
      await openApp(page, termsAppId)
      const other = freshEmail(`axe-terms-${theme}`)
      await submitEmail(page, other)
      await typeCode(page, await latestCode(request, await apiUrlOf(page), other))
      const consent = page.getByRole('alertdialog')
      await expect(consent.getByRole('heading', { name: 'One last step' })).toBeVisible()
      expect(await axeOfModal(page), 'terms').toEqual([])
      await consent.getByRole('button', { name: 'Accept' }).click()
      await expect(page.getByTestId('user-email')).toHaveText(other)
    })
  }
})

test.describe('axe with colour contrast, the other sign-in screens', () => {
  const API_PORT = Number(process.env.E2E_API_PORT ?? 8810)
  /** As playwright.config.ts starts it. */
  const ANVIL_URL = `http://127.0.0.1:${Number(process.env.E2E_ANVIL_PORT ?? API_PORT + 2000)}`

  for (const theme of ['light', 'dark'] as const) {
    test(`SMS entry with the country picker, SMS code, wallet list, wallet connect and passkey have no violations (${theme})`, async ({ page, request }) => {
      await injectTestWallet(page, [{ privateKey: ANVIL_KEYS[0], rpcUrl: ANVIL_URL, name: 'Test Wallet', rdns: 'dev.portico.testwallet', prompts: 'hold' }])
      const dialog = page.getByRole('dialog')

      const smsApp = await createTestApp(page, request, { loginMethods: ['sms_auth'], theme })
      await openApp(page, smsApp)
      await expect(page.locator(`.portico-root[data-theme="${theme}"]`).first()).toBeAttached()
      await expect(dialog.getByRole('combobox', { name: 'Country' })).toBeVisible()
      expect(await axeOfModal(page), 'SMS entry').toEqual([])
      await dialog.getByRole('textbox', { name: 'Phone number' }).fill(`415${200 + Math.floor(Math.random() * 700)}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`)
      await dialog.getByRole('textbox', { name: 'Phone number' }).press('Enter')
      await expect(dialog.getByRole('heading', { name: 'Enter confirmation code' })).toBeVisible()
      expect(await axeOfModal(page), 'SMS code').toEqual([])

      const walletApp = await createTestApp(page, request, { loginMethods: ['email_auth', 'wallet_auth', 'passkey_auth'], ethereumChains: ['eip155:31337'], theme })
      await openApp(page, walletApp)
      await dialog.getByRole('button', { name: 'Continue with a wallet' }).click()
      await expect(dialog.getByRole('heading', { name: 'Log in with a wallet' })).toBeVisible()
      await expect(dialog.getByRole('button', { name: /Test Wallet/ })).toBeVisible()
      expect(await axeOfModal(page), 'wallet list').toEqual([])
      await dialog.getByRole('button', { name: /Test Wallet/ }).click()
      await expect(dialog.getByRole('heading', { name: 'Waiting for Test Wallet' })).toBeVisible()
      expect(await axeOfModal(page), 'wallet connect').toEqual([])
      await page.keyboard.press('Escape')
      await expect(dialog).toBeHidden()

      await page.getByRole('button', { name: 'Log in', exact: true }).click()
      await dialog.getByRole('button', { name: 'Continue with a passkey' }).click()
      await expect(dialog.getByRole('heading', { name: 'Log in with a passkey' })).toBeVisible()
      expect(await axeOfModal(page), 'passkey').toEqual([])
    })

    test(`OAuth status with an unknown provider, allowlist and account-not-found have no violations (${theme})`, async ({ page, request }) => {
      const dialog = page.getByRole('dialog')
      const oauthApp = await createTestApp(page, request, { loginMethods: ['email_auth', 'google_oauth'], theme })
      await page.goto(`/?app=${oauthApp}`)
      await page.evaluate(() => {
        localStorage.setItem('privy:state_code', 'state-of-this-page')
        localStorage.setItem('privy:code_verifier', 'v'.repeat(43))
        localStorage.setItem('privy:oauth_provider', 'myspace')
      })
      let release = () => {}
      const held = new Promise<void>((resolve) => (release = resolve))
      await page.route('**/api/v1/oauth/authenticate', async (route) => {
        await held
        await route.continue()
      })
      await page.goto(`/?app=${oauthApp}&privy_oauth_code=some-code&privy_oauth_state=state-of-this-page&privy_oauth_provider=myspace`)
      await expect(dialog.getByRole('heading', { name: 'Verifying connection to Unknown' })).toBeVisible()
      expect(await axeOfModal(page), 'OAuth verifying').toEqual([])
      release()
      await expect(dialog.getByRole('heading', { name: 'Authentication failed' })).toBeVisible()
      expect(await axeOfModal(page), 'OAuth failed').toEqual([])

      const allowlistApp = await createTestApp(page, request, { allowlistEnabled: true, allowlist: [], theme })
      await openApp(page, allowlistApp)
      const outsider = freshEmail(`axe-allowlist-${theme}`)
      await submitEmail(page, outsider)
      await typeCode(page, await latestCode(request, await apiUrlOf(page), outsider))
      await expect(dialog.getByRole('heading', { name: "You don't have access to this app" })).toBeVisible()
      expect(await axeOfModal(page), 'allowlist').toEqual([])

      const plainApp = await createTestApp(page, request, { theme })
      await page.goto(`/?app=${plainApp}`)
      await page.getByRole('button', { name: 'Sign in (existing users only)' }).click()
      const stranger = freshEmail(`axe-not-found-${theme}`)
      await submitEmail(page, stranger)
      await typeCode(page, await latestCode(request, await apiUrlOf(page), stranger))
      await expect(dialog.getByRole('heading', { name: 'Account not found' })).toBeVisible()
      expect(await axeOfModal(page), 'account not found').toEqual([])
    })

    test(`the link conflict and 'Check account assets before transferring' have no violations (${theme})`, async ({ page, request }) => {
      const dialog = page.getByRole('dialog')
      const app = await createTestApp(page, request, { loginMethods: ['email_auth', 'sms_auth'], theme })
      // The other account holds an embedded wallet, so the conflict leads on to the assets screen.
      const other = freshEmail(`axe-conflict-${theme}`)
      await openModal(page, `/?app=${app}&embedded=on-login`)
      await submitEmail(page, other)
      await typeCode(page, await latestCode(request, await apiUrlOf(page), other))
      await expect(page.getByTestId('embedded-wallets')).toHaveText(/^0x[0-9a-fA-F]{40}$/)
      await expect(page.getByRole('alertdialog')).toBeHidden()
      await expect(dialog).toBeHidden()
      await page.getByRole('button', { name: 'Log out' }).click()

      const national = `415${200 + Math.floor(Math.random() * 700)}${String(Math.floor(Math.random() * 10_000)).padStart(4, '0')}`
      await openApp(page, app)
      await dialog.getByRole('button', { name: 'Continue with SMS' }).click()
      await dialog.getByRole('textbox', { name: 'Phone number' }).fill(national)
      await dialog.getByRole('textbox', { name: 'Phone number' }).press('Enter')
      await typeCode(page, await latestCode(request, await apiUrlOf(page), `+1${national}`))
      await expect(dialog).toBeHidden()
      await page.getByRole('button', { name: 'Link email', exact: true }).click()
      await submitEmail(page, other)
      await typeCode(page, await latestCode(request, await apiUrlOf(page), other))
      await expect(dialog.getByRole('heading', { name: 'Email address is associated with another account' })).toBeVisible()
      expect(await axeOfModal(page), 'link conflict').toEqual([])
      await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
      await expect(dialog.getByRole('heading', { name: 'Check account assets before transferring' })).toBeVisible()
      expect(await axeOfModal(page), 'assets info').toEqual([])
      await dialog.getByRole('button', { name: 'Continue', exact: true }).click()
      await expect(dialog.getByLabel('Wallet address of your other account')).toBeVisible()
      expect(await axeOfModal(page), 'assets address').toEqual([])
      await page.screenshot({ path: `.tmp/screens/transfer-assets-address-${theme}.png` })
      await dialog.getByRole('button', { name: 'No thanks' }).click()
      await expect(dialog).toBeHidden()
    })
  }
})
