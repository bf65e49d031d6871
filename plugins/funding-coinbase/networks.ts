/**
 * The chains Coinbase Onramp funds (spec §9: Ethereum, Base, Optimism, Polygon; Arbitrum appears in
 * the mapping; and Solana's mainnet-beta, Coinbase's `solana` network) by Coinbase's network names,
 * and the assets it sells there.
 * @module
 */
import type { FundingRequest } from '../funding'

/**
 * Coinbase network names by chain key (CAIP-2 for EVM, `solana:<cluster>` for Solana): the chains
 * the Coinbase tiles are offered on. Arbitrum is mapped (a host may add it through `networks`) but
 * not offered by default, as the spec has it. Solana's mainnet-beta is Coinbase's `solana` network
 * (SOL and USDC); its devnet and testnet are not sold.
 */
export const COINBASE_NETWORKS: Readonly<Record<string, string>> = {
  'eip155:1': 'ethereum',
  'eip155:8453': 'base',
  'eip155:10': 'optimism',
  'eip155:137': 'polygon',
  'solana:mainnet-beta': 'solana',
}

/** Arbitrum's network name, for hosts that offer it (`networks: { 'eip155:42161': COINBASE_ARBITRUM }`). */
export const COINBASE_ARBITRUM = 'arbitrum'

/**
 * What Coinbase sells for a request: its network and asset symbol, or null when the chain is not
 * funded or the asset is another token.
 * @param request - the funding request.
 * @param networks - network names by chain key.
 * @returns the network and asset, or null.
 * @example
 * ```ts
 * coinbasePurchaseOf(request, COINBASE_NETWORKS) // { network: 'base', asset: 'ETH' }
 * ```
 */
export function coinbasePurchaseOf(request: FundingRequest, networks: Readonly<Record<string, string>>): { network: string; asset: string } | null {
  const key = request.chainType === 'solana' ? `solana:${request.cluster?.name ?? 'mainnet-beta'}` : (request.chain?.id ?? '')
  const network = networks[key]
  if (!network) return null
  if (request.asset === 'USDC') return { network, asset: 'USDC' }
  if (request.asset !== 'native-currency') return null
  const asset = request.chainType === 'solana' ? 'SOL' : network === 'polygon' ? 'POL' : (request.chain?.nativeCurrency.symbol ?? 'ETH')
  return { network, asset }
}
