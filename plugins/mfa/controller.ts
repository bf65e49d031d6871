/**
 * The MFA core's controller, one per kernel: which methods the app offers and the user enrolled,
 * the verification that asks the user for a code (4 attempts, a 5-minute wait; spec 02 §9) and
 * yields a fresh MFA token, the enrolment flow, and the host's hand-over when the app draws its own
 * MFA UI (`noPromptOnMfaRequired`).
 * @module
 */
import { PorticoError } from '../../kernel/errors'
import type { PluginContext } from '../../kernel/plugin'
import { MFA_TOKEN_HEADER, mfaHooks, type MfaHeaders, type MfaMethod } from './methods'

/** Spec 02 §9: how long a verification waits for its code, in ms. */
export const MFA_CODE_WAIT_MS = 300_000
/** Spec 02 §9: wrong codes allowed in one verification, in total. */
export const MFA_MAX_ATTEMPTS = 4

/** The MFA screens. */
export const MFA_SCREENS = {
  /** Verify identity: choose a method, enter the code (or use the device), success. */
  verify: 'mfa/verify',
  /** Enrolment: 'Transaction Protection', then the method choice. */
  enroll: 'mfa/enroll',
  /** A removal confirmation (`{method}`). */
  remove: 'mfa/remove',
} as const

/** Options of the `mfa()` plugin (spec 02 §3, the configuration's `mfa`). */
export interface MfaOptions {
  /**
   * The methods offered at enrolment, in order; only those whose plugin is registered show.
   * @defaultValue the app's `mfa_methods`, else every registered method
   */
  methods?: readonly string[]
  /**
   * Never show the verification screens: when a wallet operation needs MFA, the host is told
   * (`useMfa().onMfaRequired`) and drives the verification itself (`init`, `submit`, `cancel`).
   * @defaultValue false
   */
  noPromptOnMfaRequired?: boolean
  /** How long a verification waits for its code, in ms. @defaultValue {@link MFA_CODE_WAIT_MS} */
  codeTimeoutMs?: number
}

/** The errors a verification ends with (spec 02 §8 'Multi-factor'). */
export const mfaErrors = {
  /** The user (or the host) left the verification. */
  canceled: () => new PorticoError('MFA canceled', { code: 'mfa_canceled' }),
  /** The fourth wrong code, or the server's lock. */
  maxAttempts: (cause?: unknown) => new PorticoError('Max MFA verification attempts reached', { code: 'mfa_verification_max_attempts_reached', cause }),
  /** No code within the wait. */
  timeout: () => new PorticoError('Timed out waiting for MFA code', { code: 'mfa_timeout' }),
  /** A wrong code; the verification goes on while attempts remain. */
  retry: (cause?: unknown) => new PorticoError('MFA verification failed, retry.', { code: 'missing_or_invalid_mfa', cause }),
  /** Nothing to verify with. */
  notEnrolled: () => new PorticoError('The user has no MFA method enrolled', { code: 'missing_mfa_enrollment' }),
}

/** Wire codes of a refused code. */
const WRONG_CODE = new Set(['missing_or_invalid_mfa', 'invalid_credentials', 'twilio_verification_failed'])
/** Wire codes of a locked verification (the server's own count, or its rate limit: 'code 429'). */
const LOCKED = new Set(['mfa_verification_max_attempts_reached', 'too_many_requests'])

function codeOf(error: unknown): string | undefined {
  const code = (error as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

/** What the host's listener is told when a wallet operation needs MFA. */
export interface MfaRequiredEvent {
  /** The user's enrolled methods, by id. */
  methods: string[]
}

/**
 * One verification in progress: the screen and the host's `useMfa()` drive the same one.
 */
export interface MfaVerification {
  /** The user's enrolled methods, by id. */
  readonly methods: readonly string[]
  /** Wrong codes still allowed. */
  attemptsLeft(): number
  /** The error that ended it (max attempts, time-out, cancel), or null while it runs or once it succeeded. */
  failure(): PorticoError | null
  /** Whether it ended (token, or failure). */
  ended(): boolean
  /**
   * Prepares a method (texts the SMS code).
   * @param method - one of {@link MfaVerification.methods}.
   */
  init(method: string): Promise<void>
  /**
   * Checks a code (or runs the device method).
   * @param method - the method.
   * @param code - the 6 digits, for a code method.
   * @returns the MFA token; the verification ends with it.
   * @throws `missing_or_invalid_mfa` ('MFA verification failed, retry.') on a wrong code while
   *   attempts remain; `mfa_verification_max_attempts_reached` on the last one (the verification
   *   ends); the method's own error otherwise (not counted).
   */
  submit(method: string, code?: string): Promise<string>
  /** Ends it with 'MFA canceled'. */
  cancel(): void
  /** Settles when it ends: the token, or its failure. */
  readonly result: Promise<string>
}

/** The MFA core of one kernel, as screens, method plugins and hooks use it. */
export interface MfaController {
  /** Every registered method, in registration order. */
  registered(): MfaMethod[]
  /** The methods the app offers for enrolment. */
  available(): MfaMethod[]
  /** The signed-in user's enrolled methods (those with a plugin). */
  enrolled(): MfaMethod[]
  /** A registered method by id. */
  method(id: string): MfaMethod | undefined
  /** Whether the host draws the MFA UI itself. */
  hostPrompts(): boolean
  /**
   * Gets a fresh MFA token from the user: the verification screens as a step, or the host's
   * `useMfa()` when it draws its own UI. A second call while one runs joins it.
   * @returns the token.
   * @throws `mfa_canceled`, `mfa_verification_max_attempts_reached`, `mfa_timeout`, `missing_mfa_enrollment`.
   */
  verify(): Promise<string>
  /** The verification in progress, if any. */
  current(): MfaVerification | null
  /**
   * Listens for verifications the host must drive (`noPromptOnMfaRequired`).
   * @returns the function that stops listening.
   */
  onRequired(listener: (event: MfaRequiredEvent) => void): () => void
  /** Opens the enrolment flow as a step; resolves when it ends (enrolled, removed, or 'Not now'). */
  enroll(): Promise<void>
  /**
   * Before adding or removing a method: verifies first when the user has one enrolled (spec 02 §5)
   * and keeps the token for the change's requests ({@link MfaController.changeHeaders}).
   */
  authorizeChange(): Promise<void>
  /** The headers of an enrolment or removal request: the token {@link MfaController.authorizeChange} got, if any. */
  changeHeaders(): MfaHeaders
  /**
   * Removes a method after the prior verification, then refreshes the user.
   * @param id - the method.
   */
  remove(id: string): Promise<void>
}

/**
 * Builds the controller of one kernel.
 * @param ctx - the MFA plugin's context.
 * @param options - the plugin's options.
 * @returns the controller.
 */
export function createMfaController(ctx: PluginContext, options: MfaOptions): MfaController {
  const listeners = new Set<(event: MfaRequiredEvent) => void>()
  let active: MfaVerification | null = null
  let grant: string | null = null

  const registered = () => mfaHooks(ctx).methods.call([])
  const method = (id: string) => registered().find((m) => m.id === id)

  function available(): MfaMethod[] {
    const fromApp = (ctx.config()?.server as { mfa_methods?: unknown } | undefined)?.mfa_methods
    const wanted = options.methods ?? (Array.isArray(fromApp) && fromApp.length > 0 ? (fromApp as string[]) : null)
    const all = registered()
    if (!wanted) return all
    return wanted.map((id) => all.find((m) => m.id === id)).filter((m): m is MfaMethod => m !== undefined)
  }

  function enrolled(): MfaMethod[] {
    const types = new Set((ctx.session().user?.mfa_methods ?? []).map((m) => m.type))
    return registered().filter((m) => types.has(m.id))
  }

  function startVerification(methods: string[]): MfaVerification {
    let attempts = 0
    let failure: PorticoError | null = null
    let done = false
    let settle!: { resolve: (token: string) => void; reject: (error: unknown) => void }
    const result = new Promise<string>((resolve, reject) => {
      settle = { resolve, reject }
    })
    // Nobody may await `result` (the screen reads `failure()` instead).
    result.catch(() => undefined)
    const timer = setTimeout(() => fail(mfaErrors.timeout()), options.codeTimeoutMs ?? MFA_CODE_WAIT_MS)
    function fail(error: PorticoError): void {
      if (done) return
      done = true
      failure = error
      clearTimeout(timer)
      settle.reject(error)
    }
    function usable(id: string): MfaMethod {
      if (done) throw failure ?? mfaErrors.canceled()
      const m = methods.includes(id) ? method(id) : undefined
      if (!m) throw new PorticoError(`The MFA method ${id} is not enrolled`, { code: 'missing_mfa_enrollment' })
      return m
    }
    return {
      methods,
      attemptsLeft: () => MFA_MAX_ATTEMPTS - attempts,
      failure: () => failure,
      ended: () => done,
      init: (id) => usable(id).init(),
      async submit(id, code) {
        const m = usable(id)
        let token: string
        try {
          token = await m.verify(code)
        } catch (error) {
          if (done) throw failure ?? error
          const code = codeOf(error)
          if ((code && LOCKED.has(code)) || (error as { status?: unknown }).status === 429) {
            fail(mfaErrors.maxAttempts(error))
            throw failure
          }
          if (!code || !WRONG_CODE.has(code)) throw error
          // The server's own count wins when it sends one (`data.attempts_remaining`).
          const remaining = (error as { data?: { attempts_remaining?: unknown } }).data?.attempts_remaining
          attempts = typeof remaining === 'number' ? MFA_MAX_ATTEMPTS - remaining : attempts + 1
          if (attempts >= MFA_MAX_ATTEMPTS) {
            fail(mfaErrors.maxAttempts(error))
            throw failure
          }
          throw mfaErrors.retry(error)
        }
        if (done) throw failure ?? mfaErrors.canceled()
        done = true
        clearTimeout(timer)
        settle.resolve(token)
        return token
      },
      cancel: () => fail(mfaErrors.canceled()),
      result,
    }
  }

  const controller: MfaController = {
    registered,
    available,
    enrolled,
    method,
    hostPrompts: () => options.noPromptOnMfaRequired === true,
    current: () => active,
    async verify() {
      if (active && !active.ended()) return active.result
      const methods = enrolled().map((m) => m.id)
      if (methods.length === 0) throw mfaErrors.notEnrolled()
      const verification = startVerification(methods)
      active = verification
      const release = () => {
        if (active === verification) active = null
      }
      void verification.result.then(release, release)
      if (controller.hostPrompts()) {
        for (const listener of listeners) listener({ methods: [...methods] })
        return verification.result
      }
      try {
        await ctx.step({ screen: MFA_SCREENS.verify, cancelError: () => verification.failure() ?? mfaErrors.canceled() })
      } catch (error) {
        verification.cancel()
        throw error
      }
      return verification.result
    },
    onRequired(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
    async enroll() {
      try {
        await ctx.step({ screen: MFA_SCREENS.enroll, cancelError: mfaErrors.canceled })
      } catch (error) {
        if (codeOf(error) !== 'mfa_canceled') throw error
      } finally {
        // The method screens refreshed the user after their change.
        grant = null
      }
    },
    async authorizeChange() {
      grant = enrolled().length > 0 ? await controller.verify() : null
    },
    changeHeaders: (): MfaHeaders => (grant ? { [MFA_TOKEN_HEADER]: grant } : {}),
    async remove(id) {
      const m = method(id)
      if (!m) throw new PorticoError(`The MFA method ${id} is not registered`, { code: 'missing_mfa_enrollment' })
      await controller.authorizeChange()
      try {
        await m.unenroll(controller.changeHeaders())
      } finally {
        grant = null
      }
      await ctx.refreshSession()
    },
  }
  return controller
}
