import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createTestInstance, type TestInstance } from '../test/support/server'
import { emailServer } from '../plugins/email/server'
import { guestServer } from '../plugins/guest/server'
import { telegramServer } from '../plugins/telegram/server'
import { crossAppServer } from '../plugins/cross-app/server'
import { farcasterServer } from '../plugins/farcaster/server'
import { oauthProvidersSetting, oauthServer } from '../plugins/oauth/server'
import { loadApp } from './apps'
import { readSetting } from './plugin'
import { siweServer } from '../plugins/siwe/server'

const ADMIN_KEY = 'admin-key-for-tests-0123456789'

describe('admin API', () => {
  let t: TestInstance
  beforeAll(async () => {
    // The admin API accepts the login switches and settings of the server's plugins, and only those.
    t = await createTestInstance({
      adminKey: ADMIN_KEY,
      plugins: [emailServer(), guestServer(), telegramServer(), crossAppServer(), farcasterServer(), oauthServer(), siweServer()],
    })
  })
  afterAll(() => t.close())

  const admin = (path: string, init: { method?: string; body?: unknown; key?: string } = {}) =>
    fetch(`${t.baseUrl}${path}`, {
      method: init.method ?? (init.body ? 'POST' : 'GET'),
      headers: { authorization: `Bearer ${init.key ?? ADMIN_KEY}`, 'content-type': 'application/json' },
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
    })

  it('refuses requests without the admin key', async () => {
    const res = await admin('/admin/v1/apps', { key: 'wrong' })
    expect(res.status).toBe(401)
    expect(await res.json()).toMatchObject({ code: 'missing_or_invalid_token' })
  })

  it('creates an app whose settings the public app config reflects', async () => {
    const res = await admin('/admin/v1/apps', {
      body: {
        name: 'Gated',
        allowed_origins: ['http://localhost:4000'],
        settings: {
          loginMethods: ['email_auth', 'guest_auth'],
          allowlistEnabled: true,
          allowlist: ['Ada@Example.com'],
          allowlistConfig: { errorTitle: 'Invite only', ctaLink: 'https://example.com/waitlist' },
          captchaEnabled: true,
          captchaSiteKey: 't:1x00000000000000000000AA',
          captchaSecretKey: '1x0000000000000000000000000000000AA',
        },
      },
    })
    expect(res.status).toBe(200)
    const created = (await res.json()) as { id: string; settings: { allowlist: string[]; captchaSecretKey: string } }
    expect(created.settings.allowlist).toEqual(['ada@example.com'])
    expect(created.settings.captchaSecretKey).not.toContain('0000000000000000')
    const pub = await t.request(`/api/v1/apps/${created.id}`, { appId: created.id })
    expect(pub.body).toMatchObject({
      email_auth: true,
      guest_auth: true,
      allowlist_enabled: true,
      allowlist_config: { error_title: 'Invite only', error_detail: null, cta_text: null, cta_link: 'https://example.com/waitlist' },
      captcha_enabled: true,
      enabled_captcha_provider: 'turnstile',
      captcha_site_key: 't:1x00000000000000000000AA',
    })
    expect(JSON.stringify(pub.body)).not.toContain('1x0000000000000000000000000000000AA')
  })

  it('changes settings by merging, and the change is served at once', async () => {
    const created = (await (await admin('/admin/v1/apps', { body: { name: 'Terms' } })).json()) as { id: string }
    await t.request(`/api/v1/apps/${created.id}`, { appId: created.id }) // warm the app cache
    const res = await admin(`/admin/v1/apps/${created.id}`, {
      method: 'PATCH',
      body: { settings: { requireUsersAcceptTerms: true, termsAndConditionsUrl: 'https://example.com/terms' } },
    })
    expect(res.status).toBe(200)
    const pub = await t.request(`/api/v1/apps/${created.id}`, { appId: created.id })
    expect(pub.body).toMatchObject({ require_users_accept_terms: true, terms_and_conditions_url: 'https://example.com/terms', email_auth: true })
  })

  it('keeps the other fields of a nested block when a patch changes one of them', async () => {
    const created = (await (
      await admin('/admin/v1/apps', {
        body: { name: 'Provider', settings: { crossApp: { providerEnabled: true, readOnly: true } } },
      })
    ).json()) as { id: string }
    const res = await admin(`/admin/v1/apps/${created.id}`, {
      method: 'PATCH',
      body: { settings: { crossApp: { readOnly: false } } },
    })
    const view = (await res.json()) as { settings: { crossApp: unknown } }
    expect(view.settings.crossApp).toEqual({
      providerApps: [],
      providerEnabled: true,
      allowedRequesters: [],
      readOnly: false,
      authorizeUrl: null,
    })
  })

  it('serves the Telegram bot name to browsers but never its token', async () => {
    const botToken = '7000000001:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw'
    const res = await admin('/admin/v1/apps', {
      body: {
        name: 'Telegram',
        settings: {
          loginMethods: ['telegram_auth'],
          telegram: { botId: '7000000001', botName: 'portico_test_bot', botToken },
        },
      },
    })
    const created = (await res.json()) as { id: string; settings: { telegram: { botToken: string } } }
    expect(created.settings.telegram.botToken).not.toBe(botToken)
    const pub = await t.request(`/api/v1/apps/${created.id}`, { appId: created.id })
    expect(pub.body).toMatchObject({
      telegram_auth: true,
      telegram_auth_config: { bot_id: '7000000001', bot_name: 'portico_test_bot', link_enabled: true, seamless_auth_enabled: false },
    })
    expect(JSON.stringify(pub.body)).not.toContain(botToken.split(':')[1])
  })

  it('never shows a declared secret: not in any admin answer, not in the public app response', async () => {
    const secrets = {
      captcha: 'captcha-secret-0123456789abcdef',
      bot: '7000000002:AAHdqTcvCH1vGWJxfSeofSAs0K5PALDsaw',
      custody: '0x' + 'cd'.repeat(32),
      oauth: 'oauth-client-secret-0123456789',
      rpc: 'https://rpc.example.test/v2/alchemy-key-0123456789',
    }
    const settings = {
      loginMethods: ['email_auth', 'telegram_auth', 'google_oauth', 'wallet_auth'],
      captchaSecretKey: secrets.captcha,
      telegram: { botId: '7000000002', botName: 'portico_test_bot', botToken: secrets.bot },
      farcasterSigner: { appFid: 42, custodyPrivateKey: secrets.custody },
      oauthProviders: { google: { clientId: 'client-id', clientSecret: secrets.oauth } },
      chainRpcUrls: { 'eip155:8453': secrets.rpc },
    }
    const hidden = (text: string) => {
      for (const s of Object.values(secrets)) expect(text).not.toContain(s.slice(8))
    }
    const create = await admin('/admin/v1/apps', { body: { name: 'Secrets', settings } })
    expect(create.status).toBe(200)
    const createdText = await create.text()
    hidden(createdText)
    const created = JSON.parse(createdText) as { id: string; settings: Record<string, unknown> }
    expect(created.settings).toMatchObject({
      captchaSecretKey: 'capt…',
      telegram: { botToken: '7000…' },
      farcasterSigner: { custodyPrivateKey: '0xcd…' },
      oauthProviders: { google: { clientId: 'client-id', clientSecret: 'oaut…' } },
      chainRpcUrls: { 'eip155:8453': 'http…' },
    })
    const patch = await admin(`/admin/v1/apps/${created.id}`, { method: 'PATCH', body: { settings: { theme: 'dark' } } })
    hidden(await patch.text())
    hidden(await (await admin(`/admin/v1/apps/${created.id}`)).text())
    hidden(await (await admin('/admin/v1/apps')).text())
    const pub = await t.request(`/api/v1/apps/${created.id}`, { appId: created.id })
    expect(pub.body).toMatchObject({ telegram_auth: true, google_oauth: true, wallet_auth: true })
    hidden(JSON.stringify(pub.body))
  })

  it('refuses a masked secret sent back, which would replace the secret with its mask', async () => {
    const body = { name: 'Echo', settings: { oauthProviders: { google: { clientId: 'c', clientSecret: 'the-real-client-secret' } } } }
    const created = (await (await admin('/admin/v1/apps', { body })).json()) as { id: string; settings: Record<string, unknown> }
    const res = await admin(`/admin/v1/apps/${created.id}`, { method: 'PATCH', body: { settings: { oauthProviders: created.settings.oauthProviders } } })
    expect(res.status).toBe(400)
    expect(await res.json()).toMatchObject({ code: 'invalid_data', error: expect.stringMatching(/oauthProviders\.google\.clientSecret: this is the masked value/) })
    const stored = (await loadApp(t.db, created.id))!
    expect(readSetting(stored, oauthProvidersSetting).google?.clientSecret).toBe('the-real-client-secret')
  })

  it('refuses unknown settings and malformed values with invalid_data, changing nothing', async () => {
    const created = (await (await admin('/admin/v1/apps', { body: { name: 'Strict' } })).json()) as { id: string }
    for (const settings of [{ nope: true }, { captchaSiteKey: 'abc' }, { loginMethods: ['fax_auth'] }, { maxUsers: -1 }]) {
      const res = await admin(`/admin/v1/apps/${created.id}`, { method: 'PATCH', body: { settings } })
      expect(res.status).toBe(400)
      expect(await res.json()).toMatchObject({ code: 'invalid_data' })
    }
    const after = (await (await admin(`/admin/v1/apps/${created.id}`)).json()) as { settings: { loginMethods: string[] } }
    expect(after.settings.loginMethods).toEqual(['email_auth'])
  })

  it('answers 404 for an unknown app', async () => {
    const res = await admin('/admin/v1/apps/aaaaaaaaaaaaaaaaaaaaaaaaa')
    expect(res.status).toBe(404)
  })
})
