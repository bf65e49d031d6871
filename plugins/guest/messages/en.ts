/**
 * English texts of the guest plugin: one per error code, plus every label.
 * @module
 */
import { defineMessages } from '../../../kernel/messages'

/**
 * The guest plugin's English message table.
 * @example
 * ```ts
 * import { guestMessages } from 'portico/plugins/guest'
 * guestMessages.GUEST_LINK_UNSUPPORTED // 'Linking is not supported for the guest flow'
 * ```
 */
export const guestMessages = defineMessages({
  GUEST_LINK_UNSUPPORTED: 'Linking is not supported for the guest flow',
  GUEST_DISABLED: 'Guest access is not enabled for this app.',
  GUEST_INVALID_CREDENTIAL: 'Your guest key was not accepted. Please try again.',
  GUEST_SIGN_IN_FAILED: 'Could not continue as a guest. Please try again.',
  GUEST_METHOD_LABEL: 'Continue as guest',
  GUEST_WORKING_TITLE: 'Continuing as guest',
  GUEST_WORKING_SUBTITLE: 'Setting up your guest account on this device.',
  GUEST_WORKING: 'Signing you in',
  GUEST_SUCCESS_TITLE: 'Success!',
  GUEST_SUCCESS_SUBTITLE: "You're good to go!",
  GUEST_ERROR_TITLE: 'Could not continue as guest',
})

/** A message key of the guest plugin. */
export type GuestMessageKey = keyof typeof guestMessages

declare module '../../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof guestMessages, true> {}
}
