/**
 * The captcha feature plugin (Cloudflare Turnstile), client half. When the app requires a captcha,
 * a login starts with the `captcha/challenge` step; its token goes with the login's first request,
 * once. Apps without a captcha never load Turnstile's script.
 * @module
 */
import { definePlugin, type PluginContext } from '../../kernel/plugin'
import { PorticoError } from '../../kernel/errors'
import { CAPTCHA_ERRORS, type CaptchaErrorCode } from './errors'
import { captchaMessages } from './messages/en'
import { DEFAULT_TURNSTILE_SCRIPT_URL, TURNSTILE_TOKEN_TTL_MS, parseSiteKey } from './turnstile'

export { CAPTCHA_ERRORS, type CaptchaErrorCode } from './errors'
export { captchaMessages, type CaptchaMessageKey } from './messages/en'
export {
  CAPTCHA_EXECUTE_DELAY_MS,
  CAPTCHA_INITIAL_WAIT_MS,
  CAPTCHA_MAX_RETRIES,
  CAPTCHA_POLL_INTERVAL_MS,
  CAPTCHA_TIMEOUT_MS,
  DEFAULT_TURNSTILE_SCRIPT_URL,
  TURNSTILE_TOKEN_TTL_MS,
  loadScript,
  parseSiteKey,
  startChallenge,
  waitForTurnstile,
  type Challenge,
  type ChallengeOptions,
  type ChallengeState,
  type TurnstileApi,
  type TurnstileRenderParams,
} from './turnstile'

/** The captcha step's screen id. */
export const CAPTCHA_SCREEN = 'captcha/challenge'

/** Options of the {@link captcha} plugin. */
export interface CaptchaOptions {
  /**
   * Where Turnstile's script is loaded from (a self-hosted copy, or a test stand-in).
   * @defaultValue 'https://challenges.cloudflare.com/turnstile/v0/api.js?render=explicit'
   */
  scriptUrl?: string
}

/** The spec's captcha states: `disabled` when the app requires none, `success` while a token waits to be sent. */
export type CaptchaStatus = 'disabled' | 'ready' | 'loading' | 'success' | 'error'

/** The captcha plugin's state slice. */
export interface CaptchaState {
  status: CaptchaStatus
  /** The token not yet sent; handed over once, then cleared. */
  token: string | null
  /** When the token was issued (ms since the epoch), to drop it once Turnstile would refuse it. */
  tokenAt: number | null
  /** The error code of the last failure (`CAPTCHA_FAILED`...), while `status` is `error`. */
  error: CaptchaErrorCode | null
  /** The script URL the challenge screen loads. */
  scriptUrl: string
}

/**
 * Whether a captcha token is held and still young enough to be accepted.
 * @param state - the plugin's state slice.
 * @param now - the current time in ms. @defaultValue Date.now()
 * @returns true when the next login may send the held token.
 * @example
 * ```ts
 * import { hasValidToken } from 'portico/plugins/captcha'
 * hasValidToken({ status: 'success', token: 't', tokenAt: Date.now(), error: null, scriptUrl: '' }) // true
 * ```
 */
export function hasValidToken(state: CaptchaState, now = Date.now()): boolean {
  return !!state.token && state.tokenAt !== null && now - state.tokenAt < TURNSTILE_TOKEN_TTL_MS
}

/**
 * Forgets the held token, so the next login asks for a fresh captcha.
 * @param state - the plugin's state slice.
 * @param enabled - whether the app requires a captcha.
 * @example
 * ```ts
 * import { resetCaptcha } from 'portico/plugins/captcha'
 * resetCaptcha(ctx.state as CaptchaState, true)
 * ```
 */
export function resetCaptcha(state: CaptchaState, enabled: boolean): void {
  state.token = null
  state.tokenAt = null
  state.error = null
  state.status = enabled ? 'ready' : 'disabled'
}

const enabledIn = (ctx: PluginContext<CaptchaState>) => ctx.config()?.server.captcha_enabled === true

/**
 * The captcha plugin (Cloudflare Turnstile).
 * @param options - see {@link CaptchaOptions}.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { email } from 'portico/plugins/email'
 * import { captcha } from 'portico/plugins/captcha'
 * <PorticoProvider appId="..." plugins={[email(), captcha()]}>...</PorticoProvider>
 * ```
 */
export const captcha = (options: CaptchaOptions = {}) =>
  definePlugin<'captcha', CaptchaState>({
    id: 'captcha',
    kind: 'feature',
    screens: { challenge: { load: () => import('./screens/CaptchaChallenge') } },
    errors: CAPTCHA_ERRORS,
    messages: captchaMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    initialState: () => ({
      status: 'disabled',
      token: null,
      tokenAt: null,
      error: null,
      scriptUrl: options.scriptUrl ?? DEFAULT_TURNSTILE_SCRIPT_URL,
    }),
    setup(ctx) {
      const state = ctx.state
      const untaps = [
        ctx.hooks.configLoaded.tap('captcha', (config) => {
          if (!state.token) state.status = config.server.captcha_enabled ? 'ready' : 'disabled'
        }),
        ctx.hooks.beforeLogin.tap('captcha', () => {
          if (!enabledIn(ctx) || ctx.session().status === 'authenticated') return undefined
          if (hasValidToken(state)) return undefined
          const siteKey = parseSiteKey(ctx.config()?.server.captcha_site_key)
          if (!siteKey) {
            throw new PorticoError('Unsupported captcha site key', { code: 'CAPTCHA_UNSUPPORTED_SITE_KEY' })
          }
          resetCaptcha(state, true)
          return { screen: CAPTCHA_SCREEN, params: { siteKey } }
        }),
        ctx.hooks.loginStart.tap('captcha', () => {
          if (!enabledIn(ctx) || !hasValidToken(state)) return undefined
          // Turnstile tokens are single-use: hand it over once and forget it.
          const token = state.token!
          resetCaptcha(state, true)
          return { token }
        }),
        ctx.hooks.mapError.tap('captcha', (err) => {
          if (err.code !== 'invalid_captcha') return undefined
          resetCaptcha(state, enabledIn(ctx))
          return CAPTCHA_ERRORS.CAPTCHA_INVALID
        }),
      ]
      return () => untaps.forEach((untap) => untap())
    },
  })
