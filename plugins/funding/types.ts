/**
 * The funding contract: what a funding request holds, what a method tile declares, and what a
 * funding method's screens use to finish the flow.
 * @module
 */
import type { AppConfig, ChainConfig } from '../../kernel/config'
import type { MessageRef } from '../../kernel/messages'

/** The chain family of the wallet being funded (read from the address's form). */
export type FundingChainType = 'ethereum' | 'solana'

/** Solana clusters a funding request may name. */
export type SolanaClusterName = 'mainnet-beta' | 'devnet' | 'testnet'

/**
 * What to fund with: the chain's native currency, USDC, or an ERC-20 token by contract address
 * (EVM only).
 */
export type FundingAsset = 'native-currency' | 'USDC' | { erc20: `0x${string}` }

/** The options a host passes to `fundWallet(address, options)`. */
export interface FundWalletOptions {
  /**
   * EVM: CAIP-2 id of the chain to fund on (`eip155:8453`); must be one of the app's
   * `supportedChains`. Not allowed for a Solana address.
   * @defaultValue the app's `defaultChain`
   */
  chain?: string
  /** Solana: the cluster to fund on. Not allowed for an EVM address. @defaultValue { name: 'mainnet-beta' } */
  cluster?: { name: SolanaClusterName }
  /**
   * The suggested amount, in units of the asset (`'0.05'`): digits and at most one decimal point,
   * above 0. The user may change it where a method asks for an amount.
   * @defaultValue the funding plugin's `defaultAmount`, else none
   */
  amount?: string
  /** @defaultValue 'native-currency' */
  asset?: FundingAsset
}

/** A funding request, checked and completed: what every method tile and screen reads. */
export interface FundingRequest {
  /** The wallet to fund, as given (EVM addresses keep their checksum case). */
  address: string
  chainType: FundingChainType
  /** EVM: the chain, from the app's `supportedChains`; null for Solana. */
  chain: ChainConfig | null
  /** Solana: the cluster; null for EVM. */
  cluster: { name: SolanaClusterName } | null
  /**
   * The suggested amount (digits and at most one decimal point, above 0); null when neither the
   * call nor the funding plugin's `defaultAmount` names one (a method then asks for it).
   */
  amount: string | null
  asset: FundingAsset
  /** Whether a method may bridge from another chain (the app's `crossChainBridgingEnabled`). */
  crossChainBridgingEnabled: boolean
}

/**
 * A method tile on the selection screen 'Add funds to your … wallet', contributed by a funding
 * plugin through `fundingHooks(ctx).methods`. Tiles are data: the funding plugin draws them, keeps
 * those the app enabled and that say they are available for the request, and orders them.
 */
export interface FundingMethod {
  /** Unique among tiles (kebab-case); the id `fundWallet`'s result names. */
  id: string
  /**
   * The kind of method, matched against the funding plugin's `options`: `card`, `exchange`,
   * `wallets`, `payment-request`, or a kind of the plugin's own.
   */
  method: string
  /** The provider behind it (`moonpay`, `coinbase`...), matched against `options` when they name one. */
  provider?: string
  /** The tile's text: a message key (a plugin's own), a key with values, or a text as it is (`{ text }`). */
  label: MessageRef
  /** An SVG path (`M...`, drawn in a 24×24 box) or an image URL. */
  icon?: string
  /** Lower comes first; ties keep tap order. @defaultValue 100 */
  order?: number
  /** The screen the tile opens (`<plugin id>/<name>`, one of the contributing plugin's screens). */
  screen: string
  /** Params of that screen. */
  params?: Record<string, unknown>
  /**
   * Shows 'Confirm or edit amount' (the request's amount, editable) before the tile's screen; the
   * screen then reads the confirmed amount from `flow.request.amount`. @defaultValue false
   */
  confirmAmount?: boolean
  /**
   * Whether the method can fund this request (chain, asset, address, configuration): a card
   * provider supports some chains, a wallet transfer needs the asset's contract on the chain.
   * Unavailable tiles are left out. @defaultValue always available
   */
  available?: (request: FundingRequest, config: AppConfig) => boolean
}

/** How a funding flow ended. */
export type FundingStatus =
  /** The method reports the funds sent (a receipt, a completed purchase). */
  | 'completed'
  /** The method handed over (a purchase in the provider's hands, a transfer submitted) and cannot tell more. */
  | 'submitted'
  /** The user closed the modal before a method finished. */
  | 'exited'

/** What `fundWallet` resolves to. */
export interface FundingResult {
  status: FundingStatus
  /** The wallet funded. */
  address: string
  /** The tile's id of the method that finished, or the last one opened; null when none was. */
  method: string | null
  /** The request as the method finished it (its `amount` is what the user confirmed). */
  request: FundingRequest
  /** Method-specific details (a transaction hash, a provider's transaction id). */
  details?: Readonly<Record<string, unknown>>
}

/** What a funding method passes to {@link FundingFlow.complete}. */
export interface FundingOutcome {
  /** @defaultValue 'completed' */
  status?: Exclude<FundingStatus, 'exited'>
  /** The amount the user confirmed, when the method asked for one (digits and at most one decimal point). */
  amount?: string
  /** Method-specific details, passed on in the result. */
  details?: Readonly<Record<string, unknown>>
}

/**
 * The funding flow the modal is in, as a funding method's screens see it (`useFundingFlow()`,
 * `currentFunding(ctx)`): the request, and the two ways out of a method.
 */
export interface FundingFlow {
  readonly request: FundingRequest
  /** The tile's id of the method last opened, if any. */
  readonly method: string | null
  /**
   * Completes the flow: the method's screen shows its success for `FUNDING_SUCCESS_CLOSE_MS`, then
   * the flow's step ends (the modal closes, or returns to the screen the funding was opened from),
   * `fundWallet` resolves with the outcome and the `finished` hook is called. A second call is ignored.
   */
  complete(outcome?: FundingOutcome): void
  /**
   * Goes back to the method selection (a failed purchase): the method's step ends and the selection
   * shows the error's text, as the error registry words it.
   */
  showMethods(error?: unknown): void
}
