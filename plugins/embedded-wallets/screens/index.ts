/**
 * The embedded-wallet screens, for the plugin's definition: the screen table (each loaded when
 * first shown; `create` and `created` blocking), their ids and their English texts (loaded with the
 * first screen).
 * @module
 */
import type { ScreenDefinition } from '../../../kernel'

export { EMBEDDED_WALLET_SCREENS, EMBEDDED_WALLETS_PLUGIN_ID } from './ids'
export type { EmbeddedWalletScreenMessageKey } from './messages'
export type { RecoveryFlowParams } from './recovery-flow'
export type { CloudRecoveryParams } from './CloudRecovery'
export type { SignRequestParams } from './Sign'
export type { CreateParams } from './Create'
export type { CreatedParams } from './Created'
export type { ExportParams, ImportParams } from './KeyTransfer'

/**
 * The screens, by their id within the plugin (`create` is `embedded-wallets/create`). `create`
 * (an automatic creation cannot be cancelled; a user one has its own Cancel) and `created` (it
 * closes by itself; closing it early would cancel the step) are blocking.
 * @example
 * ```ts
 * definePlugin({ id: 'embedded-wallets', kind: 'wallet', screens: embeddedWalletScreens, screenMessages: loadEmbeddedWalletScreenMessages })
 * ```
 */
export const embeddedWalletScreens = {
  create: { load: () => import('./Create'), blocking: true },
  created: { load: () => import('./Created'), blocking: true },
  'recovery-select': { load: () => import('./RecoverySelect') },
  'automatic-recovery': { load: () => import('./AutomaticRecovery') },
  'why-secure': { load: () => import('./WhySecure') },
  'password-create': { load: () => import('./PasswordCreate') },
  'password-update-splash': { load: () => import('./PasswordUpdateSplash') },
  'password-recovery': { load: () => import('./PasswordRecovery') },
  'cloud-recovery': { load: () => import('./CloudRecovery') },
  sign: { load: () => import('./Sign') },
  export: { load: () => import('./Export') },
  import: { load: () => import('./Import') },
} as const satisfies Record<string, ScreenDefinition>

/**
 * Loads the screens' English texts: the plugin's `screenMessages`, so a page fetches them with the
 * first embedded-wallet screen it shows.
 * @returns the message table.
 */
export const loadEmbeddedWalletScreenMessages = () => import('./messages').then((m) => m.embeddedWalletScreenMessages)
