/**
 * Keeps Portico's session in step with the host app's own session: the framework-free core of the
 * custom-auth plugin. One controller per kernel, made in the plugin's `setup`.
 * @module
 */
import { PorticoError } from '../../kernel/errors'
import { decodeJwt } from '../../kernel/jwt'
import type { PluginContext } from '../../kernel/plugin'
import type { Kernel } from '../../kernel/types'
import type { User } from '../../kernel/wire'
import { customAuthRoutes } from './api'
import { customAuthMessages } from './messages/en'
import type { CustomAuthErrorCode } from './errors'

/** The plugin id, also the tap name. */
export const CUSTOM_AUTH_ID = 'custom-auth'
/** The login method id reported to `onComplete` and analytics. */
export const CUSTOM_AUTH_METHOD = 'custom_jwt'
/** How often the host's token is checked again while the page is open. */
export const CUSTOM_AUTH_SYNC_INTERVAL_MS = 60_000
/** How long a sync waits for the stored session to be restored before giving up this round. */
export const SESSION_RESTORE_WAIT_MS = 30_000

/**
 * Where a sync stands.
 * - `idle`: nothing checked yet (config not loaded, or the host is still loading).
 * - `syncing`: a check is running.
 * - `synced`: Portico matches the host (signed in as its user, or signed out with it).
 * - `disabled`: the app's `custom_jwt_auth` switch is off; nothing is done.
 * - `error`: the last check failed; `error` says why.
 */
export type CustomAuthStatus = 'idle' | 'syncing' | 'synced' | 'disabled' | 'error'

/** The plugin's state slice (a valtio proxy: read it through snapshots). */
export interface CustomAuthState {
  status: CustomAuthStatus
  /** The last failure's code (`CUSTOM_AUTH_…`) and text, or null. */
  error: { code: CustomAuthErrorCode; message: string; cause?: string } | null
}

/** Options of the `customAuth` plugin. */
export interface CustomAuthOptions {
  /**
   * The host's own token for the signed-in host user, or null/undefined when the host is signed out.
   * Called on every sync; keep it cheap (return a cached token, refreshing it when needed).
   */
  getCustomAccessToken: () => Promise<string | null | undefined>
  /**
   * Whether the host is still finding out if its user is signed in. While true, syncs do nothing, so
   * Portico is not logged out during the host's own start-up.
   * @defaultValue false
   */
  isLoading?: boolean | (() => boolean)
  /**
   * The claim of the host token holding the user id, as the app's server settings say
   * (`customAuth.userIdClaim`). The client reads it (unverified) only to tell whether the Portico
   * user already is the host's user.
   * @defaultValue 'sub'
   */
  userIdClaim?: string
  /**
   * How often to check again, in ms; 0 turns the timer off (focus and visibility still check).
   * @defaultValue {@link CUSTOM_AUTH_SYNC_INTERVAL_MS}
   */
  intervalMs?: number
}

/** What the host drives the sync with. */
export interface CustomAuthController {
  /**
   * Checks the host's token now and signs Portico in or out to match. Never runs twice at once: a
   * call during a running sync waits for it and then runs once more. Never rejects; failures land in
   * `snapshot().error`.
   */
  sync(): Promise<void>
  /** Always rejects: linking a host account through the widget is not supported. */
  link(): Promise<never>
  /** The current status and error. */
  snapshot(): Readonly<CustomAuthState>
}

const controllers = new WeakMap<PluginContext, CustomAuthController>()

/** Storage key remembering which Portico user signed in through the host's token. */
const signedInKey = (appId: string) => `portico:custom-auth:${appId}:user`

function pluginError(code: CustomAuthErrorCode, cause?: unknown): PorticoError {
  return new PorticoError(customAuthMessages[code], {
    code,
    cause,
    details: cause instanceof Error ? cause.message : undefined,
  })
}

/** Maps a failed authenticate call to the plugin's code. */
function codeOf(err: unknown): CustomAuthErrorCode {
  const code = (err as { code?: unknown } | null)?.code
  if (code === 'invalid_credentials') return 'CUSTOM_AUTH_INVALID_TOKEN'
  if (code === 'feature_not_enabled' || code === 'disallowed_login_method') return 'CUSTOM_AUTH_NOT_ENABLED'
  return 'CUSTOM_AUTH_FAILED'
}

/** Codes that a retry with the same token cannot fix. */
const FINAL_CODES: ReadonlySet<CustomAuthErrorCode> = new Set(['CUSTOM_AUTH_INVALID_TOKEN', 'CUSTOM_AUTH_NOT_ENABLED'])

/**
 * Builds the controller for one kernel and wires its triggers (config loaded, window focus,
 * visibility, interval). Called by the plugin's `setup`.
 * @internal
 * @param ctx - the plugin's context.
 * @param options - the plugin's options.
 * @returns a teardown.
 */
export function startCustomAuthSync(ctx: PluginContext<CustomAuthState>, given: CustomAuthOptions): () => void {
  // Plain-JS hosts may call the factory without options: the failure then shows in the status.
  const options: Partial<CustomAuthOptions> = given ?? {}
  const state = ctx.state
  const claim = options.userIdClaim ?? 'sub'
  let running: Promise<void> | null = null
  let again: Promise<void> | null = null
  let destroyed = false
  // A token the server refused for good is not sent again; a new token is.
  let refusedToken: string | null = null

  const hostLoading = () =>
    typeof options.isLoading === 'function' ? options.isLoading() : options.isLoading === true

  function fail(code: CustomAuthErrorCode, cause?: unknown) {
    const err = pluginError(code, cause)
    state.status = 'error'
    state.error = { code, message: err.shortMessage, ...(err.details ? { cause: err.details } : {}) }
  }

  /** Resolves once the stored session is restored (status leaves `loading`), or false on timeout. */
  function sessionSettled(): Promise<boolean> {
    if (ctx.session().status !== 'loading') return Promise.resolve(true)
    return new Promise((resolve) => {
      const started = Date.now()
      const check = () => {
        if (destroyed) return resolve(false)
        if (ctx.session().status !== 'loading') return resolve(true)
        if (Date.now() - started > SESSION_RESTORE_WAIT_MS) return resolve(false)
        setTimeout(check, 50)
      }
      setTimeout(check, 50)
    })
  }

  function customUserId(user: User | null): string | undefined {
    const account = user?.linked_accounts.find((a) => a.type === 'custom_auth') as { custom_user_id?: string } | undefined
    return account?.custom_user_id
  }

  function tokenUserId(token: string): string | undefined {
    const value = (decodeJwt(token) as Record<string, unknown> | null)?.[claim]
    if (typeof value === 'number') return String(value)
    return typeof value === 'string' ? value : undefined
  }

  async function once(): Promise<void> {
    if (destroyed) return
    const config = ctx.config()
    if (!config) return
    if (config.server.custom_jwt_auth !== true) {
      state.status = 'disabled'
      return
    }
    if (hostLoading()) {
      state.status = 'idle'
      return
    }
    state.status = 'syncing'
    if (!(await sessionSettled())) {
      state.status = 'idle'
      return
    }
    let token: string | null | undefined
    try {
      if (typeof options.getCustomAccessToken !== 'function') {
        throw new TypeError('customAuth() needs a getCustomAccessToken callback')
      }
      token = await options.getCustomAccessToken()
    } catch (err) {
      fail('CUSTOM_AUTH_TOKEN_CALLBACK_FAILED', err)
      return
    }
    if (destroyed) return
    const session = ctx.session()
    const mark = ctx.storage.get(signedInKey(ctx.appId))
    const viaCustomAuth = session.status === 'authenticated' && !!session.user && mark === session.user.id

    if (!token) {
      refusedToken = null
      // Only a session this plugin made follows the host out; a user who signed in otherwise stays.
      if (viaCustomAuth) {
        ctx.storage.remove(signedInKey(ctx.appId))
        await ctx.logout()
      }
      state.status = 'synced'
      state.error = null
      return
    }

    const current = customUserId(session.user)
    const wanted = tokenUserId(token)
    if (session.status === 'authenticated') {
      // Already the host's user: nothing to do. A user signed in another way, without a host
      // account, is left alone; only a different host user is replaced.
      if (current !== undefined && (wanted === undefined || current === wanted)) {
        state.status = 'synced'
        state.error = null
        return
      }
      if (current === undefined && !viaCustomAuth) {
        state.status = 'synced'
        state.error = null
        return
      }
    }
    if (token === refusedToken) {
      // The refusal stands until the host hands over another token.
      state.status = 'error'
      return
    }
    try {
      const result = await ctx.authenticate(
        () => ctx.api.request(customAuthRoutes.authenticate, { token, mode: ctx.loginMode() }),
        { method: CUSTOM_AUTH_METHOD },
      )
      ctx.storage.set(signedInKey(ctx.appId), result.user.id)
      refusedToken = null
      state.status = 'synced'
      state.error = null
    } catch (err) {
      const code = codeOf(err)
      if (FINAL_CODES.has(code)) refusedToken = token
      fail(code, err)
    }
  }

  function sync(): Promise<void> {
    if (!running) {
      running = once()
        .catch((err) => fail('CUSTOM_AUTH_FAILED', err))
        .finally(() => {
          running = null
        })
      return running
    }
    // One follow-up at most: whatever changed meanwhile is seen by a single later run.
    again ??= running.then(() => {
      again = null
      return sync()
    })
    return again
  }

  const controller: CustomAuthController = {
    sync,
    link: () => Promise.reject(pluginError('CUSTOM_AUTH_LINK_UNSUPPORTED')),
    snapshot: () => ({ status: state.status, error: state.error }),
  }
  controllers.set(ctx as PluginContext, controller)

  const untapConfig = ctx.hooks.configLoaded.tap(CUSTOM_AUTH_ID, () => void sync())
  // A logout from elsewhere (the host's "Log out" of Portico, another tab) ends what this plugin made.
  const untapLogout = ctx.hooks.loggedOut.tap(CUSTOM_AUTH_ID, () => ctx.storage.remove(signedInKey(ctx.appId)))
  const onFocus = () => void sync()
  const onVisible = () => {
    if (document.visibilityState === 'visible') void sync()
  }
  if (typeof window !== 'undefined') window.addEventListener('focus', onFocus)
  if (typeof document !== 'undefined') document.addEventListener('visibilitychange', onVisible)
  const every = options.intervalMs ?? CUSTOM_AUTH_SYNC_INTERVAL_MS
  const timer = every > 0 ? setInterval(() => void sync(), every) : undefined
  // A config that loaded before setup (never today, but cheap to cover).
  if (ctx.config()) void sync()

  return () => {
    destroyed = true
    untapConfig()
    untapLogout()
    clearInterval(timer)
    if (typeof window !== 'undefined') window.removeEventListener('focus', onFocus)
    if (typeof document !== 'undefined') document.removeEventListener('visibilitychange', onVisible)
    controllers.delete(ctx as PluginContext)
  }
}

/**
 * The custom-auth controller of a kernel, for hosts without React.
 * @param kernel - a kernel created with the `customAuth` plugin.
 * @returns its controller: `sync()`, `link()`, `snapshot()`.
 * @throws PorticoError `invalid_plugin` when the kernel has no custom-auth plugin.
 * @example
 * ```ts
 * import { createPortico } from 'portico/kernel'
 * import { customAuth, getCustomAuth } from 'portico/plugins/custom-auth'
 * const kernel = createPortico({ appId, plugins: [customAuth({ getCustomAccessToken: async () => myToken })] })
 * await kernel.init()
 * await getCustomAuth(kernel).sync()
 * ```
 */
export function getCustomAuth(kernel: Kernel): CustomAuthController {
  const controller = controllers.get(kernel.contextFor(CUSTOM_AUTH_ID))
  if (!controller) throw new PorticoError('The custom-auth plugin is not running on this kernel', { code: 'invalid_plugin' })
  return controller
}
