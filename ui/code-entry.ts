/**
 * The code-entry machine: send a one-time code to a destination (an address, a phone number), then
 * check the code the user typed. One machine per login method and kernel, shared by the method's
 * entry and code screens and by its headless hook, so a code has one 30 s resend cooldown wherever
 * it was sent from. Failures are mapped by the kernel's error registry (the plugin's error table,
 * with the steps `send` and `verify`); the machine keeps the registry's text and reaction.
 * @module
 */
import { useSyncExternalStore } from 'react'
import { PorticoError } from '../kernel/errors'
import { LOGIN_ABORTED_CODE, toPorticoError } from '../kernel/error-registry'
import type { MessageKey } from '../kernel/messages'
import type { PluginContext } from '../kernel/plugin'
import type { ResolvedError } from '../kernel/types'
import type { AuthenticatedUser, LoginMode } from '../kernel/wire'

/** Seconds before a code may be sent again to the same destination. */
export const CODE_RESEND_COOLDOWN_S = 30

/** The registry's step names of a code entry: sending a code, checking one. */
export const CODE_ENTRY_STEPS = { send: 'send', verify: 'verify' } as const

/** Where a code entry is. */
export type CodeEntryStatus = 'initial' | 'sending-code' | 'awaiting-code-input' | 'submitting-code' | 'done' | 'error'

/** The state of a code entry. */
export interface CodeEntryState {
  status: CodeEntryStatus
  /** Where the last code went, or null before the first send. */
  sentTo: string | null
  /** When a code may be sent to `sentTo` again (ms since the epoch), or null before the first send. */
  resendAvailableAt: number | null
  /** While `status` is `error`: the text to show (the registry's) and the wire or client code. */
  error?: PorticoError
  /** While `status` is `error`: what the registry says to do (a screen to go to, or inline). */
  failure?: ResolvedError
}

/** How one login method sends and checks codes. */
export interface CodeEntryMethod {
  /** Login method id (`email`, `sms`): the kernel's hooks and the error registry's context. */
  method: string
  /** Sends a code (`…/init`), with the captcha token when there is one. */
  init(ctx: PluginContext, destination: string, token: string | undefined): Promise<unknown>
  /** Checks a code and signs in (`…/authenticate`): what {@link CodeEntry.submit} runs by default. */
  authenticate(ctx: PluginContext, destination: string, code: string, mode: LoginMode): Promise<AuthenticatedUser>
  /** Message key of 'Resend code in {seconds}s'. */
  resendInKey: MessageKey
  /**
   * The account type a link of this method adds when a user may hold only one (`email`, `phone`):
   * a link for a user who already holds one is refused before any code is sent.
   */
  linkedAccountType?: string
}

/** Options of {@link CodeEntry.send}. */
export interface CodeSendOptions {
  /** Only existing users may sign in with the code (`no-signup`). */
  disableSignup?: boolean
  /** A captcha token from the host's own widget; without it the kernel's captcha step runs. */
  captchaToken?: string
  /**
   * Send even within the cooldown: the user went back to the entry screen and asked again (the
   * server's per-destination limit still applies). @defaultValue false
   */
  restart?: boolean
  /** Called once the kernel's captcha step is over (passed or left). */
  afterCaptcha?: () => void
}

/**
 * One method's code entry. Use {@link codeEntryFor} to get the shared one of a plugin context.
 * @example
 * ```ts
 * import { codeEntryFor } from 'portico/react/components'
 * const entry = codeEntryFor(ctx, emailCodeEntry)
 * await entry.send('ada@example.com')
 * await entry.submit('123456')
 * ```
 */
export class CodeEntry {
  private current: CodeEntryState = { status: 'initial', sentTo: null, resendAvailableAt: null }
  private readonly listeners = new Set<() => void>()
  private mode: LoginMode = 'login-or-sign-up'
  private busy = false

  /**
   * @param ctx - the method's plugin context.
   * @param spec - how the method sends and checks codes.
   */
  constructor(
    private readonly ctx: PluginContext,
    readonly spec: CodeEntryMethod,
  ) {}

  /** The current state (a new object after each change). */
  get state(): CodeEntryState {
    return this.current
  }

  /**
   * Listens to state changes.
   * @param listener - called after each change.
   * @returns a function that stops listening.
   */
  subscribe(listener: () => void): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /**
   * Seconds left before a code may be sent to `destination` again (0 when it may be sent now).
   * @param destination - the address or number.
   * @param now - the time in ms since the epoch.
   * @returns whole seconds, rounded up.
   */
  cooldownLeft(destination: string, now = Date.now()): number {
    const { sentTo, resendAvailableAt } = this.current
    if (sentTo !== destination || resendAvailableAt === null) return 0
    return Math.max(0, Math.ceil((resendAvailableAt - now) / 1000))
  }

  /**
   * Sends a code (the kernel's captcha step first, unless a token is given). Within the cooldown of
   * the same destination it is refused with 'Resend code in {seconds}s' (`too_many_requests`),
   * unless `options.restart`.
   * @param destination - the checked address or number.
   * @param options - sign-up mode, captcha token, restart.
   * @returns once the code is sent; rejects with the registry's text (and sets `state.error`), or
   *   with `exited_auth_flow` when the user left the captcha step (the state goes back).
   */
  async send(destination: string, options: CodeSendOptions = {}): Promise<void> {
    if (this.busy) throw new PorticoError('A login step is already running', { code: 'attempt_in_progress' })
    const refusal = this.linkRefusal()
    if (refusal) return this.fail(new PorticoError(refusal.message, { code: refusal.code }), refusal)
    const waitS = this.cooldownLeft(destination)
    if (waitS > 0 && !options.restart) {
      return this.fail(new PorticoError(this.ctx.t(this.spec.resendInKey, { seconds: waitS }), { code: 'too_many_requests' }))
    }
    this.busy = true
    const before = this.current
    this.set({ ...before, status: 'sending-code', error: undefined, failure: undefined })
    try {
      let token = options.captchaToken
      if (token === undefined) {
        try {
          token = (await this.ctx.beginLogin({ method: this.spec.method })).token
        } finally {
          options.afterCaptcha?.()
        }
      }
      await this.spec.init(this.ctx, destination, token)
      this.mode = options.disableSignup ? 'no-signup' : 'login-or-sign-up'
      this.set({ status: 'awaiting-code-input', sentTo: destination, resendAvailableAt: Date.now() + CODE_RESEND_COOLDOWN_S * 1000 })
    } catch (err) {
      return this.failed(err, CODE_ENTRY_STEPS.send, before)
    } finally {
      this.busy = false
    }
  }

  /**
   * Whether a link would be refused before any code is sent: the flow links (`ctx.intent()`) and the
   * signed-in user already holds the method's one account ({@link CodeEntryMethod.linkedAccountType}).
   * Entry screens show it as soon as they open; {@link CodeEntry.send} refuses with it.
   * @returns the registry's answer to `cannot_link_more_of_type`, or null when the link may go on.
   */
  linkRefusal(): ResolvedError | null {
    const type = this.spec.linkedAccountType
    if (!type || this.ctx.intent() !== 'link') return null
    if (!this.ctx.session().user?.linked_accounts.some((a) => a.type === type)) return null
    const refused = new PorticoError('Cannot link more accounts of this type.', { code: 'cannot_link_more_of_type' })
    return this.ctx.resolveError(refused, { method: this.spec.method, step: CODE_ENTRY_STEPS.send })
  }

  /**
   * Checks a code for the destination the last code went to.
   * @param code - the code as typed.
   * @param verify - how to use it; defaults to signing in (`ctx.authenticate` over the method's
   *   `authenticate`). A screen that links or updates an account passes its own call.
   * @returns once verified; rejects with the registry's text (and sets `state.error`).
   */
  async submit(code: string, verify?: (code: string) => Promise<unknown>): Promise<void> {
    const sentTo = this.current.sentTo
    if (!sentTo && !verify) return this.fail(new PorticoError('Send a code before submitting one', { code: 'missing_or_invalid_code' }))
    if (this.busy) throw new PorticoError('A login step is already running', { code: 'attempt_in_progress' })
    this.busy = true
    const before = this.current
    this.set({ ...before, status: 'submitting-code', error: undefined, failure: undefined })
    const typed = String(code ?? '').trim()
    try {
      if (verify) await verify(typed)
      else {
        const mode = this.mode
        await this.ctx.authenticate(() => this.spec.authenticate(this.ctx, sentTo!, typed, mode), { method: this.spec.method })
      }
      // A used code cannot be sent again early: the next login starts a new cooldown.
      this.set({ status: 'done', sentTo: null, resendAvailableAt: null })
    } catch (err) {
      return this.failed(err, CODE_ENTRY_STEPS.verify, before)
    } finally {
      this.busy = false
    }
  }

  /**
   * Records a failure found before anything was sent (a destination that does not validate).
   * @param error - the error, with the text to show.
   * @returns never: throws `error` after setting `state.error`.
   */
  refuse(error: PorticoError): never {
    return this.fail(error)
  }

  private set(next: CodeEntryState): void {
    this.current = next
    for (const listener of this.listeners) listener()
  }

  private fail(error: PorticoError, failure?: ResolvedError): never {
    this.set({ ...this.current, status: 'error', error, failure })
    throw error
  }

  /**
   * Maps a failure through the registry; a left captcha, a declined step or a step that moved the
   * modal on (fresh proof) only goes back.
   */
  private failed(err: unknown, step: string, before: CodeEntryState): never {
    const e = toPorticoError(err)
    // A thrown value may carry a code without being a PorticoError.
    const own = (err as { code?: unknown } | null)?.code
    if ((e.code ?? own) === LOGIN_ABORTED_CODE) {
      this.set({ ...before, status: before.sentTo ? 'awaiting-code-input' : 'initial', error: undefined, failure: undefined })
      throw e
    }
    const resolved = this.ctx.resolveError(err, { method: this.spec.method, step })
    // The wire code stays (hosts branch on it); the text is the registry's.
    return this.fail(new PorticoError(resolved.message, { code: e.code ?? resolved.code, cause: err }), resolved)
  }
}

const entries = new WeakMap<PluginContext, CodeEntry>()

/**
 * The code entry of a plugin context: one per method and kernel, shared by its screens and hooks.
 * @param ctx - the method's plugin context (`kernel.contextFor('email')`, or a screen's `ctx`).
 * @param spec - how the method sends and checks codes (the first caller's is kept).
 * @returns the shared machine.
 * @example
 * ```ts
 * import { codeEntryFor } from 'portico/react/components'
 * const entry = codeEntryFor(ctx, emailCodeEntry)
 * entry.state.status // 'initial'
 * ```
 */
export function codeEntryFor(ctx: PluginContext, spec: CodeEntryMethod): CodeEntry {
  let entry = entries.get(ctx)
  if (!entry) {
    entry = new CodeEntry(ctx, spec)
    entries.set(ctx, entry)
  }
  return entry
}

/**
 * Follows a code entry's state in React.
 * @param entry - the machine ({@link codeEntryFor}), or null before there is one.
 * @returns its current state (`initial` without a machine); the component renders again on each change.
 * @example
 * ```tsx
 * import { codeEntryFor, useCodeEntryState } from 'portico/react/components'
 * const state = useCodeEntryState(codeEntryFor(ctx, emailCodeEntry))
 * state.status // 'awaiting-code-input'
 * ```
 */
export function useCodeEntryState(entry: CodeEntry | null): CodeEntryState {
  const read = () => entry?.state ?? NOT_STARTED
  return useSyncExternalStore((listener) => entry?.subscribe(listener) ?? (() => {}), read, read)
}

/** The state of a method that has no machine (its plugin is not registered). */
const NOT_STARTED: CodeEntryState = Object.freeze({ status: 'initial', sentTo: null, resendAvailableAt: null })
