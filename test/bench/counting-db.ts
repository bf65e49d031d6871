/**
 * A {@link Db} that counts what the server asks of the database, for the bench's per-login figures.
 * @module
 */
import type { Db } from '../../server/index'

/** What the server asked of the database: statements, the commits among them, flushes. */
export interface DbCounts {
  statements: number
  commits: number
  flushes: number
}

/**
 * Counts the statements the server runs. A statement outside a transaction that writes is a commit
 * of its own; a transaction is one commit whatever it holds.
 */
export function countingDb(db: Db, counts: DbCounts): Db {
  const writes = (sql: string) => /\b(INSERT|UPDATE|DELETE)\b/i.test(sql)
  const wrap = (conn: Db, inTx: boolean): Db => ({
    kind: conn.kind,
    secrets: conn.secrets,
    query(sql, params) {
      counts.statements++
      if (!inTx && writes(sql)) counts.commits++
      return conn.query(sql, params)
    },
    exec(sql) {
      counts.statements++
      if (!inTx && writes(sql)) counts.commits++
      return conn.exec(sql)
    },
    transaction(fn) {
      if (inTx) return conn.transaction(fn)
      counts.commits++
      return conn.transaction((tx) => fn(wrap(tx, true)))
    },
    flush() {
      counts.flushes++
      return conn.flush()
    },
    close: () => conn.close(),
  })
  return wrap(db, false)
}
