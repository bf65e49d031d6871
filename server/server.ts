/**
 * `createServer`: composes the core routes and the plugins' routes into one Hono app, with body
 * validation, JSON errors, per-app CORS, and the dev-only routes.
 * @module
 */
import { Hono, type Context } from 'hono'
import { getConnInfo } from '@hono/node-server/conninfo'
import * as v from 'valibot'
import type { Route, RouteTable } from '../kernel/route'
import { coreRoutes } from '../kernel/api'
import { appRevision, DEFAULT_APP_SETTINGS, loadApp, type ServerApp } from './apps'
import { createClock, type Clock } from './clock'
import { coreServerPlugin } from './core'
import { errors, HttpError } from './errors'
import { ID_PATTERN } from './ids'
import { limitBody, rejectBadStrings } from './input'
import { DevInbox, type MailSender } from './mail'
import { TurnstileVerifier, type CaptchaVerifier } from './captcha'
import type { SmsSender } from './sms'
import { createSignIn } from './services/sign-in'
import { mountAdminRoutes } from './admin'
import { collectRoutes, type PageRoute, type RegisteredRoute, type RequestContext, type ServerPlugin } from './plugin'
import { composeServerPlugins, withRequiredPlugins, type ServerRegistry } from './registry'
import { DatabaseUnavailableError, type Db } from './storage/db'
import { coreMigrations, runMigrations, type Migration } from './storage/migrations'
import { createOtpService } from './services/otp'
import { createRateLimiter } from './services/rate-limit'
import { assertFreshAuth, createSessionService, FRESH_AUTH_MAX_AGE_MS, type SessionInfo } from './services/sessions'
import { createUserService, type UserRecord, type UserService } from './services/users'
import { createTransferService, transferMigrations, type TransferService } from './services/transfers'
import { createIdempotencyService, IDEMPOTENCY_KEY_HEADER, idempotencyMigrations } from './services/idempotency'
import { exportJWK, importSPKI, calculateJwkThumbprint } from 'jose'
import { JWKS_MAX_AGE_MS } from './tokens'
import { clearedSessionCookies, moveTokensToCookies, parseCookieHeader, SESSION_COOKIES } from './session-cookies'
import { createHash } from 'node:crypto'

/** Headers a browser may send (the contract's request headers); plugins add theirs (`ServerPlugin.requestHeaders`). */
export const ALLOWED_HEADERS = [
  'privy-app-id',
  'privy-client',
  'privy-ca-id',
  'privy-client-id',
  'privy-retry-attempt',
  'privy-authorization-signature',
  'privy-request-expiry',
  'privy-idempotency-key',
  'authorization',
  'content-type',
  'accept',
  'x-native-app-identifier',
  'farcaster-channel-token',
]

/** Options of {@link createServer}. */
export interface CreateServerOptions {
  /** The database; the server owns it from now on and closes it in `close()`. */
  db: Db
  /** Where codes are mailed. */
  mail: MailSender
  /**
   * Where SMS codes go. @defaultValue the mail sender when it is a {@link DevInbox}; otherwise SMS
   * logins answer `feature_not_enabled`
   */
  sms?: SmsSender
  /**
   * Checks captcha tokens for apps that require a captcha.
   * @defaultValue a {@link TurnstileVerifier} against Cloudflare
   */
  captcha?: CaptchaVerifier
  /** Keys the code hashes; keep it stable across restarts and secret. */
  secret: string
  /** Server plugins (the core routes are always included). */
  plugins?: readonly ServerPlugin<RouteTable>[]
  /** Adds `/dev/*` routes (inbox, clock, rate-limit reset). @defaultValue false */
  devMode?: boolean
  /** @defaultValue a wall clock */
  clock?: Clock
  /** Check every answer against its response schema; a mismatch is a 500 (tests). @defaultValue false */
  validateResponses?: boolean
  /** Read the client IP from `X-Forwarded-For` (behind a reverse proxy). @defaultValue false */
  trustProxy?: boolean
  /** Largest accepted request body in bytes; a larger one answers 413 `invalid_data`. @defaultValue 102400 */
  bodyLimit?: number
  /**
   * How long a loaded app is used before its revision is compared with the database's, in ms: a
   * change made through any process sharing the database applies here within this time (allowed
   * origins in CORS preflights too). @defaultValue 500
   */
  appCacheMs?: number
  /**
   * Mounts the admin API (`/admin/v1/apps`) guarded by this key (Bearer). Without a key there is no
   * admin API. @defaultValue undefined
   */
  adminKey?: string
  /** Run migrations at start. @defaultValue true */
  migrate?: boolean
  /** Logs unexpected errors. @defaultValue console.error */
  logError?: (message: string, error: unknown) => void
  /**
   * The API's public base URL (scheme, host and port, no trailing slash), as browsers and providers reach it.
   * Provider redirect URIs are built from it, never from the request's Host header. Required in production.
   */
  publicUrl?: string
}

/** A running Portico API (not yet listening: pass `fetch` to a server). */
export interface PorticoServer {
  /** The request handler (`serve({ fetch })`). */
  fetch: (request: Request, env?: unknown) => Response | Promise<Response>
  /** The Hono app, to mount more routes. */
  app: Hono
  /** Every registered route with its schemas and handler. */
  routes: RegisteredRoute[]
  /** What the plugins declare: settings, login switches, linked-account types. */
  registry: ServerRegistry
  /** The server clock. */
  clock: Clock
  db: Db
  /** Account transfers (tests set `transfers.hooks`; operators may call `finishPending`). */
  transfers: TransferService
  /** Forgets a cached app (after changing it with `updateApp`). */
  invalidateApp(id: string): void
  /** Closes the database (and the mail transport when it has a `close`). */
  close(): Promise<void>
}

type Env = { Variables: { originRefused: boolean } }

/** The core's session routes, which cookie session mode reads the refresh cookie for. */
const SESSION_ROUTES = new Map<string, 'refresh' | 'logout' | 'fork' | 'forkRecover'>(
  (['refresh', 'logout', 'fork', 'forkRecover'] as const).map((name) => [`${coreRoutes[name].method} ${coreRoutes[name].path}`, name]),
)

/** `Retry-After` of a 503 answered while the database is unreachable. */
export const UNAVAILABLE_RETRY_AFTER_SECONDS = 1

/**
 * Builds the API server: migrates the database, registers the core and plugin routes.
 * @param options - database, mail, secret, plugins and switches.
 * @returns the server.
 * @example
 * ```ts
 * import { serve } from '@hono/node-server'
 * import { createServer, createPgliteDb, DevInbox } from 'portico/server'
 * import { emailServer } from 'portico/plugins/email/server'
 * const db = await createPgliteDb()
 * const server = await createServer({ db, mail: new DevInbox(), secret: 'change me', plugins: [emailServer()], devMode: true })
 * serve({ fetch: server.fetch, port: 8787, hostname: '127.0.0.1' })
 * ```
 */
/**
 * Every migration a server with these plugins needs: the core tables, then each plugin's. For
 * servers created with `migrate: false` that migrate the database themselves.
 * @param plugins - the server plugins (without the core plugin); the plugins they require are added.
 * @returns the migrations, in order.
 * @example
 * ```ts
 * import { runMigrations, serverMigrations } from 'portico/server'
 * await runMigrations(db, serverMigrations([emailServer()]))
 * ```
 */
export function serverMigrations(plugins: readonly ServerPlugin<RouteTable>[]): Migration[] {
  return [...coreMigrations, ...transferMigrations, ...idempotencyMigrations, ...withRequiredPlugins(plugins).flatMap((p) => p.migrations ?? [])]
}

export async function createServer(options: CreateServerOptions): Promise<PorticoServer> {
  const { db, mail } = options
  if (!options.secret) throw new TypeError('createServer: a secret is required')
  const plugins = [coreServerPlugin as unknown as ServerPlugin<RouteTable>, ...withRequiredPlugins(options.plugins ?? [])]
  const seen = new Set<string>()
  for (const p of plugins) {
    if (seen.has(p.id)) throw new TypeError(`Server plugin "${p.id}" is registered twice`)
    seen.add(p.id)
  }
  // Throws on clashing declarations (a setting or switch declared twice) before anything changes.
  const registry = composeServerPlugins(plugins, Object.keys(DEFAULT_APP_SETTINGS))
  if (options.migrate !== false) {
    await runMigrations(db, serverMigrations(options.plugins ?? []))
  }

  const isStrong = (type: string) => registry.accountType(type).strong
  const guards = plugins.flatMap((p) => (p.sensitiveOperationGuard ? [p.sensitiveOperationGuard] : []))
  const allowedHeaders = [...new Set([...ALLOWED_HEADERS, ...plugins.flatMap((p) => p.requestHeaders ?? [])])].join(', ')
  const clock = options.clock ?? createClock()
  const now = () => clock.now()
  const logError = options.logError ?? ((m, e) => console.error(`[portico] ${m}`, e))
  const publicUrl = options.publicUrl === undefined ? null : publicBaseUrl(options.publicUrl)
  const users = createUserService(db, registry)
  const sessions = createSessionService(db, users, now)
  const otp = createOtpService(db, options.secret, now)
  const limiter = createRateLimiter(db, now)
  const signIn = createSignIn({ users, sessions, now })
  const transfers = createTransferService(db, users, { registry, logError })
  const idempotency = createIdempotencyService(db, options.secret, now)
  const sms: SmsSender =
    options.sms ??
    (mail instanceof DevInbox
      ? mail
      : {
          async sendSms() {
            throw errors.featureNotEnabled('SMS is not configured on this server.')
          },
        })
  const captcha = options.captcha ?? new TurnstileVerifier()
  const cacheMs = options.appCacheMs ?? 500

  // Apps are cached per process. Once `cacheMs` has passed, the next request compares the cached
  // revision with the row's (one small query per app and period) and reloads only a changed app,
  // so a change made through any process is seen by every process within `cacheMs`.
  const appCache = new Map<string, { at: number; app: Promise<ServerApp | null> }>()
  function getApp(id: string): Promise<ServerApp | null> {
    const hit = appCache.get(id)
    if (hit && Date.now() - hit.at < cacheMs) return hit.app
    const entry = { at: Date.now(), app: hit ? revalidate(id, hit.app) : loadApp(db, id) }
    appCache.set(id, entry)
    // A failed load must not stay cached.
    const drop = () => appCache.get(id) === entry && appCache.delete(id)
    entry.app.then((a) => a ?? drop(), drop)
    return entry.app
  }
  async function revalidate(id: string, cached: Promise<ServerApp | null>): Promise<ServerApp | null> {
    const previous = await cached.catch(() => null)
    if (previous && (await appRevision(db, id)) === previous.revision) return previous
    return loadApp(db, id)
  }
  const originCache = new Map<string, number>()
  async function isKnownOrigin(origin: string): Promise<boolean> {
    const at = originCache.get(origin)
    if (at !== undefined && Date.now() - at < cacheMs) return true
    const rows = await db.query('SELECT 1 FROM apps WHERE allowed_origins @> $1 LIMIT 1', [[origin]])
    if (rows[0]) originCache.set(origin, Date.now())
    return rows.length > 0
  }

  function clientIp(c: Context): string {
    if (options.trustProxy) {
      const fwd = c.req.header('x-forwarded-for')?.split(',')[0]?.trim()
      if (fwd) return fwd
    }
    try {
      return getConnInfo(c).remote.address ?? 'unknown'
    } catch {
      return 'unknown' // fetch called without a Node socket (in-process requests)
    }
  }

  const app = new Hono<Env>()

  // Durability: no answer (error answers included) leaves before the writes it acknowledges, or
  // shows, are on disk.
  app.use('*', async (_c, next) => {
    await next()
    await db.flush()
  })

  app.onError((err, c) => {
    if (err instanceof HttpError) return c.json(err.toBody(), err.status as 400, err.headers())
    // The database went away (a restart): a status clients retry, and nothing about the cause.
    if (err instanceof DatabaseUnavailableError) {
      logError(`${c.req.method} ${c.req.path}: database unavailable`, err.message)
      return c.json(errors.unavailable().toBody(), 503, { 'retry-after': String(UNAVAILABLE_RETRY_AFTER_SECONDS) })
    }
    logError(`${c.req.method} ${c.req.path} failed`, err)
    return c.json({ error: 'Service unavailable.' }, 500)
  })
  app.notFound((c) => c.json({ error: `No route ${c.req.method} ${c.req.path}.` }, 404))

  // CORS: echo the origin (never `*`) when some app allows it and the route did not refuse it for its
  // own app. A refused origin gets no CORS headers at all, 403s included: a page on it learns nothing.
  app.use('*', async (c, next) => {
    const origin = c.req.header('origin')
    if (!origin) return next()
    const known = await isKnownOrigin(origin)
    if (c.req.method === 'OPTIONS') {
      if (!known) return c.json(errors.invalidOrigin(origin).toBody(), 403)
      return new Response(null, {
        status: 204,
        headers: {
          'access-control-allow-origin': origin,
          'access-control-allow-credentials': 'true',
          'access-control-allow-methods': 'GET, POST, PATCH, OPTIONS',
          'access-control-allow-headers': allowedHeaders,
          'access-control-max-age': '600',
          vary: 'Origin',
        },
      })
    }
    await next()
    if (known && !c.get('originRefused')) {
      c.res.headers.set('access-control-allow-origin', origin)
      c.res.headers.set('access-control-allow-credentials', 'true')
      c.res.headers.append('vary', 'Origin')
    }
  })

  const limit = options.bodyLimit ?? 100 * 1024
  // Before every route: a body over the limit is 413 (the connection stays usable); no NUL or lone
  // surrogate in the path, the query or a JSON body.
  app.use('*', limitBody(limit))
  app.use('*', rejectBadStrings())

  const routes = collectRoutes(plugins)
  const taken = new Set<string>()
  for (const r of routes) {
    const id = `${r.route.method} ${r.route.path}`
    if (taken.has(id)) throw new TypeError(`Route ${id} is registered twice (plugin "${r.pluginId}")`)
    taken.add(id)
    if (!r.handler) throw new TypeError(`Route ${id} of plugin "${r.pluginId}" has no handler`)
    app.on(r.route.method, r.route.path, (c) => handle(c, r))
  }

  for (const p of plugins) {
    for (const page of p.pages ?? []) {
      const id = `GET ${page.path}`
      if (taken.has(id)) throw new TypeError(`Route ${id} is registered twice (plugin "${p.id}")`)
      taken.add(id)
      app.get(page.path, (c) => servePage(c, page))
    }
  }

  /** The origins this server answers on: its public URL's, and the one the request reached. */
  function ownOrigins(c: Context): string[] {
    const reached = new URL(c.req.url).origin
    return publicUrl ? [new URL(publicUrl).origin, reached] : [reached]
  }

  async function servePage(c: Context<Env>, page: PageRoute): Promise<Response> {
    const params = c.req.param() as Record<string, string>
    let pageApp: ServerApp | null = null
    if (page.path.includes(':app_id')) {
      const id = params.app_id ?? ''
      pageApp = ID_PATTERN.test(id) ? await getApp(id) : null
      if (!pageApp) throw errors.notFound('No such app.')
    }
    const headers: Record<string, string> = {}
    c.req.raw.headers.forEach((value, name) => (headers[name] = value))
    const url = new URL(c.req.url)
    const answer = await page.handler(
      { params, query: Object.fromEntries(url.searchParams), headers, origin: url.origin },
      { app: pageApp, db, now, publicUrl, registry },
    )
    return new Response(answer.body, { status: answer.status, headers: answer.headers })
  }

  async function readBody(c: Context, route: Route): Promise<unknown> {
    if (route.method === 'GET') return {}
    const text = await c.req.text()
    if (text.trim() === '') return {} // `accept_terms` and friends send no body
    try {
      return JSON.parse(text)
    } catch {
      throw errors.invalidData('Malformed JSON body.')
    }
  }

  async function handle(c: Context<Env>, r: RegisteredRoute): Promise<Response> {
    const params = c.req.param() as Record<string, string>
    const appId = r.route.path.includes(':app_id') ? params.app_id : c.req.header('privy-app-id')
    if (!appId || !ID_PATTERN.test(appId)) throw errors.invalidAppId()
    const serverApp = await getApp(appId)
    if (!serverApp) throw errors.invalidAppId()
    const origin = c.req.header('origin')
    if (origin && !serverApp.allowedOrigins.includes(origin) && !(r.ownOrigin && ownOrigins(c).includes(origin))) {
      c.set('originRefused', true)
      throw errors.invalidOrigin(origin)
    }

    const ip = clientIp(c)
    // Cookie session mode: the session cookies count only on a request of the widget's own kind. It
    // names the app in the `privy-app-id` header, which no form, link or image can send: another
    // origin's script needs a CORS preflight for it, and its origin was refused above. A browser that
    // says the request is cross-site (`Sec-Fetch-Site`) gets no cookie session either.
    const cookieMode = serverApp.settings.sessionCookies
    const jar =
      cookieMode && c.req.header('privy-app-id') === appId && c.req.header('sec-fetch-site') !== 'cross-site'
        ? parseCookieHeader(c.req.header('cookie'))
        : {}
    const bearer = /^Bearer\s+(\S+)$/i.exec(c.req.header('authorization') ?? '')?.[1] ?? (jar[SESSION_COOKIES.access] || undefined)
    const sessionCache = new Map<boolean, Promise<SessionInfo | null>>()
    const session = (o: { allowExpired?: boolean } = {}) => {
      const key = o.allowExpired ?? false
      let s = sessionCache.get(key)
      if (!s) {
        s = bearer ? sessions.verify(serverApp, bearer, { allowExpired: key }).catch(() => null) : Promise.resolve(null)
        sessionCache.set(key, s)
      }
      return s
    }
    // An app that requires its terms: until the user accepts, the session serves only the consent
    // step's routes. Checked once here, so no handler can forget it.
    if (r.route.auth && !r.route.beforeTerms && serverApp.settings.requireUsersAcceptTerms && bearer) {
      const s = await session()
      if (s && !s.hasAcceptedTerms) throw errors.termsNotAccepted()
    }
    const sessionRoute = r.pluginId === coreServerPlugin.id ? SESSION_ROUTES.get(`${r.route.method} ${r.route.path}`) : undefined
    // A fork hands a refresh token to another client: cookie mode never gives one to page script.
    if (cookieMode && sessionRoute === 'fork') throw errors.featureNotEnabled('Sessions cannot be forked in cookie session mode.')
    const raw = await readBody(c, r.route)
    const parsed = v.safeParse(r.schemas.request, raw)
    if (!parsed.success) throw errors.invalidData(describeIssue(parsed.issues[0]))
    if (cookieMode && sessionRoute) {
      const body = parsed.output as { refresh_token?: string }
      const fromCookie = jar[SESSION_COOKIES.refresh]
      if (!body.refresh_token && fromCookie) body.refresh_token = fromCookie
    }

    // Unlinking the last strong method needs a fresh login; the user row lock makes concurrent
    // unlinks of a user's last two strong methods see each other.
    const guardedUsers: UserService =
      !registry.hasStrongTypes
        ? users
        : {
            ...users,
            async unlink(a, userId, account) {
              if (!isStrong(account.type)) return users.unlink(a, userId, account)
              const s = await session()
              const fresh = s !== null && s.userId === userId && now() - s.authenticatedAt <= FRESH_AUTH_MAX_AGE_MS
              return db.transaction(async (tx) => {
                await tx.query('SELECT id FROM users WHERE id = $1 AND app_id = $2 FOR UPDATE', [userId, a.id])
                const txUsers = createUserService(tx, registry)
                const user = await txUsers.get(a, userId)
                // An account locked to the user is no way to sign in: it does not count.
                const others = (user?.accounts ?? []).filter(
                  (x) =>
                    isStrong(x.type) &&
                    !(x.type === account.type && x.identityKey === account.identityKey) &&
                    !registry.accountType(x.type).locked(x),
                )
                const owns = user?.accounts.some((x) => x.type === account.type && x.identityKey === account.identityKey)
                if (owns && others.length === 0 && !fresh) throw errors.reauthenticationRequired()
                return txUsers.unlink(a, userId, account)
              })
            },
          }
    // A guest who became a full user gets a new session id: tokens minted while a guest stop working.
    const afterGuestUpgrade = async (s: SessionInfo, user: UserRecord) => {
      if (s.isGuest && !user.isGuest) await sessions.rotateId(serverApp, s.sessionId)
      return user
    }
    const headers: Record<string, string> = {}
    c.req.raw.headers.forEach((value, name) => (headers[name] = value))
    const ctx: RequestContext = {
      app: serverApp,
      db,
      now,
      ip,
      publicUrl,
      registry,
      session,
      async requireSession(o) {
        const s = await session(o)
        if (!s) throw errors.invalidToken()
        return s
      },
      users: guardedUsers,
      sessions,
      otp,
      rateLimit: (key, max, windowMs) => limiter.hit(key, max, windowMs),
      rateLimitAll: (entries) => limiter.hitAll(entries),
      mail,
      sms,
      async verifyCaptcha(token) {
        const { captchaEnabled, captchaSecretKey } = serverApp.settings
        if (!captchaEnabled) return
        if (!token) throw errors.invalidCaptcha('A captcha token is required.')
        if (!captchaSecretKey) throw errors.featureNotEnabled('The app has no captcha secret key.')
        let verdict
        try {
          verdict = await captcha.verify({ token, secret: captchaSecretKey, ip })
        } catch (e) {
          logError('captcha verification could not reach the provider', e)
          throw errors.invalidCaptcha('Captcha verification is unavailable. Please try again.')
        }
        if (!verdict.success) throw errors.invalidCaptcha()
      },
      requireFreshAuth: async (o) => {
        const s = await ctx.requireSession()
        assertFreshAuth(s, now(), o?.maxAgeMs)
        return s
      },
      // The Bearer a device still holds names the session its new login replaces.
      signIn: async (account, o) =>
        signIn(serverApp, account, o, {
          client: { ip, userAgent: c.req.header('user-agent') ?? null },
          replaces: (await session({ allowExpired: true }))?.sessionId ?? null,
        }),
      async link(account, o) {
        const s = await session()
        if (!s) throw errors.invalidToken()
        const conflict = await transfers.conflict(serverApp, s.userId, account, now(), o)
        if (conflict) throw conflict
        return afterGuestUpgrade(s, await users.link(serverApp, s.userId, account, now(), o))
      },
      async transferAccount(input) {
        const s = await session()
        if (!s) throw errors.invalidToken()
        return afterGuestUpgrade(s, await transfers.transfer(serverApp, s.userId, input, now()))
      },
      async checkSensitiveOperation(operation) {
        const s = await ctx.requireSession()
        for (const guard of guards) await guard(operation, { headers, session: s }, ctx)
        return s
      },
    }
    const query = Object.fromEntries(new URL(c.req.url).searchParams)
    const run = async (): Promise<Response> => {
      const result = await r.handler!({ body: parsed.output, params, query, headers, ip }, ctx)
      if (options.validateResponses) {
        const check = v.safeParse(r.schemas.response, result)
        if (!check.success) {
          throw new Error(`Response of ${r.route.path} does not match its schema: ${describeIssue(check.issues[0])}`)
        }
      }
      // A browser-navigation route (the OAuth callback) answers with its own Response, a redirect.
      if (result instanceof Response) return result
      if (!cookieMode) return c.json(result as object, 200)
      const { body, cookies } = moveTokensToCookies(result as object)
      const res = c.json(body, 200)
      // Logout ends the cookies whatever the session's state.
      for (const cookie of sessionRoute === 'logout' ? clearedSessionCookies() : cookies) res.headers.append('set-cookie', cookie)
      return res
    }
    const runInMode = !(cookieMode && (sessionRoute === 'refresh' || sessionRoute === 'logout'))
      ? run
      : async () => {
          try {
            return await run()
          } catch (err) {
            // A refresh or logout the server refuses leaves no cookie session behind (a reused refresh
            // token has revoked its session by now).
            if (!(err instanceof HttpError) || err.code !== 'missing_or_invalid_token') throw err
            const res = c.json(err.toBody(), err.status as 401)
            for (const cookie of clearedSessionCookies()) res.headers.append('set-cookie', cookie)
            return res
          }
        }
    // A keyed POST runs once: a retry of a try whose answer was lost gets that answer.
    const key = r.route.method === 'POST' ? headers[IDEMPOTENCY_KEY_HEADER] : undefined
    if (key === undefined) return runInMode()
    // The credentials are part of the fingerprint (a cookie session's as a hash): another session's
    // retry with the same key is refused.
    const cookieCredentials = jar[SESSION_COOKIES.refresh] || jar[SESSION_COOKIES.access]
    const fingerprint = {
      method: r.route.method,
      path: c.req.path,
      authorization: headers.authorization ?? (cookieCredentials ? `cookie:${createHash('sha256').update(cookieCredentials).digest('hex')}` : undefined),
      body: await c.req.text(),
    }
    return idempotency.run(serverApp, key, fingerprint, runInMode)
  }

  // The app's public key as a JWKS, so a host backend can verify access and identity tokens with a
  // stock JWT library. Public data: no app header, no origin check.
  // The current key first, then the earlier keys not yet retired: a token signed before a rotation
  // verifies until its key is retired.
  const jwkCache = new Map<string, Promise<object>>()
  const jwkOf = (pem: string) => {
    let jwk = jwkCache.get(pem)
    if (!jwk) {
      jwk = (async () => {
        const key = await exportJWK(await importSPKI(pem, 'ES256', { extractable: true }))
        return { ...key, kid: await calculateJwkThumbprint(key), alg: 'ES256', use: 'sig' }
      })()
      jwkCache.set(pem, jwk)
    }
    return jwk
  }
  app.get('/api/v1/apps/:app_id/jwks.json', async (c) => {
    const id = c.req.param('app_id')
    const found = ID_PATTERN.test(id) ? await getApp(id) : null
    if (!found) throw errors.invalidAppId()
    const keys = await Promise.all([found.publicPem, ...found.previousKeys.map((k) => k.publicPem)].map(jwkOf))
    // A retired key must leave hosts' caches soon: a minute (as `verifyAccessToken`'s key set).
    c.header('cache-control', `public, max-age=${JWKS_MAX_AGE_MS / 1000}`)
    return c.json({ keys })
  })

  if (options.devMode) mountDevRoutes(app, { mail, clock, limiter })
  if (options.adminKey) {
    mountAdminRoutes(app as unknown as Hono, {
      db,
      adminKey: options.adminKey,
      invalidate: (id) => void appCache.delete(id),
      registry,
    })
  }

  return {
    fetch: (request, env) => app.fetch(request, env as object),
    app: app as unknown as Hono,
    routes,
    registry,
    clock,
    db,
    transfers,
    invalidateApp: (id) => void appCache.delete(id),
    async close() {
      const closable = mail as { close?: () => void }
      closable.close?.()
      await db.close()
    },
  }
}

function describeIssue(issue: v.BaseIssue<unknown> | undefined): string {
  if (!issue) return 'Invalid request data.'
  const path = issue.path?.map((p) => String(p.key)).join('.')
  // valibot's own messages ("Invalid type: ...") need the field name; schema-written ones stand alone.
  return path && issue.message.startsWith('Invalid ') ? `${path}: ${issue.message}` : issue.message
}

function escapeHtml(s: string): string {
  return s.replace(/[&<>"']/g, (ch) => `&#${ch.charCodeAt(0)};`)
}

function mountDevRoutes(
  app: Hono<Env>,
  deps: { mail: MailSender; clock: Clock; limiter: ReturnType<typeof createRateLimiter> },
) {
  const inbox = deps.mail instanceof DevInbox ? deps.mail : null
  const noInbox = () => errors.notFound('The dev inbox is not in use: mail goes through SMTP.')

  app.get('/dev/messages', (c) => {
    if (!inbox) throw noInbox()
    return c.json(inbox.messages(c.req.query('to')))
  })

  app.get('/dev/inbox', (c) => {
    if (!inbox) throw noInbox()
    const items = inbox
      .messages(c.req.query('to'))
      .map(
        (m) =>
          `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.sent_at)}</p><pre>${escapeHtml(m.text)}</pre></article>`,
      )
      .join('\n')
    return c.html(`<!doctype html>
<html lang="en"><head><meta charset="utf-8"><title>Portico dev inbox</title>
<meta name="viewport" content="width=device-width, initial-scale=1">
<style>body{font:16px/1.5 system-ui,sans-serif;max-width:42rem;margin:2rem auto;padding:0 1rem}
article{border:1px solid #ccc;border-radius:8px;padding:0 1rem;margin:1rem 0}.meta{color:#555;font-size:.875rem}
pre{white-space:pre-wrap;font:inherit}</style></head>
<body><h1>Dev inbox</h1><p>Mail sent by this server, newest first. Reload to see new messages.</p>
${items || '<p>No messages yet.</p>'}</body></html>`)
  })

  app.post('/dev/clock', async (c) => {
    let body: unknown
    try {
      body = await c.req.json()
    } catch {
      throw errors.invalidData('Malformed JSON body.')
    }
    // `{reset: true}` returns to wall time: browser tests that move the clock put it back, because
    // client-built messages (SIWE/SIWS) and provider tokens carry wall-clock times.
    if ((body as { reset?: unknown } | null)?.reset === true) {
      deps.clock.reset()
      return c.json({ now: deps.clock.now() })
    }
    const ms = (body as { advance_ms?: unknown } | null)?.advance_ms
    if (typeof ms !== 'number' || !Number.isFinite(ms) || ms < 0) {
      throw errors.invalidData('advance_ms must be a non-negative number, or reset must be true.')
    }
    deps.clock.advance(ms)
    return c.json({ now: deps.clock.now() })
  })

  app.post('/dev/reset-limits', async (c) => {
    await deps.limiter.reset()
    return c.json({ success: true })
  })
}

/** Checks the `publicUrl` option: an http(s) origin, optionally with a base path; answers it without a trailing slash. */
function publicBaseUrl(given: string): string {
  let url: URL
  try {
    url = new URL(given)
  } catch {
    throw new TypeError(`publicUrl must be an absolute URL such as https://auth.example.com (got ${given})`)
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.search || url.hash || url.username) {
    throw new TypeError(`publicUrl must be an http(s) URL without query, fragment or credentials (got ${given})`)
  }
  return `${url.origin}${url.pathname}`.replace(/\/+$/, '')
}
