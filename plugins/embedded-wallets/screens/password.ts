/**
 * The recovery password's rules (spec 02 §5): at least 6 characters, only letters, digits and
 * `! @ # $ % ^ & * ( ) - _ + .`, and a strength score from its length and its character variety.
 * @module
 */

/** The shortest password the wizard accepts (spec 02 §9). */
export const PASSWORD_MIN_LENGTH = 6

/** Below this length a password earns no variety score. */
export const PASSWORD_VARIETY_MIN_LENGTH = 8

/** The length at which the length part of the score is full. */
export const PASSWORD_FULL_LENGTH = 16

/** The symbols a password may hold besides letters and digits. */
export const PASSWORD_SYMBOLS = '!@#$%^&*()-_+.'

/** The character classes the variety score counts: lower case, upper case, digits, symbols. */
const CLASSES: readonly RegExp[] = [/[a-z]/, /[A-Z]/, /[0-9]/, /[!@#$%^&*()\-_+.]/]

const ALLOWED = /^[A-Za-z0-9!@#$%^&*()\-_+.]$/

/** The strength label of a password. */
export type PasswordStrength = 'weak' | 'medium' | 'strong'

/** What is wrong with a password, if anything. */
export type PasswordProblem = { kind: 'empty' } | { kind: 'too-short' } | { kind: 'invalid-characters'; characters: string[] }

/**
 * The characters of a password that are not allowed, each once, in the order they first appear.
 * @param password - the password as typed.
 * @returns the offending characters (empty when all are allowed).
 * @example
 * ```ts
 * invalidCharacters('pass word~~') // [' ', '~']
 * ```
 */
export function invalidCharacters(password: string): string[] {
  const seen = new Set<string>()
  // By code point: an emoji is one offender, not two halves.
  for (const c of password) if (!ALLOWED.test(c)) seen.add(c)
  return [...seen]
}

/**
 * Checks a password against the rules. Invalid characters are reported before the length, so the
 * user sees what to remove while still typing.
 * @param password - the password as typed.
 * @returns the problem, or null when the password is acceptable.
 * @example
 * ```ts
 * passwordProblem('abc') // { kind: 'too-short' }
 * passwordProblem('abc def') // { kind: 'invalid-characters', characters: [' '] }
 * ```
 */
export function passwordProblem(password: string): PasswordProblem | null {
  if (password.length === 0) return { kind: 'empty' }
  const characters = invalidCharacters(password)
  if (characters.length > 0) return { kind: 'invalid-characters', characters }
  if (password.length < PASSWORD_MIN_LENGTH) return { kind: 'too-short' }
  return null
}

/**
 * The strength score of a password, from 0 to 1: half for its length (full at
 * {@link PASSWORD_FULL_LENGTH} characters), half for how many of the four character classes (lower
 * case, upper case, digits, symbols) it uses. A password under {@link PASSWORD_VARIETY_MIN_LENGTH}
 * characters earns no variety score.
 * @param password - the password.
 * @returns the score.
 * @example
 * ```ts
 * passwordScore('abcdefgh') // 0.25 + 0.125 = 0.375
 * ```
 */
export function passwordScore(password: string): number {
  // Only ASCII is allowed, so UTF-16 units are characters for every password the wizard accepts.
  const length = password.length
  const lengthScore = Math.min(length, PASSWORD_FULL_LENGTH) / PASSWORD_FULL_LENGTH
  const classes = CLASSES.filter((c) => c.test(password)).length
  const varietyScore = length < PASSWORD_VARIETY_MIN_LENGTH ? 0 : classes / CLASSES.length
  return (lengthScore + varietyScore) / 2
}

/**
 * The strength label of a score: Medium over 0.5, Strong over 0.9, else Weak.
 * @param score - a {@link passwordScore}.
 * @returns the label.
 * @example
 * ```ts
 * strengthOf(passwordScore('Correct-Horse-42')) // 'strong'
 * ```
 */
export function strengthOf(score: number): PasswordStrength {
  if (score > 0.9) return 'strong'
  if (score > 0.5) return 'medium'
  return 'weak'
}
