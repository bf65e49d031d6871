// Runs PGlite on its own thread, so SQL does not compete with HTTP and token signing for the main
// thread. Plain JavaScript on purpose: it loads the same way under tsx, vitest and plain Node.
// Protocol: { id, op: 'open'|'exec'|'begin'|'commit'|'rollback'|'close', sql?, tx?, options? }
//        -> { id, ok: true, rows? , tx? } | { id, ok: false, error: { message, code, detail } }
//
// Protocol: { id, op: 'flush' } -> { id, ok: true } once every write done so far is on disk.
//           { id, op: 'stats' } -> { id, ok: true, rows: [{ walSyncs, syncedFiles }] } (counts since open).
// Every reply also carries `wal`, the number of WAL writes done so far; after each WAL sync the
// worker posts { id: 0, synced } (the `wal` count that sync covers) or { id: 0, syncError }, so
// the caller can wait for its writes to be on disk without asking (see `flush` in pglite.ts).
//
// Durability. PGlite's Node filesystem writes through to the host (fs.writeSync) but never syncs:
// Emscripten's NODEFS has no fsync operation and its fdatasync is a no-op, and PGlite starts
// PostgreSQL with `-F` (fsync off). Here PostgreSQL starts with fsync on and `synchronous_commit =
// on`, so a commit writes its WAL to the host before it returns (a killed process loses nothing
// that committed), and NODEFS gets a real fsync (checkpoints, control file, new WAL segments). The
// WAL itself is synced by `flush`: it fdatasyncs the WAL files written since the last sync, and
// one sync serves every flush waiting for it (group commit). The server flushes before each answer
// leaves, so what an answer acknowledges, or shows, survives a power loss too. A sync starts as
// soon as an operation leaves WAL written and none is running: the caller's flush then costs no
// message when the sync is already done, and one message from here serves every waiting flush.
import { closeSync, fsyncSync, openSync } from 'node:fs'
import { open } from 'node:fs/promises'
import { parentPort } from 'node:worker_threads'
import { PGlite, types } from '@electric-sql/pglite'
import { NodeFS } from '@electric-sql/pglite/nodefs'

let pg = null
let nextTx = 1
const ROLLBACK = new Error('rollback requested')
const txs = new Map() // tx id -> { handle, finish(ok) }

const reply = (id, body) => parentPort.postMessage({ id, wal: walWrites, ...body })
const errorBody = (err) => ({ ok: false, error: { message: String(err?.message ?? err), code: err?.code, detail: err?.detail } })
const fail = (id, err) => reply(id, errorBody(err))

// WAL files written since the last sync (host paths), and answers waiting for the next sync.
const dirtyWal = new Set()
let walWrites = 0 // WAL writes since open: what a sync covers is the count taken when it starts
let waiting = []
let syncing = null // the running flush loop
const stats = { walSyncs: 0, syncedFiles: 0 }

/**
 * PGlite's startup parameters without `-F`, so PostgreSQL calls fsync (the patched NODEFS makes it
 * real). `wal_sync_method = fdatasync` is Emscripten's no-op: the WAL is synced here, in groups.
 */
const DURABLE_START_PARAMS = [
  ...PGlite.defaultStartParams.filter((p) => p !== '-F'),
  '-c', 'fsync=on', '-c', 'synchronous_commit=on', '-c', 'wal_sync_method=fdatasync', '-c', 'full_page_writes=on',
]

/** NodeFS whose streams fsync for real and report writes to WAL files. */
class DurableNodeFS extends NodeFS {
  async init(pg, emscriptenOptions) {
    const result = await super.init(pg, emscriptenOptions)
    const preRun = result.emscriptenOpts.preRun ?? []
    result.emscriptenOpts.preRun = [...preRun, (mod) => patchNodefs(mod.NODEFS)]
    return result
  }
}

function patchNodefs(NODEFS) {
  const ops = NODEFS.stream_ops
  if (ops.porticoDurable) return
  ops.porticoDurable = true
  const { open: openOp, write } = ops
  ops.open = function (stream) {
    openOp.call(this, stream)
    const path = NODEFS.realPath(stream.node)
    stream.porticoPath = path
    stream.porticoWal = /[/\\]pg_wal[/\\][0-9A-F]{24}$/.test(path)
  }
  ops.write = function (stream, ...rest) {
    const n = write.call(this, stream, ...rest)
    if (stream.porticoWal) {
      dirtyWal.add(stream.porticoPath)
      walWrites++
    }
    return n
  }
  // PostgreSQL's own fsync calls (checkpoints, control file, new segments, directories).
  ops.fsync = function (stream) {
    return NODEFS.tryFSOperation(() => {
      if (typeof stream.nfd === 'number') return fsyncSync(stream.nfd), 0
      const fd = openSync(stream.porticoPath ?? NODEFS.realPath(stream.node), 'r') // directories have no nfd
      try {
        fsyncSync(fd)
      } finally {
        closeSync(fd)
      }
      return 0
    })
  }
}

/** fdatasyncs one host file through a descriptor of our own (PostgreSQL may close its own meanwhile). */
async function syncFile(path) {
  let handle
  try {
    handle = await open(path, 'r')
  } catch (err) {
    if (err?.code === 'ENOENT') return // a removed segment: a checkpoint made it unnecessary
    throw err
  }
  try {
    await handle.datasync()
  } finally {
    await handle.close()
  }
}

/** Answers now, or after the next WAL sync when something may not be on disk yet. */
function durableReply(id, body) {
  if (!syncing && dirtyWal.size === 0) return reply(id, body)
  waiting.push([id, body])
  startSync()
}

/** Starts syncing the WAL written so far, unless a sync is running (it loops until nothing is left). */
function startSync() {
  if (!syncing && (dirtyWal.size || waiting.length)) syncing = flushLoop()
}

async function flushLoop() {
  // One pass per sync: what was written meanwhile is synced by the next pass (group commit).
  while (dirtyWal.size || waiting.length) {
    const batch = waiting
    waiting = []
    const paths = [...dirtyWal]
    const covered = walWrites
    dirtyWal.clear()
    let error = null
    try {
      if (paths.length) stats.walSyncs++
      stats.syncedFiles += paths.length
      await Promise.all(paths.map(syncFile))
    } catch (err) {
      error = new Error(`Could not sync the database to disk: ${err?.message ?? err}`)
      for (const p of paths) dirtyWal.add(p) // retried by the next operation or flush
    }
    parentPort.postMessage(error ? { id: 0, syncError: error.message } : { id: 0, synced: covered })
    for (const [id, body] of batch) reply(id, error ? errorBody(error) : body)
    if (error) break
  }
  syncing = null // in the same tick as the last check: nothing is left waiting
}

async function run(conn, sql) {
  const results = await conn.exec(sql)
  return results.length ? results[results.length - 1].rows : []
}

parentPort.on('message', async (msg) => {
  try {
    await handle(msg)
  } finally {
    startSync() // what the operation wrote goes to disk now, before anyone asks
  }
})

async function handle(msg) {
  const { id, op } = msg
  try {
    if (op === 'open') {
      const parsers = { [types.INT8]: (v) => Number(v) }
      const dir = msg.options.dataDir
      // `start`: compiled modules, share files, a data folder to load (see PgliteStart in pglite.ts).
      const start = msg.options.start ?? {}
      pg = new PGlite(dir ? { ...start, fs: new DurableNodeFS(dir), parsers, startParams: DURABLE_START_PARAMS } : { ...start, parsers })
      await pg.waitReady
      return reply(id, { ok: true })
    }
    if (op === 'exec') {
      const conn = msg.tx ? txs.get(msg.tx)?.handle : pg
      if (!conn) throw new Error('Transaction is no longer open')
      return reply(id, { ok: true, rows: await run(conn, msg.sql) })
    }
    if (op === 'flush') return durableReply(id, { ok: true })
    if (op === 'stats') return reply(id, { ok: true, rows: [{ ...stats }] })
    if (op === 'begin') {
      const tx = nextTx++
      // PGlite runs the callback under its transaction lock; other statements wait for it to end.
      let opened
      const ready = new Promise((resolve) => (opened = resolve))
      const done = pg
        .transaction(
          (handle) =>
            new Promise((resolve, reject) => {
              txs.set(tx, { handle, finish: (ok) => (ok ? resolve() : reject(ROLLBACK)) })
              opened()
            }),
        )
        .then(
          () => null,
          (err) => (err === ROLLBACK ? null : err),
        )
      await ready
      txs.get(tx).done = done
      return reply(id, { ok: true, tx })
    }
    if (op === 'commit' || op === 'rollback') {
      const entry = txs.get(msg.tx)
      if (!entry) throw new Error('Transaction is no longer open')
      txs.delete(msg.tx)
      entry.finish(op === 'commit')
      const err = await entry.done
      if (err) throw err
      return reply(id, { ok: true })
    }
    if (op === 'close') {
      await syncing // answers still waiting for their sync go out first
      await pg?.close()
      startSync() // the shutdown checkpoint's WAL
      await syncing
      return reply(id, { ok: true })
    }
    throw new Error(`Unknown op ${op}`)
  } catch (err) {
    fail(id, err)
  }
}
