/**
 * A throwaway database for tests: in-memory PGlite, or a fresh schema on the PostgreSQL server
 * named by `PORTICO_TEST_DATABASE_URL` (dropped again on close).
 * @module
 */
import pg from 'pg'
import type { SecretBox } from '../secrets'
import type { Db } from './db'
import { createPgliteDb } from './pglite'
import { createPostgresDb } from './postgres'

/**
 * Opens a fresh, empty test database.
 * @param options - `secrets` seals the apps' secrets (see {@link Db.secrets}).
 * @returns a {@link Db} whose `close()` also removes the PostgreSQL schema.
 * @example
 * ```ts
 * import { createTestDb } from './test-db'
 * const db = await createTestDb()
 * ```
 */
export async function createTestDb(options: { secrets?: SecretBox } = {}): Promise<Db> {
  const url = process.env.PORTICO_TEST_DATABASE_URL
  if (!url) return createPgliteDb({ dataDir: 'memory', secrets: options.secrets })
  const schema = `portico_test_${Math.random().toString(36).slice(2, 12)}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE SCHEMA ${schema}`)
  await admin.end()
  const db = await createPostgresDb({ connectionString: url, schema, max: 5, secrets: options.secrets })
  const close = db.close
  return {
    ...db,
    kind: db.kind,
    async close() {
      await close()
      const c = new pg.Client({ connectionString: url })
      await c.connect()
      await c.query(`DROP SCHEMA ${schema} CASCADE`)
      await c.end()
    },
  }
}

/** Opens a second connection to the same test database (PostgreSQL only; null on PGlite). */
export async function reopenTestDb(db: Db): Promise<Db | null> {
  const url = process.env.PORTICO_TEST_DATABASE_URL
  if (!url || db.kind !== 'postgres') return null
  const rows = await db.query<{ s: string }>('SELECT current_schema() AS s')
  return createPostgresDb({ connectionString: url, schema: rows[0]!.s, max: 2, secrets: db.secrets ?? undefined })
}
