/**
 * English texts of the solana plugin: its error codes and its screens.
 * @module
 */
import { defineMessages } from '../../../kernel/messages'

/**
 * The solana plugin's English message table.
 * @example
 * ```ts
 * import { solanaMessages } from 'portico/plugins/solana'
 * solanaMessages.SOLANA_STILL_HERE_TITLE // 'Still here?'
 * ```
 */
export const solanaMessages = defineMessages({
  SOLANA_SIGN_MESSAGE_UNSUPPORTED: 'This wallet does not support message signing.',
  SOLANA_MESSAGE_NOT_STRING: 'A Solana message must be a string.',
  SOLANA_INTERSTITIAL_TITLE: 'Open in Phantom',
  SOLANA_INTERSTITIAL_DETAIL: 'To connect your Phantom wallet, continue in the Phantom app.',
  SOLANA_CONTINUE: 'Continue',
  SOLANA_STILL_HERE_TITLE: 'Still here?',
  SOLANA_STILL_HERE_DETAIL: "If Phantom didn't open, try again or install the Phantom app.",
  SOLANA_TRY_AGAIN: 'Try again',
  SOLANA_INSTALL_TITLE: 'Install Phantom',
  SOLANA_INSTALL_DETAIL: 'Phantom is not installed in this browser. Install it, then reload this page to connect.',
  SOLANA_INSTALL_PHANTOM_CTA: 'Get Phantom',
  SOLANA_LEARN_MORE: 'Learn more about Phantom',
})

/** A message key of the solana plugin. */
export type SolanaMessageKey = keyof typeof solanaMessages

declare module '../../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof solanaMessages, true> {}
}
