/**
 * A throwaway PostgreSQL server in a temp folder (initdb, then pg_ctl), for tests and the bench that
 * need a real server when `PORTICO_TEST_DATABASE_URL` names none, and for tests that stop and start
 * the database itself. Needs PostgreSQL's binaries (Debian's `postgresql` package, installed by
 * `.ci/run`: /usr/lib/postgresql/<version>/bin).
 * @module
 */
import { execFile } from 'node:child_process'
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'

const run = promisify(execFile)

/** Limit of one initdb or pg_ctl call (initdb takes seconds; minutes on two busy cores). */
const COMMAND_TIMEOUT_MS = 180_000

/**
 * The folder of the newest installed PostgreSQL's programs.
 * @returns the `bin` folder, or null when PostgreSQL is not installed.
 * @example
 * ```ts
 * if (!postgresBinaries()) console.log('apt-get install postgresql')
 * ```
 */
export function postgresBinaries(): string | null {
  const root = '/usr/lib/postgresql'
  if (!existsSync(root)) return null
  const versions = readdirSync(root)
    .filter((v) => existsSync(join(root, v, 'bin', 'initdb')) && existsSync(join(root, v, 'bin', 'pg_ctl')))
    .sort((a, b) => Number(b) - Number(a))
  return versions[0] ? join(root, versions[0], 'bin') : null
}

/** A running throwaway PostgreSQL server. */
export interface TempPostgres {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`. */
  url: string
  /** Stops the server, keeping its data (`fast`: sessions end and statements in flight fail; `immediate`: as a crash). */
  stop(mode?: 'fast' | 'immediate'): Promise<void>
  /** Starts it again on the same port and data. */
  start(): Promise<void>
  /** Stops it if it runs and deletes its folder. */
  remove(): Promise<void>
  /**
   * CPU time the server's processes (the postmaster and its backends, ended ones included) used so
   * far, in ms; null where /proc cannot tell (not Linux).
   */
  cpuMs(): number | null
}

/** utime + stime (+ the ended children's, when `children`) of a /proc stat line, in clock ticks, and its parent pid. */
function procTimes(pid: string, children: boolean): { ticks: number; ppid: number } | null {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1]!.split(' ')
    const [utime, stime, cutime, cstime] = [11, 12, 13, 14].map((i) => Number(fields[i]))
    return { ticks: utime! + stime! + (children ? cutime! + cstime! : 0), ppid: Number(fields[1]) }
  } catch {
    return null // gone meanwhile
  }
}

function freePort(): Promise<number> {
  return new Promise((ok, fail) => {
    const s = createServer()
    s.once('error', fail)
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as { port: number }
      s.close(() => ok(port))
    })
  })
}

/**
 * Starts a PostgreSQL server in a new temp folder on a free port (trust authentication, loopback
 * only). As root, the server runs as the `postgres` user, since PostgreSQL refuses root.
 * @returns the server's URL, how to stop, start and remove it, and its CPU time.
 * @throws when PostgreSQL is not installed or does not start.
 * @example
 * ```ts
 * const pgServer = await startTempPostgres()
 * try { await use(pgServer.url) } finally { await pgServer.remove() }
 * ```
 */
export async function startTempPostgres(): Promise<TempPostgres> {
  const bin = postgresBinaries()
  if (!bin) throw new Error('PostgreSQL is not installed (no /usr/lib/postgresql/*/bin/initdb): install the postgresql package.')
  const dir = mkdtempSync(join(tmpdir(), 'portico-pg-'))
  const asRoot = process.getuid?.() === 0
  if (asRoot) {
    const { stdout } = await run('id', ['-u', 'postgres'])
    const { stdout: gid } = await run('id', ['-g', 'postgres'])
    chownSync(dir, Number(stdout.trim()), Number(gid.trim()))
  }
  const as = (program: string, args: string[]) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', join(bin, program), ...args], { timeout: COMMAND_TIMEOUT_MS })
      : run(join(bin, program), args, { timeout: COMMAND_TIMEOUT_MS })
  const data = join(dir, 'data')
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
  // The postmaster of the current run (a restart has a new one).
  const postmaster = () => readFileSync(join(data, 'postmaster.pid'), 'utf8').split('\n')[0]!.trim()
  return {
    url: `postgres://postgres@127.0.0.1:${port}/postgres`,
    start,
    stop,
    cpuMs() {
      let pid: string
      try {
        pid = postmaster()
      } catch {
        return null
      }
      const own = procTimes(pid, true)
      if (!own) return null
      let ticks = own.ticks
      for (const other of readdirSync('/proc').filter((p) => /^\d+$/.test(p))) {
        const child = procTimes(other, false)
        if (child?.ppid === Number(pid)) ticks += child.ticks
      }
      // Linux reports clock ticks of 10 ms (USER_HZ 100).
      return ticks * 10
    },
    async remove() {
      try {
        if (running) await stop('immediate')
      } finally {
        rmSync(dir, { recursive: true, force: true })
      }
    },
  }
}
