/**
 * How the modal reacts to the wallet layer's errors: the client codes of {@link WALLET_ERROR_CODES},
 * and a wallet already linked to another user within a wallet flow.
 * @module
 */
import type { ErrorContext } from '../../kernel/hooks'
import type { ErrorReaction, ErrorTable, PorticoError } from '../../kernel/errors'
import { WALLET_ERROR_CODES } from './types'

/**
 * Reactions to the wallet layer's client codes ({@link WALLET_ERROR_CODES}), keyed by code. Entries
 * without `message` show the error's own text, which names the chain or what was missing
 * ('Unsupported chainId: eip155:5', 'Unable to retrieve accounts').
 * @example
 * ```ts
 * import { WALLET_ERRORS, WALLET_ERROR_CODES } from 'portico/plugins/wallets'
 * WALLET_ERRORS[WALLET_ERROR_CODES.rejected].retryable // true
 * ```
 */
export const WALLET_ERRORS: ErrorTable = Object.freeze({
  [WALLET_ERROR_CODES.rejected]: { inline: true, retryable: true, message: 'PORTICO_WALLET_REJECTED' },
  [WALLET_ERROR_CODES.timeout]: { inline: true, retryable: true, message: 'PORTICO_WALLET_TIMEOUT' },
  [WALLET_ERROR_CODES.aborted]: { inline: true, retryable: true, message: 'PORTICO_WALLET_ABORTED' },
  [WALLET_ERROR_CODES.notConnected]: { inline: true, retryable: true, message: 'PORTICO_WALLET_NOT_CONNECTED' },
  [WALLET_ERROR_CODES.unsupportedChain]: { inline: true, retryable: false },
  [WALLET_ERROR_CODES.unsupportedMethod]: { inline: true, retryable: false, message: 'PORTICO_WALLET_INVALID_PARAMS' },
  [WALLET_ERROR_CODES.disconnected]: { inline: true, retryable: true, message: 'PORTICO_WALLET_DISCONNECTED' },
  [WALLET_ERROR_CODES.unavailable]: { inline: true, retryable: true },
  [WALLET_ERROR_CODES.pending]: { inline: true, retryable: true, message: 'PORTICO_WALLET_PENDING' },
  [WALLET_ERROR_CODES.failed]: { inline: true, retryable: true, message: 'PORTICO_WALLET_CONNECT_FAILED' },
})

/** The login method id of wallet sign-in and linking, as the error context names it. */
export const WALLET_METHOD = 'wallet'

/** A wallet already linked to another user: the wallet screen asks for another wallet ('Use a different wallet'). */
export const WALLET_USER_EXISTS_REACTION: ErrorReaction = Object.freeze({
  inline: true,
  retryable: true,
  message: 'PORTICO_WALLET_USE_DIFFERENT',
})

/**
 * The wallets plugin's `mapError` answer: the reaction to a wallet code ({@link WALLET_ERRORS}), and
 * 'Use a different wallet' for `linked_to_another_user` in the wallet method's context (elsewhere the
 * same wire code shows the generic linked-account screen).
 * @param err - the error.
 * @param context - where it happened.
 * @returns the reaction, or undefined to let the error registry decide.
 * @example
 * ```ts
 * import { walletErrorReaction } from 'portico/plugins/wallets'
 * import { ApiError } from 'portico/kernel'
 * walletErrorReaction(new ApiError(400, { error: 'x', code: 'linked_to_another_user' }), { method: 'wallet' })?.message
 * // 'PORTICO_WALLET_USE_DIFFERENT'
 * ```
 */
export function walletErrorReaction(err: PorticoError, context: ErrorContext): ErrorReaction | undefined {
  const own = err.code ? WALLET_ERRORS[err.code] : undefined
  if (own) return own
  return err.code === 'linked_to_another_user' && context.method === WALLET_METHOD ? WALLET_USER_EXISTS_REACTION : undefined
}
