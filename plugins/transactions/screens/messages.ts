/**
 * English texts of the transaction screens. The texts spec 02 gives ('There was an error preparing
 * your transaction…', 'Add funds on {chain} to complete transaction.', 'Confirm action') are quoted as
 * it writes them; the others are listed in `docs/decisions.md`.
 * @module
 */
import { defineMessages } from '../../../kernel'

/** The transaction screens' English message table. */
export const transactionScreenMessages = defineMessages({
  TRANSACTIONS_REVIEW_TITLE: 'Review transaction',
  TRANSACTIONS_CONFIRM_ACTION: 'Confirm action',
  TRANSACTIONS_REVIEW_DESCRIPTION: 'Check the details before you approve.',
  TRANSACTIONS_APPROVE: 'Approve',
  TRANSACTIONS_CANCEL: 'Cancel',
  TRANSACTIONS_DETAILS: 'Transaction details',
  TRANSACTIONS_ACTION: 'Action',
  TRANSACTIONS_TO: 'To',
  TRANSACTIONS_NETWORK: 'Network',
  TRANSACTIONS_AMOUNT: 'Amount',
  TRANSACTIONS_TOKEN_AMOUNT: 'Tokens',
  TRANSACTIONS_SPENDER: 'Spender',
  TRANSACTIONS_OPERATOR: 'Operator',
  TRANSACTIONS_TOKEN_ID: 'Token ID',
  TRANSACTIONS_FEE: 'Estimated fee',
  TRANSACTIONS_TOTAL: 'Total',
  TRANSACTIONS_DATA: 'Data',
  TRANSACTIONS_ACTION_SEND: 'Send',
  TRANSACTIONS_ACTION_CALL: 'Contract call',
  TRANSACTIONS_ACTION_DEPLOY: 'Deploy contract',
  TRANSACTIONS_UNKNOWN_CHAIN: 'Chain {id}',
  TRANSACTIONS_UNKNOWN: 'Unknown',
  TRANSACTIONS_PREPARE_FAILED: 'There was an error preparing your transaction. Your transaction request will likely fail.',
  TRANSACTIONS_ADD_FUNDS: 'Add funds on {chain} to complete transaction.',
  TRANSACTIONS_RAW_DATA: 'This transaction calls a contract whose request cannot be described. Check its data before you approve.',
  TRANSACTIONS_WALLET: 'Wallet',
})

/** A transaction screen text key. */
export type TransactionScreenMessageKey = keyof typeof transactionScreenMessages
