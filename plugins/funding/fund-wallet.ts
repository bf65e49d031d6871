/**
 * `fundWallet`: the host's way into funding, framework-free. Opens the method selection for a
 * checked request and resolves when a method finishes or the user closes the modal.
 * @module
 */
import { subscribe } from 'valtio/vanilla'
import { PorticoError } from '../../kernel/errors'
import type { Kernel } from '../../kernel/types'
import { FUNDING_METHODS_SCREEN } from './core'
import { findFunding } from './hooks'
import { fundingMessages } from './messages'
import type { FundWalletOptions, FundingResult } from './types'

/**
 * Opens the funding modal for a wallet: 'Add funds to your … wallet' with the method tiles the
 * registered funding plugins offer for the request.
 * @param kernel - the kernel (a host's `usePortico().kernel`, or `createPortico`'s).
 * @param address - the wallet to fund (EVM or Solana address).
 * @param options - chain (EVM) or cluster (Solana), amount and asset.
 * @returns the result: `completed` or `submitted` by a method, or `exited` when the user closed the
 *   modal first. Rejects before the modal opens with `must_be_authenticated` (nobody signed in),
 *   `FUNDING_INVALID_DATA` ('Invalid funding data'), `FUNDING_CHAIN_NOT_CONFIGURED` ('Funding chain
 *   {id} is not in PrivyProvider chains list') or `FUNDING_NOT_ENABLED` ('Wallet funding is not
 *   enabled': no funding plugin, or no method enabled and available for the request).
 * @example
 * ```ts
 * import { fundWallet } from 'portico/plugins/funding'
 * const result = await fundWallet(kernel, '0x0000000000000000000000000000000000000001', { chain: 'eip155:8453', amount: '0.01' })
 * if (result.status !== 'exited') console.log('funded with', result.method)
 * ```
 */
export async function fundWallet(kernel: Kernel, address: string, options: FundWalletOptions = {}): Promise<FundingResult> {
  const core = findFunding(kernel)
  if (!core) {
    throw new PorticoError(fundingMessages.FUNDING_NOT_ENABLED, {
      code: 'FUNDING_NOT_ENABLED',
      details: 'Register the funding plugin and at least one funding method plugin',
    })
  }
  await kernel.init()
  const request = core.prepare(address, options)
  const modal = kernel.state.modal
  const top = () => modal.stack[modal.stack.length - 1]
  const done = core.start(request, {
    closer() {
      const shown = top()
      return () => {
        if (modal.open && top() === shown) kernel.closeModal({ force: true })
      }
    },
  })
  kernel.openModal(FUNDING_METHODS_SCREEN)
  // Closing the modal ends the flow: the user left before a method finished.
  const unsubscribe = subscribe(modal, () => {
    if (!modal.open) core.exit()
  })
  try {
    return await done
  } finally {
    unsubscribe()
  }
}
