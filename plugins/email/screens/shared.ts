/**
 * What the email screens share: address validation and the wire code of an error.
 * @module
 */

/** A pragmatic address check; the server validates for real. */
const EMAIL_RE = /^[^\s@]+@[^\s@.]+(\.[^\s@.]+)+$/

/**
 * Checks an address before it is sent.
 * @param email - the address as typed (trimmed by the caller).
 * @param disallowPlus - the app refuses addresses with '+'.
 * @returns the message key of the problem, or null when the address may be sent.
 * @example
 * ```ts
 * validateEmail('a+b@example.com', true) // 'EMAIL_DISALLOWED_PLUS'
 * ```
 */
export function validateEmail(email: string, disallowPlus: boolean): 'EMAIL_INVALID_ADDRESS' | 'EMAIL_DISALLOWED_PLUS' | null {
  if (!EMAIL_RE.test(email)) return 'EMAIL_INVALID_ADDRESS'
  if (disallowPlus && email.split('@')[0]!.includes('+')) return 'EMAIL_DISALLOWED_PLUS'
  return null
}

/**
 * The wire (or client) code carried by an error, if any.
 * @param err - anything thrown.
 * @returns its `code` string or undefined.
 * @example
 * ```ts
 * errorCode(new ApiError(401, { error: 'x', code: 'invalid_credentials' })) // 'invalid_credentials'
 * ```
 */
export function errorCode(err: unknown): string | undefined {
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : undefined
}

/** Seconds before a code can be sent again. */
export const RESEND_COOLDOWN_S = 30
