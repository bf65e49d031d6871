/**
 * A server-side SMS sender speaking Twilio's Messages API. Server only: it holds the auth token.
 * @module
 */
import { errors, HttpError, type SmsMessage, type SmsSender } from '../../server'

/** Twilio's API host. */
export const TWILIO_API_URL = 'https://api.twilio.com'

/** Options of {@link TwilioSmsSender}. */
export interface TwilioSmsSenderOptions {
  /** The account SID (`AC…`): the user name of HTTP basic auth and part of the path. */
  accountSid: string
  /** The auth token (or an API key secret when `apiKeySid` is set). */
  authToken: string
  /** The sending number in E.164. Either this or `messagingServiceSid` is required. */
  from?: string
  /** A messaging service (`MG…`) that picks the sender; used instead of `from`. */
  messagingServiceSid?: string
  /** Where the API lives (a local stand-in in tests). @defaultValue 'https://api.twilio.com' */
  baseUrl?: string
  /** @defaultValue globalThis.fetch */
  fetch?: typeof fetch
  /** Give up after this many ms. @defaultValue 10000 */
  timeoutMs?: number
}

/** Twilio error codes meaning "this number cannot receive this text": the user should fix the number. */
const BAD_NUMBER_CODES = new Set([
  21211, // invalid 'To' number
  21214, // 'To' number cannot be reached
  21217, // number does not appear to be valid
  21401, // invalid phone number
  21408, // permission to send to this region is not enabled
  21610, // the recipient unsubscribed (STOP)
  21612, // cannot route to this number
  21614, // 'To' is not a mobile number
])

/**
 * The error a Twilio failure becomes: an {@link HttpError} the server answers as JSON, carrying
 * Twilio's own code for the logs.
 */
export class TwilioError extends HttpError {
  override name = 'TwilioError'
  /**
   * @param status - the HTTP status the Portico server answers with.
   * @param code - the wire code, when one fits.
   * @param message - the `error` text.
   * @param twilioCode - Twilio's error code (null when Twilio could not be reached or answered no JSON).
   * @param twilioStatus - Twilio's HTTP status (0 when unreachable).
   */
  constructor(
    status: number,
    code: ConstructorParameters<typeof HttpError>[1],
    message: string,
    readonly twilioCode: number | null,
    readonly twilioStatus: number,
  ) {
    super(status, code, message)
  }
}

/**
 * Sends text messages with Twilio's Messages API: `POST {baseUrl}/2010-04-01/Accounts/{AccountSid}/Messages.json`,
 * form-encoded `To`, `From` (or `MessagingServiceSid`) and `Body`, HTTP basic auth `AccountSid:AuthToken`.
 * Failures become {@link TwilioError}s: a number Twilio refuses is 400 `invalid_data`, Twilio's rate
 * limit is 429 `too_many_requests`, bad credentials are 400 `feature_not_enabled`, another refusal is
 * 400 `invalid_request`, and an unreachable or failing provider (5xx) is a 502 without code.
 * @example
 * ```ts
 * import { createServer } from 'portico/server'
 * import { smsServer, TwilioSmsSender } from 'portico/plugins/sms/server'
 * const sms = new TwilioSmsSender({ accountSid: process.env.TWILIO_ACCOUNT_SID!, authToken: process.env.TWILIO_AUTH_TOKEN!, from: process.env.TWILIO_FROM })
 * const server = await createServer({ ...options, sms, plugins: [smsServer()] })
 * ```
 */
export class TwilioSmsSender implements SmsSender {
  private readonly options: Required<Pick<TwilioSmsSenderOptions, 'baseUrl' | 'timeoutMs'>> & TwilioSmsSenderOptions
  private readonly fetchImpl: typeof fetch

  /** @param options - credentials, sender and endpoint. */
  constructor(options: TwilioSmsSenderOptions) {
    if (!options.accountSid || !options.authToken) throw new TypeError('TwilioSmsSender: accountSid and authToken are required')
    if (!options.from && !options.messagingServiceSid) {
      throw new TypeError('TwilioSmsSender: a from number or a messagingServiceSid is required')
    }
    this.options = { ...options, baseUrl: (options.baseUrl ?? TWILIO_API_URL).replace(/\/+$/, ''), timeoutMs: options.timeoutMs ?? 10_000 }
    this.fetchImpl = options.fetch ?? globalThis.fetch
  }

  /** Sends one text message through Twilio's Messages API; throws a {@link TwilioError} when Twilio refuses it or cannot be reached. */
  async sendSms({ to, body }: SmsMessage): Promise<void> {
    const { accountSid, authToken, from, messagingServiceSid, baseUrl, timeoutMs } = this.options
    const form = new URLSearchParams({ To: to, Body: body })
    if (messagingServiceSid) form.set('MessagingServiceSid', messagingServiceSid)
    else form.set('From', from!)
    let res: Response
    try {
      res = await this.fetchImpl(`${baseUrl}/2010-04-01/Accounts/${encodeURIComponent(accountSid)}/Messages.json`, {
        method: 'POST',
        headers: {
          authorization: 'Basic ' + Buffer.from(`${accountSid}:${authToken}`).toString('base64'),
          'content-type': 'application/x-www-form-urlencoded',
          accept: 'application/json',
        },
        body: form.toString(),
        signal: AbortSignal.timeout(timeoutMs),
      })
    } catch (cause) {
      const err = new TwilioError(502, undefined, 'The SMS provider could not be reached. Please try again later.', null, 0)
      err.cause = cause
      throw err
    }
    if (res.status === 200 || res.status === 201) return
    let detail: { code?: unknown; message?: unknown } = {}
    try {
      detail = (await res.json()) as typeof detail
    } catch {
      // not JSON (a proxy's error page): keep the status only
    }
    const code = typeof detail.code === 'number' ? detail.code : null
    const message = typeof detail.message === 'string' ? detail.message : `HTTP ${res.status}`
    throw mapFailure(res.status, code, message)
  }
}

function mapFailure(status: number, code: number | null, message: string): TwilioError {
  if (code !== null && BAD_NUMBER_CODES.has(code)) {
    return new TwilioError(400, 'invalid_data', 'This phone number cannot receive text messages.', code, status)
  }
  if (status === 429 || code === 20429) {
    return new TwilioError(429, 'too_many_requests', errors.tooManyRequests().message, code, status)
  }
  if (status === 401 || status === 403 || code === 20003) {
    return new TwilioError(400, 'feature_not_enabled', 'SMS is not configured correctly on this server.', code, status)
  }
  if (status >= 400 && status < 500) {
    // A refusal that retrying will not fix: no 5xx, so clients do not retry it.
    return new TwilioError(400, 'invalid_request', `The SMS provider refused the message (${code ?? status}: ${message}).`, code, status)
  }
  return new TwilioError(502, undefined, `The SMS provider failed (${code ?? status}: ${message}). Please try again later.`, code, status)
}
