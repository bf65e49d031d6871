/**
 * English texts of the React UI's own screens and controls. The kernel's table
 * (`kernel/messages/en.ts`) holds the texts shared with other front ends; these are the rest.
 * @module
 */
import { defineMessages } from '../../kernel/messages'

/** English texts of the `portico` feature plugin (landing, error, terms, allowlist...). */
export const uiMessages = defineMessages({
  PORTICO_UI_LOADING: 'Loading',
  PORTICO_UI_OTHER_OPTIONS_TITLE: 'Other ways to log in',
  PORTICO_UI_NO_METHODS: 'No login methods are enabled for this app.',
  PORTICO_UI_CONFIG_ERROR: 'This app could not be loaded.',
  PORTICO_UI_OR: 'or',
  PORTICO_UI_PROTECTED_BY: 'Protected by Portico',
  PORTICO_UI_TRY_AGAIN: 'Try again',
  PORTICO_UI_NOT_FOUND_TITLE: 'Account not found',
  PORTICO_UI_NOT_FOUND_DETAIL: 'No account matches these details.',
  PORTICO_UI_USER_LIMIT_DETAIL: 'This app is not accepting new users right now.',
  PORTICO_LINK_CONFLICT_TITLE: '{label} is associated with another account',
  PORTICO_LINK_CONFLICT_BODY: 'Do you want to transfer {handle} to this account instead? This will delete your other account.',
  PORTICO_TRANSFER_CTA: 'Transfer and delete account',
  PORTICO_TRANSFER_IN_PROGRESS: 'Transferring account',
  PORTICO_TRANSFER_SUCCESS: 'Success!',
  PORTICO_TRANSFER_CONTINUE: 'Continue',
  PORTICO_TRANSFER_DECLINE: 'No thanks',
  PORTICO_TRANSFER_CLOSE: 'Close',
  PORTICO_ASSETS_TITLE: 'Check account assets before transferring',
  PORTICO_ASSETS_BODY: 'Assets in your other account will not transfer automatically and may be lost.',
  PORTICO_ASSETS_LOGIN_HINT: 'To keep them, log into your other account first and move them to a wallet you control.',
  PORTICO_ASSETS_ADDRESS_HINT: 'Copy the wallet address of your other account and check its assets on a block explorer before you transfer.',
  PORTICO_ASSETS_ADDRESS_LABEL: 'Wallet address of your other account',
  PORTICO_ASSETS_COPY: 'Copy',
  PORTICO_ASSETS_COPIED: 'Copied',
  PORTICO_ASSETS_EXPLORER: 'View on block explorer',
})

/** A message key of the UI table. */
export type UiMessageKey = keyof typeof uiMessages

declare module '../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof uiMessages, true> {}
}
