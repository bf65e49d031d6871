/**
 * The Telegram login, client side: the widget popup (`Telegram.Login.auth`), the widget's redirect
 * return, and the automatic Mini App login; each ends in `/telegram/authenticate` (or `/link`).
 * @module
 */
import type { PluginContext } from '../../../kernel/plugin'
import type { TelegramAuthResult, TelegramWebAppData } from '../schemas'
import type { InferInput } from 'valibot'
import { telegramRoutes } from '../api'
import { telegramErrorView, type TelegramErrorView } from './error-view'
import { loadTelegramWidget, requestTelegramUser, type TelegramWindow } from './script'
import { parseInitData, readTelegramReturn, stripTelegramParams, type TelegramAuthResultData, type TelegramWebAppFields } from './url'

/** The Telegram screen's id. */
export const TELEGRAM_SCREEN = 'telegram/auth'
/** The login method's id (analytics, `onComplete`). */
export const TELEGRAM_METHOD = 'telegram'

/** The Telegram plugin's state slice: what the Telegram screen draws. */
export interface TelegramState {
  /** `loading`: script and captcha; `waiting`: Telegram's window is open; `verifying`: our server checks. */
  status: 'idle' | 'loading' | 'waiting' | 'verifying' | 'success' | 'error'
  intent: 'login' | 'link'
  error: TelegramErrorView | null
}

/**
 * The initial state slice.
 * @returns an idle state.
 * @example
 * ```ts
 * initialTelegramState().status // 'idle'
 * ```
 */
export function initialTelegramState(): TelegramState {
  return { status: 'idle', intent: 'login', error: null }
}

/** One of the two signed payloads the server accepts. */
export type TelegramPayload =
  | { telegram_auth_result: InferInput<typeof TelegramAuthResult> }
  | { telegram_web_app_data: InferInput<typeof TelegramWebAppData> }

function slice(ctx: PluginContext): TelegramState {
  return ctx.state as TelegramState
}

function fail(ctx: PluginContext, err: unknown): void {
  const s = slice(ctx)
  const view = telegramErrorView(err, ctx.t)
  if (!view) {
    s.status = 'idle'
    // The user left the captcha step: nothing to show, back to where they came from.
    return
  }
  s.error = view
  s.status = 'error'
  if (view.screen) ctx.navigate(view.screen, { code: view.code, message: view.message }, { replace: true })
}

/** Resolves once the stored session was restored (returns and Mini Apps run before the kernel finished init). */
async function sessionSettled(ctx: PluginContext, timeoutMs = 15_000): Promise<void> {
  const until = Date.now() + timeoutMs
  while (ctx.session().status === 'loading' && Date.now() < until) await new Promise((r) => setTimeout(r, 25))
}

/** Options of {@link startTelegramLogin}. */
export interface StartTelegramOptions {
  /** The widget script's address. @defaultValue TELEGRAM_WIDGET_SCRIPT_URL */
  scriptUrl: string
  /** Link to the signed-in user instead of logging in. @defaultValue the modal's intent */
  intent?: 'login' | 'link'
  /** The window (tests pass jsdom's). @defaultValue globalThis.window */
  win?: Window
}

/**
 * Runs the widget login: the captcha step, the widget script (loaded once), Telegram's window for the
 * app's bot with write access in English, then the server check. Failures show on the Telegram screen.
 * @param ctx - the Telegram plugin's context.
 * @param options - script URL and intent.
 * @returns once the login succeeded or its failure is shown.
 * @example
 * ```ts
 * import { startTelegramLogin, TELEGRAM_WIDGET_SCRIPT_URL } from 'portico/plugins/telegram'
 * await startTelegramLogin(ctx, { scriptUrl: TELEGRAM_WIDGET_SCRIPT_URL })
 * ```
 */
export async function startTelegramLogin(ctx: PluginContext, options: StartTelegramOptions): Promise<void> {
  const s = slice(ctx)
  const intent = options.intent ?? (ctx.intent() === 'link' ? 'link' : 'login')
  Object.assign(s, { status: 'loading', intent, error: null } satisfies TelegramState)
  try {
    const botId = ctx.config()?.server.telegram_auth_config?.bot_id
    if (!botId) throw Object.assign(new Error('Telegram login is not configured for this app.'), { code: 'disallowed_login_method' })
    const { token: captchaToken } = intent === 'link' ? {} : await ctx.beginLogin({ method: TELEGRAM_METHOD })
    const login = await loadTelegramWidget(options.scriptUrl, options.win)
    s.status = 'waiting'
    const user = await requestTelegramUser(login, botId)
    await submitTelegram(ctx, { telegram_auth_result: user }, { intent, captchaToken })
  } catch (err) {
    fail(ctx, err)
  }
}

/** Options of {@link submitTelegram}. */
export interface SubmitTelegramOptions {
  intent: 'login' | 'link'
  /** The captcha token of `beginLogin`. */
  captchaToken?: string
}

/**
 * Sends a signed payload: `/telegram/authenticate` through `ctx.authenticate` (terms, wallet creation
 * and closing are the kernel's), or `/telegram/link` through `ctx.link` (with `/transfer` for an
 * account another user owns). Throws what the call throws.
 * @param ctx - the Telegram plugin's context.
 * @param payload - the widget result or the Mini App fields.
 * @param options - intent and captcha token.
 * @returns once the session is stored.
 * @example
 * ```ts
 * await submitTelegram(ctx, { telegram_auth_result: user }, { intent: 'login' })
 * ```
 */
export async function submitTelegram(ctx: PluginContext, payload: TelegramPayload, options: SubmitTelegramOptions): Promise<void> {
  const s = slice(ctx)
  s.status = 'verifying'
  if (options.intent === 'link') {
    const handle = 'telegram_auth_result' in payload ? payload.telegram_auth_result.username ?? payload.telegram_auth_result.first_name : undefined
    await ctx.link(() => ctx.api.request(telegramRoutes.link, payload), {
      method: TELEGRAM_METHOD,
      ...(handle ? { handle } : {}),
      transfer: (nonce) => ctx.api.request(telegramRoutes.transfer, { nonce, ...payload }),
    })
  } else {
    await ctx.authenticate(async () => {
      const auth = await ctx.api.request(telegramRoutes.authenticate, {
        ...payload,
        ...(options.captchaToken ? { captcha_token: options.captchaToken } : {}),
        mode: ctx.loginMode(),
      })
      // Success shows at once; the kernel's post-login steps (terms, wallet) follow it.
      s.status = 'success'
      return auth
    }, { method: TELEGRAM_METHOD })
  }
  s.status = 'success'
}

/** Runs `run` once the app configuration is loaded. */
function whenConfigured(ctx: PluginContext, key: string, run: () => void): (() => void) | undefined {
  if (ctx.config()) {
    queueMicrotask(run)
    return undefined
  }
  let done = false
  return ctx.hooks.configLoaded.tap(key, () => {
    if (done) return
    done = true
    run()
  })
}

/** Completes a payload that arrived without a click (redirect return, Mini App): opens the modal on the Telegram screen. */
async function completeArrived(ctx: PluginContext, payload: TelegramPayload, intent: 'login' | 'link'): Promise<void> {
  const s = slice(ctx)
  Object.assign(s, { status: 'verifying', intent, error: null } satisfies TelegramState)
  // `arrived`: the screen only shows this flow; it must not start a widget login of its own.
  ctx.navigate(TELEGRAM_SCREEN, { arrived: true }, { reset: true })
  try {
    const { token: captchaToken } = intent === 'link' ? {} : await ctx.beginLogin({ method: TELEGRAM_METHOD })
    await submitTelegram(ctx, payload, { intent, captchaToken })
  } catch (err) {
    fail(ctx, err)
  }
}

/**
 * Handles a page load that carries the widget's redirect return (`id`, `hash`, `auth_date`,
 * `first_name`, `last_name`, `username`, `photo_url`): removes them from the address with
 * `history.replaceState`, then, once the configuration is loaded, opens the modal and completes (a
 * link when someone is signed in, else a login).
 * @param ctx - the Telegram plugin's context.
 * @param win - the window. @defaultValue globalThis.window
 * @returns a teardown, or undefined when the page is not a Telegram return.
 * @example
 * ```ts
 * setup: (ctx) => handleTelegramReturn(ctx)
 * ```
 */
export function handleTelegramReturn(ctx: PluginContext, win: Window | undefined = globalThis.window): (() => void) | undefined {
  if (!win?.location) return undefined
  const returned: TelegramAuthResultData | null = readTelegramReturn(win.location.href)
  if (!returned) return undefined
  win.history.replaceState(win.history.state, '', stripTelegramParams(win.location.href))
  return whenConfigured(ctx, 'telegram:return', () => {
    void (async () => {
      await sessionSettled(ctx)
      const intent = ctx.session().status === 'authenticated' ? 'link' : 'login'
      await completeArrived(ctx, { telegram_auth_result: returned }, intent)
    })()
  })
}

/**
 * Inside a Telegram Mini App (`window.Telegram.WebApp.initData` is set) with the app's
 * `seamless_auth_enabled`, logs the visitor in from `initData` when no session exists.
 * @param ctx - the Telegram plugin's context.
 * @param win - the window. @defaultValue globalThis.window
 * @returns a teardown, or undefined when the page is not a Mini App.
 * @example
 * ```ts
 * setup: (ctx) => handleMiniApp(ctx)
 * ```
 */
export function handleMiniApp(ctx: PluginContext, win: Window | undefined = globalThis.window): (() => void) | undefined {
  const initData = (win as unknown as TelegramWindow | undefined)?.Telegram?.WebApp?.initData
  if (!initData) return undefined
  const fields: TelegramWebAppFields | null = parseInitData(initData)
  if (!fields) return undefined
  return whenConfigured(ctx, 'telegram:mini-app', () => {
    void (async () => {
      const server = ctx.config()?.server
      if (!server?.telegram_auth || !server.telegram_auth_config?.seamless_auth_enabled) return
      await sessionSettled(ctx)
      if (ctx.session().status !== 'unauthenticated') return
      await completeArrived(ctx, { telegram_web_app_data: fields }, 'login')
    })()
  })
}
