/**
 * `useDelegatedActions()`: the host asks the user to let the app act with an embedded wallet
 * (`delegateWallet`), or to revoke it (`revokeWallets`), each through its prompt.
 * @module
 */
import { useCallback, useMemo } from 'react'
import { PorticoError } from '../../kernel/errors'
import { useKernel } from '../../ui/context'
import { DELEGATED_ACTIONS_PLUGIN_ID, DELEGATED_ACTIONS_SCREENS } from './screens'
import type { PromptParams } from './screens/Prompt'
import { delegatedActionsMessages } from './messages/en'

/** What {@link useDelegatedActions} answers. */
export interface UseDelegatedActionsResult {
  /**
   * Shows the consent for one embedded wallet; on 'Accept' the wallet frame hands that wallet's key,
   * sealed to the server's delegation key, to the server, and the wallet shows `delegated: true`.
   * @param options - the wallet's address.
   * @throws a `PorticoError` `DELEGATED_ACTIONS_DECLINED` ('User declined delegating actions.') on
   *   'Not now' or a closed modal; the failure's own error after 'Something went wrong'.
   */
  delegateWallet(options: { address: string }): Promise<void>
  /**
   * Shows the revocation; on 'Confirm' the server destroys the stored keys (of one wallet, or of
   * every delegated wallet when no address is given).
   * @throws a `PorticoError` `DELEGATED_ACTIONS_REVOKE_DECLINED` ('User declined revoking access to
   *   their delegated wallet.') on 'Deny' or a closed modal; the failure's own error otherwise.
   */
  revokeWallets(options?: { address?: string }): Promise<void>
}

/**
 * Delegated actions for the host.
 * @returns `{ delegateWallet, revokeWallets }`.
 * @example
 * ```tsx
 * const { delegateWallet } = useDelegatedActions()
 * <button onClick={() => delegateWallet({ address: wallet.address })}>Let the app trade for me</button>
 * ```
 */
export function useDelegatedActions(): UseDelegatedActionsResult {
  const kernel = useKernel()
  const open = useCallback(
    async (params: Omit<PromptParams, 'onFailure'>, declined: () => PorticoError) => {
      if (kernel.state.session.status !== 'authenticated') throw new PorticoError('Log in first', { code: 'must_be_authenticated' })
      let failure: { error: unknown } | null = null
      await kernel.contextFor(DELEGATED_ACTIONS_PLUGIN_ID).step({
        screen: DELEGATED_ACTIONS_SCREENS.prompt,
        params: { ...params, onFailure: (error: unknown) => void (failure = { error }) },
        cancelError: () => (failure ? failure.error : declined()),
      })
    },
    [kernel],
  )
  const delegateWallet = useCallback(
    (options: { address: string }) =>
      open({ action: 'delegate', address: options.address }, () => new PorticoError(delegatedActionsMessages.DELEGATED_ACTIONS_DECLINED, { code: 'DELEGATED_ACTIONS_DECLINED' })),
    [open],
  )
  const revokeWallets = useCallback(
    (options: { address?: string } = {}) =>
      open(
        { action: 'revoke', ...(options.address !== undefined ? { address: options.address } : {}) },
        () => new PorticoError(delegatedActionsMessages.DELEGATED_ACTIONS_REVOKE_DECLINED, { code: 'DELEGATED_ACTIONS_REVOKE_DECLINED' }),
      ),
    [open],
  )
  return useMemo(() => ({ delegateWallet, revokeWallets }), [delegateWallet, revokeWallets])
}
