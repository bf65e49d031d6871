// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { createMemoryStorage } from '../../kernel/storage'
import type { TestServer } from '../../test/support/http-server'
import { ApiError, PorticoError } from '../../kernel/errors'
import type { Kernel, StorageAdapter } from '../../kernel/types'
import { format, textOf } from '../../kernel/messages'
import type { appResponse } from '../../test/support/ui-harness-data'
import { authenticated } from '../../test/support/ui-harness-data'
import { callsTo, mountKernel, startScriptedApi, type Routes } from '../../test/support/ui-harness'
import { ERROR_GLYPH } from '../../ui/components/IconBadge'
import {
  OAUTH_ERRORS,
  OAUTH_STORAGE_KEYS,
  codeChallenge,
  oauth,
  oauthErrorView,
  oauthMessages,
  readOAuthReturn,
  randomCode,
  startOAuth,
  stripOAuthParams,
  POPUP_MESSAGES,
} from '.'

// Tells React that state updates are awaited through act() here.
;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

const INIT = '/api/v1/oauth/init'
const AUTH = '/api/v1/oauth/authenticate'
const t = (key: string, values?: Record<string, string | number>) => format((oauthMessages as Record<string, string>)[key] ?? key, values)

let server: TestServer | null = null
let kernel: Kernel | null = null
afterEach(async () => {
  cleanup()
  kernel?.destroy()
  kernel = null
  await server?.close()
  server = null
  window.history.replaceState(null, '', '/')
  Object.defineProperty(window, 'opener', { value: null, configurable: true, writable: true })
})

/** A real HTTP server answering like the API (scripted per test) and a kernel with the OAuth plugin on it. */
async function start(options: { routes?: Routes; storage?: StorageAdapter; app?: Parameters<typeof appResponse>[0]; plugin?: ReturnType<typeof oauth> } = {}) {
  ;({ server } = await startScriptedApi({ google_oauth: true, github_oauth: true, ...options.app }, options.routes))
  const storage = options.storage ?? createMemoryStorage()
  // Short real waits: the success state stays up long enough to be read.
  kernel = await mountKernel(server, { plugins: [options.plugin ?? oauth()], storage, sleepCapMs: 300, screens: ['oauth/status', 'oauth/google'] })
  const calls = (path: string) => callsTo(server!, path)
  return { kernel, storage, calls }
}

/** A storage holding what a started flow keeps. */
function storedFlow(extra: Record<string, string> = {}): StorageAdapter {
  const storage = createMemoryStorage()
  storage.set(OAUTH_STORAGE_KEYS.codeVerifier, 'v'.repeat(48))
  storage.set(OAUTH_STORAGE_KEYS.stateCode, 'state-123')
  storage.set(OAUTH_STORAGE_KEYS.provider, 'google')
  for (const [k, v] of Object.entries(extra)) storage.set(k, v)
  return storage
}

const returnUrl = (code: string, state = 'state-123', provider = 'google') =>
  `/?app=demo&privy_oauth_code=${encodeURIComponent(code)}&privy_oauth_state=${state}&privy_oauth_provider=${provider}#top`

describe('PKCE and state', () => {
  it('behavior: verifier and state are 36 random bytes as 48 base64url characters, never repeated', () => {
    const a = randomCode()
    const b = randomCode()
    expect(a).toMatch(/^[A-Za-z0-9_-]{48}$/)
    expect(b).not.toBe(a)
  })

  it('behavior: the challenge is base64url(SHA-256(verifier)) (RFC 7636 appendix B)', async () => {
    expect(await codeChallenge('dBjftJeZ4CVP-mB92K27uhbUJU1p1r_wW1gFWFOEjXk')).toBe('E9Melhoa2OwvFrEMTJguCHaoeK1t8URWbuGJSstw-cM')
  })
})

describe('return URL', () => {
  it('behavior: the flow is active only when code, state and provider are all set', () => {
    expect(readOAuthReturn('https://a.test/?privy_oauth_code=c&privy_oauth_state=s&privy_oauth_provider=google')).toEqual({
      code: 'c',
      state: 's',
      provider: 'google',
    })
    expect(readOAuthReturn('https://a.test/?privy_oauth_code=c&privy_oauth_state=s')).toBeNull()
    expect(readOAuthReturn('https://a.test/?privy_oauth_code=&privy_oauth_state=s&privy_oauth_provider=google')).toBeNull()
  })

  it("behavior: the server's privy_oauth_error without a code is a return carrying that error", () => {
    expect(readOAuthReturn('https://a.test/?privy_oauth_state=s&privy_oauth_provider=google&privy_oauth_error=invalid_credentials')).toEqual({
      code: '',
      state: 's',
      provider: 'google',
      error: 'invalid_credentials',
    })
    expect(readOAuthReturn('https://a.test/?privy_oauth_error=invalid_credentials&privy_oauth_provider=google')).toBeNull()
    expect(stripOAuthParams('https://a.test/p?app=x&privy_oauth_state=s&privy_oauth_provider=g&privy_oauth_error=invalid_credentials#h')).toBe('https://a.test/p?app=x#h')
  })

  it('behavior: stripping removes only the three return parameters and keeps the rest and the hash', () => {
    expect(stripOAuthParams('https://a.test/p?app=x&privy_oauth_code=c&privy_oauth_state=s&privy_oauth_provider=g#h')).toBe('https://a.test/p?app=x#h')
    expect(stripOAuthParams('https://a.test/p?privy_oauth_code=c')).toBe('https://a.test/p')
  })
})

describe('error catalogue (OAuth column)', () => {
  const view = (err: unknown, name = 'Google') => oauthErrorView(err, { name, scopes: 'email and profile' }, t)
  const api = (status: number, code: string, error = 'failed') => new ApiError(status, { error, code })

  it('behavior: each wire code shows its catalogue text, retryable where the spec says so', () => {
    expect(view(api(401, 'invalid_credentials'))).toMatchObject({ message: 'Something went wrong. Try again.', retryable: true })
    expect(view(api(400, 'cannot_link_more_of_type'))).toMatchObject({ message: 'You cannot authorize more than one account for this user.', retryable: false })
    expect(view(api(400, 'linked_to_another_user'))!.message).toBe('This account has already been linked to another user.')
    expect(view(api(403, 'oauth_account_suspended'))!.message).toBe('Your Google account is suspended. Please try another login method.')
    expect(view(api(500, 'something_else'))!.message).toBe('Something went wrong. Please try again.')
  })

  it('behavior: a rate limit names the provider only when the server blames the provider', () => {
    expect(view(api(429, 'too_many_requests', 'Too many requests'))!.message).toBe('Too many requests. Please wait before trying again.')
    expect(view(api(429, 'too_many_requests', 'Google rate limit reached'))!.message).toBe(
      'Request limit reached for Google. Please wait a moment and try again.',
    )
    expect(view(api(429, 'too_many_requests', 'Provider rate limit exceeded'))!.message).toBe(
      'Request limit reached for Google. Please wait a moment and try again.',
    )
  })

  it('behavior: a denial asks to check the scopes and may be retried; leaving a step shows nothing', () => {
    expect(view(new PorticoError('Invalid code during oauth flow.', { code: 'oauth_user_denied' }))).toMatchObject({
      code: 'OAUTH_USER_DENIED',
      message: 'Retry and check email and profile to finish connecting your account.',
      retryable: true,
    })
    expect(view(new PorticoError('x', { code: 'exited_auth_flow' }))).toBeNull()
  })

  it('behavior: codes with dedicated screens go there (allowlist, account not found)', () => {
    expect(view(api(401, 'allowlist_rejected'))).toMatchObject({ screen: 'portico/allowlist' })
    expect(view(api(404, 'user_does_not_exist'))).toMatchObject({ screen: 'portico/account-not-found' })
  })

  it('default: every error code and label has an English text', () => {
    for (const [code, reaction] of Object.entries(OAUTH_ERRORS)) expect(oauthMessages).toHaveProperty(reaction.message ?? code)
    const p = oauth()
    for (const m of p.loginMethods!) expect(textOf(t, m.label)).toMatch(/^Continue with /)
  })
})

describe('unknown provider', () => {
  const badge = () => document.querySelector('[data-part="provider-icon"]')!

  it("behavior: the status screen names an unknown provider 'Unknown' and draws the error icon, no logo", async () => {
    const { kernel } = await start()
    await act(async () => kernel.openModal('oauth/status', { status: 'starting', provider: 'myspace' }))
    expect(await screen.findByRole('heading', { name: 'Verifying connection to Unknown' })).toBeTruthy()
    expect(badge().querySelector(`path[d="${ERROR_GLYPH}"]`)).toBeTruthy()
    expect(badge().querySelector('img')).toBeNull()
    await act(async () => kernel.openModal('oauth/status', { status: 'success', provider: 'myspace' }))
    expect(await screen.findByRole('heading', { name: 'Successfully connected with Unknown' })).toBeTruthy()
    expect(badge().querySelector(`path[d="${ERROR_GLYPH}"]`)).toBeTruthy()
  })

  it('behavior: a known provider shows its name and logo instead', async () => {
    const { kernel } = await start()
    await act(async () => kernel.openModal('oauth/status', { status: 'starting', provider: 'github' }))
    expect(await screen.findByRole('heading', { name: 'Verifying connection to GitHub' })).toBeTruthy()
    expect(badge().querySelector('img')).toBeTruthy()
  })

  it('behavior: a retryable failure of an unknown provider offers another method, not Retry', async () => {
    const { kernel } = await start()
    await act(async () => kernel.openModal('oauth/status', { status: 'error', provider: 'myspace', message: 'Something went wrong. Try again.', retryable: true }))
    expect(await screen.findByRole('heading', { name: 'Authentication failed' })).toBeTruthy()
    expect(badge().querySelector(`path[d="${ERROR_GLYPH}"]`)).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Use another method' })).toBeTruthy()
  })

  it("behavior: a failure of an unknown provider words its detail with 'Unknown'", () => {
    const view = oauthErrorView(new ApiError(429, { error: 'Provider rate limit reached', code: 'too_many_requests' }), { name: null, scopes: null }, t)
    expect(view?.message).toBe('Request limit reached for Unknown. Please wait a moment and try again.')
  })
})

describe('plugin definition', () => {
  it('default: one web2 method per built-in provider, enabled by <provider>_oauth, with its logo', () => {
    const p = oauth()
    expect(p.loginMethods!.map((m) => m.id)).toEqual(['google', 'apple', 'twitter', 'discord', 'github', 'linkedin', 'spotify', 'instagram', 'tiktok', 'line', 'twitch'])
    expect(p.loginMethods![0]).toMatchObject({ group: 'web2', enabledBy: 'google_oauth', screen: 'oauth/google', label: { key: 'OAUTH_METHOD_LABEL', values: { provider: 'Google' } } })
    expect(textOf(t, p.loginMethods![4]!.label)).toBe('Continue with GitHub')
    expect(p.loginMethods![0]!.icon).toMatch(/^data:image\/svg\+xml,/)
  })

  it('behavior: an app custom provider shows on the landing with its own name', async () => {
    await start({
      app: { custom_oauth_providers: [{ provider: 'custom:acme', provider_display_name: 'Acme ID', provider_icon_url: '', enabled: true }] },
      plugin: oauth({ providers: ['google'] }),
    })
    await act(async () => kernel!.openModal())
    expect(await screen.findByRole('button', { name: /Continue with Google/ })).toBeTruthy()
    expect(await screen.findByRole('button', { name: /Continue with Acme ID/ })).toBeTruthy()
  })
})

describe('start', () => {
  it('behavior: init carries provider, the stripped page address, the S256 challenge of the stored verifier and the stored state; then the browser goes to the URL', async () => {
    const { calls, storage } = await start({ routes: { [`POST ${INIT}`]: () => ({ json: { url: 'https://idp.test/authorize?x=1' } }) } })
    const assigned: string[] = []
    const win = {
      navigator: { userAgent: 'Mozilla/5.0 Chrome/130' },
      location: { href: 'http://localhost:3000/?app=demo&privy_oauth_state=old', origin: 'http://localhost:3000', assign: (u: string) => assigned.push(u) },
    } as unknown as Window
    await act(async () => startOAuth(kernel!.contextFor('oauth'), { provider: 'google', win }))
    const [body] = calls(INIT)
    expect(body).toMatchObject({ provider: 'google', redirect_to: 'http://localhost:3000/?app=demo', state_code: storage.get(OAUTH_STORAGE_KEYS.stateCode) })
    expect(body!.code_challenge).toBe(await codeChallenge(storage.get(OAUTH_STORAGE_KEYS.codeVerifier)!))
    expect(String(body!.state_code)).toHaveLength(48)
    expect(assigned).toEqual(['https://idp.test/authorize?x=1'])
  })

  it('behavior: in popup mode a blocked popup falls back to the redirect', async () => {
    const { storage } = await start({ routes: { [`POST ${INIT}`]: () => ({ json: { url: 'https://idp.test/authorize' } }) } })
    const assigned: string[] = []
    const opened: string[] = []
    const win = {
      navigator: { userAgent: 'Mozilla/5.0 Chrome/130' },
      location: { href: 'http://localhost:3000/', origin: 'http://localhost:3000', assign: (u: string) => assigned.push(u) },
      open: (u: string, _n: string, features: string) => {
        opened.push(features)
        return null
      },
    } as unknown as Window
    await act(async () => startOAuth(kernel!.contextFor('oauth'), { provider: 'google', mode: 'popup', win }))
    expect(opened[0]).toContain('width=440,height=680')
    expect(assigned).toEqual(['https://idp.test/authorize'])
    expect(storage.get(OAUTH_STORAGE_KEYS.popup)).toBeNull()
  })

  it("behavior: 'Authentication failed' ends the flow (no Back, back() stays); Retry starts over and Back returns", async () => {
    let release: (() => void) | null = null
    let inits = 0
    const refused = { status: 400, json: { error: 'Please provide a redirect_to value.', code: 'invalid_data' } }
    await start({
      routes: {
        // The first start is refused; the Retry's start waits until the test lets it be refused too.
        [`POST ${INIT}`]: () => (++inits === 1 ? refused : new Promise<typeof refused>((resolve) => (release = () => resolve(refused)))),
      },
    })
    const back = () => screen.queryByRole('button', { name: 'Back' })
    await act(async () => {
      kernel!.openModal('portico/landing')
      kernel!.navigate('oauth/status')
    })
    expect(await screen.findByRole('button', { name: 'Back' })).toBeTruthy()
    const win = { navigator: { userAgent: 'Mozilla/5.0 Chrome/130' }, location: { href: 'http://localhost:3000/', origin: 'http://localhost:3000' } } as unknown as Window
    await act(async () => startOAuth(kernel!.contextFor('oauth'), { provider: 'google', win }))
    expect(await screen.findByRole('heading', { name: 'Authentication failed' })).toBeTruthy()
    expect(back()).toBeNull()
    await act(async () => kernel!.back())
    expect(kernel!.state.modal.stack.map((e) => e.screen)).toEqual(['portico/landing', 'oauth/status'])

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })))
    expect(await screen.findByRole('heading', { name: 'Verifying connection to Google' })).toBeTruthy()
    expect(back()).toBeTruthy()
    await waitFor(() => expect(release).not.toBeNull())
    await act(async () => release!())
    expect(await screen.findByRole('heading', { name: 'Authentication failed' })).toBeTruthy()
    expect(back()).toBeNull()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Use another method' })))
    expect(kernel!.state.modal.stack.map((e) => e.screen)).toEqual(['portico/landing'])
  })

  it('behavior: Google inside an in-app browser shows the external-browser screen and calls nothing', async () => {
    const { calls } = await start()
    const win = { navigator: { userAgent: 'Mozilla/5.0 (iPhone) Instagram 300.0' }, location: { href: 'http://localhost:3000/' } } as unknown as Window
    await act(async () => startOAuth(kernel!.contextFor('oauth'), { provider: 'google', win }))
    expect(await screen.findByText('Could not log in with Google in this in-app browser. Please try again using an external browser.')).toBeTruthy()
    expect(calls(INIT)).toHaveLength(0)
  })
})

describe('return to the page', () => {
  it('behavior: the code is exchanged with the stored verifier, the URL is cleaned, the stored values are removed and success shows', async () => {
    window.history.replaceState(null, '', returnUrl('auth-code-1'))
    const { calls, storage } = await start({ storage: storedFlow(), routes: { [`POST ${AUTH}`]: () => ({ json: authenticated() }) } })
    expect(window.location.href).toBe('http://localhost:3000/?app=demo#top')
    expect(await screen.findByText('Successfully connected with Google')).toBeTruthy()
    expect(screen.getByText("You're good to go!")).toBeTruthy()
    await waitFor(() => expect(kernel!.state.modal.open).toBe(false))
    expect(calls(AUTH)).toEqual([{ authorization_code: 'auth-code-1', state_code: 'state-123', code_verifier: 'v'.repeat(48), mode: 'login-or-sign-up' }])
    expect(kernel!.state.session.status).toBe('authenticated')
    for (const key of Object.values(OAUTH_STORAGE_KEYS)) expect(storage.get(key)).toBeNull()
  })

  it("behavior: with sign-up disabled for the attempt, the mode is 'no-signup'", async () => {
    window.history.replaceState(null, '', returnUrl('auth-code-2'))
    const { calls } = await start({ storage: storedFlow({ [OAUTH_STORAGE_KEYS.disableSignup]: 't' }), routes: { [`POST ${AUTH}`]: () => ({ json: authenticated() }) } })
    await screen.findByText('Successfully connected with Google')
    expect(calls(AUTH)[0]).toMatchObject({ mode: 'no-signup' })
  })

  it('behavior: a state that is not the stored one is refused before any call', async () => {
    window.history.replaceState(null, '', returnUrl('auth-code-3', 'forged'))
    const { calls, storage } = await start({ storage: storedFlow(), routes: { [`POST ${AUTH}`]: () => ({ json: authenticated() }) } })
    expect(await screen.findByText('Authentication failed')).toBeTruthy()
    expect(screen.getByText(oauthMessages.OAUTH_STATE_MISMATCH)).toBeTruthy()
    expect(calls(AUTH)).toHaveLength(0)
    expect(storage.get(OAUTH_STORAGE_KEYS.codeVerifier)).toBeNull()
  })

  it("behavior: 'undefined' as the code is a denial, retryable, naming the provider's scopes", async () => {
    window.history.replaceState(null, '', returnUrl('undefined'))
    const { calls } = await start({ storage: storedFlow() })
    expect(await screen.findByText('Retry and check email and profile to finish connecting your account.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
    expect(calls(AUTH)).toHaveLength(0)
  })

  it('behavior: a suspended account shows the suspension text and no Retry', async () => {
    window.history.replaceState(null, '', returnUrl('auth-code-4'))
    await start({
      storage: storedFlow(),
      routes: { [`POST ${AUTH}`]: () => ({ status: 403, json: { error: 'The provider account is suspended.', code: 'oauth_account_suspended' } }) },
    })
    expect(await screen.findByText('Your Google account is suspended. Please try another login method.')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
  })

  it("behavior: privy_oauth_error=invalid_credentials is a retryable failure, stripped from the URL, with no exchange", async () => {
    window.history.replaceState(null, '', '/?app=demo&privy_oauth_state=state-123&privy_oauth_provider=google&privy_oauth_error=invalid_credentials#top')
    const { calls, storage } = await start({ storage: storedFlow(), routes: { [`POST ${AUTH}`]: () => ({ json: authenticated() }) } })
    expect(window.location.href).toBe('http://localhost:3000/?app=demo#top')
    expect(await screen.findByText('Authentication failed')).toBeTruthy()
    expect(screen.getByText('Something went wrong. Try again.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
    expect(calls(AUTH)).toHaveLength(0)
    expect(kernel!.state.session.status).not.toBe('authenticated')
    for (const key of Object.values(OAUTH_STORAGE_KEYS)) expect(storage.get(key)).toBeNull()
  })

  it('behavior: inside the popup, privy_oauth_error is posted to the opener as an error and the popup closes', async () => {
    window.history.replaceState(null, '', '/?app=demo&privy_oauth_state=state-123&privy_oauth_provider=google&privy_oauth_error=invalid_credentials')
    const posted: [unknown, string][] = []
    Object.defineProperty(window, 'opener', { value: { postMessage: (m: unknown, o: string) => posted.push([m, o]) }, configurable: true, writable: true })
    const closed: boolean[] = []
    const close = window.close
    window.close = () => closed.push(true)
    try {
      await start({ storage: storedFlow({ [OAUTH_STORAGE_KEYS.popup]: 't' }) })
      expect(posted).toEqual([[{ type: POPUP_MESSAGES.error, error: 'invalid_credentials', provider: 'google' }, 'http://localhost:3000']])
      expect(closed).toEqual([true])
      expect(window.location.search).toBe('?app=demo')
    } finally {
      window.close = close
    }
  })

  it('behavior: a missing stored verifier fails without calling the server', async () => {
    window.history.replaceState(null, '', returnUrl('auth-code-5'))
    const storage = storedFlow()
    storage.remove(OAUTH_STORAGE_KEYS.codeVerifier)
    const { calls } = await start({ storage })
    expect(await screen.findByText('Authentication failed')).toBeTruthy()
    expect(calls(AUTH)).toHaveLength(0)
  })

  it('behavior: Retry after a failure starts a new round trip with a new state', async () => {
    window.history.replaceState(null, '', returnUrl('undefined'))
    const { calls } = await start({ storage: storedFlow(), routes: { [`POST ${INIT}`]: () => ({ status: 400, json: { error: 'Please provide a redirect_to value.', code: 'invalid_data' } }) } })
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Retry' })))
    await screen.findByText('Authentication failed')
    expect(calls(INIT)).toHaveLength(1)
    expect(calls(INIT)[0]).toMatchObject({ provider: 'google' })
    expect(calls(INIT)[0]!.state_code).not.toBe('state-123')
  })

  it('behavior: inside the popup, the result is posted to the opener for this exact origin and the popup closes', async () => {
    window.history.replaceState(null, '', returnUrl('popup-code'))
    const posted: [unknown, string][] = []
    Object.defineProperty(window, 'opener', { value: { postMessage: (m: unknown, o: string) => posted.push([m, o]) }, configurable: true, writable: true })
    const closed: boolean[] = []
    const close = window.close
    window.close = () => closed.push(true)
    try {
      const { calls } = await start({ storage: storedFlow({ [OAUTH_STORAGE_KEYS.popup]: 't' }) })
      expect(posted).toEqual([[{ type: POPUP_MESSAGES.response, code: 'popup-code', state: 'state-123', provider: 'google' }, 'http://localhost:3000']])
      expect(closed).toEqual([true])
      expect(calls(AUTH)).toHaveLength(0)
      expect(window.location.search).toBe('?app=demo')
    } finally {
      window.close = close
    }
  })
})
