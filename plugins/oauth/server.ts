/**
 * The social (OAuth) login, server half: starts the round trip, owns the provider's callback, and
 * exchanges the one-time code it hands the client for a session or a linked account.
 * @module
 */
import { isLoginEnabled, type LoginSwitch, type OAuthProviderConfig, type ServerApp } from '../../server/apps'
import { errors, HttpError } from '../../server/errors'
import { newId } from '../../server/ids'
import { defineServerPlugin, type RequestContext } from '../../server/plugin'
import type { AccountInput } from '../../server/services/users'
import type { OAuthTokens } from '../../kernel/wire'
import { oauthRoutes } from './api'
import { oauthSchemas } from './schemas'
import { isOAuthProvider, oauthProvider, type OAuthProviderSpec } from './providers'
import {
  ATTEMPT_TTL_MS,
  consumeAttempt,
  createAttempt,
  findAttemptByCode,
  oauthMigrations,
  storeResult,
  takeAttemptByState,
  type Attempt,
  type AttemptResult,
} from './server/attempts'
import { authorizationUrl, exchangeCode, providerEndpoints, ProviderLegError } from './server/exchange'
import { randomToken, s256, safeEqual } from './server/pkce'
import { allowedProvider, crossAppAuthorizationUrl, crossAppProviderId, exchangeCrossAppCode } from './server/cross-app'

/** The path of the callback, as registered at providers: `<publicUrl>/api/v1/oauth/callback/<app id>`. */
export const OAUTH_CALLBACK_PATH = oauthRoutes.callback.path

/** Options of {@link oauthServer}. */
export interface OAuthServerOptions {
  /**
   * The server's public base URL, e.g. `https://auth.example.com`: the callback URL registered at
   * providers is built from it. @defaultValue `http://<Host header of the init request>`
   */
  publicUrl?: string
  /** Logs why a provider leg failed (the client only sees `invalid_credentials`). @defaultValue console.warn */
  logFailure?: (message: string) => void
}

/** 400 `oauth_state_mismatch`. */
const stateMismatch = () => new HttpError(400, 'oauth_state_mismatch', 'The OAuth state does not match.')
/** 400 `invalid_pkce_parameters`. */
const pkceMismatch = () => new HttpError(400, 'invalid_pkce_parameters', 'Invalid PKCE parameters.')
/** 403 `oauth_account_suspended`. */
const suspended = () =>
  new HttpError(403, 'oauth_account_suspended', 'This account has been suspended by the OAuth provider.')
const badCode = () => errors.invalidCredentials('Invalid or expired OAuth authorization code.')

/** A provider the app may use now: enabled, registered, and known to the table. */
interface UsableProvider {
  spec: OAuthProviderSpec
  settings: OAuthProviderConfig
}

/**
 * Checks a provider is on for the app: a built-in one needs its `<provider>_oauth` switch and a client
 * registration; a `custom:<id>` one needs its registration.
 */
function usableProvider(app: ServerApp, provider: string): UsableProvider {
  const spec = isOAuthProvider(provider) ? oauthProvider(provider) : undefined
  if (!spec) throw errors.disallowedLoginMethod(provider)
  const settings = app.settings.oauthProviders[provider]
  if (spec.id.startsWith('custom:')) {
    if (!settings) throw errors.disallowedLoginMethod(provider)
    return { spec, settings }
  }
  if (!isLoginEnabled(app, spec.accountType as LoginSwitch)) throw errors.disallowedLoginMethod(spec.accountType)
  if (!settings) throw errors.featureNotEnabled(`${spec.displayName} login has no client credentials on this server.`)
  return { spec, settings }
}

/** `redirect_to` must be an http(s) URL on one of the app's allowed origins. */
function checkRedirectTo(app: ServerApp, redirectTo: string): void {
  let url: URL
  try {
    url = new URL(redirectTo)
  } catch {
    throw errors.invalidData('redirect_to must be an absolute URL.')
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || !app.allowedOrigins.includes(url.origin)) {
    throw errors.invalidData("redirect_to must be on one of the app's allowed origins.")
  }
}

/** A 302 to `redirect_to` with the `privy_oauth_*` parameters added. */
function redirectBack(attempt: Pick<Attempt, 'redirectTo' | 'clientState' | 'provider'>, params: Record<string, string>) {
  const url = new URL(attempt.redirectTo)
  for (const [k, v] of Object.entries(params)) url.searchParams.set(k, v)
  url.searchParams.set('privy_oauth_state', attempt.clientState)
  url.searchParams.set('privy_oauth_provider', attempt.provider)
  return new Response(null, { status: 302, headers: { location: url.href, 'cache-control': 'no-store' } })
}

/** Marks a provider account suspended: the `suspended` claim, or an account status saying so. */
function isSuspended(profile: Record<string, unknown>): boolean {
  return profile.suspended === true || profile.suspended === 'true' || profile.account_status === 'suspended'
}

/**
 * Checks a returned code against its attempt and uses it: state, PKCE, expiry, single use.
 * A code that fails the state or PKCE check is spent too, so a stolen code cannot be retried.
 */
async function redeem(
  ctx: RequestContext,
  body: { authorization_code: string; state_code: string; code_verifier?: string },
): Promise<{ attempt: Attempt; result: AttemptResult }> {
  const attempt = await findAttemptByCode(ctx.db, ctx.app.id, body.authorization_code)
  if (!attempt || attempt.usedAt !== null || attempt.expiresAt <= ctx.now()) throw badCode()
  const stateOk = safeEqual(attempt.clientState, body.state_code)
  const pkceOk = attempt.codeChallenge
    ? body.code_verifier !== undefined && safeEqual(attempt.codeChallenge, s256(body.code_verifier))
    : body.code_verifier === undefined
  const result = await consumeAttempt(ctx.db, attempt.id, ctx.now())
  if (!stateOk) throw stateMismatch()
  if (!pkceOk) throw pkceMismatch()
  if (!result) throw badCode()
  // The provider may have been switched off (or the cross-app connection withdrawn) since the round trip began.
  const crossAppId = crossAppProviderId(attempt.provider)
  if (crossAppId) await allowedProvider(ctx.db, ctx.app, crossAppId)
  else usableProvider(ctx.app, attempt.provider)
  if (result.outcome === 'suspended') throw suspended()
  return { attempt, result }
}

/**
 * The OAuth plugin's server half: `POST /api/v1/oauth/init`, `/authenticate`, `/link`, and the
 * provider's return, `GET /api/v1/oauth/callback/:app_id`.
 *
 * Each provider needs the app's client registration in `settings.oauthProviders[provider]` (and, for
 * built-in providers, the `<provider>_oauth` login switch). Register
 * `<publicUrl>/api/v1/oauth/callback/<app id>` as the redirect URI at the provider.
 * @param options - the public URL and failure logging.
 * @returns the server plugin.
 * @example
 * ```ts
 * import { createServer, createPgliteDb, DevInbox } from 'portico/server'
 * import { oauthServer } from 'portico/plugins/oauth/server'
 * const server = await createServer({
 *   db: await createPgliteDb(), mail: new DevInbox(), secret: 's',
 *   plugins: [oauthServer({ publicUrl: 'https://auth.example.com' })],
 * })
 * ```
 */
export function oauthServer(options: OAuthServerOptions = {}) {
  const logFailure = options.logFailure ?? ((m: string) => console.warn(`[portico oauth] ${m}`))
  const publicUrl = (host: string | undefined) => {
    if (options.publicUrl) return options.publicUrl.replace(/\/$/, '')
    if (!host) throw errors.featureNotEnabled('The server cannot tell its own URL: set the OAuth publicUrl option.')
    return `http://${host}`
  }

  /**
   * `init` of a cross-app provider (`privy:<provider app id>`): the requester must be allowed to use
   * the provider app; the endpoints are derived (the provider app's page, this server's cross-app routes).
   */
  async function initCrossApp(req: { body: { provider: string; redirect_to: string; token?: string; code_challenge?: string; state_code?: string }; headers: Record<string, string> }, ctx: RequestContext) {
    const { app } = ctx
    const provider = await allowedProvider(ctx.db, app, crossAppProviderId(req.body.provider)!)
    checkRedirectTo(app, req.body.redirect_to)
    if (!(await ctx.session())) await ctx.verifyCaptcha(req.body.token)
    const { limit, windowMs } = app.settings.otpPerIp
    await ctx.rateLimit(`oauth:ip:${app.id}:${ctx.ip}`, limit, windowMs)
    const now = ctx.now()
    const providerState = randomToken()
    const providerVerifier = randomToken()
    const redirectUri = `${publicUrl(req.headers.host)}${OAUTH_CALLBACK_PATH.replace(':app_id', app.id)}`
    const url = crossAppAuthorizationUrl(provider, {
      clientId: app.id,
      redirectUri,
      state: providerState,
      codeChallenge: s256(providerVerifier),
    })
    if (!url) throw errors.featureNotEnabled(`${provider.name} has no sign-in page for other apps (set its crossApp.authorizeUrl).`)
    await createAttempt(
      ctx.db,
      {
        id: newId(),
        appId: app.id,
        provider: req.body.provider,
        providerState,
        providerVerifier,
        nonce: null,
        redirectUri,
        clientState: req.body.state_code ?? randomToken(),
        codeChallenge: req.body.code_challenge ?? null,
        redirectTo: req.body.redirect_to,
        expiresAt: now + ATTEMPT_TTL_MS,
      },
      now,
    )
    return { url }
  }

  return defineServerPlugin({
    id: 'oauth',
    routes: oauthRoutes,
    schemas: oauthSchemas,
    migrations: oauthMigrations,
    handlers: {
      async init(req, ctx) {
        const { app } = ctx
        if (crossAppProviderId(req.body.provider)) return initCrossApp(req, ctx)
        const { spec, settings } = usableProvider(app, req.body.provider)
        checkRedirectTo(app, req.body.redirect_to)
        // A signed-in user linking an account passed no captcha step.
        if (!(await ctx.session())) await ctx.verifyCaptcha(req.body.token)
        const { limit, windowMs } = app.settings.otpPerIp
        await ctx.rateLimit(`oauth:ip:${app.id}:${ctx.ip}`, limit, windowMs)

        let endpoints
        try {
          endpoints = await providerEndpoints(spec, settings)
        } catch (e) {
          if (!(e instanceof ProviderLegError)) throw e
          logFailure(e.message)
          throw errors.featureNotEnabled(`${spec.displayName} login is not reachable: its endpoints are unknown.`)
        }
        const now = ctx.now()
        const providerState = randomToken()
        const providerVerifier = randomToken()
        const nonce = spec.openid ? randomToken() : null
        const redirectUri = `${publicUrl(req.headers.host)}${OAUTH_CALLBACK_PATH.replace(':app_id', app.id)}`
        await createAttempt(
          ctx.db,
          {
            id: newId(),
            appId: app.id,
            provider: spec.id,
            providerState,
            providerVerifier,
            nonce,
            redirectUri,
            // Without a client state the server's own stands in; the client reads it back from the return.
            clientState: req.body.state_code ?? randomToken(),
            codeChallenge: req.body.code_challenge ?? null,
            redirectTo: req.body.redirect_to,
            expiresAt: now + ATTEMPT_TTL_MS,
          },
          now,
        )
        const url = authorizationUrl({
          spec,
          endpoints,
          clientId: settings.clientId,
          redirectUri,
          state: providerState,
          codeChallenge: s256(providerVerifier),
          nonce,
        })
        return { url }
      },

      async callback(req, ctx) {
        const { state, code, error } = req.query
        if (!state) throw errors.invalidData('The provider returned without a state.')
        const attempt = await takeAttemptByState(ctx.db, ctx.app.id, state, ctx.now())
        if (!attempt) throw errors.invalidData('Unknown or already used OAuth state.')
        if (attempt.expiresAt <= ctx.now()) {
          return redirectBack(attempt, { privy_oauth_error: 'invalid_credentials' })
        }
        if (error === 'access_denied') return redirectBack(attempt, { privy_oauth_code: 'undefined' })
        if (error || !code) {
          logFailure(`${attempt.provider} returned an error: ${error ?? 'no code'} ${req.query.error_description ?? ''}`)
          return redirectBack(attempt, { privy_oauth_error: 'invalid_credentials' })
        }

        let result: AttemptResult
        try {
          const crossAppId = crossAppProviderId(attempt.provider)
          if (crossAppId) {
            await allowedProvider(ctx.db, ctx.app, crossAppId)
            // This server's own base URL: the callback's address without its path.
            const baseUrl = attempt.redirectUri.slice(0, attempt.redirectUri.indexOf(OAUTH_CALLBACK_PATH.replace(':app_id', '')))
            const leg = await exchangeCrossAppCode({
              baseUrl,
              providerAppId: crossAppId,
              clientId: ctx.app.id,
              code,
              redirectUri: attempt.redirectUri,
              codeVerifier: attempt.providerVerifier,
            })
            const oneTimeCode = randomToken()
            await storeResult(ctx.db, attempt.id, oneTimeCode, { outcome: 'ok', account: leg.account, email: null, tokens: leg.tokens })
            return redirectBack(attempt, { privy_oauth_code: oneTimeCode })
          }
          const { spec, settings } = usableProvider(ctx.app, attempt.provider)
          const endpoints = await providerEndpoints(spec, settings)
          const leg = await exchangeCode({
            spec,
            endpoints,
            settings,
            code,
            redirectUri: attempt.redirectUri,
            codeVerifier: attempt.providerVerifier,
            nonce: attempt.nonce,
            // The ID token's times are the provider's: check them against the wall clock, not the
            // server clock that dev mode can move forward for our own expiries.
            now: Date.now(),
          })
          if (isSuspended(leg.profile)) {
            result = { outcome: 'suspended' }
          } else {
            const mapped = spec.mapProfile(leg.profile)
            if (!mapped) throw new ProviderLegError(`${spec.id}: the profile has no subject`)
            const account: AccountInput = {
              type: spec.accountType,
              identityKey: mapped.subject,
              details: { subject: mapped.subject, ...mapped.fields },
            }
            result = { outcome: 'ok', account, email: mapped.email, tokens: leg.tokens }
          }
        } catch (e) {
          if (!(e instanceof ProviderLegError) && !(e instanceof HttpError)) throw e
          logFailure(e.message)
          return redirectBack(attempt, { privy_oauth_error: 'invalid_credentials' })
        }
        const oneTimeCode = randomToken()
        await storeResult(ctx.db, attempt.id, oneTimeCode, result)
        return redirectBack(attempt, { privy_oauth_code: oneTimeCode })
      },

      async authenticate(req, ctx) {
        const { result } = await redeem(ctx, req.body)
        if (result.outcome !== 'ok') throw suspended()
        const identities = [result.email, result.account.identityKey].filter((x): x is string => !!x)
        const answer = await ctx.signIn(result.account, { mode: req.body.mode, allowlistIdentities: identities })
        return withTokens(answer, result.tokens)
      },

      async link(req, ctx) {
        // Only a signed-in user may link; check before spending the code.
        await ctx.requireSession()
        const { result } = await redeem(ctx, req.body)
        if (result.outcome !== 'ok') throw suspended()
        const user = await ctx.link(result.account, { single: true })
        return withTokens(ctx.users.toWire(user), result.tokens)
      },

      async unlink(req, ctx) {
        const s = await ctx.requireSession()
        const type = accountTypeOf(req.body.provider)
        if (!type) throw errors.invalidData(`Unknown OAuth provider: ${req.body.provider}.`)
        const user = await ctx.users.unlink(ctx.app, s.userId, { type, identityKey: req.body.subject })
        return ctx.users.toWire(user)
      },

      async transfer(req, ctx) {
        // The provider is not re-checked: moving an existing account needs no provider round trip.
        const info = req.body.userInfo
        const type = accountTypeOf(info.provider)
        if (info.provider && !type) throw errors.invalidData(`Unknown OAuth provider: ${info.provider}.`)
        const user = await ctx.transferAccount({ nonce: req.body.nonce, type, identityKey: info.subject })
        return ctx.users.toWire(user)
      },
    },
  })
}

/** The linked-account type of a built-in or `custom:` provider name (`google` → `google_oauth`). */
function accountTypeOf(provider: string | undefined): string | undefined {
  if (!provider || !isOAuthProvider(provider)) return undefined
  return oauthProvider(provider)?.accountType
}

function withTokens<T extends object>(body: T, tokens: OAuthTokens | null): T & { oauth_tokens?: OAuthTokens } {
  return tokens ? { ...body, oauth_tokens: tokens } : body
}
