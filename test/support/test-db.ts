/**
 * A throwaway database for tests: in-memory PGlite, or a fresh schema on the PostgreSQL server
 * named by `PORTICO_TEST_DATABASE_URL` (dropped again on close).
 *
 * Starting PGlite is mostly initdb (seconds on a busy machine), and a test file may start dozens.
 * So each in-memory database starts from a template: a data folder initdb made once, kept as a
 * tarball in the system's temp folder (one per PGlite build), loaded fresh into each new database.
 * The WASM modules are compiled once per process and posted to each database's worker. Every
 * database is still its own: the template holds only what initdb writes, never a test's rows.
 * @module
 */
import { readFile, rename, stat, writeFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import { tmpdir } from 'node:os'
import { dirname, join } from 'node:path'
import { PGlite } from '@electric-sql/pglite'
import pg from 'pg'
import type { SecretBox } from '../../server/secrets'
import { withAfterClose, type Db } from '../../server/storage/db'
import { createPgliteDb, type PgliteStart } from '../../server/storage/pglite'
import { createPostgresDb } from '../../server/storage/postgres'

let prepared: Promise<PgliteStart> | null = null

/**
 * The prepared PGlite start every test database of this process shares: compiled modules, share
 * files, and the initdb template (made and stored on first use).
 * @returns the start options for `createPgliteDb({ start })`.
 * @example
 * ```ts
 * import { createPgliteDb } from '../../server/storage/pglite'
 * import { testPgliteStart } from '../../test/support/test-db'
 * const db = await createPgliteDb({ dataDir: 'memory', thread: 'main', start: await testPgliteStart() })
 * ```
 */
export function testPgliteStart(): Promise<PgliteStart> {
  prepared ??= prepareStart().catch((err: unknown) => {
    prepared = null // a failed preparation is retried by the next database
    throw err
  })
  return prepared
}

async function prepareStart(): Promise<PgliteStart> {
  const dist = dirname(createRequire(import.meta.url).resolve('@electric-sql/pglite'))
  const [pgliteWasm, initdbWasm, data] = await Promise.all(
    ['pglite.wasm', 'initdb.wasm', 'pglite.data'].map((f) => readFile(join(dist, f))),
  )
  const files: PgliteStart = {
    pgliteWasmModule: await WebAssembly.compile(pgliteWasm!),
    initdbWasmModule: await WebAssembly.compile(initdbWasm!),
    fsBundle: new Blob([data!]),
  }
  return { ...files, loadDataDir: await initdbTemplate(files, dist) }
}

/** The tarball of a fresh data folder, from the temp folder or made now (written atomically). */
async function initdbTemplate(files: PgliteStart, dist: string): Promise<Blob> {
  const { version } = JSON.parse(await readFile(join(dist, '..', 'package.json'), 'utf8')) as { version: string }
  // The version and the module's size name the build: another build never reads this template.
  const path = join(tmpdir(), `portico-pglite-${version}-${(await stat(join(dist, 'pglite.wasm'))).size}.tar`)
  try {
    return new Blob([await readFile(path)])
  } catch {
    // not made yet
  }
  const fresh = new PGlite(files)
  await fresh.waitReady
  const tarball = await fresh.dumpDataDir('none')
  await fresh.close()
  const bytes = new Uint8Array(await tarball.arrayBuffer())
  // Several test processes may make it at once: each writes its own file, the renames are atomic.
  const partial = `${path}.${process.pid}.${Math.random().toString(36).slice(2)}`
  await writeFile(partial, bytes)
  await rename(partial, path)
  return new Blob([bytes])
}

/**
 * Opens a fresh, empty test database.
 * @param options - `secrets` seals the apps' secrets (see {@link Db.secrets}).
 * @returns a {@link Db} whose `close()` also removes the PostgreSQL schema.
 * @example
 * ```ts
 * import { createTestDb } from '../../test/support/test-db'
 * const db = await createTestDb()
 * ```
 */
export async function createTestDb(options: { secrets?: SecretBox } = {}): Promise<Db> {
  const url = process.env.PORTICO_TEST_DATABASE_URL
  if (!url) return createPgliteDb({ dataDir: 'memory', secrets: options.secrets, start: await testPgliteStart() })
  const schema = `portico_test_${Math.random().toString(36).slice(2, 12)}`
  const admin = new pg.Client({ connectionString: url })
  await admin.connect()
  await admin.query(`CREATE SCHEMA ${schema}`)
  await admin.end()
  const db = await createPostgresDb({ connectionString: url, schema, max: 5, secrets: options.secrets })
  return withAfterClose(db, async () => {
    const c = new pg.Client({ connectionString: url })
    await c.connect()
    await c.query(`DROP SCHEMA ${schema} CASCADE`)
    await c.end()
  })
}

/** Opens a second connection to the same test database (PostgreSQL only; null on PGlite). */
export async function reopenTestDb(db: Db): Promise<Db | null> {
  const url = process.env.PORTICO_TEST_DATABASE_URL
  if (!url || db.kind !== 'postgres') return null
  const rows = await db.query<{ s: string }>('SELECT current_schema() AS s')
  return createPostgresDb({ connectionString: url, schema: rows[0]!.s, max: 2, secrets: db.secrets ?? undefined })
}

/**
 * The database as a second server process sees it: its own pool on PostgreSQL, the same PGlite
 * instance otherwise (one PGlite is one process) whose `close()` leaves it open for the first.
 * @param db - the first process's database.
 * @returns a handle to close with the second process.
 * @example
 * ```ts
 * const other = await createTestInstance({ db: await secondProcessDb(first.db), secret: first.secret })
 * ```
 */
export async function secondProcessDb(db: Db): Promise<Db> {
  return (await reopenTestDb(db)) ?? { ...db, kind: db.kind, close: async () => {} }
}
