/**
 * Error codes of Sign-In With Ethereum and how the modal reacts to each.
 * @module
 */
import { defineErrorCodes } from '../../kernel/errors'

/**
 * The SIWE plugin's error table. Each code's `from` lists the wire codes it stands for in the SIWE
 * flows; its message is the code's entry in `messages/en.ts`.
 * @example
 * ```ts
 * import { SIWE_ERRORS } from 'portico/plugins/siwe'
 * SIWE_ERRORS.SIWE_LINKED_TO_ANOTHER_USER.message // 'SIWE_LINKED_TO_ANOTHER_USER'
 * ```
 */
export const SIWE_ERRORS = defineErrorCodes('SIWE', {
  /** The wallet belongs to another user: pick another wallet. */
  SIWE_LINKED_TO_ANOTHER_USER: {
    from: ['linked_to_another_user'],
    inline: true,
    message: 'SIWE_LINKED_TO_ANOTHER_USER',
  },
  /** The signature or message was refused after the retries: the wallet could not be connected. */
  SIWE_SIGNATURE_FAILED: {
    from: ['invalid_credentials', 'invalid_data'],
    inline: true,
    retryable: true,
    message: 'SIWE_SIGNATURE_FAILED',
  },
})

/** An error code of the SIWE plugin. */
export type SiweErrorCode = keyof typeof SIWE_ERRORS
