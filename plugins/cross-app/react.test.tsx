// @vitest-environment jsdom
/**
 * The cross-app host hooks in jsdom: a real kernel talks to a real HTTP server on 127.0.0.1 answering
 * like the API (scripted per test); the popup is a stand-in window handed out by `window.open`.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, render } from '@testing-library/react'
import { startHarness, wireUser, authenticated, TEST_APP_ID, type Harness, type Routes } from '../../test/support/ui-harness'
import { PorticoProvider } from '../../ui/provider'
import { makeToken } from '../../test/support/kernel-fixtures'
import type { AuthenticatedUser } from '../../kernel/wire'
import { oauth } from '../oauth'
import { crossApp, crossAppTokenKey, useLinkCrossAppAccount, useLoginWithCrossAppAccount, useUnlinkCrossAppAccount, CROSS_APP_MESSAGES } from '.'
import { fakePopup, postMessageFrom } from './test-popup'

const P = 'acmewallet000000000000001'
const INIT = '/api/v1/oauth/init'
const AUTH = '/api/v1/oauth/authenticate'
const UNLINK = '/api/v1/cross-app/unlink'
const SESSIONS = '/api/v1/sessions'
const CONNECTIONS = `/api/v1/apps/${TEST_APP_ID}/cross-app/connections`
const ORIGIN = 'http://localhost:3000'
const PROVIDER_URL = `https://wallet.test/?app=${P}&portico_cross_app_state=s1`
const SUBJECT = 'did:privy:provideruser0000000000000001'
const email = { type: 'email', address: 'a@example.com', verified_at: 1, first_verified_at: 1, latest_verified_at: 1 }
const caAccount = { type: 'cross_app', subject: SUBJECT, provider_app_id: P, embedded_wallets: [], smart_wallets: [], verified_at: 1, first_verified_at: 1, latest_verified_at: 1 }
const connection = { provider_app_id: P, provider_app_name: 'Acme Wallet', provider_app_icon_url: null, provider_app_custom_api_url: null, read_only: false }

let h: Harness | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

async function start(routes: Routes = {}) {
  h = await startHarness({
    plugins: [oauth({ providers: ['google'] }), crossApp()],
    app: { google_oauth: true },
    routes: {
      [`GET ${CONNECTIONS}`]: () => ({ json: { connections: [connection] } }),
      [`POST ${INIT}`]: () => ({ json: { url: PROVIDER_URL } }),
      ...routes,
    },
  })
  return h
}


async function signIn(user: ReturnType<typeof wireUser>, after = user) {
  const token = await makeToken({ aud: TEST_APP_ID, sub: user.id })
  const session = (u: unknown) => ({ user: u, token, privy_access_token: null, refresh_token: 'r1', identity_token: null, session_update_action: 'set' })
  h!.routes[`POST ${SESSIONS}`] = () => ({ json: session(after) })
  await act(async () => {
    await h!.kernel.contextFor('cross-app').authenticate(async () => session(user) as unknown as AuthenticatedUser, { method: 'x' })
  })
  h!.kernel.closeModal({ force: true })
}

let hooks: {
  login: ReturnType<typeof useLoginWithCrossAppAccount>
  link: ReturnType<typeof useLinkCrossAppAccount>
  unlink: ReturnType<typeof useUnlinkCrossAppAccount>
}
function Host() {
  hooks = { login: useLoginWithCrossAppAccount(), link: useLinkCrossAppAccount(), unlink: useUnlinkCrossAppAccount() }
  return null
}
const mount = () =>
  render(
    <PorticoProvider kernel={h!.kernel}>
      <Host />
    </PorticoProvider>,
  )

describe('useLoginWithCrossAppAccount', () => {
  it('behavior: opens the popup within the call, signs in from its answer and keeps the modal closed', async () => {
    await start({
      [`POST ${AUTH}`]: () => ({ json: { ...authenticated(wireUser({ linked_accounts: [caAccount] })), oauth_tokens: { provider: `privy:${P}`, access_token: 'provider-token' } } }),
    })
    mount()
    const popup = fakePopup()
    const open = vi.fn(() => popup)
    window.open = open as unknown as typeof window.open
    let flow!: Promise<unknown>
    act(() => {
      flow = hooks.login.loginWithCrossAppAccount({ appId: P })
    })
    // Synchronously: before anything was awaited.
    expect(open).toHaveBeenCalledTimes(1)
    await vi.waitFor(() => expect(popup.location.href).toBe(PROVIDER_URL), { timeout: 15_000 })
    const [init] = h!.calls(INIT) as Array<Record<string, unknown>>
    expect(init).toMatchObject({ provider: `privy:${P}` })
    postMessageFrom({ type: CROSS_APP_MESSAGES.response, stateCode: init!.state_code, authorizationCode: 'code-1' }, ORIGIN, popup)
    const user = (await act(async () => flow)) as { linked_accounts: Array<{ type: string }> }
    expect(user.linked_accounts.map((a) => a.type)).toEqual(['cross_app'])
    expect(h!.calls(AUTH)[0]).toMatchObject({ authorization_code: 'code-1', state_code: init!.state_code, mode: 'login-or-sign-up' })
    expect(h!.kernel.state.session.status).toBe('authenticated')
    expect(h!.kernel.contextFor('cross-app').storage.get(crossAppTokenKey(P))).toBe('provider-token')
    expect(h!.kernel.state.modal.open).toBe(false)
  })

  it('failure: a closed popup rejects with CROSS_APP_CANCELED, nothing is shown and nobody is signed in', async () => {
    await start()
    mount()
    const popup = fakePopup()
    window.open = (() => popup) as unknown as typeof window.open
    let flow!: Promise<unknown>
    act(() => {
      flow = hooks.login.loginWithCrossAppAccount({ appId: P })
    })
    const outcome = flow.then(() => null, (e: { code?: string }) => e.code)
    await vi.waitFor(() => expect(popup.location.href).toBe(PROVIDER_URL), { timeout: 15_000 })
    popup.close()
    expect(await outcome).toBe('CROSS_APP_CANCELED')
    expect(h!.calls(AUTH)).toEqual([])
    expect(h!.kernel.state.session.status).toBe('unauthenticated')
    expect(h!.kernel.state.modal.open).toBe(false)
  })

  it('failure: a blocked popup rejects with CROSS_APP_FAILED before any request', async () => {
    await start()
    mount()
    window.open = (() => null) as unknown as typeof window.open
    await expect(hooks.login.loginWithCrossAppAccount({ appId: P })).rejects.toMatchObject({ code: 'CROSS_APP_FAILED' })
    expect(h!.calls(INIT)).toEqual([])
    expect(h!.kernel.state.modal.open).toBe(false)
  })
})

describe('useLinkCrossAppAccount and useUnlinkCrossAppAccount', () => {
  it('behavior: linking opens the popup and the modal with the link intent; signed out it rejects with must_be_authenticated', async () => {
    await start()
    mount()
    const popup = fakePopup()
    window.open = (() => popup) as unknown as typeof window.open
    await expect(hooks.link.linkCrossAppAccount({ appId: P })).rejects.toMatchObject({ code: 'must_be_authenticated' })
    expect(popup.location.href).toBe('about:blank')
    await signIn(wireUser({ linked_accounts: [email] }))
    let flow!: Promise<unknown>
    act(() => {
      flow = hooks.link.linkCrossAppAccount({ appId: P })
    })
    const outcome = flow.then(() => null, (e: { code?: string }) => e.code)
    expect(h!.kernel.state.modal.open).toBe(true)
    expect(h!.kernel.contextFor('cross-app').intent()).toBe('link')
    await vi.waitFor(() => expect(popup.location.href).toBe(PROVIDER_URL), { timeout: 15_000 })
    popup.close()
    // Closed before consenting: nothing was linked.
    expect(await outcome).toBe('exited_auth_flow')
  })

  it('behavior: unlinking posts provider_app_id and subject, forgets the provider token and refreshes the session', async () => {
    await start({ [`POST ${UNLINK}`]: () => ({ json: wireUser({ linked_accounts: [email] }) }) })
    mount()
    await signIn(wireUser({ linked_accounts: [email, caAccount] }), wireUser({ linked_accounts: [email] }))
    h!.kernel.contextFor('cross-app').storage.set(crossAppTokenKey(P), 'provider-token')
    const user = await act(async () => hooks.unlink.unlinkCrossAppAccount({ appId: P, subject: SUBJECT }))
    expect(h!.calls(UNLINK)).toEqual([{ provider_app_id: P, subject: SUBJECT }])
    expect(h!.server.requests.find((r) => r.path === UNLINK)!.headers.authorization).toMatch(/^Bearer /)
    expect(user.linked_accounts.map((a) => a.type)).toEqual(['email'])
    expect(h!.kernel.contextFor('cross-app').storage.get(crossAppTokenKey(P))).toBeNull()
  })

  it('failure: cannot_unlink_sole_account rejects, and the account and its token stay', async () => {
    await start({ [`POST ${UNLINK}`]: () => ({ status: 400, json: { error: 'Cannot unlink the only account of a user.', code: 'cannot_unlink_sole_account' } }) })
    mount()
    await signIn(wireUser({ linked_accounts: [caAccount] }))
    h!.kernel.contextFor('cross-app').storage.set(crossAppTokenKey(P), 'provider-token')
    await expect(act(async () => hooks.unlink.unlinkCrossAppAccount({ appId: P, subject: SUBJECT }))).rejects.toMatchObject({ code: 'cannot_unlink_sole_account' })
    expect(h!.kernel.state.session.user?.linked_accounts.map((a) => a.type)).toEqual(['cross_app'])
    expect(h!.kernel.contextFor('cross-app').storage.get(crossAppTokenKey(P))).toBe('provider-token')
  })
})
