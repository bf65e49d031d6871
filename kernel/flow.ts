/**
 * The step stack: steps that nest and unwind over the modal's screen stack. A step marks the entry
 * of its first screen (`ScreenEntry.step`); the router tells the stack of every change, and a step
 * whose first screen left (Back, a reset, closing the modal) is cancelled with the steps inside it.
 * @module
 */
import { PorticoError, STEP_CANCELLED_CODE } from './errors'
import type { Flow, StepCancelReason, StepHandle, StepOptions } from './flow-types'
import type { Router, RouterChange } from './router'
import type { KernelState } from './types'

export type * from './flow-types'


/** The kernel's side of the stack: opening steps for a plugin, and ending them all. */
export interface FlowController extends Flow {
  /**
   * Opens a step on behalf of a plugin (`ctx.step`).
   * @param plugin - the plugin id recorded on the step.
   * @param options - as {@link Flow.begin}.
   * @returns as {@link Flow.begin}.
   */
  beginFor<T>(plugin: string | undefined, options: StepOptions): Promise<T>
  /**
   * Opens a step and hands back its handle too, for kernel code that ends the step itself (the
   * account transfer resolves the link's step).
   * @param plugin - the plugin id recorded on the step.
   * @param options - as {@link Flow.begin}.
   * @returns the handle (null when the step could not open) and the step's outcome.
   */
  open<T>(plugin: string | undefined, options: StepOptions): { step: StepHandle | null; result: Promise<T> }
  /** Cancels every step (reason `destroy`) and stops listening to the router. */
  destroy(): void
}

interface OpenStep {
  handle: StepHandle
  keepScreens: boolean
  cancelError: (reason: StepCancelReason) => unknown
  settle(outcome: Outcome): void
}

type Outcome = { value: unknown } | { reason: StepCancelReason }

const defaultCancelError = () => new PorticoError('User exited the flow', { code: STEP_CANCELLED_CODE })

/**
 * Creates the step stack over a router and the modal state it drives.
 * @param router - the kernel's router (its `subscribe` tells the stack of every navigation).
 * @param modal - the same `state.modal` the router drives.
 * @returns the stack; the kernel exposes it as `kernel.flow`.
 * @example
 * ```ts
 * import { proxy } from 'valtio/vanilla'
 * import { createFlow, createRouter } from 'portico/kernel'
 * const modal = proxy({ open: false, stack: [] })
 * const router = createRouter(modal, new Map([['mfa/verify', { load: async () => ({ default: null }) }]]))
 * const flow = createFlow(router, modal)
 * const verified = flow.begin<string>({ screen: 'mfa/verify' })
 * flow.current()?.resolve('123456') // `verified` resolves with '123456'; the modal closes
 * ```
 */
export function createFlow(router: Router, modal: KernelState['modal']): FlowController {
  // Outermost first.
  const open: OpenStep[] = []
  let nextId = 1

  const entryIndex = (step: OpenStep) =>
    modal.open ? modal.stack.findIndex((entry) => entry.step === step.handle.id) : -1

  /**
   * Ends `open[at]` and every step inside it, innermost first. Inner steps are cancelled (`unwind`,
   * or `cause` when their screens left too); the modal returns to where the ended step was opened
   * from unless its screens are already gone or it keeps them.
   */
  function end(at: number, outcome: Outcome, screensGone = false) {
    const step = open[at]!
    const inner = open.slice(at + 1)
    if (!screensGone) {
      const base = entryIndex(step)
      const firstInner = inner.map(entryIndex).find((i) => i >= 0)
      // Ended before the stack changes, so the change does not end them a second time.
      open.splice(at)
      if (!step.keepScreens && base === 0) router.close({ force: true })
      else if (!step.keepScreens && base > 0) router.backTo(base)
      else if (firstInner !== undefined && firstInner > 0) router.backTo(firstInner)
    } else {
      open.splice(at)
    }
    // A step whose own screen left with the outer one's (closing the modal) hears the same reason.
    const cause = screensGone && 'reason' in outcome ? outcome.reason : 'unwind'
    for (const s of inner.reverse()) s.settle({ reason: entryIndex(s) < 0 ? cause : 'unwind' })
    step.settle(outcome)
  }

  /** Ends the outermost step whose first screen left the stack, with the steps inside it. */
  function sync(change: RouterChange) {
    const at = open.findIndex((s) => entryIndex(s) < 0)
    if (at >= 0) end(at, { reason: change === 'close' ? 'close' : 'left' }, true)
  }
  const unsubscribe = router.subscribe(sync)

  function finish(step: OpenStep, outcome: Outcome): boolean {
    const at = open.indexOf(step)
    if (at < 0) return false
    end(at, outcome)
    return true
  }

  function openStep<T>(plugin: string | undefined, options: StepOptions): { step: StepHandle | null; result: Promise<T> } {
    if (options.signal?.aborted) {
      return { step: null, result: Promise.reject((options.cancelError ?? defaultCancelError)('abort')) }
    }
    try {
      router.navigate(options.screen, options.params, { replace: options.replace, reset: options.reset })
    } catch (e) {
      return { step: null, result: Promise.reject(e) }
    }
    const id = nextId++
    modal.stack[modal.stack.length - 1]!.step = id
    // A replaced first screen of another step ends that step.
    sync('navigate')
    let handle!: StepHandle
    const result = new Promise<T>((resolve, reject) => {
      const onAbort = () => finish(step, { reason: 'abort' })
      const step: OpenStep = {
        keepScreens: options.keepScreens ?? false,
        cancelError: options.cancelError ?? defaultCancelError,
        settle(outcome) {
          options.signal?.removeEventListener('abort', onAbort)
          if ('value' in outcome) resolve(outcome.value as T)
          else reject(step.cancelError(outcome.reason))
        },
        handle: Object.freeze({
          id,
          screen: options.screen,
          params: Object.freeze({ ...options.params }),
          plugin,
          active: () => open.includes(step),
          resolve: (value?: unknown) => finish(step, { value }),
          cancel: () => finish(step, { reason: 'cancel' }),
        }),
      }
      handle = step.handle
      open.push(step)
      options.signal?.addEventListener('abort', onAbort, { once: true })
    })
    options.onOpen?.(handle)
    return { step: handle, result }
  }

  function stepAt(index: number): StepHandle | null {
    // The innermost step whose first screen lies at or below the index.
    for (let k = open.length - 1; k >= 0; k--) {
      const base = entryIndex(open[k]!)
      if (base >= 0 && base <= index) return open[k]!.handle
    }
    return null
  }

  return {
    begin: <T>(options: StepOptions) => openStep<T>(undefined, options).result,
    beginFor: <T>(plugin: string | undefined, options: StepOptions) => openStep<T>(plugin, options).result,
    open: openStep,
    steps: () => open.map((s) => s.handle),
    current: () => (modal.open && modal.stack.length > 0 ? stepAt(modal.stack.length - 1) : null),
    stepAt,
    destroy() {
      unsubscribe()
      const all = open.splice(0).reverse()
      for (const s of all) s.settle({ reason: 'destroy' })
    },
  }
}
