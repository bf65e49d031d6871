// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { createMemoryStorage } from '../../kernel/storage'
import type { TestServer } from '../../test/support/http-server'
import type { Kernel, StorageAdapter } from '../../kernel/types'
import { TEST_APP_ID, authenticated, wireUser } from '../../test/support/ui-harness-data'
import { callsTo, mountKernel, startScriptedApi, type Routes } from '../../test/support/ui-harness'
import { oauth, codeChallenge } from '../oauth'
import {
  crossApp,
  crossAppTokenKey,
  handlePopupReturn,
  loginWithCrossAppAccount,
  readConsentRequest,
  CROSS_APP_MESSAGES,
  CROSS_APP_TIMEOUT_MS,
  POPUP_POLL_MS,
  PENDING_REQUEST_KEY,
  type CrossAppState,
} from '.'
import { fakePopup, postMessageFrom, resetWindow, windowWith, type FakePopup } from './test-popup'

// Tells React that state updates are awaited through act() here.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const P = 'acmewallet000000000000001'
const INIT = '/api/v1/oauth/init'
const AUTH = '/api/v1/oauth/authenticate'
const CONNECTIONS = `/api/v1/apps/${TEST_APP_ID}/cross-app/connections`
const ORIGIN = 'http://localhost:3000'
const PROVIDER_URL = `https://wallet.test/?app=${P}&portico_cross_app_state=s1`
const connection = { provider_app_id: P, provider_app_name: 'Acme Wallet', provider_app_icon_url: null, provider_app_custom_api_url: null, read_only: false }

let server: TestServer | null = null
let kernel: Kernel | null = null
afterEach(async () => {
  vi.useRealTimers()
  cleanup()
  kernel?.destroy()
  kernel = null
  await server?.close()
  server = null
  resetWindow()
})

/** A real HTTP server answering like the API (scripted per test) and a kernel with the OAuth and cross-app plugins. */
async function start(options: { routes?: Routes; storage?: StorageAdapter; providers?: string[] } = {}) {
  ;({ server } = await startScriptedApi(
    { google_oauth: true },
    {
      [`GET ${CONNECTIONS}`]: () => ({ json: { connections: [connection] } }),
      [`POST ${INIT}`]: () => ({ json: { url: PROVIDER_URL } }),
      [`POST ${AUTH}`]: () => ({
        json: { ...authenticated(wireUser()), oauth_tokens: { provider: `privy:${P}`, access_token: 'provider-access-token' } },
      }),
      ...options.routes,
    },
  ))
  const storage = options.storage ?? createMemoryStorage()
  kernel = await mountKernel(server, {
    plugins: [oauth({ providers: ['google'] }), crossApp(options.providers ? { providers: options.providers } : {})],
    storage,
    sleepCapMs: 300,
    screens: ['cross-app/connecting', 'cross-app/start-0'],
  })
  const calls = (path: string) => callsTo(server!, path)
  return { kernel, storage, calls, ctx: kernel.contextFor('cross-app') }
}




/** Waits (real time) until the flow has pointed the popup at the provider. */
async function navigated(popup: FakePopup) {
  await vi.waitFor(() => expect(popup.location.href).toBe(PROVIDER_URL), { timeout: 15_000 })
}

describe('requester page', () => {
  it('behavior: init names the privy:<app> provider with the S256 challenge of the verifier later sent; the answer signs in and stores the provider token', async () => {
    const { calls, storage, ctx } = await start()
    const popup = fakePopup()
    const flow = loginWithCrossAppAccount(ctx, { appId: P, win: windowWith(popup) })
    await navigated(popup)
    expect(await screen.findByRole('heading', { name: 'Connecting to Acme Wallet' })).toBeTruthy()
    const [init] = calls(INIT)
    expect(init).toMatchObject({ provider: `privy:${P}`, redirect_to: `${ORIGIN}/` })
    postMessageFrom({ type: CROSS_APP_MESSAGES.response, stateCode: init!.state_code, authorizationCode: 'code-1' }, ORIGIN, popup)
    await act(async () => flow)
    const [auth] = calls(AUTH)
    expect(auth).toMatchObject({ authorization_code: 'code-1', state_code: init!.state_code, mode: 'login-or-sign-up' })
    expect(await codeChallenge(String(auth!.code_verifier))).toBe(init!.code_challenge)
    expect(kernel!.state.session.status).toBe('authenticated')
    expect(storage.get(crossAppTokenKey(P))).toBe('provider-access-token')
    expect(storage.get(crossAppTokenKey(P))).toBe(storage.get(`privy:cross-app:${P}`))
  })

  it('behavior: an answer that arrives after the popup already closed (within the grace) still signs in', async () => {
    const { calls, ctx } = await start()
    const popup = fakePopup()
    const flow = loginWithCrossAppAccount(ctx, { appId: P, win: windowWith(popup) })
    await navigated(popup)
    const [init] = calls(INIT)
    // The popup posts and closes at once; the opener's poll may see the close first.
    popup.closed = true
    await new Promise((r) => setTimeout(r, POPUP_POLL_MS * 2))
    postMessageFrom({ type: CROSS_APP_MESSAGES.response, stateCode: init!.state_code, authorizationCode: 'code-late' }, ORIGIN, popup)
    await act(async () => flow)
    expect(calls(AUTH)).toHaveLength(1)
    expect(kernel!.state.session.status).toBe('authenticated')
  })

  it("behavior: a closed popup is 'User canceled flow' with Retry, and nothing is exchanged", async () => {
    const { calls, ctx, storage } = await start()
    const popup = fakePopup()
    const flow = loginWithCrossAppAccount(ctx, { appId: P, win: windowWith(popup) })
    await navigated(popup)
    popup.closed = true
    await act(async () => flow)
    expect(await screen.findByText('User canceled flow')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
    expect(calls(AUTH)).toHaveLength(0)
    expect(storage.get(crossAppTokenKey(P))).toBeNull()
    expect((ctx.state as CrossAppState).error?.code).toBe('CROSS_APP_CANCELED')
  })

  it("behavior: 'Cancel' on the connecting screen closes the popup and ends as 'User canceled flow'", async () => {
    const { ctx } = await start()
    const popup = fakePopup()
    const flow = loginWithCrossAppAccount(ctx, { appId: P, win: windowWith(popup) })
    await navigated(popup)
    fireEvent.click(await screen.findByRole('button', { name: 'Reopen pop-up' }))
    expect(popup.focused).toBe(1)
    fireEvent.click(screen.getByRole('button', { name: 'Cancel' }))
    expect(popup.closed).toBe(true)
    await act(async () => flow)
    expect(await screen.findByText('User canceled flow')).toBeTruthy()
  })

  it('behavior: answers from another origin or another window are ignored; the popup\'s own answer is taken', async () => {
    const { calls, ctx } = await start()
    const popup = fakePopup()
    const flow = loginWithCrossAppAccount(ctx, { appId: P, win: windowWith(popup) })
    await navigated(popup)
    const stateCode = calls(INIT)[0]!.state_code
    postMessageFrom({ type: CROSS_APP_MESSAGES.response, stateCode, authorizationCode: 'evil-1' }, 'https://evil.test', popup)
    postMessageFrom({ type: CROSS_APP_MESSAGES.response, stateCode, authorizationCode: 'evil-2' }, ORIGIN, fakePopup())
    postMessageFrom({ type: CROSS_APP_MESSAGES.error, error: 'oauth_user_denied' }, 'https://evil.test', popup)
    await new Promise((r) => setTimeout(r, 100))
    expect(calls(AUTH)).toHaveLength(0)
    expect((ctx.state as CrossAppState).status).toBe('connecting')
    postMessageFrom({ type: CROSS_APP_MESSAGES.response, stateCode, authorizationCode: 'good' }, ORIGIN, popup)
    await act(async () => flow)
    expect(calls(AUTH).map((b) => b!.authorization_code)).toEqual(['good'])
  })

  it('behavior: an answer carrying another state is refused without an exchange, and the popup is closed', async () => {
    const { calls, ctx } = await start()
    const popup = fakePopup()
    const flow = loginWithCrossAppAccount(ctx, { appId: P, win: windowWith(popup) })
    await navigated(popup)
    postMessageFrom({ type: CROSS_APP_MESSAGES.response, stateCode: 'forged', authorizationCode: 'code-x' }, ORIGIN, popup)
    await act(async () => flow)
    expect(await screen.findByText('There was an issue connecting your Acme Wallet account. Please try again.')).toBeTruthy()
    expect(calls(AUTH)).toHaveLength(0)
    expect(popup.closed).toBe(true)
  })

  it('behavior: without an answer the flow times out after 120 s (not before), polling the popup meanwhile', async () => {
    const { calls, ctx } = await start()
    // The wait starts when the popup is pointed at the provider: from then on the clock is fake.
    const popup = fakePopup(() => vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'setInterval', 'clearInterval'] }))
    const flow = loginWithCrossAppAccount(ctx, { appId: P, win: windowWith(popup) })
    await vi.waitFor(() => expect(popup.location.href).toBe(PROVIDER_URL), { interval: 5, timeout: 15_000 })
    vi.advanceTimersByTime(CROSS_APP_TIMEOUT_MS - 1)
    expect((ctx.state as CrossAppState).status).toBe('connecting')
    vi.advanceTimersByTime(1)
    vi.useRealTimers()
    await act(async () => flow)
    expect(await screen.findByText('Request timeout')).toBeTruthy()
    expect((ctx.state as CrossAppState).error).toMatchObject({ code: 'CROSS_APP_TIMEOUT', retryable: true })
    expect(popup.closed).toBe(true)
    expect(calls(AUTH)).toHaveLength(0)
  })

  it('behavior: a provider that no longer allows this app shows the connection error and closes the popup', async () => {
    const { ctx } = await start({
      routes: { [`POST ${INIT}`]: () => ({ status: 403, json: { error: 'This app may not sign in with that app.', code: 'cross_app_connection_not_allowed' } }) },
    })
    const popup = fakePopup()
    await act(async () => loginWithCrossAppAccount(ctx, { appId: P, win: windowWith(popup) }))
    expect(await screen.findByText('There was an issue connecting your Acme Wallet account. Please try again.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
    expect(popup.closed).toBe(true)
  })

  it('behavior: a blocked popup fails at once, without calling the server', async () => {
    const { calls, ctx } = await start()
    window.open = (() => null) as unknown as typeof window.open
    await act(async () => loginWithCrossAppAccount(ctx, { appId: P, win: window }))
    expect(await screen.findByText('There was an issue connecting your Acme Wallet account. Please try again.')).toBeTruthy()
    expect(calls(INIT)).toHaveLength(0)
  })
})

describe('landing', () => {
  it('behavior: a landing shown before the connections arrive draws the provider row once they do', async () => {
    let release: () => void = () => undefined
    const gate = new Promise<void>((r) => (release = r))
    // The test server awaits the answer: the connections come once released.
    const late = (() => gate.then(() => ({ json: { connections: [connection] } }))) as unknown as Routes[string]
    await start({ routes: { [`GET ${CONNECTIONS}`]: late } })
    await act(async () => kernel!.openModal())
    expect(await screen.findByRole('button', { name: /Continue with Google/ })).toBeTruthy()
    expect(screen.queryByRole('button', { name: /Continue with Acme Wallet/ })).toBeNull()
    await act(async () => release())
    expect(await screen.findByRole('button', { name: /Continue with Acme Wallet/ })).toBeTruthy()
  })

  it("behavior: a listed provider not yet known is 'another app' in the language of the moment: a locale change redraws its row and its connecting screen", async () => {
    // The connections never arrive: the row names no app.
    const never = (() => new Promise(() => undefined)) as unknown as Routes[string]
    const { ctx } = await start({ routes: { [`GET ${CONNECTIONS}`]: never }, providers: [P] })
    await act(async () => kernel!.openModal())
    expect(await screen.findByRole('button', { name: 'Continue with another app' })).toBeTruthy()
    await act(async () => kernel!.setLocale('fr'))
    expect(await screen.findByRole('button', { name: 'Continuer avec une autre application' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Continue with another app' })).toBeNull()
    await act(async () => kernel!.setLocale('de'))
    expect(await screen.findByRole('button', { name: 'Weiter mit einer anderen App' })).toBeTruthy()
    // The connecting screen names it in the language of the moment too.
    const win = windowWith(fakePopup())
    await act(async () => void loginWithCrossAppAccount(ctx, { appId: P, win }).catch(() => undefined))
    expect(await screen.findByRole('heading', { name: /einer anderen App/ })).toBeTruthy()
    await act(async () => kernel!.setLocale('en'))
    expect(await screen.findByRole('heading', { name: /another app/ })).toBeTruthy()
  })
})

describe('popup return page', () => {
  it('behavior: back on the requester with a privy: provider, the popup posts the code to its opener for this exact origin and closes', async () => {
    window.history.replaceState(null, '', `/?app=demo&privy_oauth_code=c1&privy_oauth_state=st1&privy_oauth_provider=privy%3A${P}#top`)
    const posted: [unknown, string][] = []
    Object.defineProperty(window, 'opener', { value: { postMessage: (m: unknown, o: string) => posted.push([m, o]) }, configurable: true, writable: true })
    const closed: boolean[] = []
    const close = window.close
    window.close = () => closed.push(true)
    try {
      expect(handlePopupReturn(window)).toBe(true)
      expect(posted).toEqual([[{ type: CROSS_APP_MESSAGES.response, stateCode: 'st1', authorizationCode: 'c1', provider: `privy:${P}` }, ORIGIN]])
      expect(closed).toEqual([true])
      expect(window.location.href).toBe(`${ORIGIN}/?app=demo#top`)
    } finally {
      window.close = close
    }
  })

  it("behavior: a denial ('undefined' as the code) is posted as the user's refusal", () => {
    window.history.replaceState(null, '', `/?privy_oauth_code=undefined&privy_oauth_state=st1&privy_oauth_provider=privy%3A${P}`)
    const posted: unknown[] = []
    Object.defineProperty(window, 'opener', { value: { postMessage: (m: unknown) => posted.push(m) }, configurable: true, writable: true })
    const close = window.close
    window.close = () => undefined
    try {
      handlePopupReturn(window)
      expect(posted).toEqual([{ type: CROSS_APP_MESSAGES.error, error: 'oauth_user_denied', provider: `privy:${P}` }])
    } finally {
      window.close = close
    }
  })

  it('behavior: a return for an ordinary OAuth provider is not taken', () => {
    window.history.replaceState(null, '', '/?privy_oauth_code=c&privy_oauth_state=s&privy_oauth_provider=google')
    expect(handlePopupReturn(window)).toBe(false)
    expect(window.location.search).toContain('privy_oauth_code=c')
  })
})

describe('provider page', () => {
  it('behavior: the request is taken out of the address, kept in session storage, and read back after a reload', async () => {
    const { ctx } = await start()
    window.history.replaceState(null, '', `/?app=${P}&portico_cross_app_state=s9&client_id=req&redirect_uri=https%3A%2F%2Fapi.test%2Fcb&code_challenge=ch#x`)
    const request = readConsentRequest(ctx, window)
    expect(request).toEqual({ state: 's9', client_id: 'req', redirect_uri: 'https://api.test/cb', code_challenge: 'ch' })
    expect(window.location.href).toBe(`${ORIGIN}/?app=${P}#x`)
    expect(JSON.parse(window.sessionStorage.getItem(PENDING_REQUEST_KEY)!)).toEqual(request)
    expect(readConsentRequest(ctx, window)).toEqual(request)
  })
})
