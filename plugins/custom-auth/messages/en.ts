/**
 * English texts of the custom-auth plugin: one per error code.
 * @module
 */
import { defineMessages } from '../../../kernel/messages'

/**
 * The custom-auth plugin's English message table.
 * @example
 * ```ts
 * import { customAuthMessages } from 'portico/plugins/custom-auth'
 * customAuthMessages.CUSTOM_AUTH_LINK_UNSUPPORTED // 'Linking is not supported for the guest flow'
 * ```
 */
export const customAuthMessages = defineMessages({
  // The spec uses the guest flow's wording for custom tokens too.
  CUSTOM_AUTH_LINK_UNSUPPORTED: 'Linking is not supported for the guest flow',
  CUSTOM_AUTH_INVALID_TOKEN: 'Your session with this app could not be verified.',
  CUSTOM_AUTH_NOT_ENABLED: 'Sign-in with this app’s own accounts is not enabled.',
  CUSTOM_AUTH_TOKEN_CALLBACK_FAILED: 'Could not read your session with this app.',
  CUSTOM_AUTH_FAILED: 'Could not sign you in with your session from this app.',
})

/** A message key of the custom-auth plugin. */
export type CustomAuthMessageKey = keyof typeof customAuthMessages

declare module '../../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof customAuthMessages, true> {}
}
