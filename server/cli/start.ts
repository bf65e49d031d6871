/**
 * `npm start`: development mode. The API server with an embedded database and a seeded demo app,
 * plus the demo host page. Data lives in `.portico/` (or `PORTICO_DATA_DIR`) and survives restarts.
 * Development mode adds the `/dev/*` routes (every login code, clock, rate-limit reset) and says so
 * in a banner. With `NODE_ENV=production` it is `portico serve` instead (see serve.ts).
 *
 * Environment: `API_PORT` (8787), `PORT` (demo, 3000), `DATABASE_URL` (PostgreSQL instead of
 * PGlite), `SMTP_URL` and `SMTP_FROM` (real mail instead of the dev inbox), `PORTICO_SECRET`,
 * `PORTICO_ADMIN_KEY` (the admin API key), `PORTICO_ENCRYPTION_KEY` (seals app secrets),
 * `PORTICO_WALLET_SHARE_KEY` and `PORTICO_WALLET_RECOVERY_KEY` (seal the embedded wallets' auth
 * shares and automatic-recovery keys), each else kept in a file of the data folder (`secret`,
 * `admin-key`, `encryption-key`, `wallet-share-key`, `wallet-recovery-key`, `delegation-key`),
 * `PORTICO_DATA_DIR`, `PORTICO_PUBLIC_URL` (else the API's own URL), `TURNSTILE_SITEVERIFY_URL`
 * (where captcha tokens are checked; Cloudflare's by default). SMS codes: with `TWILIO_ACCOUNT_SID`,
 * `TWILIO_AUTH_TOKEN` and `TWILIO_FROM` (the sending number, or a `MG…` messaging service SID) set,
 * texts go through Twilio's Messages API (`TWILIO_API_URL` overrides its base URL); otherwise they
 * go to the dev inbox (`/dev/messages?to=<E.164>`). `PORTICO_PROCESSES` (several processes) is for
 * production only.
 *
 * It also runs the development stand-ins of `server/dev/` (an identity provider the demo's Google
 * login points at, Farcaster and Telegram stand-ins; `PORTICO_DEV_OIDC_PORT` fixes the identity
 * provider's port), so the demo app offers every login method locally. Farcaster endpoints given in
 * the environment (`PORTICO_FARCASTER_RELAY_URL`…) win over the stand-in's. Likewise the local
 * stand-ins of MoonPay and Coinbase Onramp (`test/fixtures/funding`) for the demo's `?funding=on`,
 * unless `PORTICO_MOONPAY_WIDGET_URL` or `PORTICO_COINBASE_API_URL` name the providers' endpoints;
 * and local chains (`./dev-chains`: anvil as EVM chain 31337, a litesvm Solana cluster) unless
 * `PORTICO_ANVIL_URL` / `PORTICO_SOLANA_URL` name others or `PORTICO_DEV_CHAINS=off`
 * (`PORTICO_DEV_ANVIL_PORT`, `PORTICO_DEV_SOLANA_PORT` fix their ports): the demo's wallets use them
 * and the stand-ins' completed purchases are credited on them.
 * @module
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { randomBytes } from 'node:crypto'
import { join, resolve } from 'node:path'
import { pathToFileURL } from 'node:url'
import { createApp, loadApp, updateApp, type AppSettingsInput } from '../apps'
import type { ServerRegistry } from '../registry'
import { DevInbox, SmtpSender, type MailSender } from '../mail'
import { TurnstileVerifier } from '../captcha'
import { createSecretBox, generateEncryptionKey } from '../secrets'
import { createServer } from '../server'
import type { Db } from '../storage/db'
import {
  closeHttp,
  DATA_DIR_KEYS,
  listenLater,
  openDatabase,
  port,
  prepareDatabase,
  serverPlugins,
  serverRegistry,
  twilioFromEnv,
  type Env,
} from './runtime'
import { runServe } from './serve'
import type { DevStandIns } from '../dev'
import { DEV_EVM_CHAIN_ID, startDevChains, type DevChains } from './dev-chains'

/** The demo app's fixed sign-in, shown at start. */
export const DEMO_TEST_IDENTITY = { email: 'test@portico.dev', code: '123456' }

/** A secret from the environment, else from a file in the data folder (created on first start). */
function readSecret(dataDir: string, envName: string, fileName: string, generate = () => randomBytes(32).toString('base64url')): string {
  if (process.env[envName]) return process.env[envName]
  const file = join(dataDir, fileName)
  if (existsSync(file)) return readFileSync(file, 'utf8').trim()
  const secret = generate()
  writeFileSync(file, secret + '\n', { mode: 0o600 })
  return secret
}

/** What the demo app's settings take from the development stand-ins (see `server/dev`). */
interface DemoStandInSettings {
  oauthProviders: { google: { clientId: string; clientSecret: string; issuer: string } }
  telegram: { botId: string; botName: string; botToken: string }
  farcasterSigner: { appFid: number; custodyPrivateKey: string }
  /** The MoonPay stand-in's sandbox keys (when `npm start` runs it). */
  moonpay?: { sandbox: { apiKey: string; secretKey: string } }
  /** The Coinbase Onramp stand-in's CDP key (when `npm start` runs it). */
  coinbaseOnramp?: { projectId: string; apiKeyName: string; apiKeySecret: string }
}

/** The funding providers' local stand-ins `npm start` runs (their URLs go to the environment). */
interface FundingStandIns {
  close(): Promise<void>
}

/**
 * Starts LOCAL STAND-INS of MoonPay and Coinbase Onramp (`test/fixtures/funding`, development only)
 * unless the environment names the providers' endpoints (`PORTICO_MOONPAY_WIDGET_URL`,
 * `PORTICO_COINBASE_API_URL`, as the browser tests do), points the provider plugins at them and
 * answers the demo app's keys for them, so the demo's `?funding=on` offers card and exchange funding
 * locally. The MoonPay secret stays in the data folder; the Coinbase key pair is made at each start.
 * A purchase completed on the stand-in's page is credited on the development chains (EVM purchases
 * on the EVM chain, USDC there at its test USDC, Solana ones on the cluster, which stands for devnet
 * as the demo funds it).
 * @returns the stand-ins and the settings, or null when the environment names the endpoints or the
 *   repository's fixtures are absent.
 */
async function startFundingStandIns(env: Env, dataDir: string, chains: DevChains): Promise<{ standIns: FundingStandIns; settings: Pick<DemoStandInSettings, 'moonpay' | 'coinbaseOnramp'> } | null> {
  if (env.PORTICO_MOONPAY_WIDGET_URL || env.PORTICO_COINBASE_API_URL) return null
  const fixtures = resolve(import.meta.dirname, '../../test/fixtures/funding')
  if (!existsSync(join(fixtures, 'moonpay.ts'))) return null
  const { startMoonpayStandIn } = await import('../../test/fixtures/funding/moonpay')
  const { coinbaseTestKey, startCoinbaseOnrampStandIn } = await import('../../test/fixtures/funding/coinbase-onramp')
  const { coinbaseCredit, moonpayCredit } = await import('../../test/fixtures/funding/credit')
  const local = { ...(chains.evmUrl ? { evmUrl: chains.evmUrl } : {}), ...(chains.evmUsdc ? { evmUsdc: chains.evmUsdc } : {}), ...(chains.solanaUrl ? { solanaUrl: chains.solanaUrl } : {}), solanaCluster: 'devnet' as const }
  const moonpayKeys = {
    apiKey: 'pk_test_portico_dev',
    secretKey: readSecret(dataDir, 'PORTICO_DEV_MOONPAY_SECRET', 'dev-moonpay-secret', () => `sk_test_${randomBytes(16).toString('hex')}`),
  }
  const coinbaseKey = coinbaseTestKey()
  const coinbaseAccount = { projectId: 'portico-dev', apiKeyName: 'organizations/portico-dev/apiKeys/dev', apiKeySecret: coinbaseKey.apiKeySecret }
  const moonpay = await startMoonpayStandIn({ keys: [moonpayKeys], credit: moonpayCredit(local) })
  const coinbase = await startCoinbaseOnrampStandIn({
    projectId: coinbaseAccount.projectId,
    apiKeyName: coinbaseAccount.apiKeyName,
    publicKeyPem: coinbaseKey.publicKeyPem,
    credit: coinbaseCredit(local),
  })
  env.PORTICO_MOONPAY_WIDGET_URL = moonpay.url
  env.PORTICO_COINBASE_API_URL = coinbase.url
  return {
    standIns: {
      close: async () => {
        await moonpay.close()
        await coinbase.close()
      },
    },
    settings: { moonpay: { sandbox: moonpayKeys }, coinbaseOnramp: coinbaseAccount },
  }
}

/**
 * The demo app's settings: every login method with a plugin here (Google, Farcaster and Telegram
 * against the development stand-ins), and the demo host as custom-token issuer.
 */
function demoSettings(demoPort: number, host: { issuer: string; audience: string }, dev: DemoStandInSettings) {
  return {
    ...dev,
    loginMethods: [
      'email_auth', 'sms_auth', 'wallet_auth', 'solana_wallet_auth', 'google_oauth', 'passkey_auth',
      'farcaster_auth', 'telegram_auth', 'guest_auth', 'custom_jwt_auth',
    ],
    // Plus addresses are refused so the demo shows that rule; use a plain address to sign in.
    disablePlusEmails: true,
    // The demo page plays the host app's own sign-in (examples/demo/host-auth.ts).
    customAuth: {
      jwksUrl: `http://127.0.0.1:${demoPort}/host-auth/jwks.json`,
      publicKeyPem: null,
      issuer: host.issuer,
      audience: host.audience,
      algorithms: ['ES256'],
      userIdClaim: 'sub',
    },
  } satisfies AppSettingsInput
}

async function seedDemoApp(db: Db, registry: ServerRegistry, dataDir: string, origins: string[], demoPort: number, dev: DemoStandInSettings): Promise<string> {
  // The demo host's token issuer and audience live with the demo page, which may be absent.
  const hostAuthModule = resolve(import.meta.dirname, '../../examples/demo/host-auth.ts')
  const host = existsSync(hostAuthModule)
    ? await import(pathToFileURL(hostAuthModule).href).then(
        (m: { HOST_AUTH_ISSUER: string; HOST_AUTH_AUDIENCE: string }) => ({ issuer: m.HOST_AUTH_ISSUER, audience: m.HOST_AUTH_AUDIENCE }),
      )
    : { issuer: 'portico-demo-host', audience: 'portico-demo' }
  const file = join(dataDir, 'demo.json')
  if (existsSync(file)) {
    const { appId } = JSON.parse(readFileSync(file, 'utf8')) as { appId: string }
    const app = await loadApp(db, appId)
    if (app) {
      // PORT may differ from the last run, and newer versions add login methods: keep the demo app current.
      const missing = origins.filter((o) => !app.allowedOrigins.includes(o))
      // The stand-ins listen on new ports each start: their settings follow.
      const wanted = demoSettings(demoPort, host, dev)
      const methods = [...new Set([...app.settings.loginMethods, ...(wanted.loginMethods ?? [])])]
      await updateApp(
        db,
        appId,
        { allowedOrigins: [...app.allowedOrigins, ...missing], settings: { ...dev, loginMethods: methods, customAuth: wanted.customAuth } },
        registry,
      )
      return appId
    }
  }
  const app = await createApp(db, {
    name: 'Portico Demo',
    allowedOrigins: origins,
    testIdentities: [DEMO_TEST_IDENTITY],
    settings: demoSettings(demoPort, host, dev),
  }, registry)
  writeFileSync(file, JSON.stringify({ appId: app.id }, null, 2) + '\n')
  return app.id
}

/**
 * Starts the development stand-ins (`server/dev`), points the Farcaster plugin at them unless the
 * environment names other endpoints, and answers the demo app's settings for them. Their secrets
 * (the bot token, the OAuth client secret, the Farcaster custody key) stay in the data folder.
 */
async function startStandIns(env: Env, dataDir: string): Promise<{ dev: DevStandIns; devSettings: DemoStandInSettings }> {
  const { startDevStandIns } = await import('../dev')
  const hexKey = () => `0x${randomBytes(32).toString('hex')}`
  const custodyPrivateKey = readSecret(dataDir, 'PORTICO_DEV_FARCASTER_KEY', 'dev-farcaster-key', hexKey) as `0x${string}`
  const telegramBot = {
    botId: '7000004242',
    botName: 'portico_dev_bot',
    botToken: `7000004242:${readSecret(dataDir, 'PORTICO_DEV_TELEGRAM_SECRET', 'dev-telegram-secret')}`,
  }
  const farcasterUser = { fid: 4242, custodyPrivateKey, username: 'dev-farcaster', displayName: 'Dev Farcaster' }
  const ownFarcaster = !env.PORTICO_FARCASTER_RELAY_URL
  const dev = await startDevStandIns({
    telegramBot,
    farcasterUser,
    farcaster: ownFarcaster,
    oidcPort: port(env, 'PORTICO_DEV_OIDC_PORT', 0),
  })
  if (dev.farcaster) {
    env.PORTICO_FARCASTER_RELAY_URL = dev.farcaster.relayUrl
    env.PORTICO_FARCASTER_SIGNER_API_URL ||= dev.farcaster.signerApiUrl
    env.PORTICO_OPTIMISM_RPC_URL ||= dev.farcaster.optimismRpcUrl
  }
  const devSettings: DemoStandInSettings = {
    oauthProviders: {
      google: { clientId: 'portico-demo', clientSecret: readSecret(dataDir, 'PORTICO_DEV_OAUTH_SECRET', 'dev-oauth-secret'), issuer: dev.oidcIssuer },
    },
    telegram: telegramBot,
    farcasterSigner: { appFid: farcasterUser.fid, custodyPrivateKey },
  }
  return { dev, devSettings }
}

/** Says loudly that this is development mode and what that exposes. */
function devBanner(apiUrl: string, dataDir: string): string {
  const lines = [
    'DEVELOPMENT MODE: not for production.',
    `${apiUrl}/dev/messages and /dev/inbox show every login code sent;`,
    '/dev/clock moves the server clock; /dev/reset-limits clears rate limits.',
    `Secrets and keys are generated into ${dataDir}.`,
    'For production run: npx portico serve (see the README, "Production").',
  ]
  const width = Math.max(...lines.map((l) => l.length))
  const bar = '!'.repeat(width + 6)
  return [bar, ...lines.map((l) => `!! ${l.padEnd(width)} !!`), bar].join('\n')
}

async function main() {
  if (process.env.NODE_ENV === 'production') {
    process.exit(await runServe(process.env, { out: console.log, err: console.error }))
  }
  if (process.env.PORTICO_PROCESSES && process.env.PORTICO_PROCESSES !== '1') {
    console.error(
      '[portico] PORTICO_PROCESSES runs several processes in production only (NODE_ENV=production npm start, or npx portico serve, with DATABASE_URL): development mode keeps its inbox and clock in one process.',
    )
    process.exit(1)
  }
  const dataDir = resolve(process.env.PORTICO_DATA_DIR ?? '.portico')
  mkdirSync(dataDir, { recursive: true })
  // The keys the plugins read from the environment: kept in the data folder in development.
  const env: Env = { ...process.env }
  for (const [name, file] of Object.entries(DATA_DIR_KEYS)) {
    if (name !== 'PORTICO_ENCRYPTION_KEY') env[name] = readSecret(dataDir, name, file, generateEncryptionKey)
  }
  const apiPort = port(env, 'API_PORT', 8787)
  const demoPort = port(env, 'PORT', 3000)
  const [{ dev, devSettings }, chains] = await Promise.all([
    startStandIns(env, dataDir),
    startDevChains(env, { evm: port(env, 'PORTICO_DEV_ANVIL_PORT', 0), solana: port(env, 'PORTICO_DEV_SOLANA_PORT', 0) }),
  ])
  const funding = await startFundingStandIns(env, dataDir, chains)
  if (funding) Object.assign(devSettings, funding.settings)
  // The demo page's local chains and card providers: the ones started here (those the environment
  // names reach the page through it), and the providers' endpoints the environment names.
  const demoMeta: Record<string, string> = {
    'portico-telegram-script-url': dev.telegramScriptUrl,
    ...(chains.started.evm && chains.evmUrl ? { 'portico-anvil-url': chains.evmUrl } : {}),
    ...(chains.evmUsdc ? { 'portico-anvil-usdc': chains.evmUsdc } : {}),
    ...(chains.started.solana && chains.solanaUrl ? { 'portico-solana-url': chains.solanaUrl } : {}),
    ...(env.PORTICO_MOONPAY_WIDGET_URL ? { 'portico-dev-moonpay-url': env.PORTICO_MOONPAY_WIDGET_URL } : {}),
    ...(env.PORTICO_COINBASE_API_URL ? { 'portico-dev-coinbase-url': env.PORTICO_COINBASE_API_URL } : {}),
  }

  const secrets = createSecretBox(readSecret(dataDir, 'PORTICO_ENCRYPTION_KEY', DATA_DIR_KEYS.PORTICO_ENCRYPTION_KEY!, generateEncryptionKey))
  const db = await openDatabase({ databaseUrl: env.DATABASE_URL, dataDir, secrets })
  const mail: MailSender = env.SMTP_URL ? new SmtpSender({ url: env.SMTP_URL, from: env.SMTP_FROM }) : new DevInbox()
  // Migrate (and seal app secrets) before seeding: the seed writes to the tables.
  await prepareDatabase(db, env)
  const origins = [`http://localhost:${demoPort}`, `http://127.0.0.1:${demoPort}`]
  const appId = await seedDemoApp(db, serverRegistry(env), dataDir, origins, demoPort, devSettings)
  const adminKey = readSecret(dataDir, 'PORTICO_ADMIN_KEY', 'admin-key')

  // Browsers resolve localhost to 127.0.0.1 or ::1: listen on both loopback addresses. The server is
  // built once the port is known, since its public URL is its own.
  const api4 = await listenLater(apiPort, '127.0.0.1')
  const boundPort = api4.port
  const api6 = await listenLater(boundPort, '::1').catch(() => null) // no IPv6 loopback here: fine
  const apiUrl = `http://localhost:${boundPort}`
  const server = await createServer({
    db,
    mail,
    secret: readSecret(dataDir, 'PORTICO_SECRET', 'secret'),
    adminKey,
    plugins: serverPlugins(env),
    devMode: true,
    migrate: false,
    captcha: new TurnstileVerifier({ url: env.TURNSTILE_SITEVERIFY_URL || undefined }),
    sms: twilioFromEnv(env),
    publicUrl: env.PORTICO_PUBLIC_URL || apiUrl,
  })
  api4.serve(server.fetch)
  api6?.serve(server.fetch)
  // The OAuth callback is built from the public URL, known now.
  const google = devSettings.oauthProviders.google
  await dev.registerOAuthClient({
    clientId: google.clientId,
    clientSecret: google.clientSecret,
    redirectUri: `${env.PORTICO_PUBLIC_URL || apiUrl}/api/v1/oauth/callback/${appId}`,
  })

  let demo: { url: string; close: () => Promise<void> } | null = null
  let demoProblem = ''
  const demoModule = resolve(import.meta.dirname, '../../examples/demo/serve.ts')
  if (existsSync(demoModule)) {
    try {
      const { startDemo } = (await import(pathToFileURL(demoModule).href)) as {
        startDemo: (o: { port: number; apiUrl: string; appId: string; meta?: Record<string, string> }) => Promise<{ url: string; close: () => Promise<void> }>
      }
      demo = await startDemo({ port: demoPort, apiUrl, appId, meta: demoMeta })
    } catch (err) {
      demoProblem = `not started: ${String((err as Error).message).split('\n')[0]}`
    }
  } else {
    demoProblem = 'not available (examples/demo/serve.ts is missing)'
  }

  console.log(devBanner(apiUrl, dataDir))
  console.log(`Demo:   ${demo ? `http://localhost:${demoPort}` : demoProblem}`)
  console.log(`API:    ${apiUrl}`)
  console.log(`App ID: ${appId}`)
  console.log(`Test login: ${DEMO_TEST_IDENTITY.email} with code ${DEMO_TEST_IDENTITY.code}`)
  console.log(`Stand-ins (development only): Google at ${dev.oidcIssuer}, Telegram at ${new URL(dev.telegramScriptUrl).origin}` +
    (dev.farcaster ? `, Farcaster at ${dev.farcaster.relayUrl}` : '') +
    (funding ? `, MoonPay at ${env.PORTICO_MOONPAY_WIDGET_URL}, Coinbase Onramp at ${env.PORTICO_COINBASE_API_URL} (the demo's ?funding=on)` : ''))
  if (chains.started.evm || chains.started.solana) {
    console.log(`Local chains (development only, in memory): ` +
      [chains.started.evm ? `EVM chain ${DEV_EVM_CHAIN_ID} (anvil) at ${chains.evmUrl}` : '', chains.started.solana ? `Solana (litesvm) at ${chains.solanaUrl}` : ''].filter(Boolean).join(', '))
  }
  console.log(`Admin:  npx portico apps list (key in ${join(dataDir, 'admin-key')} or PORTICO_ADMIN_KEY)`)

  let stopping = false
  const stop = async () => {
    if (stopping) return
    stopping = true
    try {
      await demo?.close()
      await dev.close()
      await funding?.standIns.close()
      await chains.close()
      await Promise.all([closeHttp(api4.http), api6 ? closeHttp(api6.http) : null])
      await server.close()
      process.exit(0)
    } catch (err) {
      console.error('[portico] error while stopping:', err)
      process.exit(1)
    }
  }
  process.on('SIGINT', stop)
  process.on('SIGTERM', stop)
}

main().catch((err) => {
  console.error('[portico] could not start:', err instanceof Error ? err.message : err)
  process.exit(1)
})
