import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { AuthenticatedUser, User } from '../../kernel/schemas'
import type { CaptchaVerifier } from '../../server/captcha'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { emailServer } from '../email/server'
import { signWebAppData, signWidgetUser, TEST_BOT } from '../../test/fixtures/telegram/sign'
import { telegramServer } from './server'

const AUTH = '/api/v1/telegram/authenticate'
const LINK = '/api/v1/telegram/link'
const UNLINK = '/api/v1/telegram/unlink'
const TRANSFER = '/api/v1/telegram/transfer'

// Accepts exactly one token: the captcha rule is tested, not Cloudflare.
const captcha: CaptchaVerifier = { verify: async ({ token }) => ({ success: token === 'good-token', errorCodes: [] }) }

const bot = { ...TEST_BOT, linkEnabled: true, seamlessAuthEnabled: false }
const OTHER_BOT_TOKEN = '7000000002:AAH-another-bot-token-000000000000'

let t: TestInstance
beforeAll(async () => {
  t = await createTestInstance({
    plugins: [emailServer(), telegramServer()],
    captcha,
    app: { settings: { loginMethods: ['email_auth', 'telegram_auth'], telegram: bot } },
  })
})
afterAll(() => t.close())

let seq = 0
const freshId = () => 100_000_000 + ++seq * 7919 + Math.floor(Math.random() * 1000)
const nowSecs = () => Math.floor(t.clock.now() / 1000)

type TelegramAccount = { type: string; telegram_user_id: string; first_name: string | null; last_name: string | null; username: string | null; photo_url: string | null }
const telegramOf = (user: { linked_accounts: { type: string }[] }) =>
  user.linked_accounts.find((a) => a.type === 'telegram') as TelegramAccount | undefined

describe('POST /telegram/authenticate with a Login Widget result', () => {
  it('signs a new user in with a telegram account carrying the widget fields', async () => {
    const id = freshId()
    const result = signWidgetUser(bot.botToken, { id, first_name: 'Ada', last_name: 'Lovelace', username: 'ada', photo_url: 'https://t.me/i/userpic/ada.jpg', auth_date: nowSecs() })
    const res = await t.request(AUTH, { body: { telegram_auth_result: result, mode: 'login-or-sign-up' } })
    expect(res.status).toBe(200)
    expect(v.is(AuthenticatedUser, res.body)).toBe(true)
    expect(res.body.is_new_user).toBe(true)
    expect(telegramOf(res.body.user)).toMatchObject({
      telegram_user_id: String(id),
      first_name: 'Ada',
      last_name: 'Lovelace',
      username: 'ada',
      photo_url: 'https://t.me/i/userpic/ada.jpg',
    })
  })

  it('returns the same user the second time, and null for absent optional fields', async () => {
    const id = freshId()
    const first = await t.request(AUTH, { body: { telegram_auth_result: signWidgetUser(bot.botToken, { id, first_name: 'Bo', auth_date: nowSecs() }) } })
    const again = await t.request(AUTH, { body: { telegram_auth_result: signWidgetUser(bot.botToken, { id, first_name: 'Bo', auth_date: nowSecs() }) } })
    expect(again.status).toBe(200)
    expect(again.body.is_new_user).toBe(false)
    expect(again.body.user.id).toBe(first.body.user.id)
    expect(telegramOf(again.body.user)).toMatchObject({ last_name: null, username: null, photo_url: null })
  })

  it('accepts the redirect variant where every field arrives as text', async () => {
    const signed = signWidgetUser(bot.botToken, { id: freshId(), first_name: 'Query', auth_date: nowSecs() })
    const asText = Object.fromEntries(Object.entries(signed).map(([k, val]) => [k, String(val)]))
    const res = await t.request(AUTH, { body: { telegram_auth_result: asText } })
    expect(res.status).toBe(200)
  })

  it('refuses a tampered field with invalid_credentials', async () => {
    const signed = signWidgetUser(bot.botToken, { id: freshId(), first_name: 'Eve', auth_date: nowSecs() })
    const res = await t.request(AUTH, { body: { telegram_auth_result: { ...signed, first_name: 'Mallory' } } })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('invalid_credentials')
  })

  it('refuses a payload signed by another bot with invalid_credentials', async () => {
    const signed = signWidgetUser(OTHER_BOT_TOKEN, { id: freshId(), first_name: 'Other', auth_date: nowSecs() })
    const res = await t.request(AUTH, { body: { telegram_auth_result: signed } })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('invalid_credentials')
  })

  it('refuses a Mini App signature presented as a widget result (the two keys differ)', async () => {
    const { fields } = signWebAppData(bot.botToken, { user: { id: 5 }, auth_date: nowSecs() })
    const res = await t.request(AUTH, { body: { telegram_auth_result: { id: 5, first_name: 'x', auth_date: fields.auth_date, hash: fields.hash } } })
    expect(res.body.code).toBe('invalid_credentials')
  })

  it('refuses an auth_date older than 24 hours and one far in the future', async () => {
    const stale = signWidgetUser(bot.botToken, { id: freshId(), first_name: 'Old', auth_date: nowSecs() - 24 * 3600 - 60 })
    const future = signWidgetUser(bot.botToken, { id: freshId(), first_name: 'New', auth_date: nowSecs() + 3600 })
    const recent = signWidgetUser(bot.botToken, { id: freshId(), first_name: 'Hour', auth_date: nowSecs() - 3600 })
    expect((await t.request(AUTH, { body: { telegram_auth_result: stale } })).body.code).toBe('invalid_credentials')
    expect((await t.request(AUTH, { body: { telegram_auth_result: future } })).body.code).toBe('invalid_credentials')
    expect((await t.request(AUTH, { body: { telegram_auth_result: recent } })).status).toBe(200)
  })

  it('answers user_does_not_exist in no-signup mode for an unknown Telegram user', async () => {
    const signed = signWidgetUser(bot.botToken, { id: freshId(), first_name: 'New', auth_date: nowSecs() })
    const res = await t.request(AUTH, { body: { telegram_auth_result: signed, mode: 'no-signup' } })
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('user_does_not_exist')
  })
})

describe('POST /telegram/authenticate with Mini App initData', () => {
  it('signs in from the fields of initData, with user as the JSON text', async () => {
    const id = freshId()
    const { fields } = signWebAppData(bot.botToken, {
      user: { id, first_name: 'Mini', last_name: 'App', username: 'mini', language_code: 'en', allows_write_to_pm: true },
      query_id: 'AAF-query',
      auth_date: nowSecs(),
      signature: 'c2lnbmF0dXJl',
    })
    const res = await t.request(AUTH, { body: { telegram_web_app_data: fields } })
    expect(res.status).toBe(200)
    expect(telegramOf(res.body.user)).toMatchObject({ telegram_user_id: String(id), first_name: 'Mini', last_name: 'App', username: 'mini', photo_url: null })
  })

  it('refuses initData whose user JSON was re-serialised differently, or signed with the widget key', async () => {
    const { fields } = signWebAppData(bot.botToken, { user: { id: freshId(), first_name: 'Mini' }, auth_date: nowSecs() })
    const reformatted = { ...fields, user: JSON.stringify(JSON.parse(fields.user!), null, 1) }
    expect((await t.request(AUTH, { body: { telegram_web_app_data: reformatted } })).body.code).toBe('invalid_credentials')
    const widgetSigned = signWidgetUser(bot.botToken, { id: 9, first_name: 'x', auth_date: nowSecs() })
    const res = await t.request(AUTH, { body: { telegram_web_app_data: { auth_date: String(widgetSigned.auth_date), user: '{"id":9}', hash: widgetSigned.hash } } })
    expect(res.body.code).toBe('invalid_credentials')
  })

  it('refuses initData signed by another bot and stale initData', async () => {
    const other = signWebAppData(OTHER_BOT_TOKEN, { user: { id: freshId() }, auth_date: nowSecs() })
    expect((await t.request(AUTH, { body: { telegram_web_app_data: other.fields } })).body.code).toBe('invalid_credentials')
    const stale = signWebAppData(bot.botToken, { user: { id: freshId() }, auth_date: nowSecs() - 2 * 24 * 3600 })
    expect((await t.request(AUTH, { body: { telegram_web_app_data: stale.fields } })).body.code).toBe('invalid_credentials')
  })

  it('answers invalid_data for a correctly signed user that is not JSON with an id', async () => {
    const { fields } = signWebAppData(bot.botToken, { user: { first_name: 'No id' }, auth_date: nowSecs() })
    const res = await t.request(AUTH, { body: { telegram_web_app_data: fields } })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_data')
  })
})

describe('POST /telegram/authenticate refusals', () => {
  it('answers invalid_data for both payloads or neither', async () => {
    const widget = signWidgetUser(bot.botToken, { id: freshId(), first_name: 'Both', auth_date: nowSecs() })
    const { fields } = signWebAppData(bot.botToken, { user: { id: freshId() }, auth_date: nowSecs() })
    const both = await t.request(AUTH, { body: { telegram_auth_result: widget, telegram_web_app_data: fields } })
    expect(both.status).toBe(400)
    expect(both.body.code).toBe('invalid_data')
    const neither = await t.request(AUTH, { body: { mode: 'login-or-sign-up' } })
    expect(neither.status).toBe(400)
    expect(neither.body.code).toBe('invalid_data')
  })

  it('answers invalid_data, not a 500, for malformed fields', async () => {
    const res = await t.request(AUTH, { body: { telegram_auth_result: { id: 'abc', first_name: 1, auth_date: 'x', hash: 'zz' } } })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_data')
  })

  it('answers disallowed_login_method when the switch is off or no bot is configured', async () => {
    const off = await t.createApp({ settings: { loginMethods: ['email_auth'], telegram: bot } })
    const noBot = await t.createApp({ settings: { loginMethods: ['telegram_auth'], telegram: null } })
    const signed = signWidgetUser(bot.botToken, { id: freshId(), first_name: 'Off', auth_date: nowSecs() })
    for (const app of [off, noBot]) {
      const res = await t.request(AUTH, { body: { telegram_auth_result: signed }, appId: app.id })
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('disallowed_login_method')
    }
  })

  it('checks the captcha when the app requires one', async () => {
    const app = await t.createApp({
      settings: { loginMethods: ['telegram_auth'], telegram: bot, captchaEnabled: true, captchaSiteKey: 't:site', captchaSecretKey: 'secret' },
    })
    const signed = () => signWidgetUser(bot.botToken, { id: freshId(), first_name: 'Cap', auth_date: nowSecs() })
    const missing = await t.request(AUTH, { body: { telegram_auth_result: signed() }, appId: app.id })
    expect(missing.body.code).toBe('invalid_captcha')
    const bad = await t.request(AUTH, { body: { telegram_auth_result: signed(), captcha_token: 'bad' }, appId: app.id })
    expect(bad.body.code).toBe('invalid_captcha')
    const good = await t.request(AUTH, { body: { telegram_auth_result: signed(), captcha_token: 'good-token' }, appId: app.id })
    expect(good.status).toBe(200)
  })

  it('limits attempts per IP with too_many_requests, wrong hashes included', async () => {
    const app = await t.createApp({ settings: { loginMethods: ['telegram_auth'], telegram: bot, otpPerIp: { limit: 2, windowMs: 60_000 } } })
    const tampered = { ...signWidgetUser(bot.botToken, { id: freshId(), first_name: 'A', auth_date: nowSecs() }), first_name: 'B' }
    expect((await t.request(AUTH, { body: { telegram_auth_result: tampered }, appId: app.id })).status).toBe(401)
    expect((await t.request(AUTH, { body: { telegram_auth_result: tampered }, appId: app.id })).status).toBe(401)
    const third = await t.request(AUTH, { body: { telegram_auth_result: signWidgetUser(bot.botToken, { id: freshId(), first_name: 'C', auth_date: nowSecs() }) }, appId: app.id })
    expect(third.status).toBe(429)
    expect(third.body.code).toBe('too_many_requests')
  })
})

describe('POST /telegram/link and /unlink', () => {
  it('links a Telegram account to the signed-in user, then unlinks it', async () => {
    const session = await t.login(`tg-link-${freshId()}@example.com`)
    const id = freshId()
    const linked = await t.request(LINK, { token: session.token!, body: { telegram_auth_result: signWidgetUser(bot.botToken, { id, first_name: 'Link', auth_date: nowSecs() }) } })
    expect(linked.status).toBe(200)
    expect(v.is(User, linked.body)).toBe(true)
    expect(linked.body.id).toBe(session.user.id)
    expect(telegramOf(linked.body)).toMatchObject({ telegram_user_id: String(id), first_name: 'Link' })

    const unlinked = await t.request(UNLINK, { token: session.token!, body: { telegram_user_id: String(id) } })
    expect(unlinked.status).toBe(200)
    expect(telegramOf(unlinked.body)).toBeUndefined()
    const again = await t.request(UNLINK, { token: session.token!, body: { telegram_user_id: String(id) } })
    expect(again.status).toBe(404)
    expect(again.body.code).toBe('linked_account_not_found')
  })

  it('links from Mini App data too', async () => {
    const session = await t.login(`tg-link-mini-${freshId()}@example.com`)
    const id = freshId()
    const { fields } = signWebAppData(bot.botToken, { user: { id, first_name: 'Mini' }, auth_date: nowSecs() })
    const linked = await t.request(LINK, { token: session.token!, body: { telegram_web_app_data: fields } })
    expect(linked.status).toBe(200)
    expect(telegramOf(linked.body)?.telegram_user_id).toBe(String(id))
  })

  it('refuses a second Telegram account, one owned by another user, a bad hash and no session', async () => {
    const owner = await t.request(AUTH, { body: { telegram_auth_result: signWidgetUser(bot.botToken, { id: 424242, first_name: 'Owner', auth_date: nowSecs() }) } })
    expect(owner.status).toBe(200)
    const session = await t.login(`tg-refuse-${freshId()}@example.com`)
    const taken = await t.request(LINK, { token: session.token!, body: { telegram_auth_result: signWidgetUser(bot.botToken, { id: 424242, first_name: 'Owner', auth_date: nowSecs() }) } })
    // Telegram accounts are transferable: the conflict comes with a transfer nonce.
    expect(taken.status).toBe(400)
    expect(taken.body.code).toBe('account_transfer_required')
    expect(taken.body.data.nonce).toEqual(expect.any(String))

    const first = await t.request(LINK, { token: session.token!, body: { telegram_auth_result: signWidgetUser(bot.botToken, { id: freshId(), first_name: 'One', auth_date: nowSecs() }) } })
    expect(first.status).toBe(200)
    const second = await t.request(LINK, { token: session.token!, body: { telegram_auth_result: signWidgetUser(bot.botToken, { id: freshId(), first_name: 'Two', auth_date: nowSecs() }) } })
    expect(second.body.code).toBe('cannot_link_more_of_type')

    const tampered = { ...signWidgetUser(bot.botToken, { id: freshId(), first_name: 'T', auth_date: nowSecs() }), id: 1 }
    expect((await t.request(LINK, { token: session.token!, body: { telegram_auth_result: tampered } })).body.code).toBe('invalid_credentials')

    const anonymous = await t.request(LINK, { body: { telegram_auth_result: signWidgetUser(bot.botToken, { id: freshId(), first_name: 'Anon', auth_date: nowSecs() }) } })
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.code).toBe('missing_or_invalid_token')
  })

  it('transfers a Telegram account another user owns with the conflict nonce and a fresh signed payload', async () => {
    const id = freshId()
    const owner = await t.request(AUTH, { body: { telegram_auth_result: signWidgetUser(bot.botToken, { id, first_name: 'Old', auth_date: nowSecs() }) } })
    const session = await t.login(`tg-transfer-${freshId()}@example.com`)
    const conflict = await t.request(LINK, { token: session.token!, body: { telegram_auth_result: signWidgetUser(bot.botToken, { id, first_name: 'Old', auth_date: nowSecs() }) } })
    const nonce = conflict.body.data.nonce as string
    const forged = await t.request(TRANSFER, { token: session.token!, body: { nonce, telegram_auth_result: { ...signWidgetUser(bot.botToken, { id, first_name: 'Old', auth_date: nowSecs() }), first_name: 'X' } } })
    expect(forged.body.code).toBe('invalid_credentials')
    const moved = await t.request(TRANSFER, { token: session.token!, body: { nonce, telegram_auth_result: signWidgetUser(bot.botToken, { id, first_name: 'Old', auth_date: nowSecs() }) } })
    expect(moved.status).toBe(200)
    expect(moved.body.id).toBe(session.user.id)
    expect(telegramOf(moved.body)?.telegram_user_id).toBe(String(id))
    expect(owner.body.user.id).not.toBe(session.user.id)
  })

  it('refuses to link when the app disabled Telegram linking', async () => {
    const app = await t.createApp({ settings: { loginMethods: ['email_auth', 'telegram_auth'], telegram: { ...bot, linkEnabled: false } } })
    const session = await t.login(`tg-nolink-${freshId()}@example.com`, { appId: app.id })
    const res = await t.request(LINK, {
      token: session.token!,
      appId: app.id,
      body: { telegram_auth_result: signWidgetUser(bot.botToken, { id: freshId(), first_name: 'No', auth_date: nowSecs() }) },
    })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('disallowed_login_method')
  })

  it('refuses to unlink the only account of a user', async () => {
    const id = freshId()
    const auth = await t.request(AUTH, { body: { telegram_auth_result: signWidgetUser(bot.botToken, { id, first_name: 'Solo', auth_date: nowSecs() }) } })
    const res = await t.request(UNLINK, { token: auth.body.token, body: { telegram_user_id: String(id) } })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('cannot_unlink_sole_account')
  })
})
