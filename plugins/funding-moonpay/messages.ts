/**
 * English texts of the MoonPay funding plugin. The failure text is the spec's (§8).
 * @module
 */
import { defineMessages } from '../../kernel/messages'

/** The MoonPay plugin's English message table. */
export const moonpayMessages = defineMessages({
  MOONPAY_TILE: 'Pay with card',
  MOONPAY_AMOUNT_TITLE: 'Confirm or edit amount',
  MOONPAY_AMOUNT_SUBTITLE: 'Buy {symbol} with MoonPay for {address}.',
  MOONPAY_AMOUNT_LABEL: 'Amount ({symbol})',
  MOONPAY_CONTINUE: 'Continue',
  MOONPAY_PENDING_TITLE: 'In progress',
  MOONPAY_PENDING_SUBTITLE: 'Go back to MoonPay to finish funding your account. This screen updates once your purchase is confirmed.',
  MOONPAY_WAITING_LABEL: 'Waiting for MoonPay',
  MOONPAY_AUTHORIZATION_TITLE: 'Awaiting authorization',
  MOONPAY_AUTHORIZATION_SUBTITLE: 'MoonPay is waiting for you to authorize the payment. Your wallet is funded once it is authorized.',
  MOONPAY_COMPLETED_TITLE: 'Funds added',
  MOONPAY_COMPLETED_SUBTITLE: 'Your purchase is complete. The funds are in your wallet.',
  MOONPAY_DONE: 'Done',
  MOONPAY_FAILED: 'Something went wrong adding funds from Moonpay. Please try again or use another method to fund your wallet.',
  MOONPAY_POPUP_BLOCKED: 'Unable to initialize flow',
})

/** A message key of the MoonPay plugin. */
export type MoonpayMessageKey = keyof typeof moonpayMessages

declare module '../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof moonpayMessages, true> {}
}
