/**
 * The frame's side of the wallet-frame protocol: it announces itself to its parent, reads requests
 * only from its parent window and an allowed origin, checks each request's shape and params, runs
 * the operation and answers to the origin the request came from. It never throws out of the message
 * handler: every request gets an answer, every foreign message is ignored.
 * @module
 */
import * as v from 'valibot'
import { FRAME_CHANNEL, type FrameErrorBody, type FrameOp, type FrameOperations } from '../protocols/wallet-frame'
import { errorBody, FrameFailure } from './errors'

/** One operation the frame serves: the shape of its params and what it does. */
export interface FrameHandler<O extends FrameOp> {
  params: v.GenericSchema<unknown, FrameOperations[O]['params']>
  run: (params: FrameOperations[O]['params']) => Promise<FrameOperations[O]['result']>
}

/** The operations a frame page serves (the wallet frame, the export frame). */
export type FrameHandlers = { [O in FrameOp]?: FrameHandler<O> }

/** Options of {@link serveFrame}. */
export interface ServeFrameOptions {
  /** The frame's window. @defaultValue window */
  win?: Window
  /** The origins that may frame this page and send it requests (the app's allowed origins). */
  allowedOrigins: readonly string[]
  /** The operations served. */
  handlers: FrameHandlers
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null

/**
 * What to do with a request message: run it, answer an error, or nothing (not a request of the
 * protocol, or one whose id cannot be answered).
 */
function readRequest(
  data: unknown,
  handlers: FrameHandlers,
): { id: string; run: () => Promise<unknown> } | { id: string; error: FrameErrorBody } | null {
  if (!isObject(data) || data.channel !== FRAME_CHANNEL || data.type !== 'request') return null
  const id = data.id
  if (typeof id !== 'string' || id.length === 0 || id.length > 128) return null
  const op = data.op
  const handler = typeof op === 'string' && Object.hasOwn(handlers, op) ? (handlers[op as FrameOp] as FrameHandler<FrameOp> | undefined) : undefined
  if (!handler) {
    return { id, error: { code: 'unknown_operation', message: `The wallet frame has no operation ${String(op).slice(0, 64)}.` } }
  }
  const parsed = v.safeParse(handler.params, data.params)
  if (!parsed.success) {
    const issue = parsed.issues[0]
    const where = issue.path?.map((p) => String(p.key)).join('.')
    return { id, error: { code: 'invalid_request', message: `Invalid ${String(op)} params${where ? ` at ${where}` : ''}: ${issue.message}` } }
  }
  return { id, run: () => handler.run(parsed.output) }
}

/**
 * Serves the frame's operations to its parent page.
 * @param options - the window, the allowed origins and the operations.
 * @returns a function that stops serving.
 * @example
 * ```ts
 * serveFrame({ allowedOrigins: config.allowedOrigins, handlers: walletHandlers(service) })
 * ```
 */
export function serveFrame(options: ServeFrameOptions): () => void {
  const win = options.win ?? window
  const allowed = new Set(options.allowedOrigins)
  const onMessage = (event: MessageEvent) => {
    // Only the page that framed us, and only when it is one of the app's origins.
    if (win.parent === win || event.source !== win.parent || !allowed.has(event.origin)) return
    const request = readRequest(event.data, options.handlers)
    if (!request) return
    const answer = (body: Record<string, unknown>) =>
      win.parent.postMessage({ channel: FRAME_CHANNEL, type: 'response', id: request.id, ...body }, event.origin)
    if ('error' in request) return answer({ ok: false, error: request.error })
    request
      .run()
      .then(
        (result) => answer({ ok: true, result }),
        (error: unknown) => {
          if (!(error instanceof FrameFailure)) console.error('[wallet frame]', error)
          answer({ ok: false, error: errorBody(error) })
        },
      )
      // An answer that cannot be cloned is a bug of the operation: it still gets an answer.
      .catch(() => answer({ ok: false, error: errorBody(null) }))
  }
  win.addEventListener('message', onMessage)
  // A message posted to an origin that is not the parent's is dropped by the browser: only the
  // real parent hears this.
  if (win.parent !== win) for (const origin of allowed) win.parent.postMessage({ channel: FRAME_CHANNEL, type: 'ready' }, origin)
  return () => win.removeEventListener('message', onMessage)
}
