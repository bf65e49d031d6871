/**
 * The server's reading of a phone number: parsed with libphonenumber-js (US when the number has no
 * '+' prefix), accepted when possible (length rules), stored in E.164.
 * @module
 */
import { parsePhoneNumberFromString, type CountryCode } from 'libphonenumber-js'

/** A number as stored and shown. */
export interface NormalizedPhone {
  /** `+14155550123`: the identity key, the allowlist entry and the SMS recipient. */
  e164: string
  /** The national significant number, digits only (`4155550123`). */
  national: string
  /** The country calling code without '+' (`1`). */
  callingCode: string
}

/**
 * Reads a phone number the way the server stores it.
 * @param input - the number as typed (`(415) 555-0123`, `+44 20 7946 0958`, `+1 4155550123`).
 * @param defaultRegion - the country of a number without a '+' prefix. @defaultValue 'US'
 * @returns the normalised number, or null when it is not a possible number.
 * @example
 * ```ts
 * import { normalizePhoneNumber } from './number'
 * normalizePhoneNumber('(415) 555-0123')?.e164 // '+14155550123'
 * normalizePhoneNumber('12') // null
 * ```
 */
export function normalizePhoneNumber(input: string, defaultRegion: CountryCode = 'US'): NormalizedPhone | null {
  const parsed = parsePhoneNumberFromString(input.trim(), defaultRegion)
  if (!parsed || !parsed.isPossible()) return null
  return { e164: parsed.number, national: String(parsed.nationalNumber), callingCode: String(parsed.countryCallingCode) }
}
