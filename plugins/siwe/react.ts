/**
 * The React side of the SIWE plugin: link and unlink Ethereum wallets of the signed-in user.
 * Every change ends with a session refresh, so `usePortico().user` shows the result.
 * @module
 */
import { useCallback, useRef } from 'react'
import { useKernel } from '../../ui/context'
import { WALLET_SCREENS } from '../wallets'
import { PorticoError } from '../../kernel/errors'
import type { User } from '../../kernel/wire'
import { siweRoutes } from './api'
import { SIWE_RESOURCE, SIWE_STATEMENT, createSiweMessage, parseSiweMessage } from './message'

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
    kernel.openModal(WALLET_SCREENS.list, { intent: 'link', walletChainType: 'ethereum-only' })
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

/** What {@link useLoginWithSiwe} returns. */
export interface UseLoginWithSiweResult {
  /**
   * Gets a nonce for the address and builds the EIP-4361 message for this page, for the host to sign.
   * When the app requires a captcha: pass `captchaToken`, or the modal shows only the captcha step.
   * @param options - the wallet `address` and numeric `chainId`; `disableSignup` lets only existing users in.
   * @returns the message text to sign with `personal_sign`.
   */
  generateSiweMessage: (options: { address: string; chainId: number; disableSignup?: boolean; captchaToken?: string }) => Promise<string>
  /**
   * Signs in with the signed message (through the kernel: session stored, `useLogin` callbacks run).
   * @param options - the `signature` and the `message` generateSiweMessage returned.
   * @returns the signed-in user.
   */
  loginWithSiwe: (options: { signature: string; message: string }) => Promise<User>
}

/**
 * Sign-In With Ethereum without the modal: the host signs with its own wallet library.
 * @returns `{ generateSiweMessage, loginWithSiwe }`.
 * @example
 * ```tsx
 * import { useLoginWithSiwe } from 'portico/plugins/siwe'
 * const { generateSiweMessage, loginWithSiwe } = useLoginWithSiwe()
 * const message = await generateSiweMessage({ address, chainId: 1 })
 * const signature = await walletClient.signMessage({ account: address, message })
 * await loginWithSiwe({ signature, message })
 * ```
 */
export function useLoginWithSiwe(): UseLoginWithSiweResult {
  const kernel = useKernel()
  const pending = useRef<{ chainId: number; mode: 'no-signup' | 'login-or-sign-up' } | null>(null)
  const generateSiweMessage = useCallback(
    async ({ address, chainId, disableSignup, captchaToken }: { address: string; chainId: number; disableSignup?: boolean; captchaToken?: string }) => {
      const ctx = kernel.contextFor('siwe')
      let token = captchaToken
      if (token === undefined) {
        try {
          token = (await ctx.beginLogin({ method: 'siwe' })).token
        } finally {
          // The captcha step was the modal's only screen: close it again.
          const stack = kernel.state.modal.stack
          if (kernel.state.modal.open && stack.length === 1 && stack[0]!.screen === 'captcha/challenge') kernel.closeModal({ force: true })
        }
      }
      const init = await ctx.api.request(siweRoutes.init, { address, ...(token ? { token } : {}) })
      pending.current = { chainId, mode: disableSignup ? 'no-signup' : 'login-or-sign-up' }
      // The server's address is checksummed: the message must carry it so.
      return createSiweMessage({
        domain: location.host,
        address: init.address,
        statement: SIWE_STATEMENT,
        uri: location.origin,
        version: '1',
        chainId,
        nonce: init.nonce,
        issuedAt: new Date(),
        resources: [SIWE_RESOURCE],
      })
    },
    [kernel],
  )
  const loginWithSiwe = useCallback(
    async ({ signature, message }: { signature: string; message: string }) => {
      const ctx = kernel.contextFor('siwe')
      const chainId = pending.current?.chainId ?? parseSiweMessage(message).chainId
      const mode = pending.current?.mode ?? 'login-or-sign-up'
      const result = await ctx.authenticate(
        () =>
          ctx.api.request(siweRoutes.authenticate, {
            message,
            signature,
            chainId: `eip155:${chainId}`,
            walletClientType: null,
            connectorType: null,
            mode,
          }),
        { method: 'siwe' },
      )
      pending.current = null
      return result.user
    },
    [kernel],
  )
  return { generateSiweMessage, loginWithSiwe }
}
