/**
 * The React side of the passkey plugin: link and unlink the signed-in user's passkeys, and log in or
 * sign up with a passkey without the modal.
 * @module
 */
import { useCallback, useState } from 'react'
import { useKernel } from '../../ui/context'
import { useLinkAccount } from '../../ui/hooks'
import { PorticoError } from '../../kernel/errors'
import type { User } from '../../kernel/wire'
import { passkeyRoutes } from './api'
import { PASSKEY_METHOD, loginWithPasskey as runLogin, signUpWithPasskey as runSignup } from './flows'

/** What {@link useLinkWithPasskey} returns. */
export interface UseLinkWithPasskeyResult {
  /** Opens the modal at the passkey screen, which creates a passkey for the signed-in user. */
  linkWithPasskey: () => void
}

/**
 * Adds a passkey to the signed-in user (up to 5).
 * @returns `{ linkWithPasskey() }`; it throws `must_be_authenticated` when nobody is signed in.
 * @example
 * ```tsx
 * import { useLinkWithPasskey } from 'portico/plugins/passkey'
 * const { linkWithPasskey } = useLinkWithPasskey()
 * <button onClick={linkWithPasskey}>Add a passkey</button>
 * ```
 */
export function useLinkWithPasskey(): UseLinkWithPasskeyResult {
  const { link } = useLinkAccount()
  return { linkWithPasskey: useCallback(() => link(PASSKEY_METHOD), [link]) }
}

/** What {@link useUnlinkPasskey} returns. */
export interface UseUnlinkPasskeyResult {
  /**
   * Removes a passkey from the signed-in user, then refreshes the session.
   * @param credentialId - the passkey account's `credential_id`.
   * @returns the updated user; rejects with the server's error (`cannot_unlink_sole_account`...).
   */
  unlinkPasskey: (credentialId: string) => Promise<User>
}

/**
 * Unlinks one of the signed-in user's passkeys.
 * @returns `{ unlinkPasskey(credentialId) }`.
 * @example
 * ```tsx
 * import { useUnlinkPasskey } from 'portico/plugins/passkey'
 * const { unlinkPasskey } = useUnlinkPasskey()
 * <button onClick={() => unlinkPasskey(account.credential_id)}>Remove passkey</button>
 * ```
 */
export function useUnlinkPasskey(): UseUnlinkPasskeyResult {
  const kernel = useKernel()
  const unlinkPasskey = useCallback(
    (credentialId: string) => {
      if (kernel.state.session.status !== 'authenticated') {
        return Promise.reject(new PorticoError('Log in before changing linked accounts', { code: 'must_be_authenticated' }))
      }
      const ctx = kernel.contextFor('passkey')
      return ctx.changeAccounts(() => ctx.api.request(passkeyRoutes.unlink, { credential_id: credentialId }), { method: PASSKEY_METHOD })
    },
    [kernel],
  )
  return { unlinkPasskey }
}

/** Where a headless passkey login or sign-up is. */
export type PasskeyFlowState =
  | { status: 'initial' }
  /** The browser's passkey dialogue is open. */
  | { status: 'awaiting-passkey' }
  /** Its answer is being checked. */
  | { status: 'submitting-response' }
  | { status: 'done' }
  | { status: 'error'; error: PorticoError }

/** What {@link useLoginWithPasskey} and {@link useSignupWithPasskey} return. */
export interface UseLoginWithPasskeyResult {
  /**
   * Logs in with an existing passkey (`navigator.credentials.get`). The modal stays closed (unless
   * the app asks for a captcha or a post-login step such as the terms).
   * @returns the signed-in user; rejects with `PASSKEY_NOT_ALLOWED` (dialogue dismissed or timed
   *   out), `PASSKEY_NOT_SUPPORTED`, or the server's error.
   */
  loginWithPasskey: () => Promise<User>
  /**
   * Signs up with a new passkey (`navigator.credentials.create`); the modal stays closed likewise.
   * @returns the new user; rejects like `loginWithPasskey`.
   */
  signupWithPasskey: () => Promise<User>
  /** Where the last call is. */
  state: PasskeyFlowState
}

/**
 * Log in or sign up with a passkey without the modal.
 * @returns `{ loginWithPasskey, signupWithPasskey, state }`.
 * @example
 * ```tsx
 * import { useLoginWithPasskey } from 'portico/plugins/passkey'
 * function PasskeyButtons() {
 *   const { loginWithPasskey, signupWithPasskey, state } = useLoginWithPasskey()
 *   return (
 *     <>
 *       <button onClick={() => loginWithPasskey().catch(() => {})}>Log in with a passkey</button>
 *       <button onClick={() => signupWithPasskey().catch(() => {})}>Sign up with a passkey</button>
 *       {state.status === 'error' ? <p role="alert">{state.error.message}</p> : null}
 *     </>
 *   )
 * }
 * ```
 */
export function useLoginWithPasskey(): UseLoginWithPasskeyResult {
  const kernel = useKernel()
  const [state, setState] = useState<PasskeyFlowState>({ status: 'initial' })
  const run = useCallback(
    async (flow: typeof runLogin): Promise<User> => {
      const ctx = kernel.contextFor('passkey')
      setState({ status: 'initial' })
      try {
        await flow(ctx, (step) => setState({ status: step === 'awaiting' ? 'awaiting-passkey' : 'submitting-response' }))
        const user = ctx.session().user
        if (!user) throw new PorticoError('The passkey login ended without a session', { code: 'unknown_auth_error' })
        setState({ status: 'done' })
        return user
      } catch (err) {
        const error =
          err instanceof PorticoError ? err : new PorticoError('Something went wrong. Try again.', { code: 'unknown_auth_error', cause: err })
        setState(error.code === 'exited_auth_flow' ? { status: 'initial' } : { status: 'error', error })
        throw error
      }
    },
    [kernel],
  )
  const loginWithPasskey = useCallback(() => run(runLogin), [run])
  const signupWithPasskey = useCallback(() => run(runSignup), [run])
  return { loginWithPasskey, signupWithPasskey, state }
}

/**
 * The same as {@link useLoginWithPasskey}, named for a sign-up button.
 * @returns `{ loginWithPasskey, signupWithPasskey, state }`.
 * @example
 * ```tsx
 * import { useSignupWithPasskey } from 'portico/plugins/passkey'
 * const { signupWithPasskey } = useSignupWithPasskey()
 * <button onClick={() => signupWithPasskey().catch(() => {})}>Sign up with a passkey</button>
 * ```
 */
export function useSignupWithPasskey(): UseLoginWithPasskeyResult {
  return useLoginWithPasskey()
}
