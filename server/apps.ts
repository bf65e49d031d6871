/**
 * Apps: their stored settings, the admin-side `createApp`, and the `AppResponse` the widget reads.
 * @module
 */
import type { JWK } from 'jose'
import type { AppResponse } from '../kernel/wire'
import { AppResponse as AppResponseSchema } from '../kernel/schemas'
import { settingValue } from './plugin'
import { EMPTY_REGISTRY, type ServerRegistry } from './registry'
import type { Db } from './storage/db'
import { newId } from './ids'
import { CORE_SECRET_PATHS, openSettings, sealedPathsIn, sealSettings, secretPathsIn } from './sealing'
import { SecretKeyError } from './secrets'
import { generateAppKeys, importSigningKey, keyIdOf, type AppSigningKey } from './tokens'

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

/**
 * The core's per-app settings, stored in the app's `config` jsonb beside the plugins' settings
 * (`defineSetting`, read with `readSetting`). Every field has a default.
 */
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
  /** Maximum number of users; null for no limit. @defaultValue null */
  maxUsers: number | null
  /** Code sends per destination. @defaultValue 5 per 15 minutes */
  otpPerDestination: RateLimitSetting
  /** Code sends per client IP. @defaultValue 100 per 10 minutes */
  otpPerIp: RateLimitSetting
  /**
   * Pages an OAuth or cross-app login may return to (`redirect_to`): absolute http(s) URLs whose scheme,
   * host, port and path must match exactly (the query may vary). Empty allows the root page (`/`) of
   * each allowed origin. @defaultValue []
   */
  allowedRedirectUrls: string[]
  /**
   * Cookie session mode: sessions live in `__Host-` cookies (Secure, HttpOnly, SameSite) set by the
   * server, and no answer carries a token to page script. For apps served with their API under their
   * own origin (server-rendered apps). See `server/session-cookies.ts`. @defaultValue false
   */
  sessionCookies: boolean
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
  maxUsers: null,
  otpPerDestination: { limit: 5, windowMs: 15 * 60 * 1000 },
  otpPerIp: { limit: 100, windowMs: 10 * 60 * 1000 },
  allowedRedirectUrls: [],
  sessionCookies: false,
}

/** An earlier signing key of an app: its key id, public key and when it stopped signing. */
export interface PreviousAppKey {
  kid: string
  /** SPKI PEM. */
  publicPem: string
  /** When the key was replaced, in ms. */
  rotatedAt: number
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
  /**
   * The public halves of the app's earlier signing keys, newest first: tokens they signed still
   * verify until the key is retired ({@link retireAppKey}). Their private halves are gone.
   */
  previousKeys: PreviousAppKey[]
  createdAt: number
  /** Counts the changes of the app's row: caches compare it to see another process's changes. */
  revision: number
}

/**
 * Settings as given to {@link createApp} and {@link updateApp}: any core setting, and the plugins'
 * settings under their keys (see `defineSetting`).
 */
export type AppSettingsInput = Partial<Omit<AppSettings, 'allowlistConfig'>> & {
  allowlistConfig?: Partial<AllowlistScreenConfig>
  readonly [pluginSetting: string]: unknown
}

/** Options of {@link createApp}. */
export interface CreateAppOptions {
  name: string
  /** Browser origins allowed to call the API for this app, e.g. `http://localhost:3000`. */
  allowedOrigins?: string[]
  testIdentities?: TestIdentity[]
  /** Settings, the core's and the plugins' (by their keys); missing fields take their defaults. */
  settings?: AppSettingsInput
  /** A fixed id (25 lowercase alphanumerics); random when absent. */
  id?: string
}

// Explicit columns: prepared statements with `*` break when a later migration adds a column.
const APP_COLUMNS = 'id, name, config, private_jwk, public_pem, allowed_origins, test_identities, created_at, revision, previous_keys'

interface AppRow {
  id: string
  name: string
  /** The core's and the plugins' settings; secrets sealed when the database has a secret box. */
  config: Record<string, unknown>
  /** A JWK object, or (sealed) a string. */
  private_jwk: JWK | string
  public_pem: string
  allowed_origins: string[]
  test_identities: TestIdentity[]
  created_at: number
  revision: number
  previous_keys: { kid: string; public_pem: string; rotated_at: number }[]
}

/** The secret path patterns of a server: the core's and those its plugins' settings declare. */
function secretPatterns(registry: ServerRegistry): string[] {
  return [...CORE_SECRET_PATHS, ...registry.secretPaths]
}

/**
 * The stored form of an app: its settings with every secret sealed (the declared ones, and those
 * sealed before even when no registered plugin declares them now), and its private key. Without a
 * secret box (tests) both stay clear.
 */
function sealForStorage(
  db: Db,
  appId: string,
  settings: Record<string, unknown>,
  privateJwk: JWK,
  registry: ServerRegistry,
  sealedBefore: readonly string[] = [],
): { config: Record<string, unknown>; jwk: JWK | string } {
  const box = db.secrets
  if (!box) return { config: settings, jwk: privateJwk }
  const paths = secretPathsIn(settings, secretPatterns(registry), sealedBefore)
  return { config: sealSettings(box, appId, settings, paths), jwk: sealJwk(db, appId, privateJwk) }
}

/** The stored form of an app's private key: sealed with the database's secret box, clear without one (tests). */
function sealJwk(db: Db, appId: string, privateJwk: JWK): JWK | string {
  return db.secrets ? db.secrets.seal(JSON.stringify(privateJwk), `app:${appId}:private_jwk`) : privateJwk
}

/** Opens an app row's secrets; clear text (a database from before encryption) passes through. */
function openRow(db: Db, row: AppRow): { config: Record<string, unknown>; jwk: JWK } {
  const box = db.secrets ?? null
  const config = openSettings(box, row.id, row.config)
  if (typeof row.private_jwk !== 'string') return { config, jwk: row.private_jwk }
  if (!row.private_jwk.startsWith('portico:enc:')) return { config, jwk: JSON.parse(row.private_jwk) as JWK }
  if (!box) throw new SecretKeyError(`App ${row.id}'s secrets are encrypted, but no encryption key is configured (PORTICO_ENCRYPTION_KEY).`)
  return { config, jwk: JSON.parse(box.open(row.private_jwk, `app:${row.id}:private_jwk`)) as JWK }
}

/**
 * Refuses, when secrets are sealed, settings keys that neither the core nor a registered plugin
 * declares: which of their values are secrets is unknown, so they would be stored in clear.
 */
function checkDeclared(db: Db, settings: AppSettingsInput, registry: ServerRegistry): void {
  if (!db.secrets) return
  const known = new Set([...Object.keys(DEFAULT_APP_SETTINGS), ...registry.settings.map((d) => d.key)])
  const unknown = Object.keys(settings).filter((k) => !known.has(k))
  if (unknown.length > 0) {
    throw new TypeError(`Settings ${unknown.join(', ')} are declared by no registered plugin: pass the server's registry (server.registry) so their secrets are sealed.`)
  }
}

/**
 * Checks that every app's secrets open with the configured keys, and seals what is not sealed with
 * the current key: clear text left by a version without encryption, or values sealed with an older
 * key while rotating. Servers run it at start; `portico keys rotate` runs it on demand.
 * @param db - the database, with its secret box (see the adapters' `secrets` option).
 * @param registry - the server plugins' declarations: which plugin settings are secrets. Secrets
 *   sealed before stay sealed whatever it says. @defaultValue none (the core's secrets only)
 * @returns how many apps there are and how many were rewritten.
 * @throws {@link SecretKeyError} when a secret does not open (a wrong or missing key): nothing is changed.
 * @example
 * ```ts
 * import { composeServerPlugins, createPgliteDb, createSecretBox, resealAppSecrets } from 'portico/server'
 * import { telegramServer } from 'portico/plugins/telegram/server'
 * const db = await createPgliteDb({ secrets: createSecretBox(process.env.PORTICO_ENCRYPTION_KEY!) })
 * const { resealed } = await resealAppSecrets(db, composeServerPlugins([telegramServer()]))
 * ```
 */
export async function resealAppSecrets(db: Db, registry: ServerRegistry = EMPTY_REGISTRY): Promise<{ apps: number; resealed: number }> {
  const box = db.secrets
  if (!box) throw new SecretKeyError('resealAppSecrets needs a database opened with an encryption key.')
  const ids = await db.query<{ id: string }>('SELECT id FROM apps ORDER BY created_at')
  // Every row opens before anything is written: a wrong key changes nothing.
  for (const { id } of ids) {
    const rows = await db.query<AppRow>(`SELECT ${APP_COLUMNS} FROM apps WHERE id = $1`, [id])
    if (rows[0]) openRow(db, rows[0])
  }
  let resealed = 0
  for (const { id } of ids) {
    const changed = await db.transaction(async (tx) => {
      const rows = await tx.query<AppRow>(`SELECT ${APP_COLUMNS} FROM apps WHERE id = $1 FOR UPDATE`, [id])
      const row = rows[0]
      if (!row) return false
      const sealedBefore = sealedPathsIn(row.config)
      const { config, jwk } = openRow(db, row)
      const secrets = secretPathsIn(config, secretPatterns(registry), sealedBefore)
      const stored = [...secrets.map((p) => readPath(row.config, p)), typeof row.private_jwk === 'string' ? row.private_jwk : '']
      if (stored.every((v) => typeof v === 'string' && box.isCurrent(v))) return false
      const sealed = sealForStorage(db, id, config, jwk, registry, sealedBefore)
      await tx.query('UPDATE apps SET config = $2, private_jwk = $3 WHERE id = $1', [id, sealed.config, JSON.stringify(sealed.jwk)])
      return true
    })
    if (changed) resealed++
  }
  return { apps: ids.length, resealed }
}

function readPath(tree: Record<string, unknown>, path: string): unknown {
  return path.split('.').reduce<unknown>((v, k) => (typeof v === 'object' && v !== null ? (v as Record<string, unknown>)[k] : undefined), tree)
}

/** The core settings with their defaults, the plugins' settings as they are. */
function normaliseSettings(partial: Record<string, unknown>): AppSettings & Record<string, unknown> {
  const s = { ...DEFAULT_APP_SETTINGS, ...partial } as AppSettings & Record<string, unknown>
  return {
    ...s,
    allowlist: s.allowlist.map((e) => e.trim().toLowerCase()),
    // A partial block merges over its defaults, so a partial update keeps the other fields.
    allowlistConfig: { ...DEFAULT_APP_SETTINGS.allowlistConfig, ...(partial.allowlistConfig as Partial<AllowlistScreenConfig>) },
  }
}

/**
 * Creates an app with a fresh P-256 key pair (admin side: the CLI seed and tests use it).
 * @param db - the database (migrated).
 * @param options - name, origins, test identities and settings.
 * @param registry - the server plugins' declarations (`server.registry`): which plugin settings hold
 *   secrets to seal. With a secret box, a settings key nobody declares is refused. @defaultValue none
 * @returns the app as the server uses it.
 * @example
 * ```ts
 * import { createApp } from 'portico/server'
 * const app = await createApp(db, { name: 'My app', allowedOrigins: ['http://localhost:3000'] })
 * console.log(app.id)
 * ```
 */
export async function createApp(db: Db, options: CreateAppOptions, registry: ServerRegistry = EMPTY_REGISTRY): Promise<ServerApp> {
  checkDeclared(db, options.settings ?? {}, registry)
  const keys = await generateAppKeys()
  const id = options.id ?? newId()
  const settings = normaliseSettings(options.settings ?? {})
  const testIdentities = (options.testIdentities ?? []).map((t) => ({ email: t.email.trim().toLowerCase(), code: t.code }))
  for (const t of testIdentities) {
    if (!/^\d{6}$/.test(t.code)) throw new TypeError(`Test identity code for ${t.email} must be 6 digits`)
  }
  const sealed = sealForStorage(db, id, settings, keys.privateJwk, registry)
  const rows = await db.query<AppRow>(
    `INSERT INTO apps (id, name, config, private_jwk, public_pem, allowed_origins, test_identities, created_at)
     VALUES ($1, $2, $3, $4, $5, $6, $7, $8) RETURNING ${APP_COLUMNS}`,
    [id, options.name, sealed.config, JSON.stringify(sealed.jwk), keys.publicPem, options.allowedOrigins ?? [], testIdentities, Date.now()],
  )
  return fromRow(db, rows[0]!)
}

/**
 * Changes an app's settings, origins or test identities (admin side), in one transaction that
 * holds the app's row, so concurrent changes apply one after the other.
 * @param db - the database.
 * @param id - the app id.
 * @param changes - fields to replace; `settings` is merged into the current settings (a plugin
 *   setting declared `update: 'merge'`, and the core's `allowlistConfig`, field by field).
 * @param registry - the server plugins' declarations (`server.registry`): merge modes and secrets.
 *   With a secret box, a settings key nobody declares is refused. @defaultValue none
 * @returns the updated app, or null when there is no such app.
 * @example
 * ```ts
 * await updateApp(db, app.id, { settings: { disablePlusEmails: true } }, server.registry)
 * ```
 */
export async function updateApp(
  db: Db,
  id: string,
  changes: Omit<Partial<CreateAppOptions>, 'id'>,
  registry: ServerRegistry = EMPTY_REGISTRY,
): Promise<ServerApp | null> {
  const patch = changes.settings ?? {}
  checkDeclared(db, patch, registry)
  const row = await db.transaction(async (tx) => {
    const rows = await tx.query<AppRow>(`SELECT ${APP_COLUMNS} FROM apps WHERE id = $1 FOR UPDATE`, [id])
    const stored = rows[0]
    if (!stored) return null
    const { config: current, jwk } = openRow(db, stored)
    const merged: Record<string, unknown> = {
      ...current,
      ...patch,
      allowlistConfig: { ...(current.allowlistConfig as object), ...(patch.allowlistConfig as object) },
    }
    for (const d of registry.settings) {
      if (d.update !== 'merge' || !Object.hasOwn(patch, d.key)) continue
      const now = settingValue(current[d.key], d)
      const next = patch[d.key]
      if (isObject(now) && isObject(next)) merged[d.key] = { ...now, ...next }
    }
    const settings = normaliseSettings(merged)
    const sealed = sealForStorage(db, id, settings, jwk, registry, sealedPathsIn(stored.config))
    const updated = await tx.query<AppRow>(
      `UPDATE apps SET name = $2, config = $3, allowed_origins = $4, test_identities = $5 WHERE id = $1 RETURNING ${APP_COLUMNS}`,
      [
        id,
        changes.name ?? stored.name,
        sealed.config,
        changes.allowedOrigins ?? stored.allowed_origins,
        changes.testIdentities?.map((t) => ({ email: t.email.trim().toLowerCase(), code: t.code })) ?? stored.test_identities,
      ],
    )
    return updated[0]!
  })
  return row ? fromRow(db, row) : null
}

const isObject = (x: unknown): x is Record<string, unknown> => typeof x === 'object' && x !== null && !Array.isArray(x)

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

/**
 * Gives an app a new signing key: new tokens are signed with it, the JWKS lists it first, and the
 * key it replaces keeps verifying the tokens it signed (until {@link retireAppKey}). The new private
 * key is sealed like the first one; of the old key only the public half is kept.
 * @param db - the database.
 * @param id - the app id.
 * @returns the app with its new key, or null when there is no such app.
 * @example
 * ```ts
 * const app = await rotateAppKey(db, appId)
 * console.log(app?.signingKey.kid, app?.previousKeys[0]?.kid)
 * ```
 */
export async function rotateAppKey(db: Db, id: string): Promise<ServerApp | null> {
  const keys = await generateAppKeys()
  const row = await db.transaction(async (tx) => {
    const rows = await tx.query<AppRow>(`SELECT ${APP_COLUMNS} FROM apps WHERE id = $1 FOR UPDATE`, [id])
    const stored = rows[0]
    if (!stored) return null
    const { jwk } = openRow(db, stored)
    const previous = [{ kid: await keyIdOf(jwk), public_pem: stored.public_pem, rotated_at: Date.now() }, ...stored.previous_keys]
    const updated = await tx.query<AppRow>(
      `UPDATE apps SET private_jwk = $2, public_pem = $3, previous_keys = $4 WHERE id = $1 RETURNING ${APP_COLUMNS}`,
      [id, JSON.stringify(sealJwk(db, id, keys.privateJwk)), keys.publicPem, previous],
    )
    return updated[0]!
  })
  return row ? fromRow(db, row) : null
}

/** Why {@link retireAppKey} refused. */
export type RetireKeyRefusal = 'no_such_app' | 'no_such_key' | 'current_key'

/**
 * Retires an earlier signing key of an app: the JWKS stops listing it and the tokens it signed stop
 * verifying at once. The current key cannot be retired (rotate first).
 * @param db - the database.
 * @param id - the app id.
 * @param kid - the key id, as the JWKS names it.
 * @returns the app without the key, or why nothing changed.
 * @example
 * ```ts
 * const result = await retireAppKey(db, appId, kid)
 * if ('refused' in result) console.error(result.refused)
 * ```
 */
export async function retireAppKey(db: Db, id: string, kid: string): Promise<{ app: ServerApp } | { refused: RetireKeyRefusal }> {
  return db.transaction(async (tx) => {
    const rows = await tx.query<AppRow>(`SELECT ${APP_COLUMNS} FROM apps WHERE id = $1 FOR UPDATE`, [id])
    const stored = rows[0]
    if (!stored) return { refused: 'no_such_app' as const }
    if ((await keyIdOf(openRow(db, stored).jwk)) === kid) return { refused: 'current_key' as const }
    const kept = stored.previous_keys.filter((k) => k.kid !== kid)
    if (kept.length === stored.previous_keys.length) return { refused: 'no_such_key' as const }
    const updated = await tx.query<AppRow>(`UPDATE apps SET previous_keys = $2 WHERE id = $1 RETURNING ${APP_COLUMNS}`, [id, kept])
    return { app: await fromRow(db, updated[0]!) }
  })
}

/**
 * The public key that verifies a token of an app: the current key or an earlier one not retired,
 * picked by the token header's `kid`.
 * @param app - the app.
 * @param kid - the `kid` of the token's header.
 * @returns the SPKI PEM, or null when no key of the app has that id.
 * @example
 * ```ts
 * const pem = verificationKeyOf(app, decodeProtectedHeader(token).kid)
 * ```
 */
export function verificationKeyOf(app: ServerApp, kid: unknown): string | null {
  if (kid === app.signingKey.kid) return app.publicPem
  return app.previousKeys.find((k) => k.kid === kid)?.publicPem ?? null
}

/**
 * An app's current revision: how many times its row changed. A cached app whose revision still
 * matches is current, whichever process changed the others.
 * @param db - the database.
 * @param id - the app id.
 * @returns the revision, or null when there is no such app.
 * @example
 * ```ts
 * if ((await appRevision(db, cached.id)) !== cached.revision) cached = await loadApp(db, cached.id)
 * ```
 */
export async function appRevision(db: Db, id: string): Promise<number | null> {
  const rows = await db.query<{ revision: number }>('SELECT revision FROM apps WHERE id = $1', [id])
  return rows[0] ? Number(rows[0].revision) : null
}

async function fromRow(db: Db, row: AppRow): Promise<ServerApp> {
  const { config, jwk } = openRow(db, row)
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
    revision: row.revision,
    previousKeys: row.previous_keys.map((k) => ({ kid: k.kid, publicPem: k.public_pem, rotatedAt: k.rotated_at })),
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
  // The core's own fields come last: a plugin cannot change them. Before the plugins' fields: the
  // contract's fields a plugin answers when it is registered, as they are without it.
  const body: Record<string, unknown> = {
    ...off,
    embedded_wallet_config: { create_on_login: 'off', mode: 'legacy-embedded-wallets-only' },
    smart_wallet_config: { enabled: false },
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
