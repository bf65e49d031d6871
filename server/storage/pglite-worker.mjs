// Runs PGlite on its own thread, so SQL does not compete with HTTP and token signing for the main
// thread. Plain JavaScript on purpose: it loads the same way under tsx, vitest and plain Node.
// Protocol: { id, op: 'open'|'exec'|'begin'|'commit'|'rollback'|'close', sql?, tx?, options? }
//        -> { id, ok: true, rows? , tx? } | { id, ok: false, error: { message, code, detail } }
import { parentPort } from 'node:worker_threads'
import { PGlite, types } from '@electric-sql/pglite'

let pg = null
let nextTx = 1
const ROLLBACK = new Error('rollback requested')
const txs = new Map() // tx id -> { handle, finish(ok) }

const reply = (id, body) => parentPort.postMessage({ id, ...body })
const fail = (id, err) =>
  reply(id, { ok: false, error: { message: String(err?.message ?? err), code: err?.code, detail: err?.detail } })

async function run(conn, sql) {
  const results = await conn.exec(sql)
  return results.length ? results[results.length - 1].rows : []
}

parentPort.on('message', async (msg) => {
  const { id, op } = msg
  try {
    if (op === 'open') {
      const parsers = { [types.INT8]: (v) => Number(v) }
      pg = new PGlite(msg.options.dataDir ? { dataDir: msg.options.dataDir, parsers } : { parsers })
      await pg.waitReady
      return reply(id, { ok: true })
    }
    if (op === 'exec') {
      const conn = msg.tx ? txs.get(msg.tx)?.handle : pg
      if (!conn) throw new Error('Transaction is no longer open')
      return reply(id, { ok: true, rows: await run(conn, msg.sql) })
    }
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
      await pg?.close()
      return reply(id, { ok: true })
    }
    throw new Error(`Unknown op ${op}`)
  } catch (err) {
    fail(id, err)
  }
})
