import { createRequire } from 'node:module'
import { test, expect, type Locator, type Page } from '@playwright/test'
import type { AxeResults, RunOptions } from 'axe-core'
import { apiUrlOf, createTestApp, freshEmail, latestCode, openApp, submitEmail } from './helpers'

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

      await page.keyboard.type(await latestCode(request, await apiUrlOf(page), address))
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
      await page.keyboard.type(await latestCode(request, await apiUrlOf(page), other))
      const consent = page.getByRole('alertdialog')
      await expect(consent.getByRole('heading', { name: 'One last step' })).toBeVisible()
      expect(await axeOfModal(page), 'terms').toEqual([])
      await consent.getByRole('button', { name: 'Accept' }).click()
      await expect(page.getByTestId('user-email')).toHaveText(other)
    })
  }
})
