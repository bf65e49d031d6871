/**
 * English texts of the SIWE plugin: one per error code.
 * @module
 */
import { defineMessages } from '../../../kernel/messages'

/**
 * The SIWE plugin's English message table.
 * @example
 * ```ts
 * import { siweMessages } from 'portico/plugins/siwe'
 * siweMessages.SIWE_SIGNATURE_FAILED // 'Unable to connect wallet'
 * ```
 */
export const siweMessages = defineMessages({
  SIWE_LINKED_TO_ANOTHER_USER: 'Use a different wallet',
  SIWE_SIGNATURE_FAILED: 'Unable to connect wallet',
})

/** A message key of the SIWE plugin. */
export type SiweMessageKey = keyof typeof siweMessages

declare module '../../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof siweMessages, true> {}
}
