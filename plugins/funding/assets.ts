/**
 * What the funding methods know of the assets they move: USDC's decimals and its contract on
 * each chain, and the units of an amount.
 * @module
 */
import type { FundingRequest } from './types'

/** USDC has 6 decimals on every chain. */
export const USDC_DECIMALS = 6

/**
 * Circle's USDC contracts on the chains of the wallets plugin's default list, and its USDC mints on
 * Solana's mainnet-beta and devnet (CAIP-2 id, `solana:{cluster}` for Solana → address), as Circle
 * publishes them. A chain without an entry cannot be funded in USDC by a wallet transfer; an app adds
 * or replaces entries with the funding plugin's `usdcAddresses` option.
 */
export const USDC_ADDRESSES: Readonly<Record<string, string>> = {
  'eip155:1': '0xA0b86991c6218b36c1d19D4a2e9Eb0cE3606eB48',
  'eip155:10': '0x0b2C639c533813f4Aa9D7837CAf62653d097Ff85',
  'eip155:137': '0x3c499c542cEF5E3811e1192ce70d8cC03d5c3359',
  'eip155:8453': '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913',
  'eip155:42161': '0xaf88d065e77c8cC2239327C5EDb3A432268e5831',
  'eip155:11155111': '0x1c7D4B196Cb0C7B01d743Fbc6116a902379C7238',
  'eip155:84532': '0x036CbD53842c5426634e7929541eC2318f3dCF7e',
  'solana:mainnet-beta': 'EPjFWdd5AufqSSqeM2qN1xzybapC8G4wEGGkZwyTDt1v',
  'solana:devnet': '4zMMC9srt5Ri5X14GAgXhaHii3GnPAEERYPJgZJDncDU',
}

/**
 * The CAIP-2 id a request funds on: its EVM chain, or `solana:{cluster}`.
 * @param request - the request.
 * @returns the id.
 * @example
 * ```ts
 * import { fundingChainId } from 'portico/plugins/funding'
 * fundingChainId(flow.request) // 'eip155:8453' or 'solana:mainnet-beta'
 * ```
 */
export function fundingChainId(request: Pick<FundingRequest, 'chain' | 'cluster'>): string {
  return request.chain?.id ?? `solana:${request.cluster?.name ?? 'mainnet-beta'}`
}

/**
 * Converts a decimal amount (digits and at most one decimal point) to the asset's smallest units.
 * @param amount - the amount ('0.05').
 * @param decimals - the asset's decimals (18 for ether, 9 for SOL, 6 for USDC).
 * @returns the units; digits beyond `decimals` are cut.
 * @example
 * ```ts
 * import { toUnits } from 'portico/plugins/funding'
 * toUnits('1.5', 6) // 1500000n
 * ```
 */
export function toUnits(amount: string, decimals: number): bigint {
  const [whole = '', fraction = ''] = amount.split('.')
  return BigInt((whole || '0') + fraction.slice(0, decimals).padEnd(decimals, '0'))
}

/**
 * Formats units of an asset as a decimal amount, without trailing zeros.
 * @param units - the units.
 * @param decimals - the asset's decimals.
 * @returns the amount ('0.05').
 * @example
 * ```ts
 * import { fromUnits } from 'portico/plugins/funding'
 * fromUnits(1500000n, 6) // '1.5'
 * ```
 */
export function fromUnits(units: bigint, decimals: number): string {
  const text = units.toString().padStart(decimals + 1, '0')
  const whole = text.slice(0, text.length - decimals)
  const fraction = text.slice(text.length - decimals).replace(/0+$/, '')
  return fraction ? `${whole}.${fraction}` : whole
}

/**
 * The symbol of what a request funds: the chain's native currency (SOL on Solana), `USDC`, or
 * null for another ERC-20 token (its symbol is on the chain).
 * @param request - the request.
 * @returns the symbol, or null.
 * @example
 * ```ts
 * import { assetSymbol } from 'portico/plugins/funding'
 * assetSymbol(flow.request) // 'ETH'
 * ```
 */
export function assetSymbol(request: Pick<FundingRequest, 'asset' | 'chain' | 'chainType'>): string | null {
  if (request.asset === 'USDC') return 'USDC'
  if (request.asset !== 'native-currency') return null
  return request.chainType === 'solana' ? 'SOL' : (request.chain?.nativeCurrency.symbol ?? null)
}
