import { describe, expect, it } from 'vitest'
import { DEFAULT_SUPPORTED_CHAINS, resolveChains } from './chains'

const base = { id: 'eip155:8453', name: 'Base', rpcUrls: ['https://mainnet.base.org'], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }

describe('chain settings', () => {
  it('default: the default chain list and eip155:1', () => {
    const c = resolveChains({})
    expect(c.defaultChain).toBe('eip155:1')
    expect(c.supportedChains).toBe(DEFAULT_SUPPORTED_CHAINS)
    expect(c.supportedChains.map((x) => x.id)).toContain('eip155:1')
  })

  it("behavior: the host's list is kept; without a defaultChain its first chain is the default", () => {
    const c = resolveChains({ supportedChains: [base] })
    expect(c.supportedChains).toEqual([base])
    expect(c.defaultChain).toBe('eip155:8453')
  })

  it('behavior: a default chain outside the list, a non-CAIP-2 id or a repeated id is a config error', () => {
    expect(() => resolveChains({ supportedChains: [base], defaultChain: 'eip155:1' })).toThrow(/not one of supportedChains/)
    expect(() => resolveChains({ supportedChains: [{ ...base, id: '8453' }] })).toThrow(/CAIP-2/)
    expect(() => resolveChains({ supportedChains: [base, base] })).toThrow(/twice/)
  })
})
