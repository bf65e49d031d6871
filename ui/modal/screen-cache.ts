/**
 * The loaded screen components, per kernel, and their preloading. Apart from the modal shell, so
 * the provider can start loading screens while the shell itself loads.
 * @module
 */
import type { ComponentType } from 'react'
import type { Kernel } from '../../kernel/types'
import type { ScreenProps } from '../context'
import { loadComponent } from '../screens/shared'

const cache = new WeakMap<Kernel, Map<string, ComponentType<ScreenProps>>>()

/** The loaded component of a screen, if it is loaded. @internal */
export function cachedScreen(kernel: Kernel, id: string): ComponentType<ScreenProps> | undefined {
  return cache.get(kernel)?.get(id)
}

/**
 * Loads a screen's module into the cache.
 * @param kernel - the kernel whose route table names the screen.
 * @param id - the screen id (`email/code`).
 * @returns the screen component.
 * @example
 * ```ts
 * import { loadScreen } from 'portico/react/components'
 * await loadScreen(kernel, 'portico/landing')
 * ```
 */
export async function loadScreen(kernel: Kernel, id: string): Promise<ComponentType<ScreenProps>> {
  const hit = cachedScreen(kernel, id)
  if (hit) return hit
  const def = kernel.screen(id)
  if (!def) throw new Error(`Unknown screen "${id}"`)
  const component = await loadComponent(def.load)
  let map = cache.get(kernel)
  if (!map) cache.set(kernel, (map = new Map()))
  map.set(id, component)
  return component
}

/**
 * Loads, ahead of time, the screens a login starts with: the landing screen, every screen of
 * the login plugins, and their inline inputs, so opening the modal shows no spinner.
 * @param kernel - the kernel.
 * @returns resolves when all are loaded (failures are ignored; the shell retries on demand).
 * @example
 * ```ts
 * import { preloadScreens } from 'portico/react/components'
 * await preloadScreens(kernel)
 * ```
 */
export async function preloadScreens(kernel: Kernel): Promise<void> {
  const ids = ['portico/landing']
  const inline: Array<() => Promise<{ default: unknown }>> = []
  for (const plugin of kernel.plugins) {
    if (plugin.kind !== 'login') continue
    for (const name of Object.keys(plugin.screens ?? {})) ids.push(`${plugin.id}/${name}`)
    for (const m of plugin.loginMethods ?? []) if (m.inline) inline.push(m.inline)
  }
  await Promise.all([
    ...ids.filter((id) => kernel.screen(id)).map((id) => loadScreen(kernel, id).catch(() => undefined)),
    ...inline.map((load) => loadComponent(load).catch(() => undefined)),
  ])
}
