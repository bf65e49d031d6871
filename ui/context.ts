/**
 * React contexts: the kernel of the nearest provider, and the screen being rendered.
 * @module
 */
import { createContext, useContext } from 'react'
import type { Kernel } from '../kernel/types'
import type { PluginContext } from '../kernel/plugin'

/** @internal */
export const KernelContext = createContext<Kernel | null>(null)

/**
 * The kernel of the nearest `PorticoProvider`.
 * @returns the kernel.
 * @throws when used outside a provider.
 * @example
 * ```tsx
 * import { useKernel } from 'portico/react'
 * const kernel = useKernel()
 * ```
 */
export function useKernel(): Kernel {
  const kernel = useContext(KernelContext)
  if (!kernel) throw new Error('Portico hooks must be used inside <PorticoProvider>.')
  return kernel
}

/**
 * What every screen receives, both as props and through {@link useScreen}: the kernel, the
 * context of the plugin that owns the screen, and the navigation params.
 */
export interface ScreenProps<Params extends Record<string, unknown> = Record<string, unknown>> {
  kernel: Kernel
  ctx: PluginContext
  params: Params
}

/** @internal */
export const ScreenContext = createContext<ScreenProps | null>(null)

/**
 * The current screen's kernel, plugin context and params (the same values the screen gets as props).
 * @returns the screen props.
 * @throws outside a screen rendered by the modal shell.
 * @example
 * ```tsx
 * import { useScreen } from 'portico/react'
 * function MyScreen() {
 *   const { ctx, params } = useScreen()
 *   return <p>{ctx.t('HELLO', { name: String(params.name) })}</p>
 * }
 * ```
 */
export function useScreen<Params extends Record<string, unknown> = Record<string, unknown>>(): ScreenProps<Params> {
  const screen = useContext(ScreenContext)
  if (!screen) throw new Error('useScreen() must be used inside a Portico screen.')
  return screen as ScreenProps<Params>
}
