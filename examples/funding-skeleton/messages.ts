/**
 * English texts of the bank-transfer funding method. Keys carry the plugin's prefix, so they never
 * clash with another plugin's.
 * @module
 */
import { defineMessages } from 'portico/kernel'

/** The bank-transfer method's English message table. */
export const bankTransferMessages = defineMessages({
  BANK_TRANSFER_TILE: 'Pay by bank transfer',
  BANK_TRANSFER_TITLE: 'Pay by bank transfer',
  BANK_TRANSFER_SUBTITLE: 'Fund {address} on {network} from your bank account.',
  BANK_TRANSFER_AMOUNT: 'Amount ({symbol})',
  BANK_TRANSFER_CONTINUE: 'Continue',
  BANK_TRANSFER_STARTED_TITLE: 'Transfer started',
  BANK_TRANSFER_STARTED_SUBTITLE: 'Use the reference {reference} with your bank. The funds arrive once the transfer clears.',
  BANK_TRANSFER_NO_FLOW: 'Open this method from the funding screen.',
})

// Declares the table's keys, so a misspelt key in `ctx.t`, a label or an error table is a type error.
declare module 'portico/kernel' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof bankTransferMessages, true> {}
}
