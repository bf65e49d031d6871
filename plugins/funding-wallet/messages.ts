/**
 * English texts of the transfer-from-wallet funding method. The error texts are the spec's words.
 * @module
 */
import { defineMessages } from '../../kernel/messages'

/** The transfer-from-wallet method's English message table. */
export const fundingWalletMessages = defineMessages({
  FUNDING_WALLET_TILE: 'Transfer from wallet',
  FUNDING_WALLET_PICK_TITLE: 'Transfer from wallet',
  FUNDING_WALLET_PICK_SUBTITLE: 'Send {amount} {symbol} on {network} from a wallet you own.',
  FUNDING_WALLET_LIST_LABEL: 'Wallets',
  FUNDING_WALLET_MORE: 'More wallets',
  FUNDING_WALLET_RECENT: 'Recent',
  FUNDING_WALLET_NONE: 'No wallet found in this browser.',
  FUNDING_WALLET_CONFIRM_TITLE: 'Confirm in your wallet',
  FUNDING_WALLET_CONFIRM_SUBTITLE: 'Approve the transfer of {amount} {symbol} to {address} in {wallet}.',
  FUNDING_WALLET_AWAITING_TITLE: 'Transfer in progress',
  FUNDING_WALLET_AWAITING_SUBTITLE: 'Waiting for the transfer to be confirmed on {network}.',
  FUNDING_WALLET_SUCCESS_TITLE: 'Funds added',
  FUNDING_WALLET_SUCCESS_SUBTITLE: '{amount} {symbol} arrived in your wallet.',
  FUNDING_WALLET_FAILED_TITLE: 'Transfer failed',
  FUNDING_WALLET_RETRY: 'Try again',
  FUNDING_WALLET_OTHER_METHOD: 'Choose another method',
  FUNDING_WALLET_NOT_ENOUGH_FUNDS: 'Wallet {address} does not have enough funds.',
  FUNDING_WALLET_REJECTED: 'Transaction was rejected by the user',
  FUNDING_WALLET_FAILED: 'Something went wrong',
  FUNDING_WALLET_TOKEN_UNSUPPORTED: 'This token cannot be sent from a wallet here: its transfers charge a fee or are restricted by its issuer.',
})

/** A message key of the transfer-from-wallet method. */
export type FundingWalletMessageKey = keyof typeof fundingWalletMessages

declare module '../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof fundingWalletMessages, true> {}
}
