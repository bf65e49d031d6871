/**
 * The public shape of the step stack (`kernel.flow`, `ctx.step`): what a step is opened with, the
 * handle that ends it, and the stack itself. The implementation is `createFlow` in `flow.ts`.
 * @module
 */

/**
 * Why a step was cancelled; the step's `cancelError` receives it.
 * - `cancel`: its screen or code cancelled it (`StepHandle.cancel`, 'No thanks', `resolveStep('abort')`);
 * - `left`: its first screen left the modal's stack (Back, a reset, the modal reopened elsewhere);
 * - `close`: the modal was closed;
 * - `unwind`: a step it was opened inside ended first;
 * - `abort`: the `signal` it was opened with aborted;
 * - `destroy`: the kernel was destroyed.
 */
export type StepCancelReason = 'cancel' | 'left' | 'close' | 'unwind' | 'abort' | 'destroy'

/** What a step is opened with (`ctx.step(options)`, `kernel.flow.begin(options)`). */
export interface StepOptions {
  /** The screen id the step shows first (`mfa/verify`); the screens it navigates to belong to it too. */
  screen: string
  /** That screen's params. */
  params?: Record<string, unknown>
  /** Show the screen in place of the current one instead of on top of it. */
  replace?: boolean
  /** Show the screen on a fresh stack: the screens behind (and the steps they belong to) are left. */
  reset?: boolean
  /**
   * When the step ends by its own hand (resolved, or cancelled by its screen or code), leave its
   * screens showing instead of returning to the screen it was opened from: the caller moves on from
   * there (the next post-login step, a success state before closing). @defaultValue false
   */
  keepScreens?: boolean
  /**
   * The error the step's promise rejects with when the step is cancelled: a login step's
   * `exited_auth_flow`, an MFA step's 'MFA canceled'.
   * @defaultValue a `PorticoError` 'User exited the flow' with code `exited_auth_flow`
   */
  cancelError?: (reason: StepCancelReason) => unknown
  /** Cancels the step (reason `abort`) when it aborts; an already aborted signal opens nothing. */
  signal?: AbortSignal
  /**
   * Receives the step's handle as soon as the step is open, for code that ends its own step from
   * outside its screens (a flow that shows its success for a moment, then resolves its step).
   */
  onOpen?: (step: StepHandle) => void
}

/** One open step, as the stack lists it. Ending a step that already ended does nothing. */
export interface StepHandle {
  /** Unique within the kernel; also set on the step's first screen entry (`ScreenEntry.step`). */
  readonly id: number
  /** The screen the step opened with, and its params. */
  readonly screen: string
  readonly params: Readonly<Record<string, unknown>>
  /** The plugin that opened it (`ctx.step`), or undefined when the kernel or the host did. */
  readonly plugin: string | undefined
  /** Whether the step is still open. */
  active(): boolean
  /**
   * Resolves the step with a value: the steps opened inside it are cancelled first (`unwind`), then
   * the modal returns to the screen the step was opened from (closing when it opened the modal),
   * unless it was opened with `keepScreens`.
   * @returns false when the step had already ended.
   */
  resolve(value?: unknown): boolean
  /**
   * Cancels the step (reason `cancel`): like {@link StepHandle.resolve}, but its promise rejects with
   * its `cancelError`. The steps around it keep waiting.
   * @returns false when the step had already ended.
   */
  cancel(): boolean
}

/**
 * The kernel's step stack. A step is a wait on screens: the code that opens it awaits its outcome
 * while the user works through its screens, and a step may open another inside it (MFA inside a
 * send-transaction inside a funding flow). Steps end innermost first; each ends only itself and the
 * steps inside it. A screen belongs to the innermost step whose first screen lies at or below it.
 */
export interface Flow {
  /**
   * Opens a step inside the current ones: shows its screen (opening the modal if it is closed) and
   * waits for it.
   * @param options - the screen, its params, how it is shown and what its cancellation rejects with.
   * @returns resolves with the value the step is resolved with; rejects with its `cancelError` when
   *   it is cancelled, or with `unknown_screen` when the screen is not registered.
   */
  begin<T = void>(options: StepOptions): Promise<T>
  /** The open steps, outermost first. */
  steps(): readonly StepHandle[]
  /** The step the top screen belongs to, or null when no step owns it. */
  current(): StepHandle | null
  /**
   * The step a screen of the modal's stack belongs to: a screen ends *its own* step this way, even
   * when another step was opened on top of it meanwhile.
   * @param index - the screen's place in `state.modal.stack` (0 is the first screen).
   * @returns the owning step, or null when no step owns that screen.
   */
  stepAt(index: number): StepHandle | null
}
