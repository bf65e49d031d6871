/**
 * The built-in `portico` feature plugin: the shell's own screens (landing, error, terms, allowlist,
 * user limit, account not found, link conflict, transfer assets). The kernel shows its terms screen
 * ({@link TERMS_SCREEN}) as the first step of a login whose user must still accept the app's terms.
 * It names no login method: each comes with its plugin (the landing's `wallet` row with the wallets
 * plugin).
 * @module
 */
import { definePlugin } from '../kernel/plugin'
import { LINK_CONFLICT_SCREEN, TERMS_SCREEN } from '../kernel/kernel'
import { uiMessages } from './messages/en'

/** Screen ids of the `portico` plugin. */
export const PORTICO_SCREENS = {
  landing: 'portico/landing',
  error: 'portico/error',
  terms: TERMS_SCREEN,
  allowlist: 'portico/allowlist',
  userLimit: 'portico/user-limit',
  accountNotFound: 'portico/account-not-found',
  linkConflict: LINK_CONFLICT_SCREEN,
  transferAssets: 'portico/transfer-assets',
} as const

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
      // The ends of a flow: no Back, their buttons say where to go (spec 01 §2, 'Other screens').
      error: { load: () => import('./screens/ErrorScreen'), outcome: true },
      terms: { load: () => import('./screens/Terms'), blocking: true },
      allowlist: { load: () => import('./screens/Allowlist'), outcome: true },
      'user-limit': { load: () => import('./screens/UserLimit'), outcome: true },
      'account-not-found': { load: () => import('./screens/AccountNotFound'), outcome: true },
      'link-conflict': { load: () => import('./screens/transfer/LinkConflict') },
      'transfer-assets': { load: () => import('./screens/transfer/TransferAssets') },
    },
    messages: uiMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
  })
