/**
 * The embedded storage adapter: PostgreSQL compiled to WASM, in-process, data in a folder.
 * It runs on a worker thread, so SQL does not compete with request handling. A commit is written
 * to the host before it returns, and `flush()` syncs the write-ahead log to disk (see
 * pglite-worker.mjs for how, since PGlite itself never syncs).
 * @module
 */
import { mkdirSync } from 'node:fs'
import { resolve } from 'node:path'
import { Worker } from 'node:worker_threads'
import { PGlite, types, type Transaction } from '@electric-sql/pglite'
import type { SecretBox } from '../secrets'
import { bindParams, type Db, type SqlParam } from './db'

/** Options of {@link createPgliteDb}. */
export interface PgliteDbOptions {
  /**
   * Data folder, relative to the working directory; `'memory'` keeps everything in memory (tests).
   * @defaultValue '.portico/db'
   */
  dataDir?: string
  /**
   * Run PGlite on a worker thread (`'worker'`) or on the calling thread (`'main'`, in-memory
   * databases only: durable commits on disk are the worker's job).
   * @defaultValue 'worker'
   */
  thread?: 'worker' | 'main'
  /** Seals the secrets of the `apps` table (see {@link Db.secrets}). @defaultValue null (clear text) */
  secrets?: SecretBox
  /**
   * What PGlite may start from instead of loading and initializing everything itself (tests start
   * many databases: see `createTestDb`). @defaultValue none
   */
  start?: PgliteStart
}

/**
 * Prepared inputs of a PGlite start. Compiled modules and blobs can be posted to the worker thread,
 * so one compilation serves every database of a process.
 */
export interface PgliteStart {
  /** `pglite.wasm`, compiled (`WebAssembly.compile`). */
  pgliteWasmModule?: WebAssembly.Module
  /** `initdb.wasm`, compiled. */
  initdbWasmModule?: WebAssembly.Module
  /** `pglite.data`, the PostgreSQL share files. */
  fsBundle?: Blob
  /**
   * A data folder made by `dumpDataDir` to start from instead of running initdb. In-memory
   * databases only: a data folder on disk is its own.
   */
  loadDataDir?: Blob
}

/** What the embedded database did since it opened (the bench prints it per login). */
export interface PgliteStats {
  /** Syncs of the write-ahead log to disk; one serves every answer waiting for it (group commit). */
  walSyncs: number
  /** WAL files synced, summed over {@link PgliteStats.walSyncs}. */
  syncedFiles: number
}

/** The PGlite {@link Db}, with its counters. */
export interface PgliteDb extends Db {
  readonly kind: 'pglite'
  /** Counters since the database opened (all zero in memory, where nothing is synced). */
  stats(): Promise<PgliteStats>
}

/**
 * Renders one value as an SQL literal. Strings are single-quoted with quotes doubled, which is
 * exact under `standard_conforming_strings = on` (forced at open): backslashes stay literal.
 * @param value - a bound parameter (objects must already be JSON strings).
 * @returns the literal.
 * @example
 * ```ts
 * sqlLiteral("it's") // "'it''s'"
 * ```
 */
export function sqlLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL'
  if (typeof value === 'boolean') return value ? 'TRUE' : 'FALSE'
  if (typeof value === 'bigint') return `(${value.toString()})`
  if (typeof value === 'number') {
    if (!Number.isFinite(value)) throw new TypeError(`Cannot bind ${value} as an SQL value`)
    return `(${String(value)})`
  }
  const text = value instanceof Date ? value.toISOString() : String(value)
  if (text.includes('\0')) throw new TypeError('Text values cannot contain NUL characters')
  return `'${text.replace(/'/g, "''")}'`
}

/**
 * Inlines `$n` placeholders as literals in one pass (inserted text is never rescanned).
 * Our statements never hold `$n` inside quoted text, so every match is a placeholder.
 * @param sql - a statement with `$n` placeholders.
 * @param params - their values.
 * @returns the statement with literals.
 * @example
 * ```ts
 * inlineParams('SELECT $1', ['a']) // "SELECT 'a'"
 * ```
 */
export function inlineParams(sql: string, params: readonly unknown[]): string {
  return sql.replace(/\$(\d+)/g, (_, n: string) => {
    const i = Number(n) - 1
    if (i < 0 || i >= params.length) throw new RangeError(`No value for placeholder $${n}`)
    return sqlLiteral(params[i])
  })
}

/** Runs simple-protocol SQL and answers the last statement's rows. */
interface Runner {
  run(sql: string): Promise<Record<string, unknown>[]>
  /** Waits until finished writes are on disk. */
  flush(): Promise<void>
  stats(): Promise<PgliteStats>
  transaction<T>(fn: (tx: Runner) => Promise<T>): Promise<T>
  close(): Promise<void>
}

// Distinct statement texts are few (they are written in code); the cap only guards against misuse.
const MAX_PREPARED = 1000

/** The statements PREPAREd on one connection, by SQL text. */
interface PreparedStatements {
  /** Settled names: a name, or null for a text that runs inlined. */
  names: Map<string, string | null>
  /** Preparations under way: concurrent first uses of a text wait for one PREPARE. */
  pending: Map<string, Promise<string | null>>
  /** Names handed out so far (names are never reused). */
  count: number
}

function wrap(conn: Runner, inTx: boolean, prepared: PreparedStatements, secrets: SecretBox | null): PgliteDb {
  /** PREPAREs a text once; null when it cannot be (several statements, types it cannot infer). */
  function prepare(sql: string): Promise<string | null> {
    const name = `portico_${++prepared.count}`
    const done = conn.run(`PREPARE ${name} AS ${sql}`).then(
      () => name,
      () => null,
    )
    prepared.pending.set(sql, done)
    return done.then((settled) => {
      prepared.names.set(sql, settled)
      prepared.pending.delete(sql)
      return settled
    })
  }

  // Planning is most of a small statement's cost here: each text is PREPAREd once, then EXECUTEd.
  // A transaction uses the names already prepared but prepares none: a failed PREPARE would abort
  // it, and waiting for one that runs outside it would wait for the transaction's own end.
  async function statementFor(sql: string, params: readonly unknown[]): Promise<string> {
    let name = prepared.names.get(sql)
    if (name === undefined && !inTx) {
      name = await (prepared.pending.get(sql) ?? (prepared.count < MAX_PREPARED ? prepare(sql) : null))
    }
    if (!name) return inlineParams(sql, params)
    return params.length ? `EXECUTE ${name}(${params.map(sqlLiteral).join(', ')})` : `EXECUTE ${name}`
  }

  const db: PgliteDb = {
    kind: 'pglite',
    secrets,
    async query<T>(sql: string, params?: readonly SqlParam[]) {
      // The simple protocol is one call into WASM; PGlite's extended protocol is five.
      return (await conn.run(await statementFor(sql, bindParams(params)))) as T[]
    },
    async exec(sql) {
      await conn.run(sql)
    },
    transaction<T>(fn: (tx: Db) => Promise<T>): Promise<T> {
      if (inTx) return fn(db)
      return conn.transaction((tx) => fn(wrap(tx, true, prepared, secrets)))
    },
    flush: () => conn.flush(),
    stats: () => conn.stats(),
    close: () => conn.close(),
  }
  return db
}

function mainThreadRunner(pg: PGlite | Transaction): Runner {
  return {
    async run(sql) {
      const results = (await pg.exec(sql)) as { rows: Record<string, unknown>[] }[]
      return results[results.length - 1]?.rows ?? []
    },
    transaction: (fn) => (pg as PGlite).transaction((tx) => fn(mainThreadRunner(tx))),
    flush: async () => {}, // in memory: nothing to sync
    stats: async () => ({ walSyncs: 0, syncedFiles: 0 }),
    close: () => (pg as PGlite).close(),
  }
}

interface WorkerReply {
  /** The call answered; 0 for a sync notice. */
  id: number
  ok: boolean
  rows?: Record<string, unknown>[]
  tx?: number
  error?: { message: string; code?: string; detail?: string }
  /** WAL writes done so far, on every reply. */
  wal?: number
  /** Sync notice: the WAL writes now on disk. */
  synced?: number
  /** Sync notice: the sync failed. */
  syncError?: string
}

/** A flush waiting for the WAL writes up to `wal` to be synced. */
interface FlushWaiter {
  wal: number
  resolve: () => void
  reject: (err: Error) => void
}

async function workerRunner(dataDir: string | null, start: PgliteStart): Promise<Runner> {
  const worker = new Worker(new URL('./pglite-worker.mjs', import.meta.url))
  let nextId = 1
  const pending = new Map<number, { resolve: (r: WorkerReply) => void; reject: (e: Error) => void }>()
  let dead: Error | null = null
  // The worker syncs the WAL on its own after every write and says so: a flush waits for the sync
  // covering the writes seen in replies so far, without a message of its own (group commit).
  let walSeen = 0
  let walSynced = 0
  let flushes: FlushWaiter[] = []
  let syncFailed = false
  // Only a pending call or flush keeps the process alive: an idle, unclosed database must not block exit.
  const keepAlive = () => (pending.size + flushes.length > 0 ? worker.ref() : worker.unref())
  const onSync = (r: WorkerReply) => {
    const done = r.synced === undefined ? flushes : flushes.filter((f) => f.wal <= r.synced!)
    flushes = r.synced === undefined ? [] : flushes.filter((f) => f.wal > r.synced!)
    if (r.synced !== undefined) walSynced = Math.max(walSynced, r.synced)
    else syncFailed = true // the next flush asks the worker to try again
    const err = new Error(r.syncError ?? '')
    for (const f of done) {
      if (r.synced === undefined) f.reject(err)
      else f.resolve()
    }
    keepAlive()
  }
  worker.on('message', (r: WorkerReply) => {
    if (r.wal !== undefined && r.wal > walSeen) walSeen = r.wal
    if (r.id === 0) return onSync(r)
    const p = pending.get(r.id)
    if (!p) return
    pending.delete(r.id)
    keepAlive()
    if (r.ok) return p.resolve(r)
    const err = Object.assign(new Error(r.error?.message ?? 'Database error'), { code: r.error?.code, detail: r.error?.detail })
    p.reject(err)
  })
  const die = (err: Error) => {
    dead = err
    for (const p of pending.values()) p.reject(err)
    for (const f of flushes) f.reject(err)
    pending.clear()
    flushes = []
  }
  worker.on('error', die)
  worker.on('exit', (code) => die(new Error(`Database worker exited (${code})`)))
  const call = (msg: Record<string, unknown>) =>
    new Promise<WorkerReply>((resolve, reject) => {
      if (dead) return reject(dead)
      const id = nextId++
      pending.set(id, { resolve, reject })
      keepAlive()
      worker.postMessage({ id, ...msg })
    })
  await call({ op: 'open', options: { dataDir, start } })

  const runner = (tx: number | undefined): Runner => ({
    async run(sql) {
      return (await call({ op: 'exec', sql, tx })).rows ?? []
    },
    async transaction(fn) {
      const { tx: id } = await call({ op: 'begin' })
      let result
      try {
        result = await fn(runner(id))
      } catch (err) {
        await call({ op: 'rollback', tx: id }).catch(() => {})
        throw err
      }
      await call({ op: 'commit', tx: id })
      return result
    },
    async flush() {
      if (dead) throw dead
      const wal = walSeen
      if (walSynced >= wal) return
      if (syncFailed) {
        // After a failed sync, ask: the worker retries now and answers once synced, or fails again.
        syncFailed = false
        await call({ op: 'flush' })
        return
      }
      await new Promise<void>((resolve, reject) => {
        flushes.push({ wal, resolve, reject })
        keepAlive()
      })
    },
    async stats() {
      return (await call({ op: 'stats' })).rows![0] as unknown as PgliteStats
    },
    async close() {
      if (dead) return
      await call({ op: 'flush' })
      await call({ op: 'close' })
      await worker.terminate()
    },
  })
  return runner(undefined)
}

/**
 * Opens (creating if needed) an embedded PGlite database.
 * @param options - where the data lives and which thread runs it.
 * @returns a {@link Db} with PGlite's counters ({@link PgliteDb}).
 * @example
 * ```ts
 * import { createPgliteDb } from 'portico/server'
 * const db = await createPgliteDb({ dataDir: 'memory' })
 * await db.query('SELECT 1')
 * ```
 */
export async function createPgliteDb(options: PgliteDbOptions = {}): Promise<PgliteDb> {
  const dir = options.dataDir ?? '.portico/db'
  if (options.thread === 'main' && dir !== 'memory') {
    throw new TypeError("createPgliteDb: thread 'main' is for in-memory databases; a data folder needs the worker, which syncs it")
  }
  const start = options.start ?? {}
  if (start.loadDataDir && dir !== 'memory') throw new TypeError('createPgliteDb: start.loadDataDir is for in-memory databases')
  let abs: string | null = null
  if (dir !== 'memory') {
    abs = resolve(dir)
    mkdirSync(abs, { recursive: true })
  }
  let conn: Runner
  if (options.thread === 'main') {
    // bigint columns hold millisecond timestamps and counters, all well inside 2^53.
    const parsers = { [types.INT8]: (v: string) => Number(v) }
    const pg = new PGlite({ ...start, parsers })
    await pg.waitReady
    conn = mainThreadRunner(pg)
  } else {
    conn = await workerRunner(abs, start)
  }
  await conn.run('SET standard_conforming_strings = on; SET plan_cache_mode = force_generic_plan')
  return wrap(conn, false, { names: new Map(), pending: new Map(), count: 0 }, options.secrets ?? null)
}
