/**
 * The API client: the wire contract's transport rules (headers, retries, timeouts, JSON errors and
 * in-flight de-duplication) in one place, so plugins only name a route and a body.
 * @module
 */
import { fillPath, type Route, type RouteRequest, type RouteResponse } from './route'
import type { ApiClient } from './plugin'
import type { StorageAdapter } from './types'
import { ApiError, PorticoError } from './errors'
import { PORTICO_VERSION } from './version'

/** Statuses the contract retries. */
export const RETRY_STATUSES: ReadonlySet<number> = new Set([408, 409, 425, 500, 502, 503, 504])
/** Retries after the first try (4 tries in all). */
export const MAX_RETRIES = 3
/** First wait before a retry; each later wait is three times longer (0.5 s, 1.5 s, 4.5 s). */
export const RETRY_BASE_DELAY_MS = 500
/** Per-try timeout. */
export const REQUEST_TIMEOUT_MS = 20_000
/**
 * Code of the error a request fails with when no answer could be read: the server is down or
 * unreachable, or, in a browser, it refused the page's origin (a CORS refusal is a network error
 * to the page).
 */
export const NETWORK_ERROR_CODE = 'client_network_error'
/** Storage key of the per-device analytics id sent as `privy-ca-id`. */
export const CA_ID_KEY = 'privy:caid'

/** Where the client gets the Bearer token. */
export interface TokenSource {
  /** The stored token (`privy_access_token`, else `token`), as it is, for routes without auth. */
  stored(): string | null
  /** A usable token for auth routes, refreshed first when expired. */
  fresh(): Promise<string | null>
  /**
   * Called when an auth route answered `missing_or_invalid_token`: renews the session (cookie
   * session mode, where the client sees no token and learns of an expired one only so); the request
   * is sent once more when it resolves true.
   */
  renew?(): Promise<boolean>
}

/** Options of {@link createApiClient}. */
export interface ApiClientOptions {
  appId: string
  /** Base URL of the API server. */
  apiUrl: string
  /** Sent as `privy-client-id` when set. */
  clientId?: string
  /** Keeps the `privy:caid` device id. */
  storage: StorageAdapter
  tokens?: TokenSource
  /** @defaultValue globalThis.fetch */
  fetch?: typeof fetch
  /** Waits between retries; tests pass a fast one. @defaultValue setTimeout */
  sleep?: (ms: number) => Promise<void>
  /** @defaultValue {@link REQUEST_TIMEOUT_MS} */
  timeoutMs?: number
}

/** Per-call options of {@link KernelApiClient.request}. */
export interface RequestOptions {
  /** Values of the path's `:name` segments. */
  params?: Record<string, string>
  /** A query string to add (`GET /token_price?chainId=1&tokenSymbol=ETH`). */
  query?: Record<string, string>
  headers?: Record<string, string>
  signal?: AbortSignal
  /** Do not renew the session and retry on `missing_or_invalid_token` (the session's own calls). */
  noRenew?: boolean
}

/** The kernel's API client: the plugin-facing {@link ApiClient} plus base-URL control. */
export interface KernelApiClient extends ApiClient {
  /** Calls a route ({@link ApiClient.request}), with the kernel's own {@link RequestOptions}. */
  request<R extends Route>(r: R, body?: RouteRequest<R>, options?: RequestOptions): Promise<RouteResponse<R>>
  /** The base URL requests go to now. */
  readonly baseUrl: string
  /** Switches every later request to another base URL (the app config's `custom_api_url`). */
  setBaseUrl(url: string): void
  /** Lets the session provide tokens once it exists (the session itself needs the client). */
  setTokenSource(tokens: TokenSource): void
}

/**
 * Waits some milliseconds.
 * @param ms - how long.
 * @returns a promise resolved after `ms`.
 * @example
 * ```ts
 * import { sleep } from 'portico/kernel'
 * await sleep(10)
 * ```
 */
export function sleep(ms: number): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, ms))
}

function randomUuid(): string {
  if (typeof crypto.randomUUID === 'function') return crypto.randomUUID()
  // randomUUID needs a secure context; getRandomValues does not.
  const b = crypto.getRandomValues(new Uint8Array(16))
  b[6] = (b[6]! & 0x0f) | 0x40
  b[8] = (b[8]! & 0x3f) | 0x80
  const h = Array.from(b, (x) => x.toString(16).padStart(2, '0')).join('')
  return `${h.slice(0, 8)}-${h.slice(8, 12)}-${h.slice(12, 16)}-${h.slice(16, 20)}-${h.slice(20)}`
}

/**
 * The per-device analytics id, created on first use and kept under `privy:caid`.
 * @param storage - where it is kept.
 * @returns the uuid.
 * @example
 * ```ts
 * import { clientAnalyticsId, createMemoryStorage } from 'portico/kernel'
 * clientAnalyticsId(createMemoryStorage()) // '3b1f...'
 * ```
 */
export function clientAnalyticsId(storage: StorageAdapter): string {
  let id = storage.get(CA_ID_KEY)
  if (!id) {
    id = randomUuid()
    storage.set(CA_ID_KEY, id)
  }
  return id
}

/**
 * The error for a request that got no readable answer after its tries. A browser gives no reason
 * (a refused origin and a stopped server look alike), so the message names both.
 */
function networkError(baseUrl: string, path: string, cause: unknown): PorticoError {
  const origin = (globalThis as { location?: { origin?: string } }).location?.origin
  const page = origin && origin !== 'null' ? `this page's origin (${origin})` : "this page's origin"
  return new PorticoError(`Could not reach the API at ${baseUrl}`, {
    code: NETWORK_ERROR_CODE,
    cause,
    details: `${path} failed: ${String(cause)}. The server may be down or unreachable, or it refused ${page}: the app's allowed origins must list it.`,
  })
}

/** A try that timed out: retried like a lost connection (a keyed POST cannot run twice). */
class TimeoutSignal extends Error {}

/**
 * The header carrying one key for every try of a call (the contract's `privy-idempotency-key`): the
 * server runs a keyed POST once and answers a retry with the first try's answer.
 */
export const IDEMPOTENCY_KEY_HEADER = 'privy-idempotency-key'

/**
 * Creates the API client.
 * @param options - app id, base URL, storage, token source, fetch and timing.
 * @returns the client.
 * @example
 * ```ts
 * import { createApiClient, createMemoryStorage, coreRoutes } from 'portico/kernel'
 * const api = createApiClient({ appId: 'abc', apiUrl: 'http://localhost:8787', storage: createMemoryStorage() })
 * const app = await api.request(coreRoutes.app, undefined, { params: { app_id: 'abc' } })
 * ```
 */
export function createApiClient(options: ApiClientOptions): KernelApiClient {
  let baseUrl = options.apiUrl.replace(/\/+$/, '')
  let tokens = options.tokens
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init))
  const wait = options.sleep ?? sleep
  const timeoutMs = options.timeoutMs ?? REQUEST_TIMEOUT_MS
  const inFlight = new Map<string, Promise<unknown>>()

  async function once(
    r: Route,
    url: string,
    body: string | undefined,
    headers: Record<string, string>,
    signal: AbortSignal | undefined,
  ): Promise<Response> {
    const controller = new AbortController()
    let timedOut = false
    const timer = setTimeout(() => {
      timedOut = true
      controller.abort()
    }, timeoutMs)
    const onAbort = () => controller.abort()
    signal?.addEventListener('abort', onAbort)
    try {
      return await doFetch(url, {
        method: r.method,
        headers,
        body,
        credentials: 'include',
        signal: controller.signal,
      })
    } catch (err) {
      if (timedOut) throw new TimeoutSignal()
      throw err
    } finally {
      clearTimeout(timer)
      signal?.removeEventListener('abort', onAbort)
    }
  }

  async function parse(res: Response): Promise<unknown> {
    const text = await res.text()
    let json: unknown
    try {
      json = JSON.parse(text)
    } catch {
      // The contract requires JSON on every response; an HTML error page or an empty 204 is a server bug.
      if (res.status > 299) {
        throw new ApiError(res.status, {
          error: `The API answered ${res.status} with a body that is not JSON`,
          cause: text.slice(0, 200) || undefined,
        })
      }
      throw new PorticoError(`The API answered ${res.status} with a body that is not JSON`, {
        details: text.slice(0, 200) || 'empty body',
      })
    }
    if (res.status > 299) {
      const b = json as { error?: unknown; code?: unknown; data?: unknown; cause?: unknown } | null
      const isObj = b !== null && typeof b === 'object'
      throw new ApiError(res.status, {
        error: isObj && typeof b.error === 'string' ? b.error : `Request failed with status ${res.status}`,
        code: isObj && typeof b.code === 'string' ? b.code : undefined,
        data: isObj && b.data && typeof b.data === 'object' ? (b.data as Record<string, unknown>) : undefined,
        cause: isObj && typeof b.cause === 'string' ? b.cause : undefined,
      })
    }
    return json
  }

  async function send(r: Route, body: unknown, opts: RequestOptions): Promise<unknown> {
    const url = baseUrl + fillPath(r.path, opts.params) + (opts.query ? `?${new URLSearchParams(opts.query)}` : '')
    // GET carries no body; JSON.stringify leaves undefined fields out, as the contract expects.
    const payload = r.method === 'GET' ? undefined : JSON.stringify(body ?? {})
    const token = r.auth ? await (tokens?.fresh() ?? null) : (tokens?.stored() ?? null)
    const base: Record<string, string> = {
      'privy-app-id': options.appId,
      'privy-client': `portico:${PORTICO_VERSION}`,
      'privy-ca-id': clientAnalyticsId(options.storage),
      'content-type': 'application/json',
      accept: 'application/json',
    }
    if (options.clientId) base['privy-client-id'] = options.clientId
    if (token) base.authorization = `Bearer ${token}`
    const tries = r.retry ? MAX_RETRIES + 1 : 1
    // One key for all the tries of a retried POST: a try whose answer was lost is not applied twice.
    if (r.method !== 'GET' && tries > 1) base[IDEMPOTENCY_KEY_HEADER] = randomUuid()
    for (let attempt = 0; ; attempt++) {
      const headers = { ...base, ...opts.headers, 'privy-retry-attempt': String(attempt) }
      const last = attempt === tries - 1
      let res: Response
      try {
        res = await once(r, url, payload, headers, opts.signal)
      } catch (err) {
        if (opts.signal?.aborted) throw err
        if (last && err instanceof TimeoutSignal) {
          throw new PorticoError(`Request to ${r.path} timed out after ${timeoutMs} ms`, { code: 'client_request_timeout' })
        }
        if (last) throw networkError(baseUrl, r.path, err)
        await wait(RETRY_BASE_DELAY_MS * 3 ** attempt)
        continue
      }
      if (!last && RETRY_STATUSES.has(res.status)) {
        // Drain the body so the connection can be reused.
        await res.text().catch(() => undefined)
        await wait(RETRY_BASE_DELAY_MS * 3 ** attempt)
        continue
      }
      return parse(res)
    }
  }

  async function sendRenewing(r: Route, body: unknown, opts: RequestOptions): Promise<unknown> {
    try {
      return await send(r, body, opts)
    } catch (err) {
      const renew = tokens?.renew
      if (!r.auth || opts.noRenew || !renew || !(err instanceof ApiError) || err.code !== 'missing_or_invalid_token') throw err
      if (!(await renew())) throw err
      return send(r, body, opts)
    }
  }

  return {
    get baseUrl() {
      return baseUrl
    },
    setBaseUrl(url) {
      baseUrl = url.replace(/\/+$/, '')
    },
    setTokenSource(source) {
      tokens = source
    },
    request<R extends Route>(r: R, body?: RouteRequest<R>, opts: RequestOptions = {}): Promise<RouteResponse<R>> {
      if (!r.dedupe) return sendRenewing(r, body, opts) as Promise<RouteResponse<R>>
      const key = `${r.method} ${fillPath(r.path, opts.params)}?${new URLSearchParams(opts.query)} ${JSON.stringify(body ?? {})}`
      const existing = inFlight.get(key)
      if (existing) return existing as Promise<RouteResponse<R>>
      const p = sendRenewing(r, body, opts).finally(() => inFlight.delete(key))
      inFlight.set(key, p)
      return p as Promise<RouteResponse<R>>
    },
  }
}
