/**
 * English texts of the transaction screens. The texts spec 02 gives ('There was an error preparing
 * your transaction…', 'Add funds on {chain} to complete transaction.', 'Confirm address', 'Confirm action', 'Add funds',
 * 'Retry transaction') are quoted as
 * it writes them; the others are listed in `docs/decisions.md`.
 * @module
 */
import { defineMessages } from '../../../kernel'

/** The transaction screens' English message table. */
export const transactionScreenMessages = defineMessages({
  TRANSACTIONS_REVIEW_TITLE: 'Review transaction',
  TRANSACTIONS_CONFIRM_ADDRESS: 'Confirm address',
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
  TRANSACTIONS_FEE_SPONSORED: 'Sponsored',
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
  TRANSACTIONS_ADD_FUNDS_BUTTON: 'Add funds',
  TRANSACTIONS_CONTINUE: 'Continue',
  TRANSACTIONS_BACK: 'Back',
  TRANSACTIONS_ITEM_OF: 'Transaction {n} of {total}',
  TRANSACTIONS_SENT_TITLE: 'Transaction sent',
  TRANSACTIONS_SENT_DESCRIPTION: 'Your transaction was sent to the network.',
  TRANSACTIONS_PENDING: 'Waiting for {chain} to confirm it…',
  TRANSACTIONS_WAITING: 'Waiting for confirmation',
  TRANSACTIONS_SUCCESS_TITLE: 'Transaction complete',
  TRANSACTIONS_SUCCESS_DESCRIPTION: 'Your transaction was confirmed.',
  TRANSACTIONS_HASH: 'Hash',
  TRANSACTIONS_BLOCK: 'Block',
  TRANSACTIONS_FEE_PAID: 'Fee paid',
  TRANSACTIONS_VIEW_ON_EXPLORER: 'View on block explorer',
  TRANSACTIONS_DONE: 'Done',
  TRANSACTIONS_ERROR_TITLE: 'Transaction failed',
  TRANSACTIONS_ERROR_CODE: 'Error code',
  TRANSACTIONS_REVERTED: 'The network reverted the transaction.',
  TRANSACTIONS_RETRY: 'Retry transaction',
  // The Solana transaction screen ('Something went wrong.' is spec 02's Solana text).
  TRANSACTIONS_SOLANA_SEND_SOL: 'Send SOL',
  TRANSACTIONS_SOLANA_SEND_TOKENS: 'Send tokens',
  TRANSACTIONS_SOLANA_UNKNOWN_INSTRUCTION: 'Unknown instruction',
  TRANSACTIONS_SOLANA_FROM: 'From',
  TRANSACTIONS_SOLANA_MINT: 'Token mint',
  TRANSACTIONS_SOLANA_PROGRAM: 'Program',
  TRANSACTIONS_SOLANA_RAW: 'This transaction runs instructions that cannot be described. Check their program and data before you approve.',
  TRANSACTIONS_SOLANA_SENDING_TITLE: 'Sending transaction',
  TRANSACTIONS_SOLANA_SENDING: 'Signing and sending…',
  TRANSACTIONS_SOLANA_CONFIRMING_TITLE: 'Confirming transaction',
  TRANSACTIONS_SOLANA_CONFIRMING: 'Waiting for the network to confirm it…',
  TRANSACTIONS_SOLANA_CONFIRMING_STATUS: 'Waiting for the network to confirm it ({status})…',
  TRANSACTIONS_SOLANA_CONFIRM_TIMEOUT: 'The transaction was not confirmed in time. Check its signature on a block explorer before you retry.',
  TRANSACTIONS_SOLANA_CONFIRMED_TITLE: 'Transaction confirmed',
  TRANSACTIONS_SOLANA_CONFIRMED_DESCRIPTION: 'Your transaction is confirmed on {chain}.',
  TRANSACTIONS_SOLANA_SIGNATURE: 'Signature',
  TRANSACTIONS_SOLANA_SOMETHING_WRONG: 'Something went wrong.',
})

/** A transaction screen text key. */
export type TransactionScreenMessageKey = keyof typeof transactionScreenMessages

declare module '../../../kernel' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof transactionScreenMessages, true> {}
}
