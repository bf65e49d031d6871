/**
 * The landing list's rules (spec section 2): which methods show, in which order, and which go
 * behind 'More options'. Kept apart from the screen so it is importable without loading it.
 * @module
 */
import type { Kernel } from '../../kernel/types'
import type { AppConfig } from '../../kernel/config'
import type { LoginMethodDefinition } from '../../kernel/plugin'

/** A login method with the id of the plugin that offers it. */
export interface LandingItem {
  method: LoginMethodDefinition
  pluginId: string
  /** Rendered as an inline input rather than a button. */
  inline: boolean
}

/** The split of the landing list. */
export interface LandingLayout {
  /** Shown directly, in order. */
  visible: LandingItem[]
  /** Behind 'More options'. */
  overflow: LandingItem[]
}

/** At most this many rows, or one fewer when an overflow entry is shown. */
export const MAX_LANDING_ITEMS = 5
/** Web2 entries shown before the overflow in grouped modes (one fewer with a wallet row). */
export const MAX_WEB2_ITEMS = 3

/**
 * Lists the login methods to offer, in the configured order, each with its plugin.
 * @param kernel - the kernel (plugins and hooks).
 * @param config - the merged app configuration.
 * @returns primary items and the configured overflow items.
 * @example
 * ```ts
 * import { landingItems } from 'portico/react'
 * const { primary, overflow } = landingItems(kernel, kernel.state.config!)
 * ```
 */
export function landingItems(kernel: Kernel, config: AppConfig): { primary: LandingItem[]; overflow: LandingItem[] } {
  const byId = new Map<string, { method: LoginMethodDefinition; pluginId: string }>()
  for (const plugin of kernel.plugins) {
    for (const method of plugin.loginMethods ?? []) byId.set(method.id, { method, pluginId: plugin.id })
  }
  const pick = (ids: readonly string[]) =>
    ids.flatMap((id) => {
      const hit = byId.get(id)
      return hit ? [hit] : []
    })
  const primaryMethods = kernel.hooks.resolveLoginMethods.call(
    pick(config.loginMethods).map((x) => x.method),
    config,
  )
  const toItem = (method: LoginMethodDefinition): LandingItem => {
    const pluginId = byId.get(method.id)?.pluginId ?? method.screen.split('/')[0] ?? ''
    return { method, pluginId, inline: !!method.inline && !config.appearance.hideDirectWeb2Inputs }
  }
  const primary = primaryMethods.map(toItem)
  const overflow = pick(config.overflowMethods)
    .filter((x) => !primaryMethods.some((m) => m.id === x.method.id))
    .map((x) => ({ ...toItem(x.method), inline: false }))
  return { primary, overflow }
}

/**
 * Applies the landing mode's limits.
 * @param primary - methods to show, in order.
 * @param overflow - methods configured for the overflow list.
 * @param mode - the landing mode.
 * @param priority - which group leads.
 * @returns what to show and what goes behind 'More options'.
 * @example
 * ```ts
 * import { layoutLanding } from 'portico/react'
 * layoutLanding(items, [], 'default', 'web2') // at most 5 visible, or 4 plus 'More options'
 * ```
 */
export function layoutLanding(
  primary: LandingItem[],
  overflow: LandingItem[],
  mode: AppConfig['appearance']['landingMode'],
  priority: 'web2' | 'web3',
): LandingLayout {
  const web2 = primary.filter((i) => i.method.group === 'web2')
  const web3 = primary.filter((i) => i.method.group === 'web3')
  if (mode === 'overflow-web2') {
    const limit = web3.length > 0 ? MAX_WEB2_ITEMS - 1 : MAX_WEB2_ITEMS
    const shown = web2.slice(0, limit)
    const rest = web2.slice(limit)
    const visible = priority === 'web3' ? [...web3, ...shown] : [...shown, ...web3]
    return capped(visible, [...rest, ...overflow])
  }
  if (mode === 'overflow-web3') {
    return capped(web2, [...web3, ...overflow])
  }
  return capped(primary, overflow)
}

function capped(visible: LandingItem[], overflow: LandingItem[]): LandingLayout {
  if (overflow.length === 0 && visible.length <= MAX_LANDING_ITEMS) return { visible, overflow }
  const keep = MAX_LANDING_ITEMS - 1
  return { visible: visible.slice(0, keep), overflow: [...visible.slice(keep), ...overflow] }
}

