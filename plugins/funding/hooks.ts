/**
 * The hooks the funding plugin declares on each kernel (through the kernel's hook registry), and
 * the accessors that reach a kernel's funding core through them.
 * @module
 */
import { defineHooks } from '../../kernel/hook-bus'
import type { SyncBailHook, SyncHook, SyncWaterfallHook } from '../../kernel/hooks'
import type { FundingCore } from './core'
import type { FundingFlow, FundingMethod, FundingRequest, FundingResult } from './types'

/** The hooks of the funding plugin. The funding plugin calls them; funding methods and other plugins tap them. */
export interface FundingHooks {
  /**
   * Called when the tiles of a request are listed (before the modal opens, and by the method
   * selection): each funding plugin returns the list with its tiles added. Waterfall; the funding
   * plugin then keeps the tiles the app enabled and that are available, in `order`.
   */
  methods: SyncWaterfallHook<readonly FundingMethod[], [FundingRequest]>
  /** Called by `findFunding`: the funding plugin answers with its kernel's funding core. Bail. */
  core: SyncBailHook<[], FundingCore>
  /** Called when a funding flow starts, before the method selection shows. Notification. */
  started: SyncHook<[FundingRequest]>
  /** Called when a user opens a method's tile. Notification. */
  methodOpened: SyncHook<[FundingMethod, FundingRequest]>
  /** Called once when a funding flow ends: completed or submitted by a method, or exited by the user. Notification. */
  finished: SyncHook<[FundingResult]>
}

/**
 * The funding plugin's hooks of a kernel (created on first use, on the kernel's hook engine).
 * @param owner - a plugin context or a kernel.
 * @returns the hooks.
 * @example
 * ```ts
 * import { definePlugin } from 'portico/kernel'
 * import { funding, fundingHooks } from 'portico/plugins/funding'
 * export const voucher = () =>
 *   definePlugin({
 *     id: 'voucher', kind: 'funding', requires: [funding()],
 *     screens: { redeem: { load: () => import('./Redeem') } },
 *     setup: (ctx) =>
 *       fundingHooks(ctx).methods.tap('voucher', (tiles) => [
 *         ...tiles,
 *         { id: 'voucher', method: 'voucher', label: { text: 'Redeem a voucher' }, screen: 'voucher/redeem' },
 *       ]),
 *   })
 * ```
 */
export const fundingHooks = defineHooks(
  'funding',
  (make): FundingHooks => ({
    methods: make.syncWaterfall(),
    core: make.syncBail(),
    started: make.sync(),
    methodOpened: make.sync(),
    finished: make.sync(),
  }),
)

/**
 * The funding core of a kernel, or undefined when the funding plugin is not registered.
 * @param owner - a plugin context or a kernel.
 * @returns the core, if any.
 * @example
 * ```ts
 * import { findFunding } from 'portico/plugins/funding'
 * const funding = findFunding(kernel)
 * ```
 */
export function findFunding(owner: Parameters<typeof fundingHooks>[0]): FundingCore | undefined {
  return fundingHooks(owner).core.call()
}

/**
 * The funding flow the modal is in, as a funding method's screen reaches it from its own plugin
 * context; null outside a flow (or without the funding plugin).
 * @param owner - a plugin context (or a kernel).
 * @returns the flow, or null.
 * @example
 * ```ts
 * import { currentFunding } from 'portico/plugins/funding'
 * currentFunding(ctx)?.complete({ details: { voucher: 'ABC-123' } })
 * ```
 */
export function currentFunding(owner: Parameters<typeof fundingHooks>[0]): FundingFlow | null {
  return findFunding(owner)?.current() ?? null
}
