/**
 * {@link requestFarcasterSigner}: opens the signer screen and waits for its outcome. Apart from the
 * plugin's entry so the React hook can import it without a cycle.
 * @module
 */
import type { Kernel } from '../../kernel/types'
import { waitForSigner, type FarcasterSignerResult } from './screens/signer-requests'

/**
 * Asks the signed-in user to approve an ed25519 key as a Farcaster signer for the app: opens the
 * modal on the 'awaiting Farcaster signer' screen (QR code of the approval URL, polled every 2 s,
 * 300 s timeout). When approved, the user's farcaster account carries `signer_public_key`.
 * @param kernel - the Portico kernel (`useKernel()` in React), with the farcaster plugin.
 * @param publicKey - the ed25519 public key, 0x-hex of 32 bytes.
 * @returns the approved signer; rejects when the user rejects it, it times out or fails.
 * @example
 * ```ts
 * import { requestFarcasterSigner } from 'portico/plugins/farcaster'
 * const { fid } = await requestFarcasterSigner(kernel, '0x' + 'ab'.repeat(32))
 * ```
 */
export function requestFarcasterSigner(kernel: Pick<Kernel, 'openModal'>, publicKey: string): Promise<FarcasterSignerResult> {
  const key = publicKey.toLowerCase()
  if (!/^0x[0-9a-f]{64}$/.test(key)) return Promise.reject(new Error('publicKey must be 32 bytes of 0x-hex.'))
  const done = waitForSigner(key)
  kernel.openModal('farcaster/signer', { publicKey: key })
  return done
}
