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
})

/** A message key of the UI table. */
export type UiMessageKey = keyof typeof uiMessages
