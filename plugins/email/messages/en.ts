/**
 * English texts of the email plugin: one per error code, plus every label.
 * @module
 */
import { defineMessages } from '../../../kernel/messages'

/**
 * The email plugin's English message table.
 * @example
 * ```ts
 * import { emailMessages } from 'portico/plugins/email'
 * emailMessages.EMAIL_INVALID_CODE // 'Invalid or expired verification code'
 * ```
 */
export const emailMessages = defineMessages({
  EMAIL_INVALID_CODE: 'Invalid or expired verification code',
  EMAIL_DISALLOWED_PLUS: "Please enter a valid email address without a '+'.",
  EMAIL_CANNOT_LINK_MORE: 'This account already has an email address.',
  EMAIL_INVALID_ADDRESS: 'Please enter a valid email address',
  EMAIL_VERIFY_FAILED: 'Issue verifying code',
  EMAIL_METHOD_LABEL: 'Continue with email',
  EMAIL_INPUT_LABEL: 'Email address',
  EMAIL_INPUT_PLACEHOLDER: 'your@email.com',
  EMAIL_SUBMIT: 'Submit',
  EMAIL_ENTRY_TITLE: 'Log in with email',
  EMAIL_LINK_TITLE: 'Link your email',
  EMAIL_ENTRY_SUBTITLE: "We'll send a six-digit code to your inbox.",
  EMAIL_CODE_TITLE: 'Enter confirmation code',
  EMAIL_CODE_SUBTITLE: 'Please check {email} for an email from {app} and enter your code below.',
  EMAIL_CODE_LABEL: 'Verification code',
  EMAIL_RESEND_IN: 'Resend code in {seconds}s',
  EMAIL_RESENT: 'A new code is on its way.',
  EMAIL_VERIFYING: 'Verifying code',
  EMAIL_SUCCESS_TITLE: 'Success!',
  EMAIL_SUCCESS_SUBTITLE: "You're good to go!",
  EMAIL_DIDNT_GET: "Didn't get an email?",
  EMAIL_UPDATE_TITLE: 'Update your email',
  EMAIL_UPDATE_SUBTITLE: 'Enter the address to use instead of {email}.',
  EMAIL_UPDATE_NEEDS_EMAIL: 'User is required to have an email address to update it.',
  EMAIL_CURRENT_CODE_TITLE: "Confirm it's you",
  EMAIL_CURRENT_CODE_SUBTITLE: 'To change your email, please check {email} for an email from {app} and enter your code below.',
})

/** A message key of the email plugin. */
export type EmailMessageKey = keyof typeof emailMessages

declare module '../../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof emailMessages, true> {}
}
