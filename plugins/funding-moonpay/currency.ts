/**
 * MoonPay's currency codes per chain, for the chain's native currency and for USDC. A request whose
 * chain and asset have no code is not offered the MoonPay tile.
 * @module
 */
import type { FundingRequest } from '../funding'

/** The codes of one chain: its native currency and, where MoonPay sells it, USDC. */
export interface MoonpayChainCurrencies {
  native: string
  USDC?: string
}

/**
 * MoonPay's codes by chain key (a CAIP-2 id for EVM chains, `solana:<cluster>` for Solana).
 * Testnets have none: MoonPay's sandbox sells the mainnet codes with test payments, so an app that
 * funds a testnet in the sandbox lists its codes in `currencyCodes`.
 */
export const MOONPAY_CURRENCY_CODES: Readonly<Record<string, MoonpayChainCurrencies>> = {
  'eip155:1': { native: 'eth', USDC: 'usdc' },
  'eip155:8453': { native: 'eth_base', USDC: 'usdc_base' },
  'eip155:10': { native: 'eth_optimism', USDC: 'usdc_optimism' },
  'eip155:137': { native: 'pol_polygon', USDC: 'usdc_polygon' },
  'eip155:42161': { native: 'eth_arbitrum', USDC: 'usdc_arbitrum' },
  'solana:mainnet-beta': { native: 'sol', USDC: 'usdc_sol' },
}

/**
 * The key a request's chain is looked up by.
 * @param request - the funding request.
 * @returns `eip155:<id>` or `solana:<cluster>`.
 * @example
 * ```ts
 * fundingChainKey(request) // 'eip155:8453'
 * ```
 */
export function fundingChainKey(request: FundingRequest): string {
  return request.chainType === 'solana' ? `solana:${request.cluster?.name ?? 'mainnet-beta'}` : (request.chain?.id ?? '')
}

/**
 * MoonPay's currency code for a request's chain and asset, or null when MoonPay does not sell it
 * (another ERC-20 token, a chain without a code).
 * @param request - the funding request.
 * @param table - the codes by chain key.
 * @returns the code, or null.
 * @example
 * ```ts
 * moonpayCurrencyCode(request, MOONPAY_CURRENCY_CODES) // 'usdc_base'
 * ```
 */
export function moonpayCurrencyCode(request: FundingRequest, table: Readonly<Record<string, MoonpayChainCurrencies>>): string | null {
  const codes = table[fundingChainKey(request)]
  if (!codes) return null
  if (request.asset === 'native-currency') return codes.native
  if (request.asset === 'USDC') return codes.USDC ?? null
  return null
}
