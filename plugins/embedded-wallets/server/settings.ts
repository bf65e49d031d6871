/**
 * The embedded wallet's app settings (`embeddedWallets`) and their part of the app response
 * (`embedded_wallet_config`).
 * @module
 */
import * as v from 'valibot'
import { defineSetting, readSetting, type ServerApp } from '../../../server'

const CreateOnLogin = v.picklist(['users-without-wallets', 'all-users', 'off'], 'createOnLogin must be users-without-wallets, all-users or off.')

/** The recovery methods a user may own (the password today; the cloud backups later). */
export const USER_OWNED_RECOVERY = ['user-passcode', 'google-drive', 'icloud'] as const

/** The value of the `embeddedWallets` setting. */
export interface EmbeddedWalletsSettings {
  /** Per chain: create a wallet after login for users without one, for every user, or never. */
  createOnLogin: { ethereum: 'users-without-wallets' | 'all-users' | 'off'; solana: 'users-without-wallets' | 'all-users' | 'off' }
  /** A new wallet must be protected by a method the user owns (the server then refuses automatic recovery on create). */
  requireUserOwnedRecoveryOnCreate: boolean
  /** The user-owned methods offered (and accepted by the server). */
  userOwnedRecoveryOptions: (typeof USER_OWNED_RECOVERY)[number][]
  /** Show the sign-request screens before each signature. */
  showWalletUIs: boolean
  /** Decode ERC-721 and ERC-1155 calls on the transaction review too. */
  extendedCalldataDecoding: boolean
  /** Which figure the transaction screens show first: the dollar value or the native amount. */
  priceDisplay: { primary: 'fiat-currency' | 'native-token' }
}

/**
 * `embeddedWallets`: when wallets are created, which recovery methods are offered and required,
 * whether signing shows its screens. Fields merge on update (`portico apps set <id>
 * embeddedWallets.showWalletUIs=false` keeps the others); `createOnLogin` names both chains.
 * @defaultValue createOnLogin off on both chains, no required user-owned recovery, the password as
 *   the user-owned option, signing screens shown, no NFT call decoding, native amounts first
 * @example
 * ```ts
 * import { readSetting } from 'portico/server'
 * import { embeddedWalletsSetting } from 'portico/plugins/embedded-wallets/server'
 * readSetting(ctx.app, embeddedWalletsSetting).createOnLogin.ethereum // 'off'
 * ```
 */
export const embeddedWalletsSetting = defineSetting<EmbeddedWalletsSettings>({
  key: 'embeddedWallets',
  schema: v.partial(
    v.strictObject({
      createOnLogin: v.strictObject({ ethereum: CreateOnLogin, solana: CreateOnLogin }),
      requireUserOwnedRecoveryOnCreate: v.boolean(),
      userOwnedRecoveryOptions: v.array(v.picklist(USER_OWNED_RECOVERY, 'userOwnedRecoveryOptions holds user-passcode, google-drive or icloud.')),
      showWalletUIs: v.boolean(),
      extendedCalldataDecoding: v.boolean(),
      priceDisplay: v.strictObject({ primary: v.picklist(['fiat-currency', 'native-token'], 'priceDisplay.primary must be fiat-currency or native-token.') }),
    }),
  ),
  default: {
    createOnLogin: { ethereum: 'off', solana: 'off' },
    requireUserOwnedRecoveryOnCreate: false,
    userOwnedRecoveryOptions: ['user-passcode'],
    showWalletUIs: true,
    extendedCalldataDecoding: false,
    priceDisplay: { primary: 'native-token' },
  },
  update: 'merge',
})

/**
 * The app response's `embedded_wallet_config` (wire contract §4): the top-level `create_on_login`
 * is the Ethereum one, as in the contract's legacy shape.
 * @param app - the app.
 * @returns the fields merged into the app response.
 */
export function embeddedWalletConfig(app: ServerApp): Record<string, unknown> {
  const s = readSetting(app, embeddedWalletsSetting)
  return {
    embedded_wallet_config: {
      create_on_login: s.createOnLogin.ethereum,
      ethereum: { create_on_login: s.createOnLogin.ethereum },
      solana: { create_on_login: s.createOnLogin.solana },
      user_owned_recovery_options: s.userOwnedRecoveryOptions,
      require_user_owned_recovery_on_create: s.requireUserOwnedRecoveryOnCreate,
      show_wallet_uis: s.showWalletUIs,
      extended_calldata_decoding: s.extendedCalldataDecoding,
      price_display: { primary: s.priceDisplay.primary },
      mode: 'legacy-embedded-wallets-only',
    },
  }
}
