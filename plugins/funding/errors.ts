/**
 * Error codes of the funding plugin and how the modal reacts to each.
 * @module
 */
import { defineErrorCodes } from '../../kernel/errors'

/**
 * The funding plugin's error table. `fundWallet` rejects with these codes before the modal opens;
 * a screen that meets one shows its text inline. Entries without `message` show the error's own
 * text, which names the chain ('Funding chain eip155:5 is not in PrivyProvider chains list').
 * @example
 * ```ts
 * import { FUNDING_ERRORS } from 'portico/plugins/funding'
 * FUNDING_ERRORS.FUNDING_NOT_ENABLED.message // 'FUNDING_NOT_ENABLED'
 * ```
 */
export const FUNDING_ERRORS = defineErrorCodes('FUNDING', {
  /** No funding plugin, no method the app enabled, or none available for the request. */
  FUNDING_NOT_ENABLED: { inline: true, message: 'FUNDING_NOT_ENABLED' },
  /** The request names a chain the app does not list in `supportedChains`. */
  FUNDING_CHAIN_NOT_CONFIGURED: { inline: true },
  /** The address, chain, cluster, amount or asset is malformed, or does not fit the address's chain type. */
  FUNDING_INVALID_DATA: { inline: true, message: 'FUNDING_INVALID_DATA' },
  /** A chain's RPC endpoint failed or answered an error (a balance, a receipt): 'Something went wrong'. */
  FUNDING_RPC_ERROR: { inline: true, message: 'FUNDING_SOMETHING_WENT_WRONG' },
  /** A funding screen opened outside a funding flow. */
  FUNDING_NO_FLOW: { inline: true, message: 'FUNDING_NO_FLOW' },
})

/** An error code of the funding plugin. */
export type FundingErrorCode = keyof typeof FUNDING_ERRORS
