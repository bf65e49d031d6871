/**
 * Loads Telegram's Login Widget script on demand and wraps `Telegram.Login.auth`, which opens
 * Telegram's window (oauth.telegram.org) and calls back with the signed user, or `false` when the
 * user closed it.
 * @module
 */
import { PorticoError } from '../../../kernel/errors'
import { TELEGRAM_CLIENT_CODES } from '../errors'
import type { TelegramAuthResultData } from './url'

/** The official script; `?22` is the widget version the page asks for. */
export const TELEGRAM_WIDGET_SCRIPT_URL = 'https://telegram.org/js/telegram-widget.js?22'

/** The part of the widget script's global this plugin uses. */
export interface TelegramLoginGlobal {
  auth(
    options: { bot_id: string | number; request_access?: 'write'; lang?: string },
    callback: (user: TelegramAuthResultData | false) => void,
  ): void
}

/** The globals Telegram's scripts define (`Login` from the widget script, `WebApp` inside a Mini App). */
export interface TelegramWindow {
  Telegram?: { Login?: TelegramLoginGlobal; WebApp?: { initData?: string } }
}

const loading = new Map<string, Promise<TelegramLoginGlobal>>()

function loginGlobal(win: Window): TelegramLoginGlobal | undefined {
  const login = (win as unknown as TelegramWindow).Telegram?.Login
  return typeof login?.auth === 'function' ? login : undefined
}

/**
 * Adds the widget script once per URL and resolves with `Telegram.Login`.
 * @param url - the script's address.
 * @param win - the window. @defaultValue globalThis.window
 * @returns `window.Telegram.Login`.
 * @throws PorticoError with code `telegram_script_failed` when it cannot be loaded (a retry loads it again).
 * @example
 * ```ts
 * import { loadTelegramWidget, TELEGRAM_WIDGET_SCRIPT_URL } from 'portico/plugins/telegram'
 * const login = await loadTelegramWidget(TELEGRAM_WIDGET_SCRIPT_URL)
 * ```
 */
export function loadTelegramWidget(url: string, win: Window = globalThis.window): Promise<TelegramLoginGlobal> {
  const ready = loginGlobal(win)
  if (ready) return Promise.resolve(ready)
  const pending = loading.get(url)
  if (pending) return pending
  const promise = new Promise<TelegramLoginGlobal>((resolve, reject) => {
    const doc = win.document
    const script = doc.createElement('script')
    script.src = url
    script.async = true
    const failed = () => {
      loading.delete(url)
      script.remove()
      reject(new PorticoError('Could not load the Telegram login script.', { code: TELEGRAM_CLIENT_CODES.scriptFailed }))
    }
    script.onload = () => {
      const login = loginGlobal(win)
      if (login) resolve(login)
      else failed()
    }
    script.onerror = failed
    doc.head.appendChild(script)
  })
  loading.set(url, promise)
  return promise
}

/**
 * Asks Telegram for the user: write access requested, in English.
 * @param login - `window.Telegram.Login`.
 * @param botId - the bot's numeric id (`telegram_auth_config.bot_id`).
 * @returns the signed user.
 * @throws PorticoError with code `telegram_auth_cancelled` when the user closed Telegram's window.
 * @example
 * ```ts
 * const user = await requestTelegramUser(await loadTelegramWidget(url), '7000000001')
 * ```
 */
export function requestTelegramUser(login: TelegramLoginGlobal, botId: string): Promise<TelegramAuthResultData> {
  return new Promise((resolve, reject) => {
    login.auth({ bot_id: botId, request_access: 'write', lang: 'en' }, (user) => {
      if (user && typeof user === 'object') resolve(user)
      else reject(new PorticoError('Telegram login was closed before it finished.', { code: TELEGRAM_CLIENT_CODES.cancelled }))
    })
  })
}
