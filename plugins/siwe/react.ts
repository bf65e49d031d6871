/**
 * The React side of the SIWE plugin: link and unlink Ethereum wallets of the signed-in user.
 * Every change ends with a session refresh, so `usePortico().user` shows the result.
 * @module
 */
import { useCallback } from 'react'
import { useKernel } from '../../ui/context'
import { PorticoError } from '../../kernel/errors'
import type { User } from '../../kernel/wire'
import { siweRoutes } from './api'

/** What {@link useLinkWithWallet} returns. */
export interface UseLinkWithWalletResult {
  /** Opens the wallet list to link a Ethereum wallet to the signed-in user (connect, then sign). */
  linkWallet: () => void
}

/**
 * Links a Ethereum wallet to the signed-in user. A wallet that belongs to another user leads to
 * the transfer screen.
 * @returns `{ linkWallet }`; it throws `must_be_authenticated` when nobody is signed in.
 * @example
 * ```tsx
 * import { useLinkWithWallet } from 'portico/plugins/siwe'
 * const { linkWallet } = useLinkWithWallet()
 * <button onClick={linkWallet}>Link wallet</button>
 * ```
 */
export function useLinkWithWallet(): UseLinkWithWalletResult {
  const kernel = useKernel()
  const linkWallet = useCallback(() => {
    if (kernel.state.session.status !== 'authenticated') {
      throw new PorticoError('Log in before linking an account', { code: 'must_be_authenticated' })
    }
    kernel.openModal('portico/wallets', { intent: 'link', walletChainType: 'ethereum-only' })
  }, [kernel])
  return { linkWallet }
}

/** What {@link useUnlinkWallet} returns. */
export interface UseUnlinkWalletResult {
  /**
   * Removes a Ethereum wallet from the signed-in user, then refreshes the session.
   * @param address - the linked wallet's address.
   * @returns the updated user; rejects with the server's error (`cannot_unlink_sole_account`...).
   */
  unlinkWallet: (address: string) => Promise<User>
}

/**
 * Unlinks a Ethereum wallet from the signed-in user.
 * @returns `{ unlinkWallet(address) }`.
 * @example
 * ```tsx
 * import { useUnlinkWallet } from 'portico/plugins/siwe'
 * const { unlinkWallet } = useUnlinkWallet()
 * <button onClick={() => unlinkWallet('0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed')}>Unlink</button>
 * ```
 */
export function useUnlinkWallet(): UseUnlinkWalletResult {
  const kernel = useKernel()
  const unlinkWallet = useCallback(
    (address: string) => {
      const ctx = kernel.contextFor('siwe')
      return ctx.changeAccounts(() => ctx.api.request(siweRoutes.unlink, { address }), { method: 'wallet' })
    },
    [kernel],
  )
  return { unlinkWallet }
}
