/**
 * The password guard of `user-passcode` recovery: the server releases a password wallet's encrypted
 * recovery share only to a frame that presents the password's verifier (`passcodeKeys` in the
 * frame's crypto), counting wrong ones per secret in the database and locking recovery after a few.
 * A stolen access token is then worth a few online guesses, not an offline attack on the password.
 * @module
 */
import { createHash, timingSafeEqual } from 'node:crypto'
import type { Db } from '../../../server'
import { findWalletSecret, type SecretRow } from './store'

/**
 * The guard's policy: after `maxFailures` wrong passwords in a row, recovery of that secret is locked
 * for `lockoutMs`, doubled at each further lockout up to `maxLockoutMs`. A right password resets
 * both counts; a lockout's end gives `maxFailures` new tries (the doubling stays).
 */
export const RECOVERY_PASSWORD_GUARD = Object.freeze({
  /** Wrong passwords that lock recovery. */
  maxFailures: 5,
  /** The first lockout (15 minutes). */
  lockoutMs: 15 * 60 * 1000,
  /** The longest lockout (24 hours). */
  maxLockoutMs: 24 * 60 * 60 * 1000,
})

/** Bytes of a password verifier. */
export const VERIFIER_BYTES = 32

/**
 * What the server keeps of a verifier: its SHA-256 in hex (the verifier is already a high-entropy KDF
 * output, so a plain hash suffices; it is then sealed like the other recovery values).
 * @param verifier - the verifier's bytes.
 * @returns the hex digest.
 */
export function verifierHash(verifier: Uint8Array): string {
  return createHash('sha256').update(verifier).digest('hex')
}

/** Whether a verifier matches a stored hash, in constant time. */
function verifierMatches(verifier: Uint8Array, storedHash: string): boolean {
  const expected = Buffer.from(storedHash, 'hex')
  const given = createHash('sha256').update(verifier).digest()
  return expected.length === given.length && timingSafeEqual(expected, given)
}

/** The outcome of {@link checkRecoveryPassword}. */
export type PasswordCheck =
  /** The verifier is right: the share may be released. */
  | { result: 'released'; secret: SecretRow }
  /** The verifier is wrong; recovery locks after `attemptsRemaining` more wrong ones. */
  | { result: 'wrong'; attemptsRemaining: number }
  /** Recovery is locked (by this attempt or an earlier one) for `retryAfterMs` more. */
  | { result: 'locked'; retryAfterMs: number }
  /** The secret has no verifier to check: automatic recovery, or a `v1` password share. */
  | { result: 'unguarded' }

/** Where the secret is and how to read its stored verifier hash. */
export interface PasswordCheckInput {
  appId: string
  userId: string
  /** The identity key of one of the secret's wallets. */
  identityKey: string
  /** The presented verifier's bytes. */
  verifier: Uint8Array
  /** Opens the row's sealed verifier hash. */
  storedHash(row: SecretRow): string
  /** The server's clock (ms); read once the row is held, so waiting for it never stretches a lockout. */
  now(): number
}

/**
 * Checks a presented verifier and counts the attempt, in one transaction holding the secret's row
 * (`FOR UPDATE`): hundreds of parallel attempts are counted one by one, exactly. A locked secret is
 * answered without a check (and without extending the lockout). The outcome is committed before the
 * caller answers, so a refusal's count survives the error response.
 * @param db - the database.
 * @param input - the secret, the verifier, the clock.
 * @returns the outcome, or null when the user has no wallet at that address.
 */
export async function checkRecoveryPassword(db: Db, input: PasswordCheckInput): Promise<PasswordCheck | null> {
  const { maxFailures, lockoutMs, maxLockoutMs } = RECOVERY_PASSWORD_GUARD
  return db.transaction(async (tx) => {
    const row = await findWalletSecret(tx, input.appId, input.userId, input.identityKey, true)
    if (!row) return null
    if (row.recovery_verifier === null) return { result: 'unguarded' }
    const key = [input.appId, row.entropy_id]
    const now = input.now()
    const lockedUntil = row.recovery_locked_until === null ? 0 : Number(row.recovery_locked_until)
    if (lockedUntil > now) return { result: 'locked', retryAfterMs: lockedUntil - now }
    if (verifierMatches(input.verifier, input.storedHash(row))) {
      if (row.recovery_failures !== 0 || row.recovery_lockouts !== 0 || row.recovery_locked_until !== null) {
        await tx.query(
          `UPDATE embedded_wallet_secrets SET recovery_failures = 0, recovery_lockouts = 0, recovery_locked_until = NULL
           WHERE app_id = $1 AND entropy_id = $2`,
          key,
        )
      }
      return { result: 'released', secret: row }
    }
    const failures = row.recovery_failures + 1
    if (failures < maxFailures) {
      await tx.query('UPDATE embedded_wallet_secrets SET recovery_failures = $3 WHERE app_id = $1 AND entropy_id = $2', [...key, failures])
      return { result: 'wrong', attemptsRemaining: maxFailures - failures }
    }
    const lockMs = Math.min(maxLockoutMs, lockoutMs * 2 ** row.recovery_lockouts)
    await tx.query(
      `UPDATE embedded_wallet_secrets SET recovery_failures = 0, recovery_lockouts = recovery_lockouts + 1, recovery_locked_until = $3
       WHERE app_id = $1 AND entropy_id = $2`,
      [...key, now + lockMs],
    )
    return { result: 'locked', retryAfterMs: lockMs }
  })
}
