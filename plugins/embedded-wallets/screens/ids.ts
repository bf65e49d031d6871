/**
 * The ids of the embedded-wallet screens (`embedded-wallets/…`), for the plugin that registers them
 * and the screens that navigate among them.
 * @module
 */

/** The embedded-wallet plugin's id: the prefix of its screen ids. */
export const EMBEDDED_WALLETS_PLUGIN_ID = 'embedded-wallets'

/**
 * The screen ids. `create` and `created` are blocking (no close button, no Escape): they end their
 * step themselves.
 * @example
 * ```ts
 * await ctx.step({ screen: EMBEDDED_WALLET_SCREENS.sign, params: { method: 'personal_sign', message, address } })
 * ```
 */
export const EMBEDDED_WALLET_SCREENS = {
  /** 'On account create': creates the wallet, or leads to the recovery choice first. */
  create: 'embedded-wallets/create',
  /** 'Welcome to {app}' / 'All set!', closing by itself. */
  created: 'embedded-wallets/created',
  recoverySelect: 'embedded-wallets/recovery-select',
  automaticRecovery: 'embedded-wallets/automatic-recovery',
  /** 'Why secure my account'. */
  whySecure: 'embedded-wallets/why-secure',
  /** The four-step password wizard (create, or update with `update: true`). */
  passwordCreate: 'embedded-wallets/password-create',
  /** 'Secure Your Account' / 'Add password'. */
  passwordUpdateSplash: 'embedded-wallets/password-update-splash',
  /** 'Enter your password': recovery on a new device. */
  passwordRecovery: 'embedded-wallets/password-recovery',
  /** Recovery via OAuth: backing up to, or recovering from, Google Drive or iCloud. */
  cloudRecovery: 'embedded-wallets/cloud-recovery',
  /** The sign request. */
  sign: 'embedded-wallets/sign',
  /** 'Transfer wallet': the key (or recovery phrase) shown inside the key frame. */
  export: 'embedded-wallets/export',
  /** 'Import wallet': a private key typed into the key frame. */
  import: 'embedded-wallets/import',
} as const
