/**
 * The host page's side of the wallet-frame protocol: an iframe on the API's origin and one
 * request/response channel to it. Framework-free; the embedded-wallet plugin loads it lazily.
 *
 * Only messages that come from the iframe's own window, from the API's origin, and have the
 * protocol's shape are read; anything else is ignored without a word. Every request gets a unique
 * id, the user's current access token and a time-out; an `access_token_expired` answer refreshes the
 * token once and sends the request once more.
 * @module
 */
import { PorticoError } from '../../kernel/errors'
import {
  FRAME_CHANNEL,
  FRAME_TIMEOUTS_MS,
  type FrameErrorBody,
  type FrameOp,
  type FrameOperations,
  type FrameRequest,
} from './index'

/** An operation's params as the host gives them: the access token is added by the transport. */
export type FrameParams<O extends FrameOp> = Omit<FrameOperations[O]['params'], 'accessToken'>

/** An operation's result. */
export type FrameResult<O extends FrameOp> = FrameOperations[O]['result']

/** Options of {@link openWalletFrame}. */
export interface WalletFrameOptions {
  /** The frame page's URL (`frameUrl(...)` or `exportFrameUrl(...)`). */
  url: string
  /** The API's origin: only messages from it are read, and requests are posted to it only. */
  apiOrigin: string
  /** The user's current access token, or null when signed out. */
  getAccessToken: () => Promise<string | null> | string | null
  /** Refreshes the session; the new access token, or null when the session is gone. */
  refreshAccessToken: () => Promise<string | null> | string | null
  /** Where the iframe goes. @defaultValue document.body */
  parent?: HTMLElement
  /**
   * A visible frame (the export frame, inside the modal) instead of a hidden one. A visible frame may
   * write to the clipboard (its Copy button) and is not hidden from assistive technology.
   * @defaultValue false
   */
  visible?: boolean
  /** The iframe's accessible title. @defaultValue 'Embedded wallet' */
  title?: string
  /** Time-outs per operation (and `ready`), in ms, over {@link FRAME_TIMEOUTS_MS}. */
  timeouts?: Partial<Record<FrameOp | 'ready', number>>
}

/** An open wallet frame. */
export interface WalletFrame {
  /** The iframe element (to place or size a visible frame). */
  readonly element: HTMLIFrameElement
  /**
   * Sends one operation and waits for its answer. Requests made before the frame is ready wait for it.
   * @param op - the operation.
   * @param params - its params, without the access token.
   * @returns the frame's result.
   * @throws {@link WalletFrameError} with the frame's code (`recovery_needed`, `share_mismatch`,
   * an API code...), or `frame_timeout`, `frame_unavailable`, `missing_or_invalid_token`.
   */
  request<O extends FrameOp>(op: O, params: FrameParams<O>): Promise<FrameResult<O>>
  /** Rejects every pending request with `frame_unavailable` and removes the iframe and the listener. */
  destroy(): void
}

/** An error answered by the wallet frame, or a failure of the channel to it. */
export class WalletFrameError extends PorticoError {
  override name = 'WalletFrameError'
  /** The error's data from the frame (e.g. `{recoveryMethod}` of `recovery_needed`). */
  readonly data: Record<string, unknown> | undefined

  constructor(body: FrameErrorBody) {
    super(body.message, { code: body.code })
    this.data = body.data
  }
}

interface Pending {
  resolve: (value: unknown) => void
  reject: (error: unknown) => void
  timer: ReturnType<typeof setTimeout>
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/** Whether a message is a well-formed `ready` or `response` of the protocol. */
function frameMessage(data: unknown): { type: 'ready' } | { type: 'response'; id: string; ok: true; result: unknown } | { type: 'response'; id: string; ok: false; error: FrameErrorBody } | null {
  if (!isObject(data) || data.channel !== FRAME_CHANNEL) return null
  if (data.type === 'ready') return { type: 'ready' }
  if (data.type !== 'response' || typeof data.id !== 'string') return null
  if (data.ok === true && 'result' in data) return { type: 'response', id: data.id, ok: true, result: data.result }
  const error = data.error
  if (data.ok === false && isObject(error) && typeof error.code === 'string' && typeof error.message === 'string') {
    if (error.data !== undefined && !isObject(error.data)) return null
    const body: FrameErrorBody = { code: error.code, message: error.message }
    if (error.data) body.data = error.data
    return { type: 'response', id: data.id, ok: false, error: body }
  }
  return null
}

/**
 * Opens the wallet frame: adds its iframe to the page and answers requests through it.
 * @param options - the frame's URL, the API's origin, the token accessors.
 * @returns the frame's transport.
 * @example
 * ```ts
 * import { frameUrl } from '../../protocols/wallet-frame'
 * import { openWalletFrame } from '../../protocols/wallet-frame/client'
 * const frame = openWalletFrame({
 *   url: frameUrl(apiUrl, appId),
 *   apiOrigin: new URL(apiUrl).origin,
 *   getAccessToken: () => kernel.session.getAccessToken(),
 *   refreshAccessToken: () => kernel.session.refresh().then(() => kernel.session.getAccessToken()),
 * })
 * const { result } = await frame.request('rpc', { entropyId, address, chainType: 'ethereum', request: { method: 'personal_sign', params: ['0x68690a', address] } })
 * ```
 */
export function openWalletFrame(options: WalletFrameOptions): WalletFrame {
  const timeouts = { ...FRAME_TIMEOUTS_MS, ...options.timeouts }
  const apiOrigin = new URL(options.apiOrigin).origin
  const pending = new Map<string, Pending>()
  const idPrefix = Math.random().toString(36).slice(2, 10)
  let counter = 0
  let destroyed = false

  const iframe = document.createElement('iframe')
  iframe.title = options.title ?? 'Embedded wallet'
  if (options.visible) {
    // The export frame's Copy button writes to the clipboard from inside the frame.
    iframe.allow = 'clipboard-write'
    iframe.style.border = '0'
    iframe.style.width = '100%'
  } else {
    iframe.hidden = true
    iframe.setAttribute('aria-hidden', 'true')
    iframe.tabIndex = -1
  }

  let markReady!: () => void
  let failReady!: (error: unknown) => void
  const ready = new Promise<void>((resolve, reject) => {
    markReady = resolve
    failReady = reject
  })
  // A failed start is reported to each request; an unobserved rejection must not reach the page.
  ready.catch(() => {})
  const readyTimer = setTimeout(
    () => failReady(new WalletFrameError({ code: 'frame_timeout', message: 'The wallet frame did not load in time.' })),
    timeouts.ready,
  )

  const onMessage = (event: MessageEvent) => {
    if (event.source !== iframe.contentWindow || event.origin !== apiOrigin) return
    const message = frameMessage(event.data)
    if (!message) return
    if (message.type === 'ready') {
      clearTimeout(readyTimer)
      markReady()
      return
    }
    const entry = pending.get(message.id)
    if (!entry) return
    pending.delete(message.id)
    clearTimeout(entry.timer)
    if (message.ok) entry.resolve(message.result)
    else entry.reject(new WalletFrameError(message.error))
  }
  window.addEventListener('message', onMessage)
  iframe.src = options.url
  ;(options.parent ?? document.body).appendChild(iframe)

  /** Posts one request and waits for its answer or its time-out. */
  const send = (op: FrameOp, params: Record<string, unknown>): Promise<unknown> =>
    new Promise((resolve, reject) => {
      const target = iframe.contentWindow
      if (destroyed || !target) {
        reject(new WalletFrameError({ code: 'frame_unavailable', message: 'The wallet frame is closed.' }))
        return
      }
      const id = `${idPrefix}-${++counter}`
      const timer = setTimeout(() => {
        pending.delete(id)
        reject(new WalletFrameError({ code: 'frame_timeout', message: `The wallet frame did not answer ${op} in time.` }))
      }, timeouts[op])
      pending.set(id, { resolve, reject, timer })
      const request = { channel: FRAME_CHANNEL, type: 'request', id, op, params } as FrameRequest
      target.postMessage(request, apiOrigin)
    })

  /** The request's params with the current (or a refreshed) access token. */
  const authed = async (op: FrameOp, params: object, token: string | null): Promise<Record<string, unknown>> => {
    if (token) return { ...params, accessToken: token }
    // `clear` runs after logout too: it needs no token.
    if (op === 'clear') return { ...params }
    throw new WalletFrameError({ code: 'missing_or_invalid_token', message: 'The user is not signed in.' })
  }

  return {
    element: iframe,
    async request<O extends FrameOp>(op: O, params: FrameParams<O>): Promise<FrameResult<O>> {
      if (destroyed) throw new WalletFrameError({ code: 'frame_unavailable', message: 'The wallet frame is closed.' })
      await ready
      try {
        return (await send(op, await authed(op, params, await options.getAccessToken()))) as FrameResult<O>
      } catch (error) {
        if ((error as WalletFrameError).code !== 'access_token_expired') throw error
        const token = await Promise.resolve(options.refreshAccessToken()).catch(() => null)
        if (!token) throw error
        return (await send(op, await authed(op, params, token))) as FrameResult<O>
      }
    },
    destroy() {
      if (destroyed) return
      destroyed = true
      clearTimeout(readyTimer)
      window.removeEventListener('message', onMessage)
      const closed = new WalletFrameError({ code: 'frame_unavailable', message: 'The wallet frame was closed.' })
      failReady(closed)
      for (const entry of pending.values()) {
        clearTimeout(entry.timer)
        entry.reject(closed)
      }
      pending.clear()
      iframe.remove()
    },
  }
}
