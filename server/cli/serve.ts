/**
 * `portico serve` (and `NODE_ENV=production npm start`): the API server for production. No `/dev/*`
 * routes, no dev inbox, no printed codes, no demo app. It refuses to start, listing what is
 * missing, unless every secret and address it needs comes from the environment.
 *
 * Required: `PORTICO_SECRET` (32+ characters), `PORTICO_ENCRYPTION_KEY` (32 bytes, base64url or
 * hex; `new,old` while rotating), `PORTICO_WALLET_SHARE_KEY` and `PORTICO_WALLET_RECOVERY_KEY` (the
 * embedded wallet's two keys, of the same form, different from each other), `PORTICO_PUBLIC_URL`
 * (the API's public base URL), `DATABASE_URL` or `PORTICO_DATA_DIR`, `SMTP_URL` (and `SMTP_FROM`). Optional: `PORTICO_ADMIN_KEY` (32+
 * characters; mounts the admin API), `API_PORT` (8787), `PORTICO_HOST` (127.0.0.1; 0.0.0.0 in a
 * container), `PORTICO_TRUST_PROXY=1` (client IPs from X-Forwarded-For), the `TWILIO_*` variables
 * (SMS codes), `TURNSTILE_SITEVERIFY_URL`, `PORTICO_PROCESSES` (1; more runs that many processes
 * behind one port through Node's cluster module, on PostgreSQL only).
 * @module
 */
import cluster, { type Worker } from 'node:cluster'
import { resolve } from 'node:path'
import { SmtpSender } from '../mail'
import { TurnstileVerifier } from '../captcha'
import { RECOVERY_KEY_ENV, SHARE_KEY_ENV, walletKeysProblem } from '../../plugins/embedded-wallets/server'
import { createSecretBox, SecretKeyError, type SecretBox } from '../secrets'
import { createServer } from '../server'
import type { Db } from '../storage/db'
import { closeHttp, listenLater, openDatabase, port, prepareDatabase, serverPlugins, twilioFromEnv, type Env } from './runtime'

/** The production settings, checked. */
export interface ProductionConfig {
  /** The environment, for the plugins' own variables. */
  env: Env
  secret: string
  secrets: SecretBox
  publicUrl: string
  adminKey: string | undefined
  databaseUrl: string | undefined
  dataDir: string
  smtpUrl: string
  smtpFrom: string | undefined
  port: number
  host: string
  trustProxy: boolean
  /** How many server processes answer on the port (`PORTICO_PROCESSES`). */
  processes: number
}

/** The most processes `PORTICO_PROCESSES` may ask for. */
export const MAX_PROCESSES = 64

/** Why production refuses to start: one line per problem. */
export class ConfigError extends Error {
  override name = 'ConfigError'
  constructor(readonly problems: string[]) {
    super(`Portico cannot start in production:\n${problems.map((p) => `  - ${p}`).join('\n')}\nSee SECURITY.md and the README's "Production" section.`)
  }
}

const GENERATE = 'generate one with: npx portico keys generate'

/**
 * Reads and checks the production settings.
 * @param env - the environment.
 * @param cwd - the folder a relative `PORTICO_DATA_DIR` resolves against.
 * @returns the settings.
 * @throws {@link ConfigError} listing every missing or weak setting.
 * @example
 * ```ts
 * const config = productionConfig(process.env, process.cwd())
 * ```
 */
export function productionConfig(env: Env, cwd: string): ProductionConfig {
  const problems: string[] = []
  const secret = env.PORTICO_SECRET ?? ''
  if (!secret) problems.push(`PORTICO_SECRET is not set (32+ random characters; ${GENERATE})`)
  else if (secret.length < 32) problems.push(`PORTICO_SECRET is too short (${secret.length} characters; at least 32)`)

  let secrets: SecretBox | null = null
  if (!env.PORTICO_ENCRYPTION_KEY) problems.push(`PORTICO_ENCRYPTION_KEY is not set (it seals app keys and provider secrets; ${GENERATE})`)
  else {
    try {
      secrets = createSecretBox(env.PORTICO_ENCRYPTION_KEY)
    } catch (err) {
      problems.push(`PORTICO_ENCRYPTION_KEY: ${(err as Error).message}`)
    }
  }

  if (!env[SHARE_KEY_ENV]) problems.push(`${SHARE_KEY_ENV} is not set (it seals the embedded wallets' auth shares; ${GENERATE})`)
  if (!env[RECOVERY_KEY_ENV]) {
    problems.push(`${RECOVERY_KEY_ENV} is not set (it seals the embedded wallets' automatic-recovery keys, another key than ${SHARE_KEY_ENV}; ${GENERATE})`)
  }
  if (env[SHARE_KEY_ENV] && env[RECOVERY_KEY_ENV]) {
    const problem = walletKeysProblem(env[SHARE_KEY_ENV], env[RECOVERY_KEY_ENV])
    if (problem) problems.push(problem)
  }

  const publicUrl = env.PORTICO_PUBLIC_URL ?? ''
  if (!publicUrl) problems.push('PORTICO_PUBLIC_URL is not set (the API base URL browsers and providers reach, e.g. https://auth.example.com)')
  else {
    const problem = publicUrlProblem(publicUrl)
    if (problem) problems.push(`PORTICO_PUBLIC_URL ${problem}`)
  }

  const adminKey = env.PORTICO_ADMIN_KEY || undefined
  if (adminKey && adminKey.length < 32) problems.push(`PORTICO_ADMIN_KEY is too short (${adminKey.length} characters; at least 32, or unset for no admin API)`)

  const databaseUrl = env.DATABASE_URL || undefined
  if (!databaseUrl && !env.PORTICO_DATA_DIR) problems.push('Neither DATABASE_URL (PostgreSQL) nor PORTICO_DATA_DIR (embedded database folder) is set')

  const smtpUrl = env.SMTP_URL ?? ''
  if (!smtpUrl) problems.push('SMTP_URL is not set (login codes are mailed through it; there is no dev inbox in production)')

  const processes = env.PORTICO_PROCESSES ? Number(env.PORTICO_PROCESSES) : 1
  if (!Number.isInteger(processes) || processes < 1 || processes > MAX_PROCESSES) {
    problems.push(`PORTICO_PROCESSES must be a whole number from 1 to ${MAX_PROCESSES} (got "${env.PORTICO_PROCESSES}")`)
  } else if (processes > 1 && !databaseUrl) {
    problems.push(
      `PORTICO_PROCESSES=${processes} needs DATABASE_URL (PostgreSQL): the embedded database of PORTICO_DATA_DIR is opened by one process only. Set DATABASE_URL, or leave PORTICO_PROCESSES unset`,
    )
  }

  let listenPort = 8787
  try {
    listenPort = port(env, 'API_PORT', 8787)
  } catch (err) {
    problems.push((err as Error).message)
  }
  if (problems.length) throw new ConfigError(problems)
  return {
    env,
    secret,
    secrets: secrets!,
    publicUrl,
    adminKey,
    databaseUrl,
    dataDir: resolve(cwd, env.PORTICO_DATA_DIR ?? '.portico'),
    smtpUrl,
    smtpFrom: env.SMTP_FROM || undefined,
    port: listenPort,
    host: env.PORTICO_HOST || '127.0.0.1',
    trustProxy: env.PORTICO_TRUST_PROXY === '1' || env.PORTICO_TRUST_PROXY === 'true',
    processes,
  }
}

/** What is wrong with a public URL, or null: https (http only for loopback), an origin without a trailing slash. */
function publicUrlProblem(raw: string): string | null {
  let url: URL
  try {
    url = new URL(raw)
  } catch {
    return `"${raw}" is not a URL`
  }
  const loopback = ['localhost', '127.0.0.1', '[::1]'].includes(url.hostname)
  if (url.protocol !== 'https:' && !(url.protocol === 'http:' && loopback)) return `must use https:// (got "${raw}")`
  if (raw.endsWith('/')) return `must not end with a slash (got "${raw}")`
  if (url.username || url.password || url.search || url.hash) return `must be a plain base URL (got "${raw}")`
  return null
}

/** A running production server. */
export interface RunningServer {
  /** The URL it listens on (not the public URL). */
  url: string
  /** Stops answering and closes the database. */
  close(): Promise<void>
}

/**
 * Starts the production server.
 * @param config - checked settings from {@link productionConfig}.
 * @param log - where the start lines go.
 * @returns the running server.
 * @example
 * ```ts
 * const running = await serve(productionConfig(process.env, process.cwd()), console.log)
 * ```
 */
export async function serve(config: ProductionConfig, log: (line: string) => void): Promise<RunningServer> {
  const { env } = config
  const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, secrets: config.secrets })
  try {
    // A cluster's primary prepared the database before it started its workers.
    if (!cluster.isWorker) await prepare(db, config, log)
    const api = await listenLater(config.port, config.host)
    const server = await createServer({
      db,
      mail: new SmtpSender({ url: config.smtpUrl, from: config.smtpFrom }),
      secret: config.secret,
      adminKey: config.adminKey,
      plugins: serverPlugins(env),
      devMode: false,
      migrate: false,
      trustProxy: config.trustProxy,
      captcha: new TurnstileVerifier({ url: env.TURNSTILE_SITEVERIFY_URL || undefined }),
      sms: twilioFromEnv(env),
      publicUrl: config.publicUrl,
    })
    api.serve(server.fetch)
    const url = `http://${config.host.includes(':') ? `[${config.host}]` : config.host}:${api.port}`
    log(`Portico API (production) listening on ${url}, public URL ${config.publicUrl}`)
    log(`Database: ${config.databaseUrl ? 'PostgreSQL (DATABASE_URL)' : `embedded, ${config.dataDir}`}; admin API ${config.adminKey ? 'on' : 'off'}`)
    return {
      url,
      async close() {
        await closeHttp(api.http)
        await server.close()
      },
    }
  } catch (err) {
    await db.close().catch(() => {})
    throw err
  }
}

/** Migrates the database and seals what an older version or key left (see `prepareDatabase`). */
async function prepare(db: Db, config: ProductionConfig, log: (line: string) => void): Promise<void> {
  const resealed = await prepareDatabase(db, config.env)
  if (resealed) log(`Sealed the secrets of ${resealed} app(s) with key ${config.secrets.keyId}.`)
}

/** How long the primary waits before replacing a process that died before it answered. */
const RESTART_DELAY_MS = 1000

/** What a cluster worker tells the primary once it answers requests. */
const READY = 'portico:ready'

/**
 * The cluster's primary: prepares the database once, starts `config.processes` workers (each runs
 * {@link serve} on the shared port), starts a new worker when one dies (again a second later while
 * a replacement cannot start), and stops them all on SIGINT/SIGTERM. A worker that dies before the
 * first ones all answered stops the start.
 */
async function runPrimary(config: ProductionConfig, io: { out: (t: string) => void; err: (t: string) => void }): Promise<number> {
  try {
    const db = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir, secrets: config.secrets })
    try {
      await prepare(db, config, io.out)
    } finally {
      await db.close()
    }
  } catch (err) {
    io.err(`Portico cannot start: ${err instanceof Error ? err.message : String(err)}`)
    return 1
  }
  return new Promise<number>((done) => {
    let stopping = false
    let exitCode = 0
    let started = false
    const live = new Set<Worker>()
    const ready = new Set<Worker>()
    const fork = () => {
      const worker = cluster.fork()
      live.add(worker)
      worker.on('message', (m: { type?: string; url?: string }) => {
        if (m?.type !== READY) return
        ready.add(worker)
        if (!started && ready.size === config.processes) {
          started = true
          const pids = [...ready].map((w) => w.process.pid).join(', ')
          io.out(`Portico API (production) listening on ${m.url} with ${config.processes} processes (pids ${pids}), public URL ${config.publicUrl}`)
          io.out(`Database: PostgreSQL (DATABASE_URL); admin API ${config.adminKey ? 'on' : 'off'}`)
        }
      })
      worker.on('exit', (code, signal) => {
        live.delete(worker)
        const wasReady = ready.delete(worker)
        const how = signal ?? `code ${code}`
        if (stopping) {
          if (live.size === 0) done(exitCode)
        } else if (!started) {
          io.err(`Portico cannot start: a server process exited (${how}) before it answered.`)
          stop(1)
        } else if (wasReady) {
          io.err(`[portico] server process ${worker.process.pid} exited (${how}); starting another.`)
          fork()
        } else {
          // A replacement that could not start (the database restarting?): try again shortly.
          io.err(`[portico] a new server process exited (${how}) before it answered; trying again in ${RESTART_DELAY_MS} ms.`)
          setTimeout(() => stopping || fork(), RESTART_DELAY_MS)
        }
      })
    }
    const stop = (code: number) => {
      if (stopping) return
      stopping = true
      exitCode = code
      process.off('SIGINT', onSignal)
      process.off('SIGTERM', onSignal)
      if (live.size === 0) return done(code)
      for (const w of live) w.process.kill('SIGTERM')
    }
    const onSignal = () => stop(0)
    process.on('SIGINT', onSignal)
    process.on('SIGTERM', onSignal)
    for (let i = 0; i < config.processes; i++) fork()
  })
}

/**
 * Runs the production server until SIGINT/SIGTERM: the `portico serve` command.
 * @param env - the environment.
 * @param io - where messages go.
 * @returns 0 once stopped cleanly; 1 when it cannot start (the reasons are written to `io.err`).
 * @example
 * ```ts
 * process.exitCode = await runServe(process.env, { out: console.log, err: console.error })
 * ```
 */
export async function runServe(env: Env, io: { out: (t: string) => void; err: (t: string) => void }): Promise<number> {
  let running: RunningServer
  try {
    const config = productionConfig(env, process.cwd())
    if (config.processes > 1 && cluster.isPrimary) return await runPrimary(config, io)
    // A worker's start lines would repeat once per process: the primary prints one summary.
    running = await serve(config, cluster.isWorker ? () => {} : io.out)
    if (cluster.isWorker) process.send?.({ type: READY, url: running.url })
  } catch (err) {
    if (err instanceof ConfigError) io.err(err.message)
    else if (err instanceof SecretKeyError) io.err(`Portico cannot start: ${err.message}`)
    else io.err(`Portico cannot start: ${err instanceof Error ? err.message : String(err)}`)
    cluster.worker?.disconnect()
    return 1
  }
  return new Promise<number>((done) => {
    const stop = () => {
      process.off('SIGINT', stop)
      process.off('SIGTERM', stop)
      running.close().then(
        () => {
          // A worker's channel to the primary would keep it alive.
          cluster.worker?.disconnect()
          done(0)
        },
        (err: unknown) => {
          io.err(`[portico] error while stopping: ${String(err)}`)
          done(1)
        },
      )
    }
    process.on('SIGINT', stop)
    process.on('SIGTERM', stop)
  })
}
