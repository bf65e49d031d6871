/**
 * Error codes of the Solana connector and how the modal reacts to each.
 * @module
 */
import { defineErrorCodes } from '../../kernel/errors'

/**
 * The solana plugin's error table. The connector raises these codes itself (they are client-side).
 * @example
 * ```ts
 * import { SOLANA_ERRORS } from 'portico/plugins/solana'
 * SOLANA_ERRORS.SOLANA_SIGN_MESSAGE_UNSUPPORTED.inline // true
 * ```
 */
export const SOLANA_ERRORS = defineErrorCodes('SOLANA', {
  /** The wallet has no `solana:signMessage`: it cannot sign in. */
  SOLANA_SIGN_MESSAGE_UNSUPPORTED: { inline: true, message: 'SOLANA_SIGN_MESSAGE_UNSUPPORTED' },
  /** `signMessage` was called with something other than a string. */
  SOLANA_MESSAGE_NOT_STRING: { inline: true, message: 'SOLANA_MESSAGE_NOT_STRING' },
})

/** An error code of the solana plugin. */
export type SolanaErrorCode = keyof typeof SOLANA_ERRORS
