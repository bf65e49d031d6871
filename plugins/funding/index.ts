/**
 * `portico/plugins/funding`: the funding core every funding method builds on. It declares the
 * funding hooks (`fundingHooks`): a funding plugin contributes method tiles through `methods`, each
 * opening a screen of its own; the core shows the method selection 'Add funds to your … wallet',
 * keeps the open funding flow, and offers `fundWallet(kernel, address, options)` and
 * `useFundWallet()`. With the app's `promptFundingOnWalletCreation` it opens the selection for an
 * embedded wallet just created for the user. Funding method plugins require it; a page without them
 * does not load it.
 * @module
 */
import { definePlugin } from '../../kernel/plugin'
import { wallets } from '../wallets'
import { createFundingCore, type FundingOptions } from './core'
import { FUNDING_ERRORS } from './errors'
import { fundingHooks } from './hooks'
import { fundingMessages } from './messages'
import { promptOnWalletCreation } from './prompt'
import { isFundableAmount } from './request'
import { PorticoError } from '../../kernel/errors'

export * from './types'
export * from './core'
export * from './hooks'
export * from './request'
export * from './fund-wallet'
export * from './react'
export * from './poll'
export * from './assets'
export * from './app-config'
export * from './balance'
export * from './components'
export { FUNDING_ERRORS, type FundingErrorCode } from './errors'
export { fundingMessages, type FundingMessageKey } from './messages'

/** Id of the funding plugin (the key of its hooks, and the owner of the `funding/…` screens). */
export const FUNDING_PLUGIN_ID = 'funding'

/**
 * The funding plugin. Funding method plugins require it (`requires: [funding()]`), so a host
 * registers it itself only to pass options. It requires the wallets plugin, which fills the
 * app's chain list that funding chains are checked against.
 * @param options - the methods the app offers and the default amount; see {@link FundingOptions}.
 * @returns the plugin definition.
 * @throws PorticoError `invalid_plugin` when `defaultAmount` is not an amount above 0.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { funding } from 'portico/plugins/funding'
 * import { voucher } from 'my-voucher-funding'
 * <PorticoProvider appId="..." plugins={[funding({ options: [{ method: 'voucher' }] }), voucher()]}>...</PorticoProvider>
 * ```
 */
export const funding = (options: FundingOptions = {}) => {
  if (options.defaultAmount !== undefined && !isFundableAmount(options.defaultAmount)) {
    throw new PorticoError(`funding: defaultAmount "${options.defaultAmount}" is not an amount above 0`, { code: 'invalid_plugin' })
  }
  return definePlugin({
    id: FUNDING_PLUGIN_ID,
    kind: 'funding',
    requires: [wallets()],
    screens: {
      methods: { load: () => import('./screens/MethodSelection') },
      amount: { load: () => import('./screens/Amount') },
    },
    errors: FUNDING_ERRORS,
    messages: fundingMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    setup(ctx) {
      const hooks = fundingHooks(ctx)
      const { core, destroy } = createFundingCore(ctx, hooks, options)
      const untap = hooks.core.tap(FUNDING_PLUGIN_ID, () => core)
      const stopPrompting = promptOnWalletCreation(ctx, core)
      return () => {
        untap()
        stopPrompting()
        destroy()
      }
    },
  })
}
