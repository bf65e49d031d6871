/**
 * The React side of the passkey plugin: link, unlink and rename the signed-in user's passkeys, and log
 * in or sign up with a passkey without the modal.
 * @module
 */
import { useCallback, useState } from 'react'
import { useKernel } from '../../ui/context'
import type { Kernel } from '../../kernel/types'
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
    (credentialId: string) => changePasskeys(kernel, (ctx) => ctx.api.request(passkeyRoutes.unlink, { credential_id: credentialId })),
    [kernel],
  )
  return { unlinkPasskey }
}

/** What {@link useRenamePasskey} returns. */
export interface UseRenamePasskeyResult {
  /**
   * Names one of the signed-in user's passkeys (`POST /passkeys/label`), then refreshes the session.
   * @param credentialId - the passkey account's `credential_id`.
   * @param label - the name (trimmed, at most 64 characters); empty clears it, so the passkey reads
   *   as its provider or '{browser} on {os}' again.
   * @returns the updated user, whose passkey account carries `label`; rejects with the server's error.
   */
  renamePasskey: (credentialId: string, label: string) => Promise<User>
}

/**
 * Renames one of the signed-in user's passkeys without the modal (the management screen's Rename).
 * @returns `{ renamePasskey(credentialId, label) }`; it rejects with `must_be_authenticated` when nobody is signed in.
 * @example
 * ```tsx
 * import { useRenamePasskey } from 'portico/plugins/passkey'
 * const { renamePasskey } = useRenamePasskey()
 * <button onClick={() => renamePasskey(account.credential_id, 'Work laptop')}>Name it</button>
 * ```
 */
export function useRenamePasskey(): UseRenamePasskeyResult {
  const kernel = useKernel()
  const renamePasskey = useCallback(
    (credentialId: string, label: string) =>
      changePasskeys(kernel, (ctx) => ctx.api.request(passkeyRoutes.label, { credential_id: credentialId, label })),
    [kernel],
  )
  return { renamePasskey }
}

/** Runs a change of the signed-in user's passkeys and refreshes the session; refuses when signed out. */
function changePasskeys(kernel: Kernel, call: (ctx: ReturnType<Kernel['contextFor']>) => Promise<unknown>): Promise<User> {
  if (kernel.state.session.status !== 'authenticated') {
    return Promise.reject(new PorticoError('Log in before changing linked accounts', { code: 'must_be_authenticated' }))
  }
  const ctx = kernel.contextFor('passkey')
  return ctx.changeAccounts(() => call(ctx), { method: PASSKEY_METHOD })
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
