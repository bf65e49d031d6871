/**
 * The one error the frame's operations throw on purpose: it crosses the channel as
 * `{code, message, data}`. The crypto module's errors carry a code of their own and cross as they are;
 * anything else becomes `internal_error` without its message.
 * @module
 */
import type { FrameErrorBody, FrameErrorCode } from '../protocols/wallet-frame'

/** A coded failure of a frame operation. */
export class FrameFailure extends Error {
  override name = 'FrameFailure'

  constructor(
    /** The code the host sees. */
    readonly code: FrameErrorCode,
    message: string,
    /** Data the host needs to react (e.g. `{recoveryMethod}`). */
    readonly data?: Record<string, unknown>,
    /** The HTTP status of an API refusal (never sent to the host). */
    readonly status?: number,
  ) {
    super(message)
  }
}

/** The text of a failure the frame does not explain (spec 02 §8). */
export const GENERIC_ERROR = 'An error has occurred, please try again.'

/** The codes the crypto module's errors carry; they cross the channel as they are. */
const CRYPTO_CODES = new Set(['invalid_data', 'share_mismatch', 'invalid_recovery_pin'])

/**
 * How an error crosses the channel. Only coded errors keep their message: an unexpected error's text
 * may quote what it was working on.
 * @param error - what an operation threw.
 * @returns the error body for the host.
 */
export function errorBody(error: unknown): FrameErrorBody {
  if (error instanceof FrameFailure) return error.data ? { code: error.code, message: error.message, data: error.data } : { code: error.code, message: error.message }
  const coded = error as { code?: unknown; message?: unknown } | null
  if (error instanceof Error && typeof coded?.code === 'string' && CRYPTO_CODES.has(coded.code)) {
    return { code: coded.code, message: String(coded.message) }
  }
  return { code: 'internal_error', message: GENERIC_ERROR }
}
