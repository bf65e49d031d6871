/**
 * Error codes of Sign-In With Solana and how the modal reacts to each.
 * @module
 */
import { defineErrorCodes } from '../../kernel/errors'

/**
 * The SIWS plugin's error table. Each code's `from` lists the wire codes it stands for in the SIWS
 * flows; its message is the code's entry in `messages/en.ts`.
 * @example
 * ```ts
 * import { SIWS_ERRORS } from 'portico/plugins/siws'
 * SIWS_ERRORS.SIWS_SIGNATURE_FAILED.retryable // true
 * ```
 */
export const SIWS_ERRORS = defineErrorCodes('SIWS', {
  /** The wallet belongs to another user: pick another wallet. */
  SIWS_LINKED_TO_ANOTHER_USER: { from: ['linked_to_another_user'], inline: true, message: 'SIWS_LINKED_TO_ANOTHER_USER' },
  /** The server refused the signed message (bad signature, stale nonce, wrong domain). */
  SIWS_SIGNATURE_FAILED: {
    from: ['invalid_credentials', 'invalid_data'],
    inline: true,
    retryable: true,
    message: 'SIWS_SIGNATURE_FAILED',
  },
  /** The wallet offered a kind of signature the server does not take. */
  SIWS_NOT_SUPPORTED: { from: ['not_supported'], inline: true, message: 'SIWS_NOT_SUPPORTED' },
})

/** An error code of the SIWS plugin. */
export type SiwsErrorCode = keyof typeof SIWS_ERRORS
