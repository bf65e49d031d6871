/**
 * `portico/plugins/embedded-wallets`: the embedded wallet's client half. Keys live only in the
 * wallet frame the API server serves on its own origin (`/apps/{appId}/embedded-wallets`); this
 * plugin opens that frame when a wallet is first needed (its transport loads then) and talks to it by
 * `postMessage`. The page receives addresses, signatures and signed transactions, never a key or
 * a share. Screens and other plugins reach the wallet through `embeddedWalletsOf(ctx)`.
 *
 * After a login it creates the wallets the settings ask for (`embedded-wallets/create`, a
 * post-login step that cannot be cancelled); before each signature it shows the sign request
 * (`embedded-wallets/sign`) unless the app or host turned wallet UIs off; a device that must
 * recover with a password shows `embedded-wallets/password-recovery` first.
 * @module
 */
import { definePlugin, type LoginResult } from '../../kernel/plugin'
import { coreRoutes } from '../../kernel'
import { loadOnce } from '../../kernel/load-once'
import { embeddedWalletRoutes } from './api'
import { createEmbeddedWalletCore, type EmbeddedWalletsOptions } from './core'
import { announceCreatedWallets, embeddedWalletHooks } from './service'
import { embeddedWalletScreens, EMBEDDED_WALLET_SCREENS, EMBEDDED_WALLETS_PLUGIN_ID, loadEmbeddedWalletScreenMessages } from './screens'
import { confirmSignature, recoverAsNeeded } from './steps'

export type { EmbeddedWalletsOptions } from './core'
export { entropyIdOf } from './core'
export * from './service'
export { createEmbeddedEthereumProvider, ProviderRpcError, type EmbeddedEthereumProvider, type EmbeddedProviderDeps, type PreparedTransaction, type ProviderChain, type TransactionUiOptions, type TransactionRetriedMessage, type EmbeddedProviderEvent } from './provider'
export {
  createEmbeddedSolanaWallet,
  solanaRpcUrl,
  type EmbeddedSolanaWallet,
  type EmbeddedSolanaWalletDeps,
  type SolanaReviewRequest,
  type SolanaSendOptions,
  type SolanaSignOptions,
  type SolanaTransactionUiOptions,
} from './solana'
export { embeddedWalletRoutes } from './api'
export { EMBEDDED_WALLET_SCREENS, EMBEDDED_WALLETS_PLUGIN_ID, type SignRequestParams, type CreateParams, type CreatedParams, type RecoveryFlowParams } from './screens'
export { signRequestParams, USER_REJECTED_MESSAGE } from './steps'
export { useEmbeddedWallets, type CreateWalletOptions, type UseEmbeddedWalletsResult } from './react'

/** The analytics event of a login that ends because its wallet creation failed (spec 01 §4). */
export const CREATION_FAILURE_EVENT = 'embedded_wallet_creation_failure_logout'

/**
 * The embedded-wallets plugin.
 * @param options - per-chain creation after login, whether signatures show the sign-request screen.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { email } from 'portico/plugins/email'
 * import { embeddedWallets } from 'portico/plugins/embedded-wallets'
 * <PorticoProvider appId="..." plugins={[email(), embeddedWallets({ createOnLogin: { ethereum: 'users-without-wallets' } })]}>...</PorticoProvider>
 * ```
 */
export const embeddedWallets = (options: EmbeddedWalletsOptions = {}) =>
  definePlugin({
    id: EMBEDDED_WALLETS_PLUGIN_ID,
    kind: 'wallet',
    // The routes the wallet frame calls (the page itself never does: it holds no share).
    api: embeddedWalletRoutes,
    screens: embeddedWalletScreens,
    // The screens' texts load with the first screen shown.
    screenMessages: loadEmbeddedWalletScreenMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    setup(ctx) {
      const core = createEmbeddedWalletCore(ctx, options, {
        confirm: (wallet, request) => confirmSignature(ctx, wallet, request),
        recover: (error) => recoverAsNeeded(ctx, error),
        // The transaction screens' step loads with the first transaction.
        review: (wallet, prepared) => import('./transaction-steps').then((m) => m.reviewTransaction(ctx, wallet, prepared, m.transactionDisplay(ctx))),
        reviewSolana: (wallet, request) => import('./solana-steps').then((m) => m.showSolanaTransaction(ctx, wallet, request)),
      })
      const listing = loadOnce(() => import('./listing').then((m) => m.listEmbeddedWallets(ctx, core)))
      let listed = false
      // The kernel asks again after every step: create once per login, so a creation is never
      // offered twice; a login that ends before its creation finished is reported once.
      let creatingFor: LoginResult | null = null
      // The user's wallets when that creation was offered: those added since are the created ones.
      let walletsBefore: ReadonlySet<string> = new Set()
      const untaps = [
        embeddedWalletHooks(ctx).service.tap(EMBEDDED_WALLETS_PLUGIN_ID, () => core),
        ctx.hooks.afterAuthenticate.tap(EMBEDDED_WALLETS_PLUGIN_ID, (result) => {
          if (creatingFor === result) return undefined
          const chains = core.chainsToCreate()
          if (chains.length === 0) return undefined
          creatingFor = result
          walletsBefore = new Set(core.wallets().map((w) => w.address))
          // With automatic recovery nothing waits on the user: the wallet is made while the login's
          // success state shows, and the creation screen takes the running creation over.
          if (!core.settings().requireUserOwnedRecoveryOnCreate) core.prepareCreation(chains)
          return { screen: EMBEDDED_WALLET_SCREENS.create, params: { chains, initiator: 'automatic', isNewUser: result.isNewUser } }
        }),
        ctx.hooks.loginComplete.tap(EMBEDDED_WALLETS_PLUGIN_ID, (result) => {
          const created = creatingFor === result
          creatingFor = null
          if (created) announceCreatedWallets(ctx, walletsBefore, 'automatic')
        }),
        // The kernel logs out a login whose post-login step did not finish.
        ctx.hooks.loginFailed.tap(EMBEDDED_WALLETS_PLUGIN_ID, () => {
          if (!creatingFor) return
          creatingFor = null
          void ctx.api.request(coreRoutes.analytics, { event_name: CREATION_FAILURE_EVENT, client_id: null }).catch(() => undefined)
        }),
        // A logout makes the frame forget every secret it rebuilt (device shares stay on the device).
        ctx.hooks.loggedOut.tap(EMBEDDED_WALLETS_PLUGIN_ID, () => {
          void core.clear().catch(() => undefined)
        }),
        // The user's embedded wallets join the connected wallets (`useWallets()`) when the wallets
        // plugin is in use; the listing loads with the first embedded wallet.
        ctx.hooks.sessionChanged.tap(EMBEDDED_WALLETS_PLUGIN_ID, () => {
          if (!listed && core.wallets().length === 0) return
          listed = true
          void listing()
            .then((l) => l?.sync())
            .catch((err: unknown) => console.warn('Portico: could not list the embedded wallets', err))
        }),
      ]
      return () => {
        for (const untap of untaps) untap()
        if (listed) void listing().then((l) => l?.destroy())
        core.destroy()
      }
    },
  })
