/**
 * Example params for each embedded-wallet screen, used by the plugin contract tests to render every
 * screen (and check it with axe) in light and dark.
 * @module
 */
const address = '0x5A0b54D5dc17e0AadC383d2db43B0a0D3E029c4c'

export const screenExamples: Record<string, Record<string, unknown>> = {
  create: { chains: ['ethereum'], initiator: 'user', isNewUser: true },
  created: { isNewUser: true },
  'recovery-select': { chains: ['ethereum'], initiator: 'automatic' },
  'automatic-recovery': { chains: ['ethereum'], initiator: 'automatic' },
  'why-secure': {},
  'password-create': { chains: ['ethereum'], initiator: 'automatic' },
  'password-update-splash': { update: true },
  'password-recovery': {},
  'cloud-recovery': { chains: ['ethereum'], initiator: 'user', provider: 'google-drive', mode: 'backup' },
  export: { address },
  import: { chainType: 'ethereum' },
  sign: {
    method: 'eth_signTypedData_v4',
    address,
    typedData: {
      domain: { name: 'Example Token', version: '1', chainId: 1, verifyingContract: address },
      types: { Permit: [{ name: 'owner', type: 'address' }, { name: 'spender', type: 'address' }, { name: 'value', type: 'uint256' }] },
      primaryType: 'Permit',
      message: { owner: address, spender: address, value: '1000000' },
    },
  },
}
