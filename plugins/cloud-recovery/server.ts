/**
 * Cloud recovery, server half: the recovery OAuth routes through which the wallet frame gets a
 * short-lived token for the user's own Google Drive (app-data folder) or iCloud (private CloudKit
 * database), where the key of the wallet's recovery share lives.
 *
 * The round trip (both storages): the frame makes a PKCE verifier and a state and calls `init` /
 * `init_icloud` with the user's access token; the page opens the answered URL in a popup; the
 * storage's sign-in returns to this server (`callback`, `callback_icloud`), which gets the storage's
 * token (Google: the code exchanged with the server's own PKCE verifier and client secret; iCloud: the
 * `ckWebAuthToken`), keeps it sealed under a new one-time code and sends the popup to `redirect_to`
 * with that code (`privy_oauth_code`, or the literal `undefined` when the user refused). The page
 * hands code and state to the frame, which redeems them with its verifier at `authenticate`. The page
 * never holds the verifier, so the code is worthless to it; the token reaches only the frame.
 * @module
 */
import * as v from 'valibot'
import { defineServerPlugin, defineSetting, errors, HttpError, newId, readSetting, type RequestContext, type ServerApp, type SessionInfo } from '../../server'
import { recoveryOAuthRoutes } from '../../protocols/cloud-recovery/routes'
import { recoveryOAuthSchemas } from '../../protocols/cloud-recovery/schemas'
import { CLOUDKIT_API_URL, GOOGLE_DRIVE_API_URL } from '../../protocols/cloud-recovery/storage'
import { OAUTH_QUERY_PARAMS } from '../../protocols/oauth/return-url'
import { embeddedWalletsSetting } from '../embedded-wallets/server'
import {
  cloudRecoveryMigrations,
  createRecoveryAttempt,
  randomToken,
  RECOVERY_ATTEMPT_TTL_MS,
  redeemRecoveryCode,
  s256,
  safeEqual,
  startRecoveryAttempt,
  storeRecoveryToken,
  takeRecoveryAttempt,
  type RecoveryAttempt,
} from './server/attempts'

export { cloudRecoveryMigrations, RECOVERY_ATTEMPT_TTL_MS } from './server/attempts'

/** Google's OAuth endpoints. */
export const GOOGLE_AUTHORIZATION_URL = 'https://accounts.google.com/o/oauth2/v2/auth'
/** Google's token endpoint. */
export const GOOGLE_TOKEN_URL = 'https://oauth2.googleapis.com/token'
/** The only Drive scope asked for: the app's own hidden folder, nothing else of the user's Drive. */
export const DRIVE_APPDATA_SCOPE = 'https://www.googleapis.com/auth/drive.appdata'
/** The cookie that ties an iCloud sign-in's return to its attempt (CloudKit's redirect carries no state). */
export const ICLOUD_STATE_COOKIE = 'portico_icloud_state'

/** The app's Google and CloudKit registrations (`cloudRecovery` setting). */
export interface CloudRecoverySettings {
  /** A Google OAuth client whose redirect URI is `<publicUrl>/api/v1/recovery/oauth/callback/<app id>`. */
  googleDrive?: { clientId: string; clientSecret: string; authorizationUrl?: string; tokenUrl?: string; apiUrl?: string }
  /**
   * A CloudKit container and API token whose sign-in callback is a URL redirect to
   * `<publicUrl>/api/v1/recovery/oauth/callback_icloud/<app id>`.
   */
  icloud?: { apiToken: string; containerIdentifier: string; environment: 'development' | 'production'; apiUrl?: string }
}

const url = (what: string) => v.optional(v.pipe(v.string(), v.url(`${what} must be a URL.`)))

/**
 * `cloudRecovery`: the registrations the `google-drive` and `icloud` recovery methods need (the
 * methods themselves are switched on by `embeddedWallets.userOwnedRecoveryOptions`). The Google client
 * secret is sealed at rest and masked in the admin API. URLs default to Google's and Apple's.
 * @defaultValue {}
 * @example
 * ```ts
 * import { readSetting } from 'portico/server'
 * import { cloudRecoverySetting } from 'portico/plugins/cloud-recovery/server'
 * readSetting(ctx.app, cloudRecoverySetting).googleDrive?.clientId
 * ```
 */
export const cloudRecoverySetting = defineSetting<CloudRecoverySettings>({
  key: 'cloudRecovery',
  schema: v.strictObject({
    googleDrive: v.optional(
      v.strictObject({
        clientId: v.pipe(v.string(), v.minLength(1)),
        clientSecret: v.pipe(v.string(), v.minLength(1)),
        authorizationUrl: url('authorizationUrl'),
        tokenUrl: url('tokenUrl'),
        apiUrl: url('apiUrl'),
      }),
    ),
    icloud: v.optional(
      v.strictObject({
        apiToken: v.pipe(v.string(), v.minLength(1)),
        containerIdentifier: v.pipe(v.string(), v.regex(/^iCloud\.[\w.-]+$/, 'containerIdentifier starts with iCloud.')),
        environment: v.picklist(['development', 'production']),
        apiUrl: url('apiUrl'),
      }),
    ),
  }),
  default: {},
  secrets: ['googleDrive.clientSecret'],
})

/**
 * The storages' API origins the app's wallet frame talks to (for its `connect-src`).
 * @param app - the app.
 * @returns the origins of the configured storages.
 * @example
 * ```ts
 * cloudStorageOrigins(app) // ['https://www.googleapis.com', 'https://api.apple-cloudkit.com']
 * ```
 */
export function cloudStorageOrigins(app: ServerApp): string[] {
  const s = readSetting(app, cloudRecoverySetting)
  const out: string[] = []
  if (s.googleDrive) out.push(new URL(s.googleDrive.apiUrl ?? GOOGLE_DRIVE_API_URL).origin)
  if (s.icloud) out.push(new URL(s.icloud.apiUrl ?? CLOUDKIT_API_URL).origin)
  return out
}

/** Options of {@link cloudRecoveryServer}. */
export interface CloudRecoveryServerOptions {
  /** Logs why a storage's sign-in failed (the page only sees `invalid_credentials`). @defaultValue console.warn */
  logFailure?: (message: string) => void
  /** Reaches Google and CloudKit. @defaultValue globalThis.fetch */
  fetch?: typeof fetch
}

const disallowed = (method: string) => new HttpError(400, 'disallowed_recovery_method', `This app does not allow the ${method} recovery method.`)
const badCode = () => errors.invalidCredentials('Invalid or expired recovery authorization code.')
const stateMismatch = () => new HttpError(400, 'oauth_state_mismatch', 'The OAuth state does not match.')
const pkceMismatch = () => new HttpError(400, 'invalid_pkce_parameters', 'Invalid PKCE parameters.')

function googleOf(app: ServerApp) {
  if (!readSetting(app, embeddedWalletsSetting).userOwnedRecoveryOptions.includes('google-drive')) throw disallowed('google-drive')
  const g = readSetting(app, cloudRecoverySetting).googleDrive
  if (!g) throw errors.featureNotEnabled('Google Drive recovery has no Google client on this server.')
  return g
}

function icloudOf(app: ServerApp) {
  if (!readSetting(app, embeddedWalletsSetting).userOwnedRecoveryOptions.includes('icloud')) throw disallowed('icloud')
  const c = readSetting(app, cloudRecoverySetting).icloud
  if (!c) throw errors.featureNotEnabled('iCloud recovery has no CloudKit container on this server.')
  return c
}

/** `redirect_to` must be a page of one of the app's allowed origins (its code is worthless without the frame's verifier). */
function checkRedirectTo(app: ServerApp, redirectTo: string): void {
  let u: URL
  try {
    u = new URL(redirectTo)
  } catch {
    throw errors.invalidData('redirect_to must be an absolute URL.')
  }
  if ((u.protocol !== 'http:' && u.protocol !== 'https:') || u.username || u.password || !app.allowedOrigins.includes(u.origin)) {
    throw errors.invalidData("redirect_to is not a page of the app's allowed origins.")
  }
}

function publicUrlOf(ctx: RequestContext): string {
  if (!ctx.publicUrl) throw errors.featureNotEnabled('Cloud recovery needs the server public URL: start the server with publicUrl (PORTICO_PUBLIC_URL).')
  return ctx.publicUrl
}

/** A 302 back to the attempt's `redirect_to` with the return parameters. */
function redirectBack(attempt: RecoveryAttempt, params: Record<string, string>, headers: Record<string, string> = {}) {
  const back = new URL(attempt.redirectTo)
  for (const [k, val] of Object.entries(params)) back.searchParams.set(k, val)
  back.searchParams.set(OAUTH_QUERY_PARAMS.state, attempt.clientState)
  back.searchParams.set(OAUTH_QUERY_PARAMS.provider, attempt.provider)
  return new Response(null, { status: 302, headers: { location: back.href, 'cache-control': 'no-store', ...headers } })
}

const codeParam = (code: string) => ({ [OAUTH_QUERY_PARAMS.code]: code })
const failedParam = () => ({ [OAUTH_QUERY_PARAMS.error]: 'invalid_credentials' })

function cookieOf(header: string | undefined, name: string): string | undefined {
  for (const part of (header ?? '').split(';')) {
    const eq = part.indexOf('=')
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim()
  }
  return undefined
}

/**
 * The cloud-recovery plugin's server half: `POST /api/v1/recovery/oauth/init`, `/init_icloud`,
 * `/authenticate`, `POST /api/v1/recovery/configuration_icloud`, and the popup's pages
 * `GET /api/v1/recovery/oauth/callback/:app_id`, `/start_icloud/:app_id`, `/callback_icloud/:app_id`.
 *
 * Every JSON route needs the user's session, and a code is redeemed only by the user who started
 * its round trip, once, with the state and PKCE verifier of its init (a failed check spends it too).
 * The method must be in the app's `embeddedWallets.userOwnedRecoveryOptions`, and its registration in
 * {@link cloudRecoverySetting}. The routes also take the server's own origin: the wallet frame calls them.
 * @param options - failure logging, the fetch that reaches the storages.
 * @returns the server plugin.
 * @example
 * ```ts
 * import { createServer } from 'portico/server'
 * import { embeddedWalletsServer } from 'portico/plugins/embedded-wallets/server'
 * import { cloudRecoveryServer } from 'portico/plugins/cloud-recovery/server'
 * const server = await createServer({ db, mail, secret, publicUrl: 'https://auth.example.com', plugins: [embeddedWalletsServer(), cloudRecoveryServer()] })
 * ```
 */
export function cloudRecoveryServer(options: CloudRecoveryServerOptions = {}) {
  const logFailure = options.logFailure ?? ((m: string) => console.warn(`[portico cloud-recovery] ${m}`))
  const fetcher = options.fetch ?? ((...args: Parameters<typeof fetch>) => globalThis.fetch(...args))

  async function newAttempt(ctx: RequestContext, session: SessionInfo, fields: Pick<RecoveryAttempt, 'provider' | 'providerVerifier' | 'providerUrl' | 'providerState'>, body: { redirect_to: string; code_challenge: string; state_code: string }) {
    const now = ctx.now()
    await createRecoveryAttempt(
      ctx.db,
      { id: newId(), appId: ctx.app.id, userId: session.userId, ...fields, clientState: body.state_code, codeChallenge: body.code_challenge, redirectTo: body.redirect_to, expiresAt: now + RECOVERY_ATTEMPT_TTL_MS },
      now,
    )
  }

  async function limit(ctx: RequestContext, session: SessionInfo) {
    await ctx.rateLimit(`cloud-recovery:user:${ctx.app.id}:${session.userId}`, 30, 10 * 60 * 1000)
  }

  /** CloudKit's sign-in page: a call that needs a user answers 421 with it. */
  async function icloudSignInUrl(c: NonNullable<CloudRecoverySettings['icloud']>): Promise<string> {
    const base = c.apiUrl ?? CLOUDKIT_API_URL
    const probe = `${base}/database/1/${encodeURIComponent(c.containerIdentifier)}/${c.environment}/private/users/caller?ckAPIToken=${encodeURIComponent(c.apiToken)}`
    let answer: { redirectURL?: unknown } | null = null
    try {
      const res = await fetcher(probe)
      if (res.status === 421) answer = (await res.json()) as { redirectURL?: unknown }
      else logFailure(`CloudKit answered ${res.status} where it asks for a sign-in`)
    } catch (e) {
      logFailure(`CloudKit is not reachable: ${e instanceof Error ? e.message : String(e)}`)
    }
    if (typeof answer?.redirectURL !== 'string' || !/^https?:\/\//.test(answer.redirectURL)) throw errors.unavailable()
    return answer.redirectURL
  }

  /** Google's token endpoint: the code for an access token, with the server's PKCE verifier. */
  async function googleToken(app: ServerApp, attempt: RecoveryAttempt, code: string, redirectUri: string): Promise<string | null> {
    const g = googleOf(app)
    try {
      const res = await fetcher(g.tokenUrl ?? GOOGLE_TOKEN_URL, {
        method: 'POST',
        headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
        body: new URLSearchParams({ grant_type: 'authorization_code', code, client_id: g.clientId, client_secret: g.clientSecret, redirect_uri: redirectUri, code_verifier: attempt.providerVerifier ?? '' }),
      })
      const body = (await res.json().catch(() => ({}))) as { access_token?: unknown; error?: unknown }
      if (res.ok && typeof body.access_token === 'string') return body.access_token
      logFailure(`Google's token endpoint answered ${res.status} ${String(body.error ?? '')}`)
    } catch (e) {
      logFailure(`Google's token endpoint is not reachable: ${e instanceof Error ? e.message : String(e)}`)
    }
    return null
  }

  return defineServerPlugin({
    id: 'cloud-recovery',
    routes: recoveryOAuthRoutes,
    schemas: recoveryOAuthSchemas,
    settings: [cloudRecoverySetting],
    migrations: cloudRecoveryMigrations,
    ownOrigin: true,
    handlers: {
      async init(req, ctx) {
        const session = await ctx.requireSession()
        const g = googleOf(ctx.app)
        checkRedirectTo(ctx.app, req.body.redirect_to)
        const redirectUri = `${publicUrlOf(ctx)}${recoveryOAuthRoutes.callback.path.replace(':app_id', ctx.app.id)}`
        await limit(ctx, session)
        const providerState = randomToken()
        const providerVerifier = randomToken()
        await newAttempt(ctx, session, { provider: 'google-drive', providerState, providerVerifier, providerUrl: null }, req.body)
        const u = new URL(g.authorizationUrl ?? GOOGLE_AUTHORIZATION_URL)
        u.search = new URLSearchParams({
          client_id: g.clientId,
          redirect_uri: redirectUri,
          response_type: 'code',
          scope: DRIVE_APPDATA_SCOPE,
          state: providerState,
          code_challenge: s256(providerVerifier),
          code_challenge_method: 'S256',
          access_type: 'online',
          prompt: 'consent',
        }).toString()
        return { url: u.href }
      },

      async callback(req, ctx) {
        const { state, code, error } = req.query
        if (!state) throw errors.invalidData('The sign-in returned without a state.')
        const attempt = await takeRecoveryAttempt(ctx.db, ctx.app.id, state, ctx.now())
        if (!attempt || attempt.provider !== 'google-drive') throw errors.invalidData('Unknown or already used recovery sign-in state.')
        if (attempt.expiresAt <= ctx.now()) return redirectBack(attempt, failedParam())
        // The contract's way to say the user refused: the literal code 'undefined'.
        if (error === 'access_denied') return redirectBack(attempt, codeParam('undefined'))
        if (error || !code) {
          logFailure(`Google returned ${error ?? 'no code'}`)
          return redirectBack(attempt, failedParam())
        }
        const token = await googleToken(ctx.app, attempt, code, `${publicUrlOf(ctx)}${recoveryOAuthRoutes.callback.path.replace(':app_id', ctx.app.id)}`)
        if (!token) return redirectBack(attempt, failedParam())
        return redirectBack(attempt, codeParam(await storeRecoveryToken(ctx.db, attempt, token)))
      },

      async initIcloud(req, ctx) {
        const session = await ctx.requireSession()
        const c = icloudOf(ctx.app)
        checkRedirectTo(ctx.app, req.body.redirect_to)
        const base = publicUrlOf(ctx)
        await limit(ctx, session)
        const providerUrl = await icloudSignInUrl(c)
        const providerState = randomToken()
        await newAttempt(ctx, session, { provider: 'icloud', providerState, providerVerifier: null, providerUrl }, req.body)
        const start = new URL(`${base}${recoveryOAuthRoutes.startIcloud.path.replace(':app_id', ctx.app.id)}`)
        start.searchParams.set('state', providerState)
        return { url: start.href }
      },

      async startIcloud(req, ctx) {
        const state = req.query.state
        if (!state) throw errors.invalidData('The iCloud sign-in has no state.')
        const attempt = await startRecoveryAttempt(ctx.db, ctx.app.id, state, ctx.now())
        if (!attempt?.providerUrl) throw errors.invalidData('Unknown, expired or already opened iCloud sign-in.')
        const secure = (ctx.publicUrl ?? '').startsWith('https:') ? '; Secure' : ''
        const cookie = `${ICLOUD_STATE_COOKIE}=${state}; Path=/api/v1/recovery/oauth/; HttpOnly; SameSite=Lax; Max-Age=${RECOVERY_ATTEMPT_TTL_MS / 1000}${secure}`
        return new Response(null, { status: 302, headers: { location: attempt.providerUrl, 'set-cookie': cookie, 'cache-control': 'no-store' } })
      },

      async callbackIcloud(req, ctx) {
        const state = cookieOf(req.headers.cookie, ICLOUD_STATE_COOKIE)
        if (!state) throw errors.invalidData('The iCloud sign-in returned to a browser that did not start it.')
        const attempt = await takeRecoveryAttempt(ctx.db, ctx.app.id, state, ctx.now())
        if (!attempt || attempt.provider !== 'icloud') throw errors.invalidData('Unknown or already used recovery sign-in state.')
        const clear = { 'set-cookie': `${ICLOUD_STATE_COOKIE}=; Path=/api/v1/recovery/oauth/; HttpOnly; SameSite=Lax; Max-Age=0` }
        if (attempt.expiresAt <= ctx.now()) return redirectBack(attempt, failedParam(), clear)
        const token = req.query.ckWebAuthToken
        // A sign-in the user cancelled comes back without a token: they refused.
        if (!token) return redirectBack(attempt, codeParam('undefined'), clear)
        if (token.length > 4096) return redirectBack(attempt, failedParam(), clear)
        return redirectBack(attempt, codeParam(await storeRecoveryToken(ctx.db, attempt, token)), clear)
      },

      async authenticate(req, ctx) {
        const session = await ctx.requireSession()
        const redeemed = await redeemRecoveryCode(ctx.db, ctx.app.id, req.body.authorization_code, ctx.now())
        if (!redeemed) throw badCode()
        const { attempt, token } = redeemed
        // Checked after the code is spent: a code that fails any check cannot be tried again.
        if (attempt.userId !== session.userId) throw badCode()
        if (attempt.expiresAt <= ctx.now()) throw badCode()
        if (req.body.provider && req.body.provider !== attempt.provider) throw badCode()
        if (!safeEqual(attempt.clientState, req.body.state_code)) throw stateMismatch()
        if (!safeEqual(attempt.codeChallenge, s256(req.body.code_verifier))) throw pkceMismatch()
        const apiUrl =
          attempt.provider === 'google-drive'
            ? (readSetting(ctx.app, cloudRecoverySetting).googleDrive?.apiUrl ?? GOOGLE_DRIVE_API_URL)
            : (readSetting(ctx.app, cloudRecoverySetting).icloud?.apiUrl ?? CLOUDKIT_API_URL)
        return { access_token: token, api_url: apiUrl }
      },

      async configurationIcloud(_req, ctx) {
        await ctx.requireSession()
        const c = icloudOf(ctx.app)
        return { api_token: c.apiToken, container_identifier: c.containerIdentifier, environment: c.environment, api_url: c.apiUrl ?? CLOUDKIT_API_URL }
      },
    },
  })
}
