/**
 * `portico/plugins/mfa-totp/server`: the authenticator-app MFA method (RFC 6238 TOTP: HMAC-SHA1,
 * 6 digits, 30-second steps, computed with `micro-key-producer/otp`). The secret is sealed at rest
 * with the database's secret box; the server's clock decides which steps are current (the step
 * before and after too, for clock drift); a code is good once: a step is never accepted again, nor
 * one before it.
 * @module
 */
import { randomBytes } from 'node:crypto'
import { base32 } from '@scure/base'
import { hotp } from 'micro-key-producer/otp.js'
import {
  defineServerPlugin,
  errors,
  type Db,
  type Migration,
  type RequestContext,
  type SealedData,
  type ServerRequest,
} from '../../server'
import {
  attemptVerification,
  enrolledMethods,
  issueMfaToken,
  lockMfaUser,
  mfaServer,
  notEnrolled,
  precheckPriorVerification,
  recordEnrollment,
  removeEnrollment,
  requirePriorVerification,
} from '../mfa/server'
import { mfaTotpRoutes } from './api'
import { mfaTotpSchemas } from './schemas'

/** The method's id in `mfa_methods`. */
export const TOTP_METHOD = 'totp'
/** The TOTP step, in seconds (RFC 6238's default, what authenticator apps assume). */
export const TOTP_STEP_SECONDS = 30
/** Steps accepted on either side of the current one (clock drift between phone and server). */
export const TOTP_DRIFT_STEPS = 1
/** Secret size in bytes: 160 bits, RFC 4226's recommendation for HMAC-SHA1. */
export const TOTP_SECRET_BYTES = 20
/** How long a secret from `init` may be confirmed by `enroll`. */
export const TOTP_PENDING_TTL_MS = 10 * 60_000
/** `init` calls per user. */
export const TOTP_INIT_PER_USER = { limit: 20, windowMs: 10 * 60_000 }

/** Tables of the TOTP method. */
export const mfaTotpMigrations: readonly Migration[] = [
  {
    id: 'mfa-totp/0001_secrets',
    sql: `
CREATE TABLE mfa_totp (
  app_id text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  secret text,
  pending_secret text,
  pending_expires_at bigint,
  last_step bigint,
  PRIMARY KEY (user_id)
);`,
  },
]

interface TotpRow {
  app_id: string
  user_id: string
  secret: string | null
  pending_secret: string | null
  pending_expires_at: number | null
  last_step: number | null
}

/** The sealing context of a user's secret: a sealed secret copied to another user or app does not open. */
const contextOf = (appId: string, userId: string) => `app:${appId}:mfa-totp:${userId}`

const seal = (db: Db, appId: string, userId: string, secret: string) =>
  db.secrets ? db.secrets.seal(secret, contextOf(appId, userId)) : secret
const open = (db: Db, appId: string, userId: string, stored: string) =>
  db.secrets ? db.secrets.open(stored, contextOf(appId, userId)) : stored

/**
 * The TOTP code of a base32 secret at a step (RFC 6238: HOTP of the step counter).
 * @param secret - the base32 secret.
 * @param step - the step number (unix seconds / {@link TOTP_STEP_SECONDS}).
 * @returns the six digits.
 * @example
 * ```ts
 * import { totpCode, TOTP_STEP_SECONDS } from 'portico/plugins/mfa-totp/server'
 * totpCode(secret, Math.floor(Date.now() / 1000 / TOTP_STEP_SECONDS))
 * ```
 */
export function totpCode(secret: string, step: number): string {
  return hotp({ algorithm: 'sha1', digits: 6, interval: TOTP_STEP_SECONDS, secret: base32.decode(secret) }, step)
}

/**
 * The step a code matches at a time, among the current one and its {@link TOTP_DRIFT_STEPS}
 * neighbours, later than `after` (a step once used is never accepted again, nor any before it).
 * @param secret - the base32 secret.
 * @param code - the code typed.
 * @param nowMs - the server time.
 * @param after - the last step used, or null.
 * @returns the step, or null when none matches.
 */
export function matchingStep(secret: string, code: string, nowMs: number, after: number | null): number | null {
  const current = Math.floor(nowMs / 1000 / TOTP_STEP_SECONDS)
  let found: number | null = null
  // Every candidate is computed, matched or not: the time taken says nothing of which step matched.
  for (let step = current - TOTP_DRIFT_STEPS; step <= current + TOTP_DRIFT_STEPS; step++) {
    const same = totpCode(secret, step) === code
    if (same && found === null && (after === null || step > after)) found = step
  }
  return found
}

/** The `otpauth://` URL authenticator apps scan: issuer the app's name, account the user's email, phone or id. */
function authUrl(issuer: string, account: string, secret: string): string {
  const label = `${encodeURIComponent(issuer)}:${encodeURIComponent(account)}`
  const query = new URLSearchParams({ secret, issuer, algorithm: 'SHA1', digits: '6', period: String(TOTP_STEP_SECONDS) })
  return `otpauth://totp/${label}?${query.toString()}`
}

async function totpRow(db: Pick<Db, 'query'>, appId: string, userId: string): Promise<TotpRow | null> {
  const rows = await db.query<TotpRow>('SELECT * FROM mfa_totp WHERE app_id = $1 AND user_id = $2', [appId, userId])
  const row = rows[0]
  if (!row) return null
  return {
    ...row,
    pending_expires_at: row.pending_expires_at === null ? null : Number(row.pending_expires_at),
    last_step: row.last_step === null ? null : Number(row.last_step),
  }
}

/** TOTP secrets are sealed with the database's secret box: `portico keys rotate` reseals them. */
const totpSealedData: SealedData = {
  label: 'TOTP secrets',
  async check(db) {
    const box = db.secrets
    if (!box) return
    const rows = await db.query<{ app_id: string; user_id: string; secret: string | null; pending_secret: string | null }>(
      'SELECT app_id, user_id, secret, pending_secret FROM mfa_totp WHERE secret IS NOT NULL OR pending_secret IS NOT NULL LIMIT 1',
    )
    // One row opened proves the keys: every row is sealed with one of the same keys.
    const row = rows[0]
    if (row) open(db, row.app_id, row.user_id, (row.secret ?? row.pending_secret)!)
  },
  async reseal(db) {
    const box = db.secrets
    if (!box) return 0
    const rows = await db.query<{ app_id: string; user_id: string; secret: string | null; pending_secret: string | null }>(
      'SELECT app_id, user_id, secret, pending_secret FROM mfa_totp',
    )
    let n = 0
    for (const r of rows) {
      const again = (stored: string | null) =>
        stored === null || box.isCurrent(stored) ? stored : seal(db, r.app_id, r.user_id, open(db, r.app_id, r.user_id, stored))
      const secret = again(r.secret)
      const pending = again(r.pending_secret)
      if (secret === r.secret && pending === r.pending_secret) continue
      await db.query('UPDATE mfa_totp SET secret = $2, pending_secret = $3 WHERE user_id = $1', [r.user_id, secret, pending])
      n++
    }
    return n
  },
}

/**
 * The TOTP MFA method's server half: `POST /api/v1/mfa/totp/{init,enroll,verify,unenroll}` and the
 * same under `/api/v1/mfa_auth/totp/`, whose verify answers `{success}` without a token. It
 * requires the MFA core (`portico/plugins/mfa/server`).
 * @returns the server plugin.
 * @example
 * ```ts
 * import { createServer, createPgliteDb, DevInbox } from 'portico/server'
 * import { mfaTotpServer } from 'portico/plugins/mfa-totp/server'
 * const server = await createServer({ db: await createPgliteDb(), mail: new DevInbox(), secret: 's', plugins: [mfaTotpServer()] })
 * ```
 */
export function mfaTotpServer() {
  async function init(_req: ServerRequest, ctx: RequestContext) {
    const session = await ctx.requireSession()
    await ctx.rateLimit(`mfa-totp:init:${ctx.app.id}:${session.userId}`, TOTP_INIT_PER_USER.limit, TOTP_INIT_PER_USER.windowMs)
    const user = await ctx.users.get(ctx.app, session.userId)
    if (!user) throw errors.invalidToken()
    const secret = base32.encode(randomBytes(TOTP_SECRET_BYTES)).replace(/=+$/, '')
    const sealed = seal(ctx.db, ctx.app.id, session.userId, secret)
    await ctx.db.query(
      `INSERT INTO mfa_totp (app_id, user_id, secret, pending_secret, pending_expires_at, last_step) VALUES ($1, $2, NULL, $3, $4, NULL)
       ON CONFLICT (user_id) DO UPDATE SET pending_secret = EXCLUDED.pending_secret, pending_expires_at = EXCLUDED.pending_expires_at`,
      [ctx.app.id, session.userId, sealed, ctx.now() + TOTP_PENDING_TTL_MS],
    )
    const named = user.accounts.find((a) => a.type === 'email' || a.type === 'phone')?.identityKey ?? `did:privy:${user.id}`
    return { totpSecret: secret, totpAuthUrl: authUrl(ctx.app.name, named, secret) }
  }

  async function enroll(req: ServerRequest<{ code: string }>, ctx: RequestContext) {
    const session = await ctx.requireSession()
    await precheckPriorVerification(ctx, req.headers, session.userId)
    const { userId } = session
    const row = await totpRow(ctx.db, ctx.app.id, userId)
    const t = ctx.now()
    if (!row?.pending_secret || (row.pending_expires_at ?? 0) <= t) {
      throw errors.invalidData('No authenticator app enrolment is in progress: start again.')
    }
    const pending = row.pending_secret
    const secret = open(ctx.db, ctx.app.id, userId, pending)
    await attemptVerification(ctx, userId, async () => {
      const step = matchingStep(secret, req.body.code, t, null)
      if (step === null) return false
      return ctx.db.transaction(async (tx) => {
        await lockMfaUser(tx, ctx, userId)
        await requirePriorVerification(tx, ctx, req.headers, session)
        // The secret this code was checked against, still pending: a concurrent enrol or init loses.
        const moved = await tx.query(
          `UPDATE mfa_totp SET secret = pending_secret, pending_secret = NULL, pending_expires_at = NULL, last_step = $3
           WHERE app_id = $1 AND user_id = $2 AND pending_secret = $4 AND pending_expires_at > $5 RETURNING 1`,
          [ctx.app.id, userId, step, pending, t],
        )
        if (!moved[0]) return false
        await recordEnrollment(tx, ctx.app.id, userId, TOTP_METHOD, t)
        return true
      })
    })
    const user = await ctx.users.get(ctx.app, userId)
    if (!user) throw errors.invalidToken()
    return ctx.users.toWire(user)
  }

  /** Checks the code against the enrolled secret and spends its step. */
  async function checkCode(ctx: RequestContext, userId: string, code: string): Promise<void> {
    const row = await totpRow(ctx.db, ctx.app.id, userId)
    const enrolled = (await enrolledMethods(ctx.db, ctx.app.id, userId)).includes(TOTP_METHOD)
    if (!row?.secret || !enrolled) throw notEnrolled(TOTP_METHOD)
    const stored = row.secret
    const secret = open(ctx.db, ctx.app.id, userId, stored)
    const t = ctx.now()
    await attemptVerification(ctx, userId, async () => {
      const step = matchingStep(secret, code, t, row.last_step)
      if (step === null) return false
      // Compare-and-set: of concurrent uses of one code, one moves the step; a replay finds it moved.
      const moved = await ctx.db.query(
        `UPDATE mfa_totp SET last_step = $3 WHERE app_id = $1 AND user_id = $2 AND secret = $4
           AND (last_step IS NULL OR last_step < $3) RETURNING 1`,
        [ctx.app.id, userId, step, stored],
      )
      return moved.length > 0
    })
  }

  async function unenroll(req: ServerRequest, ctx: RequestContext) {
    const session = await ctx.requireSession()
    await ctx.db.transaction(async (tx) => {
      await lockMfaUser(tx, ctx, session.userId)
      // Removing a method always needs a prior verification: this one is enrolled.
      const methods = await enrolledMethods(tx, ctx.app.id, session.userId)
      if (!methods.includes(TOTP_METHOD)) throw notEnrolled(TOTP_METHOD)
      await requirePriorVerification(tx, ctx, req.headers, session)
      await removeEnrollment(tx, ctx.app.id, session.userId, TOTP_METHOD)
      await tx.query('DELETE FROM mfa_totp WHERE app_id = $1 AND user_id = $2', [ctx.app.id, session.userId])
    })
    return { success: true as const }
  }

  return defineServerPlugin({
    id: 'mfa-totp',
    routes: mfaTotpRoutes,
    schemas: mfaTotpSchemas,
    requires: [mfaServer()],
    migrations: mfaTotpMigrations,
    sealedData: totpSealedData,
    handlers: {
      init,
      enroll,
      async verify(req, ctx) {
        const session = await ctx.requireSession()
        await checkCode(ctx, session.userId, req.body.code)
        return { token: await issueMfaToken(ctx, session) }
      },
      unenroll,
      authInit: init,
      authEnroll: enroll,
      async authVerify(req, ctx) {
        const session = await ctx.requireSession()
        await checkCode(ctx, session.userId, req.body.code)
        return { success: true as const }
      },
      authUnenroll: unenroll,
    },
  })
}
