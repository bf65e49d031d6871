/**
 * The React side of the OAuth plugin: link and unlink the signed-in user's social accounts. Every
 * change ends with a session refresh, so `usePortico().user` shows the result.
 * @module
 */
import { useCallback } from 'react'
import { useSnapshot } from 'valtio'
import { useKernel } from '../../ui/context'
import { useLinkAccount } from '../../ui/hooks'
import { PorticoError } from '../../kernel/errors'
import type { User } from '../../kernel/wire'
import { oauthRoutes } from '../../protocols/oauth/routes'
import { startOAuth, type OAuthState } from './client/flow'
import type { OAuthErrorView } from './client/error-view'

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

/** Where a headless OAuth login is. */
export interface OAuthLoginState {
  /** `loading` from the start until the return page has signed the user in or failed. */
  status: 'initial' | 'loading' | 'done' | 'error'
  /** The failure, with the text the modal would show (`message`) and its code; set when `status` is `error`. */
  error: OAuthErrorView | null
}

/** What {@link useLoginWithOAuth} returns. */
export interface UseLoginWithOAuthResult {
  /**
   * Sends the browser to the provider, without the modal. The return to this page completes the
   * login silently: `state` becomes `done` (the session is set) or `error`.
   * @param options - the provider (`google`, `github`... or `custom:<id>`) and whether sign-up is refused.
   */
  initOAuth: (options: { provider: string; disableSignup?: boolean }) => Promise<void>
  state: OAuthLoginState
  /** True while a round trip is under way. */
  loading: boolean
}

const STATUS: Record<OAuthState['status'], OAuthLoginState['status']> = {
  idle: 'initial',
  starting: 'loading',
  waiting: 'loading',
  verifying: 'loading',
  success: 'done',
  error: 'error',
}

/**
 * Social login for apps that draw their own buttons: the redirect round trip without the modal.
 * A captcha, when the app requires one, still shows the modal's captcha step.
 * @returns `{ initOAuth, state, loading }`.
 * @example
 * ```tsx
 * import { useLoginWithOAuth } from 'portico/plugins/oauth'
 * const { initOAuth, state, loading } = useLoginWithOAuth()
 * <button disabled={loading} onClick={() => initOAuth({ provider: 'google' })}>Sign in with Google</button>
 * {state.status === 'error' && <p role="alert">{state.error?.message}</p>}
 * ```
 */
export function useLoginWithOAuth(): UseLoginWithOAuthResult {
  const kernel = useKernel()
  const snap = useSnapshot(kernel.state)
  const slice = snap.plugins.oauth as Readonly<OAuthState> | undefined
  const initOAuth = useCallback(
    ({ provider, disableSignup }: { provider: string; disableSignup?: boolean }) =>
      startOAuth(kernel.contextFor('oauth'), { provider, headless: true, mode: 'redirect', disableSignup }),
    [kernel],
  )
  const status = slice ? STATUS[slice.status] : 'initial'
  return { initOAuth, state: { status, error: slice?.error ?? null }, loading: status === 'loading' }
}
