/**
 * `createPortico`: one kernel instance with its own valtio store, wiring the API client, session,
 * hook bus, plugin registry, router, app configuration and the login flow together.
 * @module
 */
import { proxy } from 'valtio/vanilla'
import { coreRoutes } from './api'
import { createApiClient, sleep as realSleep } from './client'
import { loadAppConfig } from './config-merge'
import { LOGIN_ABORTED_CODE, resolveError, toPorticoError } from './error-registry'
import { PorticoError } from './errors'
import { decodeJwt } from './jwt'
import { createHooks, tapOnly } from './hook-bus'
import { format, type MessageTable } from './messages'
import type {
  ChangeAccountsOptions,
  FlowIntent,
  LinkOptions,
  LoginMethodDefinition,
  LoginResult,
  LoginStart,
  PluginContext,
  PluginDefinition,
} from './plugin'
import { mergePlugins, setupPlugins } from './registry'
import { createRouter, LANDING_SCREEN } from './router'
import type { FlowController } from './flow'
import type { Flow, StepHandle, StepOptions } from './flow-types'
import { createSession, SESSION_KEYS } from './session'
import { defaultStorage, migrateStorage, type StorageAdapter } from './storage'
import type { Kernel, KernelState, LinkConflict, PorticoOptions, ResolvedError } from './types'
import type { ErrorContext, PostLoginStep, SessionStatus } from './hooks'
import type { AuthenticatedUser, LoginMode, User } from './wire'
import type { ApiError } from './errors'
import { loadOnce } from './load-once'

/** How long the success state shows before the modal closes. */
export const POST_SUCCESS_DELAY_MS = 1400
/** A post-login step (terms, wallet creation) shows this much before the close would have happened. */
export const NEXT_STEP_LEAD_MS = 500
/** After an account transfer, 'Success!' shows this long before the modal closes (spec: 1 s). */
export const TRANSFER_SUCCESS_DELAY_MS = 1000
/** The core screen a link goes to when its account belongs to another user. */
export const LINK_CONFLICT_SCREEN = 'portico/link-conflict'
/**
 * The core consent screen ('One last step'): the first step after a login whose user has not
 * accepted the terms the app requires. It resolves its step once the server recorded the acceptance.
 */
export const TERMS_SCREEN = 'portico/terms'
/**
 * Storage key of a login held at the consent step: its method and whether the user is new, for after
 * a reload; other tabs sharing the storage watch it to show the consent and to follow its answer.
 */
export const PENDING_LOGIN_KEY = 'portico:pending-login'
/** The consent step's value when another tab answered the consent: this tab follows, completing nothing. */
const FOLLOWED = Symbol('followed')

/**
 * A login answer made of the stored tokens, for a session this tab only followed from another one.
 * @param storage - the session's storage.
 * @param user - the session's user.
 * @returns the answer, as the login would have carried it.
 */
function storedAnswer(storage: StorageAdapter, user: User): AuthenticatedUser {
  const identity = storage.get(SESSION_KEYS.identity)
  return {
    user,
    token: storage.get(SESSION_KEYS.token),
    privy_access_token: storage.get(SESSION_KEYS.pat),
    refresh_token: storage.get(SESSION_KEYS.refresh),
    session_update_action: 'set',
    ...(identity ? { identity_token: identity } : {}),
  }
}

/**
 * The label of an account kind on the link-conflict screen, as a message key and its values: the
 * login method's declared `accountLabel`, else '{Provider} profile' with the method id capitalised.
 * @param method - the login method id (`email`, `google`...).
 * @param methods - the registered login methods.
 * @returns the key and values for `t`.
 * @example
 * ```ts
 * import { linkConflictLabel } from 'portico/kernel'
 * linkConflictLabel('discord', []) // { key: 'PORTICO_LINK_CONFLICT_LABEL_PROVIDER', values: { provider: 'Discord' } }
 * ```
 */
export function linkConflictLabel(
  method: string,
  methods: readonly Pick<LoginMethodDefinition, 'id' | 'accountLabel'>[],
): { key: string; values?: Record<string, string> } {
  const declared = methods.find((m) => m.id === method)?.accountLabel
  if (declared) return { key: declared }
  const provider = method.replace(/_oauth$/, '')
  return { key: 'PORTICO_LINK_CONFLICT_LABEL_PROVIDER', values: { provider: provider.charAt(0).toUpperCase() + provider.slice(1) } }
}

/** The API base URL when the host sets none: the local reference server. */
export const DEFAULT_API_URL = 'http://localhost:8787'

/**
 * Creates a Portico kernel. A page may create several; each has its own state.
 * @param options - app id, API URL, plugins, client configuration, storage and timing.
 * @returns the kernel; call `init()` to load the app configuration and restore the session.
 * @example
 * ```ts
 * import { createPortico } from 'portico/kernel'
 * import { email } from 'portico/plugins/email'
 * const kernel = createPortico({ appId: 'cl9...', apiUrl: 'http://localhost:8787', plugins: [email()] })
 * await kernel.init()
 * kernel.openModal()
 * ```
 */
export function createPortico(options: PorticoOptions): Kernel {
  if (!options || typeof options.appId !== 'string' || options.appId === '') {
    throw new PorticoError('createPortico needs an appId', { code: 'missing_or_invalid_privy_app_id' })
  }
  const appId = options.appId
  const wait = options.sleep ?? realSleep
  const storage = options.storage ?? defaultStorage()
  migrateStorage(storage)

  const merged = mergePlugins(options.plugins ?? [])
  const hooks = createHooks()
  const state = proxy<KernelState>({
    ready: false,
    config: null,
    configError: null,
    session: { status: 'loading', user: null },
    modal: { open: false, stack: [] },
    locale: { tag: 'en', dir: 'ltr' },
    plugins: {},
  })

  const api = createApiClient({
    appId,
    apiUrl: options.apiUrl ?? DEFAULT_API_URL,
    clientId: options.clientId,
    storage,
    fetch: options.fetch,
    sleep: wait,
  })
  // A user who has not accepted the terms the app requires is not signed in until they do.
  const admits = (user: User) => !state.config?.legal.requireUsersAcceptTerms || user.has_accepted_terms
  const session = createSession({
    appId,
    storage,
    api,
    hooks,
    state: state.session,
    autoRefresh: options.autoRefresh,
    cookies: options.session === 'cookies',
    admits,
    followed: () => followConsent(),
  })
  api.setTokenSource(session.tokens)
  // The locale's texts: the kernel's and each registered plugin's file, loaded when a locale is
  // chosen (the code that matches and loads a locale too, so an English page carries none of it).
  // A screen waits for the locale being loaded, so it never shows in English first.
  const pluginLocales = merged.plugins.flatMap((p) => (p.locales ? [p.locales] : []))
  const overrides: Readonly<Record<string, MessageTable>> = options.messages ?? {}
  let localeTexts: Readonly<Record<string, string>> = {}
  let localeLoad: Promise<void> = Promise.resolve()
  let localeWanted = 0
  function setLocale(requested: string): Promise<void> {
    const mine = ++localeWanted
    localeLoad = import('./locale')
      .then(async ({ resolveLocale, loadLocaleTexts, textDirection, kernelLocale }) => {
        const tag = resolveLocale(requested)
        const texts = await loadLocaleTexts(tag, [kernelLocale, ...pluginLocales])
        if (mine !== localeWanted || destroyed) return // a later choice won
        localeTexts = texts
        state.locale = { tag, dir: textDirection(tag) }
      })
      // The loader's own chunk lost (a network blip): the texts stay as they are, screens still open.
      .catch(() => undefined)
    return localeLoad
  }
  // Most specific first: the host's texts for the locale, the locale's, the host's English, English.
  const textOf = (key: string) => {
    for (const layer of [overrides[state.locale.tag], localeTexts, overrides.en, merged.messages]) {
      const text = layer && Object.hasOwn(layer, key) ? layer[key] : undefined
      if (typeof text === 'string') return text
    }
    return key
  }
  const screens = new Map(
    [...merged.screens].map(([id, def]) => [id, { ...def, load: () => Promise.all([def.load(), localeLoad]).then(([module]) => module) }]),
  )
  const router = createRouter(state.modal, screens)
  // The step stack loads with the first step (init starts the load): no step opens before a page's
  // first login, so its code stays out of the page's first chunk. Until it is there no step is open.
  let flowImpl: FlowController | null = null
  // A chunk that failed to load (a network blip) is asked for again by the next step.
  const loadFlow = loadOnce(() =>
    import('./flow').then(({ createFlow }) => {
      flowImpl = createFlow(router, state.modal)
      if (destroyed) flowImpl.destroy()
      return flowImpl
    }),
  )
  // Once loaded, a step opens at once, as callers that check the modal right after expect.
  const withFlow = <R>(use: (f: FlowController) => Promise<R>): Promise<R> => (flowImpl ? use(flowImpl) : loadFlow().then(use))
  const flow: Flow = {
    begin: (o) => withFlow((f) => f.begin(o)),
    steps: () => flowImpl?.steps() ?? [],
    current: () => flowImpl?.current() ?? null,
    stepAt: (index) => flowImpl?.stepAt(index) ?? null,
  }
  // In a right-to-left locale each value is isolated (FSI … PDI), so an address or a number keeps its
  // own direction inside the sentence.
  const t = (key: string, values?: Record<string, string | number>) =>
    format(textOf(key), values && state.locale.dir === 'rtl' ? Object.fromEntries(Object.entries(values).map(([k, v]) => [k, `\u2068${v}\u2069`])) : values)
  const loginListeners = new Set<(result: LoginResult) => void>()
  let loginMode: LoginMode = 'login-or-sign-up'
  let intent: FlowIntent = 'login'
  let destroyed = false
  if (options.locale !== undefined) void setLocale(options.locale)
  let initPromise: Promise<void> | null = null
  // Settles when init has loaded the configuration and restored the session (`PluginContext.ready`).
  let markReady!: () => void
  const readyPromise = new Promise<void>((resolve) => {
    markReady = resolve
  })
  // The link waiting on the link-conflict screen, with the plugin's transfer call.
  // Logins of this tab at their consent step (asked, or about to be): another tab's does not start one more.
  let consenting = 0
  let pendingTransfer: {
    conflict: LinkConflict
    transfer: NonNullable<LinkOptions['transfer']>
    step: StepHandle | null
  } | null = null

  // Closing the modal cancels the steps waiting on its screens (the step stack hears it from the router).
  function closeModal(opts: { force?: boolean } = {}) {
    router.close(opts)
  }

  function aborted(): PorticoError {
    return new PorticoError('Login cancelled', { code: LOGIN_ABORTED_CODE })
  }

  async function authenticate(
    call: () => Promise<AuthenticatedUser>,
    { method }: { method: string },
  ): Promise<LoginResult> {
    const wasAlreadyAuthenticated = state.session.status === 'authenticated'
    try {
      const raw = await call()
      const user = session.apply(raw)
      if (!user) throw new PorticoError('The server cleared the session instead of signing in', { code: 'unknown_auth_error' })
      // The login is done: its screen shows success now, and Back would lead into a spent flow.
      if (state.modal.open) router.settle()
      const result: LoginResult = { user, isNewUser: raw.is_new_user ?? false, method, wasAlreadyAuthenticated, raw }
      await completeLogin(result, { afterSuccess: true })
      return result
    } catch (e) {
      const err = toPorticoError(e)
      hooks.loginFailed.call(err, { method })
      throw err
    }
  }

  /**
   * Runs a stored login's steps, then completes it: the consent step while the session is
   * `pending` (the user is not signed in before it; the session is refreshed after it), then every
   * `afterAuthenticate` step.
   * A step that does not finish logs the login out.
   */
  async function completeLogin(result: LoginResult, { afterSuccess }: { afterSuccess: boolean }): Promise<void> {
    let stepsShown = 0
    const runStep = async (step: PostLoginStep, then?: () => Promise<unknown>): Promise<unknown> => {
      // The first step follows the success state, shortly before the modal would have closed.
      if (stepsShown++ === 0 && afterSuccess) await wait(POST_SUCCESS_DELAY_MS - NEXT_STEP_LEAD_MS)
      try {
        // The step's screen stays while the next step (or the close) comes.
        const value = await flow.begin<unknown>({ screen: step.screen, params: step.params, keepScreens: true, cancelError: aborted })
        if (value === FOLLOWED) return value
        await then?.()
      } catch (e) {
        // A kernel torn down (the page unmounting it) ends nothing: a reload asks again.
        if (destroyed) throw e
        // Declined, left or closed: the login does not stand.
        storage.remove(PENDING_LOGIN_KEY)
        await session.logout()
        closeModal({ force: true })
        throw e
      }
      if (state.session.user) result.user = state.session.user
    }

    // A reload at the consent screen (or another tab) asks again, for the same login.
    if (state.session.status === 'pending') {
      storage.set(PENDING_LOGIN_KEY, JSON.stringify({ method: result.method, isNewUser: result.isNewUser }))
    }
    consenting++
    try {
      while (state.session.status === 'pending') {
        // Once the step ends the session is refreshed: the user then says the terms are accepted, and
        // the new access token no longer carries the server's `terms: "pending"` claim.
        if ((await runStep({ screen: TERMS_SCREEN }, () => session.refresh())) !== FOLLOWED) continue
        // Another tab answered the consent and completes the login there; this tab only follows.
        closeModal({ force: true })
        // (The step's wait changed the status: read it afresh.)
        if ((state.session.status as SessionStatus) !== 'authenticated') throw aborted()
        return
      }
    } finally {
      consenting--
    }
    storage.remove(PENDING_LOGIN_KEY)
    if (state.session.status !== 'authenticated') throw aborted()

    for (;;) {
      const step = await hooks.afterAuthenticate.promise(result)
      if (!step) break
      await runStep(step)
    }

    hooks.loginComplete.call(result)
    for (const listener of loginListeners) listener(result)
    if (stepsShown > 0) closeModal({ force: true })
    else {
      // The success state shows for a moment; a screen the user moved to meanwhile is left alone.
      const shown = state.modal.stack[state.modal.stack.length - 1]
      void wait(POST_SUCCESS_DELAY_MS).then(() => {
        if (!destroyed && state.modal.stack[state.modal.stack.length - 1] === shown) closeModal({ force: true })
      })
    }
  }

  /**
   * Follows the consent of another tab sharing the storage: a login held at the consent step there
   * shows the consent here too; once it is answered there (accepted, or declined and logged out),
   * this tab reads the user again and its consent step ends, the modal closing.
   */
  function followConsent(): void {
    if (destroyed || !state.ready) return
    const consent = flow.steps().find((s) => s.screen === TERMS_SCREEN)
    if (state.session.status !== 'pending') {
      consent?.resolve(FOLLOWED)
      return
    }
    // The held login's key is gone while the user still reads as pending here: answered elsewhere.
    if (storage.get(PENDING_LOGIN_KEY) === null) {
      session.reload().then(followConsent, () => undefined)
      return
    }
    if (!consent && consenting === 0) resumePendingLogin()
  }
  const unwatchConsent = storage.subscribe?.((key) => {
    if (key === PENDING_LOGIN_KEY || key === null) followConsent()
  })

  /** A session restored at the consent step (a reload, another tab's login): shows it again and completes that login. */
  function resumePendingLogin(): void {
    const user = state.session.user
    // A session this tab only followed has no login answer of its own: the stored tokens stand in.
    const raw = session.lastResponse() ?? (user ? storedAnswer(storage, user) : null)
    if (state.session.status !== 'pending' || !raw || !user) return
    let saved: { method?: unknown; isNewUser?: unknown } = {}
    try {
      saved = JSON.parse(storage.get(PENDING_LOGIN_KEY) ?? '{}') as typeof saved
    } catch {
      // A damaged entry: the login is still completed, with the fallbacks below.
    }
    const method = typeof saved.method === 'string' ? saved.method : 'session'
    const result: LoginResult = { user, isNewUser: saved.isNewUser === true, method, wasAlreadyAuthenticated: false, raw }
    completeLogin(result, { afterSuccess: false }).catch((e) => hooks.loginFailed.call(toPorticoError(e), { method }))
  }

  async function beginLogin({ method }: { method: string }): Promise<LoginStart> {
    // A signed-in user adding an account has already passed the before-login steps (a captcha).
    if (state.session.status === 'authenticated') return {}
    try {
      const pre = await hooks.beforeLogin.promise({ method })
      // Once the step is done the modal returns to the screen that started the login, which goes on from there.
      if (pre) await flow.begin({ screen: pre.screen, params: pre.params, cancelError: aborted })
      const answers = await hooks.loginStart.promise({ method })
      return Object.assign({}, ...answers) as LoginStart
    } catch (e) {
      const err = toPorticoError(e)
      hooks.loginFailed.call(err, { method })
      throw err
    }
  }

  function closeAfter(ms: number) {
    // The success state shows for a moment; a screen the user moved to meanwhile is left alone.
    const shown = state.modal.stack[state.modal.stack.length - 1]
    void wait(ms).then(() => {
      if (!destroyed && shown && state.modal.stack[state.modal.stack.length - 1] === shown) closeModal({ force: true })
    })
  }

  async function refreshedUser(): Promise<User> {
    // The change's answer is not the session's source of truth: the refreshed session is.
    const user = await session.refresh()
    if (!user) throw new PorticoError('The session ended while changing accounts', { code: 'missing_or_invalid_token' })
    return user
  }

  function conflictOf(err: unknown, options: LinkOptions): LinkConflict | null {
    const e = err as Partial<ApiError> | null
    const data = e?.data
    if (e?.code !== 'account_transfer_required' || !data || typeof data.nonce !== 'string' || !data.nonce) return null
    const account = (data.account ?? {}) as { displayName?: unknown }
    const other = (data.otherUser ?? {}) as { embeddedWalletAddress?: unknown }
    const label = linkConflictLabel(options.method, merged.loginMethods)
    const handle =
      options.handle ??
      (typeof account.displayName === 'string' && account.displayName ? account.displayName : String(data.subject ?? ''))
    return {
      method: options.method,
      label: t(label.key, label.values),
      handle,
      embeddedWalletAddress: typeof other.embeddedWalletAddress === 'string' ? other.embeddedWalletAddress : null,
      data,
    }
  }

  async function link(call: () => Promise<unknown>, options: LinkOptions): Promise<User> {
    try {
      if (state.session.status !== 'authenticated') {
        throw new PorticoError('Log in before linking an account', { code: 'must_be_authenticated' })
      }
      try {
        await call()
      } catch (e) {
        const conflict = options.transfer ? conflictOf(e, options) : null
        if (!conflict || !options.transfer) throw e
        const pending = { conflict, transfer: options.transfer, step: null as StepHandle | null }
        pendingTransfer = pending
        try {
          // A fresh stack: the screens behind (a spent code) have nothing to go back to. The screen
          // stays after the transfer, for its success state.
          const { step, result } = (flowImpl ?? (await loadFlow())).open<User>(undefined, {
            screen: LINK_CONFLICT_SCREEN,
            params: { method: conflict.method },
            reset: true,
            keepScreens: true,
            cancelError: aborted,
          })
          pending.step = step
          // 'No thanks', closing the modal or a new flow: both users stay as they are.
          return await result
        } finally {
          if (pendingTransfer === pending) pendingTransfer = null
        }
      }
      const user = await refreshedUser()
      if (state.modal.open) router.settle()
      closeAfter(POST_SUCCESS_DELAY_MS)
      return user
    } catch (e) {
      const err = toPorticoError(e)
      hooks.loginFailed.call(err, { method: options.method })
      throw err
    }
  }

  async function transferAccount(): Promise<User> {
    const pending = pendingTransfer
    if (!pending) throw new PorticoError(t('PORTICO_NO_PENDING_TRANSFER'), { code: 'missing_account_transfer_inputs' })
    await pending.transfer(String(pending.conflict.data.nonce), pending.conflict.data)
    const user = await refreshedUser()
    if (state.modal.open) router.settle()
    closeAfter(TRANSFER_SUCCESS_DELAY_MS)
    pending.step?.resolve(user)
    return user
  }

  async function changeAccounts(call: () => Promise<unknown>, options: ChangeAccountsOptions): Promise<User> {
    try {
      if (state.session.status !== 'authenticated') {
        throw new PorticoError('Log in before changing linked accounts', { code: 'must_be_authenticated' })
      }
      await call()
      const user = await refreshedUser()
      if (options.closeModal) closeAfter(POST_SUCCESS_DELAY_MS)
      return user
    } catch (e) {
      // Not a login: the login listeners (useLogin's onError) hear nothing of it.
      throw toPorticoError(e)
    }
  }

  /** The error registry over this kernel's hooks, plugins and messages. */
  function resolveKernelError(error: unknown, context: ErrorContext = {}): ResolvedError {
    return resolveError(error, context, { hooks, plugins: merged.plugins, t, hasMessage: (key) => key in merged.messages })
  }

  function buildContext(plugin: PluginDefinition): PluginContext {
    state.plugins[plugin.id] = plugin.initialState?.() ?? {}
    return Object.freeze({
      pluginId: plugin.id,
      api,
      state: state.plugins[plugin.id]!,
      hooks: tapOnly(hooks),
      appId,
      storage,
      sleep: wait,
      session: () => ({ status: state.session.status, user: state.session.user }),
      logout: () => session.logout(),
      apiUrl: options.apiUrl ?? DEFAULT_API_URL,
      getAccessToken: () => session.getAccessToken(),
      refreshSession: () => session.refresh(),
      config: () => state.config,
      locale: () => state.locale.tag,
      ready: () => readyPromise,
      loginMode: () => loginMode,
      intent: () => intent,
      beginLogin,
      link,
      changeAccounts,
      navigate: (screen: string, params?: Record<string, unknown>, opts?: { replace?: boolean; reset?: boolean }) =>
        router.navigate(screen, params, opts),
      back: () => router.back(),
      step: <T>(options: StepOptions) => withFlow((f) => f.beginFor<T>(plugin.id, options)),
      authenticate,
      resolveError: (error: unknown, context: ErrorContext = {}) => resolveKernelError(error, { method: plugin.id, ...context }),
      t,
    })
  }
  const lifecycle = setupPlugins(merged.plugins, buildContext)

  function requireSignedIn(): void {
    if (state.session.status !== 'authenticated') {
      throw new PorticoError('Log in before managing sessions', { code: 'must_be_authenticated' })
    }
  }

  /** The session id (`sid`) of the stored access token, or null. */
  function currentSessionId(): string | null {
    const token = session.tokens.stored()
    const sid = token ? decodeJwt(token)?.sid : null
    return typeof sid === 'string' ? sid : null
  }

  const kernel: Kernel = {
    appId,
    options,
    state,
    hooks,
    api,
    plugins: merged.plugins,
    flow,
    init() {
      void loadFlow().catch(() => {}) // fetched early, so the first step does not wait for it
      initPromise ??= (async () => {
        try {
          const loaded = await loadAppConfig(api, appId, options.config, merged.loginMethods)
          // Plugins fill and check settings of their own (a wallet plugin's chains) before anyone reads them.
          const config = hooks.resolveConfig.call(loaded, options.config ?? {})
          state.config = config
          state.configError = null
          hooks.configLoaded.call(config)
        } catch (e) {
          state.configError = toPorticoError(e).shortMessage
        }
        // Analytics never retry and never fail init.
        api
          .request(coreRoutes.analytics, {
            event_name: 'sdk_initialize',
            client_id: options.clientId ?? null,
            payload: { clientTimestamp: new Date().toISOString() },
          })
          .catch(() => undefined)
        await session.restore()
        state.ready = true
        markReady()
        resumePendingLogin()
      })()
      return initPromise
    },
    getAccessToken: () => session.getAccessToken(),
    getIdentityToken: () => session.getIdentityToken(),
    refresh: () => session.refresh(),
    logout: () => session.logout(),
    async listSessions() {
      requireSignedIn()
      return (await api.request(coreRoutes.sessions, {})).sessions
    },
    async revokeSessions(target) {
      requireSignedIn()
      const body = 'sessionId' in target ? { session_id: target.sessionId } : { all_others: true as const }
      const currentId = 'sessionId' in target ? currentSessionId() : null
      const { revoked } = await api.request(coreRoutes.revokeSessions, body)
      // This client's own session is gone on the server: end it here too.
      if (currentId !== null && currentId === body.session_id) await session.logout()
      return revoked
    },
    openModal(screen = LANDING_SCREEN, params = {}) {
      // The host may turn sign-up off for this one attempt (`disableSignup`).
      loginMode = params.disableSignup === true ? 'no-signup' : 'login-or-sign-up'
      // Linking needs a signed-in user; otherwise the flow is a plain login. Connecting a wallet needs neither.
      intent =
        params.intent === 'connect'
          ? 'connect'
          : params.intent === 'link' && state.session.status === 'authenticated'
            ? 'link'
            : 'login'
      router.open(screen, params)
    },
    closeModal,
    navigate: (screen, params, opts) => router.navigate(screen, params, opts),
    back: () => router.back(),
    markOutcome: (index, outcome) => router.markOutcome(index, outcome),
    screen: (id) => screens.get(id),
    contextFor(pluginId) {
      const ctx = lifecycle.contexts.get(pluginId)
      if (!ctx) throw new PorticoError(`No plugin "${pluginId}" is registered`, { code: 'invalid_plugin' })
      return ctx
    },
    resolveError: resolveKernelError,
    linkConflict: () => (pendingTransfer ? { ...pendingTransfer.conflict } : null),
    transferAccount,
    resolveStep(result) {
      const step = flow.current()
      if (result === 'continue') step?.resolve()
      else step?.cancel()
    },
    t,
    setLocale,
    onLogin(listener) {
      loginListeners.add(listener)
      return () => loginListeners.delete(listener)
    },
    destroy() {
      if (destroyed) return
      destroyed = true
      lifecycle.teardown()
      session.destroy()
      unwatchConsent?.()
      loginListeners.clear()
      flowImpl?.destroy()
    },
  }
  return kernel
}
