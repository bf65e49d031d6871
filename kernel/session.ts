/**
 * The session: tokens in storage, the contract's `session_update_action`s, expiry and refresh,
 * logout, the refresh-presence cookie and cross-tab sync; or, in cookie session mode, a session the
 * server keeps in HttpOnly cookies, which this side asks about and never reads.
 * @module
 */
import { coreRoutes } from './api'
import type { KernelApiClient, TokenSource } from './client'
import type { KernelHooks } from './hooks'
import { decodeJwt, isExpired, tokenAppId, type TokenClaims } from './jwt'
import type { KernelState, StorageAdapter } from './types'
import type { AuthenticatedUser, SessionResponse, User } from './wire'

/** Storage keys of the session (the contract's names). */
export const SESSION_KEYS = {
  token: 'privy:token',
  pat: 'privy:pat',
  refresh: 'privy:refresh_token',
  identity: 'privy:id-token',
} as const

/** The refresh-presence cookie, set to `t` while a refresh token exists. */
export const SESSION_COOKIE = 'privy-session'
/** Lifetime of the refresh-presence cookie: 30 days. */
export const SESSION_COOKIE_MAX_AGE_S = 30 * 24 * 60 * 60
/** Shortest wait before an automatic refresh, so a server issuing already-expired tokens cannot cause a busy loop. */
export const MIN_AUTO_REFRESH_DELAY_MS = 5_000

const WATCHED_KEYS: ReadonlySet<string> = new Set(Object.values(SESSION_KEYS))

/** Options of {@link createSession}. */
export interface SessionOptions {
  appId: string
  storage: StorageAdapter
  api: Pick<KernelApiClient, 'request'>
  hooks: Pick<KernelHooks, 'sessionChanged' | 'loggedOut'>
  /** The kernel state's `session` part, kept up to date. */
  state: KernelState['session']
  /** Refresh before expiry and when an expired token is read. @defaultValue true */
  autoRefresh?: boolean
  /** @defaultValue Date.now */
  now?: () => number
  /**
   * Whether a user the server answered with counts as signed in; a user it refuses leaves the
   * session `pending` (tokens kept, no user shown to hosts). @defaultValue every user counts
   */
  admits?: (user: User) => boolean
  /**
   * Called once the session followed a change another tab made to the shared storage (its login,
   * refresh or logout): the user was read again, or the session was cleared.
   */
  followed?: () => void
  /**
   * Cookie session mode (the server's `sessionCookies` app setting): the server keeps the session in
   * HttpOnly cookies; nothing is stored here, no Bearer is sent, `getAccessToken()` answers null, and
   * the session state comes from the server (`GET /users/me`, refreshed with `POST /sessions`).
   * @defaultValue false
   */
  cookies?: boolean
}

/** The session of one kernel. */
export interface Session {
  /** Token source for the API client. */
  readonly tokens: TokenSource
  /** Stores a session response as its `session_update_action` says; returns the user (null after `clear`). */
  apply(response: SessionResponse | AuthenticatedUser): User | null
  /** The access token, refreshed first when expired; null when signed out. */
  getAccessToken(): Promise<string | null>
  /** The stored identity token. */
  getIdentityToken(): string | null
  /** Reads the current user again (`GET /users/me`); null when the session ended meanwhile. */
  reload(): Promise<User | null>
  /** The last session response stored (the login's, or the last refresh's); null when signed out. */
  lastResponse(): AuthenticatedUser | null
  /** Refreshes now; the user, or null when the session is gone. Errors other than `missing_or_invalid_token` are thrown and keep the tokens. */
  refresh(): Promise<User | null>
  /** Clears local state, then tells the server without waiting (errors ignored). */
  logout(): Promise<void>
  /** Restores a stored session on start: refreshes when a refresh token exists. */
  restore(): Promise<User | null>
  /** Stops timers and listeners. */
  destroy(): void
}

/**
 * Creates the session of a kernel.
 * @param options - app id, storage, API client, hooks, state and timing.
 * @returns the session.
 * @example
 * ```ts
 * import { createSession, createApiClient, createHooks, createMemoryStorage } from 'portico/kernel'
 * const storage = createMemoryStorage()
 * const api = createApiClient({ appId: 'abc', apiUrl: 'http://localhost:8787', storage })
 * const state = { status: 'loading' as const, user: null }
 * const session = createSession({ appId: 'abc', storage, api, hooks: createHooks(), state })
 * api.setTokenSource(session.tokens)
 * await session.restore()
 * ```
 */
export function createSession(options: SessionOptions): Session {
  const { storage, api, hooks, state } = options
  const now = options.now ?? Date.now
  const autoRefresh = options.autoRefresh ?? true
  let timer: ReturnType<typeof setTimeout> | undefined
  let refreshing: Promise<User | null> | null = null
  // Bumped whenever local state is cleared, so a response that arrives afterwards is dropped.
  let generation = 0
  let lastToken: string | null = storage.get(SESSION_KEYS.token)
  let destroyed = false
  let last: AuthenticatedUser | null = null
  const admits = options.admits ?? (() => true)
  const cookieMode = options.cookies ?? false

  const notify = () => {
    const authenticated = state.status === 'authenticated'
    hooks.sessionChanged.call({ authenticated, user: authenticated ? state.user : null })
  }

  function syncCookie() {
    // In cookie mode the server sets its own (HttpOnly) presence cookie.
    if (cookieMode || typeof document === 'undefined') return
    const secure = typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : ''
    document.cookie = storage.get(SESSION_KEYS.refresh)
      ? `${SESSION_COOKIE}=t; Max-Age=${SESSION_COOKIE_MAX_AGE_S}; Path=/; SameSite=Lax${secure}`
      : `${SESSION_COOKIE}=; Max-Age=0; Path=/; SameSite=Lax${secure}`
  }

  /** Wipes tokens and the user. `storageToo` is false when another tab already wiped the storage. */
  function clearLocal(storageToo = true) {
    generation++
    clearTimeout(timer)
    timer = undefined
    const had = state.status === 'authenticated' || state.status === 'pending' || Object.values(SESSION_KEYS).some((k) => storage.get(k) !== null)
    if (storageToo) for (const key of Object.values(SESSION_KEYS)) storage.remove(key)
    lastToken = null
    last = null
    syncCookie()
    const wasAuthenticated = state.status === 'authenticated'
    state.user = null
    state.status = 'unauthenticated'
    if (wasAuthenticated || had) {
      notify()
      hooks.loggedOut.call()
    }
  }

  function setUser(user: User) {
    if (!user || typeof user !== 'object' || typeof user.id !== 'string') {
      // The contract: the user's id keys everything, so a response without one is unusable.
      throw new TypeError('Session response has no user')
    }
    state.user = user
    state.status = admits(user) ? 'authenticated' : 'pending'
    notify()
  }

  /**
   * Reads the stored token the contract's way: a value that is not a decodable JWT wipes the
   * session; a token for another app logs out.
   */
  function readToken(): { raw: string; claims: TokenClaims } | null {
    const token = storage.get(SESSION_KEYS.token)
    const pat = storage.get(SESSION_KEYS.pat)
    if (token === null && pat === null) return null
    const tokenClaims = token === null ? null : decodeJwt(token)
    const patClaims = pat === null ? null : decodeJwt(pat)
    if ((token !== null && !tokenClaims) || (pat !== null && !patClaims)) {
      clearLocal()
      return null
    }
    const raw = (pat ?? token)!
    const claims = (patClaims ?? tokenClaims)!
    const app = tokenAppId(claims)
    if (app !== undefined && app !== options.appId) {
      void logout()
      return null
    }
    return { raw, claims }
  }

  function scheduleRefresh() {
    clearTimeout(timer)
    timer = undefined
    if (!autoRefresh || destroyed || !storage.get(SESSION_KEYS.refresh)) return
    const t = storage.get(SESSION_KEYS.pat) ?? storage.get(SESSION_KEYS.token)
    const exp = t ? decodeJwt(t)?.exp : undefined
    if (typeof exp !== 'number') return
    const due = (exp - 30) * 1000 - now()
    const delay = Math.min(Math.max(due, MIN_AUTO_REFRESH_DELAY_MS), 2 ** 31 - 1)
    timer = setTimeout(() => {
      timer = undefined
      refresh().catch(() => {
        // A failed background refresh keeps the session; the next read retries.
      })
    }, delay)
  }

  function apply(response: SessionResponse | AuthenticatedUser): User | null {
    if (!response || typeof response !== 'object') throw new TypeError('Session response is not an object')
    const action = response.session_update_action ?? 'set'
    if (action === 'clear') {
      clearLocal()
      return null
    }
    const r = response as AuthenticatedUser
    if (!r.user) throw new TypeError('Session response has no user')
    const put = (key: string, value: string | null | undefined, deleteWhenNull: boolean) => {
      if (value !== null && value !== undefined) storage.set(key, value)
      else if (deleteWhenNull) storage.remove(key)
    }
    const set = action === 'set'
    // Cookie mode stores no token in storage page script can read, whatever the answer holds.
    if (cookieMode) {
      last = r
      setUser(r.user)
      return r.user
    }
    put(SESSION_KEYS.token, r.token, set)
    put(SESSION_KEYS.pat, r.privy_access_token, set)
    put(SESSION_KEYS.identity, r.identity_token, set)
    // `ignore` keeps the stored refresh token whatever the response says.
    if (set) put(SESSION_KEYS.refresh, r.refresh_token, true)
    lastToken = storage.get(SESSION_KEYS.token)
    last = r
    syncCookie()
    setUser(r.user)
    scheduleRefresh()
    return r.user
  }

  async function fetchMe(): Promise<User | null> {
    const gen = generation
    const me = await api.request(coreRoutes.me, {}, { noRenew: cookieMode })
    if (gen !== generation) return null
    if (me.identity_token && !cookieMode) storage.set(SESSION_KEYS.identity, me.identity_token)
    if (last) last = { ...last, user: me.user }
    setUser(me.user)
    return me.user
  }

  /**
   * Runs a cookie-mode refresh alone among the page's tabs (Web Locks): the tabs share one refresh
   * cookie, and two refreshes sending it at once would look like a reused token to the server.
   */
  function exclusive<T>(run: () => Promise<T>): Promise<T> {
    const locks = (globalThis.navigator as { locks?: { request(name: string, cb: () => Promise<T>): Promise<T> } } | undefined)?.locks
    return locks ? locks.request(`portico:session:${options.appId}`, run) : run()
  }

  /**
   * Sends a refresh (with the stored refresh token, or in cookie mode none: the server reads the
   * refresh cookie and sets the next one) and applies the new session; a refused refresh signs out
   * locally. An answer to a session that has meanwhile changed is dropped.
   */
  async function sendRefresh(refreshToken?: string): Promise<User | null> {
    const gen = generation
    let response: SessionResponse
    try {
      response = await api.request(coreRoutes.refresh, refreshToken ? { refresh_token: refreshToken } : {})
    } catch (err) {
      if ((err as { code?: unknown } | null)?.code === 'missing_or_invalid_token') {
        if (gen === generation) clearLocal()
        return null
      }
      throw err
    }
    if (gen !== generation) return null
    return apply(response)
  }

  /** Cookie mode's refresh. Callers hold the lock ({@link exclusive}; it is not reentrant). */
  const refreshCookies = () => sendRefresh()

  /**
   * Cookie mode's answer to an access cookie the server refused (expired): asks again who is signed
   * in, since another tab may have refreshed meanwhile, and refreshes only when still refused.
   */
  function renew(): Promise<User | null> {
    refreshing ??= exclusive(async () => {
      try {
        return await fetchMe()
      } catch (err) {
        if ((err as { code?: unknown } | null)?.code !== 'missing_or_invalid_token') throw err
      }
      return refreshCookies()
    }).finally(() => {
      refreshing = null
    })
    return refreshing
  }

  function refresh(): Promise<User | null> {
    if (cookieMode) {
      refreshing ??= exclusive(refreshCookies).finally(() => {
        refreshing = null
      })
      return refreshing
    }
    refreshing ??= (async () => {
      const refreshToken = storage.get(SESSION_KEYS.refresh)
      const current = readToken()
      if (!refreshToken) {
        // Without refresh credentials the session lives only as long as its token.
        if (!current || isExpired(current.claims, now())) {
          clearLocal()
          return null
        }
        return fetchMe()
      }
      return sendRefresh(refreshToken)
    })().finally(() => {
      refreshing = null
    })
    return refreshing
  }

  async function getAccessToken(): Promise<string | null> {
    if (cookieMode) return null
    const t = readToken()
    if (!t) return null
    if (!isExpired(t.claims, now())) return t.raw
    if (!storage.get(SESSION_KEYS.refresh)) {
      clearLocal()
      return null
    }
    if (!autoRefresh) return null
    await refresh()
    const next = readToken()
    return next && !isExpired(next.claims, now()) ? next.raw : null
  }

  async function logout(): Promise<void> {
    if (cookieMode) {
      clearLocal()
      // The server clears the cookies: wait for it, so a page loaded next renders signed out.
      await api.request(coreRoutes.logout, {}).catch(() => undefined)
      return
    }
    const refreshToken = storage.get(SESSION_KEYS.refresh)
    const bearer = storage.get(SESSION_KEYS.pat) ?? storage.get(SESSION_KEYS.token)
    clearLocal()
    // Local state is already gone; the server call is best effort and never awaited.
    api
      .request(
        coreRoutes.logout,
        refreshToken ? { refresh_token: refreshToken } : {},
        bearer ? { headers: { authorization: `Bearer ${bearer}` } } : {},
      )
      .catch(() => undefined)
  }

  async function restore(): Promise<User | null> {
    if (cookieMode) {
      try {
        return await renew()
      } catch {
        if (state.status === 'loading') state.status = 'unauthenticated'
        return null
      }
    }
    if (!storage.get(SESSION_KEYS.refresh) && !storage.get(SESSION_KEYS.token) && !storage.get(SESSION_KEYS.pat)) {
      state.status = 'unauthenticated'
      return null
    }
    try {
      return await refresh()
    } catch {
      // The server could not be reached: keep the tokens for a later try, show signed out meanwhile.
      if (state.status === 'loading') state.status = 'unauthenticated'
      return null
    }
  }

  let pending = false
  const unsubscribe = cookieMode ? undefined : storage.subscribe?.((key) => {
    if (key !== null && !WATCHED_KEYS.has(key)) return
    // One login writes several keys; react once, after the last of them.
    if (pending) return
    pending = true
    queueMicrotask(() => {
      pending = false
      if (destroyed) return
      const token = storage.get(SESSION_KEYS.token) ?? storage.get(SESSION_KEYS.pat)
      if (!token) {
        if (state.status === 'authenticated' || state.status === 'pending' || lastToken) {
          clearLocal(false)
          options.followed?.()
        }
        return
      }
      if (token === lastToken) return
      lastToken = token
      fetchMe()
        .then((user) => {
          scheduleRefresh()
          if (user && !destroyed) options.followed?.()
        })
        .catch(() => undefined)
    })
  })

  return {
    tokens: cookieMode
      ? { stored: () => null, fresh: async () => null, renew: async () => (await renew().catch(() => null)) !== null }
      : { stored: () => readToken()?.raw ?? null, fresh: getAccessToken },
    apply,
    getAccessToken,
    getIdentityToken: () => (cookieMode ? null : storage.get(SESSION_KEYS.identity)),
    reload: fetchMe,
    lastResponse: () => last,
    refresh,
    logout,
    restore,
    destroy() {
      destroyed = true
      clearTimeout(timer)
      unsubscribe?.()
    },
  }
}
