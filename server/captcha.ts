/**
 * Captcha verification: the interface the server checks captcha tokens through, and the Cloudflare
 * Turnstile `siteverify` adapter used in production.
 * @module
 */

/** What a verifier is asked. */
export interface CaptchaCheck {
  /** The token the widget produced. */
  token: string
  /** The app's secret key. */
  secret: string
  /** The client IP, passed on as `remoteip`. */
  ip?: string
}

/** A verifier's answer. */
export interface CaptchaVerdict {
  success: boolean
  /** The provider's error codes (`invalid-input-response`, `timeout-or-duplicate`...). */
  errorCodes: string[]
}

/** Anything that can check a captcha token. */
export interface CaptchaVerifier {
  /**
   * Checks a token with the provider.
   * @param check - token, secret and client IP.
   * @returns the verdict; rejects only when the provider could not be reached.
   */
  verify(check: CaptchaCheck): Promise<CaptchaVerdict>
}

/** Options of {@link TurnstileVerifier}. */
export interface TurnstileVerifierOptions {
  /**
   * The siteverify endpoint.
   * @defaultValue 'https://challenges.cloudflare.com/turnstile/v0/siteverify'
   */
  url?: string
  /** @defaultValue globalThis.fetch */
  fetch?: typeof fetch
  /** Give up after this many ms. @defaultValue 10000 */
  timeoutMs?: number
}

/** Cloudflare's siteverify endpoint. */
export const TURNSTILE_SITEVERIFY_URL = 'https://challenges.cloudflare.com/turnstile/v0/siteverify'

/**
 * Checks Turnstile tokens with Cloudflare's `siteverify` API (form-encoded `secret`, `response`,
 * `remoteip`; answers `{success, "error-codes"}`).
 * @example
 * ```ts
 * import { createServer, TurnstileVerifier } from 'portico/server'
 * const server = await createServer({ ...options, captcha: new TurnstileVerifier() })
 * ```
 */
export class TurnstileVerifier implements CaptchaVerifier {
  private readonly url: string
  private readonly fetchImpl: typeof fetch
  private readonly timeoutMs: number

  /** @param options - endpoint, fetch and timeout. */
  constructor(options: TurnstileVerifierOptions = {}) {
    this.url = options.url ?? TURNSTILE_SITEVERIFY_URL
    this.fetchImpl = options.fetch ?? globalThis.fetch
    this.timeoutMs = options.timeoutMs ?? 10_000
  }

  /** {@inheritDoc CaptchaVerifier.verify} */
  async verify({ token, secret, ip }: CaptchaCheck): Promise<CaptchaVerdict> {
    const form = new URLSearchParams({ secret, response: token })
    if (ip && ip !== 'unknown') form.set('remoteip', ip)
    const res = await this.fetchImpl(this.url, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(this.timeoutMs),
    })
    if (!res.ok) throw new Error(`Turnstile siteverify answered ${res.status}`)
    const body = (await res.json()) as { success?: unknown; 'error-codes'?: unknown }
    const codes = Array.isArray(body['error-codes']) ? body['error-codes'].map(String) : []
    return { success: body.success === true, errorCodes: codes }
  }
}
