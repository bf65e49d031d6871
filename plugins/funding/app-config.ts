/**
 * The app's funding configuration: the server's `funding_config` (the contract names the field
 * and leaves its shape open; its fields follow the spec's `fundingConfig`) merged with the funding
 * plugin's options, which win where the host gives them.
 * @module
 */
import * as v from 'valibot'
import type { AppConfig } from '../../kernel/config'

const Amount = v.pipe(v.string(), v.regex(/^\d*\.?\d*$/), v.check((s) => /\d/.test(s) && Number(s) > 0))
const Option = v.object({ method: v.pipe(v.string(), v.minLength(1), v.maxLength(64)), provider: v.optional(v.pipe(v.string(), v.minLength(1), v.maxLength(64))) })

/**
 * The wire form of `funding_config` in the app response (snake_case, as every field of it).
 * `options`: the methods the app offers; `default_recommended_amount` and
 * `default_recommended_currency` (`{ chain, asset }`): what a request names when the host's call
 * does not; `cross_chain_bridging_enabled`; `prompt_funding_on_wallet_creation`.
 */
export const FundingConfigWire = v.object({
  options: v.optional(v.pipe(v.array(Option), v.maxLength(32))),
  default_recommended_amount: v.optional(v.nullable(Amount)),
  default_recommended_currency: v.optional(
    v.nullable(v.object({ chain: v.pipe(v.string(), v.regex(/^(eip155:[1-9]\d*|solana:[a-z-]+)$/)), asset: v.optional(v.picklist(['native-currency', 'USDC'])) })),
  ),
  cross_chain_bridging_enabled: v.optional(v.boolean()),
  prompt_funding_on_wallet_creation: v.optional(v.boolean()),
})

/** `funding_config` of the app response, as {@link FundingConfigWire} checks it. */
export type FundingConfigResponse = v.InferOutput<typeof FundingConfigWire>

/** An option of the funding plugin: a kind of method, optionally from one provider. */
export interface FundingOption {
  /** `card`, `exchange`, `wallets`, `payment-request`, or a funding plugin's own kind. */
  method: string
  /** Only this provider's tiles of that kind (`moonpay`, `coinbase`); any provider when left out. */
  provider?: string
}

/** The funding configuration a request is built with (the spec's `fundingConfig`). */
export interface FundingConfig {
  /** The methods offered; undefined offers every registered one, an empty list none. */
  options: readonly FundingOption[] | undefined
  /** The amount a request suggests when the call names none. */
  defaultRecommendedAmount: string | null
  /** The chain (CAIP-2) and asset a request funds when the call names none. */
  defaultRecommendedCurrency: { chain: string; asset: 'native-currency' | 'USDC' } | null
  /** Whether a method may bridge from another chain (the bridge plugin reads it). */
  crossChainBridgingEnabled: boolean
  /** Whether funding is offered right after an embedded wallet is created. */
  promptFundingOnWalletCreation: boolean
}

/** What the host passes to `funding()` that overrides the server's configuration. */
export interface FundingConfigOverrides {
  options?: readonly FundingOption[]
  defaultAmount?: string
  defaultCurrency?: { chain: string; asset?: 'native-currency' | 'USDC' }
  crossChainBridgingEnabled?: boolean
  promptFundingOnWalletCreation?: boolean
}

/**
 * The app's funding configuration: the host's options where given, else the server's
 * `funding_config`; a malformed `funding_config` counts as absent.
 * @param config - the app configuration (null before it loads).
 * @param overrides - the funding plugin's options.
 * @returns the configuration.
 * @example
 * ```ts
 * import { fundingConfigOf } from 'portico/plugins/funding'
 * fundingConfigOf(ctx.config(), {}).crossChainBridgingEnabled
 * ```
 */
export function fundingConfigOf(config: AppConfig | null, overrides: FundingConfigOverrides): FundingConfig {
  const parsed = v.safeParse(FundingConfigWire, config?.server.funding_config)
  const wire: FundingConfigResponse = parsed.success ? parsed.output : {}
  const currency = overrides.defaultCurrency ?? wire.default_recommended_currency ?? null
  return {
    options: overrides.options ?? wire.options,
    defaultRecommendedAmount: overrides.defaultAmount ?? wire.default_recommended_amount ?? null,
    defaultRecommendedCurrency: currency ? { chain: currency.chain, asset: currency.asset ?? 'native-currency' } : null,
    crossChainBridgingEnabled: overrides.crossChainBridgingEnabled ?? wire.cross_chain_bridging_enabled ?? false,
    promptFundingOnWalletCreation: overrides.promptFundingOnWalletCreation ?? wire.prompt_funding_on_wallet_creation ?? false,
  }
}
