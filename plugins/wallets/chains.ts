/**
 * The chains wallets may use: the default list, and the check of the host's chain settings that
 * fills `supportedChains` and `defaultChain` of the app configuration.
 * @module
 */
import type { ChainConfig, ClientConfig } from '../../kernel/config'
import { PorticoError } from '../../kernel/errors'

const ether = { name: 'Ether', symbol: 'ETH', decimals: 18 } as const

/**
 * Chains wallets may use when the host lists none: Ethereum and its main test network, and the
 * most used rollups.
 * @example
 * ```ts
 * import { DEFAULT_SUPPORTED_CHAINS } from 'portico/plugins/wallets'
 * DEFAULT_SUPPORTED_CHAINS[0].id // 'eip155:1'
 * ```
 */
export const DEFAULT_SUPPORTED_CHAINS: readonly ChainConfig[] = Object.freeze([
  { id: 'eip155:1', name: 'Ethereum', rpcUrls: ['https://cloudflare-eth.com'], nativeCurrency: ether, blockExplorerUrls: ['https://etherscan.io'] },
  { id: 'eip155:11155111', name: 'Sepolia', rpcUrls: ['https://rpc.sepolia.org'], nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 }, blockExplorerUrls: ['https://sepolia.etherscan.io'], testnet: true },
  { id: 'eip155:8453', name: 'Base', rpcUrls: ['https://mainnet.base.org'], nativeCurrency: ether, blockExplorerUrls: ['https://basescan.org'] },
  { id: 'eip155:84532', name: 'Base Sepolia', rpcUrls: ['https://sepolia.base.org'], nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 }, blockExplorerUrls: ['https://sepolia.basescan.org'], testnet: true },
  { id: 'eip155:10', name: 'OP Mainnet', rpcUrls: ['https://mainnet.optimism.io'], nativeCurrency: ether, blockExplorerUrls: ['https://optimistic.etherscan.io'] },
  { id: 'eip155:42161', name: 'Arbitrum One', rpcUrls: ['https://arb1.arbitrum.io/rpc'], nativeCurrency: ether, blockExplorerUrls: ['https://arbiscan.io'] },
  { id: 'eip155:137', name: 'Polygon', rpcUrls: ['https://polygon-rpc.com'], nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 }, blockExplorerUrls: ['https://polygonscan.com'] },
])

/** The chain wallets start on when the host names none (the spec's `0x1`). */
export const DEFAULT_CHAIN = 'eip155:1'

const CAIP2 = /^[-a-z0-9]{3,8}:[-_a-zA-Z0-9]{1,32}$/

/**
 * Checks the host's chain settings and fills the defaults.
 * @param client - the host's client configuration.
 * @returns the supported chains and the default chain.
 * @throws `invalid_app_config` when an id is not CAIP-2, is listed twice, or the default chain is not supported.
 * @example
 * ```ts
 * import { resolveChains } from 'portico/plugins/wallets'
 * resolveChains({}).defaultChain // 'eip155:1'
 * ```
 */
export function resolveChains(client: ClientConfig = {}): { supportedChains: readonly ChainConfig[]; defaultChain: string } {
  const supportedChains = client.supportedChains?.length ? client.supportedChains : DEFAULT_SUPPORTED_CHAINS
  const seen = new Set<string>()
  for (const c of supportedChains) {
    if (!CAIP2.test(c.id)) {
      throw new PorticoError(`Chain id "${c.id}" is not a CAIP-2 id such as eip155:1`, { code: 'invalid_app_config' })
    }
    if (seen.has(c.id)) throw new PorticoError(`Chain "${c.id}" is listed twice in supportedChains`, { code: 'invalid_app_config' })
    seen.add(c.id)
  }
  // A host that lists its own chains starts on the first of them unless it says otherwise.
  const defaultChain = client.defaultChain ?? (client.supportedChains?.length ? supportedChains[0]!.id : DEFAULT_CHAIN)
  if (!seen.has(defaultChain)) {
    throw new PorticoError(`defaultChain "${defaultChain}" is not one of supportedChains`, { code: 'invalid_app_config' })
  }
  return { supportedChains, defaultChain }
}
