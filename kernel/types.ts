/**
 * The kernel's public shape: what `createPortico` returns and what its state holds.
 * @module
 */
import type { ApiClient, LoginResult, PluginContext, PluginDefinition, ScreenDefinition } from './plugin'
import type { AppConfig, ClientConfig } from './config'
import type { ErrorContext, HookBus, SessionStatus } from './hooks'
import type { ResolvedError } from './errors'
import type { Flow } from './flow-types'

export type { ResolvedError } from './errors'
import type { SessionEntry, User } from './wire'
import type { StorageAdapter } from './storage'
import type { MessageOverrides } from './locale'
import type { MessageKey, MessageValues } from './messages'

export type { StorageAdapter } from './storage'

/** Options of `createPortico`. */
export interface PorticoOptions {
  /** The app id (25 lowercase alphanumerics). */
  appId: string
  /** Base URL of the API server. @defaultValue 'http://localhost:8787' */
  apiUrl?: string
  /** Sent as `privy-client-id` when set. */
  clientId?: string
  /** The plugins this app uses; only these reach the bundle. */
  plugins: readonly PluginDefinition[]
  /** Client-side app configuration, merged over the server's. */
  config?: ClientConfig
  /** Where tokens and ids are kept. @defaultValue localStorage when available, else memory */
  storage?: StorageAdapter
  /** Refresh the access token before it expires. @defaultValue true */
  autoRefresh?: boolean
  /**
   * Where the session lives. `'tokens'`: the access and refresh tokens in `storage`, sent as a Bearer.
   * `'cookies'`, for an app whose server has the `sessionCookies` setting: the server keeps the
   * session in HttpOnly cookies, the kernel stores no token, sends none, and asks the server for the
   * session state (`getAccessToken()` then answers null). The API must be on the page's own site
   * (`apiUrl` under the page's origin, e.g. through a rewrite) for the cookies to be first-party.
   * @defaultValue 'tokens'
   */
  session?: 'tokens' | 'cookies'
  /**
   * The locale texts show in: a BCP 47 tag (`'fr'`, `'pt-BR'` shows `pt`), or `'auto'` for the
   * browser's languages matched to `SUPPORTED_LOCALES`. Its texts load lazily, for the kernel and
   * the registered plugins only; keys it lacks show in English.
   * @defaultValue 'en'
   */
  locale?: string
  /**
   * The host's own texts over everyone's, per locale then per key (`{ fr: { EMAIL_SUBMIT: '…' } }`);
   * the `en` table is also the fallback of every locale.
   */
  messages?: MessageOverrides
  /** The fetch implementation. @defaultValue globalThis.fetch */
  fetch?: typeof fetch
  /**
   * Waits between retries and before post-login steps; tests pass a fast one.
   * @defaultValue a setTimeout-based wait
   */
  sleep?: (ms: number) => Promise<void>
}

/** One entry of the modal's navigation stack. */
export interface ScreenEntry {
  screen: string
  params: Record<string, unknown>
  /**
   * Set on the first screen of a step (`kernel.flow`, `ctx.step`): that step's id. The screens above
   * it, up to the next step's first screen, belong to the same step. Set by the kernel only.
   */
  step?: number
  /**
   * Set by the kernel when the flow this screen runs has ended (a login or link stored its result,
   * and the screen shows its success state): like an `outcome` screen, it has no Back.
   */
  settled?: boolean
  /**
   * Set while the screen shows the end of its flow (a failure its plugin cannot go on from; the
   * screen's `markOutcome`), cleared when its Retry starts over: while set, it has no Back.
   */
  outcome?: boolean
}

/** The kernel's valtio state. Read it through snapshots. */
export interface KernelState {
  /** The app configuration loaded and the stored session restored. */
  ready: boolean
  config: AppConfig | null
  /** Why the configuration could not be loaded, if it could not. */
  configError: string | null
  session: {
    status: SessionStatus
    /** The session's user; also set while `pending`, for the consent screen (hosts are shown none then). */
    user: User | null
  }
  modal: {
    open: boolean
    stack: ScreenEntry[]
  }
  /**
   * The locale the texts show in, set once its texts have loaded (English until then), with its
   * writing direction for the modal's `dir`.
   */
  locale: { tag: string; dir: 'ltr' | 'rtl' }
  /** Per-plugin state slices, keyed by plugin id (the wallets plugin's connections are under `wallets`). */
  plugins: Record<string, object>
}

/**
 * A link that met an account already belonging to another user (`account_transfer_required`).
 * The `data` is the error body's `data`: `{ nonce, subject, account: { displayName }, otherUser: {...} }`.
 */
export interface LinkConflict {
  /** The login method of the link (`email`, `sms`, `wallet`, `google`...). */
  method: string
  /** 'Email address', 'Phone number', 'Wallet address', 'LinkedIn profile' or '{Provider} profile'. */
  label: string
  /** The account as shown: the address, number or wallet the user entered, else the server's display name. */
  handle: string
  /** The embedded wallet of the other user, whose assets would be lost by the transfer. */
  embeddedWalletAddress: string | null
  data: Record<string, unknown>
}

/** A Portico instance. A page may create several; each has its own state. */
export interface Kernel {
  readonly appId: string
  readonly options: Readonly<PorticoOptions>
  readonly state: KernelState
  /** The kernel's hooks, and the registry of the hooks plugins declare (`hooks.define`, `defineHooks`). */
  readonly hooks: HookBus
  readonly api: ApiClient
  readonly plugins: readonly PluginDefinition[]
  /**
   * The step stack: steps that nest (MFA inside a send-transaction inside a funding flow), each
   * waiting on its screens and ending only itself and the steps inside it. Plugins open steps with
   * `ctx.step`; a screen ends its own step with `flow.stepAt(its index)`.
   */
  readonly flow: Flow
  /** Loads the app configuration and restores the stored session. Idempotent. */
  init(): Promise<void>
  /** The current access token, refreshed first when it is about to expire; null when signed out. */
  getAccessToken(): Promise<string | null>
  /** The stored identity token, if any. */
  getIdentityToken(): string | null
  /** Refreshes the session now; resolves to the user, or null when the session is gone. */
  refresh(): Promise<User | null>
  /** Logs out: clears local state first, then tells the server. */
  logout(): Promise<void>
  /**
   * The signed-in user's live sessions (devices), newest first; the one of this client has
   * `current: true`. Rejects with `must_be_authenticated` when signed out.
   */
  listSessions(): Promise<SessionEntry[]>
  /**
   * Revokes one of the user's sessions, or every session but this client's (`{ allOthers: true }`).
   * Revoking this client's own session logs out locally too.
   * @returns how many sessions were revoked; rejects with a 404 `ApiError` for an unknown session.
   */
  revokeSessions(target: { sessionId: string } | { allOthers: true }): Promise<number>
  /**
   * Opens the modal at a screen (the landing screen by default). `params.intent`: 'link' (signed in)
   * adds an account; 'connect' only connects a wallet, signed in or out; `disableSignup: true` lets only
   * existing users in on this attempt.
   */
  openModal(screen?: string, params?: Record<string, unknown>): void
  /** Closes the modal (unless the current screen is blocking and `force` is not set). */
  closeModal(options?: { force?: boolean }): void
  navigate(screen: string, params?: Record<string, unknown>, options?: { replace?: boolean; reset?: boolean }): void
  back(): void
  /**
   * Marks the modal's screen at a place of the stack as showing the end of its flow, or (false) as
   * a flow again: see {@link ScreenEntry.outcome}. The modal shell calls it for a screen's `markOutcome`.
   */
  markOutcome(index: number, outcome: boolean): void
  /** The screen definition for a screen id (`email/code`). */
  screen(id: string): ScreenDefinition | undefined
  /** The context a plugin's screens use. */
  contextFor(pluginId: string): PluginContext
  /** Resolves an error to its reaction and text (hooks first, then the registry). */
  resolveError(error: unknown, context?: ErrorContext): ResolvedError
  /** The account transfer the link-conflict screen offers, or null when no link is waiting on one. */
  linkConflict(): LinkConflict | null
  /**
   * Runs the pending account transfer (the plugin's `/…/transfer` call), refreshes the session,
   * resolves the waiting link with the user and closes the modal after {@link LinkConflict}'s delay.
   * @returns the updated user; rejects with the server's error (the link keeps waiting).
   */
  transferAccount(): Promise<User>
  /**
   * Ends the step the top screen belongs to (`flow.current()`): `continue` resolves it, `abort`
   * cancels it (a post-login step's login then logs out). Nothing happens when no step owns the top
   * screen. A screen whose step may no longer be on top ends it through `flow.stepAt(index)` instead.
   */
  resolveStep(result: 'continue' | 'abort'): void
  /** Translates a message key in the current locale (see {@link KernelState.locale}). */
  t(key: MessageKey, values?: MessageValues): string
  /**
   * Switches the locale (a tag or `'auto'`, as {@link PorticoOptions.locale}): loads its texts for
   * the kernel and the registered plugins, then sets `state.locale`. Screens opened meanwhile wait.
   * @returns once the texts are in use (never rejects: a locale that cannot load leaves the texts as they are).
   */
  setLocale(locale: string): Promise<void>
  /** Subscribes to completed logins; returns an unsubscribe. */
  onLogin(listener: (result: LoginResult) => void): () => void
  /** Tears down plugins, timers and listeners. */
  destroy(): void
}
