/**
 * Error codes of the transfer-from-wallet funding method.
 * @module
 */
import { defineErrorCodes } from '../../kernel/errors'

/** The transfer-from-wallet method's error table; its screen shows each text inline. */
export const FUNDING_WALLET_ERRORS = defineErrorCodes('FUNDING_WALLET', {
  /** The sending wallet holds less than the amount: 'Wallet {address} does not have enough funds.' (the text names it). */
  FUNDING_WALLET_NOT_ENOUGH_FUNDS: { inline: true },
  /** The transfer was mined and reverted, or could not be sent. */
  FUNDING_WALLET_FAILED: { inline: true, message: 'FUNDING_WALLET_FAILED' },
  /** A Token-2022 mint whose transfers would not deliver the amount as sent (a transfer fee, a transfer hook, non-transferable, paused). */
  FUNDING_WALLET_TOKEN_UNSUPPORTED: { inline: true, message: 'FUNDING_WALLET_TOKEN_UNSUPPORTED' },
})
