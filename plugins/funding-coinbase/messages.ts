/**
 * English texts of the Coinbase funding plugin. The failure and blocked-window texts are the spec's (§8).
 * @module
 */
import { defineMessages } from '../../kernel/messages'

/** The Coinbase plugin's English message table. */
export const coinbaseMessages = defineMessages({
  COINBASE_CARD_TILE: 'Pay with card',
  COINBASE_EXCHANGE_TILE: 'Transfer from an exchange',
  COINBASE_AMOUNT_TITLE: 'Confirm or edit amount',
  COINBASE_AMOUNT_SUBTITLE: 'Buy {asset} on {network} with Coinbase for {address}.',
  COINBASE_EXCHANGE_SUBTITLE: 'Send {asset} on {network} from your Coinbase account to {address}.',
  COINBASE_AMOUNT_LABEL: 'Amount ({asset})',
  COINBASE_CONTINUE: 'Continue',
  COINBASE_IN_FLOW_TITLE: 'In progress',
  COINBASE_IN_FLOW_SUBTITLE: 'Go back to Coinbase to finish funding your account. This screen updates once your purchase is confirmed.',
  COINBASE_AFTER_FLOW_TITLE: 'Confirming your purchase',
  COINBASE_AFTER_FLOW_SUBTITLE: 'Waiting for Coinbase to confirm. If you closed the Coinbase window before finishing, open it again.',
  COINBASE_REOPEN: 'Open Coinbase again',
  COINBASE_WAITING_LABEL: 'Waiting for Coinbase',
  COINBASE_SUCCESS_TITLE: 'Funds added',
  COINBASE_SUCCESS_SUBTITLE: 'Your purchase is complete. The funds are on their way to your wallet.',
  COINBASE_FAILED: 'Something went wrong adding funds. Please try again or use another method.',
  COINBASE_TRY_ANOTHER: 'The Coinbase window was closed before the purchase finished. Try another method to fund your wallet.',
  COINBASE_POPUP_BLOCKED: 'Unable to initialize flow',
  COINBASE_UNSUPPORTED_CHAIN: 'This chain is not supported by the Coinbase on-ramp.',
})

/** A message key of the Coinbase plugin. */
export type CoinbaseMessageKey = keyof typeof coinbaseMessages

declare module '../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof coinbaseMessages, true> {}
}
