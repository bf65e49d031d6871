/**
 * English texts of smart wallets: the errors of a user operation a user can act on, shown on the
 * transaction error screen (the specs give none of these texts; see `docs/decisions.md`).
 * @module
 */
import { defineMessages } from '../../../kernel/messages'

/**
 * The smart-wallet English message table.
 * @example
 * ```ts
 * import { smartWalletMessages } from 'portico/plugins/smart-wallets'
 * smartWalletMessages.SMART_WALLETS_PAYMASTER_REFUSED
 * ```
 */
export const smartWalletMessages = defineMessages({
  SMART_WALLETS_PAYMASTER_REFUSED: 'The sponsor of this app declined to pay for this transaction.',
  SMART_WALLETS_BUNDLER_UNREACHABLE: 'The network service that sends smart wallet transactions cannot be reached.',
  SMART_WALLETS_REVERTED: 'The transaction was reverted.',
  SMART_WALLETS_REVERTED_REASON: 'The transaction was reverted: {reason}',
})

/** A key of {@link smartWalletMessages}. */
export type SmartWalletMessageKey = keyof typeof smartWalletMessages

declare module '../../../kernel/messages' {
  // eslint-disable-next-line @typescript-eslint/no-empty-object-type
  interface MessageKeys extends Record<keyof typeof smartWalletMessages, true> {}
}
