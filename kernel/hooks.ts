/**
 * The hook bus. Every kernel hook is declared here once, with who calls it and what a returned
 * value means. tapable is the engine; where a page's CSP forbids `new Function` (which tapable
 * compiles its dispatchers with) the bus falls back to a plain loop over the taps.
 * @module
 */
import type { PorticoError, ErrorReaction } from './errors'
import type { AppConfig } from './config'
import type { ClientConfig } from './config'
import type { LoginMethodDefinition, LoginResult, LoginStart } from './login'
import type { User } from './wire'

/** Options of a tap. */
export interface TapOptions {
  /** Lower stages run first. Use the named {@link STAGE} values, never other plugins' names. @defaultValue 0 */
  stage?: number
}

/** Named stages, so order never depends on naming another plugin. */
export const STAGE = { early: -100, normal: 0, late: 100 } as const

/** A hook that plugins tap. `tap` returns an untap function. */
export interface Tappable<Fn extends (...args: never[]) => unknown> {
  tap(name: string, fn: Fn, options?: TapOptions): () => void
}

/** Notification: every tap runs; return values are ignored. */
export interface SyncHook<Args extends unknown[]> extends Tappable<(...args: Args) => void> {
  call(...args: Args): void
}
/** Bail: taps run in order until one returns something other than `undefined`; that value wins. */
export interface SyncBailHook<Args extends unknown[], R> extends Tappable<(...args: Args) => R | undefined> {
  call(...args: Args): R | undefined
}
/** Waterfall: each tap receives the previous tap's value and returns the next. */
export interface SyncWaterfallHook<T, Rest extends unknown[] = []> extends Tappable<(value: T, ...rest: Rest) => T> {
  call(value: T, ...rest: Rest): T
}
/** Async bail: awaited in order until one resolves to something other than `undefined`. */
export interface AsyncSeriesBailHook<Args extends unknown[], R>
  extends Tappable<(...args: Args) => Promise<R | undefined> | R | undefined> {
  promise(...args: Args): Promise<R | undefined>
}
/** Async parallel: every tap runs at once; resolves to the defined values they returned, in tap order. */
export interface AsyncParallelHook<Args extends unknown[], R>
  extends Tappable<(...args: Args) => Promise<R | undefined> | R | undefined> {
  promise(...args: Args): Promise<R[]>
}

/** A step shown after a login before the modal closes (terms consent, wallet creation, MFA...). */
export interface PostLoginStep {
  /**
   * Screen id to show, as a step of the kernel's step stack (`kernel.flow`); the screen ends it with
   * `resolveStep` ('continue' or 'abort'). Its screen stays until the next step or the close.
   */
  screen: string
  params?: Record<string, unknown>
}

/**
 * A step required before a login request is sent (a captcha, for one). The screen ends it with
 * `resolveStep`; then the modal returns to the screen that started the login.
 */
export interface PreLoginStep {
  screen: string
  params?: Record<string, unknown>
}

/** Context passed to `mapError`. */
export interface ErrorContext {
  /** Login method id, when the error came from a login. */
  method?: string
  /** The screen that was showing. */
  screen?: string
  /**
   * The step of the flow that failed, when the flow names its steps (the code entry's `send` and
   * `verify`); table entries with `steps` apply only to those.
   */
  step?: string
}

/**
 * Where the session stands. `pending`: the server issued tokens, but the app requires its terms and
 * the user has not accepted them yet; until they do the user is not signed in (hosts see
 * `authenticated` false and no user, the server refuses every signed-in route but the consent
 * step's) and the kernel shows the consent screen, again after a reload.
 */
export type SessionStatus = 'loading' | 'unauthenticated' | 'pending' | 'authenticated'

/** Session snapshot passed to `sessionChanged`. */
export interface SessionSnapshot {
  authenticated: boolean
  /** The signed-in user; null when signed out and while the session is `pending`. */
  user: User | null
}

/** Every hook of the kernel. */
export interface KernelHooks {
  /**
   * Called by the kernel while it loads the app configuration, after merging the server's and the
   * host's: each tap may fill or check settings of its own plugin (the host's client configuration
   * comes second). A tap that throws fails the load (`kernel.state.configError`). Waterfall.
   */
  resolveConfig: SyncWaterfallHook<AppConfig, [ClientConfig]>
  /** Called by the kernel once the app configuration is loaded and merged. Notification. */
  configLoaded: SyncHook<[AppConfig]>
  /** Called by the session whenever the user or tokens change (login, refresh, logout, other tab). Notification. */
  sessionChanged: SyncHook<[SessionSnapshot]>
  /** Called by the landing screen: transforms the login-method list (filter, reorder). Waterfall. */
  resolveLoginMethods: SyncWaterfallHook<LoginMethodDefinition[], [AppConfig]>
  /**
   * Called by the kernel when a login starts (`PluginContext.beginLogin`), before its first request.
   * The first tap that returns a step (a captcha screen, for one) makes the kernel show it and wait
   * for it. Async bail.
   */
  beforeLogin: AsyncSeriesBailHook<[{ method: string }], PreLoginStep>
  /**
   * Called by the kernel right after `beforeLogin`'s step: every tap may answer with fields the
   * login's first request must carry (a captcha token, for one); the answers are merged in tap order
   * into what `beginLogin` resolves to. Async parallel.
   */
  loginStart: AsyncParallelHook<[{ method: string }], LoginStart>
  /** Called by the kernel on an error in a modal flow. The first reaction returned wins; none means the error registry decides. Bail. */
  mapError: SyncBailHook<[PorticoError, ErrorContext], ErrorReaction>
  /**
   * Called by the kernel after a login stored its session and the user accepted the terms the app
   * requires (the kernel's own first step, {@link SessionStatus} `pending`), repeatedly until no tap
   * answers: each answer is a step (wallet creation) shown before the modal closes. Async bail.
   */
  afterAuthenticate: AsyncSeriesBailHook<[LoginResult], PostLoginStep>
  /** Called by the kernel when a login completed and the modal is closing. Notification. */
  loginComplete: SyncHook<[LoginResult]>
  /** Called by the kernel when a login failed. Notification. */
  loginFailed: SyncHook<[PorticoError, { method: string }]>
  /** Called by the session after a logout cleared local state. Notification. */
  loggedOut: SyncHook<[]>
}

/** The makers a plugin declares its own hooks with; each hook uses its kernel's engine. */
export interface HookMakers {
  /** A notification hook. */
  sync<Args extends unknown[]>(): SyncHook<Args>
  /** A bail hook. */
  syncBail<Args extends unknown[], R>(): SyncBailHook<Args, R>
  /** A waterfall hook. */
  syncWaterfall<T, Rest extends unknown[] = []>(): SyncWaterfallHook<T, Rest>
  /** An async bail hook. */
  asyncSeriesBail<Args extends unknown[], R>(): AsyncSeriesBailHook<Args, R>
  /** An async parallel hook. */
  asyncParallel<Args extends unknown[], R>(): AsyncParallelHook<Args, R>
}

/**
 * Hooks that plugins declare for their kernel, the way webpack plugins add hooks of their own: one
 * set per kernel and key, created by the first caller. Read them through the typed accessor
 * {@link defineHooks} returns rather than by key.
 */
export interface HookRegistry {
  /**
   * The hooks declared under `key` for this kernel, created with `factory` on first use.
   * @param key - the declaring plugin's id.
   * @param factory - builds the hooks from the kernel's {@link HookMakers}.
   * @returns the same object for every call with this key on this kernel.
   * @throws `invalid_plugin` when another factory already declared the key.
   */
  define<T extends object>(key: string, factory: (make: HookMakers) => T): T
}

/** The kernel's hook bus: its own hooks, and the registry of the hooks plugins declare. */
export type HookBus = KernelHooks & HookRegistry

/**
 * The view of the hooks that plugins get: they may tap the kernel's hooks, never call them; they
 * may declare and use hooks of their own through `define`.
 */
export type TapOnlyHooks = { readonly [K in keyof KernelHooks]: Pick<KernelHooks[K], 'tap'> } & HookRegistry
