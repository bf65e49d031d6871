/**
 * The server plugin API: a plugin pairs its `api.ts` routes and schemas with one handler per
 * route, and may add migrations. Core routes are composed the same way.
 * @module
 */
import type * as v from 'valibot'
import type { Route, RouteRequest, RouteResponse, RouteTable, SchemaTable } from '../kernel/route'
import type { ServerApp } from './apps'
import type { ServerRegistry } from './registry'
import type { Db } from './storage/db'
import type { Migration } from './storage/migrations'
import type { MailSender } from './mail'
import type { UserService } from './services/users'
import type { SessionInfo, SessionService } from './services/sessions'
import type { OtpService } from './services/otp'
import type { RateLimitEntry } from './services/rate-limit'
import type { SignInOptions } from './services/sign-in'
import type { AccountInput, AccountRecord, UserRecord } from './services/users'
import type { SmsSender } from './sms'
import type { TransferRequest } from './services/transfers'
import type { AuthenticatedUser, WireErrorCode } from '../kernel/wire'

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
  /** What the server's plugins declare: settings, login switches, linked-account types. */
  readonly registry: ServerRegistry
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
   * in `data`) for transferable types, 400 `linked_to_another_user` for types declared
   * `transferable: false` (see {@link LinkedAccountType}).
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
  /**
   * Runs every plugin's {@link ServerPlugin.sensitiveOperationGuard} for an operation the handler is
   * about to perform, for the session of the Bearer token; one that refuses throws.
   * @param operation - the operation's name, prefixed with the plugin id (`embedded-wallets:export`).
   * @returns the session (401 `missing_or_invalid_token` without one).
   */
  checkSensitiveOperation(operation: string): Promise<SessionInfo>
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
  /**
   * Server plugins this one builds on (SIWE on the wallets plugin, for its chain settings). The
   * server registers each once, before the plugins that require it, unless the host lists it itself.
   */
  requires?: readonly ServerPlugin<RouteTable>[]
  /** Tables the plugin needs; ids must be unique (prefix them with the plugin id). */
  migrations?: readonly Migration[]
  /**
   * Account types of this plugin that are strong sign-in methods (a key the user holds: passkeys,
   * wallets). Unlinking a user's last strong method asks for a recent login
   * (`ctx.requireFreshAuth`), so a stolen access token cannot strip the account of its keys.
   * Same as declaring the type in {@link ServerPlugin.accountTypes} with `strong: true`.
   */
  strongAccountTypes?: readonly string[]
  /**
   * The app settings this plugin adds (keys unique across plugins): each with the schema the admin
   * API checks and a default. Read them with {@link readSetting}.
   */
  settings?: readonly SettingDeclaration[]
  /**
   * The login switches this plugin adds: names an app lists in its `loginMethods` setting (the
   * admin API refuses others) and booleans of the app response (`GET /api/v1/apps/:app_id`).
   */
  loginSwitches?: readonly LoginSwitchDeclaration[]
  /** The linked-account types this plugin stores: how they show on the wire, move and count. */
  accountTypes?: readonly LinkedAccountType[]
  /**
   * Fields this plugin adds to the app response besides its switches (a provider's public
   * configuration, a switch derived from another). Never put a secret here: the response is public.
   * @param app - the app.
   * @returns fields merged into the response.
   */
  appResponse?: (app: ServerApp) => Record<string, unknown>
  /**
   * Browser pages the plugin serves with `GET` (an HTML page, the script it loads): outside the JSON
   * API, so no app header, no origin check and no body schema. A path with `:app_id` answers 404 for
   * an unknown app before the handler runs.
   */
  pages?: readonly PageRoute[]
  /**
   * Whether the plugin's routes also take requests whose `Origin` is the server's own (its public
   * URL's origin, or the origin the request reached), besides the app's allowed origins: the calls
   * of a page the plugin serves (see {@link ServerPlugin.pages}). A browser cannot forge `Origin`, so
   * no other page gets in; CORS stays as it is (same-origin calls need none). @defaultValue false
   */
  ownOrigin?: boolean
  /**
   * Data the plugin seals under keys of its own (not the app secrets): checked when the server
   * starts, resealed by `portico keys rotate`.
   */
  sealedData?: SealedData
  /**
   * Fields this plugin adds to the User object (and, when declared so, to the identity token), read
   * in the same statement as the user. See {@link UserFieldDeclaration}.
   */
  userFields?: readonly UserFieldDeclaration[]
  /**
   * Request headers this plugin's routes (or its guards) read beyond the contract's: CORS preflights
   * allow them (lowercase names). @defaultValue none
   */
  requestHeaders?: readonly string[]
  /**
   * Checks a plugin runs before another plugin's sensitive operation (releasing a key share, an
   * export, a recovery change), each handler calling `ctx.checkSensitiveOperation(name)` first. A
   * guard throws to refuse (an `HttpError` the client understands); the operation names stay the
   * calling plugin's, so a guard never needs to know them.
   * @param operation - what is about to happen (`embedded-wallets:shares`…).
   * @param req - the request's headers and the session it was made with.
   * @param ctx - the request's context.
   */
  sensitiveOperationGuard?: (operation: string, req: SensitiveOperationRequest, ctx: RequestContext) => Promise<void>
}

/** What a {@link ServerPlugin.sensitiveOperationGuard} learns of the request. */
export interface SensitiveOperationRequest {
  /** Request headers, lowercase names. */
  headers: Record<string, string>
  /** The live session the operation runs for. */
  session: SessionInfo
}

/**
 * A field a plugin adds to the User object (`ServerPlugin.userFields`): a SQL expression read in
 * the statement that reads the user, so every answer carrying a user carries it at no extra cost.
 * @example
 * ```ts
 * const field: UserFieldDeclaration = {
 *   field: 'mfa_methods',
 *   sql: "(SELECT json_agg(json_build_object('type', m.method)) FROM my_table m WHERE m.user_id = u.id)",
 *   fallback: [],
 *   identityToken: true,
 * }
 * ```
 */
export interface UserFieldDeclaration {
  /** The User object's field; unique across the server's plugins, and not one of the core's own. */
  field: string
  /**
   * A SQL expression over the user's row, aliased `u` (`u.id`, `u.app_id`), answering the field's
   * wire value as JSON. It reads only tables the plugin's migrations create.
   */
  sql: string
  /**
   * The value when the expression answers SQL null, and for a user the answering request has just
   * created (not read back: nothing of a plugin exists yet for a user created this instant).
   */
  fallback: unknown
  /**
   * Whether the identity token carries the field too: a claim of the same name holding the value
   * JSON-encoded (as `linked_accounts`). @defaultValue false
   */
  identityToken?: boolean
}

/**
 * Data a plugin keeps sealed under keys of its own (`ServerPlugin.sealedData`), for the start
 * commands and `portico keys rotate`.
 */
export interface SealedData {
  /** What it is, for messages (`embedded wallet secrets`). */
  label: string
  /**
   * Checks that the stored data opens with the configured keys (by the key ids it names: no row is
   * decrypted), so a server started with a wrong key refuses to start instead of failing requests.
   * @param db - the migrated database.
   * @throws `SecretKeyError` naming the key's variable.
   */
  check(db: Db): Promise<void>
  /**
   * Reseals every stored value with the current (first) key, opening it with any configured key.
   * @param db - the migrated database.
   * @returns how many rows were rewritten.
   * @throws `SecretKeyError` when a value opens with no configured key (nothing after it is changed).
   */
  reseal(db: Db): Promise<number>
}

/** What a page handler receives about the request. */
export interface PageRequest {
  /** Path parameters (`:app_id`...). */
  params: Record<string, string>
  /** Query string parameters. */
  query: Record<string, string>
  /** Request headers, lowercase names. */
  headers: Record<string, string>
  /** The origin the request reached (scheme, host and port), as this server sees it. */
  origin: string
}

/** What a page handler gets from the server. */
export interface PageContext {
  /** The app of the path's `:app_id`; null for a path without one. */
  readonly app: ServerApp | null
  readonly db: Db
  /** The server clock in ms. */
  now(): number
  /** The API's public base URL (no trailing slash), or null when the server was not given one. */
  readonly publicUrl: string | null
  /** What the server's plugins declare. */
  readonly registry: ServerRegistry
}

/** A page's answer: the body as is, with its headers (`content-type` included). */
export interface PageResponse {
  status: number
  headers: Record<string, string>
  body: string | Uint8Array<ArrayBuffer>
}

/** A browser page a server plugin serves (`ServerPlugin.pages`). */
export interface PageRoute {
  /** The `GET` path, with `:param`s (`/apps/:app_id/embedded-wallets`). */
  path: string
  /**
   * Answers the page. A thrown `HttpError` becomes the usual JSON error.
   * @param req - the request.
   * @param ctx - the app and the server's services.
   * @returns the answer.
   */
  handler(req: PageRequest, ctx: PageContext): PageResponse | Promise<PageResponse>
}

/**
 * An app setting a plugin adds. It is stored in the app's settings under its key; the admin API
 * (`/admin/v1/apps`, and so `portico apps set`) accepts it when the `schema` does; the admin view
 * and {@link readSetting} show the `default` until it is set.
 */
export interface SettingDeclaration<T = unknown> {
  /** The key in the app's settings (camelCase, unique across the server's plugins and the core settings). */
  key: string
  /** What the admin API accepts for this setting (refuse unknown keys of an object: `v.strictObject`). */
  schema: v.GenericSchema<unknown, unknown>
  /** The value until an admin sets one. */
  default: T
  /**
   * Paths of the secrets inside the value, dot-separated, `*` for any key of an object
   * (`botToken`, `*.clientSecret`; `*` alone for every value of a record, `''` for a string setting
   * itself). They are sealed at rest when the server has an encryption key, masked in the admin API,
   * and must never reach the app response. @defaultValue none
   */
  secrets?: readonly string[]
  /**
   * `replace` (a new value replaces the old) or `merge` (an object value is merged field by field
   * over the current value, so a patch may name only the fields it changes; the schema then
   * accepts partial objects, for example `v.partial(v.strictObject(…))`). @defaultValue 'replace'
   */
  update?: 'replace' | 'merge'
}

/**
 * Declares an app setting (an identity helper that keeps the default's type for {@link readSetting}).
 * @param setting - key, schema, default and update mode.
 * @returns the same declaration.
 * @example
 * ```ts
 * import * as v from 'valibot'
 * import { defineSetting } from 'portico/server'
 * export const linkTtl = defineSetting({ key: 'magicLinkTtlS', schema: v.pipe(v.number(), v.integer(), v.minValue(60)), default: 900 })
 * ```
 */
export function defineSetting<T>(setting: SettingDeclaration<T>): SettingDeclaration<T> {
  return setting
}

/**
 * Reads a plugin's setting for an app: the stored value, or the declaration's default. For a
 * `merge` setting whose default is an object, the stored fields are merged over the default's.
 * @param app - the app.
 * @param setting - the setting's declaration.
 * @returns the value.
 * @example
 * ```ts
 * import { readSetting } from 'portico/server'
 * const ttlS = readSetting(ctx.app, linkTtl)
 * ```
 */
export function readSetting<T>(app: ServerApp, setting: SettingDeclaration<T>): T {
  return settingValue((app.settings as unknown as Record<string, unknown>)[setting.key], setting)
}

/**
 * A setting's value from what is stored (undefined when never set).
 * @internal
 */
export function settingValue<T>(stored: unknown, setting: SettingDeclaration<T>): T {
  if (stored === undefined) return setting.default
  if (setting.update === 'merge' && isPlainObject(setting.default) && isPlainObject(stored)) {
    return { ...setting.default, ...stored } as T
  }
  return stored as T
}

function isPlainObject(x: unknown): x is Record<string, unknown> {
  return typeof x === 'object' && x !== null && !Array.isArray(x)
}

/** A login switch a plugin adds (`email_auth`, `google_oauth`…). */
export interface LoginSwitchDeclaration {
  /** The switch's name: the `loginMethods` entry and the app response's boolean field. */
  name: string
}

/**
 * A linked-account type a plugin stores (`email`, `phone`, `wallet`…). Types no plugin declares
 * behave as the defaults say: shown as stored, transferable, not strong.
 */
export interface LinkedAccountType {
  /** The stored and wire `type`; a trailing `*` declares a family (`custom:*`). */
  type: string
  /**
   * Whether another user's account of this type can be moved to the signed-in user (the
   * `account_transfer_required` offer); otherwise a link conflict answers 400
   * `linked_to_another_user`, and `…/transfer` 400 `invalid_data`. @defaultValue true
   */
  transferable?: boolean
  /**
   * Whether it is a strong sign-in method (a key the user holds): unlinking a user's last strong
   * account asks for a recent login. @defaultValue false
   */
  strong?: boolean
  /**
   * Whether the server keeps it for itself: never shown in `linked_accounts` (User object and
   * identity token), not counted as the user's sign-in method when another is unlinked. @defaultValue false
   */
  hidden?: boolean
  /**
   * Whether it is a guest's credential: linking any visible account ends guest status and deletes
   * the user's accounts of this type, so the credential no longer opens the account. Implies `hidden`.
   * @defaultValue false
   */
  guestCredential?: boolean
  /**
   * The entry's fields in the User object's `linked_accounts`, besides `type` and the verification
   * times. @defaultValue the stored details
   */
  toWire?: (account: AccountRecord) => Record<string, unknown>
  /**
   * The entry's identifying fields in the identity token's `linked_accounts` claim, besides `type`
   * and `lv`. @defaultValue the stored details
   */
  toIdentityToken?: (account: AccountRecord) => Record<string, unknown>
  /**
   * What the `account_transfer_required` data says of another user's account of this type:
   * `subject`, `account.displayName` and fields of `otherUser`. @defaultValue derived from the
   * details (`address`, `phoneNumber`, `subject`, `username`…)
   */
  transferOffer?: (account: AccountInput) => { subject?: string; displayName?: string | null; otherUser?: Record<string, unknown> }
  /**
   * The address of an embedded wallet this account is, if any: the transfer offer shows the other
   * user's (`otherUser.embeddedWalletAddress`) so the user can copy it before that user is deleted.
   */
  embeddedWalletAddress?: (account: AccountRecord) => string | null
  /**
   * Why an account of this type is locked to its user, or null when it is not (the default). A
   * locked account (one whose key shares the server keeps for this user) is never unlinked (the
   * unlink answers 400 with the returned code), never moved to another user (a link conflict answers
   * 400 `linked_to_another_user`, `…/transfer` 400 `invalid_data`), keeps its details when its user
   * links the same identity through a login method, does not end guest status, and does not count
   * as the user's remaining sign-in method when another account is unlinked.
   */
  locked?: (account: AccountInput) => AccountLock | null
}

/** Why a linked account is locked to its user (see {@link LinkedAccountType.locked}). */
export interface AccountLock {
  /** The error code an unlink of it answers with (status 400). */
  code: WireErrorCode
  message: string
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
  /** Whether the route also takes requests from the server's own origin (`ServerPlugin.ownOrigin`). */
  ownOrigin: boolean
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
        ownOrigin: p.ownOrigin ?? false,
      })
    }
  }
  return out
}
