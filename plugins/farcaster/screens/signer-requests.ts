/**
 * Pending `requestFarcasterSigner` calls, settled by the signer screen. Kept apart from the screen so
 * the plugin's entry module can import it without pulling the screen into the initial bundle.
 * @module
 */

/** What an approved signer request resolves to. */
export interface FarcasterSignerResult {
  status: 'approved'
  fid: number
  public_key: string
}

interface Pending {
  resolve: (r: FarcasterSignerResult) => void
  reject: (err: Error) => void
}

const pending = new Map<string, Pending>()

/**
 * Registers a waiting call for a key (a newer call for the same key replaces the older one, which is rejected).
 * @param publicKey - the ed25519 key, lowercase 0x-hex.
 * @returns a promise settled by {@link settleSignerRequest}.
 * @example
 * ```ts
 * const done = waitForSigner(key)
 * ```
 */
export function waitForSigner(publicKey: string): Promise<FarcasterSignerResult> {
  pending.get(publicKey)?.reject(new Error('Superseded by a newer signer request.'))
  return new Promise((resolve, reject) => pending.set(publicKey, { resolve, reject }))
}

/**
 * Settles the waiting call for a key, if any.
 * @param publicKey - the key.
 * @param outcome - the approved result, or the error to reject with.
 * @returns nothing.
 * @example
 * ```ts
 * settleSignerRequest(key, new Error('The request was rejected. Please try again.'))
 * ```
 */
export function settleSignerRequest(publicKey: string, outcome: FarcasterSignerResult | Error): void {
  const p = pending.get(publicKey)
  if (!p) return
  pending.delete(publicKey)
  if (outcome instanceof Error) p.reject(outcome)
  else p.resolve(outcome)
}
