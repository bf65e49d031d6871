/**
 * The message a wallet's own key signs before the server records the wallet or changes its
 * secret's shares. Shared by the wallet frame (which signs it) and the server (which checks it).
 * @module
 */

/** What a proof is for. */
export type WalletProofAction = 'create' | 'add' | 'set-recovery'

/** The fields a proof binds. */
export interface WalletProofFields {
  action: WalletProofAction
  appId: string
  /** The user's DID. */
  userId: string
  /** The wallet that signs: the new wallet (`create`, `add`) or the secret's first wallet (`set-recovery`). */
  address: string
  entropyId: string
  /**
   * Hex SHA-256 of what the request stores (`digestOf` of the auth share and the recovery input),
   * so a proof cannot be reused with other shares; `''` for `add`.
   */
  digest: string
  /** The shares' version the change replaces (`set-recovery`); 0 otherwise. */
  version: number
}

/**
 * The text a proof signs (EVM: `personal_sign` of its UTF-8 bytes; Solana: ed25519 over them).
 * @param f - the fields.
 * @returns the message.
 * @example
 * ```ts
 * walletProofMessage({ action: 'add', appId: 'app', userId: 'did:privy:u', address: '0x…', entropyId: '0x…', digest: '', version: 0 })
 * ```
 */
export function walletProofMessage(f: WalletProofFields): string {
  return [
    'Portico embedded wallet',
    `Action: ${f.action}`,
    `App: ${f.appId}`,
    `User: ${f.userId}`,
    `Address: ${f.address}`,
    `Entropy: ${f.entropyId}`,
    `Digest: ${f.digest}`,
    `Version: ${f.version}`,
  ].join('\n')
}

/**
 * The canonical text a proof's digest is taken over: the auth share and every field of the
 * recovery input, in a fixed order.
 * @param authShare - the base64 auth share.
 * @param recovery - the recovery input of the request.
 * @returns the text to hash (SHA-256, hex) for {@link WalletProofFields.digest}.
 */
export function digestInput(
  authShare: string,
  recovery: { method: string; encrypted_share: string; recovery_key?: string; salt?: string; verifier?: string; file_id?: string; icloud_record_name?: string },
): string {
  const fields = [authShare, recovery.method, recovery.encrypted_share, recovery.recovery_key ?? '', recovery.salt ?? '', recovery.verifier ?? '']
  // A cloud recovery's place joins the digest; the other methods' digests stay as they were.
  const ref = recovery.file_id ?? recovery.icloud_record_name
  return (ref === undefined ? fields : [...fields, ref]).join('\n')
}
