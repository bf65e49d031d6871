/**
 * English texts of the WalletConnect plugin.
 * @module
 */
import { defineMessages } from '../../../kernel/messages'

/** The WalletConnect plugin's English message table. */
export const walletConnectMessages = defineMessages({
  WALLET_CONNECT_LABEL: 'WalletConnect',
  WALLET_CONNECT_TITLE: 'Scan with your phone',
  WALLET_CONNECT_TITLE_WALLET: 'Scan with {wallet}',
  WALLET_CONNECT_SUBTITLE: 'Scan this code with a wallet app that supports WalletConnect.',
  WALLET_CONNECT_SUBTITLE_WALLET: 'Scan this code with {wallet} on your phone.',
  WALLET_CONNECT_QR_LABEL: 'QR code to connect a wallet',
  WALLET_CONNECT_PREPARING: 'Preparing the connection…',
  WALLET_CONNECT_COPY: 'Copy link',
  WALLET_CONNECT_COPIED: 'Link copied',
  WALLET_CONNECT_OPEN_WALLET: 'Open {wallet}',
  WALLET_CONNECT_ON_PHONE: 'On this phone? Open your wallet:',
  WALLET_CONNECT_CANCEL: 'Cancel',
})

/** A message key of the WalletConnect plugin. */
export type WalletConnectMessageKey = keyof typeof walletConnectMessages

declare module '../../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof walletConnectMessages, true> {}
}
