/**
 * OAuth attempts: one row per round trip, from `/oauth/init` to the single use of its code.
 * @module
 */
import { oneTimeRows, type AccountInput, type Db, type Migration } from '../../../server'
import type { OAuthTokens } from '../../../kernel/wire'
import { hashCode } from './pkce'

/** How long a round trip may take, init to authenticate. */
export const ATTEMPT_TTL_MS = 10 * 60 * 1000

/** The table of attempts. */
export const oauthMigrations: readonly Migration[] = [
  {
    id: 'oauth/0001_attempts',
    sql: `
CREATE TABLE oauth_attempts (
  id text PRIMARY KEY,
  app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  provider text NOT NULL,
  provider_state text NOT NULL UNIQUE,
  provider_verifier text NOT NULL,
  nonce text,
  redirect_uri text NOT NULL,
  client_state text NOT NULL,
  code_challenge text,
  redirect_to text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  returned_at bigint,
  code_hash text UNIQUE,
  result jsonb,
  used_at bigint
);
CREATE INDEX oauth_attempts_expiry_idx ON oauth_attempts (expires_at);`,
  },
  {
    // The session a code's first use created, and when a second use was seen: a replay revokes the session.
    id: 'oauth/0002_code_replay',
    sql: `
ALTER TABLE oauth_attempts ADD COLUMN session_id text;
ALTER TABLE oauth_attempts ADD COLUMN replayed_at bigint;`,
  },
]

/** What the callback learnt, kept until the code is used. */
export type AttemptResult =
  | { outcome: 'ok'; account: AccountInput; email: string | null; tokens: OAuthTokens | null }
  | { outcome: 'suspended' }

/** One attempt. */
export interface Attempt {
  id: string
  appId: string
  provider: string
  providerState: string
  providerVerifier: string
  nonce: string | null
  redirectUri: string
  clientState: string
  codeChallenge: string | null
  redirectTo: string
  expiresAt: number
  usedAt: number | null
}

interface Row {
  id: string
  app_id: string
  provider: string
  provider_state: string
  provider_verifier: string
  nonce: string | null
  redirect_uri: string
  client_state: string
  code_challenge: string | null
  redirect_to: string
  expires_at: string | number
  used_at: string | number | null
}

const COLUMNS = ['id', 'app_id', 'provider', 'provider_state', 'provider_verifier', 'nonce', 'redirect_uri', 'client_state', 'code_challenge', 'redirect_to', 'expires_at', 'used_at']
const attempts = oneTimeRows('oauth_attempts', 'id')

function fromRow(r: Row): Attempt {
  return {
    id: r.id,
    appId: r.app_id,
    provider: r.provider,
    providerState: r.provider_state,
    providerVerifier: r.provider_verifier,
    nonce: r.nonce,
    redirectUri: r.redirect_uri,
    clientState: r.client_state,
    codeChallenge: r.code_challenge,
    redirectTo: r.redirect_to,
    expiresAt: Number(r.expires_at),
    usedAt: r.used_at === null ? null : Number(r.used_at),
  }
}

/**
 * Stores a new attempt, and drops attempts that expired a day ago or more (nothing reads them).
 * @param db - the database.
 * @param a - the attempt, without its use.
 * @param now - the server clock.
 * @example
 * ```ts
 * await createAttempt(ctx.db, { id, appId, provider: 'google', ... }, ctx.now())
 * ```
 */
export async function createAttempt(db: Db, a: Omit<Attempt, 'usedAt'>, now: number): Promise<void> {
  await attempts.insert(
    db,
    { id: a.id, app_id: a.appId, provider: a.provider, provider_state: a.providerState, provider_verifier: a.providerVerifier, nonce: a.nonce,
      redirect_uri: a.redirectUri, client_state: a.clientState, code_challenge: a.codeChallenge, redirect_to: a.redirectTo, created_at: now, expires_at: a.expiresAt },
    now,
  )
}

/**
 * Takes the attempt a provider's return names by its state: once only, so a replayed return finds nothing.
 * @param db - the database.
 * @param appId - the app of the callback path.
 * @param state - the provider-leg state.
 * @param now - the server clock.
 * @returns the attempt, or null when unknown or already returned.
 * @example
 * ```ts
 * const attempt = await takeAttemptByState(ctx.db, ctx.app.id, query.state, ctx.now())
 * ```
 */
export async function takeAttemptByState(db: Db, appId: string, state: string, now: number): Promise<Attempt | null> {
  const row = await attempts.claim<Row>(db, { mark: 'returned_at', where: { app_id: appId, provider_state: state }, now, returning: COLUMNS })
  return row ? fromRow(row) : null
}

/**
 * Records the outcome of the provider leg under a one-time code.
 * @param db - the database.
 * @param id - the attempt id.
 * @param code - the `privy_oauth_code` handed to the client (stored hashed).
 * @param result - the account and tokens, or the suspension.
 * @example
 * ```ts
 * await storeResult(ctx.db, attempt.id, code, { outcome: 'suspended' })
 * ```
 */
export async function storeResult(db: Db, id: string, code: string, result: AttemptResult): Promise<void> {
  await db.query('UPDATE oauth_attempts SET code_hash = $2, result = $3 WHERE id = $1', [id, hashCode(code), result])
}

/**
 * Finds the attempt of a one-time code (used or not: the caller tells a replay apart).
 * @param db - the database.
 * @param appId - the request's app.
 * @param code - the `authorization_code` the client sent.
 * @returns the attempt, or null.
 * @example
 * ```ts
 * const attempt = await findAttemptByCode(ctx.db, ctx.app.id, req.body.authorization_code)
 * ```
 */
export async function findAttemptByCode(db: Db, appId: string, code: string): Promise<Attempt | null> {
  const rows = await db.query<Row>(`SELECT ${COLUMNS.join(', ')} FROM oauth_attempts WHERE app_id = $1 AND code_hash = $2`, [
    appId,
    hashCode(code),
  ])
  return rows[0] ? fromRow(rows[0]) : null
}

/**
 * Uses an attempt's code: marks it used and hands back its result once, wiping the stored tokens.
 * @param db - the database.
 * @param id - the attempt id.
 * @param now - the server clock.
 * @returns the result, or null when another request used it first.
 * @example
 * ```ts
 * const result = await consumeAttempt(ctx.db, attempt.id, ctx.now())
 * ```
 */
export async function consumeAttempt(db: Db, id: string, now: number): Promise<AttemptResult | null> {
  const row = await attempts.claim<{ result: AttemptResult | null }>(db, { mark: 'used_at', where: { id }, now, returning: [], take: ['result'] })
  return row?.result ?? null
}

/**
 * Records that an attempt's code was presented again after its use, in one statement.
 * @param db - the database.
 * @param id - the attempt id.
 * @param now - the server clock.
 * @returns the session the first use created, or null when it has recorded none (yet: see {@link recordSession}).
 * @example
 * ```ts
 * const sessionId = await markReplayed(ctx.db, attempt.id, ctx.now())
 * if (sessionId) await ctx.sessions.revoke(ctx.app, sessionId)
 * ```
 */
export async function markReplayed(db: Db, id: string, now: number): Promise<string | null> {
  const rows = await db.query<{ session_id: string | null }>(
    'UPDATE oauth_attempts SET replayed_at = COALESCE(replayed_at, $2) WHERE id = $1 RETURNING session_id',
    [id, now],
  )
  return rows[0]?.session_id ?? null
}

/**
 * Records the session an attempt's code created, in one statement. A replay seen before this
 * ({@link markReplayed} found no session to revoke) makes it answer false: the caller revokes the session.
 * @param db - the database.
 * @param id - the attempt id.
 * @param sessionId - the new session.
 * @returns true when no replay was seen.
 * @example
 * ```ts
 * if (!(await recordSession(ctx.db, attempt.id, sessionId))) await ctx.sessions.revoke(ctx.app, sessionId)
 * ```
 */
export async function recordSession(db: Db, id: string, sessionId: string): Promise<boolean> {
  const rows = await db.query<{ replayed_at: string | number | null }>(
    'UPDATE oauth_attempts SET session_id = $2 WHERE id = $1 RETURNING replayed_at',
    [id, sessionId],
  )
  return rows[0]?.replayed_at === null
}
