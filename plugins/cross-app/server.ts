/**
 * The cross-app login, server half: this server is an OAuth 2 authorization server for provider apps.
 * A provider app's page asks its signed-in user for consent (`authorize`) and hands the requester a
 * single-use code; the requester's `privy:<provider app id>` provider (this plugin's
 * {@link crossAppOAuthSource}, run by the OAuth plugin's round trip) spends it at `token` (PKCE, public
 * client: no secret) and reads `userinfo`. `details` and `connections` describe the apps.
 * @module
 */
import {
  defineServerPlugin,
  errors,
  HttpError,
  loadApp,
  type LinkedAccountType,
  type RequestContext,
  type ServerApp,
  type UserRecord,
} from '../../server'
import { oauthCallbackUrl } from '../../protocols/oauth/server'
import { CROSS_APP_ACCOUNT_TYPE, crossAppRoutes } from './api'
import { crossAppAllowed, crossAppNotAllowed } from './server/oauth-source'
import { crossAppSchemas } from './schemas'
import { crossAppOf, crossAppSetting } from './server/settings'
import { crossAppMigrations, findToken, issueCode, issueToken, spendCode, TOKEN_TTL_MS } from './server/store'
import { createHash, timingSafeEqual } from 'node:crypto'

export { crossAppOAuthSource } from './server/oauth-source'
export { crossAppSetting, type CrossAppSettings } from './server/settings'

const badCode = () => errors.invalidCredentials('Invalid or expired cross-app authorization code.')
const pkceMismatch = () => new HttpError(400, 'invalid_pkce_parameters', 'Invalid PKCE parameters.')
const notProvider = () =>
  new HttpError(404, 'cross_app_connection_not_allowed', 'This app does not provide accounts to other apps.')

/** The requester's provider token is missing, expired, or not this user's ('Transactions require a valid token'). */
const badTransactToken = () => new HttpError(403, 'invalid_credentials', 'Transactions require a valid token.')
const readOnlyProvider = () => new HttpError(403, 'cross_app_read_only', 'Cannot transact against a read-only provider app.')
const originNotAllowed = () => new HttpError(403, 'invalid_origin', 'Invalid connected app.')

const s256 = (v: string) => createHash('sha256').update(v).digest('base64url')
function safeEqual(a: string, b: string): boolean {
  const x = Buffer.from(a)
  const y = Buffer.from(b)
  return x.length === y.length && timingSafeEqual(x, y)
}

/** A provider app's public details. */
function details(app: ServerApp) {
  return {
    id: app.id,
    name: app.name,
    icon_url: app.settings.logoUrl,
    logo_url: app.settings.logoUrl,
    read_only: crossAppOf(app).readOnly,
    custom_api_url: null,
  }
}

/** Embedded wallets and smart wallets of a provider user, as addresses. */
function wallets(user: UserRecord) {
  const embedded = user.accounts
    .filter((a) => a.type === 'wallet' && a.details.wallet_client_type === 'privy' && a.details.connector_type === 'embedded')
    .map((a) => ({ address: String(a.details.address) }))
  const smart = user.accounts.filter((a) => a.type === 'smart_wallet').map((a) => ({ address: String(a.details.address) }))
  return { embedded_wallets: embedded, smart_wallets: smart }
}

/**
 * The `cross_app` account: a provider app's user, shown with its subject, provider app and wallet
 * addresses (the stored details). Not transferable: the OAuth transfer route names an account by
 * provider, and a `privy:<app id>` provider names no account type of its own, so a link conflict
 * answers `linked_to_another_user` rather than offering a transfer that could not complete; the user
 * signs in with that account instead.
 * @example
 * ```ts
 * import { crossAppAccountType } from 'portico/plugins/cross-app/server'
 * crossAppAccountType.transferable // false
 * ```
 */
export const crossAppAccountType: LinkedAccountType = { type: CROSS_APP_ACCOUNT_TYPE, transferable: false }

/**
 * The cross-app plugin's server half. Provider apps need `crossApp.providerEnabled` (and may list
 * `allowedRequesters`); requesters list them in `crossApp.providerApps`. Register it with
 * `oauthServer({ sources: [crossAppOAuthSource()] })`, which runs the requester's side of the round trip. Requesters' callbacks must be
 * `<publicUrl>/api/v1/oauth/callback/<requester id>`, `publicUrl` being the server's
 * (`createServer({ publicUrl })`, never the request's Host header).
 * @returns the server plugin.
 * @example
 * ```ts
 * import { createServer, createPgliteDb, DevInbox } from 'portico/server'
 * import { oauthServer } from 'portico/plugins/oauth/server'
 * import { crossAppOAuthSource, crossAppServer } from 'portico/plugins/cross-app/server'
 * const server = await createServer({
 *   db: await createPgliteDb(), mail: new DevInbox(), secret: 's',
 *   publicUrl: 'https://auth.example.com',
 *   plugins: [oauthServer({ sources: [crossAppOAuthSource()] }), crossAppServer()],
 * })
 * ```
 */
export function crossAppServer() {

  /** The requester of an authorization request, checked: allowed to use this provider, callback on this server. */
  async function checkRequest(
    req: { body: { client_id: string; redirect_uri: string } },
    ctx: RequestContext,
  ): Promise<ServerApp> {
    const requester = await loadApp(ctx.db, req.body.client_id)
    if (!requester || !crossAppAllowed(requester, ctx.app)) throw crossAppNotAllowed()
    if (!ctx.publicUrl) {
      throw errors.featureNotEnabled('Cross-app login needs the server public URL: start the server with publicUrl (PORTICO_PUBLIC_URL).')
    }
    const expected = oauthCallbackUrl(ctx.publicUrl, requester.id)
    if (req.body.redirect_uri !== expected) throw errors.invalidData("redirect_uri is not the requester's OAuth callback.")
    return requester
  }

  return defineServerPlugin({
    id: 'cross-app',
    routes: crossAppRoutes,
    schemas: crossAppSchemas,
    migrations: crossAppMigrations,
    settings: [crossAppSetting],
    accountTypes: [crossAppAccountType],
    handlers: {
      async details(_req, ctx) {
        if (!crossAppOf(ctx.app).providerEnabled) throw notProvider()
        return details(ctx.app)
      },

      async connections(_req, ctx) {
        const connections = []
        for (const id of crossAppOf(ctx.app).providerApps) {
          const provider = await loadApp(ctx.db, id)
          if (!crossAppAllowed(ctx.app, provider)) continue
          connections.push({
            provider_app_id: provider.id,
            provider_app_name: provider.name,
            provider_app_icon_url: provider.settings.logoUrl,
            provider_app_custom_api_url: null,
            read_only: crossAppOf(provider).readOnly,
          })
        }
        return { connections }
      },

      async request(req, ctx) {
        const requester = await checkRequest(req, ctx)
        const cancel = new URL(req.body.redirect_uri)
        cancel.searchParams.set('error', 'access_denied')
        cancel.searchParams.set('state', req.body.state)
        return {
          requester: { id: requester.id, name: requester.name, icon_url: requester.settings.logoUrl },
          provider: details(ctx.app),
          cancel_url: cancel.href,
        }
      },

      async authorize(req, ctx) {
        const session = await ctx.requireSession()
        const requester = await checkRequest(req, ctx)
        const code = await issueCode(
          ctx.db,
          {
            providerAppId: ctx.app.id,
            requesterAppId: requester.id,
            userId: session.userId,
            redirectUri: req.body.redirect_uri,
            codeChallenge: req.body.code_challenge,
          },
          ctx.now(),
        )
        const url = new URL(req.body.redirect_uri)
        url.searchParams.set('code', code)
        url.searchParams.set('state', req.body.state)
        return { redirect_url: url.href }
      },

      async token(req, ctx) {
        const now = ctx.now()
        // Spent by the first try, right or wrong: a stolen code cannot be retried.
        const grant = await spendCode(ctx.db, ctx.app.id, req.body.code, now)
        if (!grant || grant.usedAt !== null || grant.expiresAt <= now) throw badCode()
        if (grant.requesterAppId !== req.body.client_id || grant.redirectUri !== req.body.redirect_uri) throw badCode()
        if (!safeEqual(grant.codeChallenge, s256(req.body.code_verifier))) throw pkceMismatch()
        // The connection may have been withdrawn since the consent.
        const requester = await loadApp(ctx.db, grant.requesterAppId)
        if (!requester || !crossAppAllowed(requester, ctx.app)) throw crossAppNotAllowed()
        const access = await issueToken(ctx.db, grant, now)
        return { access_token: access, token_type: 'Bearer' as const, expires_in: TOKEN_TTL_MS / 1000 }
      },

      async userinfo(req, ctx) {
        const bearer = /^Bearer\s+(\S+)$/i.exec(req.headers.authorization ?? '')?.[1]
        if (!bearer) throw errors.invalidToken()
        const grant = await findToken(ctx.db, ctx.app.id, bearer, ctx.now())
        if (!grant) throw errors.invalidToken()
        const user = await ctx.users.get(ctx.app, grant.userId)
        if (!user) throw errors.invalidToken()
        return { sub: user.id, subject: `did:privy:${user.id}`, provider_app_id: ctx.app.id, ...wallets(user) }
      },

      async transactInit(req, ctx) {
        const session = await ctx.requireSession()
        const provider = await loadApp(ctx.db, req.body.provider_app_id)
        if (!crossAppAllowed(ctx.app, provider)) throw crossAppNotAllowed()
        const grant = await findToken(ctx.db, provider.id, req.body.token, ctx.now())
        const user = await ctx.users.get(ctx.app, session.userId)
        // The token must be this requester's, for the provider user this requester user is linked to.
        const linked = user?.accounts.some(
          (a) =>
            a.type === CROSS_APP_ACCOUNT_TYPE &&
            a.details.provider_app_id === provider.id &&
            grant !== null &&
            a.details.subject === `did:privy:${grant.userId}`,
        )
        if (!grant || grant.requesterAppId !== ctx.app.id || !linked) throw badTransactToken()
        if (crossAppOf(provider).readOnly) throw readOnlyProvider()
        const page = crossAppOf(provider).authorizeUrl ?? provider.allowedOrigins[0]
        if (!page) throw errors.featureNotEnabled(`${provider.name} has no page for other apps (set its crossApp.authorizeUrl).`)
        return { page_url: page, page_origin: new URL(page).origin }
      },

      async transactCheck(req, ctx) {
        const session = await ctx.requireSession()
        const grant = await findToken(ctx.db, ctx.app.id, req.body.token, ctx.now())
        if (!grant || grant.userId !== session.userId) throw badTransactToken()
        const requester = await loadApp(ctx.db, grant.requesterAppId)
        if (!requester || !crossAppAllowed(requester, ctx.app)) throw crossAppNotAllowed()
        // The answer carries signatures: it goes to one of the requester's own origins only. Checked
        // before the read-only refusal, so the page posts that refusal to a known origin only.
        if (!requester.allowedOrigins.includes(new URL(req.body.origin).origin) || new URL(req.body.origin).origin !== req.body.origin) {
          throw originNotAllowed()
        }
        if (crossAppOf(ctx.app).readOnly) throw readOnlyProvider()
        return { requester: { id: requester.id, name: requester.name, icon_url: requester.settings.logoUrl } }
      },

      async unlink(req, ctx) {
        const session = await ctx.requireSession()
        const user = await ctx.users.get(ctx.app, session.userId)
        if (!user) throw errors.invalidToken()
        // Matched on both fields: a subject alone could name a user of another provider app.
        const account = user.accounts.find(
          (a) =>
            a.type === CROSS_APP_ACCOUNT_TYPE &&
            a.details.provider_app_id === req.body.provider_app_id &&
            a.details.subject === req.body.subject,
        )
        if (!account) throw new HttpError(404, 'linked_account_not_found', 'Linked account not found.')
        return ctx.users.toWire(await ctx.users.unlink(ctx.app, user.id, { type: account.type, identityKey: account.identityKey }))
      },
    },
  })
}
