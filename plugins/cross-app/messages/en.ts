/**
 * English texts of the cross-app plugin: one per error code, plus every label.
 * @module
 */
import { defineMessages } from '../../../kernel/messages'

/**
 * The cross-app plugin's English message table.
 * @example
 * ```ts
 * import { crossAppMessages } from 'portico/plugins/cross-app'
 * crossAppMessages.CROSS_APP_CANCELED // 'User canceled flow'
 * ```
 */
export const crossAppMessages = defineMessages({
  CROSS_APP_CANCELED: 'User canceled flow',
  CROSS_APP_TIMEOUT: 'Request timeout',
  CROSS_APP_FAILED: 'There was an issue connecting your {app} account. Please try again.',
  CROSS_APP_METHOD_LABEL: 'Continue with {app}',
  CROSS_APP_METHOD_LABEL_OTHER_APP: 'Continue with another app',
  CROSS_APP_OTHER_APP: 'another app',
  CROSS_APP_CONNECTING_TITLE: 'Connecting to {app}',
  CROSS_APP_CONNECTING_SUBTITLE: 'Please check the pop-up window to continue.',
  CROSS_APP_REOPEN: 'Reopen pop-up',
  CROSS_APP_CANCEL: 'Cancel',
  CROSS_APP_RETRY: 'Retry',
  CROSS_APP_OTHER_METHOD: 'Use another method',
  CROSS_APP_FAILED_TITLE: 'Could not connect',
  CROSS_APP_CONSENT_TITLE: '{requester} wants to use your {provider} account',
  CROSS_APP_CONSENT_SUBTITLE: '{requester} will see your account ID and wallet addresses.',
  CROSS_APP_CONSENT_READ_ONLY: 'Read-only: {requester} cannot ask your wallets for signatures or transactions.',
  CROSS_APP_ALLOW: 'Allow',
  CROSS_APP_CONSENT_LOADING: 'Checking the request…',
  CROSS_APP_WRONG_ADDRESS: 'Cannot request a signature with this wallet address',
  CROSS_APP_READ_ONLY: 'Cannot transact against a read-only provider app',
  CROSS_APP_TOKEN_REQUIRED: 'Transactions require a valid token',
  CROSS_APP_INIT_FAILED: 'Failed to initialize signature request',
  CROSS_APP_REJECTED: 'User rejected request',
  CROSS_APP_INVALID_APP: 'Invalid connected app',
})

/** A message key of the cross-app plugin. */
export type CrossAppMessageKey = keyof typeof crossAppMessages

declare module '../../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof crossAppMessages, true> {}
}
