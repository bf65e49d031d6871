/**
 * One-time rows: a table whose rows are written once and then claimed once per step (an OAuth round
 * trip's return, the single use of the code it handed out, an authorization code's redemption).
 * Each claim is one statement that sets the step's column only where it is still null, so of any
 * number of parallel claims exactly one gets the row, on PGlite and on PostgreSQL alike; values a
 * claim takes (a sealed token, a stored result) are wiped in the same statement. Rows carry an
 * `expires_at` (milliseconds); a claim may require the row to be live, and each insert drops rows
 * that expired a day ago or more.
 * @module
 */
import type { Db, SqlParam } from './storage/db'

/** How long after its expiry a row is kept (for the replays it tells apart) before an insert drops it. */
export const ONE_TIME_ROW_RETENTION_MS = 24 * 60 * 60 * 1000

/** Options of {@link OneTimeRows.claim} and {@link OneTimeRows.spend}. */
export interface OneTimeClaimOptions {
  /** The column the claim sets to `now`: the step it marks (`returned_at`, `used_at`). */
  mark: string
  /** Which row: column → value, all equal. */
  where: Readonly<Record<string, SqlParam>>
  /** The server clock. */
  now: number
  /** The columns the answer carries. */
  returning: readonly string[]
  /** Claims only a row whose `expires_at` is still ahead of `now`. @defaultValue false */
  live?: boolean
  /** Columns the claim takes: they come back as they were and are set to null (`claim` only). */
  take?: readonly string[]
}

/** A table of one-time rows (see the module's description). */
export interface OneTimeRows {
  /**
   * Stores a row, and drops the table's rows that expired {@link ONE_TIME_ROW_RETENTION_MS} ago or more.
   * @param db - the database.
   * @param values - column → value (its `expires_at` included).
   * @param now - the server clock.
   */
  insert(db: Db, values: Readonly<Record<string, SqlParam>>, now: number): Promise<void>
  /**
   * Sets `mark` to `now` on the row `where` names, only while `mark` is null, in one statement:
   * a second claim (or a parallel one) of the same step finds nothing.
   * @param db - the database.
   * @param options - the step, the row, what comes back.
   * @returns the row's `returning` and `take` columns, or null when no row matched, the step was
   * claimed already or (with `live`) the row expired.
   */
  claim<R>(db: Db, options: OneTimeClaimOptions): Promise<R | null>
  /**
   * Sets `mark` to `now` on the row `where` names unless it is set already, in one statement, and
   * answers whichever call this is: the caller tells the first use (`mark` null in the answer) from
   * a replay (`mark` holds the first use's time). Parallel calls wait for each other, so exactly one
   * sees null.
   * @param db - the database.
   * @param options - the step, the row, what comes back (`take` and `live` are not read).
   * @returns the row's `returning` columns and `mark` as it was before this call, or null when no row matched.
   */
  spend<R>(db: Db, options: Omit<OneTimeClaimOptions, 'take' | 'live'>): Promise<R | null>
}

const IDENTIFIER = /^[a-z_][a-z0-9_]*$/

/** Checks that a table or column name is a plain identifier (they are written into the SQL). */
function name(n: string): string {
  if (!IDENTIFIER.test(n)) throw new Error(`Not a plain SQL identifier: ${JSON.stringify(n)}`)
  return n
}

/** `alias.a = $1 AND alias.b = $2` for the row's columns, its values appended to `params`. */
function matching(where: Readonly<Record<string, SqlParam>>, params: SqlParam[]): string {
  const entries = Object.entries(where)
  if (entries.length === 0) throw new Error('A one-time row claim names its row')
  return entries.map(([column, value]) => `${name(column)} = $${params.push(value)}`).join(' AND ')
}

/**
 * The one-time rows of a table.
 * @param table - the table; it has an `expires_at` bigint column.
 * @param key - its primary key column.
 * @returns its insert and claims.
 * @example
 * ```ts
 * const attempts = oneTimeRows('my_plugin_attempts', 'id')
 * await attempts.insert(ctx.db, { id, app_id: ctx.app.id, expires_at: ctx.now() + TTL }, ctx.now())
 * const row = await attempts.claim<{ id: string }>(ctx.db, { mark: 'used_at', where: { id }, now: ctx.now(), returning: ['id'] })
 * ```
 */
export function oneTimeRows(table: string, key: string): OneTimeRows {
  const t = name(table)
  const k = name(key)
  return {
    async insert(db, values, now) {
      const columns = Object.keys(values).map(name)
      await db.query(`DELETE FROM ${t} WHERE expires_at < $1`, [now - ONE_TIME_ROW_RETENTION_MS])
      await db.query(
        `INSERT INTO ${t} (${columns.join(', ')}) VALUES (${columns.map((_, i) => `$${i + 1}`).join(', ')})`,
        Object.values(values),
      )
    },
    async claim<R>(db: Db, o: OneTimeClaimOptions) {
      const mark = name(o.mark)
      const take = (o.take ?? []).map(name)
      const params: SqlParam[] = [o.now]
      const live = o.live ? ' AND expires_at > $1' : ''
      // The row is read, then updated only while `mark` is still null: on PostgreSQL a parallel
      // claim waits for the first one's row lock and re-checks `mark`, finding it set.
      const rows = await db.query<R>(
        `WITH old AS (SELECT ${[k, ...take].join(', ')} FROM ${t} WHERE ${matching(o.where, params)} AND ${mark} IS NULL${live})
         UPDATE ${t} a SET ${[`${mark} = $1`, ...take.map((c) => `${c} = NULL`)].join(', ')} FROM old
         WHERE a.${k} = old.${k} AND a.${mark} IS NULL
         RETURNING ${[...o.returning.map(name).filter((c) => !take.includes(c)).map((c) => `a.${c}`), ...take.map((c) => `old.${c}`)].join(', ')}`,
        params,
      )
      return rows[0] ?? null
    },
    async spend<R>(db: Db, o: Omit<OneTimeClaimOptions, 'take' | 'live'>) {
      const mark = name(o.mark)
      const params: SqlParam[] = [o.now]
      // The row is locked while read, so a parallel call reads the mark the first one set.
      const rows = await db.query<R>(
        `UPDATE ${t} a SET ${mark} = COALESCE(a.${mark}, $1)
         FROM (SELECT ${k}, ${mark} AS was FROM ${t} WHERE ${matching(o.where, params)} FOR UPDATE) old
         WHERE a.${k} = old.${k}
         RETURNING ${[...o.returning.map(name).filter((c) => c !== mark).map((c) => `a.${c}`), `old.was AS ${mark}`].join(', ')}`,
        params,
      )
      return rows[0] ?? null
    },
  }
}
