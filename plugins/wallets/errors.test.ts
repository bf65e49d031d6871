import { describe, expect, it } from 'vitest'
import { ApiError } from '../../kernel/errors'
import { createPortico } from '../../kernel/kernel'
import { createMemoryStorage } from '../../kernel/storage'
import { toWalletError } from './eip1193'
import { wallets } from './index'

const APP = 'clabcdefghijklmnopqrstuvw'
const api = (status: number, code: string) => new ApiError(status, { error: code, code })

function kernelWithWallets() {
  return createPortico({ appId: APP, plugins: [wallets()], storage: createMemoryStorage() })
}

describe('wallet errors', () => {
  it('behavior: wallet codes resolve inline with the spec texts', () => {
    const k = kernelWithWallets()
    expect(k.resolveError(toWalletError({ code: 4900 }))).toMatchObject({
      code: 'wallet_disconnected',
      message: 'Disconnected',
      reaction: { inline: true },
    })
    expect(k.resolveError(toWalletError({ code: -32603 })).message).toBe('Unable to connect wallet')
    // Texts that name the chain or what was missing come from the error itself.
    expect(k.resolveError(toWalletError({ code: 4902 }, { chainId: 'eip155:5' })).message).toBe('Unsupported chainId: eip155:5')
    k.destroy()
  })

  it("behavior: linked_to_another_user is 'Use a different wallet' only in the wallet method's context", () => {
    const k = kernelWithWallets()
    const conflict = api(400, 'linked_to_another_user')
    expect(k.resolveError(conflict, { method: 'wallet' })).toMatchObject({
      code: 'linked_to_another_user',
      message: 'Use a different wallet',
      reaction: { inline: true, retryable: true },
    })
    expect(k.resolveError(conflict, { method: 'email' })).toMatchObject({
      code: 'PORTICO_LINKED_TO_ANOTHER_USER',
      message: 'This account has already been linked to another user.',
    })
    k.destroy()
  })

  it('behavior: without the wallets plugin the kernel knows no wallet code (the generic screen answers)', () => {
    const k = createPortico({ appId: APP, plugins: [], storage: createMemoryStorage() })
    expect(k.resolveError(toWalletError({ code: 4900 })).reaction.screen).toBe('portico/error')
    expect(k.resolveError(api(400, 'linked_to_another_user'), { method: 'wallet' }).code).toBe('PORTICO_LINKED_TO_ANOTHER_USER')
    k.destroy()
  })
})
