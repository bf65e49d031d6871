/**
 * App configuration: the server's `GET /api/v1/apps/:id` merged with the host's client config.
 * @module
 */
import type { AppResponse } from './wire'

/** Landing layouts of the login list. */
export type LandingMode = 'default' | 'overflow-web2' | 'overflow-web3'

/** Appearance options a host app may pass. */
export interface AppearanceConfig {
  /** Logo URL (drawn at most 90 px high by 180 px wide). Defaults to the server's `logo_url`. */
  logo?: string
  /** Header of the landing screen. */
  landingHeader?: string
  /** A line under the header. */
  loginMessage?: string
  /** Which group leads when both are shown. @defaultValue 'web2' */
  loginGroupPriority?: 'web2' | 'web3'
  /** Hide email and phone inputs on the landing screen; show buttons instead. */
  hideDirectWeb2Inputs?: boolean
  /** Colour scheme. Defaults to the server's `theme`. */
  theme?: 'light' | 'dark'
  /** Accent colour as a CSS colour. Defaults to the server's `accent_color`. */
  accentColor?: string
  /**
   * Corner radius of controls (buttons, fields, tiles) as a CSS length; the modal's corners follow it
   * (5/3 of it). @defaultValue '12px'
   */
  radius?: string
  /** Font stack of the modal, as a CSS `font-family` value. @defaultValue the system UI font */
  fontFamily?: string
  /** Wallet list entries (wallet plugins). */
  walletList?: readonly string[]
  /** Which wallet chains are listed. @defaultValue 'ethereum-only' */
  walletChainType?: 'ethereum-only' | 'solana-only' | 'ethereum-and-solana'
  /** Landing layout. @defaultValue 'default' */
  landingMode?: LandingMode
}

/** A chain the app supports, as a host lists it (also what a wallet needs to add it). */
export interface ChainConfig {
  /** CAIP-2 id: `eip155:{number}` for EVM chains. */
  id: string
  name: string
  rpcUrls: readonly string[]
  nativeCurrency: { name: string; symbol: string; decimals: number }
  blockExplorerUrls?: readonly string[]
  /** Whether the chain is a testnet (services with a testnet variant, such as a swap quote, use it). */
  testnet?: boolean
}

/** The host app's client-side configuration. */
export interface ClientConfig {
  /** Overrides the app's display name. */
  name?: string
  appearance?: AppearanceConfig
  /** Login methods in order; only those enabled on the server and backed by a plugin are shown. */
  loginMethods?: readonly string[]
  /** Explicit primary and overflow lists; takes precedence over `loginMethods`. */
  loginMethodsAndOrder?: { primary: readonly string[]; overflow?: readonly string[] }
  legal?: { termsAndConditionsUrl?: string; privacyPolicyUrl?: string; requireUsersAcceptTerms?: boolean }
  intl?: { defaultCountry?: string }
  externalWallets?: { walletConnect?: { enabled?: boolean } }
  /**
   * Chains wallets may be switched to; a switch to any other is refused. Checked by the wallets
   * plugin (`portico/plugins/wallets`), which fills its default list when none is given.
   * @defaultValue the wallets plugin's `DEFAULT_SUPPORTED_CHAINS` (Ethereum, Sepolia, Base, Base Sepolia, Optimism, Arbitrum, Polygon)
   */
  supportedChains?: readonly ChainConfig[]
  /**
   * CAIP-2 id of the chain wallets start on; must be one of `supportedChains`.
   * @defaultValue the first of `supportedChains` when the host lists them, else 'eip155:1' (the wallets plugin's)
   */
  defaultChain?: string
}

/** The configuration screens read: server values with the host's overrides applied. */
export interface AppConfig {
  /** The raw server configuration. */
  server: AppResponse
  appId: string
  name: string
  appearance: Required<Pick<AppearanceConfig, 'theme' | 'loginGroupPriority' | 'hideDirectWeb2Inputs' | 'walletChainType' | 'landingMode'>> &
    Omit<AppearanceConfig, 'theme' | 'loginGroupPriority' | 'hideDirectWeb2Inputs' | 'walletChainType' | 'landingMode'> & {
      accentColor: string
    }
  /** Login-method ids in display order, after intersecting with the server switches. */
  loginMethods: string[]
  /** Overflow methods (shown behind 'More options'). */
  overflowMethods: string[]
  legal: { termsAndConditionsUrl: string | null; privacyPolicyUrl: string | null; requireUsersAcceptTerms: boolean }
  intl: { defaultCountry: string }
  /** The chains wallets may use: the host's list, else the wallets plugin's default list (empty without it). */
  supportedChains: readonly ChainConfig[]
  /** CAIP-2 id of the chain wallets start on; null when no chain is listed and no wallet plugin fills one. */
  defaultChain: string | null
}
