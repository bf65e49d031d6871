/**
 * The modal router: a table of screens contributed by plugins and a navigation stack kept in the
 * kernel's state, so any plugin can add a screen without a central switch.
 * @module
 */
import { PorticoError } from './errors'
import type { NavigateOptions, ScreenDefinition } from './plugin'
import type { KernelState, ScreenEntry } from './types'

/** The screen `openModal()` shows when given none. */
export const LANDING_SCREEN = 'portico/landing'

/** What changed the modal's screen stack, as a router's listeners hear it. */
export type RouterChange = 'navigate' | 'back' | 'open' | 'close'

/** Navigation over the modal's screen stack. */
export interface Router {
  /** The screen on top of the stack, or null when the modal is closed. */
  current(): ScreenEntry | null
  /** Shows a screen (opening the modal if it is closed). */
  navigate(screen: string, params?: Record<string, unknown>, options?: NavigateOptions): void
  /** Goes back one screen; does nothing on the first screen, an `outcome` screen or a settled one. */
  back(): void
  /** Marks the screen on top as settled (its flow ended): it has no Back from now on. */
  settle(): void
  /**
   * Marks the screen at a place of the stack as showing the end of its flow (a failure its plugin
   * cannot go on from: OAuth's 'Authentication failed', Farcaster's time-out), or, with false, as a
   * flow again (its Retry started over). While marked it has no Back, like an `outcome` screen.
   * Does nothing for a place the stack no longer has.
   */
  markOutcome(index: number, outcome: boolean): void
  /**
   * Goes back to the first `length` screens, dropping those above; does nothing when the stack is no
   * longer than that, or for a length under 1 (closing is {@link Router.close}'s).
   */
  backTo(length: number): void
  /** Opens the modal on a screen, starting a fresh stack. */
  open(screen: string, params?: Record<string, unknown>): void
  /**
   * Closes the modal and clears the stack.
   * @returns false when the current screen is blocking and `force` was not set.
   */
  close(options?: { force?: boolean }): boolean
  /**
   * Listens to every change of the stack, after it happened (the kernel's step stack uses it to end
   * the steps whose screens left).
   * @returns the function that stops listening.
   */
  subscribe(listener: (change: RouterChange) => void): () => void
}

/**
 * Creates a router over a state's `modal` part.
 * @param modal - the valtio `state.modal` object.
 * @param screens - the route table: screen id to definition.
 * @returns the router.
 * @example
 * ```ts
 * import { createRouter } from 'portico/kernel'
 * const modal = { open: false, stack: [] }
 * const router = createRouter(modal, new Map([['portico/landing', { load: async () => ({ default: null }) }]]))
 * router.open('portico/landing')
 * ```
 */
export function createRouter(modal: KernelState['modal'], screens: ReadonlyMap<string, ScreenDefinition>): Router {
  const check = (screen: string) => {
    if (!screens.has(screen)) {
      const known = [...screens.keys()].join(', ') || 'none'
      throw new PorticoError(`Unknown screen "${screen}"`, {
        code: 'unknown_screen',
        details: `Registered screens: ${known}. Is the plugin that owns it passed to createPortico?`,
      })
    }
  }
  const entry = (screen: string, params: Record<string, unknown> = {}): ScreenEntry => ({ screen, params })
  const listeners = new Set<(change: RouterChange) => void>()
  const changed = (change: RouterChange) => {
    for (const listener of [...listeners]) listener(change)
  }

  // An ended flow is not gone back into: an outcome screen, a screen showing its flow's end, or a
  // screen whose flow settled.
  const isFinal = (e: ScreenEntry | undefined) => !!e && (!!e.settled || !!e.outcome || !!screens.get(e.screen)?.outcome)

  return {
    current: () => (modal.open ? (modal.stack[modal.stack.length - 1] ?? null) : null),
    navigate(screen, params, options = {}) {
      check(screen)
      if (options.reset || !modal.open) modal.stack = [entry(screen, params)]
      else if (options.replace && modal.stack.length > 0) {
        const replaced = modal.stack[modal.stack.length - 1]!
        const next = entry(screen, params)
        // A screen that replaces itself stays the first screen of its step.
        if (replaced.step !== undefined) next.step = replaced.step
        modal.stack.splice(modal.stack.length - 1, 1, next)
      } else modal.stack.push(entry(screen, params))
      modal.open = true
      changed('navigate')
    },
    back() {
      if (modal.stack.length <= 1 || isFinal(modal.stack[modal.stack.length - 1])) return
      modal.stack.pop()
      changed('back')
    },
    settle() {
      const top = modal.stack[modal.stack.length - 1]
      if (top) top.settled = true
    },
    markOutcome(index, outcome) {
      const e = modal.stack[index]
      if (!e || !!e.outcome === outcome) return
      if (outcome) e.outcome = true
      else delete e.outcome
    },
    backTo(length) {
      if (length < 1 || modal.stack.length <= length) return
      modal.stack.splice(length)
      changed('back')
    },
    open(screen, params) {
      check(screen)
      modal.stack = [entry(screen, params)]
      modal.open = true
      changed('open')
    },
    close(options = {}) {
      const top = modal.stack[modal.stack.length - 1]
      if (!options.force && top && screens.get(top.screen)?.blocking) return false
      modal.open = false
      modal.stack = []
      changed('close')
      return true
    },
    subscribe(listener) {
      listeners.add(listener)
      return () => listeners.delete(listener)
    },
  }
}
