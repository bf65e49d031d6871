/**
 * What `npm start` (development) and `portico serve` (production) share: the plugin list, opening
 * the database with its secret box, sealing the apps' secrets, and listening.
 * @module
 */
import { createServer as createHttpServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http'
import { keepConnectionsAlive } from '../keep-alive'
import { closeSync, existsSync, mkdirSync, openSync, readFileSync, rmSync, writeSync } from 'node:fs'
import { join } from 'node:path'
import { getRequestListener } from '@hono/node-server'
import { emailServer } from '../../plugins/email/server'
import { farcasterServer } from '../../plugins/farcaster/server'
import { smsServer, TwilioSmsSender } from '../../plugins/sms/server'
import { customAuthServer } from '../../plugins/custom-auth/server'
import { guestServer } from '../../plugins/guest/server'
import { siweServer } from '../../plugins/siwe/server'
import { siwsServer } from '../../plugins/siws/server'
import { oauthServer } from '../../plugins/oauth/server'
import { crossAppOAuthSource, crossAppServer } from '../../plugins/cross-app/server'
import { passkeyServer } from '../../plugins/passkey/server'
import { telegramServer } from '../../plugins/telegram/server'
import { embeddedWalletsServer, RECOVERY_KEY_ENV, SHARE_KEY_ENV } from '../../plugins/embedded-wallets/server'
import { coingeckoPrices, transactionsServer } from '../../plugins/transactions/server'
import { mfaServer } from '../../plugins/mfa/server'
import { mfaSmsServer } from '../../plugins/mfa-sms/server'
import { mfaTotpServer } from '../../plugins/mfa-totp/server'
import { mfaPasskeyServer } from '../../plugins/mfa-passkey/server'
import { fundingMoonpayServer } from '../../plugins/funding-moonpay/server'
import { fundingCoinbaseServer } from '../../plugins/funding-coinbase/server'

import { smartWalletsServer } from '../../plugins/smart-wallets/server'

import { fundingServer } from '../../plugins/funding/server'
import { DELEGATION_KEY_ENV, delegatedActionsServer } from '../../plugins/delegated-actions/server'
import { cloudRecoveryServer, cloudStorageOrigins } from '../../plugins/cloud-recovery/server'
import { DEFAULT_APP_SETTINGS, resealAppSecrets } from '../apps'
import { composeServerPlugins, withRequiredPlugins, type ServerRegistry } from '../registry'
import type { SecretBox } from '../secrets'
import { serverMigrations } from '../server'
import { withAfterClose, type Db } from '../storage/db'
import { runMigrations } from '../storage/migrations'
import { createPgliteDb } from '../storage/pglite'
import { createPostgresDb } from '../storage/postgres'

/** The environment the start commands read. */
export type Env = Record<string, string | undefined>

/**
 * The keys the start commands read from the environment, and the data-folder file `npm start`
 * keeps each in when the environment has none (development only: production takes them from the
 * environment).
 */
export const DATA_DIR_KEYS: Readonly<Record<string, string>> = {
  PORTICO_ENCRYPTION_KEY: 'encryption-key',
  [SHARE_KEY_ENV]: 'wallet-share-key',
  [RECOVERY_KEY_ENV]: 'wallet-recovery-key',
  [DELEGATION_KEY_ENV]: 'delegation-key',
}

/**
 * The environment with each key of {@link DATA_DIR_KEYS} it lacks read from its data-folder file,
 * when that file exists (`npm start` writes them).
 * @param env - the environment.
 * @param dataDir - the data folder.
 * @returns the completed environment.
 * @example
 * ```ts
 * const full = withDataDirKeys(process.env, '.portico')
 * ```
 */
export function withDataDirKeys(env: Env, dataDir: string): Env {
  const out: Env = { ...env }
  for (const [name, file] of Object.entries(DATA_DIR_KEYS)) {
    const path = join(dataDir, file)
    if (!out[name] && existsSync(path)) out[name] = readFileSync(path, 'utf8').trim()
  }
  return out
}

/** The environment variable of extra origins the wallet frame may connect to, comma-separated. */
export const FRAME_CONNECT_SOURCES_ENV = 'PORTICO_FRAME_CONNECT_SOURCES'

/**
 * What the wallet frame's `connect-src` adds per app: the app's cloud storages' origins, and the
 * origins listed in `PORTICO_FRAME_CONNECT_SOURCES`.
 * @param env - the environment.
 * @returns the embedded wallet's `frameConnectSources`.
 * @throws TypeError when a listed entry is not an http(s) origin.
 * @example
 * ```ts
 * embeddedWalletsServer({ ..., frameConnectSources: frameConnectSourcesFrom(process.env) })
 * ```
 */
export function frameConnectSourcesFrom(env: Env): (app: Parameters<typeof cloudStorageOrigins>[0]) => string[] {
  const extra = (env[FRAME_CONNECT_SOURCES_ENV] ?? '')
    .split(',')
    .map((o) => o.trim())
    .filter((o) => o !== '')
    .map((o) => {
      let url: URL | null
      try {
        url = new URL(o)
      } catch {
        url = null
      }
      if (!url || !/^https?:$/.test(url.protocol) || url.origin !== o.replace(/\/$/, '')) {
        throw new TypeError(`${FRAME_CONNECT_SOURCES_ENV} lists origins (https://host[:port]), comma-separated: ${o} is not one.`)
      }
      return url.origin
    })
  return (app) => [...new Set([...cloudStorageOrigins(app), ...extra])]
}

/**
 * The server plugins of this repository, one per login method, the embedded wallet and the MFA
 * methods, configured from the environment.
 * @param env - `PORTICO_PUBLIC_URL`, the Farcaster endpoints, the embedded wallet's keys
 *   (`PORTICO_WALLET_SHARE_KEY`, `PORTICO_WALLET_RECOVERY_KEY`; without them its routes answer
 *   `feature_not_enabled`), `PORTICO_FRAME_CONNECT_SOURCES`, `PORTICO_DELEGATION_KEY` and the price source (`PORTICO_PRICE_API_URL`, `COINGECKO_API_KEY`).
 * @returns the plugins.
 * @example
 * ```ts
 * const plugins = serverPlugins(process.env)
 * ```
 */
export function serverPlugins(env: Env) {
  return [
    emailServer(),
    customAuthServer(),
    guestServer(),
    smsServer(),
    siweServer(),
    siwsServer(),
    passkeyServer(),
    oauthServer({ sources: [crossAppOAuthSource()] }),
    crossAppServer(),
    telegramServer(),
    // PORTICO_FARCASTER_RELAY_URL, PORTICO_OPTIMISM_RPC_URL, PORTICO_FARCASTER_SIGNER_API_URL: unset means production.
    farcasterServer({
      relayUrl: env.PORTICO_FARCASTER_RELAY_URL,
      optimismRpcUrl: env.PORTICO_OPTIMISM_RPC_URL,
      signerApiUrl: env.PORTICO_FARCASTER_SIGNER_API_URL,
    }),
    // The wallet frame may reach each app's configured cloud storages (Google Drive, CloudKit) and the
    // origins of PORTICO_FRAME_CONNECT_SOURCES (comma-separated; an egress proxy in front of them).
    embeddedWalletsServer({
      shareKeys: env[SHARE_KEY_ENV] || undefined,
      recoveryKeys: env[RECOVERY_KEY_ENV] || undefined,
      frameConnectSources: frameConnectSourcesFrom(env),
    }),
    // Cloud recovery's OAuth routes (Google Drive, iCloud): each app turns them on with its
    // `cloudRecovery` settings and `embeddedWallets.userOwnedRecoveryOptions`.
    cloudRecoveryServer(),
    // PORTICO_PRICE_API_URL (a CoinGecko-compatible API; unset means CoinGecko's public one), COINGECKO_API_KEY.
    transactionsServer({ prices: coingeckoPrices({ baseUrl: env.PORTICO_PRICE_API_URL || undefined, apiKey: env.COINGECKO_API_KEY || undefined }) }),
    // Multi-factor verification: the core, then one plugin per method.
    mfaServer(),
    mfaSmsServer(),
    mfaTotpServer(),
    mfaPasskeyServer(),
    // Funding providers. PORTICO_MOONPAY_WIDGET_URL (both modes' widget page) and PORTICO_COINBASE_API_URL: unset means production.
    fundingMoonpayServer(
      env.PORTICO_MOONPAY_WIDGET_URL ? { widgetUrls: { production: env.PORTICO_MOONPAY_WIDGET_URL, sandbox: env.PORTICO_MOONPAY_WIDGET_URL } } : {},
    ),
    fundingCoinbaseServer({ apiUrl: env.PORTICO_COINBASE_API_URL || undefined }),

    smartWalletsServer(),
    // Delegated actions: PORTICO_DELEGATION_KEY (32 bytes, base64url); unset, their routes answer feature_not_enabled.
    delegatedActionsServer({ delegationKey: env[DELEGATION_KEY_ENV] || undefined }),

    // The app's funding configuration (`funding_config`).
    fundingServer(),
  ]
}

/**
 * What the repository's plugins declare (their settings, with the secrets to seal), as the server
 * composes it.
 * @param env - as for {@link serverPlugins}.
 * @returns the registry.
 * @example
 * ```ts
 * await createApp(db, { name: 'My app', settings: { telegram: bot } }, serverRegistry(process.env))
 * ```
 */
export function serverRegistry(env: Env): ServerRegistry {
  return composeServerPlugins(withRequiredPlugins(serverPlugins(env)), Object.keys(DEFAULT_APP_SETTINGS))
}

/**
 * A Twilio sender when `TWILIO_ACCOUNT_SID`, `TWILIO_AUTH_TOKEN` and `TWILIO_FROM` are set.
 * @param env - the environment.
 * @returns the sender, or undefined.
 * @example
 * ```ts
 * const sms = twilioFromEnv(process.env)
 * ```
 */
export function twilioFromEnv(env: Env): TwilioSmsSender | undefined {
  const { TWILIO_ACCOUNT_SID: accountSid, TWILIO_AUTH_TOKEN: authToken, TWILIO_FROM: from, TWILIO_API_URL: baseUrl } = env
  if (!accountSid || !authToken || !from) return undefined
  return new TwilioSmsSender({
    accountSid,
    authToken,
    ...(/^MG[0-9a-f]{32}$/i.test(from) ? { messagingServiceSid: from } : { from }),
    baseUrl: baseUrl || undefined,
  })
}

/**
 * Takes the data folder for this process: PGlite must never be opened by two processes at once.
 * A lock left by a process that died (SIGKILL, power loss) is taken over.
 * @param dataDir - the data folder.
 * @returns a function that releases the lock.
 * @throws when a live process holds it.
 */
function lockDataDir(dataDir: string): () => void {
  const file = join(dataDir, 'portico.lock')
  // The pid in the file cannot tell this process from an earlier one with the same pid (a container's
  // pid 1 after a crash), so this process remembers what it holds.
  if (heldDirs.has(file)) throw new Error(`The data folder ${dataDir} is already open in this process.`)
  for (let attempt = 0; attempt < 2; attempt++) {
    try {
      const fd = openSync(file, 'wx', 0o600)
      writeSync(fd, `${process.pid}\n`)
      closeSync(fd)
      heldDirs.add(file)
      const release = () => {
        heldDirs.delete(file)
        try {
          if (readFileSync(file, 'utf8').trim() === String(process.pid)) rmSync(file)
        } catch {
          // already gone
        }
      }
      process.once('exit', release)
      return release
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code !== 'EEXIST') throw err
      const pid = Number(readFileSync(file, 'utf8').trim())
      if (Number.isInteger(pid) && pid > 0 && pid !== process.pid && isAlive(pid)) {
        throw new Error(`The data folder ${dataDir} is in use by another Portico process (pid ${pid}). Stop it first.`, { cause: err })
      }
      rmSync(file, { force: true }) // stale: its process is gone
    }
  }
  throw new Error(`Could not lock the data folder ${dataDir}.`)
}

const heldDirs = new Set<string>()

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0)
    return true
  } catch (err) {
    return (err as NodeJS.ErrnoException).code === 'EPERM'
  }
}

/**
 * Opens the database: PostgreSQL at `databaseUrl`, else PGlite in `<dataDir>/db` (locked to this
 * process). App secrets are sealed with `secrets`.
 * @param options - where the data is and the secret box.
 * @returns the database; its `close` also releases the data folder.
 * @example
 * ```ts
 * const db = await openDatabase({ dataDir: '.portico', secrets: createSecretBox(key) })
 * ```
 */
export async function openDatabase(options: { databaseUrl?: string; dataDir: string; secrets: SecretBox }): Promise<Db> {
  if (options.databaseUrl) return createPostgresDb({ connectionString: options.databaseUrl, secrets: options.secrets })
  mkdirSync(options.dataDir, { recursive: true })
  const release = lockDataDir(options.dataDir)
  try {
    return withAfterClose(await createPgliteDb({ dataDir: join(options.dataDir, 'db'), secrets: options.secrets }), release)
  } catch (err) {
    release()
    throw err
  }
}

/**
 * Migrates the database and seals every app secret with the current key (clear text from an older
 * version, or an older key while rotating), then checks that what plugins seal under keys of their
 * own (the embedded wallet's shares) opens with the configured keys. A key that does not open the
 * stored secrets stops the start here, with the reason, instead of failing request after request.
 * @param db - the opened database.
 * @param env - for the plugins' migrations and keys.
 * @returns how many apps were resealed.
 * @example
 * ```ts
 * await prepareDatabase(db, process.env)
 * ```
 */
export async function prepareDatabase(db: Db, env: Env): Promise<number> {
  await runMigrations(db, serverMigrations(serverPlugins(env)))
  const { resealed } = await resealAppSecrets(db, serverRegistry(env))
  for (const p of withRequiredPlugins(serverPlugins(env))) await p.sealedData?.check(db)
  return resealed
}

/**
 * Listens on a host and port with a handler set later (the server is built once the URL is known).
 * @param port - the port (0 picks one).
 * @param host - the address.
 * @returns the HTTP server, its port, and `serve(fetch)` to start answering (503 until then).
 * @example
 * ```ts
 * const api = await listenLater(8787, '127.0.0.1')
 * api.serve(server.fetch)
 * ```
 */
export async function listenLater(port: number, host: string) {
  let listener: ((req: IncomingMessage, res: ServerResponse) => void) | null = null
  const http = createHttpServer((req, res) => {
    if (listener) return listener(req, res)
    res.writeHead(503, { 'content-type': 'application/json', 'retry-after': '1' }).end('{"error":"Starting."}')
  })
  keepConnectionsAlive(http)
  await listen(http, port, host)
  return {
    http,
    port: (http.address() as { port: number }).port,
    serve(fetch: (request: Request) => Response | Promise<Response>) {
      listener = getRequestListener(fetch)
    },
  }
}

/**
 * Starts listening; rejects when the port is taken.
 * @param server - the HTTP server.
 * @param port - the port.
 * @param host - the address.
 * @example
 * ```ts
 * await listen(http, 8787, '127.0.0.1')
 * ```
 */
export function listen(server: Server, port: number, host: string): Promise<void> {
  return new Promise((ok, fail) => {
    server.once('error', fail)
    server.listen(port, host, () => {
      server.off('error', fail)
      ok()
    })
  })
}

/**
 * Closes an HTTP server and its open connections.
 * @param server - the server.
 * @example
 * ```ts
 * await closeHttp(http)
 * ```
 */
export function closeHttp(server: Server): Promise<void> {
  return new Promise<void>((ok) => {
    if (!server.listening) return ok()
    server.close(() => ok())
    server.closeAllConnections()
  })
}

/**
 * A port number from the environment.
 * @param env - the environment.
 * @param name - the variable.
 * @param fallback - when unset.
 * @returns the port.
 * @example
 * ```ts
 * port(process.env, 'API_PORT', 8787)
 * ```
 */
export function port(env: Env, name: string, fallback: number): number {
  const raw = env[name]
  if (raw === undefined || raw === '') return fallback
  const n = Number(raw)
  if (!Number.isInteger(n) || n < 0 || n > 65535) throw new Error(`${name} must be a port number, got "${raw}"`)
  return n
}
