/**
 * The React side of the SIWS plugin: link and unlink Solana wallets of the signed-in user.
 * Every change ends with a session refresh, so `usePortico().user` shows the result.
 * @module
 */
import { useCallback } from 'react'
import { useKernel } from '../../ui/context'
import { PorticoError } from '../../kernel/errors'
import type { User } from '../../kernel/wire'
import { siwsRoutes } from './api'

/** What {@link useLinkWithSolanaWallet} returns. */
export interface UseLinkWithSolanaWalletResult {
  /** Opens the wallet list to link a Solana wallet to the signed-in user (connect, then sign). */
  linkSolanaWallet: () => void
}

/**
 * Links a Solana wallet to the signed-in user. A wallet that belongs to another user leads to
 * the transfer screen.
 * @returns `{ linkSolanaWallet }`; it throws `must_be_authenticated` when nobody is signed in.
 * @example
 * ```tsx
 * import { useLinkWithSolanaWallet } from 'portico/plugins/siws'
 * const { linkSolanaWallet } = useLinkWithSolanaWallet()
 * <button onClick={linkSolanaWallet}>Link wallet</button>
 * ```
 */
export function useLinkWithSolanaWallet(): UseLinkWithSolanaWalletResult {
  const kernel = useKernel()
  const linkSolanaWallet = useCallback(() => {
    if (kernel.state.session.status !== 'authenticated') {
      throw new PorticoError('Log in before linking an account', { code: 'must_be_authenticated' })
    }
    kernel.openModal('portico/wallets', { intent: 'link', walletChainType: 'solana-only' })
  }, [kernel])
  return { linkSolanaWallet }
}

/** What {@link useUnlinkSolanaWallet} returns. */
export interface UseUnlinkSolanaWalletResult {
  /**
   * Removes a Solana wallet from the signed-in user, then refreshes the session.
   * @param address - the linked wallet's address.
   * @returns the updated user; rejects with the server's error (`cannot_unlink_sole_account`...).
   */
  unlinkSolanaWallet: (address: string) => Promise<User>
}

/**
 * Unlinks a Solana wallet from the signed-in user.
 * @returns `{ unlinkSolanaWallet(address) }`.
 * @example
 * ```tsx
 * import { useUnlinkSolanaWallet } from 'portico/plugins/siws'
 * const { unlinkSolanaWallet } = useUnlinkSolanaWallet()
 * <button onClick={() => unlinkSolanaWallet('7EYnhQoR9YM3N7UoaKRoA44Uy8JeaZV3qyouov87awMs')}>Unlink</button>
 * ```
 */
export function useUnlinkSolanaWallet(): UseUnlinkSolanaWalletResult {
  const kernel = useKernel()
  const unlinkSolanaWallet = useCallback(
    (address: string) => {
      const ctx = kernel.contextFor('siws')
      return ctx.changeAccounts(() => ctx.api.request(siwsRoutes.unlink, { address }), { method: 'wallet' })
    },
    [kernel],
  )
  return { unlinkSolanaWallet }
}
