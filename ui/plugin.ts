/**
 * The built-in `portico` feature plugin: the kernel's own screens (landing, error, terms, allowlist,
 * user limit, account not found, and the wallet list, connecting and install screens), the
 * landing's `wallet` login method, and the terms step after a login.
 * @module
 */
import { definePlugin } from '../kernel/plugin'
import type { LoginResult } from '../kernel/plugin'
import { findWallets } from '../plugins/wallets'
import { uiMessages } from './messages/en'
import { walletScreenMessages } from './screens/wallets/messages'
import { WALLET_ICON_PATH } from './screens/wallets/parts'

/** Screen ids of the `portico` plugin. */
export const PORTICO_SCREENS = {
  landing: 'portico/landing',
  error: 'portico/error',
  terms: 'portico/terms',
  allowlist: 'portico/allowlist',
  userLimit: 'portico/user-limit',
  accountNotFound: 'portico/account-not-found',
  wallets: 'portico/wallets',
  walletConnect: 'portico/wallet-connect',
  installWallet: 'portico/install-wallet',
  linkConflict: 'portico/link-conflict',
  transferAssets: 'portico/transfer-assets',
} as const

/** Id of the landing's wallet login method (SIWE and SIWS through the wallet list). */
export const WALLET_LOGIN_METHOD = 'wallet'

/**
 * Creates the `portico` plugin. `PorticoProvider` adds it when the host's plugin list lacks it.
 * @returns the plugin definition.
 * @example
 * ```ts
 * import { createPortico } from 'portico/kernel'
 * import { portico } from 'portico/react'
 * import { email } from 'portico/plugins/email'
 * const kernel = createPortico({ appId, plugins: [portico(), email()] })
 * ```
 */
export const portico = () =>
  definePlugin({
    id: 'portico',
    kind: 'feature',
    screens: {
      landing: { load: () => import('./screens/Landing') },
      error: { load: () => import('./screens/ErrorScreen') },
      terms: { load: () => import('./screens/Terms'), blocking: true },
      allowlist: { load: () => import('./screens/Allowlist') },
      'user-limit': { load: () => import('./screens/UserLimit') },
      'account-not-found': { load: () => import('./screens/AccountNotFound') },
      wallets: { load: () => import('./screens/wallets/WalletList') },
      'wallet-connect': { load: () => import('./screens/wallets/WalletConnect') },
      'install-wallet': { load: () => import('./screens/wallets/InstallWallet') },
      'link-conflict': { load: () => import('./screens/transfer/LinkConflict') },
      'transfer-assets': { load: () => import('./screens/transfer/TransferAssets') },
    },
    messages: { ...uiMessages, ...walletScreenMessages },
    loginMethods: [
      {
        id: WALLET_LOGIN_METHOD,
        group: 'web3',
        label: 'PORTICO_WALLET_METHOD_LABEL',
        enabledBy: ['wallet_auth', 'solana_wallet_auth'],
        screen: PORTICO_SCREENS.wallets,
        icon: WALLET_ICON_PATH,
        order: 2,
        accountLabel: 'PORTICO_LINK_CONFLICT_LABEL_WALLET',
      },
    ],
    setup(ctx) {
      // The wallet row needs a connector plugin (a wallet to list) and a sign-in for wallets.
      const untapMethods = ctx.hooks.resolveLoginMethods.tap('portico', (methods) => {
        if (!methods.some((m) => m.id === WALLET_LOGIN_METHOD)) return methods
        const wallets = findWallets(ctx)
        const connectors = wallets?.hasSources() ?? false
        const signIn = !!wallets && (wallets.canAuthenticate('ethereum') || wallets.canAuthenticate('solana'))
        return connectors && signIn ? methods : methods.filter((m) => m.id !== WALLET_LOGIN_METHOD)
      })
      // The kernel asks again after every step; answer once per login so an accepted (or
      // declined) consent is never shown twice.
      const asked = new WeakSet<LoginResult>()
      const untapTerms = ctx.hooks.afterAuthenticate.tap('portico', (result) => {
        const config = ctx.config()
        if (!config?.legal.requireUsersAcceptTerms) return undefined
        if (result.user.has_accepted_terms || asked.has(result)) return undefined
        asked.add(result)
        return { screen: PORTICO_SCREENS.terms }
      })
      return () => {
        untapMethods()
        untapTerms()
      }
    },
  })
