/**
 * The names of the wallets plugin: its id, its screens, the landing's wallet login method and its
 * glyph. Apart from the plugin, so its React hooks (and the landing row's definition) name them
 * without loading the wallet layer.
 * @module
 */

/** Id of the wallets plugin (the key of its state slice and of its hooks). */
export const WALLETS_PLUGIN_ID = 'wallets'

/**
 * Screen ids of the wallets plugin: the wallet list, the connecting screen and the install screen.
 * @example
 * ```ts
 * import { WALLET_SCREENS } from 'portico/plugins/wallets'
 * kernel.openModal(WALLET_SCREENS.list, { intent: 'connect' })
 * ```
 */
export const WALLET_SCREENS = {
  list: 'wallets/list',
  connect: 'wallets/connect',
  install: 'wallets/install',
} as const

/** Id of the landing's wallet login method (SIWE and SIWS through the wallet list). */
export const WALLET_LOGIN_METHOD = 'wallet'

/** A generic wallet glyph (SVG path, 24×24), for wallets without an icon and the landing's wallet row. */
export const WALLET_ICON_PATH = 'M4 7a2 2 0 0 1 2-2h11a1 1 0 0 1 1 1v2M4 7v10a2 2 0 0 0 2 2h13a1 1 0 0 0 1-1v-9a1 1 0 0 0-1-1H6a2 2 0 0 1-2-2Zm12 6.5h.01'
