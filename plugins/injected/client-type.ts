/**
 * Which wallet an injected provider is: the wallet client type stored with accounts and a display
 * name, from its EIP-6963 rdns or, for a legacy `window.ethereum`, its `is*` flags.
 * @module
 */

/** Wallet client types by EIP-6963 rdns. */
const BY_RDNS: Record<string, string> = {
  'io.metamask': 'metamask',
  'io.metamask.flask': 'metamask',
  'io.metamask.mobile': 'metamask',
  'io.rabby': 'rabby_wallet',
  'com.coinbase.wallet': 'coinbase_wallet',
  'app.phantom': 'phantom',
  'com.okex.wallet': 'okx_wallet',
  'me.rainbow': 'rainbow',
  'io.zerion.wallet': 'zerion',
  'com.bybit': 'bybit_wallet',
  'com.crypto.wallet': 'cryptocom',
  'org.uniswap.app': 'uniswap',
  'com.brave.wallet': 'brave_wallet',
  'com.trustwallet.app': 'trust',
  'app.backpack': 'backpack',
  'io.universaleverything.universalprofiles': 'universal_profile',
}

/**
 * Legacy flags, most specific first: several wallets also set `isMetaMask` to be accepted by old
 * pages, so MetaMask is the last guess.
 */
const BY_FLAG: readonly (readonly [flag: string, type: string, name: string])[] = [
  ['isRabby', 'rabby_wallet', 'Rabby Wallet'],
  ['isPhantom', 'phantom', 'Phantom'],
  ['isCoinbaseWallet', 'coinbase_wallet', 'Coinbase Wallet'],
  ['isOkxWallet', 'okx_wallet', 'OKX Wallet'],
  ['isOKExWallet', 'okx_wallet', 'OKX Wallet'],
  ['isRainbow', 'rainbow', 'Rainbow'],
  ['isZerion', 'zerion', 'Zerion'],
  ['isBybit', 'bybit_wallet', 'Bybit Wallet'],
  ['isUniswapWallet', 'uniswap', 'Uniswap Wallet'],
  ['isBraveWallet', 'brave_wallet', 'Brave Wallet'],
  ['isTrust', 'trust', 'Trust Wallet'],
  ['isTrustWallet', 'trust', 'Trust Wallet'],
  ['isMetaMask', 'metamask', 'MetaMask'],
]

/** The name a legacy provider gets when none of its flags is known. */
export const LEGACY_WALLET_NAME = 'Browser wallet'

/**
 * The wallet client type of an injected wallet.
 * @param rdns - its EIP-6963 rdns, if it announced one.
 * @param provider - the provider, whose `is*` flags are read when the rdns is unknown.
 * @returns `metamask`, `rabby_wallet`, `coinbase_wallet`, `phantom`, `okx_wallet`... or `unknown`.
 * @example
 * ```ts
 * import { walletClientTypeOf } from 'portico/plugins/injected'
 * walletClientTypeOf('io.rabby') // 'rabby_wallet'
 * walletClientTypeOf(undefined, { isMetaMask: true }) // 'metamask'
 * ```
 */
export function walletClientTypeOf(rdns: string | undefined, provider?: object | null): string {
  if (rdns && BY_RDNS[rdns]) return BY_RDNS[rdns]
  const flags = (provider ?? {}) as Record<string, unknown>
  return BY_FLAG.find(([flag]) => flags[flag] === true)?.[1] ?? 'unknown'
}

/**
 * The display name of a legacy `window.ethereum` provider, from its flags.
 * @param provider - the provider.
 * @returns 'MetaMask', 'Rabby Wallet'... or 'Browser wallet'.
 * @example
 * ```ts
 * import { legacyWalletName } from 'portico/plugins/injected'
 * legacyWalletName({ isRabby: true, isMetaMask: true }) // 'Rabby Wallet'
 * ```
 */
export function legacyWalletName(provider: object): string {
  const flags = provider as Record<string, unknown>
  return BY_FLAG.find(([flag]) => flags[flag] === true)?.[2] ?? LEGACY_WALLET_NAME
}
