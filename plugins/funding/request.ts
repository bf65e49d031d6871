/**
 * Checks what a host passes to `fundWallet` and completes it into a {@link FundingRequest}: the
 * chain type from the address, the chain from the app's list, the amount and the asset.
 * @module
 */
import { PorticoError } from '../../kernel/errors'
import { format } from '../../kernel/messages'
import type { AppConfig } from '../../kernel/config'
import { fundingMessages } from './messages'
import type { FundingAsset, FundingChainType, FundWalletOptions, FundingRequest, SolanaClusterName } from './types'

const EVM_ADDRESS = /^0x[0-9a-fA-F]{40}$/
// Base58 without 0, O, I and l; a 32-byte public key is 32 to 44 characters.
const SOLANA_ADDRESS = /^[1-9A-HJ-NP-Za-km-z]{32,44}$/
const CAIP2_EVM = /^eip155:[1-9]\d*$/
const CLUSTERS: readonly SolanaClusterName[] = ['mainnet-beta', 'devnet', 'testnet']

/**
 * Whether a text is, or begins, a canonical amount: digits and at most one decimal point (the spec's
 * rule; an empty text and a lone '.' pass). A field the user types in checks with `acceptsDecimalInput`
 * of `portico/react` instead, which takes the locale's decimal sign and digits.
 * @param text - the field's text.
 * @returns true when the text may stay in the field.
 * @example
 * ```ts
 * import { acceptsAmountInput } from 'portico/plugins/funding'
 * acceptsAmountInput('0.5') // true
 * acceptsAmountInput('1.2.3') // false
 * ```
 */
export function acceptsAmountInput(text: string): boolean {
  return /^\d*\.?\d*$/.test(text)
}

/**
 * Whether an amount can be funded: an accepted input that parses to a number above 0 (the rule
 * that enables 'Continue').
 * @param text - the amount.
 * @returns true when the amount is above 0.
 * @example
 * ```ts
 * import { isFundableAmount } from 'portico/plugins/funding'
 * isFundableAmount('0.01') // true
 * isFundableAmount('0.') // false
 * ```
 */
export function isFundableAmount(text: string): boolean {
  return acceptsAmountInput(text) && /\d/.test(text) && Number(text) > 0
}

/**
 * The chain type of a wallet address, or null when it is neither an EVM nor a Solana address.
 * @param address - the address.
 * @returns `ethereum`, `solana` or null.
 * @example
 * ```ts
 * import { fundingChainType } from 'portico/plugins/funding'
 * fundingChainType('0x' + '1'.repeat(40)) // 'ethereum'
 * ```
 */
export function fundingChainType(address: unknown): FundingChainType | null {
  if (typeof address !== 'string') return null
  if (EVM_ADDRESS.test(address)) return 'ethereum'
  if (SOLANA_ADDRESS.test(address)) return 'solana'
  return null
}

function invalid(details: string): PorticoError {
  return new PorticoError(fundingMessages.FUNDING_INVALID_DATA, { code: 'FUNDING_INVALID_DATA', details })
}

function checkAsset(asset: unknown, chainType: FundingChainType): FundingAsset {
  if (asset === undefined) return 'native-currency'
  if (asset === 'native-currency' || asset === 'USDC') return asset
  const erc20 = (asset as { erc20?: unknown } | null)?.erc20
  if (chainType === 'ethereum' && typeof erc20 === 'string' && EVM_ADDRESS.test(erc20)) return { erc20: erc20 as `0x${string}` }
  throw invalid(`asset must be 'native-currency', 'USDC' or { erc20: address } (EVM only), not ${JSON.stringify(asset)}`)
}

function checkAmount(amount: unknown, fallback: string | null): string | null {
  if (amount === undefined) return fallback
  if (typeof amount === 'string' && isFundableAmount(amount)) return amount
  throw invalid(`amount must be a decimal string above 0 (digits and at most one decimal point), not ${JSON.stringify(amount)}`)
}

/** What the app's funding configuration adds to a request the host's call leaves open. */
export interface FundingRequestDefaults {
  /** The chain (CAIP-2) and asset when the call names no chain or cluster (on the address's chain family). */
  defaultCurrency?: { chain: string; asset: 'native-currency' | 'USDC' } | null
  /** @defaultValue false */
  crossChainBridgingEnabled?: boolean
}

/**
 * Checks a host's funding call against the app configuration and completes it.
 * @param address - the wallet to fund (EVM or Solana).
 * @param options - chain or cluster, amount, asset.
 * @param config - the app configuration (its `supportedChains` and `defaultChain`).
 * @param defaultAmount - the amount when the call names none (the funding plugin's option), or null.
 * @param defaults - the app's default currency and bridging switch.
 * @returns the request.
 * @throws PorticoError `FUNDING_INVALID_DATA` ('Invalid funding data') for a malformed address,
 *   chain, cluster, amount or asset; `FUNDING_CHAIN_NOT_CONFIGURED` ('Funding chain {id} is not in
 *   PrivyProvider chains list') for a chain the app does not list.
 * @example
 * ```ts
 * import { buildFundingRequest } from 'portico/plugins/funding'
 * const request = buildFundingRequest(address, { chain: 'eip155:8453', amount: '0.05' }, kernel.state.config!, null)
 * ```
 */
export function buildFundingRequest(
  address: string,
  options: FundWalletOptions,
  config: Pick<AppConfig, 'supportedChains' | 'defaultChain'>,
  defaultAmount: string | null,
  defaults: FundingRequestDefaults = {},
): FundingRequest {
  const chainType = fundingChainType(address)
  if (!chainType) throw invalid(`${JSON.stringify(address)} is neither an EVM nor a Solana address`)
  const opts: FundWalletOptions = options ?? {}
  const currency = defaults.defaultCurrency ?? null
  // The app's default currency applies on its own chain family, when the call names no chain or cluster.
  const defaultOnChain = currency && (chainType === 'solana' ? currency.chain.startsWith('solana:') : currency.chain.startsWith('eip155:'))
  const named = opts.chain !== undefined || opts.cluster !== undefined
  const asset = checkAsset(opts.asset ?? (defaultOnChain && !named ? currency.asset : undefined), chainType)
  const crossChainBridgingEnabled = defaults.crossChainBridgingEnabled ?? false
  const amount = checkAmount(opts.amount, defaultAmount)
  if (chainType === 'solana') {
    if (opts.chain !== undefined) throw invalid('a Solana address takes a cluster, not a chain')
    const name = opts.cluster?.name ?? (defaultOnChain ? (currency.chain.slice('solana:'.length) as SolanaClusterName) : 'mainnet-beta')
    if (!CLUSTERS.includes(name)) throw invalid(`unknown Solana cluster ${JSON.stringify(name)}`)
    return { address, chainType, chain: null, cluster: { name }, amount, asset, crossChainBridgingEnabled }
  }
  if (opts.cluster !== undefined) throw invalid('an EVM address takes a chain, not a cluster')
  const id = opts.chain ?? (defaultOnChain ? currency.chain : config.defaultChain)
  if (id !== null && (typeof id !== 'string' || !CAIP2_EVM.test(id))) {
    throw invalid(`chain must be a CAIP-2 id (eip155:{number}), not ${JSON.stringify(id)}`)
  }
  const chain = config.supportedChains.find((c) => c.id === id)
  if (!chain) {
    throw new PorticoError(format(fundingMessages.FUNDING_CHAIN_NOT_CONFIGURED, { id: String(id) }), {
      code: 'FUNDING_CHAIN_NOT_CONFIGURED',
    })
  }
  return { address, chainType, chain, cluster: null, amount, asset, crossChainBridgingEnabled }
}
