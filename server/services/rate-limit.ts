/**
 * Fixed-window rate-limit counters in the database, so every server process shares them.
 * @module
 */
import type { Db } from '../storage/db'
import { errors } from '../errors'

/**
 * The conflict clause of an `INSERT INTO rate_limits … VALUES (key, now, window_ms, 1)` that counts one
 * more hit, restarting the window when its start is older than its length. Shared by every statement
 * that counts in `rate_limits`, so all of them agree on what a window is.
 * @internal
 */
export const COUNT_IN_WINDOW = `ON CONFLICT (key) DO UPDATE SET
  count = CASE WHEN rate_limits.window_start <= EXCLUDED.window_start - EXCLUDED.window_ms
               THEN 1 ELSE rate_limits.count + 1 END,
  window_start = CASE WHEN rate_limits.window_start <= EXCLUDED.window_start - EXCLUDED.window_ms
               THEN EXCLUDED.window_start ELSE rate_limits.window_start END,
  window_ms = EXCLUDED.window_ms`

/** One key to count, with its limit. */
export interface RateLimitEntry {
  key: string
  limit: number
  windowMs: number
}

/** A counted key as a statement returns it: its count in the window and when the window ends (ms). */
export interface RateLimitHit {
  key: string
  count: number
  ends: number
}

/**
 * The 429 for the entries past their limit, or null when none is. Retry once every full window has
 * ended: the latest end among the keys that are over.
 * @param entries - the keys counted, with their limits.
 * @param hits - what the counting statement returned for them.
 * @param t - the time of the count (ms).
 * @returns the error to throw, or null.
 * @internal
 */
export function overLimitError(entries: readonly RateLimitEntry[], hits: readonly RateLimitHit[], t: number) {
  const byKey = new Map(hits.map((r) => [r.key, r]))
  const over = entries.map((e) => byKey.get(e.key)).filter((r, i) => (r?.count ?? 0) > entries[i]!.limit)
  if (over.length === 0) return null
  return errors.tooManyRequests((Math.max(...over.map((r) => Number(r!.ends))) - t) / 1000)
}

/** The rate limiter handed to handlers as `ctx.rateLimit`. */
export interface RateLimiter {
  /**
   * Counts one hit on `key`.
   * @throws HttpError 429 `too_many_requests` when more than `limit` hits fell in the current window;
   *   its `retryAfter` is the seconds left in that window.
   */
  hit(key: string, limit: number, windowMs: number): Promise<void>
  /**
   * Counts one hit on each key in one statement (every key is counted, even when one is over).
   * @throws HttpError 429 `too_many_requests` when any key is over its limit.
   */
  hitAll(entries: readonly RateLimitEntry[]): Promise<void>
  /** Clears every counter (dev mode and tests). */
  reset(): Promise<void>
}

/**
 * Builds the rate limiter.
 * @param db - the database.
 * @param now - the server clock (ms).
 * @returns the limiter.
 * @example
 * ```ts
 * import { createRateLimiter } from 'portico/server'
 * const limiter = createRateLimiter(db, Date.now)
 * await limiter.hit(`otp:ip:${ip}`, 100, 600_000)
 * ```
 */
export function createRateLimiter(db: Db, now: () => number): RateLimiter {
  const limiter: RateLimiter = {
    hit: (key, limit, windowMs) => limiter.hitAll([{ key, limit, windowMs }]),
    async hitAll(entries) {
      if (entries.length === 0) return
      const t = now()
      const values: (string | number)[] = []
      const rowsSql = entries.map((e, i) => {
        values.push(e.key, e.windowMs)
        return `($${2 * i + 2}::text, $1::bigint, $${2 * i + 3}::bigint, 1)`
      })
      // A window restarts when its start is older than its length; one statement for all keys.
      const rows = await db.query<RateLimitHit>(
        `INSERT INTO rate_limits (key, window_start, window_ms, count) VALUES ${rowsSql.join(', ')}
         ${COUNT_IN_WINDOW}
         RETURNING key, count, window_start + window_ms AS ends`,
        [t, ...values],
      )
      const over = overLimitError(entries, rows, t)
      if (over) throw over
    },
    async reset() {
      await db.exec('DELETE FROM rate_limits')
    },
  }
  return limiter
}
