/**
 * The admin API: create, read and change apps over HTTP with an admin key, so a self-hoster (or the
 * `portico apps` CLI) configures an app without touching the database. Mounted under `/admin/v1`
 * only when the server has an admin key.
 * @module
 */
import { timingSafeEqual } from 'node:crypto'
import type { Context, Hono } from 'hono'
import * as v from 'valibot'
import { createApp, DEFAULT_APP_SETTINGS, loadApp, retireAppKey, rotateAppKey, updateApp, type AppSettings, type ServerApp } from './apps'
import { errors } from './errors'
import { ID_PATTERN } from './ids'
import { settingValue } from './plugin'
import { EMPTY_REGISTRY, type ServerRegistry } from './registry'
import { CORE_SECRET_PATHS, maskSettings, secretPathsIn } from './sealing'
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
  sessionCookies: v.boolean(),
  allowlistEnabled: v.boolean(),
  allowlist: v.array(v.pipe(v.string(), v.trim(), v.minLength(1), v.maxLength(320))),
  allowlistConfig: v.partial(
    v.strictObject({ errorTitle: nullableText, errorDetail: nullableText, ctaText: nullableText, ctaLink: url }),
  ),
  captchaEnabled: v.boolean(),
  captchaSiteKey: v.nullable(v.pipe(v.string(), v.regex(/^t:.+$/, "captchaSiteKey must have the form 't:{key}'."))),
  captchaSecretKey: v.nullable(v.pipe(v.string(), v.minLength(1))),
  maxUsers: v.nullable(v.pipe(v.number(), v.integer(), v.minValue(0))),
  otpPerDestination: rate,
  otpPerIp: rate,
  allowedRedirectUrls: v.array(
    v.pipe(
      v.string(),
      v.url('allowedRedirectUrls holds absolute URLs.'),
      v.regex(/^https?:\/\/[^#]*$/, 'allowedRedirectUrls holds http(s) URLs without a fragment.'),
      v.maxLength(2048),
    ),
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

/**
 * An app as the admin API shows it: the core settings and the settings of the server's plugins
 * (defaults included), every declared secret masked (its first four characters and `…`).
 */
export interface AdminAppView {
  id: string
  name: string
  allowed_origins: string[]
  test_identities: { email: string; code: string }[]
  settings: AppSettings & Record<string, unknown>
  created_at: number
}

/** The secret path patterns of a server: the core's and its plugins'. */
const secretPatterns = (registry: ServerRegistry) => [...CORE_SECRET_PATHS, ...registry.secretPaths]

/**
 * The admin view of an app. Stored settings of plugins this server does not register are left out:
 * nothing says which of their values are secrets.
 * @param app - the app.
 * @param registry - the server plugins' declarations: their settings show with their defaults, their secrets masked.
 * @returns its id, name, origins, test identities and settings, with secrets masked.
 * @example
 * ```ts
 * const view = adminView(await loadApp(db, id), registry)
 * ```
 */
export function adminView(app: ServerApp, registry: ServerRegistry = EMPTY_REGISTRY): AdminAppView {
  const stored = app.settings as unknown as Record<string, unknown>
  const shown: Record<string, unknown> = {
    ...Object.fromEntries(Object.keys(DEFAULT_APP_SETTINGS).map((k) => [k, stored[k]])),
    ...Object.fromEntries(registry.settings.map((d) => [d.key, settingValue(stored[d.key], d)])),
  }
  return {
    id: app.id,
    name: app.name,
    allowed_origins: app.allowedOrigins,
    test_identities: app.testIdentities,
    settings: maskSettings(shown, secretPathsIn(shown, secretPatterns(registry))) as AdminAppView['settings'],
    created_at: app.createdAt,
  }
}

/** An app's signing keys as the admin API lists them: the current one first, then the earlier ones. */
export interface AdminKeysView {
  keys: { kid: string; status: 'current' | 'previous'; rotated_at: number | null }[]
}

/**
 * The admin view of an app's signing keys (key ids only: no key material).
 * @param app - the app.
 * @returns the keys, the one that signs first.
 * @example
 * ```ts
 * const { keys } = adminKeysView(app)
 * ```
 */
export function adminKeysView(app: ServerApp): AdminKeysView {
  return {
    keys: [
      { kid: app.signingKey.kid, status: 'current', rotated_at: null },
      ...app.previousKeys.map((k) => ({ kid: k.kid, status: 'previous' as const, rotated_at: k.rotatedAt })),
    ],
  }
}

/**
 * Refuses a secret sent back in its masked form (an admin view edited and returned): it would
 * replace the secret with its mask.
 */
function refuseMaskedSecrets(registry: ServerRegistry, settings: Record<string, unknown> | undefined): void {
  if (!settings) return
  for (const path of secretPathsIn(settings, secretPatterns(registry))) {
    const value = path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown>)[k], settings)
    if (typeof value === 'string' && value.endsWith('…')) {
      throw errors.invalidData(`settings.${path}: this is the masked value the admin API shows; send the secret itself, or leave the field out.`)
    }
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
 * Mounts `/admin/v1/apps` (list, create, read, change), `/admin/v1/apps/:id/keys` (list, `rotate`,
 * `DELETE …/keys/:kid` retires an earlier key) and `/admin/v1/apps/:id/users/:user_id` (read,
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
    refuseMaskedSecrets(registry, b.settings)
    const created = await createApp(db, { name: b.name, allowedOrigins: b.allowed_origins, testIdentities: b.test_identities, settings: b.settings }, registry)
    return c.json(view(created))
  })

  app.get('/admin/v1/apps/:id', async (c) => c.json(view(await found(c.req.param('id')))))

  app.patch('/admin/v1/apps/:id', async (c) => {
    const id = c.req.param('id')
    await found(id)
    const b = await body(c, UpdateAppBody)
    refuseMaskedSecrets(registry, b.settings)
    const updated = await updateApp(
      db,
      id,
      { name: b.name, allowedOrigins: b.allowed_origins, testIdentities: b.test_identities, settings: b.settings },
      registry,
    )
    if (!updated) throw errors.notFound(`No app ${id}.`)
    deps.invalidate(id)
    return c.json(view(updated))
  })

  app.get('/admin/v1/apps/:id/keys', async (c) => c.json(adminKeysView(await found(c.req.param('id')))))

  app.post('/admin/v1/apps/:id/keys/rotate', async (c) => {
    const id = c.req.param('id')
    await found(id)
    const rotated = await rotateAppKey(db, id)
    if (!rotated) throw errors.notFound(`No app ${id}.`)
    deps.invalidate(id)
    return c.json(adminKeysView(rotated))
  })

  app.delete('/admin/v1/apps/:id/keys/:kid', async (c) => {
    const id = c.req.param('id')
    const kid = c.req.param('kid')
    await found(id)
    const result = await retireAppKey(db, id, kid)
    if ('refused' in result) {
      if (result.refused === 'current_key') throw errors.invalidData(`Key ${kid} is the one that signs: rotate first, then retire it.`)
      throw errors.notFound(`App ${id} has no earlier key ${kid}.`)
    }
    deps.invalidate(id)
    return c.json(adminKeysView(result.app))
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
