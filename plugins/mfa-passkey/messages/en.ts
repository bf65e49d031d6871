/**
 * English texts of the passkey MFA method (listed in `docs/decisions.md`).
 * @module
 */
import { defineMessages } from '../../../kernel/messages'

/**
 * The passkey MFA method's English message table.
 * @example
 * ```ts
 * import { mfaPasskeyMessages } from 'portico/plugins/mfa-passkey'
 * mfaPasskeyMessages.MFA_PASSKEY_LABEL // 'Passkey'
 * ```
 */
export const mfaPasskeyMessages = defineMessages({
  MFA_PASSKEY_LABEL: 'Passkey',
  MFA_PASSKEY_DESCRIPTION: 'Your device confirms it is you',
  MFA_PASSKEY_PROMPT: 'Use a passkey you enrolled to confirm it is you.',
  MFA_PASSKEY_INTRO_TITLE: 'Verify with a passkey',
  MFA_PASSKEY_INTRO_SUBTITLE: 'Choose the passkeys that may confirm it is you before your wallet signs or sends. Your device asks for your fingerprint, face or screen lock.',
  MFA_PASSKEY_LIST_TITLE: 'Choose your passkeys',
  MFA_PASSKEY_LIST_SUBTITLE: 'Passkeys you pick here also verify your identity.',
  MFA_PASSKEY_NONE: 'You have no passkey yet. Create one on this device first.',
  MFA_PASSKEY_CREATE: 'Create a passkey',
  MFA_PASSKEY_VIEW_ALL: 'View all',
  MFA_PASSKEY_ENROLL: 'Use for verification',
  MFA_PASSKEY_DEFAULT_NAME: 'Passkey',
  MFA_PASSKEY_NAME_FROM: '{browser} on {os}',
  MFA_PASSKEY_ADDED_TITLE: 'Passkey verification added',
  MFA_PASSKEY_ADDED_SUBTITLE: 'Your passkey will confirm it is you before your wallet signs or sends.',
  MFA_PASSKEY_REMOVE_TITLE: 'Remove passkey verification?',
  MFA_PASSKEY_REMOVE_BODY: 'Your passkeys stay for logging in, but no longer verify your identity.',
})

/** A message key of the passkey MFA method. */
export type MfaPasskeyMessageKey = keyof typeof mfaPasskeyMessages

declare module '../../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof mfaPasskeyMessages, true> {}
}
