/**
 * The Next.js example in a browser: server rendering without hydration warnings, the proxy sending a
 * signed-out visitor away from the protected page, the server component showing the signed-in user,
 * session cookies page script cannot read, and signing out.
 */
import { expect, test, type Page } from '@playwright/test'
import { porticoDialog, signInWithEmail } from 'portico/testing'
import { startNextApp, TEST_IDENTITY, type RunningNextApp } from './serve'

/** The session cookies the API sets (`SESSION_COOKIES` of `portico/server/session-cookies`). */
const SESSION_COOKIE_NAMES = ['__Host-privy-token', '__Host-privy-refresh-token', '__Host-privy-id-token', '__Host-privy-session']

let app: RunningNextApp
test.beforeAll(async () => {
  // The first run builds the example (minutes on two busy cores); later runs reuse the build.
  test.setTimeout(600_000)
  app = await startNextApp()
})
test.afterAll(async () => {
  await app?.close()
})

/** Collects what the page reports about hydration: React's warnings and its minified error codes. */
function watchHydration(page: Page): string[] {
  const problems: string[] = []
  const isHydration = (text: string) => /hydrat|did not match|#418|#423|#425/i.test(text)
  page.on('console', (m) => {
    if ((m.type() === 'error' || m.type() === 'warning') && isHydration(m.text())) problems.push(m.text())
  })
  page.on('pageerror', (e) => problems.push(e.message))
  return problems
}

test('a signed-out visitor of the protected page is sent home by the proxy', async ({ page }) => {
  const problems = watchHydration(page)
  const res = await page.goto(new URL('/account', app.pageUrl).href)
  await expect(page).toHaveURL(new URL('/?next=%2Faccount', app.pageUrl).href)
  expect(res?.request().redirectedFrom()?.url()).toBe(new URL('/account', app.pageUrl).href)
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled()
  expect(problems).toEqual([])
})

test('signs in with a code, the server renders the user, page script reads no cookie, and signing out clears them', async ({ page, context }) => {
  const problems = watchHydration(page)
  await page.goto(app.pageUrl)
  await page.getByRole('button', { name: 'Sign in' }).click()
  await signInWithEmail(page, TEST_IDENTITY)
  await expect(page).toHaveURL(new URL('/account', app.pageUrl).href)
  const userId = page.getByTestId('user-id')
  await expect(userId).toHaveText(/^did:privy:[a-z0-9]{25}$/)

  // The browser kept every session cookie as the server set it; none reaches page script.
  const cookies = await context.cookies(app.pageUrl)
  const session = cookies.filter((c) => SESSION_COOKIE_NAMES.includes(c.name))
  expect(session.map((c) => c.name).sort()).toEqual([...SESSION_COOKIE_NAMES].sort())
  for (const c of session) expect(c).toMatchObject({ httpOnly: true, secure: true, path: '/' })
  expect(await page.evaluate(() => document.cookie)).not.toMatch(/privy/)
  const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }) + JSON.stringify({ ...sessionStorage }))
  for (const c of session) if (c.value !== 't') expect(stored).not.toContain(c.value)

  // A reload renders the signed-in page on the server, the same as what hydrates.
  const rendered = await (await page.request.get(new URL('/account', app.pageUrl).href)).text()
  expect(rendered).toContain(await userId.innerText())
  await page.reload()
  await expect(userId).toBeVisible()
  // The widget knows the session too, from the server: it offers no sign-in.
  await page.goto(app.pageUrl)
  await expect(page.getByText('You are signed in.')).toBeVisible()

  await page.goto(new URL('/account', app.pageUrl).href)
  await page.getByRole('button', { name: 'Sign out' }).click()
  await expect(page).toHaveURL(app.pageUrl)
  await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled()
  expect((await context.cookies(app.pageUrl)).filter((c) => SESSION_COOKIE_NAMES.includes(c.name))).toEqual([])
  await page.goto(new URL('/account', app.pageUrl).href)
  await expect(page).toHaveURL(/\/\?next=%2Faccount$/)
  await expect(porticoDialog(page)).toBeHidden()
  expect(problems).toEqual([])
})
