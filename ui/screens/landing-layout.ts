/**
 * The landing list's rules (spec section 2): which methods show, in which order, and which go
 * behind 'More options'. Kept apart from the screen so it is importable without loading it.
 * @module
 */
import type { AppConfig, Kernel, LoginMethodDefinition } from '../../kernel'

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
 * @param kernel - what it reads of the kernel: the registered plugins and the `resolveLoginMethods` hook.
 * @param config - the merged app configuration.
 * @returns primary items and the configured overflow items.
 * @example
 * ```ts
 * import { landingItems } from 'portico/react'
 * const { primary, overflow } = landingItems(kernel, kernel.state.config!)
 * ```
 */
export function landingItems(kernel: Pick<Kernel, 'plugins' | 'hooks'>, config: AppConfig): { primary: LandingItem[]; overflow: LandingItem[] } {
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

/** Options of {@link layoutLanding}. */
export interface LayoutOptions {
  /**
   * Keep `primary` in the given order instead of grouping it by `priority` (the host listed its
   * methods explicitly with `loginMethodsAndOrder`), in every landing mode. @defaultValue false
   */
  keepOrder?: boolean
}

/**
 * Applies the landing mode's limits (spec section 2): at most 5 rows, or 4 plus 'More options';
 * in `overflow-web2` up to 3 web2 rows (2 when a wallet row shows); in `overflow-web3` the web3
 * methods go behind 'More options'. The `priority` group leads unless the order is explicit, and
 * only the first inline-capable row is drawn as an input (one direct input per screen).
 * @param primary - methods to show, in order.
 * @param overflow - methods configured for the overflow list.
 * @param mode - the landing mode.
 * @param priority - which group leads.
 * @param options - {@link LayoutOptions}.
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
  options: LayoutOptions = {},
): LandingLayout {
  const web2 = primary.filter((i) => i.method.group === 'web2')
  const web3 = primary.filter((i) => i.method.group !== 'web2')
  const lead = (a: LandingItem[], b: LandingItem[]) => (priority === 'web3' ? [...b, ...a] : [...a, ...b])
  let layout: LandingLayout
  if (mode === 'overflow-web2') {
    const limit = web3.length > 0 ? MAX_WEB2_ITEMS - 1 : MAX_WEB2_ITEMS
    const shown = new Set([...web2.slice(0, limit), ...web3])
    layout = capped(options.keepOrder ? primary.filter((i) => shown.has(i)) : lead(web2.slice(0, limit), web3), [...web2.slice(limit), ...overflow])
  } else if (mode === 'overflow-web3') {
    layout = capped(web2, [...web3, ...overflow])
  } else {
    layout = capped(options.keepOrder ? primary : lead(web2, web3), overflow)
  }
  // Overflow rows are buttons; only the first inline-capable visible row is an input.
  const firstInline = layout.visible.findIndex((i) => i.inline)
  return {
    visible: layout.visible.map((i, n) => (i.inline && n !== firstInline ? { ...i, inline: false } : i)),
    overflow: layout.overflow.map((i) => (i.inline ? { ...i, inline: false } : i)),
  }
}

function capped(visible: LandingItem[], overflow: LandingItem[]): LandingLayout {
  if (overflow.length === 0 && visible.length <= MAX_LANDING_ITEMS) return { visible, overflow }
  const keep = MAX_LANDING_ITEMS - 1
  return { visible: visible.slice(0, keep), overflow: [...visible.slice(keep), ...overflow] }
}
