/** The client's view of the app's smart-wallet configuration, and the sponsored paymaster context. */
import { describe, expect, it } from 'vitest'
import { networksOf, sponsoredContext } from './config'

describe('smart wallet configuration on the client', () => {
  it('default: smart wallets off, or no configuration at all, give no networks', () => {
    expect(networksOf({ enabled: false }, () => 'http://rpc')).toEqual([])
    expect(networksOf(undefined, () => 'http://rpc')).toEqual([])
  })

  it("behavior: a network takes its own RPC URL, else the app's for the chain, and is left out without either", () => {
    const config = {
      enabled: true as const,
      smart_wallet_type: 'safe' as const,
      configured_networks: [
        { chain_id: 'eip155:8453', bundler_url: 'https://b/8453', rpc_url: 'https://own/8453', paymaster_url: 'https://p/8453', paymaster_context: { policy: 'x' } },
        { chain_id: 'eip155:10', bundler_url: 'https://b/10' },
        { chain_id: 'eip155:1', bundler_url: 'https://b/1' },
      ],
    }
    expect(networksOf(config, (id) => (id === 10 ? 'https://app/10' : undefined))).toEqual([
      { chainId: 8453, bundlerUrl: 'https://b/8453', rpcUrl: 'https://own/8453', paymasterUrl: 'https://p/8453', paymasterContext: { policy: 'x' } },
      { chainId: 10, bundlerUrl: 'https://b/10', rpcUrl: 'https://app/10' },
    ])
  })

  it("behavior: the sponsored defaults come first and the app's paymaster context overrides them", () => {
    expect(sponsoredContext()).toEqual({ mode: 'SPONSORED', expiryDuration: 300, calculateGasLimits: true })
    expect(sponsoredContext({ expiryDuration: 60, sponsorshipPolicyId: 'sp' })).toEqual({ mode: 'SPONSORED', expiryDuration: 60, calculateGasLimits: true, sponsorshipPolicyId: 'sp' })
  })
})
