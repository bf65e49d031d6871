/**
 * The OAuth round trip, client side: start (captcha, PKCE, init, then a full-page redirect or a
 * popup), the return to the page (state check, denial, authenticate or link), and the popup's
 * message to its opener.
 * @module
 */
import { PorticoError } from '../../../kernel/errors'
import { openCenteredWindow } from '../../../kernel/popup'
import type { PluginContext } from '../../../kernel/plugin'
import { oauthRoutes } from '../../../protocols/oauth/routes'
import { OAUTH_CLIENT_CODES, OAUTH_ERROR_TEXTS } from '../errors'
import { oauthErrorView, type OAuthErrorView } from './error-view'
import { codeChallenge } from '../../../protocols/oauth/pkce'
import { beginStoredFlow, clearStoredFlow, readStoredFlow } from './stored-flow'
import { providerDisplay, scopePhrase } from './providers'
import { hasOAuthParams, readOAuthReturn, stripOAuthParams, type OAuthReturn } from '../../../protocols/oauth/return-url'

/** The code the server's `privy_oauth_error` carries for a failed round trip (expired attempt, provider failure). */
const RETURN_ERROR_CODE = 'invalid_credentials'

/** How the provider's page is shown. */
export type OAuthMode = 'redirect' | 'popup'

/** The OAuth plugin's state slice: what the status screen draws. */
export interface OAuthState {
  status: 'idle' | 'starting' | 'waiting' | 'verifying' | 'success' | 'error'
  provider: string | null
  mode: OAuthMode
  intent: 'login' | 'link'
  error: OAuthErrorView | null
}

/** The status screen's id. */
export const STATUS_SCREEN = 'oauth/status'
/** The in-app browser screen's id. */
export const IN_APP_SCREEN = 'oauth/in-app-browser'

/** `postMessage` types between the popup and its opener. */
export const POPUP_MESSAGES = { response: 'PRIVY_OAUTH_RESPONSE', error: 'PRIVY_OAUTH_ERROR' } as const

/** Size of the popup window. */
export const POPUP_SIZE = { width: 440, height: 680 } as const

/** A popup message. */
export type PopupMessage =
  | { type: typeof POPUP_MESSAGES.response; code: string; state: string; provider: string }
  | { type: typeof POPUP_MESSAGES.error; error: string; provider: string | null }

/**
 * The initial state slice.
 * @returns an idle state.
 * @example
 * ```ts
 * initialOAuthState().status // 'idle'
 * ```
 */
export function initialOAuthState(): OAuthState {
  return { status: 'idle', provider: null, mode: 'redirect', intent: 'login', error: null }
}

/** User agents of apps' embedded browsers, where Google refuses sign-in (`disallowed_useragent`). */
const IN_APP_UA = /\b(FBAN|FBAV|FB_IAB|Instagram|LinkedInApp|musical_ly|BytedanceWebview|TikTok|Line\/|Snapchat|MicroMessenger|Twitter for)/i

/**
 * Whether the page runs in an app's embedded browser.
 * @param userAgent - `navigator.userAgent`.
 * @returns true for Instagram, Facebook, LinkedIn, TikTok, LINE, Snapchat, WeChat and Twitter in-app browsers.
 * @example
 * ```ts
 * isInAppBrowser('Mozilla/5.0 (iPhone) Instagram 300.0') // true
 * ```
 */
export function isInAppBrowser(userAgent: string): boolean {
  return IN_APP_UA.test(userAgent)
}

/** Providers known to refuse sign-in inside embedded browsers. */
const BLOCKS_IN_APP = new Set(['google'])

function slice(ctx: PluginContext): OAuthState {
  return ctx.state as OAuthState
}

function fail(ctx: PluginContext, err: unknown, provider: string | null, headless: boolean): void {
  const s = slice(ctx)
  const display = providerDisplay(provider, ctx.config())
  const view = oauthErrorView(err, { name: display.name, scopes: scopePhrase(display.scopes) }, ctx.t)
  if (!view) {
    s.status = 'idle'
    return
  }
  s.error = view
  s.status = 'error'
  if (headless) return
  if (view.screen) ctx.navigate(view.screen, { code: view.code, message: view.message, provider }, { replace: true })
  else ctx.navigate(STATUS_SCREEN, {}, { replace: true })
}

/** Options of {@link startOAuth}. */
export interface StartOAuthOptions {
  provider: string
  /** @defaultValue 'redirect' */
  mode?: OAuthMode
  /** Link to the signed-in user instead of logging in. @defaultValue the modal's intent */
  intent?: 'login' | 'link'
  /** Start without the modal: the return completes the login silently. */
  headless?: boolean
  /** Refuse to create a new user ('no-signup'). @defaultValue the modal's login mode */
  disableSignup?: boolean
  /** The window to use (tests pass jsdom's). @defaultValue globalThis.window */
  win?: Window
}

/**
 * Starts an OAuth login: the captcha step, a new verifier and state code, `POST /oauth/init`, then
 * the provider's page in this tab (redirect) or in a centred 440×680 popup (a blocked popup falls
 * back to the redirect). Failures show on the status screen.
 * @param ctx - the OAuth plugin's context.
 * @param options - provider, mode, intent.
 * @returns once the browser is on its way (redirect) or the popup's result is handled.
 * @throws PorticoError 'Provider must be set when initializing OAuth authentication.' without a provider.
 * @example
 * ```ts
 * import { startOAuth } from 'portico/plugins/oauth'
 * await startOAuth(kernel.contextFor('oauth'), { provider: 'google', mode: 'popup' })
 * ```
 */
export async function startOAuth(ctx: PluginContext, options: StartOAuthOptions): Promise<void> {
  const { provider, headless = false } = options
  if (!provider) throw new PorticoError(OAUTH_ERROR_TEXTS.missingProvider, { code: OAUTH_CLIENT_CODES.unknown })
  const win = options.win ?? globalThis.window
  const s = slice(ctx)
  const intent = options.intent ?? (ctx.intent() === 'link' ? 'link' : 'login')
  let mode: OAuthMode = options.mode ?? 'redirect'
  Object.assign(s, { status: 'starting', provider, mode, intent, error: null } satisfies OAuthState)

  if (BLOCKS_IN_APP.has(provider) && isInAppBrowser(win.navigator.userAgent)) {
    fail(ctx, new PorticoError(OAUTH_ERROR_TEXTS.invalidCode, { code: OAUTH_CLIENT_CODES.inAppBrowser }), provider, headless)
    return
  }
  try {
    const { token: captchaToken } = await ctx.beginLogin({ method: provider })
    const { codeVerifier, stateCode } = beginStoredFlow(ctx.storage, {
      provider,
      intent,
      disableSignup: options.disableSignup ?? ctx.loginMode() === 'no-signup',
      headless,
      popup: mode === 'popup',
    })
    const { url } = await ctx.api.request(oauthRoutes.init, {
      provider,
      redirect_to: stripOAuthParams(win.location.href),
      code_challenge: await codeChallenge(codeVerifier),
      state_code: stateCode,
      ...(captchaToken ? { token: captchaToken } : {}),
    })
    if (mode === 'popup') {
      const popup = openPopup(win, url)
      if (popup) {
        s.status = 'waiting'
        await waitForPopup(ctx, win, popup, provider)
        return
      }
      // Blocked: the same flow through this tab instead.
      mode = 'redirect'
      s.mode = 'redirect'
      ctx.storage.remove('privy:oauth_popup')
    }
    s.status = 'waiting'
    win.location.assign(url)
  } catch (err) {
    clearStoredFlow(ctx.storage)
    fail(ctx, err, provider, headless)
  }
}

/**
 * Opens the provider's page in a centred popup.
 * @param win - the opener.
 * @param url - the authorization URL.
 * @returns the popup, or null when the browser blocked it.
 * @example
 * ```ts
 * openPopup(window, 'https://accounts.google.com/o/oauth2/v2/auth?...')
 * ```
 */
export function openPopup(win: Window, url: string): Window | null {
  return openCenteredWindow(win, url, 'portico-oauth', POPUP_SIZE)
}

/** How often the opener checks whether the user closed the popup. */
const POPUP_POLL_MS = 500
/** Grace after the popup closed, for its last message to arrive. */
const POPUP_CLOSE_GRACE_MS = 1000

/** Error codes a popup may pass on as they are (a denial, the server's failed round trip); others become `unknown_auth_error`. */
const POPUP_ERROR_CODES: ReadonlySet<string> = new Set([OAUTH_CLIENT_CODES.userDenied, RETURN_ERROR_CODE])

/** Waits for the popup's message (same origin only, our popup only) and completes the flow with it. */
function waitForPopup(ctx: PluginContext, win: Window, popup: Window, provider: string): Promise<void> {
  return new Promise((resolve) => {
    let closedAt = 0
    const done = (run: () => Promise<void>) => {
      win.removeEventListener('message', onMessage)
      clearInterval(poll)
      run().then(resolve, resolve)
    }
    const onMessage = (event: MessageEvent) => {
      // Only our own origin may answer: another page could forge a code otherwise.
      if (event.origin !== win.location.origin) return
      if (event.source && event.source !== popup) return
      const data = event.data as Partial<PopupMessage> | null
      if (!data || typeof data !== 'object') return
      if (data.type === POPUP_MESSAGES.response) {
        const m = data as Extract<PopupMessage, { type: 'PRIVY_OAUTH_RESPONSE' }>
        done(() => completeOAuth(ctx, { code: String(m.code), state: String(m.state), provider: String(m.provider) }))
      } else if (data.type === POPUP_MESSAGES.error) {
        const m = data as Extract<PopupMessage, { type: 'PRIVY_OAUTH_ERROR' }>
        const code = POPUP_ERROR_CODES.has(String(m.error)) ? String(m.error) : OAUTH_CLIENT_CODES.unknown
        done(async () => {
          const { headless } = readStoredFlow(ctx.storage)
          clearStoredFlow(ctx.storage)
          fail(ctx, new PorticoError(OAUTH_ERROR_TEXTS.invalidCode, { code }), provider, headless)
        })
      }
    }
    const poll = setInterval(() => {
      if (!popup.closed) return
      closedAt ||= Date.now()
      // Closed without an answer: the user gave up at the provider.
      if (Date.now() - closedAt < POPUP_CLOSE_GRACE_MS) return
      done(async () => {
        clearStoredFlow(ctx.storage)
        fail(ctx, new PorticoError(OAUTH_ERROR_TEXTS.invalidCode, { code: OAUTH_CLIENT_CODES.userDenied }), provider, false)
      })
    }, POPUP_POLL_MS)
    win.addEventListener('message', onMessage)
  })
}

/** Resolves once the stored session was restored (the return runs before the kernel finished init). */
async function sessionSettled(ctx: PluginContext, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (ctx.session().status === 'loading' && Date.now() < until) await new Promise((r) => setTimeout(r, 25))
}

/**
 * Completes a flow with what the provider returned: the server's `error` (`privy_oauth_error`) is a
 * retryable failure ('Something went wrong. Try again.'), 'undefined' as the code is a denial, a state
 * that is not the stored one is refused (`pkce_state_code_mismatch`), otherwise the code is
 * exchanged with the stored verifier through `ctx.authenticate` (or `ctx.link` when the flow
 * links). The stored values are removed either way.
 * @param ctx - the OAuth plugin's context.
 * @param returned - the code, state and provider from the return URL or the popup.
 * @returns once the login succeeded or its failure is shown.
 * @example
 * ```ts
 * import { completeOAuth, readOAuthReturn } from 'portico/plugins/oauth'
 * const returned = readOAuthReturn(location.href)
 * if (returned) await completeOAuth(kernel.contextFor('oauth'), returned)
 * ```
 */
export async function completeOAuth(ctx: PluginContext, returned: OAuthReturn): Promise<void> {
  const stored = readStoredFlow(ctx.storage)
  const s = slice(ctx)
  const provider = returned.provider
  Object.assign(s, {
    status: 'verifying',
    provider,
    intent: stored.intent,
    mode: stored.popup ? 'popup' : s.mode,
    error: null,
  } satisfies Partial<OAuthState>)
  if (!stored.headless) ctx.navigate(STATUS_SCREEN, {}, { reset: true })
  try {
    if (returned.error) {
      // The server's round trip failed (attempt expired, provider refused the exchange): no code to spend.
      const code = returned.error === RETURN_ERROR_CODE ? RETURN_ERROR_CODE : OAUTH_CLIENT_CODES.unknown
      throw new PorticoError(OAUTH_ERROR_TEXTS.invalidCodeServer, { code })
    }
    if (returned.code === 'undefined') {
      // The provider's "Cancel": the server passes the missing code on as the literal text.
      throw new PorticoError(OAUTH_ERROR_TEXTS.invalidCode, { code: OAUTH_CLIENT_CODES.userDenied })
    }
    const action = stored.intent === 'link' ? 'link' : 'authenticate'
    if (!returned.code || !returned.state) throw new PorticoError(OAUTH_ERROR_TEXTS.missingCodes(action), { code: OAUTH_CLIENT_CODES.unknown })
    if (!stored.stateCode || returned.state !== stored.stateCode) {
      throw new PorticoError(OAUTH_ERROR_TEXTS.stateMismatch, { code: OAUTH_CLIENT_CODES.stateMismatch })
    }
    if (!stored.codeVerifier) throw new PorticoError(OAUTH_ERROR_TEXTS.missingVerifier, { code: OAUTH_CLIENT_CODES.unknown })
    const body = { authorization_code: returned.code, state_code: returned.state, code_verifier: stored.codeVerifier }
    // The verifier is good for one exchange: forget it before the call, whatever its answer.
    clearStoredFlow(ctx.storage)
    await sessionSettled(ctx)
    if (stored.intent === 'link') {
      await ctx.link(async () => {
        const user = await ctx.api.request(oauthRoutes.link, body)
        s.status = 'success'
        return user
      }, {
        method: provider,
        // A provider account another user holds moves over with the profile the conflict carried.
        transfer: (nonce, data) =>
          ctx.api.request(oauthRoutes.transfer, {
            nonce,
            userInfo: oauthUserInfoOf(data) ?? { subject: '' },
          }),
      })
    } else {
      await ctx.authenticate(async () => {
        const auth = await ctx.api.request(oauthRoutes.authenticate, {
          ...body,
          mode: stored.disableSignup ? 'no-signup' : 'login-or-sign-up',
        })
        // Success shows at once; the kernel's post-login steps (terms, wallet) follow it.
        s.status = 'success'
        return auth
      }, { method: provider })
    }
    s.status = 'success'
  } catch (err) {
    clearStoredFlow(ctx.storage)
    fail(ctx, toOAuthError(err), provider, stored.headless)
  }
}

/**
 * The auth layer's mapping: errors with a code keep it (server errors keep their message, or get
 * 'Invalid code during OAuth flow.'); anything else becomes 'Invalid code during oauth flow.' with
 * `unknown_auth_error`.
 */
function toOAuthError(err: unknown): unknown {
  const code = (err as { code?: unknown } | null)?.code
  if (typeof code === 'string') {
    const message = (err as { shortMessage?: string }).shortMessage
    return message ? err : new PorticoError(OAUTH_ERROR_TEXTS.invalidCodeServer, { code, cause: err })
  }
  return new PorticoError(OAUTH_ERROR_TEXTS.invalidCode, { code: OAUTH_CLIENT_CODES.unknown, cause: err })
}

/**
 * Handles a page load that carries the return parameters: removes them from the address bar; in
 * the popup, posts the result to the opener (exact target origin) and closes; otherwise completes
 * the flow once the app configuration is loaded.
 * @param ctx - the OAuth plugin's context.
 * @param win - the window. @defaultValue globalThis.window
 * @returns a teardown, or undefined when the page is not an OAuth return.
 * @example
 * ```ts
 * // In the plugin's setup:
 * setup: (ctx) => handleOAuthReturn(ctx)
 * ```
 */
export function handleOAuthReturn(ctx: PluginContext, win: Window | undefined = globalThis.window): (() => void) | undefined {
  if (!win?.location || !hasOAuthParams(win.location.href)) return undefined
  const href = win.location.href
  // Cross-app providers (`privy:<app id>`) return to the cross-app plugin, which owns their popup.
  if (new URL(href).searchParams.get('privy_oauth_provider')?.startsWith('privy:')) return undefined
  const returned = readOAuthReturn(href)
  win.history.replaceState(win.history.state, '', stripOAuthParams(href))
  const stored = readStoredFlow(ctx.storage)
  const opener = win.opener as Window | null
  if (opener && opener !== win && stored.popup) {
    const message: PopupMessage = returned?.error
      ? { type: POPUP_MESSAGES.error, error: returned.error, provider: returned.provider }
      : !returned || returned.code === 'undefined'
        ? { type: POPUP_MESSAGES.error, error: OAUTH_CLIENT_CODES.userDenied, provider: returned?.provider ?? stored.provider }
        : { type: POPUP_MESSAGES.response, code: returned.code, state: returned.state, provider: returned.provider }
    // The exact origin: the message carries a live authorization code.
    opener.postMessage(message, win.location.origin)
    win.close()
    return undefined
  }
  if (!returned) return undefined
  let done = false
  const run = () => {
    if (done) return
    done = true
    void completeOAuth(ctx, returned)
  }
  if (ctx.config()) {
    queueMicrotask(run)
    return undefined
  }
  return ctx.hooks.configLoaded.tap('oauth:return', run)
}

/** The `otherUser.oAuthUserInfo` of an `account_transfer_required` answer, when it has a subject. */
function oauthUserInfoOf(data: Record<string, unknown>): { subject: string; provider?: string } | null {
  const other = data.otherUser as { oAuthUserInfo?: { subject?: unknown; provider?: unknown } } | undefined
  const info = other?.oAuthUserInfo
  if (!info || typeof info.subject !== 'string') return null
  return { ...info, subject: info.subject, provider: typeof info.provider === 'string' ? info.provider : undefined }
}
