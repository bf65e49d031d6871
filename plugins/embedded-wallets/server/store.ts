/**
 * The embedded wallet's tables: one row per secret (its auth share sealed, its encrypted recovery
 * share, the recovery key sealed or the password salt and verifier hash sealed, the password attempt
 * counter, the shares' version) and one per wallet derived from or imported as a secret. Both go with their user (`ON DELETE CASCADE`: an account
 * transfer that deletes the old user deletes its wallets).
 * @module
 */
import type { Db, Migration } from '../../../server'
import type { WalletChain } from './wallet-proof'

/** The tables. */
export const embeddedWalletMigrations: readonly Migration[] = [
  {
    id: 'embedded-wallets/0001_secrets_and_wallets',
    sql: `
CREATE TABLE embedded_wallet_secrets (
  app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  entropy_id text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  entropy_id_verifier text NOT NULL,
  kind text NOT NULL CHECK (kind IN ('hd', 'imported')),
  auth_share text NOT NULL,
  recovery_method text NOT NULL,
  encrypted_recovery_share text NOT NULL,
  recovery_key text,
  recovery_salt text,
  version integer NOT NULL,
  created_at bigint NOT NULL,
  updated_at bigint NOT NULL,
  exported_at bigint,
  PRIMARY KEY (app_id, entropy_id),
  CHECK ((recovery_method = 'privy') = (recovery_key IS NOT NULL)),
  CHECK ((recovery_method = 'user-passcode') = (recovery_salt IS NOT NULL))
);
CREATE INDEX embedded_wallet_secrets_user_idx ON embedded_wallet_secrets (user_id);
CREATE TABLE embedded_wallets (
  app_id text NOT NULL,
  identity_key text NOT NULL,
  address text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  chain_type text NOT NULL CHECK (chain_type IN ('ethereum', 'solana')),
  wallet_index integer NOT NULL,
  entropy_id text NOT NULL,
  imported boolean NOT NULL,
  created_at bigint NOT NULL,
  imported_at bigint,
  PRIMARY KEY (app_id, identity_key),
  FOREIGN KEY (app_id, entropy_id) REFERENCES embedded_wallet_secrets (app_id, entropy_id) ON DELETE CASCADE
);
CREATE UNIQUE INDEX embedded_wallets_hd_idx ON embedded_wallets (app_id, user_id, chain_type, wallet_index) WHERE NOT imported;
CREATE INDEX embedded_wallets_secret_idx ON embedded_wallets (app_id, entropy_id);
CREATE INDEX embedded_wallets_user_idx ON embedded_wallets (user_id);
`,
  },
  {
    // The password guard: the verifier's hash (sealed) and the attempt counter of password recovery.
    // Rows of older password wallets keep a null verifier (v1 shares) until their next recovery.
    id: 'embedded-wallets/0002_recovery_password_guard',
    sql: `
ALTER TABLE embedded_wallet_secrets ADD COLUMN recovery_verifier text;
ALTER TABLE embedded_wallet_secrets ADD COLUMN recovery_failures integer NOT NULL DEFAULT 0;
ALTER TABLE embedded_wallet_secrets ADD COLUMN recovery_lockouts integer NOT NULL DEFAULT 0;
ALTER TABLE embedded_wallet_secrets ADD COLUMN recovery_locked_until bigint;
ALTER TABLE embedded_wallet_secrets ADD CONSTRAINT embedded_wallet_secrets_verifier_check
  CHECK (recovery_verifier IS NULL OR recovery_method = 'user-passcode');
`,
  },
  {
    // Cloud recovery: where in the user's own storage the recovery share's key lives (a Google Drive
    // file id, an iCloud record name). The key itself never reaches the server.
    id: 'embedded-wallets/0003_cloud_recovery_ref',
    sql: `ALTER TABLE embedded_wallet_secrets ADD COLUMN recovery_ref text;`,
  },
]

/** A secret as stored (its sealed values still sealed). */
export interface SecretRow {
  app_id: string
  entropy_id: string
  user_id: string
  entropy_id_verifier: 'ethereum-address-verifier' | 'solana-address-verifier'
  kind: 'hd' | 'imported'
  auth_share: string
  recovery_method: 'privy' | 'user-passcode' | 'google-drive' | 'icloud'
  encrypted_recovery_share: string
  /** Google Drive's file id or iCloud's record name of a cloud recovery key; null otherwise. */
  recovery_ref: string | null
  recovery_key: string | null
  recovery_salt: string | null
  /** The password verifier's SHA-256, sealed; null for automatic recovery and for `v1` password shares. */
  recovery_verifier: string | null
  /** Wrong passwords since the last success or lockout. */
  recovery_failures: number
  /** Lockouts since the last success (each doubles the next one). */
  recovery_lockouts: number
  /** Until when (ms) password recovery is locked; a bigint column, so a string on PostgreSQL. */
  recovery_locked_until: number | string | null
  version: number
}

/** A wallet as stored. */
export interface WalletRow {
  address: string
  identity_key: string
  chain_type: WalletChain
  wallet_index: number
  entropy_id: string
  imported: boolean
}

const SECRET_FIELDS = [
  'recovery_ref',
  'app_id',
  'entropy_id',
  'user_id',
  'entropy_id_verifier',
  'kind',
  'auth_share',
  'recovery_method',
  'encrypted_recovery_share',
  'recovery_key',
  'recovery_salt',
  'recovery_verifier',
  'recovery_failures',
  'recovery_lockouts',
  'recovery_locked_until',
  'version',
]
const SECRET_COLUMNS = SECRET_FIELDS.join(', ')
const WALLET_COLUMNS = 'address, identity_key, chain_type, wallet_index, entropy_id, imported'

/**
 * One of a user's secrets (another user's is not found, as one that does not exist).
 * @param db - the database or transaction.
 * @param appId - the app.
 * @param userId - the user.
 * @param entropyId - the secret's id (canonical address).
 * @returns the row, or null.
 */
export async function findSecret(db: Pick<Db, 'query'>, appId: string, userId: string, entropyId: string): Promise<SecretRow | null> {
  const rows = await db.query<SecretRow>(
    `SELECT ${SECRET_COLUMNS} FROM embedded_wallet_secrets WHERE app_id = $1 AND entropy_id = $2 AND user_id = $3`,
    [appId, entropyId, userId],
  )
  return rows[0] ?? null
}

/**
 * Records that a user's secret was exported, and answers it (null when it is not the user's).
 */
export async function markExported(db: Pick<Db, 'query'>, appId: string, userId: string, entropyId: string, now: number): Promise<SecretRow | null> {
  const rows = await db.query<SecretRow>(
    `UPDATE embedded_wallet_secrets SET exported_at = $4 WHERE app_id = $1 AND entropy_id = $2 AND user_id = $3
     RETURNING ${SECRET_COLUMNS}`,
    [appId, entropyId, userId, now],
  )
  return rows[0] ?? null
}

/**
 * The wallet a user owns at an address, with its secret (null when it is not the user's).
 * @param lock - holds the secret's row for the transaction (`FOR UPDATE`).
 */
export async function findWalletSecret(
  db: Pick<Db, 'query'>,
  appId: string,
  userId: string,
  identityKey: string,
  lock = false,
): Promise<SecretRow | null> {
  const rows = await db.query<SecretRow>(
    `SELECT ${SECRET_FIELDS.map((f) => `s.${f}`).join(', ')} FROM embedded_wallets w
     JOIN embedded_wallet_secrets s ON s.app_id = w.app_id AND s.entropy_id = w.entropy_id AND s.user_id = w.user_id
     WHERE w.app_id = $1 AND w.identity_key = $2 AND w.user_id = $3${lock ? ' FOR UPDATE OF s' : ''}`,
    [appId, identityKey, userId],
  )
  return rows[0] ?? null
}

/** The wallets of a secret, by chain and index. */
export async function walletsOf(db: Pick<Db, 'query'>, appId: string, entropyId: string): Promise<WalletRow[]> {
  return db.query<WalletRow>(
    `SELECT ${WALLET_COLUMNS} FROM embedded_wallets WHERE app_id = $1 AND entropy_id = $2 ORDER BY chain_type, imported, wallet_index`,
    [appId, entropyId],
  )
}

/** The user's HD wallet at an index of a chain, if any. */
export async function findHdWallet(
  db: Pick<Db, 'query'>,
  appId: string,
  userId: string,
  chain: WalletChain,
  index: number,
): Promise<WalletRow | null> {
  const rows = await db.query<WalletRow>(
    `SELECT ${WALLET_COLUMNS} FROM embedded_wallets
     WHERE app_id = $1 AND user_id = $2 AND chain_type = $3 AND wallet_index = $4 AND NOT imported`,
    [appId, userId, chain, index],
  )
  return rows[0] ?? null
}

/** A wallet to insert. */
export interface NewWallet {
  address: string
  identityKey: string
  chain: WalletChain
  walletIndex: number
  entropyId: string
  imported: boolean
}

/**
 * Inserts a wallet unless its address or (for HD wallets) its user, chain and index are taken.
 * @returns true when inserted.
 */
export async function insertWallet(db: Pick<Db, 'query'>, appId: string, userId: string, w: NewWallet, now: number): Promise<boolean> {
  const rows = await db.query(
    `INSERT INTO embedded_wallets (app_id, identity_key, address, user_id, chain_type, wallet_index, entropy_id, imported, created_at, imported_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, CASE WHEN $8 THEN $9::bigint END)
     ON CONFLICT DO NOTHING RETURNING identity_key`,
    [appId, w.identityKey, w.address, userId, w.chain, w.walletIndex, w.entropyId, w.imported, now],
  )
  return rows.length > 0
}
