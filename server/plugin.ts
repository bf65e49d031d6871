/**
 * The server plugin API: a plugin pairs its `api.ts` routes and schemas with one handler per
 * route, and may add migrations. Core routes are composed the same way.
 * @module
 */
import type { Route, RouteRequest, RouteResponse, RouteTable, SchemaTable } from '../kernel/route'
import type { ServerApp } from './apps'
import type { Db } from './storage/db'
import type { Migration } from './storage/migrations'
import type { MailSender } from './mail'
import type { UserService } from './services/users'
import type { SessionInfo, SessionService } from './services/sessions'
import type { OtpService } from './services/otp'
import type { RateLimitEntry } from './services/rate-limit'
import type { SignInOptions } from './services/sign-in'
import type { AccountInput, UserRecord } from './services/users'
import type { SmsSender } from './sms'
import type { TransferRequest } from './services/transfers'
import type { AuthenticatedUser } from '../kernel/wire'

/** What a handler receives about the HTTP request. */
export interface ServerRequest<Body = unknown> {
  /** The body, already validated (and transformed) by the route's request schema. */
  body: Body
  /** Path parameters (`:app_id`...). */
  params: Record<string, string>
  /** Query string parameters. */
  query: Record<string, string>
  /** Request headers, lowercase names. */
  headers: Record<string, string>
  /** The client's IP address. */
  ip: string
}

/** Services and request state handed to every handler. */
export interface RequestContext {
  /** The app named by the `privy-app-id` header (or the path of `GET /apps/:app_id`). */
  readonly app: ServerApp
  readonly db: Db
  /** The server clock in ms (dev mode can move it forward). */
  now(): number
  /** The client's IP address. */
  readonly ip: string
  /**
   * The API's public base URL (`CreateServerOptions.publicUrl`, no trailing slash), or null when the
   * server was not given one. Routes that hand out their own address (OAuth redirect URIs) need it and
   * never fall back to the request's Host header.
   */
  readonly publicUrl: string | null
  /** The session of the Bearer token, or null when there is none or it is invalid. */
  session(options?: { allowExpired?: boolean }): Promise<SessionInfo | null>
  /** The session of the Bearer token; 401 `missing_or_invalid_token` otherwise. */
  requireSession(options?: { allowExpired?: boolean }): Promise<SessionInfo>
  /**
   * The session of the Bearer token, when its login is recent enough for a sensitive change
   * (changing a login identifier, unlinking the last strong method, exporting a key).
   * @param options - `maxAgeMs`: how old the login may be. @defaultValue `FRESH_AUTH_MAX_AGE_MS` (10 minutes)
   * @throws 401 `missing_or_invalid_token` without a live session; 403 `reauthentication_required`
   *   when the session's login is older (the client signs in again, which replaces the session).
   */
  requireFreshAuth(options?: { maxAgeMs?: number }): Promise<SessionInfo>
  /**
   * The users service. Its `unlink` here also asks for a recent login (403
   * `reauthentication_required`) when it would remove the user's last account of a strong type
   * (see `ServerPlugin.strongAccountTypes`); the check and the removal hold a lock on the user.
   */
  readonly users: UserService
  readonly sessions: SessionService
  readonly otp: OtpService
  /** Counts a hit; 429 `too_many_requests` past `limit` per `windowMs`. */
  rateLimit(key: string, limit: number, windowMs: number): Promise<void>
  /** Counts a hit on several keys in one round trip; 429 when any is over its limit. */
  rateLimitAll(entries: readonly RateLimitEntry[]): Promise<void>
  readonly mail: MailSender
  /** Where text messages go (the dev inbox in dev mode, a provider adapter in production). */
  readonly sms: SmsSender
  /**
   * Checks the captcha token of a login's first request when the app requires a captcha; does
   * nothing otherwise. Throws 401 `invalid_captcha` for a missing or failed token.
   */
  verifyCaptcha(token: string | undefined): Promise<void>
  /**
   * Turns a verified account into a session: allowlist, `no-signup` mode, user limit, then the
   * AuthenticatedUser answer. The one way login handlers sign a user in.
   */
  signIn(account: AccountInput, options?: SignInOptions): Promise<AuthenticatedUser>
  /**
   * Adds a verified account to the session's user (`…/link` routes); see `UserService.link`. When
   * another user owns the account it throws 400 `account_transfer_required` (with a transfer nonce
   * in `data`) for transferable types, 400 `linked_to_another_user` for custom, guest and passkey.
   * @returns the updated user record (answer with `ctx.users.toWire(user)`).
   */
  link(account: AccountInput, options?: { single?: boolean }): Promise<UserRecord>
  /**
   * Moves the account a link conflict offered (by its nonce) to the session's user, then deletes
   * the user it came from (`…/transfer` routes); see `TransferService.transfer`. Requires a live
   * session (401 `missing_or_invalid_token`).
   * @returns the updated user record (answer with `ctx.users.toWire(user)`).
   */
  transferAccount(input: TransferRequest): Promise<UserRecord>
}

/** A route handler: validated request in, the route's response body out. */
export type RouteHandler<R extends Route> = (
  req: ServerRequest<RouteRequest<R>>,
  ctx: RequestContext,
) => Promise<RouteResponse<R>>

/** Handlers for every route of a table. */
export type HandlerTable<T extends RouteTable> = { [K in keyof T]: RouteHandler<T[K]> }

/** A server plugin, as {@link defineServerPlugin} returns it. */
export interface ServerPlugin<T extends RouteTable = RouteTable> {
  /** Equals the client plugin's id and folder name. */
  id: string
  /** The plugin's routes, from its `api.ts`. */
  routes: T
  /** The routes' schemas, from its `api.ts`. */
  schemas: SchemaTable<T>
  /** One handler per route key. */
  handlers: HandlerTable<T>
  /** Tables the plugin needs; ids must be unique (prefix them with the plugin id). */
  migrations?: readonly Migration[]
  /**
   * Account types of this plugin that are strong sign-in methods (a key the user holds: passkeys,
   * wallets). Unlinking a user's last strong method asks for a recent login
   * (`ctx.requireFreshAuth`), so a stolen access token cannot strip the account of its keys.
   */
  strongAccountTypes?: readonly string[]
}

/**
 * Declares a server plugin. An identity helper that checks every route has a handler.
 * @param plugin - id, routes, schemas, handlers and migrations.
 * @returns the same plugin.
 * @example
 * ```ts
 * import { defineServerPlugin } from 'portico/server'
 * import { emailRoutes, emailSchemas } from './api'
 * export const emailServer = () =>
 *   defineServerPlugin({ id: 'email', routes: emailRoutes, schemas: emailSchemas, handlers: { init, authenticate } })
 * ```
 */
export function defineServerPlugin<const T extends RouteTable>(plugin: ServerPlugin<T>): ServerPlugin<T> {
  return plugin
}

/** One registered route, as {@link collectRoutes} lists it. */
export interface RegisteredRoute {
  pluginId: string
  /** The route's key in its table (`init`, `authenticate`...). */
  key: string
  route: Route
  schemas: SchemaTable<RouteTable>[string]
  handler: RouteHandler<Route> | undefined
}

/**
 * Lists every route of the given plugins with its schemas and handler (the contract runner checks
 * each has a handler and that answers match the response schema).
 * @param plugins - server plugins, core first.
 * @returns one entry per route.
 * @example
 * ```ts
 * import { collectRoutes, coreServerPlugin } from 'portico/server'
 * import { emailServer } from 'portico/plugins/email/server'
 * for (const r of collectRoutes([coreServerPlugin, emailServer()])) console.log(r.route.method, r.route.path)
 * ```
 */
export function collectRoutes(plugins: readonly ServerPlugin<RouteTable>[]): RegisteredRoute[] {
  const out: RegisteredRoute[] = []
  for (const p of plugins) {
    for (const [key, route] of Object.entries(p.routes)) {
      out.push({
        pluginId: p.id,
        key,
        route,
        schemas: p.schemas[key]!,
        handler: (p.handlers as Record<string, RouteHandler<Route> | undefined>)[key],
      })
    }
  }
  return out
}
