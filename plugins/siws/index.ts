/**
 * Sign-In With Solana, client half: registers the `solana` wallet authenticator, so a connected
 * Solana wallet (from the `solana` connector plugin) can sign the visitor in or be linked.
 * @module
 */
import { definePlugin } from '../../kernel/plugin'
import type { WalletAuthenticator } from '../wallets'
import { siwsRoutes } from './api'
import { SIWS_ERRORS } from './errors'
import { siwsMessages } from './messages/en'
import { wallets, walletsOf } from '../wallets'

export { SIWS_ERRORS, type SiwsErrorCode } from './errors'
export { siwsMessages, type SiwsMessageKey } from './messages/en'
export { siwsRoutes } from './api'
export {
  useLinkWithSolanaWallet,
  useUnlinkSolanaWallet,
  useLoginWithSiws,
  type UseLinkWithSolanaWalletResult,
  type UseUnlinkSolanaWalletResult,
  type UseLoginWithSiwsResult,
} from './react'

/**
 * The Sign-In With Solana plugin. Pair it with the `solana` connector plugin, and enable
 * `solana_wallet_auth` for the app.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { solana } from 'portico/plugins/solana'
 * import { siws } from 'portico/plugins/siws'
 * <PorticoProvider appId="..." plugins={[solana(), siws()]}>...</PorticoProvider>
 * ```
 */
export const siws = () =>
  definePlugin({
    id: 'siws',
    kind: 'login',
    api: siwsRoutes,
    errors: SIWS_ERRORS,
    messages: siwsMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    requires: [wallets()],
    setup(ctx) {
      // The signing code loads on the first sign-in, not with the page.
      let real: Promise<WalletAuthenticator> | undefined
      const load = () => (real ??= import('./authenticator').then((m) => m.createSiwsAuthenticator(ctx)))
      const authenticator: WalletAuthenticator = {
        chainType: 'solana',
        authenticate: async (...args) => (await load()).authenticate(...args),
        link: async (...args) => (await load()).link(...args),
      }
      return walletsOf(ctx).addAuthenticator(authenticator)
    },
  })
