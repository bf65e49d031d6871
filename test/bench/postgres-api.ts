/**
 * The bench's API server on PostgreSQL, run as a child process of the bench: `BENCH_PROCESSES`
 * server processes behind one port through Node's cluster module, as `PORTICO_PROCESSES` runs them.
 * The primary migrates `BENCH_DATABASE_URL` and creates the bench app, then forks the workers. Mail
 * goes to the bench over IPC (worker → primary → bench) instead of SMTP, as the PGlite figure's dev
 * inbox keeps it in memory. Messages to the bench: `{ type: 'ready', url, appId }`,
 * `{ type: 'mail', email, code }`, `{ type: 'counters', ... }` (answering `{ type: 'counters' }`).
 * @module
 */
import cluster, { type Worker } from 'node:cluster'
import { serve } from '@hono/node-server'
import { createApp, createPostgresDb, createServer, runMigrations, serverMigrations } from '../../server/index'
import { emailServer } from '../../plugins/email/server'
import { countingDb, type DbCounts } from './counting-db'

const url = process.env.BENCH_DATABASE_URL!
const processes = Number(process.env.BENCH_PROCESSES ?? 1)
const SECRET = 'bench-secret-0123456789abcdef'

/** A worker's counters: the database calls and its CPU time, in µs. */
interface Counters extends DbCounts {
  cpuUs: number
}

async function primary() {
  const db = await createPostgresDb({ connectionString: url })
  await runMigrations(db, serverMigrations([emailServer()]))
  const app = await createApp(db, {
    name: 'Bench',
    settings: { otpPerDestination: { limit: 1_000_000, windowMs: 60_000 }, otpPerIp: { limit: 1_000_000, windowMs: 60_000 } },
  })
  await db.close()
  const workers: Worker[] = []
  let ready = 0
  let pending: { left: number; sum: Counters } | null = null
  for (let i = 0; i < processes; i++) {
    const worker = cluster.fork()
    workers.push(worker)
    worker.on('message', (m: { type: string; url?: string } & Partial<Counters>) => {
      if (m.type === 'mail') process.send!(m)
      else if (m.type === 'ready' && ++ready === processes) process.send!({ type: 'ready', url: m.url, appId: app.id })
      else if (m.type === 'counters' && pending) {
        for (const k of ['statements', 'commits', 'flushes', 'cpuUs'] as const) pending.sum[k] += m[k]!
        if (--pending.left === 0) {
          const primaryCpu = process.cpuUsage()
          process.send!({ type: 'counters', ...pending.sum, cpuUs: pending.sum.cpuUs + primaryCpu.user + primaryCpu.system })
          pending = null
        }
      }
    })
    worker.on('exit', (code) => {
      if (code !== 0) console.error(`[bench api] a server process exited with ${code}`)
    })
  }
  process.on('message', (m: { type: string }) => {
    if (m.type !== 'counters') return
    pending = { left: workers.length, sum: { statements: 0, commits: 0, flushes: 0, cpuUs: 0 } }
    for (const w of workers) w.send({ type: 'counters' })
  })
  // The bench ends this process when it is done: the workers go with it.
  process.on('disconnect', () => {
    for (const w of workers) w.process.kill('SIGTERM')
    process.exit(0)
  })
}

async function worker() {
  const counts: DbCounts = { statements: 0, commits: 0, flushes: 0 }
  const db = countingDb(await createPostgresDb({ connectionString: url, max: 10 }), counts)
  const server = await createServer({
    db,
    mail: {
      async send(message) {
        const code = /\b(\d{6})\b/.exec(message.text)?.[1]
        process.send!({ type: 'mail', email: message.to, code })
      },
    },
    secret: SECRET,
    plugins: [emailServer()],
    migrate: false,
  })
  process.on('message', (m: { type: string }) => {
    if (m.type !== 'counters') return
    const cpu = process.cpuUsage()
    process.send!({ type: 'counters', ...counts, cpuUs: cpu.user + cpu.system })
  })
  // Port 0 in every worker of a cluster: they share the one port the primary picks.
  const http = serve({ fetch: server.fetch, port: 0, hostname: '127.0.0.1' })
  http.once('listening', () => process.send!({ type: 'ready', url: `http://127.0.0.1:${(http.address() as { port: number }).port}` }))
}

;(cluster.isPrimary ? primary() : worker()).catch((err: unknown) => {
  console.error('[bench api]', err)
  process.exit(1)
})
