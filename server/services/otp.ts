/**
 * One-time codes (email now, SMS later): six random digits, stored as an HMAC with the server
 * secret, single use, expiring, locked after too many wrong tries.
 * @module
 */
import { createHmac } from 'node:crypto'
import type { Db } from '../storage/db'
import type { ServerApp } from '../apps'
import { newOtpCode } from '../ids'
import { errors } from '../errors'
import { COUNT_IN_WINDOW, overLimitError, type RateLimitEntry, type RateLimitHit } from './rate-limit'

/** How long a code stays valid. */
export const OTP_TTL_MS = 10 * 60 * 1000
/** Wrong tries after which a code no longer works, even when right. */
export const OTP_MAX_ATTEMPTS = 5
/**
 * Wrong codes one identifier (app, channel, destination) may receive per {@link OTP_FAILURE_WINDOW_MS},
 * across resent codes; past it, codes are neither sent nor accepted until the window ends. ASVS
 * asks for at most 100 per hour; 25 lets a user mistype a few codes and bounds a guesser to 25
 * tries an hour (a one-in-40,000 chance).
 */
export const OTP_MAX_FAILURES = 25
/** The window of {@link OTP_MAX_FAILURES}. */
export const OTP_FAILURE_WINDOW_MS = 60 * 60 * 1000

/** Options of {@link OtpService.issue}. */
export interface IssueCodeOptions {
  /**
   * Rate-limit keys to count in the statement that stores the code (each is counted, even when one
   * is over, as `ctx.rateLimitAll` counts): one round trip instead of two on the login path.
   * When one is over its limit, no code is stored.
   * @defaultValue []
   */
  limits?: readonly RateLimitEntry[]
}

/** One code of {@link OtpService.verifyAll}: the code typed for a destination. */
export interface CodeCheck {
  channel: string
  destination: string
  code: string
}

/** The outcome of {@link OtpService.verifyAll}. */
export interface CodeChecksResult {
  /** Every code was right, unused, unexpired and not locked; all are now consumed. */
  ok: boolean
  /**
   * Positions (in the `checks` given) of the codes that were wrong, expired, used or locked, in
   * ascending order; empty when `ok`. The codes not listed were right and stay unspent.
   */
  refused: number[]
}

/** The codes service handed to handlers as `ctx.otp`. */
export interface OtpService {
  /**
   * Creates a code for a destination, replacing any earlier one, and counts `options.limits`.
   * @returns the code (to send; never stored in clear).
   * @throws HttpError 429 `too_many_requests` (with `Retry-After`) when a key of `options.limits`
   *   is over its limit, or while the destination is past its failure ceiling
   *   ({@link OTP_MAX_FAILURES} per hour).
   */
  issue(app: ServerApp, channel: string, destination: string, options?: IssueCodeOptions): Promise<string>
  /**
   * Checks a code in one statement: a right code is consumed; a wrong one counts a try on the code
   * and a failure on the destination. Concurrent checks of one code queue on its row, so no more
   * than {@link OTP_MAX_ATTEMPTS} wrong tries are ever counted before the code locks.
   * @returns true when the code was right, unused, unexpired and not locked.
   * @throws HttpError 429 `too_many_requests` (with `Retry-After`) while the destination is past
   *   its failure ceiling, right code or not.
   */
  verify(app: ServerApp, channel: string, destination: string, code: string): Promise<boolean>
  /**
   * Checks several codes as one proof (a change that needs a code to the current and to the new
   * address): every code is checked before any is spent, and all are consumed together, in one
   * transaction, only when all are right. A wrong, expired or used code counts a try and a failure
   * as {@link OtpService.verify} does; a right code beside a wrong one stays unspent, so the user
   * can retry with it. The codes' rows are locked in a fixed order, so concurrent checks queue.
   * @returns `ok` when every code was right, unused, unexpired and not locked (all now consumed);
   *   otherwise which codes were refused, so the caller can say which one to ask for again.
   * @throws HttpError 429 `too_many_requests` (with `Retry-After`) while a destination is past
   *   its failure ceiling; nothing is spent or counted then.
   */
  verifyAll(app: ServerApp, checks: readonly CodeCheck[]): Promise<CodeChecksResult>
  /** The stored hash of a code (the tests compare it with the database). */
  hash(app: ServerApp, channel: string, destination: string, code: string): string
}

/** The `rate_limits` key counting a destination's wrong codes. */
const failureKey = (app: ServerApp, channel: string, destination: string) =>
  `otp:fail:${app.id}:${channel}:${destination}`

// Whether a destination's failure window is live and full ($k key, $t now, $max ceiling).
const OVER_CEILING = (k: string, t: string, max: string) =>
  `EXISTS (SELECT 1 FROM rate_limits WHERE key = ${k} AND window_start > ${t} - window_ms AND count >= ${max})`

/**
 * Builds the codes service.
 * @param db - the database.
 * @param secret - the server secret keying the HMAC (a leaked table cannot be brute-forced without it).
 * @param now - the server clock (ms).
 * @returns the service.
 * @example
 * ```ts
 * import { createOtpService } from 'portico/server'
 * const otp = createOtpService(db, process.env.PORTICO_SECRET!, Date.now)
 * const code = await otp.issue(app, 'email', 'a@b.co')
 * ```
 */
export function createOtpService(db: Db, secret: string, now: () => number): OtpService {
  /** The 429 of a destination past its ceiling, with the seconds left in its window. */
  async function ceilingError(key: string, t: number) {
    const rows = await db.query<{ ends: number }>(
      'SELECT window_start + window_ms AS ends FROM rate_limits WHERE key = $1',
      [key],
    )
    const ends = Number(rows[0]?.ends ?? t + OTP_FAILURE_WINDOW_MS)
    return errors.tooManyRequests((ends - t) / 1000)
  }

  const service: OtpService = {
    hash(app, channel, destination, code) {
      // Binding app, channel and destination makes a hash useless for any other address.
      return createHmac('sha256', secret).update(`${app.id}\0${channel}\0${destination}\0${code}`).digest('hex')
    },

    async issue(app, channel, destination, options = {}) {
      const limits = options.limits ?? []
      const code = newOtpCode()
      const t = now()
      const key = failureKey(app, channel, destination)
      const params: (string | number)[] = [
        app.id, channel, destination, service.hash(app, channel, destination, code), t, t + OTP_TTL_MS, key, OTP_MAX_FAILURES,
      ]
      // The limits' keys, windows and ceilings as rows ($9 on); counted by the statement that stores the code.
      const limitRows = limits.map((e) => {
        params.push(e.key, e.windowMs, e.limit)
        const n = params.length
        return `($${n - 2}::text, $${n - 1}::bigint, $${n}::bigint)`
      })
      const counted = limitRows.length
        ? `lim (key, window_ms, max) AS (VALUES ${limitRows.join(', ')}),
           hits AS (
             INSERT INTO rate_limits (key, window_start, window_ms, count) SELECT key, $5::bigint, window_ms, 1 FROM lim
             ${COUNT_IN_WINDOW}
             RETURNING key, count, window_start + window_ms AS ends
           ),`
        : ''
      const underLimits = limitRows.length ? 'AND NOT EXISTS (SELECT 1 FROM hits JOIN lim USING (key) WHERE hits.count > lim.max)' : ''
      const hitsColumn = limitRows.length ? '(SELECT json_agg(hits) FROM hits)' : 'NULL::json'
      // No new code while a limit is over or the destination is past its ceiling: checked in the statement that stores it.
      const rows = await db.query<{ ok: number | null; hits: RateLimitHit[] | null }>(
        `WITH ${counted}
         stored AS (
           INSERT INTO otp_codes (app_id, channel, destination, code_hash, created_at, expires_at, attempts, used_at)
           SELECT $1, $2, $3, $4, $5::bigint, $6::bigint, 0, NULL
           WHERE NOT ${OVER_CEILING('$7', '$5::bigint', '$8')} ${underLimits}
           ON CONFLICT (app_id, channel, destination) DO UPDATE
             SET code_hash = EXCLUDED.code_hash, created_at = EXCLUDED.created_at,
                 expires_at = EXCLUDED.expires_at, attempts = 0, used_at = NULL
           RETURNING 1 AS ok
         )
         SELECT (SELECT ok FROM stored) AS ok, ${hitsColumn} AS hits`,
        params,
      )
      const over = overLimitError(limits, rows[0]?.hits ?? [], t)
      if (over) throw over
      if (!rows[0]?.ok) throw await ceilingError(key, t)
      return code
    },

    async verify(app, channel, destination, code) {
      const t = now()
      const key = failureKey(app, channel, destination)
      // One statement: the code row is locked by the UPDATE, so concurrent checks queue and each
      // sees the attempts counted before it (READ COMMITTED re-checks the WHERE on the new row).
      // A wrong code counts a try on the code and a failure on the destination's hourly window.
      const rows = await db.query<{ ok: boolean | null; blocked: boolean }>(
        `WITH blocked AS (SELECT ${OVER_CEILING('$7', '$5::bigint', '$8')} AS b),
         checked AS (
           UPDATE otp_codes
           SET attempts = attempts + CASE WHEN code_hash = $4 THEN 0 ELSE 1 END,
               used_at = CASE WHEN code_hash = $4 THEN $5::bigint ELSE NULL END
           WHERE app_id = $1 AND channel = $2 AND destination = $3
             AND used_at IS NULL AND expires_at > $5::bigint AND attempts < $6
             AND NOT (SELECT b FROM blocked)
           RETURNING code_hash = $4 AS ok
         ),
         failed AS (
           INSERT INTO rate_limits (key, window_start, window_ms, count)
           SELECT $7, $5::bigint, $9::bigint, 1 WHERE NOT COALESCE((SELECT ok FROM checked), false)
           ${COUNT_IN_WINDOW}
           RETURNING count
         )
         SELECT (SELECT ok FROM checked) AS ok, (SELECT b FROM blocked) AS blocked, (SELECT count FROM failed) AS failures`,
        [
          app.id,
          channel,
          destination,
          service.hash(app, channel, destination, code),
          t,
          OTP_MAX_ATTEMPTS,
          key,
          OTP_MAX_FAILURES,
          OTP_FAILURE_WINDOW_MS,
        ],
      )
      const row = rows[0]
      if (row?.ok === true) return true
      if (row?.blocked) throw await ceilingError(key, t)
      return false
    },

    async verifyAll(app, checks) {
      const t = now()
      // A fixed order of row locks: two requests checking the same codes cannot deadlock.
      const order = (c: CodeCheck) => `${c.channel}\0${c.destination}`
      const sorted = checks
        .map((c, at) => ({ ...c, at }))
        .sort((a, b) => (order(a) < order(b) ? -1 : order(a) > order(b) ? 1 : 0))
      // `blocked`: the failure key of a destination past its ceiling (nothing was checked then).
      const outcome = await db.transaction(async (tx): Promise<CodeChecksResult & { blocked?: string }> => {
        const found = []
        for (const c of sorted) {
          const key = failureKey(app, c.channel, c.destination)
          const where = [app.id, c.channel, c.destination]
          const rows = await tx.query<{ blocked: boolean; live: boolean; right: boolean }>(
            `WITH locked AS (
               SELECT code_hash, used_at, expires_at, attempts FROM otp_codes
               WHERE app_id = $1 AND channel = $2 AND destination = $3 FOR UPDATE
             )
             SELECT ${OVER_CEILING('$4', '$5::bigint', '$6')} AS blocked,
                    EXISTS (SELECT 1 FROM locked WHERE used_at IS NULL AND expires_at > $5::bigint AND attempts < $7) AS live,
                    EXISTS (SELECT 1 FROM locked WHERE code_hash = $8) AS right`,
            [...where, key, t, OTP_MAX_FAILURES, OTP_MAX_ATTEMPTS, service.hash(app, c.channel, c.destination, c.code)],
          )
          const row = rows[0]!
          // Past the ceiling: nothing is counted or spent, as for one code.
          if (row.blocked) return { blocked: key, ok: false, refused: [] }
          found.push({ at: c.at, where, key, live: row.live, ok: row.live && row.right })
        }
        if (found.every((f) => f.ok)) {
          for (const f of found) {
            await tx.query('UPDATE otp_codes SET used_at = $4 WHERE app_id = $1 AND channel = $2 AND destination = $3', [...f.where, t])
          }
          return { ok: true, refused: [] }
        }
        // Each wrong code counts as it would alone; the right ones stay unspent.
        for (const f of found.filter((x) => !x.ok)) {
          if (f.live) {
            await tx.query('UPDATE otp_codes SET attempts = attempts + 1 WHERE app_id = $1 AND channel = $2 AND destination = $3', f.where)
          }
          await tx.query(
            `INSERT INTO rate_limits (key, window_start, window_ms, count) VALUES ($1, $2::bigint, $3::bigint, 1) ${COUNT_IN_WINDOW}`,
            [f.key, t, OTP_FAILURE_WINDOW_MS],
          )
        }
        return { ok: false, refused: found.filter((x) => !x.ok).map((x) => x.at).sort((a, b) => a - b) }
      })
      if (outcome.blocked !== undefined) throw await ceilingError(outcome.blocked, t)
      return { ok: outcome.ok, refused: outcome.refused }
    },
  }
  return service
}
