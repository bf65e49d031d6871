/**
 * What the email screens share: address validation.
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
