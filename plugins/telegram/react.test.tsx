// @vitest-environment jsdom
/**
 * The Telegram host hooks in jsdom: a real kernel talks to a real HTTP server on 127.0.0.1 answering
 * like the API (scripted per test); `window.Telegram.Login` stands in for the widget script, as the
 * script defines it.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, render } from '@testing-library/react'
import { startHarness, wireUser, authenticated, TEST_APP_ID, type Harness, type Routes } from '../../test/support/ui-harness'
import { PorticoProvider } from '../../ui/provider'
import { makeToken } from '../../test/support/kernel-fixtures'
import type { AuthenticatedUser } from '../../kernel/wire'
import { telegram, useLinkWithTelegram, useLoginWithTelegram, useUnlinkTelegram } from '.'

const AUTH = '/api/v1/telegram/authenticate'
const UNLINK = '/api/v1/telegram/unlink'
const SESSIONS = '/api/v1/sessions'
const BOT = '7000000001'
const widgetUser = { id: 1234567, first_name: 'Ada', username: 'ada', auth_date: 1700000000, hash: 'ab'.repeat(32) }
const email = { type: 'email', address: 'a@example.com', verified_at: 1, first_verified_at: 1, latest_verified_at: 1 }
const tgAccount = { type: 'telegram', telegram_user_id: '1234567', first_name: 'Ada', last_name: null, username: 'ada', photo_url: null, verified_at: 1, first_verified_at: 1, latest_verified_at: 1 }

let h: Harness | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
  delete (window as { Telegram?: unknown }).Telegram
})

/** The widget as its script defines it: `auth` answers with `answer` (false = window closed). */
function widget(answer: object | false) {
  const asked: unknown[] = []
  ;(window as { Telegram?: unknown }).Telegram = {
    Login: {
      auth(options: unknown, callback: (user: unknown) => void) {
        asked.push(options)
        setTimeout(() => callback(answer), 5)
      },
    },
  }
  return asked
}

async function start(routes: Routes = {}) {
  h = await startHarness({
    plugins: [telegram()],
    app: { telegram_auth: true, telegram_auth_config: { bot_id: BOT, bot_name: 'portico_bot', link_enabled: true, seamless_auth_enabled: false } } as never,
    routes,
  })
  return h
}

async function signIn(user: ReturnType<typeof wireUser>, after = user) {
  const token = await makeToken({ aud: TEST_APP_ID, sub: user.id })
  const session = (u: unknown) => ({ user: u, token, privy_access_token: null, refresh_token: 'r1', identity_token: null, session_update_action: 'set' })
  h!.routes[`POST ${SESSIONS}`] = () => ({ json: session(after) })
  await act(async () => {
    await h!.kernel.contextFor('telegram').authenticate(async () => session(user) as unknown as AuthenticatedUser, { method: 'telegram' })
  })
  h!.kernel.closeModal({ force: true })
}

let hooks: {
  login: ReturnType<typeof useLoginWithTelegram>
  link: ReturnType<typeof useLinkWithTelegram>
  unlink: ReturnType<typeof useUnlinkTelegram>
}
function Host() {
  hooks = { login: useLoginWithTelegram(), link: useLinkWithTelegram(), unlink: useUnlinkTelegram() }
  return null
}
const mount = () =>
  render(
    <PorticoProvider kernel={h!.kernel}>
      <Host />
    </PorticoProvider>,
  )

describe('useLoginWithTelegram', () => {
  it("behavior: asks the widget for the app's bot with write access and signs in with its user, modal closed", async () => {
    await start({ [`POST ${AUTH}`]: () => ({ json: authenticated(wireUser({ linked_accounts: [tgAccount] })) }) })
    const asked = widget(widgetUser)
    mount()
    const result = await act(async () => hooks.login.login())
    expect(asked).toEqual([{ bot_id: BOT, request_access: 'write', lang: 'en' }])
    expect(h!.calls(AUTH)).toEqual([{ telegram_auth_result: widgetUser, mode: 'login-or-sign-up' }])
    expect(result.method).toBe('telegram')
    expect(h!.kernel.state.session.status).toBe('authenticated')
    expect(hooks.login.state.status).toBe('done')
    expect(h!.kernel.state.modal.open).toBe(false)
  })

  it('failure: a closed Telegram window rejects with telegram_auth_cancelled and sends nothing', async () => {
    await start()
    widget(false)
    mount()
    let code: unknown
    await act(async () => {
      await hooks.login.login().catch((e: { code?: string }) => (code = e.code))
    })
    expect(code).toBe('telegram_auth_cancelled')
    expect(hooks.login.state).toMatchObject({ status: 'error', error: { code: 'telegram_auth_cancelled' } })
    expect(h!.calls(AUTH)).toEqual([])
    expect(h!.kernel.state.modal.open).toBe(false)
  })

  it("failure: the server's invalid_credentials rejects and leaves the visitor signed out", async () => {
    await start({ [`POST ${AUTH}`]: () => ({ status: 401, json: { error: 'Invalid Telegram data.', code: 'invalid_credentials' } }) })
    widget(widgetUser)
    mount()
    await expect(act(async () => hooks.login.login())).rejects.toMatchObject({ code: 'invalid_credentials' })
    expect(h!.kernel.state.session.status).toBe('unauthenticated')
  })
})

describe('useLinkWithTelegram and useUnlinkTelegram', () => {
  it('behavior: linkTelegram opens the Telegram screen to link; signed out it throws must_be_authenticated', async () => {
    await start()
    mount()
    expect(() => hooks.link.linkTelegram()).toThrow(expect.objectContaining({ code: 'must_be_authenticated' }))
    await signIn(wireUser({ linked_accounts: [email] }))
    widget(false)
    act(() => hooks.link.linkTelegram())
    expect(h!.kernel.state.modal.stack.at(-1)?.screen).toBe('telegram/auth')
    expect(h!.kernel.contextFor('telegram').intent()).toBe('link')
  })

  it('behavior: unlinkTelegram posts the telegram_user_id, refreshes the session and resolves with the user without it', async () => {
    await start({ [`POST ${UNLINK}`]: () => ({ json: wireUser({ linked_accounts: [email] }) }) })
    mount()
    await signIn(wireUser({ linked_accounts: [email, tgAccount] }), wireUser({ linked_accounts: [email] }))
    const user = await act(async () => hooks.unlink.unlinkTelegram('1234567'))
    expect(h!.calls(UNLINK)).toEqual([{ telegram_user_id: '1234567' }])
    expect(user.linked_accounts.map((a) => a.type)).toEqual(['email'])
    expect(h!.kernel.state.session.user?.linked_accounts.map((a) => a.type)).toEqual(['email'])
  })

  it("failure: cannot_unlink_sole_account rejects and the account stays", async () => {
    await start({ [`POST ${UNLINK}`]: () => ({ status: 400, json: { error: 'Cannot unlink the only account of a user.', code: 'cannot_unlink_sole_account' } }) })
    mount()
    await signIn(wireUser({ linked_accounts: [tgAccount] }))
    await expect(act(async () => hooks.unlink.unlinkTelegram('1234567'))).rejects.toMatchObject({ code: 'cannot_unlink_sole_account' })
    expect(h!.kernel.state.session.user?.linked_accounts.map((a) => a.type)).toEqual(['telegram'])
  })
})
