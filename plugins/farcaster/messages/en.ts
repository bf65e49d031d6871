/**
 * English texts of the Farcaster plugin: one per error code, plus every label.
 * @module
 */
import { defineMessages } from '../../../kernel/messages'

/**
 * The Farcaster plugin's English message table.
 * @example
 * ```ts
 * import { farcasterMessages } from 'portico/plugins/farcaster'
 * farcasterMessages.FARCASTER_TIMEOUT // 'The request timed out. Try again.'
 * ```
 */
export const farcasterMessages = defineMessages({
  FARCASTER_AUTH_FAILED: 'Something went wrong. Try again.',
  FARCASTER_CANNOT_LINK_MORE: 'This account already has a Farcaster account.',
  FARCASTER_TIMEOUT: 'The request timed out. Try again.',
  FARCASTER_SIGNER_REJECTED: 'The request was rejected. Please try again.',
  FARCASTER_METHOD_LABEL: 'Continue with Farcaster',
  FARCASTER_CONNECT_TITLE: 'Sign in with Farcaster',
  FARCASTER_CONNECT_SUBTITLE: 'Scan with your phone’s camera to continue.',
  FARCASTER_QR_LABEL: 'QR code to sign in with Farcaster',
  FARCASTER_OPEN_APP: 'Open in Warpcast',
  FARCASTER_WAITING: 'Waiting for your Farcaster app',
  FARCASTER_FAILED_TITLE: 'Authentication failed',
  FARCASTER_RETRY: 'Retry',
  FARCASTER_OTHER_METHOD: 'Use another method',
  FARCASTER_SIGNER_TITLE: 'Add a Farcaster signer',
  FARCASTER_SIGNER_SUBTITLE: 'Scan with your phone’s camera and approve the request in your Farcaster app.',
  FARCASTER_SIGNER_QR_LABEL: 'QR code to approve the Farcaster signer',
  FARCASTER_SIGNER_FAILED_TITLE: 'Connect failed',
  FARCASTER_SIGNER_REJECTED_TITLE: 'Request rejected',
  FARCASTER_SIGNER_APPROVED_TITLE: 'Signer approved',
  FARCASTER_SIGNER_APPROVED_SUBTITLE: "You're good to go!",
})

/** A message key of the Farcaster plugin. */
export type FarcasterMessageKey = keyof typeof farcasterMessages

declare module '../../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof farcasterMessages, true> {}
}
