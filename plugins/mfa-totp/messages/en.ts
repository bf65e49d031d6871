/**
 * English texts of the authenticator-app MFA method (listed in `docs/decisions.md`).
 * @module
 */
import { defineMessages } from '../../../kernel/messages'

/**
 * The authenticator-app method's English message table.
 * @example
 * ```ts
 * import { mfaTotpMessages } from 'portico/plugins/mfa-totp'
 * mfaTotpMessages.MFA_TOTP_LABEL // 'Authenticator app'
 * ```
 */
export const mfaTotpMessages = defineMessages({
  MFA_TOTP_LABEL: 'Authenticator app',
  MFA_TOTP_DESCRIPTION: 'A code from an app such as Google Authenticator',
  MFA_TOTP_PROMPT: 'Enter the 6-digit code from your authenticator app.',
  MFA_TOTP_ENROLL_TITLE: 'Set up your authenticator app',
  MFA_TOTP_ENROLL_SUBTITLE: 'Scan the QR code with your authenticator app, or enter the key by hand.',
  MFA_TOTP_QR_LABEL: 'QR code to add this account to your authenticator app',
  MFA_TOTP_PREPARING: 'Preparing…',
  MFA_TOTP_SECRET_LABEL: 'Setup key',
  MFA_TOTP_COPY: 'Copy key',
  MFA_TOTP_COPIED: 'Copied',
  MFA_TOTP_CODE_PROMPT: 'Then enter the 6-digit code it shows.',
  MFA_TOTP_ADDED_TITLE: 'Authenticator app added',
  MFA_TOTP_ADDED_SUBTITLE: 'You will enter a code from it before your wallet signs or sends.',
  MFA_TOTP_RETRY: 'Try again',
  MFA_TOTP_REMOVE_TITLE: 'Remove authenticator app?',
  MFA_TOTP_REMOVE_BODY: 'Codes from your authenticator app will no longer verify your identity.',
})

/** A message key of the authenticator-app method. */
export type MfaTotpMessageKey = keyof typeof mfaTotpMessages

declare module '../../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof mfaTotpMessages, true> {}
}
