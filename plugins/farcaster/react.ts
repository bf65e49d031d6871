/**
 * The React side of the Farcaster plugin: ask the signed-in user to approve an ed25519 key as a
 * Farcaster signer for the app.
 * @module
 */
import { useCallback } from 'react'
import { useKernel } from '../../ui/context'
import { usePortico } from '../../ui/hooks'
import { PorticoError } from '../../kernel/errors'
import { requestFarcasterSigner as request } from './signer'
import type { FarcasterSignerResult } from './screens/signer-requests'

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
