import { existsSync } from 'node:fs'
import { join } from 'node:path'
import { pathToFileURL } from 'node:url'
import { test, expect, type Page } from '@playwright/test'
import { apiUrlOf, freshEmail, latestCode, typeCode } from './helpers'
import { SUPPORTED_LOCALES } from '../../kernel/locale'
import { kernelMessages } from '../../kernel/messages/en'
import { emailMessages } from '../../plugins/email/messages/en'

const ROOT = join(import.meta.dirname, '../..')

/**
 * What a page in a locale shows for a folder's texts: the locale file's text, or the English one for
 * a key (or a whole folder) the locale does not have yet.
 */
async function textsOf<T extends Record<string, string>>(folder: string, locale: string, english: T): Promise<T> {
  const path = join(ROOT, folder, 'locales', `${locale}.ts`)
  const table = existsSync(path) ? ((await import(pathToFileURL(path).href)) as { default: Record<string, string> }).default : {}
  return { ...english, ...table }
}

/** The chunks a page fetches whose file is a locale's texts (`chunks/<locale>-<hash>.js`) or the locale loader (`chunks/locale-<hash>.js`). */
function localeChunks(page: Page): string[] {
  const chunks: string[] = []
  const pattern = new RegExp(`/chunks/(?:locale|${SUPPORTED_LOCALES.join('|')})-[A-Z0-9]+\\.js$`)
  page.on('request', (r) => {
    if (pattern.test(new URL(r.url()).pathname)) chunks.push(new URL(r.url()).pathname)
  })
  return chunks
}

/** Screenshots of the open modal on a phone, light then dark (`arabic-<name>-<theme>-phone.png`). */
async function shoot(page: Page, name: string): Promise<void> {
  const root = page.locator('.portico-root', { has: page.getByRole('dialog') })
  for (const theme of ['light', 'dark'] as const) {
    await root.evaluate((el, t) => el.setAttribute('data-theme', t), theme)
    await page.screenshot({ path: test.info().outputPath(`arabic-${name}-${theme}-phone.png`), animations: 'disabled' })
  }
  await root.evaluate((el) => el.setAttribute('data-theme', 'light'))
}

test.describe('languages', () => {
  test('an Arabic page opens the modal right to left with Arabic texts and signs in with email', async ({ page, request }) => {
    const kernel = await textsOf('kernel', 'ar', kernelMessages)
    const email = await textsOf('plugins/email', 'ar', emailMessages)
    const chunks = localeChunks(page)
    await page.setViewportSize({ width: 390, height: 844 })
    await page.goto('/?locale=ar')
    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: kernel.PORTICO_LANDING_TITLE })).toBeVisible()
    // The themed root around the dialog carries the direction and the language.
    const root = page.locator('.portico-root', { has: dialog })
    await expect(root).toHaveAttribute('dir', 'rtl')
    await expect(root).toHaveAttribute('lang', 'ar')
    await expect(dialog).toHaveCSS('direction', 'rtl')
    // The close button sits at the start of the line: on the left in a right-to-left modal.
    const close = await dialog.getByRole('button', { name: kernel.PORTICO_CLOSE }).boundingBox()
    const box = await dialog.boundingBox()
    expect(close!.x - box!.x).toBeLessThan(box!.width / 2)
    expect(chunks.some((c) => c.includes('/chunks/locale-'))).toBe(true)
    if (existsSync(join(ROOT, 'kernel/locales/ar.ts'))) expect(chunks.some((c) => c.includes('/chunks/ar-'))).toBe(true)

    await shoot(page, 'landing')

    const address = freshEmail('arabic')
    await dialog.getByRole('textbox', { name: email.EMAIL_INPUT_LABEL }).fill(address)
    await dialog.getByRole('button', { name: email.EMAIL_SUBMIT }).click()
    await expect(dialog.getByRole('heading', { name: email.EMAIL_CODE_TITLE })).toBeVisible()
    await shoot(page, 'code')
    await typeCode(page, await latestCode(request, await apiUrlOf(page), address))
    await expect(page.getByTestId('user-email')).toHaveText(address)
  })

  test("a French host's own text replaces that one text", async ({ page }) => {
    const texts = { fr: { PORTICO_LANDING_TITLE: 'Bienvenue chez Démo' } }
    await page.goto(`/?locale=fr&texts=${encodeURIComponent(JSON.stringify(texts))}`)
    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: 'Bienvenue chez Démo' })).toBeVisible()
    await expect(page.locator('.portico-root', { has: dialog })).toHaveAttribute('lang', 'fr')
    await expect(page.locator('.portico-root', { has: dialog })).toHaveAttribute('dir', 'ltr')
    const email = await textsOf('plugins/email', 'fr', emailMessages)
    await expect(dialog.getByRole('button', { name: email.EMAIL_SUBMIT })).toBeVisible()
  })

  test('an English page fetches no locale chunk', async ({ page }) => {
    const chunks = localeChunks(page)
    const requested: string[] = []
    page.on('request', (r) => requested.push(r.url()))
    await page.goto('/')
    await page.getByRole('button', { name: 'Log in' }).click()
    const dialog = page.getByRole('dialog')
    await expect(dialog.getByRole('heading', { name: kernelMessages.PORTICO_LANDING_TITLE })).toBeVisible()
    await dialog.getByRole('textbox', { name: emailMessages.EMAIL_INPUT_LABEL }).fill(freshEmail('english'))
    await dialog.getByRole('button', { name: emailMessages.EMAIL_SUBMIT }).click()
    await expect(dialog.getByRole('heading', { name: emailMessages.EMAIL_CODE_TITLE })).toBeVisible()
    // The page did load chunks (the modal's screens), none of them a locale's.
    expect(requested.some((u) => u.includes('/chunks/'))).toBe(true)
    expect(chunks).toEqual([])
    await expect(page.locator('.portico-root', { has: dialog })).toHaveAttribute('lang', 'en')
  })
})
