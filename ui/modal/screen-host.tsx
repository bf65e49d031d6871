/**
 * The shell's side of the screen boundary: the one place that turns the kernel into what screens
 * get. A screen receives a {@link ScreenContext}; the few core screens that show kernel-wide things
 * (the landing's login methods, the pending account transfer) read them through the hooks here.
 * Screens never hold the kernel.
 * @module
 */
import { useMemo, useState, type ComponentType } from 'react'
import type { Kernel, LinkConflict } from '../../kernel/types'
import type { AppConfig } from '../../kernel/config'
import type { NavigateOptions } from '../../kernel/plugin'
import type { User } from '../../kernel/wire'
import { CurrentScreen, useKernel, useScreen, type ScreenContext, type ScreenProps } from '../context'
import { landingItems, type LandingItem } from '../screens/landing-layout'

/** What a screen context is made of, besides the kernel. */
export interface ScreenContextOptions {
  /** The screen id (`email/code`). */
  id: string
  params: Record<string, unknown>
  /** The plugin whose context the screen gets. @defaultValue the id's prefix */
  pluginId?: string
  /** Whether the modal still shows the screen. */
  isShown: () => boolean
  /**
   * The screen's place in the modal's stack: its step is the one that owns that place, even when
   * another step opened above it since. Without it, the step of the top screen.
   */
  stackIndex?: number
}

/**
 * Builds the screen context of one shown screen.
 * @param kernel - the kernel.
 * @param options - the screen id, params, owning plugin and visibility check.
 * @returns the screen context.
 * @internal
 */
export function createScreenContext(kernel: Kernel, options: ScreenContextOptions): ScreenContext {
  const { id, params, isShown } = options
  const ctx = kernel.contextFor(options.pluginId ?? id.split('/')[0] ?? '')
  // A screen ends its step once: a later call (a cancel on unmount after the step was solved) would
  // otherwise reach whatever step the kernel waits on next.
  let settled = false
  const settle = (result: 'continue' | 'abort') => {
    if (settled) return
    settled = true
    if (options.stackIndex === undefined) return kernel.resolveStep(result)
    const step = kernel.flow.stepAt(options.stackIndex)
    if (result === 'continue') step?.resolve()
    else step?.cancel()
  }
  return Object.freeze({
    id,
    ctx,
    params,
    navigate: (screen: string, p?: Record<string, unknown>, o?: NavigateOptions) => kernel.navigate(screen, p, o),
    back: () => kernel.back(),
    close: () => kernel.closeModal({ force: true }),
    isShown,
    resolveStep: () => settle('continue'),
    cancelStep: () => settle('abort'),
    // Only the screen's own place, while it is still shown there.
    markOutcome: (outcome: boolean) => {
      if (options.stackIndex !== undefined && isShown()) kernel.markOutcome(options.stackIndex, outcome)
    },
    resolveError: (error: unknown, context?: Parameters<ScreenContext['resolveError']>[1]) => ctx.resolveError(error, { screen: id, ...context }),
    refreshSession: (): Promise<User | null> => kernel.refresh(),
  })
}

/**
 * The screen context of the modal's screen at a depth of the stack: shown while the stack has that
 * depth with this screen on top.
 * @param kernel - the kernel.
 * @param id - the screen id.
 * @param params - its params.
 * @param depth - the stack's length when the screen was shown.
 * @returns the screen context, the same object while its inputs stay the same.
 * @internal
 */
export function useStackScreenContext(kernel: Kernel, id: string, params: Record<string, unknown>, depth: number): ScreenContext {
  return useMemo(
    () =>
      createScreenContext(kernel, {
        id,
        params,
        stackIndex: depth - 1,
        isShown: () => {
          const modal = kernel.state.modal
          return modal.open && modal.stack.length === depth && modal.stack[depth - 1]?.screen === id
        },
      }),
    [kernel, id, params, depth],
  )
}

/**
 * Renders a screen component with its context, as props and through `useScreen()`.
 * @param props - the component and its screen context.
 * @returns the screen.
 * @internal
 */
export function ScreenView({ Component, screen }: { Component: ComponentType<ScreenProps>; screen: ScreenContext }) {
  return (
    <CurrentScreen.Provider value={screen}>
      <Component {...screen} />
    </CurrentScreen.Provider>
  )
}

/**
 * Renders another plugin's component inside the current screen (the landing's email field) with
 * that plugin's context; it shares the host screen's id and visibility.
 * @param props - the loaded component, the plugin that owns it and its params.
 * @returns the inline screen.
 * @internal
 */
export function InlineScreen({ Component, pluginId, params }: { Component: ComponentType<ScreenProps>; pluginId: string; params: Record<string, unknown> }) {
  const kernel = useKernel()
  const host = useScreen()
  // The inline screen ends the host screen's step, through the host's own (once-only) door.
  const screen = { ...createScreenContext(kernel, { id: host.id, params, pluginId, isShown: host.isShown }), resolveStep: host.resolveStep, cancelStep: host.cancelStep, markOutcome: host.markOutcome }
  return <ScreenView Component={Component} screen={screen} />
}

/** The landing's login methods: the primary ones, the overflow, and whether the host fixed the order. */
export interface LoginMethodItems {
  primary: LandingItem[]
  overflow: LandingItem[]
  /** The host listed the primary methods itself (`loginMethodsAndOrder`): keep its order. */
  keepOrder: boolean
}

/**
 * The login methods the landing screen offers, from the registered plugins and the configuration.
 * @param config - the merged app configuration (none while it loads).
 * @returns the items (none while the configuration loads) and the order rule.
 * @internal
 */
export function useLoginMethods(config: AppConfig | null): LoginMethodItems {
  const kernel = useKernel()
  const items = config ? landingItems(kernel, config) : { primary: [], overflow: [] }
  return { ...items, keepOrder: !!kernel.options.config?.loginMethodsAndOrder }
}

/** The account transfer a link is waiting on, as the link-conflict screens use it. */
export interface PendingTransfer {
  /** The conflict, or null when no link waits on one. */
  conflict: LinkConflict | null
  /** Moves the account to the signed-in user (the kernel's `transferAccount`), ending the link step. */
  transfer: () => Promise<User>
}

/**
 * The link waiting on the link-conflict screen, as it was when the screen first showed: a transfer
 * that succeeded ends the pending link, and its screen keeps showing 'Success!' until it closes.
 * @returns the conflict and the transfer action.
 * @internal
 */
export function usePendingTransfer(): PendingTransfer {
  const kernel = useKernel()
  const [conflict] = useState(() => kernel.linkConflict())
  return { conflict, transfer: () => kernel.transferAccount() }
}
