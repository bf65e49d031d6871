/**
 * English texts of the OAuth plugin: one per error code, plus every label.
 * @module
 */
import { defineMessages } from '../../../kernel/messages'

/**
 * The OAuth plugin's English message table.
 * @example
 * ```ts
 * import { oauthMessages } from 'portico/plugins/oauth'
 * oauthMessages.OAUTH_FAILED_TITLE // 'Authentication failed'
 * ```
 */
export const oauthMessages = defineMessages({
  OAUTH_INVALID_CREDENTIALS: 'Something went wrong. Try again.',
  OAUTH_CANNOT_LINK_MORE: 'You cannot authorize more than one account for this user.',
  OAUTH_LINKED_TO_ANOTHER_USER: 'This account has already been linked to another user.',
  OAUTH_TOO_MANY_REQUESTS: 'Too many requests. Please wait before trying again.',
  OAUTH_PROVIDER_RATE_LIMITED: 'Request limit reached for {provider}. Please wait a moment and try again.',
  OAUTH_USER_DENIED: 'Retry and check {scopes} to finish connecting your account.',
  OAUTH_ACCOUNT_SUSPENDED: 'Your {provider} account is suspended. Please try another login method.',
  OAUTH_STATE_MISMATCH: 'This sign-in could not be verified. Please start again from this browser.',
  OAUTH_IN_APP_BROWSER: 'Could not log in with {provider} in this in-app browser. Please try again using an external browser.',
  OAUTH_UNEXPECTED: 'Something went wrong. Please try again.',
  OAUTH_METHOD_LABEL: 'Continue with {provider}',
  OAUTH_VERIFYING_TITLE: 'Verifying connection to {provider}',
  OAUTH_POPUP_SUBTITLE: 'Finish signing in with {provider} in the window that opened.',
  OAUTH_REDIRECT_SUBTITLE: 'Taking you to {provider}…',
  OAUTH_SUCCESS_TITLE: 'Successfully connected with {provider}',
  OAUTH_SUCCESS_SUBTITLE: "You're good to go!",
  OAUTH_FAILED_TITLE: 'Authentication failed',
  OAUTH_RETRY: 'Retry',
  OAUTH_OTHER_METHOD: 'Use another method',
  OAUTH_UNKNOWN_PROVIDER: 'Unknown',
  OAUTH_SCOPES_FALLBACK: 'all the requested permissions',
  OAUTH_IN_APP_TITLE: 'Open in your browser',
  OAUTH_COPY_LINK: 'Copy link',
  OAUTH_LINK_COPIED: 'Link copied',
  OAUTH_BACK: 'Go back',
})

/** A message key of the OAuth plugin. */
export type OAuthMessageKey = keyof typeof oauthMessages

declare module '../../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof oauthMessages, true> {}
}
