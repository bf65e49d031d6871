/**
 * The React side of the funding plugin: `useFundWallet` for hosts, `useFundingFlow` for the
 * screens of funding methods.
 * @module
 */
import { useCallback, useState } from 'react'
import { useKernel, useScreen } from '../../ui/context'
import { fundWallet as fund } from './fund-wallet'
import { currentFunding } from './hooks'
import type { FundWalletOptions, FundingFlow, FundingResult } from './types'

/** What {@link useFundWallet} returns. */
export interface UseFundWalletResult {
  /**
   * Opens the funding modal for a wallet; see `fundWallet`.
   * @param address - the wallet to fund.
   * @param options - chain or cluster, amount, asset.
   * @returns the result once a method finished or the user closed the modal.
   */
  fundWallet: (address: string, options?: FundWalletOptions) => Promise<FundingResult>
}

/**
 * Funds a wallet of the signed-in user through the funding methods the app registered.
 * @returns `{ fundWallet(address, options) }`.
 * @example
 * ```tsx
 * import { useFundWallet } from 'portico/plugins/funding'
 * const { fundWallet } = useFundWallet()
 * <button onClick={() => fundWallet(address, { chain: 'eip155:8453' })}>Add funds</button>
 * ```
 */
export function useFundWallet(): UseFundWalletResult {
  const kernel = useKernel()
  const fundWallet = useCallback((address: string, options?: FundWalletOptions) => fund(kernel, address, options), [kernel])
  return { fundWallet }
}

/**
 * The funding flow a funding method's screen opened in: the request, `complete` and `showMethods`.
 * The screen keeps it while it stays mounted, so its success view can still read the request after
 * `complete` ended the flow. Null when the screen was opened outside a funding flow.
 * @returns the flow, or null.
 * @example
 * ```tsx
 * import { useFundingFlow } from 'portico/plugins/funding'
 * import { Button } from 'portico/react/components'
 * function Redeem() {
 *   const flow = useFundingFlow()
 *   return <Button onClick={() => flow?.complete()}>Redeem</Button>
 * }
 * ```
 */
export function useFundingFlow(): FundingFlow | null {
  const { ctx } = useScreen()
  const [flow] = useState(() => currentFunding(ctx))
  return flow
}
