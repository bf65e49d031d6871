/**
 * Following a Coinbase Onramp purchase (spec §4, §9): the status is read through the server
 * 5 s after the window opens, then every 1500 ms; the window's closes are counted, and 3 closes
 * while the purchase is pending end the follow-up so the user can try another method.
 * @module
 */

/** The first status read waits this long (spec §9: Coinbase follow-up after 5 s). */
export const COINBASE_FOLLOW_UP_MS = 5000
/** Then the status is read this often (spec §9). */
export const COINBASE_POLL_MS = 1500
/** This many closes of the window while pending end the follow-up with the alternate-method hint (spec §9). */
export const COINBASE_MAX_CLOSES = 3
/** How often the window is checked for being closed. */
export const COINBASE_WINDOW_CHECK_MS = 300

/** The spec's Coinbase statuses (§4). */
export type CoinbaseStatus = 'pending-in-flow' | 'pending-after-flow' | 'success' | 'error'

/** How a follow-up ended: a final status, or the window closed too often. */
export type CoinbaseEnd = 'success' | 'error' | 'closed'

/** Options of {@link followCoinbasePurchase}. */
export interface FollowCoinbaseOptions {
  /** Reads the purchase's status through the server; throws when the read fails. */
  read: () => Promise<'pending' | 'success' | 'failure'>
  /** Whether the provider window is closed now (the screen may reopen it). */
  windowClosed: () => boolean
  /** Waits (the kernel's `sleep`, so tests control time). */
  sleep: (ms: number) => Promise<void>
  /** Told each change of status. */
  onStatus?: (status: CoinbaseStatus, closes: number) => void
  /** Ends the follow-up early; the promise then resolves with null. */
  signal?: AbortSignal
}

/**
 * Follows a purchase: `pending-in-flow` while the window is open, `pending-after-flow` once it is
 * closed (a reopened window is in flow again), until the server reports `success` or `failure`, or
 * the window was closed {@link COINBASE_MAX_CLOSES} times. A failed read is retried at the next tick.
 * @param options - how to read, check the window and wait.
 * @returns how it ended, or null when aborted.
 * @example
 * ```ts
 * const end = await followCoinbasePurchase({ read, windowClosed: () => popup.closed, sleep: ctx.sleep })
 * ```
 */
export function followCoinbasePurchase(options: FollowCoinbaseOptions): Promise<CoinbaseEnd | null> {
  const { read, windowClosed, sleep, onStatus, signal } = options
  return new Promise((resolve) => {
    let ended = false
    let closes = 0
    let closed = false
    const finish = (end: CoinbaseEnd | null) => {
      if (ended) return
      ended = true
      if (end === 'success' || end === 'error') onStatus?.(end, closes)
      resolve(end)
    }
    signal?.addEventListener('abort', () => finish(null), { once: true })
    onStatus?.('pending-in-flow', 0)

    void (async () => {
      while (!ended) {
        const now = windowClosed()
        if (now !== closed) {
          closed = now
          if (closed) closes += 1
          onStatus?.(closed ? 'pending-after-flow' : 'pending-in-flow', closes)
          if (closes >= COINBASE_MAX_CLOSES) return finish('closed')
        }
        await sleep(COINBASE_WINDOW_CHECK_MS)
      }
    })()

    void (async () => {
      await sleep(COINBASE_FOLLOW_UP_MS)
      while (!ended) {
        try {
          const status = await read()
          if (status === 'success') return finish('success')
          if (status === 'failure') return finish('error')
        } catch {
          // A passing failure: read again at the next tick.
        }
        await sleep(COINBASE_POLL_MS)
      }
    })()
  })
}
