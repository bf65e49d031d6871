import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPortico, linkConflictLabel, NEXT_STEP_LEAD_MS, PENDING_LOGIN_KEY, POST_SUCCESS_DELAY_MS, TERMS_SCREEN } from './kernel'
import { createMemoryStorage, createMemoryTabs } from './storage'
import { SESSION_KEYS } from './session'
import { definePlugin, type PluginContext, type PluginDefinition } from './plugin'
import { ApiError } from './errors'
import { startTestServer, type RecordedRequest, type ScriptedResponse, type TestServer } from '../test/support/http-server'
import { makeAppResponse, makeAuthResponse, makeUser, TEST_APP_ID } from '../test/support/kernel-fixtures'
import type { Kernel, PorticoOptions } from './types'
import type { AppResponse } from './wire'

const load = async () => ({ default: null })
let server: TestServer
let app: AppResponse
let sleeps: number[]
const kernels: Kernel[] = []

/** A small stand-in for the API server: app config, refresh, me, logout and analytics. */
function api(overrides: (r: RecordedRequest) => ScriptedResponse | Promise<ScriptedResponse> | undefined = () => undefined) {
  return async (r: RecordedRequest): Promise<ScriptedResponse> => {
    const o = await overrides(r)
    if (o) return o
    if (r.path === `/api/v1/apps/${TEST_APP_ID}`) return { json: app }
    if (r.path === '/api/v1/sessions') return { json: await makeAuthResponse({ refresh_token: 'refresh-2' }) }
    if (r.path === '/api/v1/users/me') return { json: { user: makeUser(), identity_token: null } }
    return { json: {} }
  }
}

const portico = definePlugin({
  id: 'portico',
  kind: 'feature',
  screens: { landing: { load }, error: { load }, terms: { load, blocking: true }, captcha: { load } },
})
let seenCtx: PluginContext<{ count: number }> | undefined
const email = definePlugin({
  id: 'email',
  kind: 'login',
  screens: { entry: { load }, code: { load } },
  messages: { EMAIL_HELLO: 'Hello {name}' },
  loginMethods: [{ id: 'email', group: 'web2', label: 'EMAIL_HELLO', enabledBy: 'email_auth', screen: 'email/entry' }],
  initialState: () => ({ count: 1 }),
  setup(ctx) {
    seenCtx = ctx
  },
})

function make(extra: Partial<PorticoOptions> = {}, plugins: PluginDefinition[] = [portico, email]) {
  const k = createPortico({
    appId: TEST_APP_ID,
    apiUrl: server.url,
    plugins,
    storage: createMemoryStorage(),
    autoRefresh: false,
    sleep: async (ms) => {
      sleeps.push(ms)
    },
    ...extra,
  })
  kernels.push(k)
  return k
}

beforeEach(async () => {
  app = makeAppResponse()
  sleeps = []
  seenCtx = undefined
  server = await startTestServer(api())
})
afterEach(async () => {
  for (const k of kernels.splice(0)) k.destroy()
  await server.close()
})

describe('init', () => {
  it('loads and merges the app config, fires configLoaded, sends sdk_initialize and restores the session', async () => {
    const k = make()
    const loaded: string[] = []
    k.hooks.configLoaded.tap('test', (c) => void loaded.push(c.name))
    await Promise.all([k.init(), k.init()]) // idempotent
    expect(k.state.ready).toBe(true)
    expect(k.state.config?.loginMethods).toEqual(['email'])
    expect(k.state.session.status).toBe('unauthenticated')
    expect(loaded).toEqual(['Test App'])
    expect(server.requests.filter((r) => r.path.startsWith('/api/v1/apps/'))).toHaveLength(1)
    await vi.waitFor(() => expect(server.requests.some((r) => r.path === '/api/v1/analytics_events')).toBe(true), { timeout: 15_000 })
    const analytics = server.requests.find((r) => r.path === '/api/v1/analytics_events')!
    const body = JSON.parse(analytics.body)
    expect(body).toEqual({ event_name: 'sdk_initialize', client_id: null, payload: { clientTimestamp: expect.any(String) } })
  })

  it('switches every later request to custom_api_url', async () => {
    const custom = await startTestServer(api())
    try {
      app = makeAppResponse({ custom_api_url: custom.url })
      const storage = createMemoryStorage()
      storage.set(SESSION_KEYS.refresh, 'refresh-1')
      const k = make({ storage })
      await k.init()
      expect(k.state.session.status).toBe('authenticated')
      expect(custom.requests.map((r) => r.path)).toContain('/api/v1/sessions')
      expect(server.requests.map((r) => r.path)).toEqual([`/api/v1/apps/${TEST_APP_ID}`])
    } finally {
      await custom.close()
    }
  })

  it("resolves a plugin's ready() only once the configuration is loaded and the stored session restored", async () => {
    const storage = createMemoryStorage()
    storage.set(SESSION_KEYS.refresh, 'refresh-1')
    const k = make({ storage })
    const seen: string[] = []
    void seenCtx!.ready().then(() => seen.push(`${k.state.session.status}:${k.state.config ? 'config' : 'none'}`))
    await Promise.resolve()
    expect(seen).toEqual([])
    await k.init()
    await vi.waitFor(() => expect(seen).toEqual(['authenticated:config']))
    // Asked later, it is already settled.
    await expect(seenCtx!.ready()).resolves.toBeUndefined()
  })

  it('records a config error without failing init; analytics errors are ignored and not retried', async () => {
    server.handler = api((r) =>
      r.path.startsWith('/api/v1/apps/')
        ? { status: 404, json: { error: 'App not found', code: 'missing_or_invalid_privy_app_id' } }
        : r.path === '/api/v1/analytics_events'
          ? { status: 503, json: { error: 'down' } }
          : undefined,
    )
    const k = make()
    await k.init()
    expect(k.state.ready).toBe(true)
    expect(k.state.config).toBeNull()
    expect(k.state.configError).toBe('App not found')
    await vi.waitFor(() => expect(server.requests.filter((r) => r.path === '/api/v1/analytics_events')).toHaveLength(1), { timeout: 15_000 })
  })
})

describe('plugins and screens', () => {
  it('gives each plugin its context: own state slice, tap-only hooks, t, config and navigation', async () => {
    const k = make()
    await k.init()
    expect(seenCtx?.pluginId).toBe('email')
    expect(seenCtx?.state).toEqual({ count: 1 })
    seenCtx!.state.count = 2
    expect(k.state.plugins.email).toEqual({ count: 2 })
    expect(Object.keys(seenCtx!.hooks.loggedOut)).toEqual(['tap'])
    expect(seenCtx!.t('EMAIL_HELLO', { name: 'Ada' })).toBe('Hello Ada')
    expect(k.t('PORTICO_GENERIC_TITLE')).toBe('Something went wrong')
    expect(seenCtx!.config()?.loginMethods).toEqual(['email'])
    seenCtx!.navigate('email/code')
    expect(k.state.modal.stack.map((e) => e.screen)).toEqual(['email/code'])
    expect(k.contextFor('email')).toBe(seenCtx)
    expect(() => k.contextFor('nope')).toThrow(/No plugin "nope"/)
    // The kernel's screen loads the plugin's (after the locale's texts, when one is loading).
    const entry = k.screen('email/entry')!
    expect({ ...entry, load: null }).toEqual({ ...email.screens!.entry, load: null })
    expect(await entry.load()).toEqual(await email.screens!.entry!.load())
    expect(k.screen('email/nope')).toBeUndefined()
  })

  it('openModal defaults to the landing screen and carries the sign-up mode', () => {
    const k = make()
    k.openModal()
    expect(k.state.modal).toEqual({ open: true, stack: [{ screen: 'portico/landing', params: {} }] })
    expect(seenCtx!.loginMode()).toBe('login-or-sign-up')
    k.openModal('email/entry', { disableSignup: true })
    expect(seenCtx!.loginMode()).toBe('no-signup')
    k.openModal()
    expect(seenCtx!.loginMode()).toBe('login-or-sign-up')
  })

  it('closeModal refuses a blocking screen unless forced', () => {
    const k = make()
    k.openModal('portico/terms')
    k.closeModal()
    expect(k.state.modal.open).toBe(true)
    k.closeModal({ force: true })
    expect(k.state.modal.open).toBe(false)
  })

  it('destroy runs plugin teardowns once', () => {
    const down = vi.fn()
    const k = make({}, [definePlugin({ id: 'x', kind: 'feature', setup: () => down })])
    k.destroy()
    k.destroy()
    expect(down).toHaveBeenCalledOnce()
  })
})

describe('login flow', () => {
  async function ready() {
    const k = make()
    await k.init()
    k.openModal('email/code')
    return k
  }

  it('stores the session, reports the result and closes the modal after the success delay', async () => {
    const k = await ready()
    const events: string[] = []
    k.hooks.loginComplete.tap('t', (r) => void events.push(`complete ${r.method}`))
    k.onLogin((r) => events.push(`onLogin ${r.isNewUser}`))
    const auth = await makeAuthResponse({ is_new_user: true })
    const result = await seenCtx!.authenticate(async () => auth, { method: 'email' })
    expect(result).toEqual({ user: auth.user, isNewUser: true, method: 'email', wasAlreadyAuthenticated: false, raw: auth })
    expect(k.state.session).toEqual({ status: 'authenticated', user: auth.user })
    await expect(k.getAccessToken()).resolves.toBe(auth.token)
    expect(k.getIdentityToken()).toBe(auth.identity_token)
    expect(events).toEqual(['complete email', 'onLogin true'])
    await vi.waitFor(() => expect(k.state.modal.open).toBe(false), { timeout: 15_000 })
    expect(sleeps).toEqual([POST_SUCCESS_DELAY_MS])
  })

  it('shows each afterAuthenticate step after the delay minus 500 ms and continues when resolved', async () => {
    const k = await ready()
    let asked = 0
    seenCtx!.hooks.afterAuthenticate.tap('terms', (r) =>
      asked++ === 0 && !r.user.has_accepted_terms ? { screen: 'portico/terms' } : undefined,
    )
    const done = seenCtx!.authenticate(() => makeAuthResponse(), { method: 'email' })
    await vi.waitFor(() => expect(k.state.modal.stack.at(-1)?.screen).toBe('portico/terms'), { timeout: 15_000 })
    expect(sleeps).toEqual([POST_SUCCESS_DELAY_MS - NEXT_STEP_LEAD_MS])
    k.resolveStep('continue')
    await expect(done).resolves.toMatchObject({ method: 'email' })
    expect(asked).toBe(2)
    expect(k.state.modal.open).toBe(false)
    expect(k.state.session.status).toBe('authenticated')
  })

  it('an aborted step logs out, closes the modal and fails with exited_auth_flow', async () => {
    const k = await ready()
    const failed: string[] = []
    k.hooks.loginFailed.tap('t', (e, { method }) => void failed.push(`${method}:${e.code}`))
    seenCtx!.hooks.afterAuthenticate.tap('terms', () => ({ screen: 'portico/terms' }))
    const done = seenCtx!.authenticate(() => makeAuthResponse(), { method: 'email' })
    await vi.waitFor(() => expect(k.state.modal.stack.at(-1)?.screen).toBe('portico/terms'), { timeout: 15_000 })
    k.resolveStep('abort')
    await expect(done).rejects.toMatchObject({ code: 'exited_auth_flow' })
    expect(k.state.session.status).toBe('unauthenticated')
    expect(k.state.modal.open).toBe(false)
    expect(failed).toEqual(['email:exited_auth_flow'])
    await vi.waitFor(() => expect(server.requests.some((r) => r.path === '/api/v1/sessions/logout')).toBe(true), { timeout: 15_000 })
  })

  it('beginLogin shows the beforeLogin step, waits for it, then hands over what the loginStart taps answer', async () => {
    const k = await ready()
    let solved = false
    seenCtx!.hooks.beforeLogin.tap('captcha', () => (solved ? undefined : { screen: 'portico/captcha' }))
    seenCtx!.hooks.loginStart.tap('captcha', () => (solved ? { token: 'tok-1' } : undefined))
    seenCtx!.hooks.loginStart.tap('silent', () => undefined)
    const started = seenCtx!.beginLogin({ method: 'email' })
    await vi.waitFor(() => expect(k.state.modal.stack.at(-1)?.screen).toBe('portico/captcha'), { timeout: 15_000 })
    solved = true
    k.resolveStep('continue')
    await expect(started).resolves.toEqual({ token: 'tok-1' })
  })

  it('beginLogin rejects with exited_auth_flow when the step is left', async () => {
    const k = await ready()
    seenCtx!.hooks.beforeLogin.tap('captcha', () => ({ screen: 'portico/captcha' }))
    const started = seenCtx!.beginLogin({ method: 'email' })
    await vi.waitFor(() => expect(k.state.modal.stack.at(-1)?.screen).toBe('portico/captcha'), { timeout: 15_000 })
    k.resolveStep('abort')
    await expect(started).rejects.toMatchObject({ code: 'exited_auth_flow' })
  })

  it('a failing call fires loginFailed, rethrows, and resolveError gives the reaction', async () => {
    const k = await ready()
    const failed: string[] = []
    k.hooks.loginFailed.tap('t', (e) => void failed.push(String(e.code)))
    const err = await seenCtx!
      .authenticate(
        async () => {
          throw new ApiError(401, { error: 'User is not allowed to login to this app.', code: 'allowlist_rejected' })
        },
        { method: 'email' },
      )
      .catch((e: unknown) => e)
    expect(failed).toEqual(['allowlist_rejected'])
    expect(k.resolveError(err, { method: 'email' }).reaction.screen).toBe('portico/allowlist')
    expect(k.state.session.status).toBe('unauthenticated')
    expect(k.state.modal.open).toBe(true)
  })
})

describe('terms consent', () => {
  const accepted = () => ({ ...makeUser(), has_accepted_terms: true })
  let acceptedOnServer = false
  beforeEach(async () => {
    app = makeAppResponse({ require_users_accept_terms: true })
    acceptedOnServer = false
    await server.close()
    server = await startTestServer(
      api((r) => {
        if (r.path === '/api/v1/users/me') return { json: { user: acceptedOnServer ? accepted() : makeUser(), identity_token: null } }
        if (r.path === '/api/v1/sessions') return makeAuthResponse({ refresh_token: 'refresh-2', user: acceptedOnServer ? accepted() : makeUser() }).then((json) => ({ json }))
        return undefined
      }),
    )
  })

  it('holds the login at the consent step: pending, no onLogin, then Accept completes with the session refreshed', async () => {
    const k = make()
    await k.init()
    const seen: string[] = []
    k.hooks.sessionChanged.tap('t', (snap) => void seen.push(`${snap.authenticated}:${snap.user?.has_accepted_terms ?? null}`))
    const completed: boolean[] = []
    k.onLogin((r) => completed.push(r.user.has_accepted_terms))
    const done = seenCtx!.authenticate(() => makeAuthResponse({ is_new_user: true }), { method: 'email' })
    await vi.waitFor(() => expect(k.state.modal.stack.at(-1)?.screen).toBe(TERMS_SCREEN), { timeout: 15_000 })
    expect(k.state.session.status).toBe('pending')
    expect(completed).toEqual([])
    expect(seen).toEqual(['false:null'])
    acceptedOnServer = true
    k.resolveStep('continue')
    await expect(done).resolves.toMatchObject({ isNewUser: true, user: { has_accepted_terms: true } })
    expect(completed).toEqual([true])
    expect(k.state.session.status).toBe('authenticated')
    expect(seen.at(-1)).toBe('true:true')
  })

  it('a reload at the consent step shows it again and completes the same login once accepted', async () => {
    const storage = createMemoryStorage()
    const first = make({ storage })
    await first.init()
    void seenCtx!.authenticate(() => makeAuthResponse({ is_new_user: true }), { method: 'email' }).catch(() => undefined)
    await vi.waitFor(() => expect(first.state.modal.stack.at(-1)?.screen).toBe(TERMS_SCREEN), { timeout: 15_000 })
    first.destroy()

    const reloaded = make({ storage })
    const completed: string[] = []
    reloaded.onLogin((r) => completed.push(`${r.method}:${r.isNewUser}`))
    await reloaded.init()
    expect(reloaded.state.session.status).toBe('pending')
    await vi.waitFor(() => expect(reloaded.state.modal.stack.at(-1)?.screen).toBe(TERMS_SCREEN), { timeout: 15_000 })
    acceptedOnServer = true
    reloaded.resolveStep('continue')
    await vi.waitFor(() => expect(completed).toEqual(['email:true']), { timeout: 15_000 })
    expect(reloaded.state.session.status).toBe('authenticated')
    expect(storage.get(PENDING_LOGIN_KEY)).toBeNull()
  })

  it('another tab shows the held consent; an Accept in the first signs both in, and only the first completes the login', async () => {
    const tabs = createMemoryTabs()
    const first = make({ storage: tabs.tab() })
    const second = make({ storage: tabs.tab() })
    await Promise.all([first.init(), second.init()])
    const completed: string[] = []
    first.onLogin(() => completed.push('first'))
    second.onLogin(() => completed.push('second'))
    const done = first.contextFor('email').authenticate(() => makeAuthResponse({ is_new_user: true }), { method: 'email' })
    await vi.waitFor(() => expect(first.state.modal.stack.at(-1)?.screen).toBe(TERMS_SCREEN), { timeout: 15_000 })
    await vi.waitFor(() => expect(second.state.modal.stack.at(-1)?.screen).toBe(TERMS_SCREEN), { timeout: 15_000 })
    expect(second.state.session.status).toBe('pending')

    acceptedOnServer = true
    first.resolveStep('continue')
    await expect(done).resolves.toMatchObject({ user: { has_accepted_terms: true } })
    await vi.waitFor(() => expect(second.state.session.status).toBe('authenticated'), { timeout: 15_000 })
    await vi.waitFor(() => expect(second.state.modal.open).toBe(false), { timeout: 15_000 })
    expect(completed).toEqual(['first'])
    expect(tabs.data.get(PENDING_LOGIN_KEY)).toBeUndefined()
  })

  it("'No thanks' in the following tab signs both out and ends the first tab's login", async () => {
    const tabs = createMemoryTabs()
    const first = make({ storage: tabs.tab() })
    const second = make({ storage: tabs.tab() })
    await Promise.all([first.init(), second.init()])
    const done = first.contextFor('email').authenticate(() => makeAuthResponse(), { method: 'email' })
    await vi.waitFor(() => expect(second.state.modal.stack.at(-1)?.screen).toBe(TERMS_SCREEN), { timeout: 15_000 })
    await vi.waitFor(() => expect(first.state.modal.stack.at(-1)?.screen).toBe(TERMS_SCREEN), { timeout: 15_000 })
    second.resolveStep('abort')
    await expect(done).rejects.toMatchObject({ code: 'exited_auth_flow' })
    expect(first.state.session.status).toBe('unauthenticated')
    expect(first.state.modal.open).toBe(false)
    expect(second.state.session.status).toBe('unauthenticated')
    expect(second.state.modal.open).toBe(false)
    expect(tabs.data.get(SESSION_KEYS.refresh)).toBeUndefined()
  })

  it('declining logs out and forgets the held login', async () => {
    const storage = createMemoryStorage()
    const k = make({ storage })
    await k.init()
    const done = seenCtx!.authenticate(() => makeAuthResponse(), { method: 'email' })
    await vi.waitFor(() => expect(k.state.modal.stack.at(-1)?.screen).toBe(TERMS_SCREEN), { timeout: 15_000 })
    k.resolveStep('abort')
    await expect(done).rejects.toMatchObject({ code: 'exited_auth_flow' })
    expect(k.state.session.status).toBe('unauthenticated')
    expect(storage.get(SESSION_KEYS.refresh)).toBeNull()
    expect(storage.get(PENDING_LOGIN_KEY)).toBeNull()
  })
})

describe('linking', () => {
  it('link intent needs a signed-in user; a signed-out visitor gets a plain login', async () => {
    const k = make()
    await k.init()
    k.openModal('email/entry', { intent: 'link' })
    expect(seenCtx!.intent()).toBe('login')
    await seenCtx!.authenticate(() => makeAuthResponse(), { method: 'email' })
    k.openModal('email/entry', { intent: 'link' })
    expect(seenCtx!.intent()).toBe('link')
    k.openModal('email/entry')
    expect(seenCtx!.intent()).toBe('login')
  })

  it('link runs the call, then refreshes the session and shows the refreshed user', async () => {
    const k = make()
    await k.init()
    await seenCtx!.authenticate(() => makeAuthResponse(), { method: 'email' })
    k.openModal('email/code', { intent: 'link' })
    const base = makeUser()
    const linked = {
      ...base,
      linked_accounts: [
        ...base.linked_accounts,
        { type: 'phone' as const, phoneNumber: '+14155550123', verified_at: 2, first_verified_at: 2, latest_verified_at: 2 },
      ],
    }
    server.handler = api((r) =>
      r.path === '/api/v1/sessions' ? { json: { ...linkedSession, user: linked } } : undefined,
    )
    const linkedSession = await makeAuthResponse({ refresh_token: 'refresh-3' })
    const call = vi.fn(async () => ({ ok: true }))
    const user = await seenCtx!.link(call, { method: 'email' })
    expect(call).toHaveBeenCalledOnce()
    expect(user).toEqual(linked)
    expect(k.state.session.user).toEqual(linked)
    expect(server.requests.filter((r) => r.path === '/api/v1/sessions')).toHaveLength(1)
    await vi.waitFor(() => expect(k.state.modal.open).toBe(false), { timeout: 15_000 })
  })

  it('link refuses a signed-out caller with must_be_authenticated and reports the failure', async () => {
    const k = make()
    await k.init()
    const failed: string[] = []
    k.hooks.loginFailed.tap('t', (e) => void failed.push(String(e.code)))
    const call = vi.fn(async () => ({}))
    await expect(seenCtx!.link(call, { method: 'email' })).rejects.toMatchObject({ code: 'must_be_authenticated' })
    expect(call).not.toHaveBeenCalled()
    expect(failed).toEqual(['must_be_authenticated'])
  })

  it('beginLogin skips the captcha step for a signed-in user', async () => {
    const k = make()
    await k.init()
    await seenCtx!.authenticate(() => makeAuthResponse(), { method: 'email' })
    const step = vi.fn(() => ({ screen: 'portico/captcha' }))
    seenCtx!.hooks.beforeLogin.tap('captcha', step)
    await expect(seenCtx!.beginLogin({ method: 'email' })).resolves.toEqual({})
    expect(step).not.toHaveBeenCalled()
    expect(k.state.modal.stack.at(-1)?.screen).not.toBe('portico/captcha')
  })
})

describe('cross-tab sync', () => {
  it('a login and a logout in one tab reach another tab sharing the storage', async () => {
    const tabs = createMemoryTabs()
    const a = make({ storage: tabs.tab() })
    const b = make({ storage: tabs.tab() })
    await Promise.all([a.init(), b.init()])
    const ctxA = a.contextFor('email')
    await ctxA.authenticate(() => makeAuthResponse(), { method: 'email' })
    await vi.waitFor(() => expect(b.state.session.status).toBe('authenticated'), { timeout: 15_000 })
    expect(b.state.session.user?.id).toBe(makeUser().id)
    expect(server.requests.filter((r) => r.path === '/api/v1/users/me')).toHaveLength(1)
    const outB: string[] = []
    b.hooks.loggedOut.tap('t', () => void outB.push('out'))
    await a.logout()
    await vi.waitFor(() => expect(b.state.session.status).toBe('unauthenticated'), { timeout: 15_000 })
    expect(b.state.session.user).toBeNull()
    expect(outB).toEqual(['out'])
  })
})

describe('post-success close', () => {
  it('does not close a modal the user moved on in during the success delay', async () => {
    let release!: () => void
    const k = make({ sleep: (ms) => (sleeps.push(ms), new Promise<void>((r) => (release = r))) })
    await k.init()
    k.openModal('email/code')
    await k.contextFor('email').authenticate(() => makeAuthResponse(), { method: 'email' })
    k.openModal('portico/landing')
    release()
    await new Promise((r) => setTimeout(r, 10))
    expect(k.state.modal.open).toBe(true)
    expect(k.state.modal.stack.map((e) => e.screen)).toEqual(['portico/landing'])
  })
})

describe('linkConflictLabel', () => {
  const method = (id: string, accountLabel?: string) => ({ id, ...(accountLabel ? { accountLabel } : {}) })

  it("default: the login method's declared account label", () => {
    expect(linkConflictLabel('mail', [method('mail', 'PORTICO_LINK_CONFLICT_LABEL_EMAIL')])).toEqual({
      key: 'PORTICO_LINK_CONFLICT_LABEL_EMAIL',
    })
  })

  it("behavior: a method without one is its id's '{Provider} profile'", () => {
    expect(linkConflictLabel('discord', [method('discord')])).toEqual({
      key: 'PORTICO_LINK_CONFLICT_LABEL_PROVIDER',
      values: { provider: 'Discord' },
    })
    expect(linkConflictLabel('github_oauth', [])).toEqual({ key: 'PORTICO_LINK_CONFLICT_LABEL_PROVIDER', values: { provider: 'Github' } })
  })
})
