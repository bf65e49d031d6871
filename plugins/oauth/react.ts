/**
 * The React side of the OAuth plugin: link and unlink the signed-in user's social accounts. Every
 * change ends with a session refresh, so `usePortico().user` shows the result.
 * @module
 */
import { useCallback } from 'react'
import { useKernel } from '../../ui/context'
import { useLinkAccount } from '../../ui/hooks'
import { PorticoError } from '../../kernel/errors'
import type { User } from '../../kernel/wire'
import { oauthRoutes } from './api'

/** What {@link useLinkWithOAuth} returns. */
export interface UseLinkWithOAuthResult {
  /**
   * Starts the provider's round trip to add its account to the signed-in user. An account another
   * user holds leads to the transfer screen.
   * @param provider - `google`, `github`... or `custom:<id>`.
   */
  linkOAuth: (provider: string) => void
}

/**
 * Links a social account to the signed-in user.
 * @returns `{ linkOAuth(provider) }`; it throws `must_be_authenticated` when nobody is signed in.
 * @example
 * ```tsx
 * import { useLinkWithOAuth } from 'portico/plugins/oauth'
 * const { linkOAuth } = useLinkWithOAuth()
 * <button onClick={() => linkOAuth('github')}>Link GitHub</button>
 * ```
 */
export function useLinkWithOAuth(): UseLinkWithOAuthResult {
  const { link } = useLinkAccount()
  return { linkOAuth: link }
}

/** What {@link useUnlinkOAuth} returns. */
export interface UseUnlinkOAuthResult {
  /**
   * Removes a social account from the signed-in user, then refreshes the session.
   * @param provider - the provider name (`google`; the account type without `_oauth`).
   * @param subject - the account's `subject`.
   * @returns the updated user; rejects with the server's error (`cannot_unlink_sole_account`...).
   */
  unlinkOAuth: (provider: string, subject: string) => Promise<User>
}

/**
 * Unlinks a social account from the signed-in user.
 * @returns `{ unlinkOAuth(provider, subject) }`.
 * @example
 * ```tsx
 * import { useUnlinkOAuth } from 'portico/plugins/oauth'
 * const { unlinkOAuth } = useUnlinkOAuth()
 * <button onClick={() => unlinkOAuth('google', account.subject)}>Unlink Google</button>
 * ```
 */
export function useUnlinkOAuth(): UseUnlinkOAuthResult {
  const kernel = useKernel()
  const unlinkOAuth = useCallback(
    (provider: string, subject: string) => {
      if (kernel.state.session.status !== 'authenticated') {
        return Promise.reject(new PorticoError('Log in before changing linked accounts', { code: 'must_be_authenticated' }))
      }
      const ctx = kernel.contextFor('oauth')
      return ctx.changeAccounts(() => ctx.api.request(oauthRoutes.unlink, { provider, subject }), { method: provider })
    },
    [kernel],
  )
  return { unlinkOAuth }
}
