/**
 * English texts of the receive funding method.
 * @module
 */
import { defineMessages } from '../../kernel/messages'

/** The receive method's English message table. */
export const fundingReceiveMessages = defineMessages({
  FUNDING_RECEIVE_TILE: 'Receive funds',
  FUNDING_RECEIVE_TITLE: 'Receive funds',
  FUNDING_RECEIVE_SUBTITLE: 'Send {amount} {symbol} on {network} to this address.',
  FUNDING_RECEIVE_SUBTITLE_ANY: 'Send {symbol} on {network} to this address.',
  FUNDING_RECEIVE_QR_LABEL: 'QR code of the wallet address',
  FUNDING_RECEIVE_ADDRESS_LABEL: 'Wallet address',
  FUNDING_RECEIVE_COPY: 'Copy',
  FUNDING_RECEIVE_COPIED: 'Copied',
  FUNDING_RECEIVE_BALANCE: 'Balance: {balance} {symbol}',
  FUNDING_RECEIVE_BALANCE_LOADING: 'Checking the balance…',
  FUNDING_RECEIVE_WAITING: 'Waiting for funds',
  FUNDING_RECEIVE_RECEIVED: 'Funds received',
  FUNDING_RECEIVE_DONE: 'Done',
})

/** A message key of the receive method. */
export type FundingReceiveMessageKey = keyof typeof fundingReceiveMessages

declare module '../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof fundingReceiveMessages, true> {}
}
