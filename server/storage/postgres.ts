/**
 * The PostgreSQL storage adapter (a `pg` pool), for production and for several server processes
 * sharing one database.
 * @module
 */
import pg from 'pg'
import type { SecretBox } from '../secrets'
import { bindParams, DatabaseUnavailableError, type Db, type SqlParam } from './db'

/** Options of {@link createPostgresDb}. */
export interface PostgresDbOptions {
  /** A `postgres://` connection string, usually `DATABASE_URL`. */
  connectionString: string
  /** @defaultValue 10 */
  max?: number
  /** A schema to use instead of `public` (it must exist). */
  schema?: string
  /** Seals the secrets of the `apps` table (see {@link Db.secrets}). @defaultValue null (clear text) */
  secrets?: SecretBox
}

// bigint columns hold millisecond timestamps and counters, all well inside 2^53.
const typeParsers = {
  getTypeParser(oid: number, format?: 'text' | 'binary') {
    if (oid === 20) return (v: string) => Number(v)
    return pg.types.getTypeParser(oid, format as 'text')
  },
}

type Runner = Pick<pg.PoolClient, 'query'>

/** SQLSTATE classes and codes that mean the server is going away or cannot take the session now. */
const UNAVAILABLE_STATES = /^(08...|57P0[1-3]|53300)$/
/** Node socket errors of a lost or refused connection. */
const UNAVAILABLE_ERRNOS = new Set(['ECONNREFUSED', 'ECONNRESET', 'EPIPE', 'ETIMEDOUT', 'EHOSTUNREACH', 'ENETUNREACH', 'EAI_AGAIN'])

/**
 * Whether a driver error means the database is unreachable (rather than a statement being wrong):
 * a refused or cut connection, a server shutting down or starting, too many connections.
 */
function isUnavailable(err: unknown): boolean {
  if (!(err instanceof Error)) return false
  const { code } = err as { code?: unknown }
  if (typeof code === 'string' && (UNAVAILABLE_STATES.test(code) || UNAVAILABLE_ERRNOS.has(code))) return true
  // pg's own errors of a connection that ended, or a pool that timed out connecting, carry no code.
  return /Connection terminated|not queryable|timeout exceeded when trying to connect|Client was closed/i.test(err.message)
}

/** Rethrows a driver error, as {@link DatabaseUnavailableError} when the database is unreachable. */
function rethrow(err: unknown): never {
  throw isUnavailable(err) && !(err instanceof DatabaseUnavailableError) ? new DatabaseUnavailableError(err) : err
}

/** Hands out pooled clients once their session settings are applied (see createPostgresDb). */
type Checkout = () => Promise<pg.PoolClient>

/** Runs each statement on a client of its own, as `pool.query` does, but through `checkout`. */
function pooled(checkout: Checkout): Runner {
  return {
    query: (async (config: pg.QueryConfig) => {
      const client = await checkout()
      try {
        return await client.query(config)
      } catch (err) {
        rethrow(err)
      } finally {
        client.release()
      }
    }) as Runner['query'],
  }
}

function wrap(runner: Runner, checkout: Checkout, pool: pg.Pool, inTx: boolean, secrets: SecretBox | null): Db {
  const db: Db = {
    kind: 'postgres',
    secrets,
    async query<T>(sql: string, params?: readonly SqlParam[]) {
      const res = await runner.query({ text: sql, values: bindParams(params), types: typeParsers }).catch(rethrow)
      return res.rows as T[]
    },
    async exec(sql) {
      await runner.query(sql).catch(rethrow)
    },
    async transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      if (inTx) return fn(db)
      const client = await checkout()
      try {
        await client.query('BEGIN')
        const result = await fn(wrap(client, checkout, pool, true, secrets))
        await client.query('COMMIT')
        return result
      } catch (err) {
        await client.query('ROLLBACK').catch(() => {})
        rethrow(err)
      } finally {
        client.release()
      }
    },
    // A commit returns once PostgreSQL has it on disk (synchronous_commit, see createPostgresDb).
    flush: async () => {},
    close: () => pool.end(),
  }
  return db
}

/**
 * Connects to a PostgreSQL server through a connection pool.
 * @param options - connection string and pool size.
 * @returns a {@link Db}.
 * @example
 * ```ts
 * import { createPostgresDb } from 'portico/server'
 * const db = await createPostgresDb({ connectionString: process.env.DATABASE_URL! })
 * ```
 */
export async function createPostgresDb(options: PostgresDbOptions): Promise<Db> {
  if (options.schema !== undefined && !/^[a-z_][a-z0-9_]*$/.test(options.schema)) {
    throw new TypeError(`Invalid schema name "${options.schema}"`)
  }
  const pool = new pg.Pool({
    connectionString: options.connectionString,
    max: options.max ?? 10,
    // A database that accepts no connection (a network cut) fails requests instead of queueing them.
    connectionTimeoutMillis: 10_000,
    ...(options.schema ? { options: `-c search_path=${options.schema}` } : {}),
  })
  // A pool emits errors of idle clients (server restart); without a listener they crash the process.
  pool.on('error', (err) => console.error('[portico] idle database client error:', err.message))
  // An acknowledged write must survive a crash: a database (or role) set to `synchronous_commit =
  // off` is put back to `on` for our sessions; stronger settings (remote_apply...) are kept.
  // The setting is applied before the client's first statement: a client runs one query at a time.
  const ready = new WeakMap<pg.PoolClient, Promise<unknown>>()
  pool.on('connect', (client) => {
    ready.set(
      client,
      client
        .query("SELECT set_config('synchronous_commit', 'on', false) WHERE current_setting('synchronous_commit') = 'off'")
        .catch((err: Error) => console.error('[portico] could not set synchronous_commit:', err.message)),
    )
  })
  // A client in use has no pool listener: a connection lost between its statements (a restart
  // mid-transaction) would emit an unhandled 'error' and end the process. The statement that uses
  // it next fails instead, and the pool drops the broken client on release.
  const inUse = (err: Error) => console.error('[portico] database connection lost:', err.message)
  const checkout: Checkout = async () => {
    const client = await pool.connect().catch(rethrow)
    client.on('error', inUse)
    const release = client.release.bind(client)
    client.release = (err?: Error | boolean) => {
      client.off('error', inUse)
      release(err)
    }
    await ready.get(client)
    return client
  }
  const db = wrap(pooled(checkout), checkout, pool, false, options.secrets ?? null)
  const [settings] = await db.query<{ fsync: string }>("SELECT current_setting('fsync') AS fsync")
  if (settings?.fsync === 'off') {
    console.warn('[portico] WARNING: the PostgreSQL server runs with fsync = off: a crash of its host can lose acknowledged writes.')
  }
  return db
}
