/**
 * English texts of the SMS plugin: one per error code, plus every label.
 * @module
 */
import { defineMessages } from '../../../kernel/messages'

/**
 * The SMS plugin's English message table.
 * @example
 * ```ts
 * import { smsMessages } from 'portico/plugins/sms'
 * smsMessages.SMS_INVALID_CODE // 'Invalid or expired verification code'
 * ```
 */
export const smsMessages = defineMessages({
  SMS_INVALID_CODE: 'Invalid or expired verification code',
  SMS_CANNOT_LINK_MORE: 'This account already has a phone number.',
  SMS_INVALID_NUMBER: 'Please enter a valid phone number',
  SMS_VERIFY_FAILED: 'Issue verifying code',
  SMS_METHOD_LABEL: 'Continue with SMS',
  SMS_INPUT_LABEL: 'Phone number',
  SMS_COUNTRY_LABEL: 'Country',
  SMS_INPUT_PLACEHOLDER: 'Phone number',
  SMS_SUBMIT: 'Submit',
  SMS_ENTRY_TITLE: 'Log in with SMS',
  SMS_LINK_TITLE: 'Link your phone',
  SMS_ENTRY_SUBTITLE: "We'll text a six-digit code to your phone.",
  SMS_CODE_TITLE: 'Enter confirmation code',
  SMS_CODE_SUBTITLE: 'Please check {phone} for a text from {app} and enter your code below.',
  SMS_CODE_LABEL: 'Verification code',
  SMS_RESEND_IN: 'Resend code in {seconds}s',
  SMS_RESENT: 'A new code is on its way.',
  SMS_VERIFYING: 'Verifying code',
  SMS_SUCCESS_TITLE: 'Success!',
  SMS_SUCCESS_SUBTITLE: "You're good to go!",
  SMS_DIDNT_GET: "Didn't get a text?",
  SMS_UPDATE_TITLE: 'Update your phone number',
  SMS_UPDATE_SUBTITLE: 'Enter the number to use instead of {phone}.',
  SMS_UPDATE_NEEDS_PHONE: 'User is required to have an phone number to update it.',
  SMS_CURRENT_CODE_TITLE: "Confirm it's you",
  SMS_CURRENT_CODE_SUBTITLE: 'To change your phone number, please check {phone} for a text from {app} and enter your code below.',
})

/** A message key of the SMS plugin. */
export type SmsMessageKey = keyof typeof smsMessages

declare module '../../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof smsMessages, true> {}
}
