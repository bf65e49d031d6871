/**
 * The React side of the cross-app plugin: log in with another app's account without the modal, and
 * link or unlink the signed-in user's cross-app accounts.
 * @module
 */
import { useCallback, useMemo } from 'react'
import { useKernel, usePorticoState } from '../../ui/context'
import { PorticoError } from '../../kernel/errors'
import type { Kernel } from '../../kernel/types'
import type { User } from '../../kernel/wire'
import { crossAppRoutes } from './api'
import { CROSS_APP_SCREENS, crossAppTokenKey, loginWithCrossAppAccount as runFlow } from './client/flow'
import {
  createCrossAppEthereumProvider,
  createCrossAppSolanaWallet,
  crossAppWalletsOf,
  sameWalletAddress,
  sendCrossAppRequest,
  type CrossAppEthereumProvider,
  type CrossAppSolanaWallet,
  type CrossAppRequestOptions,
  type CrossAppWallet,
} from './client/transact'

const mustBeAuthenticated = () => new PorticoError('Log in before changing linked accounts', { code: 'must_be_authenticated' })

function sessionUser(kernel: Kernel): User {
  const user = kernel.state.session.user
  if (!user) throw new PorticoError('The cross-app login ended without a session', { code: 'unknown_auth_error' })
  return user
}

/** What {@link useLoginWithCrossAppAccount} returns. */
export interface UseLoginWithCrossAppAccountResult {
  /**
   * Signs in with an account of another app: opens the provider app's page in a popup (at once:
   * call it directly from a click handler, before any `await`), then signs in once the user
   * consented there. The modal stays closed (unless the app asks for a captcha or a post-login step).
   * @param options - `appId`: the provider app id.
   * @returns the signed-in user; rejects with `CROSS_APP_CANCELED` (popup closed),
   *   `CROSS_APP_TIMEOUT` (120 s), `CROSS_APP_NOT_ALLOWED` or `CROSS_APP_FAILED` (a blocked popup too).
   */
  loginWithCrossAppAccount: (options: { appId: string }) => Promise<User>
}

/**
 * Log in with another app's account (cross-app) from the host's own button.
 * @returns `{ loginWithCrossAppAccount({ appId }) }`.
 * @example
 * ```tsx
 * import { useLoginWithCrossAppAccount } from 'portico/plugins/cross-app'
 * const { loginWithCrossAppAccount } = useLoginWithCrossAppAccount()
 * <button onClick={() => loginWithCrossAppAccount({ appId: 'clprovider00000000000000000' }).catch(() => {})}>
 *   Log in with Acme Wallet
 * </button>
 * ```
 */
export function useLoginWithCrossAppAccount(): UseLoginWithCrossAppAccountResult {
  const kernel = useKernel()
  const loginWithCrossAppAccount = useCallback(
    ({ appId }: { appId: string }) => {
      // No await before the flow: it opens the popup synchronously, inside the click.
      const flow = runFlow(kernel.contextFor('cross-app'), { appId, headless: true })
      return flow.then(() => sessionUser(kernel))
    },
    [kernel],
  )
  return { loginWithCrossAppAccount }
}

/** What {@link useLinkCrossAppAccount} returns. */
export interface UseLinkCrossAppAccountResult {
  /**
   * Adds an account of another app to the signed-in user: opens the popup at once (call it from a
   * click) and the modal's 'Connecting to {app}' screen; an account another user holds leads to the
   * transfer screen.
   * @param options - `appId`: the provider app id.
   * @returns the updated user; rejects with `must_be_authenticated` when nobody is signed in, or
   *   `exited_auth_flow` when the flow ended without a link (its failure is shown in the modal).
   */
  linkCrossAppAccount: (options: { appId: string }) => Promise<User>
}

/**
 * Links another app's account to the signed-in user.
 * @returns `{ linkCrossAppAccount({ appId }) }`.
 * @example
 * ```tsx
 * import { useLinkCrossAppAccount } from 'portico/plugins/cross-app'
 * const { linkCrossAppAccount } = useLinkCrossAppAccount()
 * <button onClick={() => linkCrossAppAccount({ appId: 'clprovider00000000000000000' }).catch(() => {})}>Link Acme Wallet</button>
 * ```
 */
export function useLinkCrossAppAccount(): UseLinkCrossAppAccountResult {
  const kernel = useKernel()
  const linkCrossAppAccount = useCallback(
    ({ appId }: { appId: string }) => {
      if (kernel.state.session.status !== 'authenticated') return Promise.reject(mustBeAuthenticated())
      const before = kernel.state.session.user
      // The modal's link intent makes the flow call /oauth/link; the popup still opens inside the click.
      kernel.openModal(CROSS_APP_SCREENS.connecting, { intent: 'link' })
      const ctx = kernel.contextFor('cross-app')
      return runFlow(ctx, { appId }).then(() => {
        const user = kernel.state.session.user
        const linked = user?.linked_accounts.some((a) => a.type === 'cross_app' && (a as { provider_app_id?: unknown }).provider_app_id === appId)
        // The flow shows its failures itself; the caller still learns that nothing was linked.
        if (!user || user === before || !linked) throw new PorticoError('The cross-app account was not linked', { code: 'exited_auth_flow' })
        return user
      })
    },
    [kernel],
  )
  return { linkCrossAppAccount }
}

/** What {@link useUnlinkCrossAppAccount} returns. */
export interface UseUnlinkCrossAppAccountResult {
  /**
   * Removes a cross-app account from the signed-in user (`POST /cross-app/unlink`), forgets the
   * provider app's stored access token, then refreshes the session.
   * @param options - `appId`: the account's `provider_app_id`; `subject`: its `subject`.
   * @returns the updated user; rejects with the server's error (`cannot_unlink_sole_account`,
   *   `linked_account_not_found`...).
   */
  unlinkCrossAppAccount: (options: { appId: string; subject: string }) => Promise<User>
}

/**
 * Unlinks another app's account from the signed-in user.
 * @returns `{ unlinkCrossAppAccount({ appId, subject }) }`.
 * @example
 * ```tsx
 * import { useUnlinkCrossAppAccount } from 'portico/plugins/cross-app'
 * const { unlinkCrossAppAccount } = useUnlinkCrossAppAccount()
 * <button onClick={() => unlinkCrossAppAccount({ appId: account.provider_app_id, subject: account.subject })}>Unlink</button>
 * ```
 */
export function useUnlinkCrossAppAccount(): UseUnlinkCrossAppAccountResult {
  const kernel = useKernel()
  const unlinkCrossAppAccount = useCallback(
    ({ appId, subject }: { appId: string; subject: string }) => {
      if (kernel.state.session.status !== 'authenticated') return Promise.reject(mustBeAuthenticated())
      const ctx = kernel.contextFor('cross-app')
      return ctx.changeAccounts(
        async () => {
          const user = await ctx.api.request(crossAppRoutes.unlink, { provider_app_id: appId, subject })
          // The provider's token belonged to the removed account.
          ctx.storage.remove(crossAppTokenKey(appId))
          return user
        },
        { method: `privy:${appId}` },
      )
    },
    [kernel],
  )
  return { unlinkCrossAppAccount }
}

/** What {@link useCrossAppWallets} returns. */
export interface UseCrossAppWalletsResult {
  /** The wallets of the user's provider-app accounts (`cross_app`); empty when signed out. */
  wallets: CrossAppWallet[]
  /**
   * Asks a provider wallet to sign or send (`personal_sign`, `eth_signTypedData_v4`,
   * `eth_sendTransaction`; for a Solana wallet `solana_signMessage`, `solana_signTransaction`,
   * `solana_signAndSendTransaction`): the provider app's page opens in a popup, so call it inside a click.
   * @returns the signature or transaction hash; rejects with a `CrossAppRequestError`.
   */
  request(options: Omit<CrossAppRequestOptions, 'win'>): Promise<unknown>
  /**
   * An EIP-1193 provider over a provider wallet (viem `custom()`, wagmi).
   * @param address - the wallet's address.
   * @param chainId - the chain its transactions go to until switched. @defaultValue 1
   * @throws a `PorticoError` `CROSS_APP_WRONG_ADDRESS` when the user has no such Ethereum wallet.
   */
  getEthereumProvider(address: string, chainId?: number): CrossAppEthereumProvider
  /**
   * A provider user's Solana wallet: `signMessage`, `signTransaction` and `signAndSendTransaction`
   * open the provider app's page (call them inside a click).
   * @param address - the wallet's base58 address.
   * @throws a `PorticoError` `CROSS_APP_WRONG_ADDRESS` when the user has no such Solana wallet.
   */
  getSolanaWallet(address: string): CrossAppSolanaWallet
}

/**
 * The wallets the signed-in user reaches through other apps' accounts, and requests to them.
 * @returns `{ wallets, request, getEthereumProvider, getSolanaWallet }`.
 * @example
 * ```tsx
 * import { useCrossAppWallets } from 'portico/plugins/cross-app'
 * const { wallets, request } = useCrossAppWallets()
 * <button onClick={() => request({ address: wallets[0].address, method: 'personal_sign', params: ['0x6869', wallets[0].address] })}>Sign</button>
 * ```
 */
export function useCrossAppWallets(): UseCrossAppWalletsResult {
  const kernel = useKernel()
  const accounts = usePorticoState((s) => s.session.user?.linked_accounts)
  const wallets = useMemo(() => (accounts ? crossAppWalletsOf(kernel.state.session.user) : []), [accounts, kernel])
  const request = useCallback((options: Omit<CrossAppRequestOptions, 'win'>) => sendCrossAppRequest(kernel.contextFor('cross-app'), options), [kernel])
  const walletOf = useCallback(
    (address: string, chainType: CrossAppWallet['chainType']) => {
      const wallet = crossAppWalletsOf(kernel.state.session.user).find((w) => w.chainType === chainType && sameWalletAddress(w.address, address))
      if (!wallet) throw new PorticoError('Cannot request a signature with this wallet address', { code: 'CROSS_APP_WRONG_ADDRESS' })
      return wallet
    },
    [kernel],
  )
  const getEthereumProvider = useCallback(
    (address: string, chainId?: number) => createCrossAppEthereumProvider(kernel.contextFor('cross-app'), walletOf(address, 'ethereum'), chainId ? { chainId } : {}),
    [kernel, walletOf],
  )
  const getSolanaWallet = useCallback((address: string) => createCrossAppSolanaWallet(kernel.contextFor('cross-app'), walletOf(address, 'solana')), [kernel, walletOf])
  return { wallets, request, getEthereumProvider, getSolanaWallet }
}
