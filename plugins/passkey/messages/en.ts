/**
 * English texts of the passkey plugin: one per error code, plus every label.
 * @module
 */
import { defineMessages } from '../../../kernel/messages'

/**
 * The passkey plugin's English message table.
 * @example
 * ```ts
 * import { passkeyMessages } from 'portico/plugins/passkey'
 * passkeyMessages.PASSKEY_NOT_ALLOWED // 'Passkey request timed out or rejected by user.'
 * ```
 */
export const passkeyMessages = defineMessages({
  PASSKEY_NOT_ALLOWED: 'Passkey request timed out or rejected by user.',
  PASSKEY_NOT_SUPPORTED: 'WebAuthn is not supported in this browser',
  PASSKEY_CANNOT_LINK_MORE: 'Cannot link more passkeys to account.',
  PASSKEY_CANNOT_UNLINK_MFA: 'Cannot unlink a passkey enrolled in MFA',
  PASSKEY_CANNOT_UNLINK_SOLE: 'This passkey is your only way to log in, so it cannot be removed.',
  PASSKEY_NOT_REGISTERED: 'This passkey is not registered with this app.',
  PASSKEY_ALREADY_REGISTERED: 'This device already has a passkey for your account.',
  PASSKEY_VERIFY_FAILED: 'The passkey could not be verified. Try again.',
  PASSKEY_UNKNOWN: 'An unknown error occurred.',
  PASSKEY_METHOD_LABEL: 'Continue with a passkey',
  PASSKEY_TITLE: 'Log in with a passkey',
  PASSKEY_SUBTITLE: 'Use the passkey saved on this device or your password manager.',
  PASSKEY_LOG_IN: 'Log in with a passkey',
  PASSKEY_CREATE: 'Create a passkey',
  PASSKEY_LINK_TITLE: 'Add a passkey',
  PASSKEY_LINK_SUBTITLE: 'Save a passkey on this device to log in to your account.',
  PASSKEY_AWAITING: 'Waiting for passkey',
  PASSKEY_AWAITING_SUBTITLE: 'Follow the prompts from your browser or device.',
  PASSKEY_SUBMITTING: 'Verifying passkey',
  PASSKEY_SUCCESS_TITLE: 'Success!',
  PASSKEY_SUCCESS_SUBTITLE: "You're good to go!",
  PASSKEY_ERROR_TITLE: 'Could not use passkey',
  PASSKEY_MANAGE_TITLE: 'Your passkeys',
  PASSKEY_MANAGE_SUBTITLE: 'Passkeys let you log in with your device instead of a code.',
  PASSKEY_MANAGE_EMPTY: 'You have no passkeys yet.',
  PASSKEY_UPDATED: 'Passkeys updated',
  PASSKEY_ADD: 'Add new passkey',
  PASSKEY_UNLINK: 'Unlink',
  PASSKEY_UNLINK_NAMED: 'Unlink {name}',
  PASSKEY_VIEW_ALL: 'View All',
  PASSKEY_DONE: 'Done',
  PASSKEY_MFA_BADGE: 'MFA',
  PASSKEY_DEFAULT_NAME: 'Passkey',
  PASSKEY_NAME_FROM: '{browser} on {os}',
  PASSKEY_CREATED_ON: 'Created {date}',
  PASSKEY_DETAIL: '{name} · {created}',
  PASSKEY_RENAME: 'Rename',
  PASSKEY_RENAME_NAMED: 'Rename {name}',
  PASSKEY_LABEL_INPUT: 'Passkey name',
  PASSKEY_LABEL_SAVE: 'Save',
  PASSKEY_LABEL_CANCEL: 'Cancel',
})

/** A message key of the passkey plugin. */
export type PasskeyMessageKey = keyof typeof passkeyMessages

declare module '../../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof passkeyMessages, true> {}
}
