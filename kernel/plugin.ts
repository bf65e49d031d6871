/**
 * The plugin contract: what a plugin declares and what it receives.
 * @module
 */
import type { Route, RouteRequest, RouteResponse } from './route'
import type { AuthenticatedUser, LoginMode, User } from './wire'
import type { ErrorTable, ResolvedError } from './errors'
import type { MessageKey, MessageTable, MessageValues } from './messages'
import type { LocaleLoader } from './locale'
import type { ErrorContext, SessionStatus, TapOnlyHooks } from './hooks'
import type { AppConfig } from './config'
import type { StorageAdapter } from './storage'
import type { LoginMethodDefinition, LoginResult, LoginStart } from './login'
import type { StepOptions } from './flow-types'

export type { LoginGroup, LoginMethodDefinition, LoginResult, LoginStart } from './login'

/** What kind of capability a plugin adds. */
export type PluginKind = 'login' | 'connector' | 'funding' | 'mfa' | 'wallet' | 'feature'

/**
 * A screen a plugin contributes to the modal. `load` resolves to a module whose default export is
 * the screen's component (a React component for the React UI; the kernel never looks inside).
 */
export interface ScreenDefinition {
  load: () => Promise<{ default: unknown }>
  /** The screen cannot be closed by the user (terms consent, automatic wallet creation). */
  blocking?: boolean
  /**
   * The screen ends a flow (allowlist rejection, account not found, user limit, an error the flow
   * cannot go on from): the modal shows no Back arrow on it and `back()` does nothing; its own
   * buttons say where to go.
   */
  outcome?: boolean
}

/** A plugin, as `definePlugin` returns it. */
export interface PluginDefinition<Id extends string = string, Slice extends object = object> {
  /** kebab-case; equals the folder name and the subpath export. */
  id: Id
  kind: PluginKind
  /**
   * Plugins that must be registered too: an id the host must register, or a definition the kernel
   * registers itself when the host registered no plugin of that id (the host's own, with its
   * options, wins).
   */
  requires?: readonly (string | PluginDefinition)[]
  /** The plugin's routes (from its `api.ts`). */
  api?: Record<string, Route>
  /** Screens, keyed by a short name; the router id is `<plugin id>/<name>`. */
  screens?: Record<string, ScreenDefinition>
  /** Error codes of this plugin, from `defineErrorCodes`. */
  errors?: ErrorTable
  /** English texts of the plugin, keyed by message key (every error code has one). */
  messages?: MessageTable
  /**
   * English texts that only the plugin's screens show, loaded with the first of its screens to load
   * (its screens wait for them), so a page that never shows one does not download them. The same
   * rules as `messages`: a key may re-word a kernel text, not another plugin's.
   */
  screenMessages?: () => Promise<MessageTable>
  /**
   * Loads the plugin's texts in another locale: the union of its `messages` and `screenMessages`
   * keys, from `locales/<locale>.ts` beside the plugin's entry. Write it where the files are, so
   * bundlers split one chunk per locale and a page only fetches the locale it shows:
   * `locales: (locale) => import(\`./locales/${locale}.ts\`)`. A locale without a file rejects and
   * the plugin's texts stay English.
   */
  locales?: LocaleLoader
  /** Login methods this plugin offers on the landing screen. */
  loginMethods?: readonly LoginMethodDefinition[]
  /** Initial value of the plugin's own state slice. */
  initialState?: () => Slice
  /** Taps hooks; may return a teardown run when the kernel is destroyed. */
  // Method syntax on purpose: it keeps a plugin with a typed slice assignable to PluginDefinition.
  setup?(ctx: PluginContext<Slice>): void | (() => void)
}

/** Options a login call passes to {@link PluginContext.authenticate}. */
export interface AuthenticateOptions {
  /** The login method id, for analytics and `onComplete`. */
  method: string
}

/** Options a link call passes to {@link PluginContext.link}. */
export interface LinkOptions extends AuthenticateOptions {
  /**
   * Moves the account from its other user to this one: calls the method's `/…/transfer` route with
   * the nonce of an `account_transfer_required` answer (its whole `data` comes second, for routes
   * that send part of it back, like OAuth's `userInfo`). Without it, that answer is a plain error.
   */
  transfer?: (nonce: string, data: Record<string, unknown>) => Promise<unknown>
  /** The account as the user knows it (address, phone number, wallet), shown on the conflict screen. */
  handle?: string
}

/** Options of {@link PluginContext.changeAccounts}. */
export interface ChangeAccountsOptions extends AuthenticateOptions {
  /** Close the modal after the success delay (a change made from a modal screen). @defaultValue false */
  closeModal?: boolean
}

/**
 * What the modal's current flow does: sign a visitor in, add an account to the signed-in user, or
 * only connect an external wallet (no sign-in; allowed signed in or out).
 */
export type FlowIntent = 'login' | 'link' | 'connect'

/** Options of a navigation. */
export interface NavigateOptions {
  /** Replace the current screen instead of pushing a new one. */
  replace?: boolean
  /** Clear the whole stack first (the new screen has no back). */
  reset?: boolean
}

/** The API client as plugins see it. */
export interface ApiClient {
  /**
   * Calls a route.
   * @param r - the route.
   * @param body - its JSON body (left out for GET).
   * @param options - path params, a query string, extra headers.
   */
  request<R extends Route>(
    r: R,
    body?: RouteRequest<R>,
    options?: { params?: Record<string, string>; query?: Record<string, string>; headers?: Record<string, string>; signal?: AbortSignal },
  ): Promise<RouteResponse<R>>
}

/**
 * What a plugin receives in `setup` and what its screens use. Plugins never see the whole kernel:
 * only this narrow context.
 */
export interface PluginContext<Slice extends object = object> {
  readonly pluginId: string
  readonly api: ApiClient
  /** The plugin's own valtio state slice. */
  readonly state: Slice
  /** Tap-only view of the kernel's hooks, and `define` for hooks plugins declare (read them through `defineHooks` accessors). */
  readonly hooks: TapOnlyHooks
  /** The app id the kernel was created with. */
  readonly appId: string
  /** The kernel's key/value storage (localStorage when available), for primitives a plugin keeps. */
  readonly storage: StorageAdapter
  /** The kernel's wait (`PorticoOptions.sleep`): retries and delays of a plugin follow it, so tests can make them fast. */
  readonly sleep: (ms: number) => Promise<void>
  /** The current session: status and user. */
  readonly session: () => { status: SessionStatus; user: User | null }
  /** Logs out (local state first, then the server). */
  logout(): Promise<void>
  /** The API base URL the kernel talks to (a plugin that serves a page from the API's origin builds its address from it). */
  readonly apiUrl: string
  /**
   * The session's access token, refreshed first when expired; null when signed out. For a plugin that
   * hands the token to a page of the API's own origin (the wallet frame); API calls through `api` carry it already.
   */
  getAccessToken(): Promise<string | null>
  /**
   * Refreshes the session (`POST /sessions`) now, after the server changed the user outside a login
   * call (a wallet created through the wallet frame) or when a token was refused as expired.
   * @returns the refreshed user, or null when the session is gone.
   */
  refreshSession(): Promise<User | null>
  /** The merged app configuration (null until loaded). */
  readonly config: () => AppConfig | null
  /**
   * Resolves once the kernel is ready: the app configuration is loaded and the stored session restored
   * (`session().status` is no longer `loading`). A plugin that signs in on page load (a returning
   * redirect, a sign-in link) waits on it, so the restored session cannot overwrite the new one.
   * @example
   * ```ts
   * setup(ctx) { void ctx.ready().then(() => ctx.navigate('hello/welcome')) }
   * ```
   */
  ready(): Promise<void>
  /** Sign-in mode for authenticate calls: 'no-signup' when the host disabled sign-up for this attempt. */
  readonly loginMode: () => LoginMode
  /**
   * What the current modal flow does: `login` (the default); `link`, when the host opened the modal
   * to add an account to the signed-in user (`kernel.openModal(screen, { intent: 'link' })`); or
   * `connect`, when it only connects a wallet (`kernel.openModal('wallets/list', { intent: 'connect' })`).
   */
  readonly intent: () => FlowIntent
  /**
   * Starts a login before its first request: runs the `beforeLogin` steps (a captcha screen, for one)
   * and collects what the `loginStart` taps say the first request must carry. Rejects with `exited_auth_flow` when the user leaves a step.
   * A signed-in user (a link) skips the captcha.
   */
  beginLogin(options: AuthenticateOptions): Promise<LoginStart>
  /** Navigates the modal to a screen id (`email/code`, `portico/landing`...). */
  navigate(screen: string, params?: Record<string, unknown>, options?: NavigateOptions): void
  /** Goes back one screen. */
  back(): void
  /**
   * Opens a step of this plugin inside the steps already open (`kernel.flow`): shows its screen and
   * waits until the step is resolved or cancelled. The screens it navigates to belong to it; when it
   * ends, the modal returns to the screen it was opened from (closing if it opened the modal), and
   * the steps around it keep waiting. Back from its first screen, or closing the modal, cancels it.
   * @param options - the screen, its params, and what a cancellation rejects with (`cancelError`).
   * @returns the value the step is resolved with; rejects with its `cancelError` (by default
   *   `exited_auth_flow`) when cancelled.
   * @example
   * ```ts
   * import { PorticoError } from 'portico/kernel'
   * // In a transaction plugin: ask for MFA before signing; the review screen stays underneath.
   * const code = await ctx.step<string>({
   *   screen: 'mfa/verify',
   *   cancelError: () => new PorticoError('MFA canceled', { code: 'mfa_canceled' }),
   * })
   * ```
   */
  step<T = void>(options: StepOptions): Promise<T>
  /**
   * Finishes a login: stores the session from an authenticate response, runs the post-login steps
   * (terms, wallet creation...) and closes the modal on success. Errors are routed by the error registry.
   */
  authenticate(call: () => Promise<AuthenticatedUser>, options: AuthenticateOptions): Promise<LoginResult>
  /**
   * Finishes a link: runs the call (a `…/link` route, answered with the User), then refreshes the
   * session (`POST /sessions`), as the contract asks, and closes the modal after the success delay.
   * When the server answers `account_transfer_required` with a nonce and `options.transfer` is given,
   * the modal moves to the `portico/link-conflict` screen and this resolves once the user transferred
   * the account (to the refreshed user), or rejects with `exited_auth_flow` when they declined.
   * @returns the updated user.
   */
  link(call: () => Promise<unknown>, options: LinkOptions): Promise<User>
  /**
   * Runs an unlink or update call (answered with the User, which is ignored), then refreshes the
   * session (`POST /sessions`) and returns the user from it, as the contract asks after every change.
   * @returns the updated user.
   */
  changeAccounts(call: () => Promise<unknown>, options: ChangeAccountsOptions): Promise<User>
  /**
   * Resolves an error through the kernel's error registry (the `mapError` hook, the plugins' error
   * tables, the kernel's table): the reaction and the text to show. The one way a screen or hook
   * maps an error; `context.method` defaults to this plugin's id.
   */
  resolveError(error: unknown, context?: ErrorContext): ResolvedError
  /** Translates a message key with `{name}` placeholders; a key no table declares (a typo) is a type error. */
  t(key: MessageKey, values?: MessageValues): string
  /**
   * The locale texts show in (a BCP 47 tag, `'en'` until another one has loaded), for what `t`
   * does not cover: `Intl.NumberFormat` of amounts, `Intl.DisplayNames` of countries.
   */
  locale(): string
}

/** Registry of plugin types, extended by each plugin through declaration merging. */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type
export interface PluginRegistry {}

/**
 * Declares a plugin. An identity helper that keeps literal types.
 * @param plugin - the plugin object.
 * @returns the same object.
 * @example
 * ```ts
 * import { definePlugin } from 'portico/kernel'
 * export const hello = () => definePlugin({ id: 'hello', kind: 'feature' })
 * ```
 */
export function definePlugin<const Id extends string, Slice extends object = object>(
  plugin: PluginDefinition<Id, Slice>,
): PluginDefinition<Id, Slice> {
  return plugin
}
