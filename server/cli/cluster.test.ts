import { spawn } from 'node:child_process'
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join, resolve } from 'node:path'
import pg from 'pg'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startSmtpSink, type SmtpSink } from '../../test/fixtures/smtp'
import { productionEnv } from '../../test/support/production-env'
import { startTempPostgres, type TempPostgres } from '../../test/support/postgres'
import { ConfigError, productionConfig } from './serve'

const ROOT = resolve(import.meta.dirname, '../..')
const SLOW = { timeout: 180_000 }
const deployment = productionEnv('cluster')
const ADMIN_KEY = deployment.PORTICO_ADMIN_KEY

let dir: string
let smtp: SmtpSink
beforeAll(async () => {
  dir = mkdtempSync(join(tmpdir(), 'portico-cluster-'))
  smtp = await startSmtpSink()
})
afterAll(async () => {
  await smtp?.close()
  rmSync(dir, { recursive: true, force: true })
})

const prodEnv = (extra: Record<string, string>) => ({
  PATH: process.env.PATH ?? '',
  HOME: process.env.HOME ?? '',
  ...deployment,
  SMTP_URL: smtp.url,
  API_PORT: '0',
  ...extra,
})

/** `portico serve` as a child process, with its output collected. */
function startServe(env: Record<string, string>) {
  const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/cli/portico.ts'), 'serve'], {
    cwd: ROOT,
    env,
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  const output = { out: '', err: '' }
  child.stdout!.on('data', (c: Buffer) => (output.out += c.toString()))
  child.stderr!.on('data', (c: Buffer) => (output.err += c.toString()))
  const exited = new Promise<number | null>((ok) => child.once('exit', (code) => ok(code)))
  return { child, output, exited }
}

async function until<T>(what: string, check: () => T | undefined | Promise<T | undefined>, limitMs = 120_000): Promise<T> {
  const start = Date.now()
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() - start > limitMs) throw new Error(`Timed out waiting for ${what}`)
    await new Promise((r) => setTimeout(r, 50))
  }
}

const alive = (pid: number) => {
  try {
    process.kill(pid, 0)
    return true
  } catch {
    return false
  }
}

describe('PORTICO_PROCESSES', () => {
  it('is checked: a whole number, and more than one only on PostgreSQL', () => {
    const problems = (extra: Record<string, string>) => {
      try {
        productionConfig(prodEnv(extra), dir)
        return []
      } catch (err) {
        if (err instanceof ConfigError) return err.problems
        throw err
      }
    }
    expect(problems({ PORTICO_DATA_DIR: dir, PORTICO_PROCESSES: '1' })).toEqual([])
    expect(problems({ DATABASE_URL: 'postgres://db.example.test/portico', PORTICO_PROCESSES: '4' })).toEqual([])
    expect(problems({ PORTICO_DATA_DIR: dir, PORTICO_PROCESSES: '2' })).toEqual([expect.stringMatching(/PORTICO_PROCESSES=2 needs DATABASE_URL \(PostgreSQL\)/)])
    expect(problems({ DATABASE_URL: 'postgres://db.example.test/portico', PORTICO_PROCESSES: 'many' })).toEqual([expect.stringMatching(/whole number/)])
    expect(problems({ DATABASE_URL: 'postgres://db.example.test/portico', PORTICO_PROCESSES: '0' })).toEqual([expect.stringMatching(/whole number/)])
  })

  it('refuses, exit code 1, to run several processes on the embedded database', SLOW, async () => {
    const run = startServe(prodEnv({ PORTICO_DATA_DIR: join(dir, 'embedded'), PORTICO_PROCESSES: '2' }))
    expect(await run.exited).toBe(1)
    expect(run.output.err).toContain('PORTICO_PROCESSES=2 needs DATABASE_URL')
  })

  it('is refused in development mode, whose inbox and clock live in one process', SLOW, async () => {
    const child = spawn(process.execPath, ['--import', 'tsx', join(ROOT, 'server/cli/start.ts')], {
      cwd: ROOT,
      env: { PATH: process.env.PATH ?? '', HOME: process.env.HOME ?? '', PORTICO_PROCESSES: '2', PORTICO_DATA_DIR: join(dir, 'dev') },
      stdio: ['ignore', 'ignore', 'pipe'],
    })
    let stderr = ''
    child.stderr!.on('data', (c: Buffer) => (stderr += c.toString()))
    expect(await new Promise((ok) => child.once('exit', ok))).toBe(1)
    expect(stderr).toContain('PORTICO_PROCESSES runs several processes in production only')
  })

  // On the test PostgreSQL server, else on one started for this test.
  it('starts N processes behind one port on PostgreSQL, replaces one that dies, and stops them all', SLOW, async () => {
    let server: TempPostgres | null = null
    try {
      await twoProcesses(process.env.PORTICO_TEST_DATABASE_URL ?? (server = await startTempPostgres()).url)
    } finally {
      await server?.remove()
    }
  })
})

/** Two processes on the PostgreSQL server at `databaseUrl`, in a schema of their own. */
async function twoProcesses(databaseUrl: string): Promise<void> {
  const schema = `portico_cluster_${Math.random().toString(36).slice(2, 10)}`
  const admin = new pg.Client({ connectionString: databaseUrl })
  await admin.connect()
  await admin.query(`CREATE SCHEMA ${schema}`)
  const url = new URL(databaseUrl)
  url.searchParams.set('options', `-c search_path=${schema}`)
  let run: ReturnType<typeof startServe> | null = null
  try {
    run = startServe(prodEnv({ DATABASE_URL: url.href, PORTICO_PROCESSES: '2' }))
    const started = await until('the start line', () => /listening on (\S+) with 2 processes \(pids (\d+), (\d+)\)/.exec(run!.output.out) ?? undefined)
    const base = started[1]!
    const pids = [Number(started[2]), Number(started[3])]
    const created = await fetch(`${base}/admin/v1/apps`, {
      method: 'POST',
      headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
      body: JSON.stringify({ name: 'Cluster' }),
    })
    const appId = ((await created.json()) as { id: string }).id
    const post = (path: string, body: unknown) =>
      fetch(`${base}${path}`, { method: 'POST', headers: { 'privy-app-id': appId, 'content-type': 'application/json' }, body: JSON.stringify(body) })
    // Logins through whichever process the port hands each connection to.
    for (const email of ['one@cluster.test', 'two@cluster.test', 'three@cluster.test']) {
      expect((await post('/api/v1/passwordless/init', { email })).status).toBe(200)
      const code = /\b(\d{6})\b/.exec((await smtp.waitFor(email, { timeoutMs: 30_000 })).text)![1]
      expect((await post('/api/v1/passwordless/authenticate', { email, code })).status).toBe(200)
    }
    const migrations = await admin.query(`SELECT id, count(*)::int AS n FROM ${schema}.portico_migrations GROUP BY id HAVING count(*) > 1`)
    expect(migrations.rows).toEqual([])

    process.kill(pids[0]!, 'SIGKILL')
    await until('a new process', () => (run!.output.err.includes(`server process ${pids[0]} exited (SIGKILL); starting another`) ? true : undefined))
    await until('answers after the loss', async () => ((await fetch(`${base}/api/v1/apps/${appId}`, { headers: { 'privy-app-id': appId } })).status === 200 ? true : undefined))

    run.child.kill('SIGTERM')
    expect(await run.exited).toBe(0)
    expect(alive(pids[1]!)).toBe(false)
    run = null
  } finally {
    if (run) {
      run.child.kill('SIGKILL')
      await run.exited
    }
    await admin.query(`DROP SCHEMA ${schema} CASCADE`)
    await admin.end()
  }
}
