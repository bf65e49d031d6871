/**
 * The Turnstile side of the captcha plugin, free of React: the spec's constants, the site-key rule,
 * loading Cloudflare's script, waiting for `window.turnstile`, and one challenge run with its retries.
 * @module
 */
import { PorticoError } from '../../kernel/errors'
import { CAPTCHA_ERRORS, type CaptchaErrorCode } from './errors'

/** Cloudflare's script, rendered explicitly (the plugin decides where and when). */
export const DEFAULT_TURNSTILE_SCRIPT_URL = 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'
/** How often the page is checked for `window.turnstile` after the script was added. */
export const CAPTCHA_POLL_INTERVAL_MS = 200
/** Give up waiting for the script, or for a token from a non-interactive challenge, after this long. */
export const CAPTCHA_TIMEOUT_MS = 20_000
/** Automatic retries after a failed attempt, before the adblocker/VPN hint shows. */
export const CAPTCHA_MAX_RETRIES = 3
/** Wait before the first automatic retry; each later retry waits twice as long. */
export const CAPTCHA_INITIAL_WAIT_MS = 1_000
/** Delay between rendering the widget and executing it, so it has settled in the page. */
export const CAPTCHA_EXECUTE_DELAY_MS = 500
/** Turnstile tokens are valid for 300 s; an older token is never sent. */
export const TURNSTILE_TOKEN_TTL_MS = 300_000

/** Parameters of `turnstile.render`, as documented by Cloudflare (the ones this plugin uses). */
export interface TurnstileRenderParams {
  sitekey: string
  callback?: (token: string) => void
  'error-callback'?: (code: string) => void
  'expired-callback'?: (token: string) => void
  'timeout-callback'?: () => void
  'before-interactive-callback'?: () => void
  'after-interactive-callback'?: () => void
  execution?: 'render' | 'execute'
  appearance?: 'always' | 'execute' | 'interaction-only'
  theme?: 'light' | 'dark' | 'auto'
  language?: string
}

/** The documented `window.turnstile` API. */
export interface TurnstileApi {
  render(container: string | HTMLElement, params: TurnstileRenderParams): string | undefined
  execute(container: string | HTMLElement, params?: TurnstileRenderParams): void
  reset(widgetId?: string): void
  remove(widgetId?: string): void
  getResponse(widgetId?: string): string | undefined
  isExpired(widgetId?: string): boolean
}

/**
 * Reads a Turnstile site key from the app configuration's `t:{key}` form.
 * @param siteKey - the app's `captcha_site_key`.
 * @returns the key after `t:`, or null when the value does not have that form.
 * @example
 * ```ts
 * import { parseSiteKey } from 'portico/plugins/captcha'
 * parseSiteKey('t:1x00000000000000000000AA') // '1x00000000000000000000AA'
 * parseSiteKey('abc') // null
 * ```
 */
export function parseSiteKey(siteKey: string | null | undefined): string | null {
  const m = typeof siteKey === 'string' ? /^t:(.+)$/.exec(siteKey) : null
  return m ? m[1]! : null
}

type TurnstileWindow = Window & { turnstile?: TurnstileApi }

const loads = new WeakMap<Document, Map<string, Promise<void>>>()

/**
 * Adds a script to the page once per URL. A failed load is forgotten, so the next call tries again.
 * @param url - the script URL.
 * @param doc - the document. @defaultValue document
 * @returns resolves when the script loaded; rejects with `CAPTCHA_ERROR` when it could not.
 * @example
 * ```ts
 * import { loadScript, DEFAULT_TURNSTILE_SCRIPT_URL } from 'portico/plugins/captcha'
 * await loadScript(DEFAULT_TURNSTILE_SCRIPT_URL)
 * ```
 */
export function loadScript(url: string, doc: Document = document): Promise<void> {
  let map = loads.get(doc)
  if (!map) loads.set(doc, (map = new Map()))
  const known = map.get(url)
  if (known) return known
  const promise = new Promise<void>((resolve, reject) => {
    const el = doc.createElement('script')
    el.src = url
    el.async = true
    el.onload = () => resolve()
    el.onerror = () => {
      el.remove()
      map.delete(url)
      reject(new PorticoError('Captcha failed', { code: 'CAPTCHA_ERROR', details: `Could not load ${url}` }))
    }
    doc.head.appendChild(el)
  })
  map.set(url, promise)
  return promise
}

/**
 * Waits for `window.turnstile`, checking every {@link CAPTCHA_POLL_INTERVAL_MS}.
 * @param win - the window the script was added to.
 * @param options - poll interval, timeout and an abort signal.
 * @returns the Turnstile API; rejects with `CAPTCHA_TIMEOUT` after `timeoutMs`.
 * @example
 * ```ts
 * import { waitForTurnstile } from 'portico/plugins/captcha'
 * const turnstile = await waitForTurnstile(window)
 * ```
 */
export function waitForTurnstile(
  win: Window,
  options: { intervalMs?: number; timeoutMs?: number; signal?: AbortSignal } = {},
): Promise<TurnstileApi> {
  const intervalMs = options.intervalMs ?? CAPTCHA_POLL_INTERVAL_MS
  const timeoutMs = options.timeoutMs ?? CAPTCHA_TIMEOUT_MS
  return new Promise((resolve, reject) => {
    const started = Date.now()
    const check = () => {
      if (options.signal?.aborted) return reject(options.signal.reason)
      const api = (win as TurnstileWindow).turnstile
      if (api) return resolve(api)
      if (Date.now() - started >= timeoutMs) {
        return reject(new PorticoError('Captcha failed', { code: 'CAPTCHA_TIMEOUT', details: 'window.turnstile never appeared' }))
      }
      setTimeout(check, intervalMs)
    }
    check()
  })
}

/** What a challenge run reports to the screen. */
export interface ChallengeState {
  /** `loading` while checking, `interactive` when the user must act, then `success` or `error`. */
  status: 'loading' | 'interactive' | 'success' | 'error'
  /** The token, on success. */
  token?: string
  /** The error code (`CAPTCHA_FAILED`, `CAPTCHA_TIMEOUT`, `CAPTCHA_ERROR`, `CAPTCHA_GENERIC`), on error. */
  error?: CaptchaErrorCode
  /** Automatic retries used so far. */
  retries: number
  /** True once every automatic retry failed: the adblocker/VPN hint shows and the user may start over. */
  exhausted: boolean
}

/** Options of {@link startChallenge}. */
export interface ChallengeOptions {
  /** The Turnstile key (without `t:`). */
  siteKey: string
  /** Where the widget goes. */
  container: HTMLElement
  /** @defaultValue DEFAULT_TURNSTILE_SCRIPT_URL */
  scriptUrl?: string
  theme?: 'light' | 'dark'
  /** Called on every state change. */
  onState: (state: ChallengeState) => void
  /** Called when a token expired before it was used (the run starts again by itself). */
  onExpired?: () => void
}

/** A running challenge. */
export interface Challenge {
  /** Starts over after the retries ran out (resets the retry count). */
  restart(): void
  /** Removes the widget and stops every timer. */
  destroy(): void
}

function errorCodeOf(e: unknown): CaptchaErrorCode {
  const code = (e as { code?: unknown } | null)?.code
  return typeof code === 'string' && Object.hasOwn(CAPTCHA_ERRORS, code) ? (code as CaptchaErrorCode) : 'CAPTCHA_GENERIC'
}

/**
 * Runs the Turnstile challenge in a container: loads the script, waits for it, renders the widget
 * (shown only when the challenge needs the user), executes it after {@link CAPTCHA_EXECUTE_DELAY_MS},
 * and retries a failed attempt up to {@link CAPTCHA_MAX_RETRIES} times. An expired token resets it.
 * @param options - site key, container, script URL and callbacks.
 * @returns a handle to restart or stop it.
 * @example
 * ```ts
 * import { startChallenge } from 'portico/plugins/captcha'
 * const run = startChallenge({ siteKey: '1x00000000000000000000AA', container, onState: (s) => console.log(s.status) })
 * run.destroy()
 * ```
 */
export function startChallenge(options: ChallengeOptions): Challenge {
  const doc = options.container.ownerDocument
  const win = doc.defaultView as Window
  const scriptUrl = options.scriptUrl ?? DEFAULT_TURNSTILE_SCRIPT_URL
  let retries = 0
  let attempt = 0
  let widgetId: string | undefined
  let api: TurnstileApi | undefined
  let timers: ReturnType<typeof setTimeout>[] = []
  let abort = new AbortController()
  let destroyed = false

  const emit = (s: Omit<ChallengeState, 'retries'>) => {
    if (!destroyed) options.onState({ ...s, retries })
  }
  const later = (fn: () => void, ms: number) => {
    timers.push(setTimeout(fn, ms))
  }
  const clear = () => {
    for (const t of timers) clearTimeout(t)
    timers = []
    abort.abort(new PorticoError('Captcha stopped', { code: 'CAPTCHA_STOPPED' }))
    abort = new AbortController()
    if (api && widgetId !== undefined) {
      try {
        api.remove(widgetId)
      } catch {
        // the widget is gone already
      }
    }
    widgetId = undefined
  }

  const failed = (run: number, code: CaptchaErrorCode) => {
    if (destroyed || run !== attempt) return
    clear()
    if (retries >= CAPTCHA_MAX_RETRIES) return emit({ status: 'error', error: code, exhausted: true })
    emit({ status: 'error', error: code, exhausted: false })
    const wait = CAPTCHA_INITIAL_WAIT_MS * 2 ** retries
    retries++
    later(() => void run_(), wait)
  }

  const run_ = async () => {
    const run = ++attempt
    emit({ status: 'loading', exhausted: false })
    try {
      const signal = abort.signal
      // A script that fails to load fails fast; one that loads without defining the API times out.
      const loading = loadScript(scriptUrl, doc)
      const ready = await Promise.race([waitForTurnstile(win, { signal }), loading.then(() => waitForTurnstile(win, { signal }))])
      if (destroyed || run !== attempt) return
      api = ready
      widgetId = api.render(options.container, {
        sitekey: options.siteKey,
        execution: 'execute',
        appearance: 'interaction-only',
        theme: options.theme ?? 'auto',
        callback: (token) => {
          if (run !== attempt) return
          for (const t of timers) clearTimeout(t)
          emit({ status: 'success', token, exhausted: false })
        },
        'error-callback': (code) => failed(run, /^600/.test(code) ? 'CAPTCHA_FAILED' : 'CAPTCHA_ERROR'),
        'timeout-callback': () => failed(run, 'CAPTCHA_TIMEOUT'),
        'expired-callback': () => {
          if (run !== attempt) return
          options.onExpired?.()
          // A fresh run: the old token must never be sent.
          retries = 0
          clear()
          void run_()
        },
        'before-interactive-callback': () => {
          if (run !== attempt) return
          // The user needs time: no timeout while they interact (Turnstile's timeout-callback covers it).
          for (const t of timers) clearTimeout(t)
          emit({ status: 'interactive', exhausted: false })
        },
        'after-interactive-callback': () => run === attempt && emit({ status: 'loading', exhausted: false }),
      })
      later(() => {
        if (run !== attempt || widgetId === undefined) return
        api!.execute(options.container)
        later(() => failed(run, 'CAPTCHA_TIMEOUT'), CAPTCHA_TIMEOUT_MS)
      }, CAPTCHA_EXECUTE_DELAY_MS)
    } catch (e) {
      if ((e as { code?: unknown } | null)?.code === 'CAPTCHA_STOPPED') return
      failed(run, errorCodeOf(e))
    }
  }

  void run_()
  return {
    restart() {
      if (destroyed) return
      clear()
      retries = 0
      void run_()
    },
    destroy() {
      destroyed = true
      clear()
    },
  }
}
