/**
 * React contexts: the kernel of the nearest provider (for hooks), and the screen context of the
 * screen being rendered (for screens, which never see the kernel).
 * @module
 */
import { createContext, useContext, useEffect, useLayoutEffect, useRef } from 'react'
import { useSnapshot } from 'valtio'
import type { Kernel, ResolvedError } from '../kernel/types'
import type { NavigateOptions, PluginContext } from '../kernel/plugin'
import type { ErrorContext, SessionStatus } from '../kernel/hooks'
import type { AppConfig } from '../kernel/config'
import type { User } from '../kernel/wire'

/** @internal */
export const KernelContext = createContext<Kernel | null>(null)

/**
 * The kernel of the nearest `PorticoProvider`, for hooks (`usePortico`, a plugin's `react.ts`).
 * Screens do not use it: they get a {@link ScreenContext}, and the `portico/boundaries` lint rule
 * fails a screen file that imports it.
 * @returns the kernel.
 * @throws when used outside a provider.
 * @example
 * ```tsx
 * import { useKernel } from 'portico/react'
 * function useSignedIn() {
 *   const kernel = useKernel()
 *   return kernel.state.session.status === 'authenticated'
 * }
 * ```
 */
export function useKernel(): Kernel {
  const kernel = useContext(KernelContext)
  if (!kernel) throw new Error('Portico hooks must be used inside <PorticoProvider>.')
  return kernel
}

/**
 * What a screen receives, as its props and through {@link useScreen}: the context of the plugin
 * that owns it, its params, navigation, the step it shows and the error registry. Never the kernel.
 * Reactive reads of the session and the app configuration go through {@link usePorticoState}.
 */
export interface ScreenContext<Params extends Record<string, unknown> = Record<string, unknown>> {
  /** The screen id (`email/code`); an inline screen (the landing's email field) has its host's id. */
  readonly id: string
  /** The context of the plugin that owns the screen: its API client, state slice, texts, login calls. */
  readonly ctx: PluginContext
  /** The navigation params the screen was shown with. */
  readonly params: Params
  /** Shows another screen (`portico/landing` with `{ reset: true }` starts over). */
  navigate(screen: string, params?: Record<string, unknown>, options?: NavigateOptions): void
  /** Goes back one screen; does nothing on the first one. */
  back(): void
  /**
   * Closes the modal, from a blocking screen too (it decides when it is done); a step still waiting
   * on a screen is cancelled.
   */
  close(): void
  /** Whether the modal still shows this screen (the user has not gone back, moved on or closed it). */
  isShown(): boolean
  /**
   * Ends the step this screen shows (captcha solved, terms accepted): the flow that waits on it goes
   * on. A screen ends its step once; later calls do nothing.
   */
  resolveStep(): void
  /** Cancels the step this screen shows: the flow that waits on it stops (`exited_auth_flow`). Once, like {@link resolveStep}. */
  cancelStep(): void
  /**
   * Marks this screen as showing the end of its flow (a failure it cannot go on from), or, with
   * false, as a flow again (its Retry started over): while marked, the modal shows no Back, like on
   * an `outcome` screen, and the screen's own buttons say where to go. Screens use {@link useOutcome}.
   */
  markOutcome(outcome: boolean): void
  /**
   * Resolves an error through the kernel's error registry: the reaction and the text to show.
   * `context.method` defaults to the owning plugin's id and `context.screen` to this screen's id.
   */
  resolveError(error: unknown, context?: ErrorContext): ResolvedError
  /**
   * Refreshes the session (`POST /sessions`) after the server changed the user outside a login or
   * link call (a Farcaster signer approved while polling).
   * @returns the refreshed user, or null when the session is gone.
   */
  refreshSession(): Promise<User | null>
}

/** The props of a screen component: its {@link ScreenContext}. */
export type ScreenProps<Params extends Record<string, unknown> = Record<string, unknown>> = ScreenContext<Params>

/** @internal The screen context of the screen being rendered. */
export const CurrentScreen = createContext<ScreenContext | null>(null)

/**
 * The current screen's context (the same object the screen gets as props), for components deep in
 * a screen.
 * @returns the screen context.
 * @throws outside a screen rendered by the modal shell.
 * @example
 * ```tsx
 * import { useScreen } from 'portico/react'
 * function Greeting() {
 *   const { ctx, params } = useScreen()
 *   return <p>{ctx.t('HELLO', { name: String(params.name) })}</p>
 * }
 * ```
 */
export function useScreen<Params extends Record<string, unknown> = Record<string, unknown>>(): ScreenContext<Params> {
  const screen = useContext(CurrentScreen)
  if (!screen) throw new Error('useScreen() must be used inside a Portico screen.')
  return screen as ScreenContext<Params>
}

/**
 * @internal The modal shell's slot for the shown screen's back handler: it takes a handler and returns
 * the function that removes it.
 */
export const BackHandlerSlot = createContext<((handler: () => boolean) => () => void) | null>(null)

/**
 * Lets the shown screen take the modal's back arrow while it has somewhere of its own to go back to
 * (a wizard's earlier step). While a handler is set, the modal shows the arrow, on its first screen
 * too, and calls the handler first: `true` means the screen handled Back (it went back a step, or
 * stays put while it is busy) and the modal stays; `false` lets the modal go back a screen as usual.
 * Pass null when the screen has nothing of its own to go back to: the arrow then leaves the screen.
 * A blocking screen shows no arrow either way. The latest handler given is the one called.
 * @param handler - the back handler, or null.
 * @example
 * ```tsx
 * import { useBackHandler } from 'portico/react'
 * function Wizard() {
 *   const [step, setStep] = useState(0)
 *   // The arrow moves one step back, and leaves the screen from the first step.
 *   useBackHandler(step > 0 ? () => (setStep(step - 1), true) : null)
 *   …
 * }
 * ```
 */
export function useBackHandler(handler: (() => boolean) | null): void {
  const slot = useContext(BackHandlerSlot)
  const latest = useRef(handler)
  useEffect(() => {
    latest.current = handler
  })
  const active = handler !== null
  useEffect(() => {
    if (!slot || !active) return
    return slot(() => latest.current?.() ?? false)
  }, [slot, active])
}

/**
 * Makes the shown screen the end of its flow while `active`: for a plugin screen whose failure state
 * ends the flow ('Authentication failed', a time-out), as a core error screen does through its
 * `outcome` declaration. The modal then shows no Back; the screen's buttons (Retry, 'Use another
 * method') say where to go. When `active` turns false (Retry started over), Back returns.
 * @param active - whether the screen now shows its flow's end.
 * @example
 * ```tsx
 * import { useOutcome } from 'portico/react'
 * function Status({ failed }: { failed: boolean }) {
 *   useOutcome(failed)
 *   …
 * }
 * ```
 */
export function useOutcome(active: boolean): void {
  const screen = useContext(CurrentScreen)
  // Before paint, so the Back arrow never flashes on a failure.
  useLayoutEffect(() => {
    screen?.markOutcome(active)
  }, [screen, active])
}

/** The part of Portico's state a screen may read: readiness, the app configuration and the session. */
export interface PorticoState {
  /** The app configuration is loaded and the stored session restored. */
  readonly ready: boolean
  /** The merged app configuration (null until loaded). */
  readonly config: AppConfig | null
  /** Why the configuration could not be loaded, if it could not. */
  readonly configError: string | null
  readonly session: {
    readonly status: SessionStatus
    readonly user: User | null
  }
}

/**
 * Reads Portico's state and re-renders when what the selector read changes (a screen showing the
 * user's passkeys re-renders when they change, not when the modal navigates).
 * @param select - picks what to read from a snapshot of the state.
 * @returns what the selector returned.
 * @example
 * ```tsx
 * import { usePorticoState } from 'portico/react'
 * function SignedInAs() {
 *   const userId = usePorticoState((s) => s.session.user?.id)
 *   return userId ? <p>{userId}</p> : null
 * }
 * ```
 */
export function usePorticoState<T>(select: (state: PorticoState) => T): T {
  // The snapshot tracks the properties the selector reads: only those re-render the caller.
  const snap = useSnapshot(useKernel().state) as PorticoState
  return select(snap)
}
