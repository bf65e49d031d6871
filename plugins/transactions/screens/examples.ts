/**
 * Example params for each transaction screen, used by the plugin contract tests to render every
 * screen (and check it with axe) in light and dark.
 * @module
 */
const address = '0x5A0b54D5dc17e0AadC383d2db43B0a0D3E029c4c'

export const screenExamples: Record<string, Record<string, unknown>> = {
  review: {
    address,
    chainId: 8453,
    chain: { name: 'Base', symbol: 'ETH', decimals: 18 },
    transaction: { to: '0x70997970C51812dc3A010C7d01b50e0d17dc79C8', value: '0x38d7ea4c68000', gas: '0x5208', maxFeePerGas: '0x3b9aca00', nonce: '0x0' },
    preparationFailed: false,
    extendedCalldataDecoding: false,
  },
}
