/**
 * `portico/plugins/mfa/server`: the multi-factor core the method plugins (`mfa-sms`, `mfa-totp`,
 * `mfa-passkey`) build on. It keeps which methods each user has enrolled (the User object's and
 * the identity token's `mfa_methods`), counts verification attempts (4 in all, then a 10-second
 * lockout), and mints the MFA tokens a verification returns: random, stored hashed, bound to the
 * user and the session, good for {@link MFA_TOKEN_TTL_MS} and for one operation.
 *
 * Once a user has a method enrolled, every sensitive operation of another plugin (the embedded
 * wallet's key share, export, import, new wallet, recovery change: each handler calls
 * `ctx.checkSensitiveOperation`) needs such a token in the {@link MFA_TOKEN_HEADER} header, and so
 * does adding or removing a method.
 * @module
 */
import { createHash, randomBytes } from 'node:crypto'
import * as v from 'valibot'
import {
  defineServerPlugin,
  HttpError,
  type Db,
  type Migration,
  type RequestContext,
  type SessionInfo,
  type UserFieldDeclaration,
} from '../../server'

/** How long an MFA token stays usable: long enough to retry the operation that asked for it. */
export const MFA_TOKEN_TTL_MS = 5 * 60_000
/** Verification attempts (right or wrong codes, of any method) before the lockout. */
export const MFA_MAX_ATTEMPTS = 4
/** How long verification stays locked once {@link MFA_MAX_ATTEMPTS} attempts are spent. */
export const MFA_LOCKOUT_MS = 10_000
/**
 * Wrong verifications one user may make per hour, across lockouts: without it, 4 guesses every
 * 10 seconds would find a 6-digit code within days. 20 an hour bounds a guesser to 1 in 50,000 an hour.
 */
export const MFA_MAX_FAILURES_PER_HOUR = 20
/** The request header carrying an MFA token to a guarded operation (and to enrolment changes). */
export const MFA_TOKEN_HEADER = 'privy-mfa-token'
/** The purpose stored with every MFA token: no other kind of token is ever accepted in its place. */
const TOKEN_PURPOSE = 'mfa'
const HOUR_MS = 60 * 60_000

/** A six-digit code as the MFA routes take it (the messages of the six code boxes). */
export const MfaCode = v.pipe(
  v.string(),
  v.regex(/^\d*$/, 'Passcode can only be numbers'),
  v.length(6, 'Passcode must be exactly 6 numbers'),
)

/** The answer of a verify route: the MFA token a guarded operation takes in {@link MFA_TOKEN_HEADER}. */
export const MfaTokenResponse = v.object({ token: v.pipe(v.string(), v.nonEmpty()) })

/** Tables of the MFA core. */
export const mfaMigrations: readonly Migration[] = [
  {
    id: 'mfa/0001_methods_tokens_attempts',
    sql: `
CREATE TABLE mfa_methods (
  app_id text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  method text NOT NULL,
  verified_at bigint NOT NULL,
  PRIMARY KEY (user_id, method)
);
CREATE TABLE mfa_tokens (
  token_hash text PRIMARY KEY,
  app_id text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  session_id text NOT NULL,
  purpose text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL
);
CREATE INDEX mfa_tokens_expiry_idx ON mfa_tokens (expires_at);
CREATE INDEX mfa_tokens_user_idx ON mfa_tokens (user_id);
CREATE TABLE mfa_attempts (
  app_id text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  attempts integer NOT NULL,
  locked_until bigint,
  hour_start bigint NOT NULL,
  hour_failures integer NOT NULL,
  PRIMARY KEY (user_id)
);`,
  },
]

/**
 * The User object's `mfa_methods` (`{type, verified_at}`, oldest first), also carried by the
 * identity token as a JSON-encoded claim of the same name.
 */
export const mfaMethodsField: UserFieldDeclaration = {
  field: 'mfa_methods',
  sql: `SELECT json_agg(json_build_object('type', m.method, 'verified_at', m.verified_at / 1000) ORDER BY m.verified_at, m.method)
        FROM mfa_methods m WHERE m.user_id = u.id AND m.app_id = u.app_id`,
  fallback: [],
  identityToken: true,
}

/** 403 `missing_or_invalid_mfa`: the operation needs an MFA verification the request does not carry. */
export const mfaRequired = () =>
  new HttpError(403, 'missing_or_invalid_mfa', 'MFA verification is required for this action.')
/** 403 `expired_or_invalid_mfa_token`: the MFA token given is unknown, used, expired, or another session's. */
export const invalidMfaToken = () =>
  new HttpError(403, 'expired_or_invalid_mfa_token', 'The MFA token is expired or invalid. Please verify again.')
/** 400 `missing_mfa_enrollment`: the user has not enrolled this method. */
export const notEnrolled = (method: string) =>
  new HttpError(400, 'missing_mfa_enrollment', `The user has not enrolled ${method} as an MFA method.`)
/** 400 `resource_already_exists`: the method is enrolled already (remove it first to change it). */
export const alreadyEnrolled = (method: string) =>
  new HttpError(400, 'resource_already_exists', `The user has already enrolled ${method} as an MFA method.`)

/** 403 `missing_or_invalid_mfa` for a wrong code (or passkey), with the attempts left before the lockout. */
function wrongFactor(attemptsRemaining: number, message: string) {
  return new HttpError(403, 'missing_or_invalid_mfa', message, { attempts_remaining: attemptsRemaining })
}

/** 429 `too_many_requests` while verification is locked. */
function lockedOut(retryAfterMs: number) {
  const seconds = Math.max(1, Math.ceil(retryAfterMs / 1000))
  return new HttpError(429, 'too_many_requests', 'Max MFA verification attempts reached', { retry_after: seconds }, seconds)
}

const hashToken = (token: string) => createHash('sha256').update(token).digest('hex')

/**
 * The methods a user has enrolled.
 * @param db - the database (or a transaction).
 * @param appId - the app.
 * @param userId - the user (bare id).
 * @returns the method ids, oldest first.
 */
export async function enrolledMethods(db: Pick<Db, 'query'>, appId: string, userId: string): Promise<string[]> {
  const rows = await db.query<{ method: string }>(
    'SELECT method FROM mfa_methods WHERE app_id = $1 AND user_id = $2 ORDER BY verified_at, method',
    [appId, userId],
  )
  return rows.map((r) => r.method)
}

/**
 * Records a method as enrolled (in the transaction that stores the method's own data).
 * @param tx - the transaction.
 * @param appId - the app.
 * @param userId - the user.
 * @param method - the method id (`sms`, `totp`, `passkey`).
 * @param now - the server time in ms.
 * @throws 400 `resource_already_exists` when it is enrolled already.
 */
export async function recordEnrollment(tx: Pick<Db, 'query'>, appId: string, userId: string, method: string, now: number): Promise<void> {
  const rows = await tx.query(
    'INSERT INTO mfa_methods (app_id, user_id, method, verified_at) VALUES ($1, $2, $3, $4) ON CONFLICT DO NOTHING RETURNING 1',
    [appId, userId, method, now],
  )
  if (!rows[0]) throw alreadyEnrolled(method)
}

/**
 * Removes an enrolled method (in the transaction that removes the method's own data).
 * @param tx - the transaction.
 * @param appId - the app.
 * @param userId - the user.
 * @param method - the method id.
 * @throws 400 `missing_mfa_enrollment` when it was not enrolled.
 */
export async function removeEnrollment(tx: Pick<Db, 'query'>, appId: string, userId: string, method: string): Promise<void> {
  const rows = await tx.query('DELETE FROM mfa_methods WHERE app_id = $1 AND user_id = $2 AND method = $3 RETURNING 1', [
    appId,
    userId,
    method,
  ])
  if (!rows[0]) throw notEnrolled(method)
}

/**
 * Checks that a method is enrolled.
 * @param ctx - the request's context.
 * @param userId - the user.
 * @param method - the method id.
 * @throws 400 `missing_mfa_enrollment` otherwise.
 */
export async function requireEnrolled(ctx: RequestContext, userId: string, method: string): Promise<void> {
  if (!(await enrolledMethods(ctx.db, ctx.app.id, userId)).includes(method)) throw notEnrolled(method)
}

/**
 * Runs one verification attempt: counts it (refused with 429 while locked), runs `check`, and on
 * success clears the count. Attempts are counted before the check, in one statement, so parallel
 * requests cannot get more than {@link MFA_MAX_ATTEMPTS} checks between two lockouts.
 * @param ctx - the request's context.
 * @param userId - the user verifying.
 * @param check - the factor's own check (a code, an assertion); true when right. Its thrown errors pass through, counted.
 * @param message - the refusal's message. @defaultValue 'The code you entered is not valid'
 * @throws 403 `missing_or_invalid_mfa` (`data.attempts_remaining`) when the check fails; 429
 *   `too_many_requests` (`data.retry_after`, seconds) while locked.
 */
export async function attemptVerification(
  ctx: RequestContext,
  userId: string,
  check: () => Promise<boolean>,
  message = 'The code you entered is not valid',
): Promise<void> {
  const t = ctx.now()
  // Reserve an attempt: a lockout that ended starts a new round; the round's last attempt sets the
  // lockout at once (a success lifts it). The hourly count of failures refuses past its ceiling.
  const rows = await ctx.db.query<{ attempts: number }>(
    `INSERT INTO mfa_attempts AS a (app_id, user_id, attempts, locked_until, hour_start, hour_failures)
     VALUES ($1, $2, 1, NULL, $3::bigint, 1)
     ON CONFLICT (user_id) DO UPDATE SET
       attempts = CASE WHEN a.locked_until IS NOT NULL AND a.locked_until <= $3::bigint THEN 1 ELSE a.attempts + 1 END,
       locked_until = CASE
         WHEN a.locked_until IS NOT NULL AND a.locked_until <= $3::bigint THEN NULL
         WHEN a.attempts + 1 >= $4 THEN $3::bigint + $5::bigint
         ELSE a.locked_until END,
       hour_start = CASE WHEN a.hour_start <= $3::bigint - $6::bigint THEN $3::bigint ELSE a.hour_start END,
       hour_failures = CASE WHEN a.hour_start <= $3::bigint - $6::bigint THEN 1 ELSE a.hour_failures + 1 END
     WHERE a.app_id = $1
       AND (a.locked_until IS NULL OR a.locked_until <= $3::bigint)
       AND (a.hour_start <= $3::bigint - $6::bigint OR a.hour_failures < $7)
     RETURNING a.attempts`,
    [ctx.app.id, userId, t, MFA_MAX_ATTEMPTS, MFA_LOCKOUT_MS, HOUR_MS, MFA_MAX_FAILURES_PER_HOUR],
  )
  const reserved = rows[0]
  if (!reserved) {
    const state = await ctx.db.query<{ locked_until: number | null; hour_start: number }>(
      'SELECT locked_until, hour_start FROM mfa_attempts WHERE user_id = $1',
      [userId],
    )
    const s = state[0]
    const lockEnds = s?.locked_until !== null && s?.locked_until !== undefined ? Number(s.locked_until) : 0
    const hourEnds = s ? Number(s.hour_start) + HOUR_MS : 0
    throw lockedOut(lockEnds > t ? lockEnds - t : hourEnds - t)
  }
  let right = false
  try {
    right = await check()
  } finally {
    if (right) {
      // The attempt is refunded from the hourly count: only failures count there.
      await ctx.db.query(
        'UPDATE mfa_attempts SET attempts = 0, locked_until = NULL, hour_failures = GREATEST(hour_failures - 1, 0) WHERE user_id = $1',
        [userId],
      )
    }
  }
  if (!right) throw wrongFactor(Math.max(0, MFA_MAX_ATTEMPTS - reserved.attempts), message)
}

/**
 * Mints an MFA token for the session: 32 random bytes (base64url), stored as their SHA-256 only.
 * @param ctx - the request's context.
 * @param session - the session it is bound to.
 * @returns the token, for the `{token}` answer of a verify route.
 */
export async function issueMfaToken(ctx: RequestContext, session: SessionInfo): Promise<string> {
  const t = ctx.now()
  const token = randomBytes(32).toString('base64url')
  // Expired tokens are swept here rather than by a timer, so no process has to own the cleanup.
  await ctx.db.query('DELETE FROM mfa_tokens WHERE user_id = $1 AND expires_at <= $2', [session.userId, t])
  await ctx.db.query(
    `INSERT INTO mfa_tokens (token_hash, app_id, user_id, session_id, purpose, created_at, expires_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7)`,
    [hashToken(token), ctx.app.id, session.userId, session.sessionId, TOKEN_PURPOSE, t, t + MFA_TOKEN_TTL_MS],
  )
  return token
}

/**
 * Spends the MFA token of the request's {@link MFA_TOKEN_HEADER} header, in one statement: of
 * concurrent uses, one gets through.
 * @param db - the database, or the transaction of the change it authorises (spent only if it commits).
 * @param ctx - the request's context.
 * @param headers - the request's headers.
 * @param session - the session the token must be bound to.
 * @throws 403 `missing_or_invalid_mfa` without a token; 403 `expired_or_invalid_mfa_token` for one
 *   that is unknown, spent, expired, or another user's or session's.
 */
export async function consumeMfaToken(
  db: Pick<Db, 'query'>,
  ctx: RequestContext,
  headers: Record<string, string>,
  session: SessionInfo,
): Promise<void> {
  const token = headers[MFA_TOKEN_HEADER]
  if (!token) throw mfaRequired()
  const rows = await db.query(
    `DELETE FROM mfa_tokens WHERE token_hash = $1 AND app_id = $2 AND user_id = $3 AND session_id = $4 AND purpose = $5
       AND expires_at > $6 RETURNING 1`,
    [hashToken(token), ctx.app.id, session.userId, session.sessionId, TOKEN_PURPOSE, ctx.now()],
  )
  if (!rows[0]) throw invalidMfaToken()
}

/**
 * Asks for a prior verification before a change of the user's methods, when one is enrolled: the
 * token is spent in `tx`, the transaction that makes the change.
 * @param tx - the change's transaction.
 * @param ctx - the request's context.
 * @param headers - the request's headers.
 * @param session - the session.
 * @throws as {@link consumeMfaToken} when a method is enrolled and the token is missing or bad.
 */
export async function requirePriorVerification(
  tx: Pick<Db, 'query'>,
  ctx: RequestContext,
  headers: Record<string, string>,
  session: SessionInfo,
): Promise<void> {
  // Read in the transaction, under the user's lock the caller holds: two first enrolments at once see each other.
  if ((await enrolledMethods(tx, ctx.app.id, session.userId)).length === 0) return
  await consumeMfaToken(tx, ctx, headers, session)
}

/**
 * Refuses a change of the user's methods at once when a method is enrolled and the request carries
 * no MFA token, before any code is spent or counted (the token itself is spent by
 * {@link requirePriorVerification}, in the change's transaction).
 * @param ctx - the request's context.
 * @param headers - the request's headers.
 * @param userId - the user.
 * @throws 403 `missing_or_invalid_mfa`.
 */
export async function precheckPriorVerification(ctx: RequestContext, headers: Record<string, string>, userId: string): Promise<void> {
  if (!headers[MFA_TOKEN_HEADER] && (await enrolledMethods(ctx.db, ctx.app.id, userId)).length > 0) throw mfaRequired()
}

/**
 * Holds the user's row for the transaction: a user's enrolment changes run one at a time.
 * @param tx - the transaction.
 * @param ctx - the request's context.
 * @param userId - the user.
 */
export async function lockMfaUser(tx: Pick<Db, 'query'>, ctx: RequestContext, userId: string): Promise<void> {
  await tx.query('SELECT id FROM users WHERE id = $1 AND app_id = $2 FOR UPDATE', [userId, ctx.app.id])
}

/**
 * The MFA core's server half: no routes of its own; the `mfa_methods` user field, the tables, and
 * the guard that asks for an MFA token before any sensitive operation of a user with a method
 * enrolled. The method plugins require it.
 * @returns the server plugin.
 * @example
 * ```ts
 * import { mfaTotpServer } from 'portico/plugins/mfa-totp/server'
 * // mfaTotpServer() requires mfaServer(): the server registers it first.
 * const server = await createServer({ db, mail, secret, plugins: [mfaTotpServer()] })
 * ```
 */
export function mfaServer() {
  return defineServerPlugin({
    id: 'mfa',
    routes: {},
    schemas: {},
    handlers: {},
    migrations: mfaMigrations,
    userFields: [mfaMethodsField],
    requestHeaders: [MFA_TOKEN_HEADER],
    async sensitiveOperationGuard(_operation, req, ctx) {
      if ((await enrolledMethods(ctx.db, ctx.app.id, req.session.userId)).length === 0) return
      await consumeMfaToken(ctx.db, ctx, req.headers, req.session)
    },
  })
}
