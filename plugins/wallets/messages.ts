/**
 * English texts of the wallets plugin: what the wallet layer's errors say.
 * @module
 */
import { defineMessages } from '../../kernel/messages'

/**
 * The wallets plugin's English message table.
 * @example
 * ```ts
 * import { walletMessages } from 'portico/plugins/wallets'
 * walletMessages.PORTICO_WALLET_REJECTED // 'User rejected the request.'
 * ```
 */
export const walletMessages = defineMessages({
  PORTICO_WALLET_NOT_CONNECTED: 'Wallet is not currently connected.',
  PORTICO_WALLET_NO_CHAIN: 'Unable to determine current chainId.',
  PORTICO_WALLET_NO_ACCOUNTS: 'Unable to retrieve accounts',
  PORTICO_WALLET_NO_ADDRESS: 'Unable to retrieve address',
  PORTICO_WALLET_UNSUPPORTED_CHAIN: 'Unsupported chainId: {id}',
  PORTICO_WALLET_RAINBOW_CHAIN: 'Rainbow does not support the chainId {id}',
  PORTICO_WALLET_INVALID_PARAMS: 'Invalid params',
  PORTICO_WALLET_DISCONNECTED: 'Disconnected',
  PORTICO_WALLET_CONNECT_FAILED: 'Unable to connect wallet',
  PORTICO_WALLET_USE_DIFFERENT: 'Use a different wallet',
  PORTICO_WALLET_REJECTED: 'User rejected the request.',
  PORTICO_WALLET_TIMEOUT: 'The request timed out. Try again.',
  PORTICO_WALLET_ABORTED: 'The request was cancelled.',
  PORTICO_WALLET_PENDING: 'A request is already waiting in your wallet. Open your wallet to continue.',
})

/** A message key of the wallets plugin. */
export type WalletMessageKey = keyof typeof walletMessages

declare module '../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof walletMessages, true> {}
}
