/**
 * The embedded wallet's server keys: the auth shares are sealed under the wallet-share key, the
 * automatic-recovery keys and the password verifiers' hashes under a separate recovery key. Both live outside the database (the
 * environment: `PORTICO_WALLET_SHARE_KEY`, `PORTICO_WALLET_RECOVERY_KEY`), rotate like the
 * encryption key (`new,old`, then `portico keys rotate`), and bind each sealed value to its app, user
 * and secret, so a value copied into another row does not open.
 * @module
 */
import { createSecretBox, errors, isSealed, SecretKeyError, SEALED_PREFIX, type Db, type SealedData, type SecretBox } from '../../../server'

/** The variable of the key that seals auth shares. */
export const SHARE_KEY_ENV = 'PORTICO_WALLET_SHARE_KEY'
/** The variable of the key that seals automatic-recovery keys and password verifiers. */
export const RECOVERY_KEY_ENV = 'PORTICO_WALLET_RECOVERY_KEY'

/** Which stored value a sealed value is (each is a column of `embedded_wallet_secrets`). */
export type SealedField = 'auth_share' | 'recovery_key' | 'recovery_verifier'

/** The sealed columns, in the order the start check reads them. */
const SEALED_FIELDS: readonly SealedField[] = ['auth_share', 'recovery_key', 'recovery_verifier']

/** Where a secret lives: the sealing context of its values. */
export interface SecretPlace {
  appId: string
  userId: string
  entropyId: string
}

/** Seals and opens a secret's stored values. */
export interface WalletKeys {
  seal(field: SealedField, plain: string, place: SecretPlace): string
  /**
   * Opens a stored value. A value that is not sealed is refused (fails closed).
   * @throws `SecretKeyError` when no configured key opens it for this place.
   */
  open(field: SealedField, stored: string, place: SecretPlace): string
}

const context = (field: SealedField, p: SecretPlace) => `embedded-wallets:${field}:${p.appId}:${p.userId}:${p.entropyId}`

/**
 * The wallet keys from their configured values (each `new,old` while rotating).
 * @param shareKeys - the wallet-share key(s).
 * @param recoveryKeys - the recovery key(s).
 * @returns the keys, or null when neither is given (the routes then answer `feature_not_enabled`).
 * @throws `SecretKeyError` for a malformed key, or when only one of the two is given.
 */
export function walletKeys(
  shareKeys: string | readonly string[] | undefined,
  recoveryKeys: string | readonly string[] | undefined,
): (WalletKeys & { boxes: Record<SealedField, SecretBox> }) | null {
  const given = (k: typeof shareKeys) => k !== undefined && (typeof k === 'string' ? k.trim() !== '' : k.length > 0)
  if (!given(shareKeys) && !given(recoveryKeys)) return null
  if (!given(shareKeys) || !given(recoveryKeys)) {
    throw new SecretKeyError(`Embedded wallets need both ${SHARE_KEY_ENV} and ${RECOVERY_KEY_ENV} (two different keys).`)
  }
  const recoveryBox = createSecretBox(recoveryKeys!, { name: RECOVERY_KEY_ENV })
  const boxes: Record<SealedField, SecretBox> = {
    auth_share: createSecretBox(shareKeys!, { name: SHARE_KEY_ENV }),
    recovery_key: recoveryBox,
    recovery_verifier: recoveryBox,
  }
  if (boxes.auth_share.keyIds.some((id) => boxes.recovery_key.keyIds.includes(id))) {
    throw new SecretKeyError(`${SHARE_KEY_ENV} and ${RECOVERY_KEY_ENV} must be different keys.`)
  }
  return {
    boxes,
    seal: (field, plain, place) => boxes[field].seal(plain, context(field, place)),
    open(field, stored, place) {
      if (!isSealed(stored)) throw new SecretKeyError(`An embedded wallet's ${field} is stored unsealed.`)
      return boxes[field].open(stored, context(field, place))
    },
  }
}

/**
 * What is wrong with the configured wallet keys, or null (for a production start's checks).
 * @param shareKeys - the wallet-share key(s).
 * @param recoveryKeys - the recovery key(s).
 * @returns a one-line problem, or null when both are well-formed and different.
 */
export function walletKeysProblem(shareKeys: string | undefined, recoveryKeys: string | undefined): string | null {
  try {
    walletKeys(shareKeys, recoveryKeys)
    return null
  } catch (err) {
    if (err instanceof SecretKeyError) return err.message
    throw err
  }
}

/** The 400 the routes answer on a server without wallet keys. */
export const noWalletKeys = () =>
  errors.featureNotEnabled(`Embedded wallets are not enabled on this server: set ${SHARE_KEY_ENV} and ${RECOVERY_KEY_ENV}.`)

/** The key id a sealed value names (`portico:enc:v1:<id>:…`). */
const KEY_ID_SQL = (column: string) => `split_part(substr(${column}, ${SEALED_PREFIX.length + 1}), ':', 1)`

/**
 * The embedded wallet's sealed data, for the start check and `portico keys rotate`.
 * @param keys - the configured keys, or null.
 * @returns the declaration.
 */
export function walletSealedData(keys: ReturnType<typeof walletKeys>): SealedData {
  return {
    label: 'embedded wallet secrets',
    async check(db) {
      for (const field of SEALED_FIELDS) {
        const rows = await db.query<{ id: string }>(
          `SELECT DISTINCT ${KEY_ID_SQL(field)} AS id FROM embedded_wallet_secrets WHERE ${field} IS NOT NULL`,
        )
        const name = field === 'auth_share' ? SHARE_KEY_ENV : RECOVERY_KEY_ENV
        if (rows.length > 0 && !keys) throw new SecretKeyError(`Embedded wallet secrets are stored, but ${name} is not set.`)
        const unknown = rows.map((r) => r.id).filter((id) => !keys!.boxes[field].keyIds.includes(id))
        if (unknown.length > 0) {
          throw new SecretKeyError(
            `Embedded wallet secrets are sealed with key ${unknown.join(', ')}, which is not among the keys of ${name} (${keys!.boxes[field].keyIds.join(', ')}). Set ${name} to the key they were sealed with (while rotating: new,old).`,
          )
        }
      }
    },
    async reseal(db) {
      if (!keys) return 0
      return resealSecrets(db, keys)
    },
  }
}

type SealedRow = { app_id: string; user_id: string; entropy_id: string; auth_share: string } & Record<'recovery_key' | 'recovery_verifier', string | null>

/** Reseals, page by page, every secret whose values are not sealed with the current keys. */
async function resealSecrets(db: Db, keys: NonNullable<ReturnType<typeof walletKeys>>): Promise<number> {
  const current = (field: SealedField) => `${SEALED_PREFIX}${keys.boxes[field].keyId}:%`
  let resealed = 0
  let after = ['', '']
  for (;;) {
    const rows = await db.query<SealedRow>(
      `SELECT app_id, user_id, entropy_id, auth_share, recovery_key, recovery_verifier FROM embedded_wallet_secrets
       WHERE (app_id, entropy_id) > ($1::text, $2::text)
         AND (auth_share NOT LIKE $3 OR recovery_key NOT LIKE $4 OR recovery_verifier NOT LIKE $4)
       ORDER BY app_id, entropy_id LIMIT 200`,
      [after[0]!, after[1]!, current('auth_share'), current('recovery_key')],
    )
    if (rows.length === 0) return resealed
    for (const r of rows) {
      const place = { appId: r.app_id, userId: r.user_id, entropyId: r.entropy_id }
      const reseal = (field: SealedField, stored: string | null) => (stored === null ? null : keys.seal(field, keys.open(field, stored, place), place))
      // Only the values read here are replaced: a change made meanwhile (sealed with the current key) stays.
      const updated = await db.query(
        `UPDATE embedded_wallet_secrets SET auth_share = $3, recovery_key = $4, recovery_verifier = $5
         WHERE app_id = $1 AND entropy_id = $2 AND auth_share = $6
           AND recovery_key IS NOT DISTINCT FROM $7 AND recovery_verifier IS NOT DISTINCT FROM $8 RETURNING entropy_id`,
        [
          r.app_id,
          r.entropy_id,
          reseal('auth_share', r.auth_share),
          reseal('recovery_key', r.recovery_key),
          reseal('recovery_verifier', r.recovery_verifier),
          r.auth_share,
          r.recovery_key,
          r.recovery_verifier,
        ],
      )
      if (updated[0]) resealed++
    }
    const last = rows[rows.length - 1]!
    after = [last.app_id, last.entropy_id]
  }
}
