/**
 * The social (OAuth) login, server half: starts the round trip, owns the provider's callback, and
 * exchanges the one-time code it hands the client for a session or a linked account.
 * @module
 */
import * as v from 'valibot'
import {
  defineServerPlugin,
  defineSetting,
  errors,
  HttpError,
  isLoginEnabled,
  newId,
  readSetting,
  type AccountInput,
  type LinkedAccountType,
  type RequestContext,
  type ServerApp,
} from '../../server'
import type { OAuthTokens } from '../../kernel/wire'
import { oauthRoutes } from '../../protocols/oauth/routes'
import { OAUTH_CALLBACK_PATH, oauthCallbackUrl, oauthSchemas, type OAuthProviderSource } from '../../protocols/oauth/server'
import { isOAuthProvider, OAUTH_PROVIDERS, oauthProvider, type OAuthProviderSettings, type OAuthProviderSpec } from './providers'
import {
  ATTEMPT_TTL_MS,
  consumeAttempt,
  createAttempt,
  findAttemptByCode,
  markReplayed,
  oauthMigrations,
  recordSession,
  storeResult,
  takeAttemptByState,
  type Attempt,
  type AttemptResult,
} from './server/attempts'
import { authorizationUrl, exchangeCode, providerEndpoints, ProviderLegError } from './server/exchange'
import { randomToken, s256, safeEqual } from './server/pkce'

export { OAUTH_CALLBACK_PATH }

/** Options of {@link oauthServer}. */
export interface OAuthServerOptions {
  /** Logs why a provider leg failed (the client only sees `invalid_credentials`). @defaultValue console.warn */
  logFailure?: (message: string) => void
  /**
   * Providers other plugins add to the round trip (cross-app's `privy:<app id>`), each served by its
   * source. @defaultValue none: only the built-in and `custom:` providers
   */
  sources?: readonly OAuthProviderSource[]
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
  settings: OAuthProviderSettings
}

/**
 * `oauthProviders`: the app's client registration at each provider, by provider name (`google`,
 * `custom:acme`…), with optional endpoint overrides. A built-in provider needs both its login switch
 * and an entry; a `custom:<id>` one only the entry. Client secrets are secrets: sealed at rest,
 * masked in the admin API. A new value replaces the whole table. @defaultValue {}
 * @example
 * ```ts
 * import { readSetting } from 'portico/server'
 * import { oauthProvidersSetting } from 'portico/plugins/oauth/server'
 * const google = readSetting(ctx.app, oauthProvidersSetting).google
 * ```
 */
export const oauthProvidersSetting = defineSetting<Record<string, OAuthProviderSettings>>({
  key: 'oauthProviders',
  schema: v.record(
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
  default: {},
  secrets: ['*.clientSecret'],
})

/**
 * Checks a provider is on for the app: a built-in one needs its `<provider>_oauth` switch and a client
 * registration; a `custom:<id>` one needs its registration.
 */
function usableProvider(app: ServerApp, provider: string): UsableProvider {
  const spec = isOAuthProvider(provider) ? oauthProvider(provider) : undefined
  if (!spec) throw errors.disallowedLoginMethod(provider)
  const settings = readSetting(app, oauthProvidersSetting)[provider]
  if (spec.id.startsWith('custom:')) {
    if (!settings) throw errors.disallowedLoginMethod(provider)
    return { spec, settings }
  }
  if (!isLoginEnabled(app, spec.accountType)) throw errors.disallowedLoginMethod(spec.accountType)
  if (!settings) throw errors.featureNotEnabled(`${spec.displayName} login has no client credentials on this server.`)
  return { spec, settings }
}

/**
 * `redirect_to` must be one of the app's return pages exactly (scheme, host, port and path; see
 * {@link allowedReturnPages}). Only the query may differ: the page keeps its own parameters, and the code
 * it gets back is worthless without the PKCE verifier that page holds.
 */
function checkRedirectTo(app: ServerApp, redirectTo: string): void {
  let url: URL
  try {
    url = new URL(redirectTo)
  } catch {
    throw errors.invalidData('redirect_to must be an absolute URL.')
  }
  if ((url.protocol !== 'http:' && url.protocol !== 'https:') || url.username || url.password) {
    throw errors.invalidData('redirect_to must be an http(s) URL.')
  }
  if (!allowedReturnPages(app).has(url.origin + url.pathname)) {
    throw errors.invalidData("redirect_to is not one of the app's allowed redirect URLs.")
  }
}

/**
 * The pages an OAuth round trip may return to, as `origin + path`: the app's `allowedRedirectUrls`, or
 * when it lists none, the root page (`/`) of each allowed origin.
 */
function allowedReturnPages(app: ServerApp): Set<string> {
  const configured = app.settings.allowedRedirectUrls
  const pages = configured.length > 0 ? configured : app.allowedOrigins.map((o) => `${o}/`)
  const out = new Set<string>()
  for (const page of pages) {
    try {
      const url = new URL(page)
      out.add(url.origin + url.pathname)
    } catch {
      // An unparsable entry allows nothing.
    }
  }
  return out
}

/** PKCE between the widget and this server is required: the one-time code is bound to the page's verifier. */
function requireChallenge(challenge: string | undefined): string {
  if (!challenge) throw errors.invalidData('code_challenge is required (PKCE, S256).')
  return challenge
}

/** The callback URL registered at providers: built from the configured public URL, never from the Host header. */
function callbackUrl(ctx: RequestContext): string {
  if (!ctx.publicUrl) {
    throw errors.featureNotEnabled('OAuth needs the server public URL: start the server with publicUrl (PORTICO_PUBLIC_URL).')
  }
  return oauthCallbackUrl(ctx.publicUrl, ctx.app.id)
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
  sourceOf: (provider: string) => OAuthProviderSource | undefined,
): Promise<{ attempt: Attempt; result: AttemptResult }> {
  const attempt = await findAttemptByCode(ctx.db, ctx.app.id, body.authorization_code)
  if (!attempt) throw badCode()
  if (attempt.usedAt !== null) {
    // RFC 6749 §4.1.2: a code used twice was stolen or replayed; end the session its first use made.
    await revokeReplayed(ctx, attempt.id)
    throw badCode()
  }
  if (attempt.expiresAt <= ctx.now()) throw badCode()
  const stateOk = safeEqual(attempt.clientState, body.state_code)
  // Attempts always carry a challenge now; one without (started before PKCE was required) cannot be redeemed.
  const pkceOk =
    attempt.codeChallenge !== null && body.code_verifier !== undefined && safeEqual(attempt.codeChallenge, s256(body.code_verifier))
  const result = await consumeAttempt(ctx.db, attempt.id, ctx.now())
  if (!stateOk) throw stateMismatch()
  if (!pkceOk) throw pkceMismatch()
  if (!result) {
    // Another request used the code first: this one is the replay.
    await revokeReplayed(ctx, attempt.id)
    throw badCode()
  }
  // The provider may have been switched off (or its source's connection withdrawn) since the round trip began.
  const source = sourceOf(attempt.provider)
  if (source) await source.check(ctx, attempt.provider)
  else usableProvider(ctx.app, attempt.provider)
  if (result.outcome === 'suspended') throw suspended()
  return { attempt, result }
}

/** Marks an attempt's code as replayed and revokes the session its first use created, if any yet. */
async function revokeReplayed(ctx: RequestContext, attemptId: string): Promise<void> {
  const sessionId = await markReplayed(ctx.db, attemptId, ctx.now())
  if (sessionId) await ctx.sessions.revoke(ctx.app, sessionId)
}

/**
 * Records the session a code's first use created. When a replay was seen meanwhile (the two raced),
 * that session is revoked at once and the sign-in refused.
 */
async function bindSession(ctx: RequestContext, attemptId: string, answer: { token?: string | null }): Promise<void> {
  const session = answer.token ? await ctx.sessions.verify(ctx.app, answer.token).catch(() => null) : null
  if (!session) return
  if (await recordSession(ctx.db, attemptId, session.sessionId)) return
  await ctx.sessions.revoke(ctx.app, session.sessionId)
  throw badCode()
}

/** The profile the web client sends back as `userInfo` of `/oauth/transfer`, which names the account to move. */
function oauthTransferOffer(account: AccountInput) {
  const provider = account.type.endsWith('_oauth') ? account.type.slice(0, -'_oauth'.length) : account.type
  return { otherUser: { oAuthUserInfo: { ...account.details, subject: account.identityKey, provider } } }
}

/** OAuth accounts (`<provider>_oauth` and the apps' own `custom:<id>`), transferable with their profile. */
export const oauthAccountTypes: readonly LinkedAccountType[] = [...OAUTH_PROVIDERS.map((p) => `${p}_oauth`), 'custom:*'].map(
  (type) => ({ type, transferOffer: oauthTransferOffer }),
)

/**
 * The OAuth plugin's server half: `POST /api/v1/oauth/init`, `/authenticate`, `/link`, and the
 * provider's return, `GET /api/v1/oauth/callback/:app_id`.
 *
 * Each provider needs the app's client registration in the `oauthProviders` setting (and, for
 * built-in providers, the `<provider>_oauth` login switch). Register
 * `<publicUrl>/api/v1/oauth/callback/<app id>` as the redirect URI at the provider, where `publicUrl`
 * is the server's (`createServer({ publicUrl })`); without it OAuth answers `feature_not_enabled`.
 * The client must send a PKCE `code_challenge`, and `redirect_to` must be one of the app's
 * `allowedRedirectUrls` (by default the root page of each allowed origin).
 * @param options - failure logging.
 * @returns the server plugin.
 * @example
 * ```ts
 * import { createServer, createPgliteDb, DevInbox } from 'portico/server'
 * import { oauthServer } from 'portico/plugins/oauth/server'
 * const server = await createServer({
 *   db: await createPgliteDb(), mail: new DevInbox(), secret: 's',
 *   publicUrl: 'https://auth.example.com',
 *   plugins: [oauthServer()],
 * })
 * ```
 */
export function oauthServer(options: OAuthServerOptions = {}) {
  const logFailure = options.logFailure ?? ((m: string) => console.warn(`[portico oauth] ${m}`))
  const sources = options.sources ?? []
  const sourceOf = (provider: string) => sources.find((s) => s.owns(provider))

  /** `init` of a provider another plugin serves: the source checks the app may use it and names the page. */
  async function initFromSource(
    source: OAuthProviderSource,
    req: { body: { provider: string; redirect_to: string; token?: string; code_challenge?: string; state_code?: string } },
    ctx: RequestContext,
  ) {
    const { app } = ctx
    await source.check(ctx, req.body.provider)
    const codeChallenge = requireChallenge(req.body.code_challenge)
    checkRedirectTo(app, req.body.redirect_to)
    const redirectUri = callbackUrl(ctx)
    if (!(await ctx.session())) await ctx.verifyCaptcha(req.body.token)
    const { limit, windowMs } = app.settings.otpPerIp
    await ctx.rateLimit(`oauth:ip:${app.id}:${ctx.ip}`, limit, windowMs)
    const now = ctx.now()
    const providerState = randomToken()
    const providerVerifier = randomToken()
    const url = await source.authorizationUrl(ctx, {
      provider: req.body.provider,
      redirectUri,
      state: providerState,
      codeChallenge: s256(providerVerifier),
    })
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
        codeChallenge,
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
    loginSwitches: OAUTH_PROVIDERS.map((p) => ({ name: `${p}_oauth` })),
    settings: [oauthProvidersSetting],
    accountTypes: oauthAccountTypes,
    migrations: oauthMigrations,
    handlers: {
      async init(req, ctx) {
        const { app } = ctx
        const source = sourceOf(req.body.provider)
        if (source) return initFromSource(source, req, ctx)
        const { spec, settings } = usableProvider(app, req.body.provider)
        const codeChallenge = requireChallenge(req.body.code_challenge)
        checkRedirectTo(app, req.body.redirect_to)
        const redirectUri = callbackUrl(ctx)
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
            codeChallenge,
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
          const source = sourceOf(attempt.provider)
          if (source) {
            await source.check(ctx, attempt.provider)
            const leg = await source.exchange(ctx, {
              provider: attempt.provider,
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
          // A source's leg fails with its own errors; any of them is a failed provider leg.
          if (!(e instanceof ProviderLegError) && !(e instanceof HttpError) && !(e instanceof Error && sourceOf(attempt.provider))) throw e
          logFailure(e.message)
          return redirectBack(attempt, { privy_oauth_error: 'invalid_credentials' })
        }
        const oneTimeCode = randomToken()
        await storeResult(ctx.db, attempt.id, oneTimeCode, result)
        return redirectBack(attempt, { privy_oauth_code: oneTimeCode })
      },

      async authenticate(req, ctx) {
        const { attempt, result } = await redeem(ctx, req.body, sourceOf)
        if (result.outcome !== 'ok') throw suspended()
        const identities = [result.email, result.account.identityKey].filter((x): x is string => !!x)
        const answer = await ctx.signIn(result.account, { mode: req.body.mode, allowlistIdentities: identities })
        await bindSession(ctx, attempt.id, answer)
        return withTokens(answer, result.tokens)
      },

      async link(req, ctx) {
        // Only a signed-in user may link; check before spending the code.
        await ctx.requireSession()
        const { result } = await redeem(ctx, req.body, sourceOf)
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
