/**
 * Apps: their stored settings, the admin-side `createApp`, and the `AppResponse` the widget reads.
 * @module
 */
import type { JWK } from 'jose'
import type { AppResponse } from '../kernel/wire'
import { DEFAULT_SUPPORTED_CHAINS } from '../plugins/wallets/chains'
import { AppResponse as AppResponseSchema } from '../kernel/schemas'
import { EMPTY_REGISTRY, type ServerRegistry } from './registry'
import type { Db } from './storage/db'
import { newId } from './ids'
import { SecretKeyError } from './secrets'
import { generateAppKeys, importSigningKey, type AppSigningKey } from './tokens'

/** A fixed email and code that always signs in without mail (demo and test accounts). */
export interface TestIdentity {
  email: string
  code: string
}

/** A rate limit: at most `limit` hits per `windowMs`. */
export interface RateLimitSetting {
  limit: number
  windowMs: number
}

/**
 * A login switch's name (`email_auth`, `google_oauth`…): an entry of the app's `loginMethods` and a
 * boolean of the app response. Plugins declare theirs (`ServerPlugin.loginSwitches`).
 */
export type LoginSwitch = string

/** Texts and link of the allowlist rejection screen; null keeps the widget's default. */
export interface AllowlistScreenConfig {
  errorTitle: string | null
  errorDetail: string | null
  ctaText: string | null
  ctaLink: string | null
}

/** How the app's own JWTs (custom-token login) are verified. */
export interface CustomAuthSettings {
  /** A JWKS URL serving the app's public keys; used when set. */
  jwksUrl: string | null
  /** A PEM public key (SPKI) when there is no JWKS URL. */
  publicKeyPem: string | null
  /** Required `iss`; null skips the check. */
  issuer: string | null
  /** Required `aud`; null skips the check. */
  audience: string | null
  /** Accepted `alg` values. @defaultValue ['RS256', 'ES256'] */
  algorithms: string[]
  /** The claim holding the user id. @defaultValue 'sub' */
  userIdClaim: string
}

/** An app's client registration at one OAuth provider, with optional endpoint overrides. */
export interface OAuthProviderConfig {
  clientId: string
  clientSecret: string
  /** The OpenID issuer; when it differs from the provider's, missing endpoints come from its discovery document. */
  issuer?: string
  authorizationUrl?: string
  tokenUrl?: string
  userinfoUrl?: string
  /** Replaces the provider's default scopes. */
  scopes?: string[]
}

/** Telegram login: the app's bot, whose token signs the Login Widget and Mini App payloads. */
export interface TelegramSettings {
  /** The bot's numeric id (the part of the token before the colon). */
  botId: string
  /** The bot's username, without '@'. */
  botName: string
  /** The bot token from BotFather; a secret, never sent to browsers. */
  botToken: string
  /** Whether signed-in users may link a Telegram account. @defaultValue true */
  linkEnabled: boolean
  /** Sign in automatically inside a Telegram Mini App (from `initData`). @defaultValue false */
  seamlessAuthEnabled: boolean
}

/** The app's own Farcaster account, which asks users to approve signers for the app. */
export interface FarcasterSignerSettings {
  /** The app's Farcaster id (the `requestFid` of signed key requests). */
  appFid: number
  /** The hex private key of that fid's custody address (signs the key requests); a secret. */
  custodyPrivateKey: string
}

/** Cross-app login, both sides: apps this one signs users in with, and whether it provides accounts. */
export interface CrossAppSettings {
  /** Provider app ids whose accounts this app's users may sign in with. @defaultValue [] */
  providerApps: string[]
  /** Whether other apps may sign their users in with this app's accounts. @defaultValue false */
  providerEnabled: boolean
  /** Requester app ids allowed to use this app as a provider; empty allows any. @defaultValue [] */
  allowedRequesters: string[]
  /** Requesters see addresses but may not ask for signatures or transactions. @defaultValue false */
  readOnly: boolean
  /**
   * The provider side's sign-in page for requesters: a page of this app that loads the widget with the
   * cross-app plugin. Null uses the app's first allowed origin. @defaultValue null
   */
  authorizeUrl: string | null
}

/** Per-app settings, stored as the app's `config` jsonb. Every field has a default. */
export interface AppSettings {
  /** Enabled login methods. @defaultValue ['email_auth'] */
  loginMethods: LoginSwitch[]
  /** @defaultValue 'light' */
  theme: 'light' | 'dark'
  /** @defaultValue null */
  accentColor: string | null
  /** @defaultValue null */
  logoUrl: string | null
  /** @defaultValue null */
  termsAndConditionsUrl: string | null
  /** @defaultValue null */
  privacyPolicyUrl: string | null
  /** @defaultValue false */
  requireUsersAcceptTerms: boolean
  /** Reject addresses with a '+'. @defaultValue false */
  disablePlusEmails: boolean
  /** Only `allowlist` addresses may sign in. @defaultValue false */
  allowlistEnabled: boolean
  /** Allowed identities: email addresses, E.164 phone numbers, wallet addresses (kept lowercase). @defaultValue [] */
  allowlist: string[]
  /** Overrides of the allowlist screen. @defaultValue all null */
  allowlistConfig: AllowlistScreenConfig
  /** Require a captcha before a login starts. @defaultValue false */
  captchaEnabled: boolean
  /** The captcha site key the widget uses, `t:{key}` for Turnstile. @defaultValue null */
  captchaSiteKey: string | null
  /** The captcha secret the server verifies tokens with (never sent to browsers). @defaultValue null */
  captchaSecretKey: string | null
  /** Verification of the app's own JWTs. @defaultValue no key, RS256/ES256, `sub` */
  customAuth: CustomAuthSettings
  /** Maximum number of users; null for no limit. @defaultValue null */
  maxUsers: number | null
  /** Code sends per destination. @defaultValue 5 per 15 minutes */
  otpPerDestination: RateLimitSetting
  /** Code sends per client IP. @defaultValue 100 per 10 minutes */
  otpPerIp: RateLimitSetting
  /**
   * JSON-RPC URLs by CAIP-2 chain id (`eip155:8453` → `https://…`), used to verify smart-contract
   * wallet signatures (EIP-1271 / EIP-6492) at sign-in. @defaultValue {}
   */
  chainRpcUrls: Record<string, string>
  /**
   * CAIP-2 ids of the Ethereum chains a sign-in message (SIWE `Chain ID`) may name. The chains of
   * `chainRpcUrls` are accepted too. @defaultValue the widget's default chain list
   * (`DEFAULT_SUPPORTED_CHAINS`: Ethereum, Sepolia, Base, Base Sepolia, OP Mainnet, Arbitrum One, Polygon)
   */
  ethereumChains: string[]
  /**
   * Pages an OAuth or cross-app login may return to (`redirect_to`): absolute http(s) URLs whose scheme,
   * host, port and path must match exactly (the query may vary). Empty allows the root page (`/`) of
   * each allowed origin. @defaultValue []
   */
  allowedRedirectUrls: string[]
  /**
   * Let passkey ceremonies run in a cross-origin frame (clientDataJSON `crossOrigin: true`). The top-level
   * page (`topOrigin`) must still be an allowed origin. @defaultValue false
   */
  passkeyCrossOriginAllowed: boolean
  /**
   * OAuth client registrations by provider name (`google`, `custom:acme`...). A provider needs both its
   * login switch and an entry here; `custom:<id>` providers need only the entry. @defaultValue {}
   */
  oauthProviders: Record<string, OAuthProviderConfig>
  /** Telegram bot for Telegram login; null when not configured. @defaultValue null */
  telegram: TelegramSettings | null
  /** The app's Farcaster account for signer requests; null when not configured. @defaultValue null */
  farcasterSigner: FarcasterSignerSettings | null
  /** Cross-app login. @defaultValue no providers, not a provider */
  crossApp: CrossAppSettings
}

/** The defaults of every {@link AppSettings} field. */
export const DEFAULT_APP_SETTINGS: AppSettings = {
  loginMethods: ['email_auth'],
  theme: 'light',
  accentColor: null,
  logoUrl: null,
  termsAndConditionsUrl: null,
  privacyPolicyUrl: null,
  requireUsersAcceptTerms: false,
  disablePlusEmails: false,
  allowlistEnabled: false,
  allowlist: [],
  allowlistConfig: { errorTitle: null, errorDetail: null, ctaText: null, ctaLink: null },
  captchaEnabled: false,
  captchaSiteKey: null,
  captchaSecretKey: null,
  customAuth: { jwksUrl: null, publicKeyPem: null, issuer: null, audience: null, algorithms: ['RS256', 'ES256'], userIdClaim: 'sub' },
  maxUsers: null,
  otpPerDestination: { limit: 5, windowMs: 15 * 60 * 1000 },
  otpPerIp: { limit: 100, windowMs: 10 * 60 * 1000 },
  chainRpcUrls: {},
  ethereumChains: DEFAULT_SUPPORTED_CHAINS.filter((c) => c.id.startsWith('eip155:')).map((c) => c.id),
  allowedRedirectUrls: [],
  passkeyCrossOriginAllowed: false,
  oauthProviders: {},
  telegram: null,
  farcasterSigner: null,
  crossApp: { providerApps: [], providerEnabled: false, allowedRequesters: [], readOnly: false, authorizeUrl: null },
}

/** An app as the server uses it: settings with defaults applied, and its keys. */
export interface ServerApp {
  id: string
  name: string
  settings: AppSettings
  allowedOrigins: string[]
  testIdentities: TestIdentity[]
  /** SPKI PEM of the public key (the `verification_key`). */
  publicPem: string
  privateJwk: JWK
  /** The imported signing key (cached with the app). */
  signingKey: AppSigningKey
  createdAt: number
}

/** Options of {@link createApp}. */
export interface CreateAppOptions {
  name: string
  /** Browser origins allowed to call the API for this app, e.g. `http://localhost:3000`. */
  allowedOrigins?: string[]
  testIdentities?: TestIdentity[]
  /** Settings; missing fields take their defaults. */
  settings?: Partial<AppSettings>
  /** A fixed id (25 lowercase alphanumerics); random when absent. */
  id?: string
}

// Explicit columns: prepared statements with `*` break when a later migration adds a column.
const APP_COLUMNS = 'id, name, config, private_jwk, public_pem, allowed_origins, test_identities, created_at'

interface AppRow {
  id: string
  name: string
  config: Partial<AppSettings>
  /** A JWK object, or (sealed) a string. */
  private_jwk: JWK | string
  public_pem: string
  allowed_origins: string[]
  test_identities: TestIdentity[]
  created_at: number
}

/**
 * Applies `f` to every secret of an app's settings: the captcha secret, the Telegram bot token, the
 * Farcaster custody key, OAuth client secrets and chain RPC URLs (they often carry an API key).
 */
function mapSecretSettings(s: Partial<AppSettings>, f: (value: string, field: string) => string): Partial<AppSettings> {
  const out: Partial<AppSettings> = { ...s }
  if (s.captchaSecretKey) out.captchaSecretKey = f(s.captchaSecretKey, 'captchaSecretKey')
  if (s.telegram?.botToken) out.telegram = { ...s.telegram, botToken: f(s.telegram.botToken, 'telegram.botToken') }
  if (s.farcasterSigner?.custodyPrivateKey) {
    out.farcasterSigner = { ...s.farcasterSigner, custodyPrivateKey: f(s.farcasterSigner.custodyPrivateKey, 'farcasterSigner.custodyPrivateKey') }
  }
  if (s.oauthProviders) {
    out.oauthProviders = Object.fromEntries(
      Object.entries(s.oauthProviders).map(([name, p]) => [name, p.clientSecret ? { ...p, clientSecret: f(p.clientSecret, `oauthProviders.${name}.clientSecret`) } : p]),
    )
  }
  if (s.chainRpcUrls) {
    out.chainRpcUrls = Object.fromEntries(Object.entries(s.chainRpcUrls).map(([chain, url]) => [chain, f(url, `chainRpcUrls.${chain}`)]))
  }
  return out
}

/** The stored form of an app's secrets: sealed with the database's secret box, or clear without one. */
function sealSecrets(db: Db, appId: string, settings: AppSettings, privateJwk: JWK): { config: Partial<AppSettings>; jwk: JWK | string } {
  const box = db.secrets
  if (!box) return { config: settings, jwk: privateJwk }
  return {
    config: mapSecretSettings(settings, (value, field) => box.seal(value, `app:${appId}:${field}`)),
    jwk: box.seal(JSON.stringify(privateJwk), `app:${appId}:private_jwk`),
  }
}

/** Opens an app row's secrets; clear text (a database from before encryption) passes through. */
function openSecrets(db: Db, row: AppRow): { config: Partial<AppSettings>; jwk: JWK } {
  const box = db.secrets
  const open = (value: string, field: string) => {
    if (!value.startsWith('portico:enc:')) return value
    if (!box) throw new SecretKeyError(`App ${row.id}'s secrets are encrypted, but no encryption key is configured (PORTICO_ENCRYPTION_KEY).`)
    return box.open(value, `app:${row.id}:${field}`)
  }
  const jwk = typeof row.private_jwk === 'string' ? (JSON.parse(open(row.private_jwk, 'private_jwk')) as JWK) : row.private_jwk
  return { config: mapSecretSettings(row.config, open), jwk }
}

/**
 * Checks that every app's secrets open with the configured keys, and seals what is not sealed with
 * the current key: clear text left by a version without encryption, or values sealed with an older
 * key while rotating. Servers run it at start; `portico keys rotate` runs it on demand.
 * @param db - the database, with its secret box (see the adapters' `secrets` option).
 * @returns how many apps there are and how many were rewritten.
 * @throws {@link SecretKeyError} when a secret does not open (a wrong or missing key): nothing is changed.
 * @example
 * ```ts
 * import { createPgliteDb, createSecretBox, resealAppSecrets } from 'portico/server'
 * const db = await createPgliteDb({ secrets: createSecretBox(process.env.PORTICO_ENCRYPTION_KEY!) })
 * const { resealed } = await resealAppSecrets(db)
 * ```
 */
export async function resealAppSecrets(db: Db): Promise<{ apps: number; resealed: number }> {
  const box = db.secrets
  if (!box) throw new SecretKeyError('resealAppSecrets needs a database opened with an encryption key.')
  const ids = await db.query<{ id: string }>('SELECT id FROM apps ORDER BY created_at')
  // Every row opens before anything is written: a wrong key changes nothing.
  for (const { id } of ids) {
    const rows = await db.query<AppRow>(`SELECT ${APP_COLUMNS} FROM apps WHERE id = $1`, [id])
    if (rows[0]) openSecrets(db, rows[0])
  }
  let resealed = 0
  for (const { id } of ids) {
    const changed = await db.transaction(async (tx) => {
      const rows = await tx.query<AppRow>(`SELECT ${APP_COLUMNS} FROM apps WHERE id = $1 FOR UPDATE`, [id])
      const row = rows[0]
      if (!row) return false
      const stale: string[] = []
      mapSecretSettings(row.config, (value) => (stale.push(value), value))
      stale.push(typeof row.private_jwk === 'string' ? row.private_jwk : '')
      if (stale.every((v) => box.isCurrent(v))) return false
      const { config, jwk } = openSecrets(db, row)
      const sealed = sealSecrets(db, id, config as AppSettings, jwk)
      await tx.query('UPDATE apps SET config = $2, private_jwk = $3 WHERE id = $1', [id, sealed.config, JSON.stringify(sealed.jwk)])
      return true
    })
    if (changed) resealed++
  }
  return { apps: ids.length, resealed }
}

function normaliseSettings(partial: Partial<AppSettings>): AppSettings {
  const s = { ...DEFAULT_APP_SETTINGS, ...partial }
  return {
    ...s,
    allowlist: s.allowlist.map((e) => e.trim().toLowerCase()),
    // Nested blocks merge over their defaults, so a partial update keeps the other fields.
    allowlistConfig: { ...DEFAULT_APP_SETTINGS.allowlistConfig, ...partial.allowlistConfig },
    customAuth: { ...DEFAULT_APP_SETTINGS.customAuth, ...partial.customAuth },
    crossApp: { ...DEFAULT_APP_SETTINGS.crossApp, ...partial.crossApp },
    // The admin API lets the two switches be left out.
    telegram: s.telegram
      ? {
          ...s.telegram,
          linkEnabled: s.telegram.linkEnabled ?? true,
          seamlessAuthEnabled: s.telegram.seamlessAuthEnabled ?? false,
        }
      : null,
  }
}

/**
 * Creates an app with a fresh P-256 key pair (admin side: the CLI seed and tests use it).
 * @param db - the database (migrated).
 * @param options - name, origins, test identities and settings.
 * @returns the app as the server uses it.
 * @example
 * ```ts
 * import { createApp } from 'portico/server'
 * const app = await createApp(db, { name: 'My app', allowedOrigins: ['http://localhost:3000'] })
 * console.log(app.id)
 * ```
 */
export async function createApp(db: Db, options: CreateAppOptions): Promise<ServerApp> {
  const keys = await generateAppKeys()
  const id = options.id ?? newId()
  const settings = normaliseSettings(options.settings ?? {})
  const testIdentities = (options.testIdentities ?? []).map((t) => ({ email: t.email.trim().toLowerCase(), code: t.code }))
  for (const t of testIdentities) {
    if (!/^\d{6}$/.test(t.code)) throw new TypeError(`Test identity code for ${t.email} must be 6 digits`)
  }
  const sealed = sealSecrets(db, id, settings, keys.privateJwk)
  const rows = await db.query<AppRow>(
    `INSERT INTO apps (id, name, config, private_jwk, public_pem, allowed_origins, test_identities, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${APP_COLUMNS}`,
    [id, options.name, sealed.config, JSON.stringify(sealed.jwk), keys.publicPem, options.allowedOrigins ?? [], testIdentities, Date.now()],
  )
  return fromRow(db, rows[0]!)
}

/**
 * Changes an app's settings, origins or test identities (admin side).
 * @param db - the database.
 * @param id - the app id.
 * @param changes - fields to replace; `settings` is merged into the current settings.
 * @returns the updated app, or null when there is no such app.
 * @example
 * ```ts
 * await updateApp(db, app.id, { settings: { disablePlusEmails: true } })
 * ```
 */
export async function updateApp(
  db: Db,
  id: string,
  changes: Omit<Partial<CreateAppOptions>, 'id' | 'settings'> & { settings?: Partial<AppSettings> },
): Promise<ServerApp | null> {
  const current = await loadApp(db, id)
  if (!current) return null
  const patch = changes.settings ?? {}
  // Nested blocks merge over the current values, so patching one field keeps its siblings.
  const settings = normaliseSettings({
    ...current.settings,
    ...patch,
    allowlistConfig: { ...current.settings.allowlistConfig, ...patch.allowlistConfig },
    customAuth: { ...current.settings.customAuth, ...patch.customAuth },
    crossApp: { ...current.settings.crossApp, ...patch.crossApp },
  })
  const rows = await db.query<AppRow>(
    `UPDATE apps SET name = $2, config = $3, allowed_origins = $4, test_identities = $5 WHERE id = $1 RETURNING ${APP_COLUMNS}`,
    [
      id,
      changes.name ?? current.name,
      sealSecrets(db, id, settings, current.privateJwk).config,
      changes.allowedOrigins ?? current.allowedOrigins,
      changes.testIdentities?.map((t) => ({ email: t.email.trim().toLowerCase(), code: t.code })) ??
        current.testIdentities,
    ],
  )
  return fromRow(db, rows[0]!)
}

/**
 * Loads an app by id.
 * @param db - the database.
 * @param id - the app id.
 * @returns the app, or null.
 * @example
 * ```ts
 * const app = await loadApp(db, appId)
 * ```
 */
export async function loadApp(db: Db, id: string): Promise<ServerApp | null> {
  const rows = await db.query<AppRow>(`SELECT ${APP_COLUMNS} FROM apps WHERE id = $1`, [id])
  return rows[0] ? fromRow(db, rows[0]) : null
}

async function fromRow(db: Db, row: AppRow): Promise<ServerApp> {
  const { config, jwk } = openSecrets(db, row)
  return {
    id: row.id,
    name: row.name,
    settings: normaliseSettings(config),
    allowedOrigins: row.allowed_origins,
    testIdentities: row.test_identities,
    publicPem: row.public_pem,
    privateJwk: jwk,
    signingKey: await importSigningKey(jwk),
    createdAt: row.created_at,
  }
}

/**
 * The boolean fields of the contract's app response. Each is present in every response: a login
 * switch that no registered plugin declares is off, so a server without a method still answers the
 * contract's shape.
 */
const CONTRACT_BOOLEANS: readonly string[] = Object.entries(AppResponseSchema.entries)
  .filter(([, schema]) => schema.type === 'boolean')
  .map(([key]) => key)

/**
 * Whether a login method is switched on for an app.
 * @param app - the app.
 * @param method - the switch.
 * @returns true when enabled.
 * @example
 * ```ts
 * if (!isLoginEnabled(ctx.app, 'email_auth')) throw errors.disallowedLoginMethod('email')
 * ```
 */
export function isLoginEnabled(app: ServerApp, method: string): boolean {
  return app.settings.loginMethods.includes(method)
}

/**
 * The app's public configuration, field for field as the contract's `AppResponse`: the core's
 * fields, then each plugin's login switches and fields (see `ServerPlugin.loginSwitches` and
 * `appResponse`). The contract's booleans no plugin answers are false.
 * @param app - the app.
 * @param registry - the server plugins' declarations. @defaultValue none (every switch off)
 * @returns the `GET /api/v1/apps/:id` body.
 * @example
 * ```ts
 * import { composeServerPlugins, toAppResponse } from 'portico/server'
 * const body = toAppResponse(app, composeServerPlugins([emailServer()]))
 * ```
 */
export function toAppResponse(app: ServerApp, registry: ServerRegistry = EMPTY_REGISTRY): AppResponse {
  const s = app.settings
  const off = Object.fromEntries(CONTRACT_BOOLEANS.map((k) => [k, false]))
  // The core's own fields come last: a plugin cannot change them.
  const body: Record<string, unknown> = {
    ...off,
    ...registry.appResponse(app),
    id: app.id,
    name: app.name,
    logo_url: s.logoUrl,
    icon_url: null,
    theme: s.theme,
    accent_color: s.accentColor,
    legal_name: null,
    terms_and_conditions_url: s.termsAndConditionsUrl,
    privacy_policy_url: s.privacyPolicyUrl,
    require_users_accept_terms: s.requireUsersAcceptTerms,
    show_wallet_login_first: false,
    allowed_domains: app.allowedOrigins,
    allowed_native_app_ids: [],
    allowed_native_app_url_schemes: [],
    allowlist_enabled: s.allowlistEnabled,
    allowlist_config: {
      error_title: s.allowlistConfig.errorTitle,
      error_detail: s.allowlistConfig.errorDetail,
      cta_text: s.allowlistConfig.ctaText,
      cta_link: s.allowlistConfig.ctaLink,
    },
    disable_plus_emails: s.disablePlusEmails,
    merge_accounts_by_email: false,
    external_wallets_for_signup_enabled: false,
    max_linked_wallets_per_user: null,
    farcaster_link_wallets_enabled: false,
    captcha_enabled: s.captchaEnabled,
    enabled_captcha_provider: s.captchaEnabled ? 'turnstile' : null,
    ...(s.captchaEnabled && s.captchaSiteKey ? { captcha_site_key: s.captchaSiteKey } : {}),
    custom_oauth_providers: [],
    embedded_wallet_config: { create_on_login: 'off', mode: 'legacy-embedded-wallets-only' },
    smart_wallet_config: { enabled: false },
    mfa_methods: [],
    verification_key: app.publicPem,
    custom_api_url: null,
    wallet_connect_cloud_project_id: null,
    enforce_wallet_uis: false,
    legacy_wallet_ui_config: false,
    fiat_on_ramp_enabled: false,
    twitter_oauth_on_mobile_enabled: false,
    whatsapp_enabled: false,
    data_classification: 'public',
  }
  return body as AppResponse
}
