/**
 * The storage interface every server part talks to. Two adapters implement it (PGlite and
 * PostgreSQL); both run the same SQL.
 * @module
 */

import type { SecretBox } from '../secrets'

/** A value that can be bound to a `$n` placeholder. Objects and arrays are sent as JSON. */
export type SqlParam = string | number | boolean | null | bigint | Date | object

/**
 * A database connection (or a transaction on one).
 * Numbers stored as `bigint` columns come back as JS numbers on both adapters.
 */
export interface Db {
  /**
   * Runs one parameterised statement.
   * @param sql - the statement, with `$1`, `$2`... placeholders.
   * @param params - the placeholder values.
   * @returns the result rows.
   */
  query<T = Record<string, unknown>>(sql: string, params?: readonly SqlParam[]): Promise<T[]>
  /**
   * Runs one or more statements without parameters (migrations, maintenance).
   * @param sql - the statements.
   */
  exec(sql: string): Promise<void>
  /**
   * Runs `fn` in a transaction: committed when it resolves, rolled back when it throws.
   * Calling `transaction` on the `tx` handle runs `fn` inside the same transaction.
   * @param fn - the work, given a handle bound to the transaction.
   * @returns what `fn` returns.
   */
  transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T>
  /**
   * Resolves once every write that has finished so far is on disk. The server calls it before an
   * answer leaves. PostgreSQL commits are already durable when they return (nothing to wait for);
   * PGlite syncs its write-ahead log here, once for every caller waiting (group commit).
   */
  flush(): Promise<void>
  /** Closes the connection or pool (after a {@link Db.flush}). */
  close(): Promise<void>
  /** Which engine this is (`pglite` or `postgres`). */
  readonly kind: 'pglite' | 'postgres'
  /**
   * Seals secrets stored in the database (app signing keys, provider secrets) and opens them; null
   * keeps them in clear (tests). Given to the adapter as its `secrets` option.
   */
  readonly secrets: SecretBox | null
}

/**
 * The database could not be reached, or dropped the connection mid-statement (a restart, a failover,
 * a network cut). The outcome of a statement in flight is unknown; nothing was acknowledged. The
 * server answers it with 503, a status clients retry, and the adapter reconnects on the next
 * statement.
 * @example
 * ```ts
 * import { DatabaseUnavailableError } from 'portico/server'
 * if (err instanceof DatabaseUnavailableError) console.warn('database down, retry later')
 * ```
 */
export class DatabaseUnavailableError extends Error {
  override name = 'DatabaseUnavailableError'
  /**
   * @param cause - the driver's error.
   */
  constructor(cause: unknown) {
    super(`The database is unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause })
  }
}

/**
 * JSON-encodes plain objects and arrays so both drivers bind them the same way to json/jsonb.
 * @param params - the values of a statement's placeholders.
 * @returns the values as the drivers take them.
 * @example
 * ```ts
 * bindParams([{ a: 1 }, 'x']) // ['{"a":1}', 'x']
 * ```
 */
export function bindParams(params: readonly SqlParam[] = []): unknown[] {
  return params.map((p) =>
    p !== null && typeof p === 'object' && !(p instanceof Date) ? JSON.stringify(p) : p,
  )
}

/**
 * The same database, whose `close()` also runs `after` once the database closed (releases a data
 * folder lock, drops a test schema).
 * @param db - the database.
 * @param after - what to do after it closed.
 * @returns the wrapped database.
 * @example
 * ```ts
 * const db = withAfterClose(await createPgliteDb({ dataDir, secrets }), () => release())
 * ```
 */
export function withAfterClose(db: Db, after: () => void | Promise<void>): Db {
  const close = db.close
  return {
    ...db,
    kind: db.kind,
    async close() {
      await close()
      await after()
    },
  }
}

/** Binds a value to the next `$n` placeholder of a statement built from fragments and answers it. */
export type Bind = (value: SqlParam) => string

/**
 * Collects a statement's parameters while its text is built from fragments written in different
 * places (a login's user lookup and its session insert): each fragment binds its own values.
 * @returns the parameters so far and `bind`.
 * @example
 * ```ts
 * const { params, bind } = statementParams()
 * await db.query(`SELECT * FROM users WHERE id = ${bind(userId)}::text`, params)
 * ```
 */
export function statementParams(): { params: SqlParam[]; bind: Bind } {
  const params: SqlParam[] = []
  return {
    params,
    bind(value) {
      params.push(value)
      return `$${params.length}`
    },
  }
}
