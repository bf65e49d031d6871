/**
 * English texts of the wallet screens (list, connecting, install) and the landing's wallet row.
 * @module
 */
import { defineMessages } from '../../../kernel'

/** The wallet screens' English message table (merged into the wallets plugin's messages). */
export const walletScreenMessages = defineMessages({
  PORTICO_WALLET_METHOD_LABEL: 'Continue with a wallet',
  PORTICO_WALLETS_TITLE: 'Log in with a wallet',
  PORTICO_WALLETS_CONNECT_TITLE: 'Connect a wallet',
  PORTICO_WALLETS_LIST_LABEL: 'Wallets',
  PORTICO_WALLETS_RECENT: 'Recent',
  PORTICO_WALLETS_INSTALLED: 'Installed',
  PORTICO_WALLETS_NONE: 'No wallet was found in this browser.',
  PORTICO_WALLETS_NO_WALLET: "I don't have a wallet",
  PORTICO_WALLET_CONNECTING_TITLE: 'Waiting for {wallet}',
  PORTICO_WALLET_CONNECTING_DETAIL: 'Approve the connection in {wallet} to continue.',
  PORTICO_WALLET_CONNECTING_ONLY_DETAIL: 'Approve the connection in {wallet} to connect it to this app.',
  PORTICO_WALLET_CONNECTING_STATUS: 'Waiting for the wallet…',
  PORTICO_WALLET_SWITCHING_TITLE: 'Switch network',
  PORTICO_WALLET_SWITCHING_DETAIL: 'Approve the network switch in {wallet}.',
  PORTICO_WALLET_SIGN_TITLE: 'Sign to verify',
  PORTICO_WALLET_SIGN_DETAIL: 'Sign the message in {wallet} to prove you own this wallet. It costs nothing and sends no transaction.',
  PORTICO_WALLET_SIGN_STATUS: 'Waiting for your signature…',
  PORTICO_WALLET_SUCCESS_TITLE: 'Success!',
  PORTICO_WALLET_CONNECTED_TITLE: 'Wallet connected',
  PORTICO_WALLET_SUCCESS_DETAIL: "You're good to go!",
  PORTICO_WALLET_REJECTED_TITLE: 'Request rejected',
  PORTICO_WALLET_ERROR_TITLE: 'Could not connect wallet',
  PORTICO_WALLET_RETRY: 'Retry',
  PORTICO_WALLET_CHOOSE_ANOTHER: 'Choose another wallet',
  PORTICO_WALLET_LINKED_DETAIL: 'This account has already been linked to another user.',
  PORTICO_WALLET_LIMIT_DETAIL: 'You cannot link more wallets to this account.',
  PORTICO_WALLET_NO_SIGN_IN: 'Signing in with this wallet is not available for this app.',
  PORTICO_WALLET_GIVE_UP_DETAIL: 'Check your wallet, or try another one.',
  PORTICO_INSTALL_WALLET_TITLE: 'Get a wallet',
  PORTICO_INSTALL_NAMED_WALLET_TITLE: 'Install {wallet}',
  PORTICO_INSTALL_WALLET_DETAIL: 'A wallet keeps your keys and lets you sign in to apps. Install a browser wallet, then come back here to connect it.',
  PORTICO_INSTALL_WALLET_GET: 'Get {wallet}',
  PORTICO_INSTALL_WALLET_LEARN_MORE: 'Learn more about wallets',
  PORTICO_INSTALL_WALLET_DONE: "I've installed a wallet",
})

/** A message key of the wallet screens. */
export type WalletScreenMessageKey = keyof typeof walletScreenMessages

declare module '../../../kernel' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof walletScreenMessages, true> {}
}
