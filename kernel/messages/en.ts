/**
 * The kernel's English texts. Every text the kernel's screens show is here, keyed by code, so a
 * locale can be added without touching a screen. Texts are quoted from the specification.
 * @module
 */
import { defineMessages } from '../messages'

/**
 * English message table of the kernel and its built-in screens.
 * @example
 * ```ts
 * import { kernelMessages } from 'portico/kernel'
 * kernelMessages.PORTICO_GENERIC_TITLE // 'Something went wrong'
 * ```
 */
export const kernelMessages = defineMessages({
  // Landing
  PORTICO_LANDING_TITLE: 'Log in or sign up',
  PORTICO_CONTINUE_WITH_EMAIL: 'Continue with email',
  PORTICO_MORE_OPTIONS: 'More options',
  // Terms consent
  PORTICO_TERMS_TITLE: 'One last step',
  PORTICO_TERMS_BODY: 'By signing up, you agree to our terms and privacy policy.',
  PORTICO_TERMS_VIEW_TERMS: 'View Terms',
  PORTICO_TERMS_VIEW_PRIVACY: 'View Privacy Policy',
  PORTICO_TERMS_DECLINE: 'No thanks',
  PORTICO_TERMS_ACCEPT: 'Accept',
  // Allowlist rejection
  PORTICO_ALLOWLIST_TITLE: "You don't have access to this app",
  PORTICO_ALLOWLIST_DETAIL: 'Have you been invited?',
  PORTICO_ALLOWLIST_CTA: 'Try another account',
  // Account not found
  PORTICO_ACCOUNT_NOT_FOUND_CTA: 'Try logging in again',
  // User limit
  PORTICO_USER_LIMIT_TITLE: 'Unable to sign in',
  PORTICO_USER_LIMIT_CTA: 'Go back',
  // Generic error screen
  PORTICO_GENERIC_TITLE: 'Something went wrong',
  PORTICO_GENERIC_DETAIL: 'Try again later',
  PORTICO_TOO_MANY_ATTEMPTS: 'Too many attempts.',
  PORTICO_TOO_MANY_REQUESTS: 'Too many requests. Please wait before trying again.',
  PORTICO_REGION_NOT_SUPPORTED: 'This region is not supported',
  PORTICO_LINKED_TO_ANOTHER_USER: 'This account has already been linked to another user.',
  PORTICO_REAUTHENTICATION_REQUIRED: 'For your security, please log in again to make this change.',
  PORTICO_AUTHENTICATION_FAILED: 'Authentication failed',
  PORTICO_TRY_AGAIN: 'Something went wrong. Try again.',
  PORTICO_NOT_ALLOWED: 'Not allowed',
  PORTICO_TRY_ANOTHER_METHOD: 'Try another method',
  // Code entry
  PORTICO_CODE_NOT_NUMERIC: 'Code should be numeric',
  PORTICO_PASSCODE_ONLY_NUMBERS: 'Passcode can only be numbers',
  PORTICO_PASSCODE_LENGTH: 'Passcode must be exactly 6 numbers',
  PORTICO_ISSUE_VERIFYING_CODE: 'Issue verifying code',
  PORTICO_RESEND_CODE: 'Resend code',
  // Shell
  PORTICO_CLOSE: 'Close',
  PORTICO_BACK: 'Back',
  PORTICO_RETRY: 'Retry',
  PORTICO_LOGIN_CANCELLED: 'Login cancelled',
  PORTICO_LINK_CONFLICT_LABEL_EMAIL: 'Email address',
  PORTICO_LINK_CONFLICT_LABEL_PHONE: 'Phone number',
  PORTICO_LINK_CONFLICT_LABEL_WALLET: 'Wallet address',
  PORTICO_LINK_CONFLICT_LABEL_LINKEDIN: 'LinkedIn profile',
  PORTICO_LINK_CONFLICT_LABEL_PROVIDER: '{provider} profile',
  PORTICO_NO_PENDING_TRANSFER: 'missing account transfer inputs',
})

/** A message key of the kernel's table. */
export type KernelMessageKey = keyof typeof kernelMessages

declare module '../messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof kernelMessages, true> {}
}
