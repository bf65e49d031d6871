/**
 * The funding plugin, server half: the app's funding configuration (the `funding` setting), sent
 * to the widget as the app response's `funding_config`. Provider plugins (card, exchange) keep
 * their own settings and routes.
 * @module
 */
import * as v from 'valibot'
import { defineServerPlugin, defineSetting, readSetting } from '../../server'
import type { FundingConfigResponse } from './app-config'

/** The app's funding configuration, as an admin sets it (the spec's `fundingConfig`). */
export interface FundingSettings {
  /** The methods offered (`{ method, provider? }`); null offers every method the page registers. */
  options: { method: string; provider?: string }[] | null
  /** The amount a request suggests when the host's call names none. */
  defaultRecommendedAmount: string | null
  /** The chain (CAIP-2) and asset a request funds when the host's call names none. */
  defaultRecommendedCurrency: { chain: string; asset: 'native-currency' | 'USDC' } | null
  crossChainBridgingEnabled: boolean
  promptFundingOnWalletCreation: boolean
}

const Name = v.pipe(v.string(), v.regex(/^[a-z0-9-]{1,64}$/, 'A method or provider is lowercase letters, digits and dashes.'))
const Amount = v.pipe(v.string(), v.regex(/^\d*\.?\d*$/, 'Digits and at most one decimal point.'), v.check((s) => /\d/.test(s) && Number(s) > 0, 'An amount above 0.'))

/**
 * The `funding` setting. Merged field by field, so a change may name only what it changes.
 * @example
 * ```ts
 * import { readSetting } from 'portico/server'
 * import { fundingSetting } from 'portico/plugins/funding/server'
 * readSetting(app, fundingSetting).defaultRecommendedAmount
 * ```
 */
export const fundingSetting = defineSetting<FundingSettings>({
  key: 'funding',
  schema: v.partial(
    v.strictObject({
      options: v.nullable(v.pipe(v.array(v.strictObject({ method: Name, provider: v.optional(Name) })), v.maxLength(32))),
      defaultRecommendedAmount: v.nullable(Amount),
      defaultRecommendedCurrency: v.nullable(
        v.strictObject({
          chain: v.pipe(v.string(), v.regex(/^(eip155:[1-9]\d{0,15}|solana:(mainnet-beta|devnet|testnet))$/, 'A CAIP-2 chain id.')),
          asset: v.picklist(['native-currency', 'USDC']),
        }),
      ),
      crossChainBridgingEnabled: v.boolean(),
      promptFundingOnWalletCreation: v.boolean(),
    }),
  ),
  default: { options: null, defaultRecommendedAmount: null, defaultRecommendedCurrency: null, crossChainBridgingEnabled: false, promptFundingOnWalletCreation: false },
  update: 'merge',
})

/**
 * The app response's `funding_config` for a setting.
 * @param s - the setting's value.
 * @returns the wire form (fields left out when unset).
 */
function fundingConfigResponse(s: FundingSettings): FundingConfigResponse {
  return {
    ...(s.options ? { options: s.options } : {}),
    default_recommended_amount: s.defaultRecommendedAmount,
    default_recommended_currency: s.defaultRecommendedCurrency,
    cross_chain_bridging_enabled: s.crossChainBridgingEnabled,
    prompt_funding_on_wallet_creation: s.promptFundingOnWalletCreation,
  }
}

/**
 * The funding plugin's server half: declares the `funding` setting and answers it in the app
 * response as `funding_config`.
 * @returns the server plugin.
 * @example
 * ```ts
 * import { createServer } from 'portico/server'
 * import { emailServer } from 'portico/plugins/email/server'
 * import { fundingServer } from 'portico/plugins/funding/server'
 * createServer({ db, plugins: [emailServer(), fundingServer()] })
 * ```
 */
export const fundingServer = () =>
  defineServerPlugin({
    id: 'funding',
    routes: {},
    schemas: {},
    settings: [fundingSetting],
    handlers: {},
    appResponse: (app) => ({ funding_config: fundingConfigResponse(readSetting(app, fundingSetting)) }),
  })
