/**
 * Error codes of the transfer-from-wallet funding method, and its `mapError` answer.
 * @module
 */
import { defineErrorCodes, type ErrorReaction, type PorticoError } from '../../kernel/errors'
import type { ErrorContext } from '../../kernel/hooks'
import { WALLET_ERROR_CODES } from '../wallets'

/** The transfer-from-wallet method's error table; its screen shows each text inline. */
export const FUNDING_WALLET_ERRORS = defineErrorCodes('FUNDING_WALLET', {
  /** The sending wallet holds less than the amount: 'Wallet {address} does not have enough funds.' (the text names it). */
  FUNDING_WALLET_NOT_ENOUGH_FUNDS: { inline: true },
  /** The wallet refused the connection or the transfer (`wallet_user_rejected`): 'Transaction was rejected by the user'. */
  FUNDING_WALLET_REJECTED: { inline: true, retryable: true, message: 'FUNDING_WALLET_REJECTED' },
  /** The transfer was mined and reverted, or could not be sent. */
  FUNDING_WALLET_FAILED: { inline: true, message: 'FUNDING_WALLET_FAILED' },
  /** A Token-2022 mint whose transfers would not deliver the amount as sent (a transfer fee, a transfer hook, non-transferable, paused). */
  FUNDING_WALLET_TOKEN_UNSUPPORTED: { inline: true, message: 'FUNDING_WALLET_TOKEN_UNSUPPORTED' },
})

/**
 * The wallets plugin's client codes this method answers with an entry of its own table (a table's
 * `from` names wire codes only): the refusal reads 'Transaction was rejected by the user'.
 */
export const FUNDING_WALLET_FROM_WALLET_CODES: Readonly<Record<string, keyof typeof FUNDING_WALLET_ERRORS>> = Object.freeze({
  [WALLET_ERROR_CODES.rejected]: 'FUNDING_WALLET_REJECTED',
})

/**
 * The transfer-from-wallet method's `mapError` answer: within its own screens (the error context's
 * `method` is the plugin's id), a wallet code of {@link FUNDING_WALLET_FROM_WALLET_CODES} takes its
 * table's reaction, before the wallets plugin's generic one ('The request was rejected.').
 * @param pluginId - the plugin's id, as its screens' context names it.
 * @returns the tap: the reaction, or undefined to let the registry decide.
 * @example
 * ```ts
 * ctx.hooks.mapError.tap('funding-wallet', fundingWalletErrorReaction('funding-wallet'))
 * ```
 */
export function fundingWalletErrorReaction(pluginId: string): (err: PorticoError, context: ErrorContext) => ErrorReaction | undefined {
  return (err, context) => {
    const key = context.method === pluginId && err.code ? FUNDING_WALLET_FROM_WALLET_CODES[err.code] : undefined
    return key ? FUNDING_WALLET_ERRORS[key] : undefined
  }
}
