/**
 * The magic-link example in a browser against a real server: ask for a link in the modal, read it
 * from the dev inbox, open it, see the user; and the failures a user meets (a used link, an expired
 * one, a link opened in another browser), each with the plugin's own text.
 */
import { expect, test, type APIRequestContext, type Page } from '@playwright/test'
import type { RunningHostApp } from 'portico/testing'
import { startExample } from '../page/serve'

let example: RunningHostApp
test.beforeAll(async () => {
  example = await startExample()
})
test.afterAll(async () => {
  await example?.close()
})

let n = 0
const freshAddress = (tag: string) => `${tag}-${Date.now()}-${++n}@example.com`

/** Asks for a link through the modal and waits for "Check your inbox". */
async function askForLink(page: Page, address: string): Promise<void> {
  await page.goto(example.pageUrl)
  await page.getByRole('button', { name: 'Log in' }).click()
  const dialog = page.getByRole('dialog')
  await dialog.getByRole('button', { name: 'Email me a sign-in link' }).click()
  await dialog.getByRole('textbox', { name: 'Email address' }).fill(address)
  await dialog.getByRole('button', { name: 'Send link' }).click()
  await expect(dialog.getByRole('heading', { name: 'Check your inbox' })).toBeVisible()
  await expect(dialog.getByText(`We sent a sign-in link to ${address}. Open it in this browser within 15 minutes.`)).toBeVisible()
}

/** The newest link the dev inbox holds for `to`. */
async function latestLink(request: APIRequestContext, to: string): Promise<string> {
  let link: string | undefined
  await expect
    .poll(async () => {
      const res = await request.get(`${example.apiUrl}/dev/messages?to=${encodeURIComponent(to)}`)
      link = ((await res.json()) as { text: string }[])[0]?.text.match(/https?:\/\/\S+/)?.[0]
      return link
    })
    .toBeTruthy()
  return link!
}

/** The failure screen's text for a link. */
async function expectFailure(page: Page, text: string): Promise<void> {
  const dialog = page.getByRole('dialog')
  await expect(dialog.getByRole('heading', { name: "This link can't sign you in" })).toBeVisible()
  await expect(dialog.getByText(text)).toBeVisible()
  await expect(page.getByTestId('user-address')).toHaveCount(0)
}

test('a link from the inbox signs the user in, in a new tab of the same browser', async ({ page, context, request }) => {
  const address = freshAddress('ada')
  await askForLink(page, address)
  const link = await latestLink(request, address)
  expect(new URL(link).origin + '/').toBe(example.pageUrl)

  const tab = await context.newPage()
  await tab.goto(link)
  await expect(tab.getByTestId('user-address')).toHaveText(address)
  await expect(tab.getByRole('dialog')).toBeHidden()
  // The token left the address bar: a reload or a shared URL does not carry it.
  expect(new URL(tab.url()).searchParams.has('magic_link_token')).toBe(false)

  // Opened again, the link says it was used, and signs nobody in.
  await tab.getByRole('button', { name: 'Log out' }).click()
  await expect(tab.getByText('You are signed out.')).toBeVisible()
  await tab.goto(link)
  await expectFailure(tab, 'This link was already used. Each link signs you in once; ask for a new one.')

  // The failure screen's way on: a new link.
  await tab.getByRole('dialog').getByRole('button', { name: 'Send a new link' }).click()
  await expect(tab.getByRole('dialog').getByRole('heading', { name: 'Sign in with a link' })).toBeVisible()
})

test("the screens wear the page's theme and the shipped recipes, with no CSS build of their own", async ({ page, request }) => {
  const address = freshAddress('style')
  await askForLink(page, address)
  const dialog = page.getByRole('dialog')
  // lightTheme({ accentColor: '#0E7490', radius: '6px' }): the primary button and the controls follow it.
  const resend = dialog.getByRole('button', { name: 'Send another link' })
  await expect(resend).toHaveCSS('border-radius', '6px')
  await expect(dialog.getByRole('button', { name: 'Use another address' })).toHaveCSS('border-radius', '6px')
  await resend.click()
  const note = dialog.getByRole('status').filter({ hasText: 'A new link is on its way. Only the newest one works.' })
  await expect(note).toBeVisible()
  // porticoRecipes.muted: the secondary text colour and size of the light theme.
  await expect(note).toHaveCSS('color', 'rgb(84, 92, 106)')
  await expect(note).toHaveCSS('font-size', '14px')
  // The second link replaced the first.
  await expect.poll(async () => ((await (await request.get(`${example.apiUrl}/dev/messages?to=${encodeURIComponent(address)}`)).json()) as unknown[]).length).toBe(2)
})

test('an expired link says so and signs nobody in', async ({ page, request }) => {
  const address = freshAddress('late')
  await askForLink(page, address)
  const link = await latestLink(request, address)
  const moved = await request.post(`${example.apiUrl}/dev/clock`, { data: { advance_ms: 16 * 60_000 } })
  expect(moved.ok()).toBe(true)
  try {
    await page.goto(link)
    await expectFailure(page, 'This link has expired. Ask for a new one: links work for a limited time.')
  } finally {
    await request.post(`${example.apiUrl}/dev/clock`, { data: { reset: true } })
  }
})

test('a link opened in another browser signs nobody in and stays usable where it was asked for', async ({ page, browser, request }) => {
  const address = freshAddress('elsewhere')
  await askForLink(page, address)
  const link = await latestLink(request, address)

  const other = await browser.newContext()
  try {
    const stranger = await other.newPage()
    await stranger.goto(link)
    await expectFailure(stranger, 'This link was asked for in another browser. Open it there, or ask for a new one here.')
  } finally {
    await other.close()
  }

  await page.goto(link)
  await expect(page.getByTestId('user-address')).toHaveText(address)
})
