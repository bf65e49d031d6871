/**
 * Helpers the kernel screens share.
 * @module
 */
import { useEffect, useState, type ComponentType } from 'react'
import type { AppConfig } from '../../kernel'
import { usePorticoState, type ScreenContext, type ScreenProps } from '../context'
import { PORTICO_SCREENS } from '../plugin'

/** A component module as screen loaders resolve it. */
type Loader = () => Promise<{ default: unknown }>
const loaded = new WeakMap<Loader, ComponentType<ScreenProps>>()

/**
 * Loads a screen module once and caches its component by loader.
 * @internal
 */
export function loadComponent(load: Loader): Promise<ComponentType<ScreenProps>> {
  const hit = loaded.get(load)
  if (hit) return Promise.resolve(hit)
  return load().then((mod) => {
    const component = mod.default as ComponentType<ScreenProps>
    loaded.set(load, component)
    return component
  })
}

/**
 * The component of a loader, or null while it loads (synchronous when cached).
 * @internal
 */
export function useLoaded(load: Loader | undefined): ComponentType<ScreenProps> | null {
  const [component, setComponent] = useState<ComponentType<ScreenProps> | null>(() => (load ? (loaded.get(load) ?? null) : null))
  useEffect(() => {
    if (!load) return
    let live = true
    const cached = loaded.get(load)
    if (cached) {
      setComponent(() => cached)
      return
    }
    loadComponent(load).then((c) => {
      if (live) setComponent(() => c)
    }, () => undefined)
    return () => {
      live = false
    }
  }, [load])
  return component
}

/**
 * The merged app configuration; re-renders when it changes.
 * @internal
 */
export function useConfig(): AppConfig | null {
  return usePorticoState((s) => s.config)
}

/**
 * Clears the stack and shows the landing screen.
 * @internal
 */
export function toLanding(navigate: ScreenContext['navigate'], params: Record<string, unknown> = {}): void {
  navigate(PORTICO_SCREENS.landing, params, { reset: true })
}
