/**
 * What the sign request shows for each frame request: the message of `personal_sign`, the typed data
 * of `eth_signTypedData_v4`, a Solana message's text; transactions have their own screens.
 */
import { describe, expect, it } from 'vitest'
import { signRequestParams } from './steps'
import type { EmbeddedWalletInfo } from './service'

const wallet: EmbeddedWalletInfo = { address: '0x71C7656EC7ab88b098defB751B7401B5f6d8976F', chainType: 'ethereum', walletIndex: 0, imported: false, recoveryMethod: 'privy' }

describe('sign request params', () => {
  it('shows the message of personal_sign and the typed data of eth_signTypedData_v4, for the signing wallet', () => {
    expect(signRequestParams(wallet, { method: 'personal_sign', params: ['0x6869', wallet.address] })).toEqual({ method: 'personal_sign', message: '0x6869', address: wallet.address })
    const typed = { primaryType: 'Mail', message: { to: 'Bob' } }
    expect(signRequestParams(wallet, { method: 'eth_signTypedData_v4', params: [wallet.address, typed] })).toEqual({ method: 'eth_signTypedData_v4', typedData: typed, address: wallet.address })
  })

  it("shows a Solana message's UTF-8 text, not the base64 the frame signs", () => {
    const b64 = btoa(String.fromCharCode(...new TextEncoder().encode('Grüße, Solana')))
    expect(signRequestParams(wallet, { method: 'solana_signMessage', params: [b64] })).toMatchObject({ method: 'solana_signMessage', message: 'Grüße, Solana' })
  })

  it('opens no sign request for transactions or raw hashes', () => {
    expect(signRequestParams(wallet, { method: 'eth_signTransaction', params: [{}] })).toBeNull()
    expect(signRequestParams(wallet, { method: 'secp256k1_sign', params: ['0x00'] })).toBeNull()
  })
})
