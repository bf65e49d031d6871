import { expect, type Page, type APIRequestContext } from '@playwright/test'
import { enterCode, readCode } from 'portico/testing'

/** A fresh address for each test, so rate limits and existing users never interfere. */
export function freshEmail(tag: string): string {
  return `${tag}-${Date.now()}-${Math.floor(Math.random() * 1e6)}@example.com`
}

/** The API base URL the demo page talks to (from its meta tag). */
export async function apiUrlOf(page: Page): Promise<string> {
  return page.locator('meta[name="portico-api-url"]').getAttribute('content') as Promise<string>
}

/** Reads the newest code mailed to `to` from the dev inbox (the testing kit's {@link readCode}). */
export function latestCode(request: APIRequestContext, apiUrl: string, to: string): Promise<string> {
  return readCode(request, { apiUrl, to })
}

/** How many messages the dev inbox holds for `to`. */
export async function inboxCount(request: APIRequestContext, apiUrl: string, to: string): Promise<number> {
  const res = await request.get(`${apiUrl}/dev/messages?to=${encodeURIComponent(to)}`)
  return ((await res.json()) as unknown[]).length
}

/** Opens the demo page and the login modal. */
export async function openModal(page: Page, path = '/'): Promise<void> {
  await page.goto(path)
  await page.getByRole('button', { name: 'Log in' }).click()
  await expect(page.getByRole('dialog')).toBeVisible()
}

/** Types an address into the landing's email input and submits it. */
export async function submitEmail(page: Page, address: string): Promise<void> {
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(address)
  await dialog.getByRole('button', { name: 'Submit' }).click()
  await expect(dialog.getByRole('heading', { name: 'Enter confirmation code' })).toBeVisible()
}

/** Types a six-digit code into the code boxes (the testing kit's {@link enterCode}). */
export const typeCode = enterCode

/** Signs in with a fresh address through the modal; returns the address. */
export async function signIn(page: Page, request: APIRequestContext, tag: string, path = '/'): Promise<string> {
  const address = freshEmail(tag)
  await openModal(page, path)
  await submitEmail(page, address)
  await typeCode(page, await latestCode(request, await apiUrlOf(page), address))
  await expect(page.getByTestId('user-email')).toHaveText(address)
  await expect(page.getByRole('dialog')).toBeHidden()
  return address
}

/** The admin key the e2e server runs with (see playwright.config.ts). */
export const ADMIN_KEY = 'e2e-admin-key-not-secret'

/**
 * Creates an app on the server under test through the admin API, allowing the demo page's origin;
 * open it with `openApp(page, id)`.
 * @param settings - partial app settings (camelCase, as `AppSettings`).
 */
export async function createTestApp(
  page: Page,
  request: APIRequestContext,
  settings: Record<string, unknown>,
  extra: { name?: string; test_identities?: { email: string; code: string }[] } = {},
): Promise<string> {
  if (page.url() === 'about:blank') await page.goto('/')
  const apiUrl = await apiUrlOf(page)
  const origin = new URL(page.url()).origin
  const res = await request.post(`${apiUrl}/admin/v1/apps`, {
    headers: { authorization: `Bearer ${ADMIN_KEY}` },
    data: { name: extra.name ?? 'E2E App', allowed_origins: [origin], settings, test_identities: extra.test_identities },
  })
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { id: string }).id
}

/** Opens the demo page pointed at another app and opens its login modal. */
export async function openApp(page: Page, appId: string): Promise<void> {
  await openModal(page, `/?app=${appId}`)
}

/**
 * Moves the server clock forward (dev mode) for the length of `run`, then back to wall time, so later
 * tests (whose browsers sign messages with wall-clock times) see a true clock again.
 */
export async function withServerClockAdvanced(
  request: APIRequestContext,
  apiUrl: string,
  ms: number,
  run: () => Promise<void>,
): Promise<void> {
  const moved = await request.post(`${apiUrl}/dev/clock`, { data: { advance_ms: ms } })
  expect(moved.ok(), await moved.text()).toBe(true)
  try {
    await run()
  } finally {
    await request.post(`${apiUrl}/dev/clock`, { data: { reset: true } })
  }
}

/**
 * Starts recording which of `texts` the page shows, in the order each first appears. A screen that
 * shows only briefly (a success tick before the modal closes, 'Trying again…' between retries) can
 * then be checked after waiting for the state that follows it, instead of racing it on a busy
 * machine: a MutationObserver sees every change, however short. Install it on the page that will
 * show the texts, after it loaded (a navigation drops the record).
 * @param page - the page.
 * @param texts - texts to look for in the page's rendered text.
 * @param options - `within`: a CSS selector; only the text of the elements it matches counts (for
 *   instance `[role="dialog"]`, so that the host page's own status lines are not read as the modal's).
 * @returns a function that answers the texts seen so far, in order of first appearance.
 */
export async function recordTexts(page: Page, texts: string[], options: { within?: string } = {}): Promise<() => Promise<string[]>> {
  const key = `__porticoSeen${Math.floor(Math.random() * 1e9)}`
  await page.evaluate(
    ({ key, texts, within }) => {
      const seen: string[] = []
      ;(window as unknown as Record<string, string[]>)[key] = seen
      const check = () => {
        const rendered = within
          ? [...document.querySelectorAll<HTMLElement>(within)].map((el) => el.innerText).join('\n')
          : document.body.innerText
        for (const t of texts) if (!seen.includes(t) && rendered.includes(t)) seen.push(t)
      }
      check()
      new MutationObserver(check).observe(document.documentElement, {
        subtree: true,
        childList: true,
        characterData: true,
        attributes: true,
      })
    },
    { key, texts, within: options.within },
  )
  return () => page.evaluate((key) => [...(window as unknown as Record<string, string[]>)[key]!], key)
}
