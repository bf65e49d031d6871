/**
 * The cross-app popup, shared by the login and the transactions: opened at spec 02 §9's 440x680 inside
 * the user's click, then watched for its answer (origin and window checked), its closing (polled
 * every 300 ms) and a time-out.
 * @module
 */
import { PorticoError } from '../../../kernel/errors'
import { openCenteredWindow } from '../../../kernel/popup'

/** Spec 02 §9: the request times out after 120 s. */
export const CROSS_APP_TIMEOUT_MS = 120_000
/** How often the opener checks whether the popup was closed (spec 02 §9). */
export const POPUP_POLL_MS = 300
/**
 * Grace after the popup is seen closed, for its last message to arrive: the popup posts its answer
 * and closes at once, and the opener's poll can notice the close before the message is delivered.
 */
export const POPUP_CLOSE_GRACE_MS = 1000
/** The popup's size (spec 02 §9). */
export const POPUP_SIZE = { width: 440, height: 680 } as const

/**
 * Opens the popup on `about:blank`, centred over the window. Call it synchronously inside the user's
 * click: a popup opened after an await is blocked.
 * @param win - the opener window.
 * @param name - the popup's window name.
 * @returns the popup, or null when it was blocked.
 * @example
 * ```ts
 * const popup = openCrossAppPopup(window, 'portico-cross-app')
 * ```
 */
export function openCrossAppPopup(win: Window, name: string): Window | null {
  return openCenteredWindow(win, 'about:blank', name, POPUP_SIZE)
}

/** How {@link awaitPopup} reads the popup's messages and ends. */
export interface PopupWatch<T> {
  /** The only origin whose messages are read. */
  origin: string
  /** How long to wait for an answer. */
  timeoutMs: number
  /**
   * Reads one message of the popup (right origin and window): a value settles the wait, `undefined`
   * leaves it running (a message of another kind). Throwing rejects the wait with that error.
   */
  read(data: Record<string, unknown>): { value: T } | undefined
  /** The error when the popup closes without an answer. */
  closed(): Error
}

/**
 * Waits for the popup's answer: messages of `watch.origin` sent by `popup` only; a closed popup (after
 * {@link POPUP_CLOSE_GRACE_MS}) and the time-out reject. Everything it started is stopped once settled.
 * @param win - the opener window.
 * @param popup - the popup.
 * @param watch - the origin, time-out and readers.
 * @returns the answer.
 * @example
 * ```ts
 * const code = await awaitPopup(window, popup, { origin, timeoutMs: 120_000, read: (d) => ..., closed: () => canceled() })
 * ```
 */
export function awaitPopup<T>(win: Window, popup: Window, watch: PopupWatch<T>): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const finish = (run: () => void) => {
      win.removeEventListener('message', onMessage)
      clearInterval(poll)
      clearTimeout(timer)
      run()
    }
    const onMessage = (event: MessageEvent) => {
      if (event.origin !== watch.origin || event.source !== popup) return
      const data = event.data as unknown
      if (!data || typeof data !== 'object') return
      let answer: { value: T } | undefined
      try {
        answer = watch.read(data as Record<string, unknown>)
      } catch (err) {
        finish(() => reject(err))
        return
      }
      if (answer) finish(() => resolve(answer.value))
    }
    let closedAt = 0
    const poll = setInterval(() => {
      if (!popup.closed) return
      closedAt ||= Date.now()
      if (Date.now() - closedAt < POPUP_CLOSE_GRACE_MS) return
      finish(() => reject(watch.closed()))
    }, POPUP_POLL_MS)
    const timer = setTimeout(() => {
      finish(() => reject(new PorticoError('Request timeout', { code: 'client_request_timeout' })))
    }, watch.timeoutMs)
    win.addEventListener('message', onMessage)
  })
}
