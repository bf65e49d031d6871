import { fileURLToPath } from 'node:url'
import { test, expect, type Page, type APIRequestContext } from '@playwright/test'
import { apiUrlOf, createTestApp, openApp } from './helpers'
import { signWebAppData, signWidgetUser, TEST_BOT, type WidgetUser } from '../fixtures/telegram/sign'

const STANDIN = fileURLToPath(new URL('../fixtures/telegram/widget-standin.js', import.meta.url))
const bot = { botId: TEST_BOT.botId, botName: TEST_BOT.botName, botToken: TEST_BOT.botToken }

const dialog = (page: Page) => page.getByRole('dialog')
const freshTelegramId = () => 200_000_000 + Math.floor(Math.random() * 1e8)

/** Serves the stand-in where product code asks for Telegram's real script. */
async function serveStandIn(page: Page): Promise<void> {
  await page.route('https://telegram.org/js/telegram-widget.js*', (route) =>
    route.fulfill({ path: STANDIN, contentType: 'application/javascript' }),
  )
}

/** What the stand-in's `Telegram.Login.auth` hands its callback next (signed here, in Node). */
async function nextTelegramUser(page: Page, user: object | null): Promise<void> {
  await page.evaluate((u) => {
    const w = window as unknown as { __telegramStandIn?: { calls: unknown[]; nextUser: unknown } }
    w.__telegramStandIn = { calls: w.__telegramStandIn?.calls ?? [], nextUser: u }
  }, user)
}

/** The server's view of the Telegram user: signs in again through the API and returns the user. */
async function serverUserFor(page: Page, request: APIRequestContext, appId: string, user: WidgetUser) {
  const res = await request.post(`${await apiUrlOf(page)}/api/v1/telegram/authenticate`, {
    headers: { 'privy-app-id': appId, origin: new URL(page.url()).origin },
    data: { telegram_auth_result: signWidgetUser(bot.botToken, user) },
  })
  expect(res.status(), await res.text()).toBe(200)
  return ((await res.json()) as { user: { id: string; linked_accounts: Record<string, unknown>[] } }).user
}

test.beforeEach(async ({ page }) => {
  await serveStandIn(page)
})

test('logs in with the Telegram Login Widget for the app bot, with write access in English', async ({ page, request }) => {
  const appId = await createTestApp(page, request, { loginMethods: ['email_auth', 'telegram_auth'], telegram: bot })
  await openApp(page, appId)
  const user = { id: freshTelegramId(), first_name: 'Ada', last_name: 'Lovelace', username: 'ada_tg' }
  await nextTelegramUser(page, signWidgetUser(bot.botToken, user))
  await dialog(page).getByRole('button', { name: 'Telegram' }).click()
  await expect(page.getByTestId('signed-in')).toBeVisible()
  await expect(dialog(page)).toBeHidden()

  const calls = await page.evaluate(() => (window as unknown as { __telegramStandIn: { calls: unknown[] } }).__telegramStandIn.calls)
  expect(calls).toEqual([{ bot_id: bot.botId, request_access: 'write', lang: 'en' }])
  const scripts = await page.evaluate(() => [...document.scripts].map((s) => s.src).filter((s) => s.includes('telegram')))
  expect(scripts).toEqual(['https://telegram.org/js/telegram-widget.js?22'])

  const serverUser = await serverUserFor(page, request, appId, user)
  await expect(page.getByTestId('user-id')).toHaveText(serverUser.id)
  expect(serverUser.linked_accounts).toContainEqual(
    expect.objectContaining({ type: 'telegram', telegram_user_id: String(user.id), first_name: 'Ada', last_name: 'Lovelace', username: 'ada_tg', photo_url: null }),
  )
})

test('completes the widget redirect return, removing its parameters from the address', async ({ page, request }) => {
  const appId = await createTestApp(page, request, { loginMethods: ['email_auth', 'telegram_auth'], telegram: bot })
  const user = { id: freshTelegramId(), first_name: 'Redirect', username: 'back_again', photo_url: 'https://t.me/i/userpic/320/back.jpg' }
  const signed = signWidgetUser(bot.botToken, user)
  const query = new URLSearchParams({ app: appId, ...Object.fromEntries(Object.entries(signed).map(([k, v]) => [k, String(v)])) })
  await page.goto(`/?${query}`)
  await expect(page.getByTestId('signed-in')).toBeVisible()
  await expect(dialog(page)).toBeHidden()
  const url = new URL(page.url())
  for (const key of ['id', 'hash', 'auth_date', 'first_name', 'last_name', 'username', 'photo_url']) {
    expect(url.searchParams.has(key), key).toBe(false)
  }
  expect(url.searchParams.get('app')).toBe(appId)
  const serverUser = await serverUserFor(page, request, appId, user)
  await expect(page.getByTestId('user-id')).toHaveText(serverUser.id)
})

test('logs in automatically inside a Telegram Mini App from initData', async ({ page, request }) => {
  const appId = await createTestApp(page, request, {
    loginMethods: ['email_auth', 'telegram_auth'],
    telegram: { ...bot, seamlessAuthEnabled: true },
  })
  const user = { id: freshTelegramId(), first_name: 'Mini', last_name: 'App', username: 'mini_app_user', language_code: 'en', allows_write_to_pm: true }
  const { initData } = signWebAppData(bot.botToken, { user, query_id: 'AAHdF6IQAAAAAN0XohDhrOrc', chat_type: 'private' })
  await page.addInitScript((data) => {
    ;(window as unknown as { Telegram: unknown }).Telegram = { WebApp: { initData: data } }
  }, initData)
  await page.goto(`/?app=${appId}`)
  await expect(page.getByTestId('signed-in')).toBeVisible()
  const serverUser = await serverUserFor(page, request, appId, { id: user.id, first_name: 'Mini' })
  await expect(page.getByTestId('user-id')).toHaveText(serverUser.id)
  expect(serverUser.linked_accounts).toContainEqual(expect.objectContaining({ type: 'telegram', telegram_user_id: String(user.id), username: 'mini_app_user' }))
})

test('shows a retryable failure for a tampered widget payload, and Retry logs in', async ({ page, request }) => {
  const appId = await createTestApp(page, request, { loginMethods: ['email_auth', 'telegram_auth'], telegram: bot })
  await openApp(page, appId)
  const user = { id: freshTelegramId(), first_name: 'Eve' }
  await nextTelegramUser(page, { ...signWidgetUser(bot.botToken, user), first_name: 'Mallory' })
  await dialog(page).getByRole('button', { name: 'Telegram' }).click()
  await expect(dialog(page).getByRole('heading', { name: 'Authentication failed' })).toBeVisible()
  await expect(dialog(page).getByText('Something went wrong. Try again.')).toBeVisible()
  await expect(page.getByTestId('signed-in')).toBeHidden()

  await nextTelegramUser(page, signWidgetUser(bot.botToken, user))
  await dialog(page).getByRole('button', { name: 'Retry' }).click()
  await expect(page.getByTestId('signed-in')).toBeVisible()
})

test('shows "Login with Telegram not allowed." when the app has Telegram login off', async ({ page, request }) => {
  const appId = await createTestApp(page, request, { loginMethods: ['email_auth'], telegram: bot })
  await openApp(page, appId)
  await expect(dialog(page).getByRole('button', { name: 'Telegram' })).toHaveCount(0)
  await page.keyboard.press('Escape')
  const signed = signWidgetUser(bot.botToken, { id: freshTelegramId(), first_name: 'Off' })
  const query = new URLSearchParams({ app: appId, ...Object.fromEntries(Object.entries(signed).map(([k, v]) => [k, String(v)])) })
  await page.goto(`/?${query}`)
  await expect(dialog(page).getByRole('heading', { name: 'Authentication failed' })).toBeVisible()
  await expect(dialog(page).getByText('Login with Telegram not allowed.')).toBeVisible()
  await expect(dialog(page).getByRole('button', { name: 'Retry' })).toHaveCount(0)
})
