/**
 * What the cross-app authorization server keeps: single-use authorization codes and opaque access
 * tokens, both stored as SHA-256 hashes.
 * @module
 */
import { createHash, randomBytes } from 'node:crypto'
import { oneTimeRows, type Db, type Migration } from '../../../server'

/** How long an authorization code is good for: the browser goes straight back to the requester. */
export const CODE_TTL_MS = 2 * 60 * 1000
/** How long a cross-app access token is good for. */
export const TOKEN_TTL_MS = 60 * 60 * 1000

/** The cross-app tables. */
export const crossAppMigrations: readonly Migration[] = [
  {
    id: 'cross-app/0001_codes_tokens',
    sql: `
CREATE TABLE cross_app_codes (
  code_hash text PRIMARY KEY,
  provider_app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  requester_app_id text NOT NULL,
  user_id text NOT NULL,
  redirect_uri text NOT NULL,
  code_challenge text NOT NULL,
  expires_at bigint NOT NULL,
  used_at bigint
);
CREATE TABLE cross_app_tokens (
  token_hash text PRIMARY KEY,
  provider_app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  requester_app_id text NOT NULL,
  user_id text NOT NULL,
  expires_at bigint NOT NULL
);
CREATE INDEX cross_app_codes_expiry_idx ON cross_app_codes (expires_at);
CREATE INDEX cross_app_tokens_expiry_idx ON cross_app_tokens (expires_at);`,
  },
]

/** An authorization code's binding. */
export interface CodeGrant {
  providerAppId: string
  requesterAppId: string
  userId: string
  redirectUri: string
  codeChallenge: string
  expiresAt: number
  usedAt: number | null
}

const hash = (s: string) => createHash('sha256').update(s).digest('base64url')
const secret = () => randomBytes(32).toString('base64url')
const codes = oneTimeRows('cross_app_codes', 'code_hash')

/**
 * Issues a single-use code bound to the user, the requester, its callback and the PKCE challenge.
 * @param db - the database.
 * @param grant - the binding (without expiry or use).
 * @param now - the server clock.
 * @returns the code.
 * @example
 * ```ts
 * const code = await issueCode(ctx.db, { providerAppId, requesterAppId, userId, redirectUri, codeChallenge }, ctx.now())
 * ```
 */
export async function issueCode(db: Db, grant: Omit<CodeGrant, 'expiresAt' | 'usedAt'>, now: number): Promise<string> {
  const code = secret()
  await codes.insert(
    db,
    {
      code_hash: hash(code),
      provider_app_id: grant.providerAppId,
      requester_app_id: grant.requesterAppId,
      user_id: grant.userId,
      redirect_uri: grant.redirectUri,
      code_challenge: grant.codeChallenge,
      expires_at: now + CODE_TTL_MS,
    },
    now,
  )
  return code
}

/**
 * Spends a code: marks it used (first try only) and returns its binding as it was before.
 * @param db - the database.
 * @param providerAppId - the app the token request names.
 * @param code - the code.
 * @param now - the server clock.
 * @returns the binding (with `usedAt` null when this call spent it), or null for an unknown code.
 * @example
 * ```ts
 * const grant = await spendCode(ctx.db, ctx.app.id, req.body.code, ctx.now())
 * ```
 */
export async function spendCode(db: Db, providerAppId: string, code: string, now: number): Promise<CodeGrant | null> {
  const r = await codes.spend<{
    requester_app_id: string
    user_id: string
    redirect_uri: string
    code_challenge: string
    expires_at: string | number
    used_at: string | number | null
  }>(db, {
    mark: 'used_at',
    where: { code_hash: hash(code), provider_app_id: providerAppId },
    now,
    returning: ['requester_app_id', 'user_id', 'redirect_uri', 'code_challenge', 'expires_at'],
  })
  if (!r) return null
  return {
    providerAppId,
    requesterAppId: r.requester_app_id,
    userId: r.user_id,
    redirectUri: r.redirect_uri,
    codeChallenge: r.code_challenge,
    expiresAt: Number(r.expires_at),
    usedAt: r.used_at === null ? null : Number(r.used_at),
  }
}

/**
 * Issues an opaque access token for the provider user, for the requester.
 * @param db - the database.
 * @param grant - provider, requester and user.
 * @param now - the server clock.
 * @returns the token.
 * @example
 * ```ts
 * const token = await issueToken(ctx.db, { providerAppId, requesterAppId, userId }, ctx.now())
 * ```
 */
export async function issueToken(
  db: Db,
  grant: { providerAppId: string; requesterAppId: string; userId: string },
  now: number,
): Promise<string> {
  await db.query('DELETE FROM cross_app_tokens WHERE expires_at < $1', [now])
  const token = secret()
  await db.query(
    'INSERT INTO cross_app_tokens (token_hash, provider_app_id, requester_app_id, user_id, expires_at) VALUES ($1, $2, $3, $4, $5)',
    [hash(token), grant.providerAppId, grant.requesterAppId, grant.userId, now + TOKEN_TTL_MS],
  )
  return token
}

/**
 * Finds the live grant of an access token.
 * @param db - the database.
 * @param providerAppId - the app the request names.
 * @param token - the Bearer token.
 * @param now - the server clock.
 * @returns the requester and user, or null when unknown, expired or of another provider app.
 * @example
 * ```ts
 * const grant = await findToken(ctx.db, ctx.app.id, bearer, ctx.now())
 * ```
 */
export async function findToken(
  db: Db,
  providerAppId: string,
  token: string,
  now: number,
): Promise<{ requesterAppId: string; userId: string } | null> {
  const rows = await db.query<{ requester_app_id: string; user_id: string }>(
    'SELECT requester_app_id, user_id FROM cross_app_tokens WHERE token_hash = $1 AND provider_app_id = $2 AND expires_at > $3',
    [hash(token), providerAppId, now],
  )
  return rows[0] ? { requesterAppId: rows[0].requester_app_id, userId: rows[0].user_id } : null
}
