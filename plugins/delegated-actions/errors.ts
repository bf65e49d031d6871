/**
 * Error codes of delegated actions and how the modal reacts to each (spec 02 §8 "Delegated actions").
 * @module
 */
import { defineErrorCodes } from '../../kernel/errors'

/**
 * The delegated-actions error table; each message is the code's entry in `messages/en.ts`.
 * @example
 * ```ts
 * import { DELEGATED_ACTIONS_ERRORS } from 'portico/plugins/delegated-actions'
 * DELEGATED_ACTIONS_ERRORS.DELEGATED_ACTIONS_DECLINED.retryable // false
 * ```
 */
export const DELEGATED_ACTIONS_ERRORS = defineErrorCodes('DELEGATED_ACTIONS', {
  /** The user chose 'Not now' (or closed the consent). */
  DELEGATED_ACTIONS_DECLINED: { inline: true, retryable: false, message: 'DELEGATED_ACTIONS_DECLINED' },
  /** The user chose 'Deny' (or closed the revocation). */
  DELEGATED_ACTIONS_REVOKE_DECLINED: { inline: true, retryable: false, message: 'DELEGATED_ACTIONS_REVOKE_DECLINED' },
  /** The wallet is not delegated (the server refused a call with it). */
  DELEGATED_ACTIONS_NOT_DELEGATED: { from: ['user_has_not_delegated_wallet'], inline: true, retryable: false, message: 'DELEGATED_ACTIONS_NOT_DELEGATED' },
  /** Any other failure of a consent or a revocation. */
  DELEGATED_ACTIONS_FAILED: { inline: true, retryable: true, message: 'DELEGATED_ACTIONS_FAILED' },
})

/** An error code of delegated actions. */
export type DelegatedActionsErrorCode = keyof typeof DELEGATED_ACTIONS_ERRORS
