/**
 * Error codes of the Coinbase funding plugin.
 * @module
 */
import { defineErrorCodes } from '../../kernel/errors'

/**
 * The Coinbase plugin's error table. A failed purchase, and a window closed 3 times while pending
 * (the alternate-method hint), return to the method selection with their texts.
 */
export const COINBASE_ERRORS = defineErrorCodes('FUNDING_COINBASE', {
  /** Coinbase reported the purchase failed, or the session could not be created. */
  FUNDING_COINBASE_FAILED: { inline: true, message: 'COINBASE_FAILED' },
  /** The window was closed 3 times while the purchase was pending: try another method. */
  FUNDING_COINBASE_TRY_ANOTHER: { inline: true, message: 'COINBASE_TRY_ANOTHER' },
  /** The browser blocked Coinbase's window ('Unable to initialize flow'). */
  FUNDING_COINBASE_POPUP_BLOCKED: { inline: true, message: 'COINBASE_POPUP_BLOCKED' },
  /** The request's chain is not one Coinbase Onramp funds. */
  FUNDING_COINBASE_UNSUPPORTED_CHAIN: { inline: true, message: 'COINBASE_UNSUPPORTED_CHAIN' },
})
