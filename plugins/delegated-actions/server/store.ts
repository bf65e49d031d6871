/**
 * The tables of delegated actions: the delegated wallets (each wallet's key as the frame sealed it to
 * the delegation key: opened only in memory, for one call), the wallet actions the app backend ran,
 * and the digests of the signed requests already used (kept until they expire). All go with their
 * user or app (`ON DELETE CASCADE`).
 * @module
 */
import type { Migration } from '../../../server'

/** The tables. */
export const delegatedActionMigrations: readonly Migration[] = [
  {
    id: 'delegated-actions/0001_delegations_actions_requests',
    sql: `
CREATE TABLE delegated_wallets (
  app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  identity_key text NOT NULL,
  address text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  chain_type text NOT NULL CHECK (chain_type IN ('ethereum', 'solana')),
  sealed_key text NOT NULL,
  created_at bigint NOT NULL,
  PRIMARY KEY (app_id, identity_key)
);
CREATE INDEX delegated_wallets_user_idx ON delegated_wallets (app_id, user_id);
CREATE TABLE delegated_wallet_actions (
  id text PRIMARY KEY,
  app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  identity_key text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  method text NOT NULL,
  status text NOT NULL CHECK (status IN ('succeeded', 'failed')),
  caip2 text,
  result text,
  error text,
  created_at bigint NOT NULL
);
CREATE INDEX delegated_wallet_actions_wallet_idx ON delegated_wallet_actions (app_id, identity_key, created_at DESC);
CREATE TABLE delegated_action_requests (
  app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  digest text NOT NULL,
  expires_at bigint NOT NULL,
  PRIMARY KEY (app_id, digest)
);
CREATE INDEX delegated_action_requests_expiry_idx ON delegated_action_requests (app_id, expires_at);
`,
  },
]

/** A delegated wallet's row. */
export interface DelegatedWalletRow {
  identity_key: string
  address: string
  user_id: string
  chain_type: 'ethereum' | 'solana'
  sealed_key: string
}

/** A wallet action's row. */
export interface WalletActionRow {
  id: string
  identity_key: string
  method: string
  status: 'succeeded' | 'failed'
  caip2: string | null
  result: string | null
  error: string | null
  created_at: string | number
}
