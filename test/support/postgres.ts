/**
 * A throwaway PostgreSQL server for tests that stop and start the database itself: its own cluster
 * (initdb) in a temp folder, on a free port, run with the distribution's binaries
 * (`/usr/lib/postgresql/<version>/bin`, installed by `.ci/run`). As root it runs as the `postgres`
 * user, as PostgreSQL refuses to run as root.
 * @module
 */
import { execFile } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)
/** Limit of one initdb or pg_ctl call (a cluster's initdb takes seconds; minutes on two busy cores). */
const COMMAND_TIMEOUT_MS = 180_000

/** A running throwaway PostgreSQL server. */
export interface TempPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  url: string
  /** Stops the server (`fast`: sessions are ended, in-flight statements fail; `immediate`: as a crash). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>
  /** Starts it again on the same port and data. */
  start(): Promise<void>
  /** Stops it if it runs and deletes its folder. */
  remove(): Promise<void>
}

/** The newest `/usr/lib/postgresql/<version>/bin` holding initdb; throws a clear error when there is none. */
function binaries(): string {
  const root = '/usr/lib/postgresql'
  const versions = existsSync(root)
    ? readdirSync(root)
        .filter((v) => existsSync(join(root, v, 'bin', 'initdb')))
        .sort((a, b) => Number(a) - Number(b))
    : []
  const newest = versions.at(-1)
  if (!newest) throw new Error(`No PostgreSQL server binaries under ${root}/*/bin: install the postgresql package (.ci/run does).`)
  return join(root, newest, 'bin')
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const s = createServer()
    s.once('error', reject)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => resolve(port))
    })
  })
}

/**
 * Creates and starts a PostgreSQL cluster in a temp folder.
 * @returns the running server; call `remove()` after the test.
 * @example
 * ```ts
 * const pg = await startTempPostgres()
 * await pg.stop('fast'); await pg.start()
 * await pg.remove()
 * ```
 */
export async function startTempPostgres(): Promise<TempPostgres> {
  const bin = binaries()
  const asRoot = process.getuid?.() === 0
  const dir = mkdtempSync(join(tmpdir(), 'portico-pg-'))
  const data = join(dir, 'data')
  const as = (command: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, command), ...args], { timeout: COMMAND_TIMEOUT_MS })
      : run(join(bin, command), args, { timeout: COMMAND_TIMEOUT_MS })
  if (asRoot) {
    try {
      const { stdout } = await run('id', ['-u', 'postgres'])
      chownSync(dir, Number(stdout.trim()), -1)
    } catch (err) {
      rmSync(dir, { recursive: true, force: true })
      throw new Error(`Running as root needs a postgres user to run PostgreSQL as (the postgresql package creates it): ${String(err)}`, { cause: err })
    }
  }
  const port = await freePort()
  let running = false
  const start = async () => {
    await as('pg_ctl', ['-D', data, '-o', `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1`, '-l', join(dir, 'log'), '-w', '-t', '120', 'start'])
    running = true
  }
  const stop = async (mode: 'fast' | 'immediate' = 'fast') => {
    await as('pg_ctl', ['-D', data, '-m', mode, '-w', '-t', '120', 'stop'])
    running = false
  }
  try {
    await as('initdb', ['-D', data, '-U', 'postgres', '--auth=trust', '--no-sync'])
    await start()
  } catch (err) {
    rmSync(dir, { recursive: true, force: true })
    throw err
  }
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    async remove() {
      if (running) await stop('immediate').catch(() => undefined)
      rmSync(dir, { recursive: true, force: true })
    },
  }
}
