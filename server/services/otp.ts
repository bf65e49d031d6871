/**
 * One-time codes (email now, SMS later): six random digits, stored as an HMAC with the server
 * secret, single use, expiring, locked after too many wrong tries.
 * @module
 */
import { createHmac } from 'node:crypto'
import type { Db } from '../storage/db'
import type { ServerApp } from '../apps'
import { newOtpCode } from '../ids'

/** How long a code stays valid. */
export const OTP_TTL_MS = 10 * 60 * 1000
/** Wrong tries after which a code no longer works, even when right. */
export const OTP_MAX_ATTEMPTS = 5

/** The codes service handed to handlers as `ctx.otp`. */
export interface OtpService {
  /**
   * Creates a code for a destination, replacing any earlier one.
   * @returns the code (to send; never stored in clear).
   */
  issue(app: ServerApp, channel: string, destination: string): Promise<string>
  /**
   * Checks a code. A right code is consumed; a wrong one counts a try.
   * @returns true when the code was right, unused, unexpired and not locked.
   */
  verify(app: ServerApp, channel: string, destination: string, code: string): Promise<boolean>
  /** The stored hash of a code (the tests compare it with the database). */
  hash(app: ServerApp, channel: string, destination: string, code: string): string
}

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
  const service: OtpService = {
    hash(app, channel, destination, code) {
      // Binding app, channel and destination makes a hash useless for any other address.
      return createHmac('sha256', secret).update(`${app.id}\0${channel}\0${destination}\0${code}`).digest('hex')
    },

    async issue(app, channel, destination) {
      const code = newOtpCode()
      const t = now()
      await db.query(
        `INSERT INTO otp_codes (app_id, channel, destination, code_hash, created_at, expires_at, attempts, used_at)
         VALUES ($1, $2, $3, $4, $5, $6, 0, NULL)
         ON CONFLICT (app_id, channel, destination) DO UPDATE
           SET code_hash = EXCLUDED.code_hash, created_at = EXCLUDED.created_at,
               expires_at = EXCLUDED.expires_at, attempts = 0, used_at = NULL`,
        [app.id, channel, destination, service.hash(app, channel, destination, code), t, t + OTP_TTL_MS],
      )
      return code
    },

    async verify(app, channel, destination, code) {
      const t = now()
      const ok = await db.query(
        `UPDATE otp_codes SET used_at = $5
         WHERE app_id = $1 AND channel = $2 AND destination = $3 AND code_hash = $4
           AND used_at IS NULL AND expires_at > $5 AND attempts < $6
         RETURNING 1 AS ok`,
        [app.id, channel, destination, service.hash(app, channel, destination, code), t, OTP_MAX_ATTEMPTS],
      )
      if (ok[0]) return true
      await db.query(
        `UPDATE otp_codes SET attempts = attempts + 1
         WHERE app_id = $1 AND channel = $2 AND destination = $3 AND used_at IS NULL`,
        [app.id, channel, destination],
      )
      return false
    },
  }
  return service
}
