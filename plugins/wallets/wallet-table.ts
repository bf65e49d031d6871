/**
 * The table of known mobile wallets (spec: "about 50 known mobile wallets, keyed by client type"), the
 * named wallet-list entries, and the WalletConnect deep links built from them. Pure data and pure
 * functions: no SDK, nothing that runs at import, so any part of the widget may use it.
 * @module
 */

/** A mobile wallet the widget can send a WalletConnect pairing to. */
export interface MobileWallet {
  /** The wallet's id in the WalletConnect explorer (64 hex characters). */
  id: string
  /** Display name ('MetaMask'). */
  name: string
  /** The wallet's web host (`metamask.io`), for its install / learn-more link. */
  host: string
  /** The app's own URL scheme (`metamask://`); null when the wallet has none. */
  native: string | null
  /** An https link the OS hands to the app when installed, else opens in the browser; null when none. */
  universal: string | null
  /** The EIP-6963 / extension rdns when the wallet also ships a browser extension (`io.metamask`). */
  rdns?: string
}

/**
 * Known mobile wallets keyed by wallet client type (the `walletClientType` stored with accounts).
 * Values are the public WalletConnect explorer ids and the wallets' published deep links.
 * @example
 * ```ts
 * import { MOBILE_WALLETS } from 'portico/plugins/wallets'
 * MOBILE_WALLETS.rainbow.universal // 'https://rnbwapp.com'
 * ```
 */
export const MOBILE_WALLETS = {
  metamask: { id: 'c57ca95b47569778a828d19178114f4db188b89b763c899ba0be274e97267d96', name: 'MetaMask', host: 'metamask.io', native: 'metamask://', universal: 'https://metamask.app.link', rdns: 'io.metamask' },
  coinbase_wallet: { id: 'fd20dc426fb37566d803205b19bbc1d4096b248ac04548e3cfb6b3a38bd033aa', name: 'Coinbase Wallet', host: 'coinbase.com', native: 'cbwallet://', universal: 'https://go.cb-w.com', rdns: 'com.coinbase.wallet' },
  rainbow: { id: '1ae92b26df02f0abca6304df07debccd18262fdf5fe82daa81593582dac9a369', name: 'Rainbow', host: 'rainbow.me', native: 'rainbow://', universal: 'https://rnbwapp.com', rdns: 'me.rainbow' },
  trust: { id: '4622a2b2d6af1c9844944291e5e7351a6aa24cd7b23099efac1b2fd875da31a0', name: 'Trust Wallet', host: 'trustwallet.com', native: 'trust://', universal: 'https://link.trustwallet.com', rdns: 'com.trustwallet.app' },
  uniswap: { id: 'c03dfee351b6fcc421b4494ea33b9d4b92a984f87aa76d1663bb28705e95034a', name: 'Uniswap Wallet', host: 'uniswap.org', native: 'uniswap://', universal: 'https://uniswap.org/app', rdns: 'org.uniswap.app' },
  zerion: { id: 'ecc4036f814562b41a5268adc86270fba1365471402006302e70169465b7ac18', name: 'Zerion', host: 'zerion.io', native: 'zerion://', universal: 'https://wallet.zerion.io', rdns: 'io.zerion.wallet' },
  okx_wallet: { id: '971e689d0a5be527bac79629b4ee9b925e82208e5168b733496a09c0faed0709', name: 'OKX Wallet', host: 'okx.com', native: 'okex://main', universal: null, rdns: 'com.okex.wallet' },
  bybit_wallet: { id: '15c8b91ade1a4e58f3ce4e7a0dd7f42b47db0c8df7e0d84f63eb39bcb96c4e0f', name: 'Bybit Wallet', host: 'bybit.com', native: 'bybitapp://', universal: null, rdns: 'com.bybit' },
  rabby_wallet: { id: '18388be9ac2d02726dbac9777c96efaac06d744b2f6d580fccdd4127a6d01fd1', name: 'Rabby Wallet', host: 'rabby.io', native: 'rabby://', universal: null, rdns: 'io.rabby' },
  cryptocom: { id: 'f2436c67184f158d1beda5df53298ee84abfc367581e4505134b5bcf5f46697d', name: 'Crypto.com | DeFi Wallet', host: 'crypto.com', native: 'cryptowallet://', universal: 'https://wallet.crypto.com', rdns: 'com.crypto.wallet' },
  safe: { id: '225affb176778569276e484e1b92637ad061b01e13a048b35a9d280c3b58970f', name: 'Safe', host: 'safe.global', native: 'safe://', universal: 'https://app.safe.global' },
  phantom: { id: 'a797aa35c0fadbfc1a53e7f675162ed5226968b44a19ee3d24385c64d1d3c393', name: 'Phantom', host: 'phantom.app', native: 'phantom://', universal: 'https://phantom.app/ul', rdns: 'app.phantom' },
  argent: { id: 'bc949c5d968ae81310268bf9193f9c9fb7bb4e1283e1284af8f2bd4992535fd6', name: 'Argent', host: 'argent.xyz', native: 'argent://app/', universal: 'https://argent.link/app' },
  ledger: { id: '19177a98252e07ddfc9af2083ba8e07ef627cb6103467ffebb3f8f4205fd7927', name: 'Ledger Live', host: 'ledger.com', native: 'ledgerlive://', universal: null },
  imtoken: { id: 'ef333840daf915aafdc4a004525502d6d49d77bd9c65e0642dbaefb3c2893bef', name: 'imToken', host: 'token.im', native: 'imtokenv2://', universal: null },
  tokenpocket: { id: '20459438007b75f4f4acb98bf29aa3b800550309646d375da5fd4aac6c2a2c66', name: 'TokenPocket', host: 'tokenpocket.pro', native: 'tpoutside://', universal: null, rdns: 'pro.tokenpocket' },
  bitget: { id: '38f5d18bd8522c244bdd70cb4a68e0e718865155811c043f052fb9f1c51de662', name: 'Bitget Wallet', host: 'web3.bitget.com', native: 'bitkeep://', universal: 'https://bkcode.vip', rdns: 'com.bitget.web3' },
  '1inch': { id: 'c286eebc742a537cd1d6818363e9dc53b21759a1e8e5d9b263d0c03ec7703576', name: '1inch Wallet', host: '1inch.io', native: 'oneinch://', universal: 'https://wallet.1inch.io' },
  exodus: { id: 'e9ff15be73584489ca4a66f64d32c4537711797e30b6660dbcb71ea72a42b1f4', name: 'Exodus', host: 'exodus.com', native: 'exodus://', universal: 'https://exodus.com/m', rdns: 'com.exodus.web3-wallet' },
  zengo: { id: '9414d5a85c8f4eabc1b5b15ebe0cd399e1a2a9d35643ab0ad22a6e4a32f596f0', name: 'Zengo Wallet', host: 'zengo.com', native: 'zengo://', universal: 'https://get.zengo.com' },
  safepal: { id: '0b415a746fb9ee99cce155c2ceca0c6f6061b1dbca2d722b3ba16381d0562150', name: 'SafePal', host: 'safepal.com', native: 'safepalwallet://', universal: 'https://link.safepal.io', rdns: 'com.safepal' },
  binance: { id: '8a0ee50d1f22f6651afcae7eb4253e52a3310b90af5daef78a8c4929a9bb99d4', name: 'Binance Web3 Wallet', host: 'binance.com', native: 'bnc://app.binance.com/cedefi/', universal: 'https://app.binance.com/cedefi' },
  mathwallet: { id: '7674bb4e353bf52886768a3ddc2a4562ce2f4191c80831291218ebd90f5f5e26', name: 'MathWallet', host: 'mathwallet.org', native: 'mathwallet://', universal: 'https://www.mathwallet.org' },
  coin98: { id: '2a3c89040ac3b723a1972a33a125b1db11e258a6975d3a61252cd64e6ea5ea01', name: 'Coin98 Super App', host: 'coin98.com', native: 'coin98://', universal: null },
  frontier: { id: '85db431492aa2e8672e93f4ea7acf10c88b97b867b0d373107af63dc4880f041', name: 'Frontier', host: 'frontier.xyz', native: 'frontier://', universal: null },
  valora: { id: 'd01c7758d741b363e637a817a09bcf579feae4db9f5bb16f599fdd1f66e2f974', name: 'Valora', host: 'valoraapp.com', native: 'celo://wallet', universal: 'https://valoraapp.com' },
  omni: { id: 'afbd95522f4041c71dd4f1a065f971fd32372865b416f95a0b1db759ae33f2a7', name: 'Omni', host: 'omni.app', native: 'omni://', universal: 'https://links.omni.app' },
  ambire: { id: '2c81da3add65899baeac53758a07e652eea46dbb5195b8074772c62a77bbf568', name: 'Ambire Wallet', host: 'ambire.com', native: 'ambire://', universal: 'https://mobile.ambire.com' },
  core: { id: 'f323633c1f67055a45aac84e321af6ffe46322da677ffdd32f9bc1e33bafe29c', name: 'Core', host: 'core.app', native: 'core://', universal: 'https://core.app' },
  backpack: { id: '2bd8c14e035c2d48f184aaa168559e86b0e3433228d3c4075900a221785019b0', name: 'Backpack', host: 'backpack.app', native: 'backpack://', universal: null },
  alphawallet: { id: '138f51c8d00ac7b9ac9d8dc75344d096a7dfe370a568aa167eabc0a21830ed98', name: 'AlphaWallet', host: 'alphawallet.com', native: 'awallet://', universal: 'https://aw.app' },
  onekey: { id: '1aedbcfc1f31aade56ca34c38b0a1607b41cccfa3de93c946ef3b4ba2dfab11c', name: 'OneKey', host: 'onekey.so', native: 'onekey-wallet://', universal: 'https://app.onekey.so/wc/connect' },
  fireblocks: { id: '5864e2ced7c293ed18ac35e0db085c09ed567d67346ccb6f58a0327a75137489', name: 'Fireblocks', host: 'fireblocks.com', native: 'fireblocks-wc://', universal: null },
  robinhood_wallet: { id: '8837dd9413b1d9b585ee937d27a816590248386d9dbf59f5cd3422dbbb65683e', name: 'Robinhood Wallet', host: 'robinhood.com', native: 'robinhood-wallet://', universal: 'https://robinhood.com/connect/wallet' },
  bitcoin_com: { id: '0e4915107da5b3408b38e248f7a710f4529d54cd30e9d12ff0eb886d45c18e92', name: 'Bitcoin.com Wallet', host: 'bitcoin.com', native: 'bitcoincom://', universal: null },
  spot: { id: '74f8092562bd79675e276d8b2062a83601a4106d30202f2d509195e30e19673d', name: 'Spot', host: 'spot-wallet.com', native: 'spot://', universal: 'https://spot.so' },
  solflare: { id: '1ca0bdd4747578705b1939af023d120677c64fe6ca76add81fda36e350605e79', name: 'Solflare', host: 'solflare.com', native: 'solflare://', universal: null },
  keplr: { id: '6adb6082c909901b9e7189af3a4a0223102cd6f8d5c39e39f3d49acb92b578bb', name: 'Keplr', host: 'keplr.app', native: 'keplrwallet://', universal: null },
  onto: { id: 'dceb063851b1833cbb209e3717a0a0b06bf3fb500fe9db8cd3a553e4b1d02137', name: 'ONTO', host: 'onto.app', native: 'ontoprovider://', universal: 'https://onto.app' },
  bitpay: { id: 'ccb714920401f7d008dbe11281ae70e3a4bfb621763b187b9e4a3ce1ab8faa3b', name: 'BitPay', host: 'bitpay.com', native: 'bitpay://', universal: 'https://bitpay.com/wallet' },
  ellipal: { id: '15d1d97de89526a3c259a235304a7c510c40cda3331f0f8433da860ecc528bef', name: 'Ellipal', host: 'ellipal.com', native: 'ellipal://', universal: 'https://www.ellipal.com' },
  pillar: { id: '0b58bf037bf943e934706796fb017d59eace1dadcbc1d9fe24d9b46629e5985c', name: 'Pillar', host: 'pillar.fi', native: 'pillarwallet://', universal: null },
  huobi: { id: 'bae74827272509a6d63ea25514d9c68ad235c14e45e183518c7ded4572a1b0c4', name: 'Huobi Wallet', host: 'huobiwallet.com', native: 'huobiwallet://', universal: null },
  kyberswap: { id: '55e5b479c9f49ddac5445c24725857f19888da1ef432ae5e4e01f8054d107670', name: 'KyberSwap', host: 'kyberswap.com', native: 'kyberswap://', universal: 'https://kyberswapnew.app.link' },
  o3wallet: { id: '0aafbedfb8eb56dae59ecc37c9a5388509cf9c082635e3f752581cc7128a17c0', name: 'O3 Wallet', host: 'o3.network', native: 'o3wallet://', universal: 'https://o3.network' },
  keyring_pro: { id: '0fa0f603076de79bbac9a4d47770186de8913da63c8a4070c500a783cddbd1e3', name: 'KEYRING PRO', host: 'keyring.app', native: 'keyring://', universal: 'https://keyring.app' },
  zelcore: { id: '29f4a70ad5993f3f73ae8119f0e78ecbae51deec2a021a770225c644935c0f09', name: 'ZelCore', host: 'zelcore.io', native: 'zel://', universal: 'https://link.zel.network' },
  rwallet: { id: 'b13fcc7e3500a4580c9a5341ed64c49c17d7f864497881048eb160c089be5346', name: 'RWallet', host: 'rwallet.app', native: 'rwallet://', universal: 'https://www.rwallet.app' },
  talken: { id: '95501c1a07c8eb575cb28c753ab9044259546ebcefcd3645461086e49b671f5c', name: 'Talken Wallet', host: 'talken.io', native: 'talken-wallet://', universal: 'https://talken.io' },
  eidoo: { id: 'efba9ae0a9e0fdd9e3e055ddf3c8e75f294babb8aea3499456eff27f771fda61', name: 'Eidoo', host: 'eidoo.io', native: 'eidoo://', universal: 'https://eidoo.io/crypto-wallet' },
  mykey: { id: '61f6e716826ae8455ad16abc5ec31e4fd5d6d2675f0ce2dee3336335431f720e', name: 'MYKEY', host: 'mykey.org', native: 'mykeywalletconnect://', universal: 'https://mykey.org' },
} as const satisfies Record<string, MobileWallet>

/** A wallet client type present in {@link MOBILE_WALLETS}. */
export type MobileWalletId = keyof typeof MOBILE_WALLETS

/**
 * The named entries a host may put in `appearance.walletList` (besides the detected_* groups), in the
 * spec's order.
 */
export const NAMED_WALLET_LIST_ENTRIES = [
  'coinbase_wallet',
  'metamask',
  'okx_wallet',
  'rainbow',
  'uniswap',
  'bybit_wallet',
  'zerion',
  'rabby_wallet',
  'cryptocom',
  'safe',
  'wallet_connect',
  'phantom',
  'universal_profile',
] as const

/** A named wallet-list entry. */
export type NamedWalletListEntry = (typeof NAMED_WALLET_LIST_ENTRIES)[number]

/** The wallet-list groups of detected (installed) wallets. */
export const DETECTED_WALLET_LIST_ENTRIES = ['detected_ethereum_wallets', 'detected_solana_wallets', 'detected_wallets'] as const

/**
 * Looks a wallet up by client type.
 * @param id - the wallet client type (`rainbow`).
 * @returns its table entry, or undefined when the table does not know it.
 * @example
 * ```ts
 * import { mobileWallet } from 'portico/plugins/wallets'
 * mobileWallet('metamask')?.name // 'MetaMask'
 * ```
 */
export function mobileWallet(id: string): MobileWallet | undefined {
  return Object.hasOwn(MOBILE_WALLETS, id) ? (MOBILE_WALLETS as Record<string, MobileWallet>)[id] : undefined
}

/**
 * Whether a string is one of the spec's named wallet-list entries.
 * @param id - a wallet-list entry.
 * @returns true for `metamask`, `wallet_connect`...
 * @example
 * ```ts
 * import { isNamedWalletListEntry } from 'portico/plugins/wallets'
 * isNamedWalletListEntry('rainbow') // true
 * ```
 */
export function isNamedWalletListEntry(id: string): id is NamedWalletListEntry {
  return (NAMED_WALLET_LIST_ENTRIES as readonly string[]).includes(id)
}

/**
 * A native-scheme WalletConnect link: `<scheme>://wc?uri=<encoded uri>`. A bare scheme (`rainbow:`)
 * gets its `//`; a link with a path keeps it (`argent://app/wc?uri=...`).
 * @param native - the wallet's native link.
 * @param wcUri - the WalletConnect pairing uri.
 * @returns the link.
 * @example
 * ```ts
 * import { nativeDeepLink } from 'portico/plugins/wallets'
 * nativeDeepLink('rainbow://', 'wc:abc@2') // 'rainbow://wc?uri=wc%3Aabc%402'
 * ```
 */
export function nativeDeepLink(native: string, wcUri: string): string {
  let base = native
  if (!base.includes('://')) base = `${base.replaceAll('/', '').replaceAll(':', '')}://`
  if (!base.endsWith('/')) base = `${base}/`
  return `${base}wc?uri=${encodeURIComponent(wcUri)}`
}

/**
 * A universal (https) WalletConnect link: `<universal>/wc?uri=<encoded uri>`.
 * @param universal - the wallet's universal link.
 * @param wcUri - the WalletConnect pairing uri.
 * @returns the link.
 * @example
 * ```ts
 * import { universalDeepLink } from 'portico/plugins/wallets'
 * universalDeepLink('https://rnbwapp.com', 'wc:abc@2') // 'https://rnbwapp.com/wc?uri=wc%3Aabc%402'
 * ```
 */
export function universalDeepLink(universal: string, wcUri: string): string {
  const base = universal.endsWith('/') ? universal : `${universal}/`
  return `${base}wc?uri=${encodeURIComponent(wcUri)}`
}

/**
 * The link that opens a wallet's app on a phone with a WalletConnect pairing. Universal links are
 * preferred where asked (they fall back to the web when the app is missing); the other kind is used
 * when the preferred one does not exist.
 * @param id - the wallet client type.
 * @param wcUri - the WalletConnect pairing uri (`wc:...@2?...`).
 * @param options - `preferUniversal` @defaultValue false
 * @returns the link, or null when the wallet is unknown or has no link.
 * @example
 * ```ts
 * import { deepLink } from 'portico/plugins/wallets'
 * deepLink('metamask', uri, { preferUniversal: true }) // 'https://metamask.app.link/wc?uri=...'
 * ```
 */
export function deepLink(id: string, wcUri: string, options: { preferUniversal?: boolean } = {}): string | null {
  const wallet = mobileWallet(id)
  if (!wallet) return null
  const universal = wallet.universal ? universalDeepLink(wallet.universal, wcUri) : null
  const native = wallet.native ? nativeDeepLink(wallet.native, wcUri) : null
  return options.preferUniversal ? (universal ?? native) : (native ?? universal)
}
