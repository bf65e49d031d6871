/**
 * Error codes of the Farcaster login and signer, and how the modal reacts to each.
 * @module
 */
import { defineErrorCodes } from '../../kernel/errors'

/**
 * The Farcaster plugin's error table. Each code's `from` lists the wire codes it stands for in the
 * Farcaster flows; its message is the code's entry in `messages/en.ts`.
 * @example
 * ```ts
 * import { FARCASTER_ERRORS } from 'portico/plugins/farcaster'
 * FARCASTER_ERRORS.FARCASTER_AUTH_FAILED.retryable // true
 * ```
 */
export const FARCASTER_ERRORS = defineErrorCodes('FARCASTER', {
  /** The signed message did not verify, or the channel was unknown or spent. */
  FARCASTER_AUTH_FAILED: { from: ['invalid_credentials'], inline: true, retryable: true, message: 'FARCASTER_AUTH_FAILED' },
  /** The user already has a Farcaster account. */
  FARCASTER_CANNOT_LINK_MORE: { from: ['cannot_link_more_of_type'], inline: true, message: 'FARCASTER_CANNOT_LINK_MORE' },
  /** No answer from the Farcaster app within 120 s. */
  FARCASTER_TIMEOUT: { inline: true, retryable: true, message: 'FARCASTER_TIMEOUT' },
  /** The user rejected the signer request in their Farcaster app. */
  FARCASTER_SIGNER_REJECTED: { inline: true, retryable: true, message: 'FARCASTER_SIGNER_REJECTED' },
})

/** An error code of the Farcaster plugin. */
export type FarcasterErrorCode = keyof typeof FARCASTER_ERRORS
