/**
 * The admin API: create, read and change apps over HTTP with an admin key, so a self-hoster (or the
 * `portico apps` CLI) configures an app without touching the database. Mounted under `/admin/v1`
 * only when the server has an admin key.
 * @module
 */
import { timingSafeEqual } from 'node:crypto'
import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import { createApp, loadApp, updateApp, type AppSettings, type ServerApp } from './apps'
import { errors } from './errors'
import { ID_PATTERN } from './ids'
import { settingValue } from './plugin'
import { EMPTY_REGISTRY, type ServerRegistry } from './registry'
import type { Db } from './storage/db'
import { createUserService } from './services/users'

const nullableText = v.nullable(v.pipe(v.string(), v.maxLength(2000)))
const url = v.nullable(v.pipe(v.string(), v.url('Must be a URL.')))
const rate = v.strictObject({ limit: v.pipe(v.number(), v.integer(), v.minValue(1)), windowMs: v.pipe(v.number(), v.integer(), v.minValue(1000)) })

/** The core settings' admin schemas; `loginMethods` is added from the declared switches. */
const CORE_SETTINGS = {
  theme: v.picklist(['light', 'dark']),
  accentColor: v.nullable(v.pipe(v.string(), v.regex(/^#[0-9a-fA-F]{6}$/, 'accentColor must look like #1a2b3c.'))),
  logoUrl: url,
  termsAndConditionsUrl: url,
  privacyPolicyUrl: url,
  requireUsersAcceptTerms: v.boolean(),
  disablePlusEmails: v.boolean(),
  allowlistEnabled: v.boolean(),
  allowlist: v.array(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(320))),
  allowlistConfig: v.partial(
    v.strictObject({ errorTitle: nullableText, errorDetail: nullableText, ctaText: nullableText, ctaLink: url }),
  ),
  captchaEnabled: v.boolean(),
  captchaSiteKey: v.nullable(v.pipe(v.string(), v.regex(/^t:.+$/, "captchaSiteKey must have the form 't:{key}'."))),
  captchaSecretKey: v.nullable(v.pipe(v.string(), v.minLength(1))),
  customAuth: v.partial(
    v.strictObject({
      jwksUrl: url,
      publicKeyPem: v.nullable(v.pipe(v.string(), v.includes('BEGIN PUBLIC KEY', 'publicKeyPem must be an SPKI PEM.'))),
      issuer: nullableText,
      audience: nullableText,
      algorithms: v.pipe(v.array(v.picklist(['RS256', 'RS384', 'RS512', 'PS256', 'ES256', 'ES384', 'EdDSA'])), v.minLength(1)),
      userIdClaim: v.pipe(v.string(), v.minLength(1)),
    }),
  ),
  maxUsers: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
  otpPerDestination: rate,
  otpPerIp: rate,
  chainRpcUrls: v.record(
    v.pipe(v.string(), v.regex(/^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/, 'chainRpcUrls keys are CAIP-2 chain ids like eip155:1.')),
    v.pipe(v.string(), v.url('chainRpcUrls values must be URLs.')),
  ),
  ethereumChains: v.array(v.pipe(v.string(), v.regex(/^eip155:[1-9]\d{0,15}$/, 'ethereumChains holds CAIP-2 ids like eip155:1.'))),
  allowedRedirectUrls: v.array(
    v.pipe(
      v.string(),
      v.url('allowedRedirectUrls holds absolute URLs.'),
      v.regex(/^https?:\/\/[^#]*$/, 'allowedRedirectUrls holds http(s) URLs without a fragment.'),
      v.maxLength(2048),
    ),
  ),
  passkeyCrossOriginAllowed: v.boolean(),
  oauthProviders: v.record(
    v.pipe(
      v.string(),
      v.regex(/^([a-z]+|custom:[a-z0-9][a-z0-9_-]{0,63})$/, 'oauthProviders keys are provider names like google or custom:acme.'),
    ),
    v.strictObject({
      clientId: v.pipe(v.string(), v.minLength(1)),
      clientSecret: v.pipe(v.string(), v.minLength(1)),
      issuer: v.optional(v.pipe(v.string(), v.url('issuer must be a URL.'))),
      authorizationUrl: v.optional(v.pipe(v.string(), v.url('authorizationUrl must be a URL.'))),
      tokenUrl: v.optional(v.pipe(v.string(), v.url('tokenUrl must be a URL.'))),
      userinfoUrl: v.optional(v.pipe(v.string(), v.url('userinfoUrl must be a URL.'))),
      scopes: v.optional(v.array(v.pipe(v.string(), v.minLength(1), v.maxLength(200)))),
    }),
  ),
  telegram: v.nullable(
    v.strictObject({
      botId: v.pipe(v.string(), v.regex(/^\d{1,20}$/, 'telegram.botId is the numeric part of the bot token.')),
      botName: v.pipe(v.string(), v.regex(/^[A-Za-z0-9_]{3,64}$/, 'telegram.botName is the bot username without @.')),
      botToken: v.pipe(v.string(), v.regex(/^\d{1,20}:[A-Za-z0-9_-]{20,}$/, 'telegram.botToken must look like 123456:ABC….')),
      linkEnabled: v.optional(v.boolean()),
      seamlessAuthEnabled: v.optional(v.boolean()),
    }),
  ),
  farcasterSigner: v.nullable(
    v.strictObject({
      appFid: v.pipe(v.number(), v.integer(), v.minValue(1)),
      custodyPrivateKey: v.pipe(v.string(), v.regex(/^0x[0-9a-fA-F]{64}$/, 'farcasterSigner.custodyPrivateKey is a 0x-prefixed 32-byte hex key.')),
    }),
  ),
  crossApp: v.partial(
    v.strictObject({
      providerApps: v.array(v.pipe(v.string(), v.regex(ID_PATTERN, 'crossApp.providerApps holds app ids.'))),
      providerEnabled: v.boolean(),
      allowedRequesters: v.array(v.pipe(v.string(), v.regex(ID_PATTERN, 'crossApp.allowedRequesters holds app ids.'))),
      readOnly: v.boolean(),
      authorizeUrl: url,
    }),
  ),
}

/**
 * The admin API's schema of a partial {@link AppSettings}: the core settings, `loginMethods` among
 * the declared login switches, and every setting the plugins declare. Unknown keys are refused.
 * @param registry - the server plugins' declarations. @defaultValue none (no login switch is accepted)
 * @returns the valibot schema.
 * @example
 * ```ts
 * import * as v from 'valibot'
 * import { appSettingsPatch, composeServerPlugins } from 'portico/server'
 * v.parse(appSettingsPatch(composeServerPlugins([emailServer()])), { loginMethods: ['email_auth'] })
 * ```
 */
export function appSettingsPatch(registry: ServerRegistry = EMPTY_REGISTRY) {
  const switchNames = registry.loginSwitches
  const loginMethod = v.pipe(
    v.string(),
    v.check((name) => switchNames.includes(name), (issue) => `Unknown login switch ${JSON.stringify(issue.input)} (this server knows ${switchNames.join(', ') || 'none'}).`),
  )
  return v.partial(
    v.strictObject({
      loginMethods: v.array(loginMethod),
      ...CORE_SETTINGS,
      ...Object.fromEntries(registry.settings.map((d) => [d.key, d.schema])),
    }),
  )
}

const origin = v.pipe(v.string(), v.url('Origins must be URLs like http://localhost:3000.'))
const testIdentity = v.strictObject({
  email: v.pipe(v.string(), v.email()),
  code: v.pipe(v.string(), v.regex(/^\d{6}$/, 'Test identity codes have 6 digits.')),
})

/**
 * The body of `POST /admin/v1/apps`.
 * @param registry - the server plugins' declarations (their settings and switches).
 * @returns the valibot schema.
 * @example
 * ```ts
 * const body = v.parse(createAppBody(registry), { name: 'My app' })
 * ```
 */
export function createAppBody(registry: ServerRegistry = EMPTY_REGISTRY) {
  return v.strictObject({
    name: v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200)),
    allowed_origins: v.optional(v.array(origin)),
    test_identities: v.optional(v.array(testIdentity)),
    settings: v.optional(appSettingsPatch(registry)),
  })
}

/**
 * The body of `PATCH /admin/v1/apps/:id`: `settings` merges into the current settings.
 * @param registry - the server plugins' declarations (their settings and switches).
 * @returns the valibot schema.
 * @example
 * ```ts
 * const body = v.parse(updateAppBody(registry), { settings: { maxUsers: 100 } })
 * ```
 */
export function updateAppBody(registry: ServerRegistry = EMPTY_REGISTRY) {
  return v.strictObject({
    name: v.optional(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(200))),
    allowed_origins: v.optional(v.array(origin)),
    test_identities: v.optional(v.array(testIdentity)),
    settings: v.optional(appSettingsPatch(registry)),
  })
}

/**
 * `POST /admin/v1/apps/:id/users/:user_id/custom_metadata`: replaces the user's metadata; the values'
 * rules (flat, strings/numbers/booleans, size) are `checkCustomMetadata`'s.
 */
export const CustomMetadataBody = v.strictObject({
  custom_metadata: v.nullable(v.record(v.string(), v.unknown())),
})

/** An app as the admin API shows it; secrets (captcha, Telegram bot token, Farcaster key) are masked. */
export interface AdminAppView {
  id: string
  name: string
  allowed_origins: string[]
  test_identities: { email: string; code: string }[]
  settings: AppSettings
  created_at: number
}

/**
 * The admin view of an app.
 * @param app - the app.
 * @param registry - the server plugins' declarations: their settings show with their defaults.
 * @returns its id, name, origins, test identities and settings, with secrets masked.
 * @example
 * ```ts
 * const view = adminView(await loadApp(db, id), registry)
 * ```
 */
export function adminView(app: ServerApp, registry: ServerRegistry = EMPTY_REGISTRY): AdminAppView {
  const s = app.settings
  const stored = s as unknown as Record<string, unknown>
  const mask = (secret: string) => `${secret.slice(0, 4)}…`
  return {
    id: app.id,
    name: app.name,
    allowed_origins: app.allowedOrigins,
    test_identities: app.testIdentities,
    settings: {
      ...s,
      ...Object.fromEntries(registry.settings.map((d) => [d.key, settingValue(stored[d.key], d)])),
      captchaSecretKey: s.captchaSecretKey ? mask(s.captchaSecretKey) : null,
      telegram: s.telegram ? { ...s.telegram, botToken: mask(s.telegram.botToken) } : null,
      farcasterSigner: s.farcasterSigner
        ? { ...s.farcasterSigner, custodyPrivateKey: mask(s.farcasterSigner.custodyPrivateKey) }
        : null,
    },
    created_at: app.createdAt,
  }
}

function keyMatches(given: string, expected: string): boolean {
  const a = Buffer.from(given)
  const b = Buffer.from(expected)
  return a.length === b.length && timingSafeEqual(a, b)
}

async function body<T extends v.GenericSchema>(c: Context, schema: T): Promise<v.InferOutput<T>> {
  let raw: unknown
  try {
    raw = await c.req.json()
  } catch {
    throw errors.invalidData('Malformed JSON body.')
  }
  const parsed = v.safeParse(schema, raw)
  if (!parsed.success) {
    const issue = parsed.issues[0]
    const path = issue.path?.map((p) => String(p.key)).join('.')
    throw errors.invalidData(path ? `${path}: ${issue.message}` : issue.message)
  }
  return parsed.output
}

/**
 * A settings patch with the plugins' `merge` settings merged over their current values (or their
 * defaults for a new app), so the patch names only the fields it changes.
 */
function mergePluginSettings(registry: ServerRegistry, patch: Record<string, unknown> | undefined, current: AppSettings | null): Partial<AppSettings> | undefined {
  if (!patch) return undefined
  const out = { ...patch }
  const stored = (current ?? {}) as Record<string, unknown>
  for (const d of registry.settings) {
    if (d.update !== 'merge' || !(d.key in out)) continue
    const now = settingValue(stored[d.key], d)
    const next = out[d.key]
    if (typeof now === 'object' && now !== null && typeof next === 'object' && next !== null) out[d.key] = { ...now, ...next }
  }
  return out as Partial<AppSettings>
}

/**
 * Mounts `/admin/v1/apps` (list, create, read, change) and `/admin/v1/apps/:id/users/:user_id` (read,
 * `custom_metadata`) behind `Authorization: Bearer <adminKey>`.
 * @param app - the Hono app.
 * @param deps - the database, the admin key, a callback that forgets a cached app, and the server
 *   plugins' declarations (the settings and switches the API accepts).
 * @example
 * ```ts
 * mountAdminRoutes(hono, { db, adminKey: process.env.PORTICO_ADMIN_KEY!, invalidate: (id) => cache.delete(id), registry })
 * ```
 */
export function mountAdminRoutes(
  app: Hono,
  deps: { db: Db; adminKey: string; invalidate: (id: string) => void; registry?: ServerRegistry },
): void {
  const { db } = deps
  const registry = deps.registry ?? EMPTY_REGISTRY
  const CreateAppBody = createAppBody(registry)
  const UpdateAppBody = updateAppBody(registry)
  const view = (a: ServerApp) => adminView(a, registry)
  app.use('/admin/*', async (c, next) => {
    const given = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1]
    if (!given || !keyMatches(given, deps.adminKey)) throw errors.invalidToken('Missing or invalid admin key.')
    await next()
  })

  const found = async (id: string) => {
    const hit = ID_PATTERN.test(id) ? await loadApp(db, id) : null
    if (!hit) throw errors.notFound(`No app ${id}.`)
    return hit
  }

  app.get('/admin/v1/apps', async (c) => {
    const rows = await db.query<{ id: string }>('SELECT id FROM apps ORDER BY created_at')
    const apps = await Promise.all(rows.map((r) => found(r.id)))
    return c.json(apps.map(view))
  })

  app.post('/admin/v1/apps', async (c) => {
    const b = await body(c, CreateAppBody)
    const created = await createApp(db, {
      name: b.name,
      allowedOrigins: b.allowed_origins,
      testIdentities: b.test_identities,
      settings: mergePluginSettings(registry, b.settings, null),
    })
    return c.json(view(created))
  })

  app.get('/admin/v1/apps/:id', async (c) => c.json(view(await found(c.req.param('id')))))

  app.patch('/admin/v1/apps/:id', async (c) => {
    const id = c.req.param('id')
    const current = await found(id)
    const b = await body(c, UpdateAppBody)
    const updated = await updateApp(db, id, {
      name: b.name,
      allowedOrigins: b.allowed_origins,
      testIdentities: b.test_identities,
      settings: mergePluginSettings(registry, b.settings, current.settings),
    })
    deps.invalidate(id)
    return c.json(view(updated!))
  })

  const users = createUserService(db, registry)
  /** A user id as given: the wire DID or the bare id. */
  const userIdOf = (given: string) => {
    const id = given.startsWith('did:privy:') ? given.slice('did:privy:'.length) : given
    if (!ID_PATTERN.test(id)) throw errors.notFound(`No user ${given}.`)
    return id
  }

  app.get('/admin/v1/apps/:id/users/:user_id', async (c) => {
    const target = await found(c.req.param('id'))
    const user = await users.get(target, userIdOf(c.req.param('user_id')))
    if (!user) throw errors.notFound(`No user ${c.req.param('user_id')}.`)
    return c.json(users.toWire(user))
  })

  // Server-side only: the host's backend sets what it knows about a user; the widget can only read it.
  app.post('/admin/v1/apps/:id/users/:user_id/custom_metadata', async (c) => {
    const target = await found(c.req.param('id'))
    const userId = userIdOf(c.req.param('user_id'))
    const b = await body(c, CustomMetadataBody)
    const user = await users.setCustomMetadata(target, userId, b.custom_metadata)
    if (!user) throw errors.notFound(`No user ${c.req.param('user_id')}.`)
    return c.json(users.toWire(user))
  })
}
