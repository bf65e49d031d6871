/**
 * English texts of delegated actions (spec 02 §2 and §8).
 * @module
 */
import { defineMessages } from '../../../kernel/messages'

/**
 * The delegated-actions English message table.
 * @example
 * ```ts
 * import { delegatedActionsMessages } from 'portico/plugins/delegated-actions'
 * delegatedActionsMessages.DELEGATED_ACTIONS_DECLINED // 'User declined delegating actions.'
 * ```
 */
export const delegatedActionsMessages = defineMessages({
  DELEGATED_ACTIONS_DECLINED: 'User declined delegating actions.',
  DELEGATED_ACTIONS_REVOKE_DECLINED: 'User declined revoking access to their delegated wallet.',
  DELEGATED_ACTIONS_NOT_DELEGATED: 'This wallet is not delegated to the app.',
  DELEGATED_ACTIONS_FAILED: 'Something went wrong. Please try again.',
  DELEGATED_ACTIONS_CONSENT_TITLE: 'Enable delegated actions',
  DELEGATED_ACTIONS_CONSENT_SUBTITLE: '{app} will be able to sign messages and send transactions with this wallet on your behalf, until you revoke it.',
  /** Stands for the app's name in the subtitles when the app has none. */
  DELEGATED_ACTIONS_THIS_APP: 'This app',
  DELEGATED_ACTIONS_ACCEPT: 'Accept',
  DELEGATED_ACTIONS_NOT_NOW: 'Not now',
  DELEGATED_ACTIONS_REVOKE_TITLE: 'Revoke permission',
  DELEGATED_ACTIONS_REVOKE_SUBTITLE: '{app} will no longer be able to sign or send transactions with your wallet.',
  DELEGATED_ACTIONS_CONFIRM: 'Confirm',
  DELEGATED_ACTIONS_DENY: 'Deny',
  DELEGATED_ACTIONS_WALLET: 'Wallet',
  DELEGATED_ACTIONS_ALL_WALLETS: 'All delegated wallets',
  DELEGATED_ACTIONS_WORKING: 'Working…',
  DELEGATED_ACTIONS_SUCCESS_TITLE: 'Success!',
  DELEGATED_ACTIONS_DELEGATED: 'Delegated actions are on for this wallet.',
  DELEGATED_ACTIONS_REVOKED: 'Access to your wallet is revoked.',
  DELEGATED_ACTIONS_ERROR_TITLE: 'Something went wrong',
  DELEGATED_ACTIONS_ERROR_SUBTITLE: 'Please try again.',
})

/** A message key of delegated actions. */
export type DelegatedActionsMessageKey = keyof typeof delegatedActionsMessages

declare module '../../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof delegatedActionsMessages, true> {}
}
