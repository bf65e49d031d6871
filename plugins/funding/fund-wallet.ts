/**
 * `fundWallet`: the host's way into funding, framework-free. Runs the funding flow for a checked
 * request as a step of the kernel's step stack and resolves when that step ends.
 * @module
 */
import { PorticoError } from '../../kernel/errors'
import type { Kernel } from '../../kernel/types'
import { findFunding } from './hooks'
import { fundingMessages } from './messages'
import type { FundWalletOptions, FundingResult } from './types'

/**
 * Funds a wallet: 'Add funds to your … wallet' with the method tiles the registered funding plugins
 * offer for the request, shown as a step inside the steps already open (over the current screen, or
 * in the modal it opens). When a method completes, its success shows for `FUNDING_SUCCESS_CLOSE_MS`,
 * then the step ends: the modal closes, or returns to the screen the funding was opened from.
 * @param kernel - the kernel (a host's `usePortico().kernel`, or `createPortico`'s).
 * @param address - the wallet to fund (EVM or Solana address).
 * @param options - chain (EVM) or cluster (Solana), amount and asset.
 * @returns the result, once the funding's step ended: `completed` or `submitted` by a method, or
 *   `exited` when the user left first (closed the modal, went back from the selection). Rejects before the modal opens with `must_be_authenticated` (nobody signed in),
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
  return core.fund(core.prepare(address, options))
}
