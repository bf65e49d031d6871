/**
 * Schema migrations: an ordered list, applied once, recorded in `portico_migrations`.
 * @module
 */
import type { Db } from './db'

/** One schema change. `id` is unique and never reused; `sql` may hold several statements. */
export interface Migration {
  id: string
  sql: string
}

/** The core tables: apps, users, linked accounts, sessions, refresh tokens, codes, rate limits, analytics. */
export const coreMigrations: readonly Migration[] = [
  {
    id: 'core/0001_initial',
    sql: `
CREATE TABLE apps (
  id text PRIMARY KEY,
  name text NOT NULL,
  config jsonb NOT NULL DEFAULT '{}',
  private_jwk jsonb NOT NULL,
  public_pem text NOT NULL,
  allowed_origins jsonb NOT NULL DEFAULT '[]',
  test_identities jsonb NOT NULL DEFAULT '[]',
  created_at bigint NOT NULL
);
CREATE TABLE users (
  id text PRIMARY KEY,
  app_id text NOT NULL REFERENCES apps(id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  has_accepted_terms boolean NOT NULL DEFAULT false,
  is_guest boolean NOT NULL DEFAULT false,
  custom_metadata jsonb
);
CREATE INDEX users_app_idx ON users (app_id);
CREATE TABLE linked_accounts (
  id bigserial PRIMARY KEY,
  app_id text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  type text NOT NULL,
  identity_key text NOT NULL,
  details jsonb NOT NULL DEFAULT '{}',
  verified_at bigint NOT NULL,
  first_verified_at bigint,
  latest_verified_at bigint,
  UNIQUE (app_id, type, identity_key)
);
CREATE INDEX linked_accounts_user_idx ON linked_accounts (user_id);
CREATE TABLE sessions (
  id text PRIMARY KEY,
  app_id text NOT NULL,
  user_id text NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  family text NOT NULL,
  forked_from text,
  created_at bigint NOT NULL,
  revoked_at bigint
);
CREATE INDEX sessions_family_idx ON sessions (family);
CREATE TABLE refresh_tokens (
  hash text PRIMARY KEY,
  session_id text NOT NULL REFERENCES sessions(id) ON DELETE CASCADE,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  used_at bigint
);
CREATE INDEX refresh_tokens_session_idx ON refresh_tokens (session_id);
CREATE TABLE otp_codes (
  app_id text NOT NULL,
  channel text NOT NULL,
  destination text NOT NULL,
  code_hash text NOT NULL,
  created_at bigint NOT NULL,
  expires_at bigint NOT NULL,
  attempts integer NOT NULL DEFAULT 0,
  used_at bigint,
  PRIMARY KEY (app_id, channel, destination)
);
CREATE TABLE rate_limits (
  key text PRIMARY KEY,
  window_start bigint NOT NULL,
  window_ms bigint NOT NULL,
  count integer NOT NULL
);
CREATE TABLE analytics_events (
  id bigserial PRIMARY KEY,
  app_id text NOT NULL,
  event_name text NOT NULL,
  client_id text,
  payload jsonb,
  created_at bigint NOT NULL
);
`,
  },
  {
    // Session lifetimes and the sessions list: when the user last proved who they are (fresh-auth
    // checks), when the session ends whatever refreshes happen, when it was last refreshed, and the
    // client that opened it. Existing sessions get the 90-day lifetime counted from their creation.
    id: 'core/0002_session_lifetime',
    sql: `
ALTER TABLE sessions ADD COLUMN authenticated_at bigint;
ALTER TABLE sessions ADD COLUMN expires_at bigint;
ALTER TABLE sessions ADD COLUMN last_used_at bigint;
ALTER TABLE sessions ADD COLUMN ip text;
ALTER TABLE sessions ADD COLUMN user_agent text;
UPDATE sessions SET authenticated_at = created_at, expires_at = created_at + 7776000000, last_used_at = created_at;
ALTER TABLE sessions ALTER COLUMN authenticated_at SET NOT NULL;
ALTER TABLE sessions ALTER COLUMN expires_at SET NOT NULL;
ALTER TABLE sessions ALTER COLUMN last_used_at SET NOT NULL;
CREATE INDEX sessions_user_idx ON sessions (user_id, created_at);
`,
  },
  {
    // Several processes cache apps: each change of a row (through Portico or by hand in SQL) counts
    // up its revision, which the caches compare to find out what another process changed.
    id: 'core/0003_app_revision',
    sql: `
ALTER TABLE apps ADD COLUMN revision bigint NOT NULL DEFAULT 0;
CREATE FUNCTION portico_bump_app_revision() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  NEW.revision := OLD.revision + 1;
  RETURN NEW;
END
$$;
CREATE TRIGGER apps_revision BEFORE UPDATE ON apps FOR EACH ROW EXECUTE FUNCTION portico_bump_app_revision();
`,
  },
  {
    // Signing-key rotation: the public halves of an app's earlier keys, which still verify the
    // tokens they signed until an operator retires them ([{ kid, public_pem, rotated_at }]).
    id: 'core/0004_app_previous_keys',
    sql: `ALTER TABLE apps ADD COLUMN previous_keys jsonb NOT NULL DEFAULT '[]';`,
  },
]

// An arbitrary constant shared by every Portico process: the key of the advisory lock.
const MIGRATION_LOCK = 727_411_903

/**
 * Applies the migrations not yet recorded, in order, in one transaction. On PostgreSQL an advisory
 * lock makes processes that start together wait for each other, so each migration runs once.
 * @param db - the database.
 * @param migrations - the full ordered list (core first, then plugins').
 * @returns the ids applied by this call.
 * @example
 * ```ts
 * import { createPgliteDb, runMigrations, coreMigrations } from 'portico/server'
 * const db = await createPgliteDb({ dataDir: 'memory' })
 * await runMigrations(db, coreMigrations)
 * ```
 */
export async function runMigrations(db: Db, migrations: readonly Migration[]): Promise<string[]> {
  const ids = new Set<string>()
  for (const m of migrations) {
    if (ids.has(m.id)) throw new Error(`Duplicate migration id "${m.id}"`)
    ids.add(m.id)
  }
  return db.transaction(async (tx) => {
    await tx.query('SELECT pg_advisory_xact_lock($1)', [MIGRATION_LOCK])
    await tx.exec(
      'CREATE TABLE IF NOT EXISTS portico_migrations (id text PRIMARY KEY, applied_at bigint NOT NULL)',
    )
    const done = new Set(
      (await tx.query<{ id: string }>('SELECT id FROM portico_migrations')).map((r) => r.id),
    )
    const applied: string[] = []
    for (const m of migrations) {
      if (done.has(m.id)) continue
      await tx.exec(m.sql)
      await tx.query('INSERT INTO portico_migrations (id, applied_at) VALUES ($1, $2)', [m.id, Date.now()])
      applied.push(m.id)
    }
    return applied
  })
}
