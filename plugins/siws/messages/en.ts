/**
 * English texts of the SIWS plugin: one per error code.
 * @module
 */
import { defineMessages } from '../../../kernel/messages'

/**
 * The SIWS plugin's English message table.
 * @example
 * ```ts
 * import { siwsMessages } from 'portico/plugins/siws'
 * siwsMessages.SIWS_SIGNATURE_FAILED // 'Unable to connect wallet'
 * ```
 */
export const siwsMessages = defineMessages({
  SIWS_LINKED_TO_ANOTHER_USER: 'Use a different wallet',
  SIWS_SIGNATURE_FAILED: 'Unable to connect wallet',
  SIWS_NOT_SUPPORTED: 'This wallet cannot sign in with a plain message.',
})

/** A message key of the SIWS plugin. */
export type SiwsMessageKey = keyof typeof siwsMessages

declare module '../../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof siwsMessages, true> {}
}
