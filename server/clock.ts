/**
 * The server clock: wall time plus an offset that dev mode can move forward (to expire codes in
 * browser tests without waiting).
 * @module
 */

/** A clock in ms. */
export interface Clock {
  now(): number
  /** Moves the clock forward. */
  advance(ms: number): void
  /** Back to wall time (dev mode: a browser test that moved the clock puts it back). */
  reset(): void
}

/**
 * Creates a clock that starts at wall time.
 * @returns the clock.
 * @example
 * ```ts
 * import { createClock } from 'portico/server'
 * const clock = createClock()
 * clock.advance(11 * 60_000)
 * ```
 */
export function createClock(): Clock {
  let offset = 0
  return {
    now: () => Date.now() + offset,
    advance(ms) {
      if (!Number.isFinite(ms) || ms < 0) throw new RangeError('advance_ms must be a non-negative number')
      offset += ms
    },
    reset() {
      offset = 0
    },
  }
}
