/** Which RPC endpoint a funding request is read on. */
import { describe, expect, it } from 'vitest'
import { fundingRpcUrl, solanaClusterRpcUrl, SOLANA_CLUSTER_RPC } from './index'

const sol = { name: 'Solana', symbol: 'SOL', decimals: 9 }
const chain = (id: string, url: string) => ({ id, name: id, rpcUrls: [url], nativeCurrency: sol })

describe('solanaClusterRpcUrl', () => {
  it("reads the app's own chain of the cluster: its RPC provider, or a local cluster posing as it", () => {
    const chains = [chain('solana:devnet', 'https://devnet.example'), chain('solana:mainnet-beta', 'https://rpc.example')]
    expect(solanaClusterRpcUrl(chains, 'mainnet-beta')).toBe('https://rpc.example')
    expect(solanaClusterRpcUrl(chains, 'devnet')).toBe('https://devnet.example')
  })

  it('never reads another public cluster in place of the one asked: devnet is not mainnet-beta', () => {
    expect(solanaClusterRpcUrl([chain('solana:devnet', 'https://devnet.example')], 'mainnet-beta')).toBe(SOLANA_CLUSTER_RPC['mainnet-beta'])
    expect(solanaClusterRpcUrl([chain('solana:mainnet-beta', 'https://rpc.example')], 'testnet')).toBe(SOLANA_CLUSTER_RPC.testnet)
  })

  it('reads a local cluster the app lists under a name of its own, before the public endpoint', () => {
    const chains = [chain('eip155:1', 'https://eth.example'), chain('solana:devnet', 'https://devnet.example'), chain('solana:localnet', 'http://127.0.0.1:8899')]
    expect(solanaClusterRpcUrl(chains, 'mainnet-beta')).toBe('http://127.0.0.1:8899')
  })

  it("answers null for a cluster that is neither the app's nor public", () => {
    expect(solanaClusterRpcUrl([], 'nowhere')).toBeNull()
  })
})

describe('fundingRpcUrl', () => {
  it("reads an EVM request on its chain's first RPC URL, and a Solana request on its cluster (mainnet-beta unless named)", () => {
    const anvil = { id: 'eip155:31337', name: 'Anvil', rpcUrls: ['http://127.0.0.1:8545'], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }
    const config = { supportedChains: [anvil, chain('solana:mainnet-beta', 'https://rpc.example'), chain('solana:devnet', 'https://devnet.example')] }
    expect(fundingRpcUrl({ chain: anvil, cluster: null }, config)).toBe('http://127.0.0.1:8545')
    expect(fundingRpcUrl({ chain: null, cluster: null }, config)).toBe('https://rpc.example')
    expect(fundingRpcUrl({ chain: null, cluster: { name: 'devnet' } }, config)).toBe('https://devnet.example')
    expect(fundingRpcUrl({ chain: null, cluster: { name: 'devnet' } }, null)).toBe(SOLANA_CLUSTER_RPC.devnet)
  })
})
