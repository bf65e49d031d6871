/**
 * The React side of the SIWS plugin: link and unlink Solana wallets of the signed-in user.
 * Every change ends with a session refresh, so `usePortico().user` shows the result.
 * @module
 */
import { useCallback, useRef } from 'react'
import { useKernel } from '../../ui/context'
import { WALLET_SCREENS } from '../wallets'
import { PorticoError } from '../../kernel/errors'
import type { User } from '../../kernel/wire'
import { siwsRoutes } from './api'
import { buildSiwsMessage } from './message'

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
    kernel.openModal(WALLET_SCREENS.list, { intent: 'link', walletChainType: 'solana-only' })
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

/** What {@link useLoginWithSiws} returns. */
export interface UseLoginWithSiwsResult {
  /**
   * Gets a nonce for the address and builds the Sign-In With Solana message for this page, for the host
   * to sign. When the app requires a captcha: pass `captchaToken`, or the modal shows only the captcha step.
   * @param options - the base58 wallet `address`; `disableSignup` lets only existing users in.
   * @returns the message text to sign with the wallet's `signMessage`.
   */
  generateSiwsMessage: (options: { address: string; disableSignup?: boolean; captchaToken?: string }) => Promise<string>
  /**
   * Signs in with the signed message (through the kernel: session stored, `useLogin` callbacks run).
   * @param options - the `signature` (base64 or base58 of the 64 bytes) and the `message` generateSiwsMessage returned.
   * @returns the signed-in user.
   */
  loginWithSiws: (options: { signature: string; message: string }) => Promise<User>
}

/**
 * Sign-In With Solana without the modal: the host signs with its own wallet library.
 * @returns `{ generateSiwsMessage, loginWithSiws }`.
 * @example
 * ```tsx
 * import { useLoginWithSiws } from 'portico/plugins/siws'
 * const { generateSiwsMessage, loginWithSiws } = useLoginWithSiws()
 * const message = await generateSiwsMessage({ address: wallet.publicKey.toBase58() })
 * const bytes = await wallet.signMessage(new TextEncoder().encode(message))
 * await loginWithSiws({ signature: btoa(String.fromCharCode(...bytes)), message })
 * ```
 */
export function useLoginWithSiws(): UseLoginWithSiwsResult {
  const kernel = useKernel()
  const pendingMode = useRef<'no-signup' | 'login-or-sign-up'>('login-or-sign-up')
  const generateSiwsMessage = useCallback(
    async ({ address, disableSignup, captchaToken }: { address: string; disableSignup?: boolean; captchaToken?: string }) => {
      const ctx = kernel.contextFor('siws')
      let token = captchaToken
      if (token === undefined) {
        try {
          token = (await ctx.beginLogin({ method: 'siws' })).token
        } finally {
          // The captcha step was the modal's only screen: close it again.
          const stack = kernel.state.modal.stack
          if (kernel.state.modal.open && stack.length === 1 && stack[0]!.screen === 'captcha/challenge') kernel.closeModal({ force: true })
        }
      }
      const init = await ctx.api.request(siwsRoutes.init, { address, ...(token ? { token } : {}) })
      pendingMode.current = disableSignup ? 'no-signup' : 'login-or-sign-up'
      return buildSiwsMessage({
        domain: location.host,
        address: init.address,
        uri: location.origin,
        nonce: init.nonce,
        issuedAt: new Date().toISOString(),
      })
    },
    [kernel],
  )
  const loginWithSiws = useCallback(
    async ({ signature, message }: { signature: string; message: string }) => {
      const ctx = kernel.contextFor('siws')
      const result = await ctx.authenticate(
        () =>
          ctx.api.request(siwsRoutes.authenticate, {
            message,
            signature,
            walletClientType: null,
            connectorType: null,
            message_type: 'plain',
            mode: pendingMode.current,
          }),
        { method: 'siws' },
      )
      pendingMode.current = 'login-or-sign-up'
      return result.user
    },
    [kernel],
  )
  return { generateSiwsMessage, loginWithSiws }
}
