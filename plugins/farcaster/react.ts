/**
 * The React side of the Farcaster plugin: link, unlink and headless login hooks, and asking the
 * signed-in user to approve an ed25519 key as a Farcaster signer for the app.
 * @module
 */
import { useCallback, useEffect, useRef, useState } from 'react'
import { useKernel } from '../../ui/context'
import { useLinkAccount, usePortico } from '../../ui/hooks'
import { PorticoError } from '../../kernel/errors'
import type { LoginResult } from '../../kernel/plugin'
import type { User } from '../../kernel/wire'
import { farcasterRoutes, FARCASTER_CHANNEL_HEADER } from './api'
import { requestFarcasterSigner as request } from './signer'
import type { FarcasterSignerResult } from './screens/signer-requests'
import { LOGIN_TIMEOUT_MS, POLL_INTERVAL_MS, codeOf, sleep } from './screens/shared'

/** What {@link useFarcasterSigner} returns. */
export interface UseFarcasterSignerResult {
  /**
   * Opens the 'awaiting Farcaster signer' screen for `publicKey` (32 bytes, 0x-hex).
   * @param publicKey - the ed25519 public key the app will sign casts with.
   * @returns the approved signer; rejects when the user rejects it, it times out or fails, and
   *   with `must_be_authenticated` when nobody is signed in or `linked_account_not_found` when the
   *   user has no Farcaster account.
   */
  requestFarcasterSigner: (publicKey: string) => Promise<FarcasterSignerResult>
  /** The approved signer key of the user's Farcaster account, if any. */
  signerPublicKey: string | null
}

/**
 * Farcaster signers for the signed-in user. When the request is approved, the user's farcaster
 * account carries `signer_public_key` (the session is refreshed, so `usePortico().user` shows it).
 * @returns `{ requestFarcasterSigner, signerPublicKey }`.
 * @example
 * ```tsx
 * import { useFarcasterSigner } from 'portico/plugins/farcaster'
 * const { requestFarcasterSigner } = useFarcasterSigner()
 * <button onClick={() => requestFarcasterSigner('0x' + 'ab'.repeat(32))}>Request Farcaster signer</button>
 * ```
 */
export function useFarcasterSigner(): UseFarcasterSignerResult {
  const kernel = useKernel()
  // usePortico re-renders on session changes, so an approval shows up here.
  const { user } = usePortico()
  const account = user?.linked_accounts.find((a) => a.type === 'farcaster') as { signer_public_key?: string | null } | undefined
  const requestFarcasterSigner = useCallback(
    (publicKey: string) => {
      const { session } = kernel.state
      if (session.status !== 'authenticated' || !session.user) {
        return Promise.reject(new PorticoError('Log in before requesting a Farcaster signer', { code: 'must_be_authenticated' }))
      }
      if (!session.user.linked_accounts.some((a) => a.type === 'farcaster')) {
        return Promise.reject(new PorticoError('The user has no Farcaster account', { code: 'linked_account_not_found' }))
      }
      return request(kernel, publicKey)
    },
    [kernel],
  )
  return { requestFarcasterSigner, signerPublicKey: account?.signer_public_key ?? null }
}

const mustBeAuthenticated = () => new PorticoError('Log in before changing linked accounts', { code: 'must_be_authenticated' })

/** What {@link useLinkWithFarcaster} returns. */
export interface UseLinkWithFarcasterResult {
  /** Opens the modal at 'awaiting Farcaster connection' to add a Farcaster account to the signed-in user. */
  linkFarcaster: () => void
}

/**
 * Links a Farcaster account to the signed-in user: the modal shows the QR code, and a fid another
 * user holds leads to the transfer screen.
 * @returns `{ linkFarcaster() }`; it throws `must_be_authenticated` when nobody is signed in.
 * @example
 * ```tsx
 * import { useLinkWithFarcaster } from 'portico/plugins/farcaster'
 * const { linkFarcaster } = useLinkWithFarcaster()
 * <button onClick={linkFarcaster}>Link Farcaster</button>
 * ```
 */
export function useLinkWithFarcaster(): UseLinkWithFarcasterResult {
  const { link } = useLinkAccount()
  return { linkFarcaster: useCallback(() => link('farcaster'), [link]) }
}

/** What {@link useUnlinkFarcaster} returns. */
export interface UseUnlinkFarcasterResult {
  /**
   * Removes the Farcaster account from the signed-in user, then refreshes the session.
   * @param fid - the account's `fid`.
   * @returns the updated user; rejects with the server's error (`cannot_unlink_sole_account`...).
   */
  unlinkFarcaster: (fid: number) => Promise<User>
}

/**
 * Unlinks the signed-in user's Farcaster account.
 * @returns `{ unlinkFarcaster(fid) }`.
 * @example
 * ```tsx
 * import { useUnlinkFarcaster } from 'portico/plugins/farcaster'
 * const { unlinkFarcaster } = useUnlinkFarcaster()
 * <button onClick={() => unlinkFarcaster(account.fid)}>Unlink Farcaster</button>
 * ```
 */
export function useUnlinkFarcaster(): UseUnlinkFarcasterResult {
  const kernel = useKernel()
  const unlinkFarcaster = useCallback(
    (fid: number) => {
      if (kernel.state.session.status !== 'authenticated') return Promise.reject(mustBeAuthenticated())
      const ctx = kernel.contextFor('farcaster')
      return ctx.changeAccounts(() => ctx.api.request(farcasterRoutes.unlink, { fid }), { method: 'farcaster' })
    },
    [kernel],
  )
  return { unlinkFarcaster }
}

/** Where a headless Farcaster login is. */
export type FarcasterLoginState =
  | { status: 'idle' }
  /** Captcha and channel. */
  | { status: 'initializing' }
  /** `connectUri` is set: the host shows it as a QR code (or a link on phones) while the channel is polled. */
  | { status: 'awaiting-user' }
  | { status: 'submitting' }
  | { status: 'done' }
  | { status: 'error'; error: PorticoError }

/** What {@link useLoginWithFarcaster} returns. */
export interface UseLoginWithFarcasterResult {
  /**
   * Opens a relay channel, polls it every 2 s and signs in once the user approved in their Farcaster
   * app; gives up after 120 s (`FARCASTER_TIMEOUT`). The modal stays closed (unless the app asks for
   * a captcha or a post-login step such as the terms).
   * @returns the login result; rejects with the failure (`FARCASTER_AUTH_FAILED`, `FARCASTER_TIMEOUT`,
   *   a server error such as `allowlist_rejected`, or `exited_auth_flow` after {@link cancel}).
   */
  initLoginWithFarcaster: () => Promise<LoginResult>
  /** The channel's connect URI (`https://warpcast.com/~/siwf?channelToken=…`) while waiting, else null. */
  connectUri: string | null
  /** Where the login is. */
  state: FarcasterLoginState
  /** Stops polling; the pending `initLoginWithFarcaster()` rejects with `exited_auth_flow`. */
  cancel: () => void
}

/**
 * Sign in with Farcaster without the modal: the host draws its own QR code from `connectUri`.
 * @returns `{ initLoginWithFarcaster, connectUri, state, cancel }`.
 * @example
 * ```tsx
 * import { useLoginWithFarcaster } from 'portico/plugins/farcaster'
 * function FarcasterLogin() {
 *   const { initLoginWithFarcaster, connectUri, state, cancel } = useLoginWithFarcaster()
 *   if (connectUri) return <p>Scan <a href={connectUri}>{connectUri}</a> <button onClick={cancel}>Cancel</button></p>
 *   return <button disabled={state.status === 'initializing'} onClick={() => initLoginWithFarcaster().catch(() => {})}>Farcaster</button>
 * }
 * ```
 */
export function useLoginWithFarcaster(): UseLoginWithFarcasterResult {
  const kernel = useKernel()
  const [state, setState] = useState<FarcasterLoginState>({ status: 'idle' })
  const [connectUri, setConnectUri] = useState<string | null>(null)
  const run = useRef<AbortController | null>(null)
  // An unmounted host stops polling.
  useEffect(() => () => run.current?.abort(), [])

  const initLoginWithFarcaster = useCallback(async (): Promise<LoginResult> => {
    run.current?.abort()
    const controller = new AbortController()
    run.current = controller
    const { signal } = controller
    const ctx = kernel.contextFor('farcaster')
    const cancelled = () => new PorticoError('The Farcaster login was cancelled', { code: 'exited_auth_flow' })
    setConnectUri(null)
    setState({ status: 'initializing' })
    try {
      const { token: captchaToken } = await ctx.beginLogin({ method: 'farcaster' })
      if (signal.aborted) throw cancelled()
      const channel = await ctx.api.request(farcasterRoutes.init, captchaToken ? { token: captchaToken } : {}, { signal })
      setConnectUri(channel.connect_uri)
      setState({ status: 'awaiting-user' })
      const deadline = Date.now() + LOGIN_TIMEOUT_MS
      for (;;) {
        try {
          await sleep(POLL_INTERVAL_MS, signal)
        } catch {
          throw cancelled()
        }
        if (Date.now() >= deadline) {
          throw new PorticoError(ctx.t('FARCASTER_TIMEOUT'), { code: 'FARCASTER_TIMEOUT' })
        }
        let s
        try {
          s = await ctx.api.request(farcasterRoutes.status, {}, { signal, headers: { [FARCASTER_CHANNEL_HEADER]: channel.channel_token } })
        } catch (err) {
          if (signal.aborted) throw cancelled()
          // A missed poll is retried by the next one; a refused channel is final.
          if (codeOf(err) === 'invalid_credentials') throw new PorticoError(ctx.t('FARCASTER_AUTH_FAILED'), { code: 'FARCASTER_AUTH_FAILED', cause: err })
          continue
        }
        if (s.state !== 'completed') continue
        setConnectUri(null)
        setState({ status: 'submitting' })
        const signed = { channel_token: channel.channel_token, message: s.message, signature: s.signature, fid: s.fid }
        const result = await ctx.authenticate(() => ctx.api.request(farcasterRoutes.authenticate, { ...signed, mode: ctx.loginMode() }), {
          method: 'farcaster',
        })
        if (run.current === controller) setState({ status: 'done' })
        return result
      }
    } catch (err) {
      const error = signal.aborted
        ? cancelled()
        : err instanceof PorticoError
          ? err
          : new PorticoError(ctx.t('FARCASTER_AUTH_FAILED'), { code: codeOf(err) ?? 'FARCASTER_AUTH_FAILED', cause: err })
      // A newer attempt owns the state now.
      if (run.current === controller) {
        setConnectUri(null)
        setState(error.code === 'exited_auth_flow' ? { status: 'idle' } : { status: 'error', error })
      }
      throw error
    }
  }, [kernel])

  const cancel = useCallback(() => run.current?.abort(), [])
  return { initLoginWithFarcaster, connectUri, state, cancel }
}
