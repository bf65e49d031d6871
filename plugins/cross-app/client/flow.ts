/**
 * The cross-app login, client side. Requester: a popup on the provider app's page (OAuth provider
 * `privy:<provider app id>` of `/oauth/init`), its answer posted back by the popup, then
 * `/oauth/authenticate` (or `/oauth/link`). Provider: the authorization request carried in the page
 * address, kept across the provider's own login, then the consent.
 * @module
 */
import { messageKeyOf, PorticoError, type ErrorReaction } from '../../../kernel/errors'
import type { PluginContext } from '../../../kernel/plugin'
import type { OAuthTokens } from '../../../kernel/wire'
import { codeChallenge, oauthRoutes, randomCode, stripOAuthParams } from '../../../protocols/oauth'
import { CROSS_APP_STATE_PARAM, crossAppRoutes } from '../api'
import { CROSS_APP_ERRORS, type CrossAppErrorCode } from '../errors'
import { awaitPopup, CROSS_APP_TIMEOUT_MS, openCrossAppPopup } from './popup'

/** A provider app as the requester's page shows it. */
export interface CrossAppProvider {
  id: string
  /** The app's name; empty while the requester does not know it (the screens then say 'another app', in the locale of the moment). */
  name: string
  iconUrl: string | null
  readOnly: boolean
}

/** A checked authorization request on the provider's page. */
export interface ConsentRequest {
  client_id: string
  redirect_uri: string
  state: string
  code_challenge: string
}

/** The plugin's state slice. */
export interface CrossAppState {
  /** Requester side: the flow's progress. */
  status: 'idle' | 'connecting' | 'verifying' | 'success' | 'error'
  provider: CrossAppProvider | null
  error: { code: CrossAppErrorCode; message: string; retryable: boolean } | null
  /** Provider apps this app may sign in with (`connections`), null until loaded. */
  connections: CrossAppProvider[] | null
  /** Provider side: the pending authorization request, if the page was opened with one. */
  request: ConsentRequest | null
  /** How long a popup (login or transaction) is waited for: the plugin's `timeoutMs` option. */
  timeoutMs: number
}

/** Screen ids. */
export const CROSS_APP_SCREENS = { connecting: 'cross-app/connecting', consent: 'cross-app/consent' } as const

/** The popup's messages to its opener. */
export const CROSS_APP_MESSAGES = { response: 'PRIVY_OAUTH_RESPONSE', error: 'PRIVY_OAUTH_ERROR' } as const

const REQUEST_PARAMS = [CROSS_APP_STATE_PARAM, 'client_id', 'redirect_uri', 'code_challenge'] as const
/** Where the provider page keeps the request across its own OAuth redirect. */
export const PENDING_REQUEST_KEY = 'portico:cross-app:request'

/**
 * The storage key of a provider app's access token (contract §3).
 * @param providerAppId - the provider app id.
 * @returns `privy:cross-app:<providerAppId>`.
 * @example
 * ```ts
 * crossAppTokenKey('abc') // 'privy:cross-app:abc'
 * ```
 */
export function crossAppTokenKey(providerAppId: string): string {
  return `privy:cross-app:${providerAppId}`
}

/**
 * The initial state slice.
 * @returns an idle slice.
 * @example
 * ```ts
 * initialCrossAppState().status // 'idle'
 * ```
 */
export function initialCrossAppState(): CrossAppState {
  return { status: 'idle', provider: null, error: null, connections: null, request: null, timeoutMs: CROSS_APP_TIMEOUT_MS }
}

const slice = (ctx: PluginContext) => ctx.state as CrossAppState

/**
 * The provider app's name as the texts show it: its name, or 'another app' in the current locale
 * while it is not known.
 * @param ctx - the cross-app plugin's context.
 * @param provider - the provider the flow runs with.
 * @returns the name.
 */
export function providerName(ctx: Pick<PluginContext, 't'>, provider: Pick<CrossAppProvider, 'name'> | null | undefined): string {
  return provider?.name || ctx.t('CROSS_APP_OTHER_APP')
}
// Windows stay out of the valtio slice (a proxy would wrap them).
const popups = new WeakMap<object, Window>()

function fail(ctx: PluginContext, code: CrossAppErrorCode) {
  const s = slice(ctx)
  const reaction: ErrorReaction = CROSS_APP_ERRORS[code]
  s.error = {
    code,
    message: ctx.t(messageKeyOf(code, reaction), { app: providerName(ctx, s.provider) }),
    retryable: reaction.retryable === true,
  }
  s.status = 'error'
  ctx.navigate(CROSS_APP_SCREENS.connecting, {}, { replace: true })
}

/** Kernel-screen errors (allowlist, user limit, account not found, transfer) are left to the kernel. */
const KERNEL_CODES = new Set(['allowlist_rejected', 'max_accounts_reached', 'user_does_not_exist', 'account_transfer_required'])

function codeFor(err: unknown): CrossAppErrorCode | null {
  const code = (err as { code?: unknown } | null)?.code
  if (code === 'exited_auth_flow' || (typeof code === 'string' && KERNEL_CODES.has(code))) return null
  if (code === 'oauth_user_denied') return 'CROSS_APP_CANCELED'
  if (code === 'client_request_timeout') return 'CROSS_APP_TIMEOUT'
  for (const [key, reaction] of Object.entries(CROSS_APP_ERRORS)) {
    if ((reaction as { from?: readonly string[] }).from?.includes(String(code))) return key as CrossAppErrorCode
  }
  return 'CROSS_APP_FAILED'
}

/**
 * Loads the provider apps this app may sign in with (`GET /apps/:app_id/cross-app/connections`) into the slice.
 * @param ctx - the plugin's context.
 * @returns the providers.
 * @example
 * ```ts
 * const providers = await loadConnections(kernel.contextFor('cross-app'))
 * ```
 */
export async function loadConnections(ctx: PluginContext): Promise<CrossAppProvider[]> {
  const { connections } = await ctx.api.request(crossAppRoutes.connections, undefined, { params: { app_id: ctx.appId } })
  const list = connections.map((c) => ({ id: c.provider_app_id, name: c.provider_app_name, iconUrl: c.provider_app_icon_url, readOnly: c.read_only }))
  slice(ctx).connections = list
  return list
}

/** Options of {@link loginWithCrossAppAccount}. */
export interface CrossAppLoginOptions {
  /** The provider app id. */
  appId: string
  /** The window (tests pass jsdom's). @defaultValue globalThis.window */
  win?: Window
  /**
   * Run without the modal (the host's own button): no 'Connecting to {app}' screen, and a failure
   * rejects (with the plugin's code, such as `CROSS_APP_CANCELED`) instead of being shown. @defaultValue false
   */
  headless?: boolean
}

/**
 * Signs in (or links, when the modal was opened to link) with an account of another app. Call it
 * from a click handler: the popup opens before anything is awaited, so blockers allow it. Shows
 * 'Connecting to {app}' meanwhile; a closed popup is 'User canceled flow', 120 s is a timeout.
 * @param ctx - the cross-app plugin's context.
 * @param options - the provider app id.
 * @returns once signed in, or once the failure is shown.
 * @example
 * ```ts
 * import { loginWithCrossAppAccount } from 'portico/plugins/cross-app'
 * button.onclick = () => loginWithCrossAppAccount(kernel.contextFor('cross-app'), { appId: 'clprovider00000000000000000' })
 * ```
 */
export async function loginWithCrossAppAccount(ctx: PluginContext, options: CrossAppLoginOptions): Promise<void> {
  const win = options.win ?? globalThis.window
  const s = slice(ctx)
  const known = s.connections?.find((c) => c.id === options.appId)
  s.provider = known ?? { id: options.appId, name: '', iconUrl: null, readOnly: false }
  s.error = null
  s.status = 'connecting'
  const headless = options.headless === true
  // Synchronously, inside the user's click: a popup opened after an await is blocked.
  const popup = openCrossAppPopup(win, 'portico-cross-app')
  if (!headless) ctx.navigate(CROSS_APP_SCREENS.connecting)
  if (!popup && headless) {
    s.status = 'error'
    throw new PorticoError('The pop-up was blocked', { code: 'CROSS_APP_FAILED' })
  }
  if (!popup) {
    // Blocked: the error names the provider app, if this app may use it.
    if (!known) await loadConnections(ctx).then((list) => (s.provider = list.find((c) => c.id === options.appId) ?? s.provider), () => undefined)
    return fail(ctx, 'CROSS_APP_FAILED')
  }
  popups.set(ctx, popup)
  const provider = `privy:${options.appId}`
  const link = ctx.intent() === 'link'
  try {
    if (!known) {
      const found = (await loadConnections(ctx)).find((c) => c.id === options.appId)
      if (found) s.provider = found
    }
    const { token: captchaToken } = await ctx.beginLogin({ method: provider })
    if (!headless) ctx.navigate(CROSS_APP_SCREENS.connecting, {}, { replace: true })
    const verifier = randomCode()
    const stateCode = randomCode()
    const { url } = await ctx.api.request(oauthRoutes.init, {
      provider,
      redirect_to: stripOAuthParams(win.location.href),
      code_challenge: await codeChallenge(verifier),
      state_code: stateCode,
      ...(captchaToken ? { token: captchaToken } : {}),
    })
    if (popup.closed) throw new PorticoError('User canceled flow', { code: 'oauth_user_denied' })
    popup.location.href = url
    const code = await waitForAnswer(win, popup, stateCode, s.timeoutMs)
    s.status = 'verifying'
    const body = { authorization_code: code, state_code: stateCode, code_verifier: verifier }
    let tokens: OAuthTokens | undefined
    if (link) {
      await ctx.link(async () => {
        const user = await ctx.api.request(oauthRoutes.link, body)
        tokens = user.oauth_tokens
        s.status = 'success'
        return user
      }, { method: provider })
    } else {
      await ctx.authenticate(async () => {
        const auth = await ctx.api.request(oauthRoutes.authenticate, { ...body, mode: ctx.loginMode() })
        tokens = auth.oauth_tokens
        s.status = 'success'
        return auth
      }, { method: provider })
    }
    if (tokens) ctx.storage.set(crossAppTokenKey(options.appId), tokens.access_token)
    s.status = 'success'
  } catch (err) {
    if (!popup.closed) popup.close()
    const code = codeFor(err)
    if (headless) {
      s.status = code ? 'error' : 'idle'
      // The host shows the failure: the plugin's code, with the original error as the cause.
      throw code ? new PorticoError(ctx.t(messageKeyOf(code, CROSS_APP_ERRORS[code]), { app: providerName(ctx, s.provider) }), { code, cause: err }) : err
    }
    if (code) fail(ctx, code)
    else s.status = 'idle'
  } finally {
    popups.delete(ctx)
  }
}

/**
 * Brings the flow's popup to the front again ('Reopen pop-up').
 * @param ctx - the plugin's context.
 * @example
 * ```ts
 * focusPopup(ctx)
 * ```
 */
export function focusPopup(ctx: PluginContext): void {
  popups.get(ctx)?.focus()
}

/**
 * Abandons the running flow: closes its popup (the flow then ends as 'User canceled flow').
 * @param ctx - the plugin's context.
 * @example
 * ```ts
 * cancelCrossApp(ctx)
 * ```
 */
export function cancelCrossApp(ctx: PluginContext): void {
  popups.get(ctx)?.close()
}

/** Waits for the popup's answer: our origin and our popup only, and the state we sent. */
function waitForAnswer(win: Window, popup: Window, stateCode: string, timeoutMs: number): Promise<string> {
  return awaitPopup(win, popup, {
    origin: win.location.origin,
    timeoutMs,
    read(data) {
      if (data.type === CROSS_APP_MESSAGES.response) {
        if (data.stateCode !== stateCode || typeof data.authorizationCode !== 'string') {
          throw new PorticoError('The returned state code does not match the stored one.', { code: 'pkce_state_code_mismatch' })
        }
        return { value: data.authorizationCode }
      }
      if (data.type === CROSS_APP_MESSAGES.error) {
        const code = data.error === 'oauth_user_denied' ? 'oauth_user_denied' : 'unknown_auth_error'
        throw new PorticoError('User canceled flow', { code })
      }
      return undefined
    },
    closed: () => new PorticoError('User canceled flow', { code: 'oauth_user_denied' }),
  })
}

/**
 * In the popup, back on the requester's page with `privy_oauth_*` for a `privy:` provider: posts
 * `PRIVY_OAUTH_RESPONSE {stateCode, authorizationCode}` (or `PRIVY_OAUTH_ERROR`) to the opener for
 * this exact origin, and closes.
 * @param win - the window. @defaultValue globalThis.window
 * @returns true when the page was such a popup return.
 * @example
 * ```ts
 * if (handlePopupReturn()) return
 * ```
 */
export function handlePopupReturn(win: Window | undefined = globalThis.window): boolean {
  if (!win?.location) return false
  const url = new URL(win.location.href)
  const provider = url.searchParams.get('privy_oauth_provider')
  if (!provider?.startsWith('privy:')) return false
  const code = url.searchParams.get('privy_oauth_code')
  const state = url.searchParams.get('privy_oauth_state') ?? ''
  const error = url.searchParams.get('privy_oauth_error')
  win.history.replaceState(win.history.state, '', stripOAuthParams(url.href))
  const opener = win.opener as Window | null
  if (!opener || opener === win) return true
  const message =
    error || !code || code === 'undefined'
      ? { type: CROSS_APP_MESSAGES.error, error: error ? 'unknown_auth_error' : 'oauth_user_denied', provider }
      : { type: CROSS_APP_MESSAGES.response, stateCode: state, authorizationCode: code, provider }
  // The exact origin: the message carries a live authorization code.
  opener.postMessage(message, win.location.origin)
  win.close()
  return true
}

/**
 * On the provider app's page: takes the authorization request out of the address (or from session
 * storage, after the provider's own OAuth redirect) and keeps it in the slice.
 * @param ctx - the plugin's context.
 * @param win - the window. @defaultValue globalThis.window
 * @returns the request, or null when the page has none.
 * @example
 * ```ts
 * const request = readConsentRequest(ctx)
 * ```
 */
export function readConsentRequest(ctx: PluginContext, win: Window | undefined = globalThis.window): ConsentRequest | null {
  if (!win?.location) return null
  const url = new URL(win.location.href)
  let request: ConsentRequest | null = null
  if (url.searchParams.has(CROSS_APP_STATE_PARAM)) {
    const q = url.searchParams
    request = {
      state: q.get(CROSS_APP_STATE_PARAM) ?? '',
      client_id: q.get('client_id') ?? '',
      redirect_uri: q.get('redirect_uri') ?? '',
      code_challenge: q.get('code_challenge') ?? '',
    }
    for (const name of REQUEST_PARAMS) url.searchParams.delete(name)
    win.history.replaceState(win.history.state, '', url.href)
    try {
      win.sessionStorage.setItem(PENDING_REQUEST_KEY, JSON.stringify(request))
    } catch {
      // no session storage: the request lives in memory only
    }
  } else {
    try {
      const saved = win.sessionStorage.getItem(PENDING_REQUEST_KEY)
      if (saved) request = JSON.parse(saved) as ConsentRequest
    } catch {
      request = null
    }
  }
  slice(ctx).request = request
  return request
}

/**
 * Forgets the pending authorization request (after Allow or Cancel).
 * @param ctx - the plugin's context.
 * @param win - the window. @defaultValue globalThis.window
 * @example
 * ```ts
 * clearConsentRequest(ctx)
 * ```
 */
export function clearConsentRequest(ctx: PluginContext, win: Window | undefined = globalThis.window): void {
  slice(ctx).request = null
  try {
    win?.sessionStorage.removeItem(PENDING_REQUEST_KEY)
  } catch {
    // nothing stored
  }
}
