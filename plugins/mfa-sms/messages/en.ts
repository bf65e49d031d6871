/**
 * English texts of the SMS MFA method (listed in `docs/decisions.md`).
 * @module
 */
import { defineMessages } from '../../../kernel/messages'

/**
 * The SMS MFA method's English message table.
 * @example
 * ```ts
 * import { mfaSmsMessages } from 'portico/plugins/mfa-sms'
 * mfaSmsMessages.MFA_SMS_LABEL // 'SMS'
 * ```
 */
export const mfaSmsMessages = defineMessages({
  MFA_SMS_LABEL: 'SMS',
  MFA_SMS_DESCRIPTION: 'A code texted to your phone',
  MFA_SMS_PROMPT: 'Enter the 6-digit code we texted to your phone.',
  MFA_SMS_ENROLL_TITLE: 'Add your phone number',
  MFA_SMS_ENROLL_SUBTITLE: 'We will text a code to this number when your wallet needs you to confirm it is you.',
  MFA_SMS_PHONE_LABEL: 'Phone number',
  MFA_SMS_COUNTRY_LABEL: 'Country',
  MFA_SMS_SEND: 'Send code',
  MFA_SMS_INVALID_PHONE: 'Invalid phone number',
  MFA_SMS_CODE_TITLE: 'Enter the code',
  MFA_SMS_CODE_SUBTITLE: 'We texted a 6-digit code to {phone}.',
  MFA_SMS_CHANGE_NUMBER: 'Use another number',
  MFA_SMS_ADDED_TITLE: 'SMS verification added',
  MFA_SMS_ADDED_SUBTITLE: 'We will text you a code before your wallet signs or sends.',
  MFA_SMS_REMOVE_TITLE: 'Remove SMS verification?',
  MFA_SMS_REMOVE_BODY: 'Codes texted to your phone will no longer verify your identity.',
})

/** A message key of the SMS MFA method. */
export type MfaSmsMessageKey = keyof typeof mfaSmsMessages

declare module '../../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof mfaSmsMessages, true> {}
}
