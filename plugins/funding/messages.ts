/**
 * English texts of the funding plugin: the method selection and the funding errors.
 * @module
 */
import { defineMessages } from '../../kernel/messages'

/**
 * The funding plugin's English message table. The error texts are the spec's words.
 * @example
 * ```ts
 * import { fundingMessages } from 'portico/plugins/funding'
 * fundingMessages.FUNDING_NOT_ENABLED // 'Wallet funding is not enabled'
 * ```
 */
export const fundingMessages = defineMessages({
  FUNDING_METHODS_TITLE: 'Add funds to your {app} wallet',
  FUNDING_METHODS_LIST_LABEL: 'Funding methods',
  FUNDING_NOT_ENABLED: 'Wallet funding is not enabled',
  FUNDING_CHAIN_NOT_CONFIGURED: 'Funding chain {id} is not in PrivyProvider chains list',
  FUNDING_INVALID_DATA: 'Invalid funding data',
  FUNDING_NO_FLOW: "Couldn't find funding config",
  FUNDING_SOMETHING_WENT_WRONG: 'Something went wrong',
  FUNDING_AMOUNT_TITLE: 'Confirm or edit amount',
  FUNDING_AMOUNT_LABEL: 'Amount ({symbol})',
  FUNDING_AMOUNT_LABEL_PLAIN: 'Amount',
  FUNDING_AMOUNT_CONTINUE: 'Continue',
})

/** A message key of the funding plugin. */
export type FundingMessageKey = keyof typeof fundingMessages

declare module '../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof fundingMessages, true> {}
}
