/**
 * Error codes of the MoonPay funding plugin.
 * @module
 */
import { defineErrorCodes } from '../../kernel/errors'

/**
 * The MoonPay plugin's error table: a failed purchase returns to the method selection with the
 * spec's text; a blocked window shows 'Unable to initialize flow' on the amount screen.
 */
export const MOONPAY_ERRORS = defineErrorCodes('FUNDING_MOONPAY', {
  /** MoonPay reported the purchase failed, or its status could not be read 3 times in a row. */
  FUNDING_MOONPAY_FAILED: { inline: true, message: 'MOONPAY_FAILED' },
  /** The browser blocked MoonPay's window. */
  FUNDING_MOONPAY_POPUP_BLOCKED: { inline: true, message: 'MOONPAY_POPUP_BLOCKED' },
})
