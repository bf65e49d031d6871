/**
 * Errors: one base class with a code, the API error built from a JSON error body, and declared
 * error-code tables that say how the modal reacts to each code.
 * @module
 */
import type { WireErrorCode } from './wire'
import type { MessageKey } from './messages'

/** Options of {@link PorticoError}. */
export interface PorticoErrorOptions {
  /** A Portico or wire error code. */
  code?: string
  /** Longer explanation, for logs. */
  details?: string
  /** The underlying error. */
  cause?: unknown
}

/**
 * Base of every error Portico throws. Tell errors apart by `name` and `code`, not by `instanceof`
 * (a page may load two copies of the package).
 * @example
 * ```ts
 * import { PorticoError } from 'portico/kernel'
 * throw new PorticoError('Auth flow has no API instance', { code: 'unknown_auth_error' })
 * ```
 */
export class PorticoError extends Error {
  override name = 'PorticoError'
  /** The error code (a wire code such as `invalid_credentials`, or a client code). */
  readonly code: string | undefined
  /** The message without details. */
  readonly shortMessage: string
  /** Longer explanation, for logs. */
  readonly details: string | undefined

  constructor(shortMessage: string, options: PorticoErrorOptions = {}) {
    super(options.details ? `${shortMessage}\n\nDetails: ${options.details}` : shortMessage, {
      cause: options.cause,
    })
    this.shortMessage = shortMessage
    this.code = options.code
    this.details = options.details
  }

  /**
   * Walks the cause chain.
   * @param fn - stop at the first error for which it returns true.
   * @returns that error, or the deepest cause when `fn` is absent.
   */
  walk(fn?: (err: unknown) => boolean): unknown {
    // eslint-disable-next-line @typescript-eslint/no-this-alias -- the walk starts at this error
    let err: unknown = this
    for (;;) {
      if (fn?.(err)) return err
      const next = (err as { cause?: unknown } | null)?.cause
      if (next === undefined || next === null) return fn ? null : err
      err = next
    }
  }
}

/** An error answered by the API server (`status > 299`), built from its JSON body. */
export class ApiError extends PorticoError {
  override name = 'ApiError'
  /** HTTP status. */
  readonly status: number
  /** The body's `error` text. */
  readonly error: string
  /** The body's `data` (e.g. `{nonce, ...}` of `account_transfer_required`). */
  readonly data: Record<string, unknown> | undefined

  constructor(
    status: number,
    body: { error: string; code?: WireErrorCode | string; data?: Record<string, unknown>; cause?: string },
  ) {
    super(body.error, { code: body.code, details: body.cause })
    this.status = status
    this.error = body.error
    this.data = body.data
  }
}

/**
 * How the modal reacts to an error code.
 * - `inline`: show the message on the current screen (optionally after going to `screen`).
 * - `screen`: go to a screen (with the message and code as params).
 */
export interface ErrorReaction {
  /** Message key of the text to show; defaults to the code itself. */
  message?: MessageKey
  /** A screen id to go to. */
  screen?: string
  /** Show the message inline instead of on the error screen. */
  inline?: boolean
  /** The user may retry. */
  retryable?: boolean
  /** Wire codes that this code stands for, within the plugin's flows. */
  from?: readonly WireErrorCode[]
  /**
   * The flow steps this entry applies to (`ErrorContext.step`: `send`, `verify`); absent, it applies
   * to every step. The same wire code can then mean 'invalid address' when sending a code and
   * 'issue verifying code' when checking one.
   */
  steps?: readonly string[]
  /**
   * The plugin's reaction to any error of its `steps` that would otherwise end on the generic error
   * screen (an unknown code, a network failure): 'Issue verifying code' on a code screen.
   */
  fallback?: boolean
}

/** Error codes of one owner (UPPER_SNAKE keys) and their reactions. */
export type ErrorTable = Readonly<Record<string, ErrorReaction>>

type UpperSnake<K extends string> = K extends Uppercase<K> ? (K extends `${string} ${string}` ? never : K) : never

/**
 * Declares error codes; keys must be UPPER_SNAKE and start with the owner's prefix. An entry that
 * shows a text names its message key (`message`) unless the code is itself a key of a registered
 * table (see `MessageKeys`); an entry that only opens a screen needs neither.
 * @param prefix - the owner's prefix (`EMAIL`, `PORTICO`...).
 * @param table - reaction per code.
 * @returns the same table.
 * @example
 * ```ts
 * export const EMAIL_ERRORS = defineErrorCodes('EMAIL', {
 *   EMAIL_INVALID_CODE: { from: ['invalid_credentials'], inline: true },
 * })
 * ```
 */
export function defineErrorCodes<const P extends string, const T extends Record<string, ErrorReaction>>(
  prefix: P,
  table: T & { [K in keyof T]: K extends `${P}_${string}` ? (K extends string ? (UpperSnake<K> extends never ? never : K extends MessageKey ? ErrorReaction : ErrorReaction & ({ message: MessageKey } | { screen: string })) : never) : never },
): T {
  return table
}

/**
 * The message key of an error table's entry: its `message`, else the code itself
 * ({@link defineErrorCodes} checks that such a code is a key).
 * @param code - the entry's code.
 * @param reaction - the entry.
 * @returns the key to translate.
 * @example
 * ```ts
 * ctx.t(messageKeyOf('EMAIL_INVALID_CODE', EMAIL_ERRORS.EMAIL_INVALID_CODE))
 * ```
 */
export function messageKeyOf(code: string, reaction: ErrorReaction): MessageKey {
  return reaction.message ?? (code as MessageKey)
}

/** A resolved error: the reaction and its text. */
export interface ResolvedError {
  code: string | undefined
  reaction: ErrorReaction
  message: string
}

/** The code a step's promise rejects with by default when the step is cancelled (see `Flow`). */
export const STEP_CANCELLED_CODE = 'exited_auth_flow'
