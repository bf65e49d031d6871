/**
 * Recovery OAuth attempts: one row per sign-in to a cloud storage, from `init` to the single use of
 * the one-time code its return handed to the page. The storage's token waits in the row sealed
 * under that code (AES-256-GCM, key HKDF-SHA-256 of the code; the row keeps only the code's hash),
 * so the database alone never opens it, and it is wiped when the code is used.
 * @module
 */
import { createCipheriv, createDecipheriv, createHash, hkdfSync, randomBytes, timingSafeEqual } from 'node:crypto'
import { oneTimeRows, type Db, type Migration } from '../../../server'

/** How long a round trip may take, init to authenticate. */
export const RECOVERY_ATTEMPT_TTL_MS = 10 * 60 * 1000

/** The table of attempts. */
export const cloudRecoveryMigrations: readonly Migration[] = [
  {
    id: 'cloud-recovery/0001_attempts',
    sql: `
CREATE TABLE cloud_recovery_attempts (
  id text PRIMARY KEY,
  app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  user_id text NOT NULL,
  provider text NOT NULL,
  provider_state text NOT NULL UNIQUE,
  provider_verifier text,
  provider_url text,
  client_state text NOT NULL,
  code_challenge text NOT NULL,
  redirect_to text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  started_at bigint,
  returned_at bigint,
  code_hash text UNIQUE,
  sealed_token text,
  used_at bigint
);
CREATE INDEX cloud_recovery_attempts_expiry_idx ON cloud_recovery_attempts (expires_at);`,
  },
]

/** One attempt. */
export interface RecoveryAttempt {
  id: string
  appId: string
  userId: string
  provider: 'google-drive' | 'icloud'
  providerState: string
  /** The server's PKCE verifier towards Google (null for iCloud). */
  providerVerifier: string | null
  /** The storage's sign-in page (iCloud), opened by `start_icloud`. */
  providerUrl: string | null
  clientState: string
  codeChallenge: string
  redirectTo: string
  expiresAt: number
}

interface Row {
  id: string
  app_id: string
  user_id: string
  provider: string
  provider_state: string
  provider_verifier: string | null
  provider_url: string | null
  client_state: string
  code_challenge: string
  redirect_to: string
  expires_at: string | number
  sealed_token?: string | null
}

const COLUMNS = ['id', 'app_id', 'user_id', 'provider', 'provider_state', 'provider_verifier', 'provider_url', 'client_state', 'code_challenge', 'redirect_to', 'expires_at']
const attempts = oneTimeRows('cloud_recovery_attempts', 'id')

function fromRow(r: Row): RecoveryAttempt {
  return {
    id: r.id,
    appId: r.app_id,
    userId: r.user_id,
    provider: r.provider as RecoveryAttempt['provider'],
    providerState: r.provider_state,
    providerVerifier: r.provider_verifier,
    providerUrl: r.provider_url,
    clientState: r.client_state,
    codeChallenge: r.code_challenge,
    redirectTo: r.redirect_to,
    expiresAt: Number(r.expires_at),
  }
}

/**
 * A random base64url string.
 * @param bytes - how many random bytes. @defaultValue 32 (43 characters)
 * @returns the string.
 */
export const randomToken = (bytes = 32): string => randomBytes(bytes).toString('base64url')

/**
 * The S256 challenge of a PKCE verifier.
 * @param verifier - the verifier.
 * @returns base64url(SHA-256(verifier)).
 */
export const s256 = (verifier: string): string => createHash('sha256').update(verifier).digest('base64url')

/**
 * Compares two strings in constant time.
 * @param a - one.
 * @param b - the other.
 * @returns whether they are equal.
 */
export function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

const codeHash = (code: string) => createHash('sha256').update(code).digest('base64url')
const codeKey = (code: string, attemptId: string) => Buffer.from(hkdfSync('sha256', code, attemptId, 'portico cloud-recovery token', 32))

function sealToken(token: string, code: string, attemptId: string): string {
  const iv = randomBytes(12)
  const cipher = createCipheriv('aes-256-gcm', codeKey(code, attemptId), iv)
  const body = Buffer.concat([cipher.update(token, 'utf8'), cipher.final(), cipher.getAuthTag()])
  return `${iv.toString('base64url')}.${body.toString('base64url')}`
}

function openToken(sealed: string, code: string, attemptId: string): string {
  const [iv, body] = sealed.split('.').map((p) => Buffer.from(p, 'base64url'))
  const decipher = createDecipheriv('aes-256-gcm', codeKey(code, attemptId), iv!)
  decipher.setAuthTag(body!.subarray(body!.length - 16))
  return Buffer.concat([decipher.update(body!.subarray(0, body!.length - 16)), decipher.final()]).toString('utf8')
}

/**
 * Stores a new attempt, and drops attempts that expired a day ago or more.
 * @param db - the database.
 * @param a - the attempt.
 * @param now - the server clock.
 */
export async function createRecoveryAttempt(db: Db, a: RecoveryAttempt, now: number): Promise<void> {
  await attempts.insert(
    db,
    { id: a.id, app_id: a.appId, user_id: a.userId, provider: a.provider, provider_state: a.providerState, provider_verifier: a.providerVerifier,
      provider_url: a.providerUrl, client_state: a.clientState, code_challenge: a.codeChallenge, redirect_to: a.redirectTo, created_at: now, expires_at: a.expiresAt },
    now,
  )
}

/**
 * Marks an iCloud attempt's sign-in page opened, once.
 * @param db - the database.
 * @param appId - the app of the page's path.
 * @param state - the attempt's provider state.
 * @param now - the server clock.
 * @returns the attempt, or null when unknown, expired or already opened.
 */
export async function startRecoveryAttempt(db: Db, appId: string, state: string, now: number): Promise<RecoveryAttempt | null> {
  const row = await attempts.claim<Row>(db, { mark: 'started_at', where: { app_id: appId, provider_state: state }, now, live: true, returning: COLUMNS })
  return row ? fromRow(row) : null
}

/**
 * Takes the attempt a storage's return names by its state: once only, so a replayed return finds nothing.
 * @param db - the database.
 * @param appId - the app of the callback path.
 * @param state - the provider state.
 * @param now - the server clock.
 * @returns the attempt, or null when unknown or already returned.
 */
export async function takeRecoveryAttempt(db: Db, appId: string, state: string, now: number): Promise<RecoveryAttempt | null> {
  const row = await attempts.claim<Row>(db, { mark: 'returned_at', where: { app_id: appId, provider_state: state }, now, returning: COLUMNS })
  return row ? fromRow(row) : null
}

/**
 * Keeps the storage's token under a new one-time code.
 * @param db - the database.
 * @param attempt - the returned attempt.
 * @param token - the storage's token.
 * @returns the one-time code to hand to the page.
 */
export async function storeRecoveryToken(db: Db, attempt: RecoveryAttempt, token: string): Promise<string> {
  const code = randomToken()
  await db.query('UPDATE cloud_recovery_attempts SET code_hash = $2, sealed_token = $3 WHERE id = $1', [attempt.id, codeHash(code), sealToken(token, code, attempt.id)])
  return code
}

/**
 * Uses a one-time code, in one statement: marks it used and wipes the token. A second use finds nothing.
 * @param db - the database.
 * @param appId - the request's app.
 * @param code - the code the client sent.
 * @param now - the server clock.
 * @returns the attempt and its token, or null when the code is unknown or used.
 */
export async function redeemRecoveryCode(db: Db, appId: string, code: string, now: number): Promise<{ attempt: RecoveryAttempt; token: string } | null> {
  const row = await attempts.claim<Row>(db, { mark: 'used_at', where: { app_id: appId, code_hash: codeHash(code) }, now, returning: COLUMNS, take: ['sealed_token'] })
  if (!row?.sealed_token) return null
  return { attempt: fromRow(row), token: openToken(row.sealed_token, code, row.id) }
}
