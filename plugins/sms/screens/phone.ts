/**
 * The phone input's logic, on libphonenumber-js: country list, as-you-type formatting, validation and
 * the input result. Imported only by the lazily loaded screens, so the library's metadata stays out
 * of the initial bundle.
 * @module
 */
import {
  AsYouType,
  getCountries,
  getCountryCallingCode,
  isSupportedCountry,
  parsePhoneNumberFromString,
  type CountryCode,
} from 'libphonenumber-js'

/** The input's text limit. */
export const MAX_PHONE_INPUT_LENGTH = 250

/** The spec's default when the app sets none. */
export const FALLBACK_COUNTRY: CountryCode = 'US'

/** What the phone input reports. */
export interface PhoneInputResult {
  /** The text as typed. */
  rawPhoneNumber: string
  /** `+{callingCode} {national digits}`: what is sent and shown (`+1 4155550123`). */
  qualifiedPhoneNumber: string
  /** The selected (or pasted) country. */
  countryCode: CountryCode
  /** Passes libphonenumber-js's length and pattern rules for the country. */
  isValid: boolean
}

/** A country of the picker. */
export interface CountryOption {
  code: CountryCode
  name: string
  callingCode: string
}

const cached = new Map<string, CountryOption[]>()

/**
 * Every country libphonenumber-js knows, with its name in the locale and calling code, sorted by
 * name in that locale's order.
 * @param locale - the locale of the names (a BCP 47 tag). @defaultValue 'en'
 * @returns the picker's options.
 * @example
 * ```ts
 * countryOptions().find((c) => c.code === 'GB')?.callingCode // '44'
 * countryOptions('fr').find((c) => c.code === 'DE')?.name // 'Allemagne'
 * ```
 */
export function countryOptions(locale = 'en'): CountryOption[] {
  const known = cached.get(locale)
  if (known) return known
  const names = new Intl.DisplayNames([locale, 'en'], { type: 'region' })
  const options = getCountries()
    .map((code) => ({ code, name: names.of(code) ?? code, callingCode: String(getCountryCallingCode(code)) }))
    .sort((a, b) => a.name.localeCompare(b.name, [locale, 'en']))
  cached.set(locale, options)
  return options
}

/**
 * The country the input starts with: the app's default when the phone library supports it, else US.
 * @param configured - `config.intl.defaultCountry`.
 * @returns a supported country code.
 * @example
 * ```ts
 * initialCountry('fr') // 'FR'
 * initialCountry('ZZ') // 'US'
 * ```
 */
export function initialCountry(configured: string | undefined | null): CountryCode {
  const code = configured?.toUpperCase()
  return code && isSupportedCountry(code) ? code : FALLBACK_COUNTRY
}

/**
 * Applies an edit to the input: formats as you type, and a number starting with '+' whose country is
 * recognisable switches the country (the text keeps the national part).
 * @param next - the input's new text.
 * @param previous - its text before the edit.
 * @param country - the selected country.
 * @returns the text to show and the country to select.
 * @example
 * ```ts
 * applyPhoneEdit('4155550123', '', 'US') // { text: '(415) 555-0123', country: 'US' }
 * applyPhoneEdit('+44 20 7946 0958', '', 'US') // { text: '020 7946 0958', country: 'GB' }
 * ```
 */
export function applyPhoneEdit(next: string, previous: string, country: CountryCode): { text: string; country: CountryCode } {
  const text = next.slice(0, MAX_PHONE_INPUT_LENGTH)
  // Deleting must not re-add the formatting characters the user just removed.
  if (text.length < previous.length) return { text, country }
  if (text.trim().startsWith('+')) {
    const international = new AsYouType()
    const formatted = international.input(text)
    const found = international.getCountry()
    const national = international.getNationalNumber()
    if (found && national) {
      // A whole number shows in its national form (with its trunk prefix); a partial one as digits so far.
      const whole = parsePhoneNumberFromString(text)
      return { text: whole?.isPossible() ? whole.formatNational() : new AsYouType(found).input(national), country: found }
    }
    return { text: formatted, country }
  }
  const typing = new AsYouType(country)
  const formatted = typing.input(text)
  // No separator before the first group can be read: a trunk prefix alone ('1' in the US) would
  // otherwise split '12' into '1 2'. The text stays as typed until three national digits are in.
  if ((typing.getNationalNumber() ?? '').length < MIN_FORMATTED_DIGITS) return { text, country }
  // Digits typed without the trunk prefix ('612345678' in France) get no formatting as you type; a
  // whole valid number still shows in national form.
  const whole = /\D/.test(formatted) ? undefined : parsePhoneNumberFromString(text, country)
  return { text: whole?.isValid() ? whole.formatNational() : formatted, country }
}

/** National digits typed before the input starts grouping them. */
const MIN_FORMATTED_DIGITS = 3

/**
 * A number in the spec's display form, '+{callingCode} {number}' (the national significant number,
 * digits only): how every screen shows a number to the user, whatever form it was stored or typed in.
 * @param input - a number in any form the phone library reads ('+14155550123', '+1 (415) 555-0123').
 * @param country - the country of a number without a '+' prefix. @defaultValue 'US'
 * @returns the display form, or the input unchanged when it is not a number.
 * @example
 * ```ts
 * displayPhoneNumber('+14155550123') // '+1 4155550123'
 * displayPhoneNumber('+44 20 7946 0958') // '+44 2079460958'
 * ```
 */
export function displayPhoneNumber(input: string, country: CountryCode = FALLBACK_COUNTRY): string {
  const parsed = input.length <= MAX_PHONE_INPUT_LENGTH ? parsePhoneNumberFromString(input, country) : undefined
  return parsed ? `+${parsed.countryCallingCode} ${String(parsed.nationalNumber)}` : input
}

/**
 * Reads the input into the phone input result.
 * @param raw - the text as typed.
 * @param country - the selected country.
 * @returns raw text, qualified number, country and validity.
 * @example
 * ```ts
 * readPhoneInput('(415) 555-0123', 'US')
 * // { rawPhoneNumber: '(415) 555-0123', qualifiedPhoneNumber: '+1 4155550123', countryCode: 'US', isValid: true }
 * ```
 */
export function readPhoneInput(raw: string, country: CountryCode): PhoneInputResult {
  const parsed = raw.length <= MAX_PHONE_INPUT_LENGTH ? parsePhoneNumberFromString(raw, country) : undefined
  if (!parsed) {
    const digits = raw.replace(/\D/g, '')
    return { rawPhoneNumber: raw, qualifiedPhoneNumber: `+${getCountryCallingCode(country)} ${digits}`, countryCode: country, isValid: false }
  }
  const national = String(parsed.nationalNumber)
  return {
    rawPhoneNumber: raw,
    qualifiedPhoneNumber: `+${parsed.countryCallingCode} ${national}`,
    countryCode: parsed.country ?? country,
    isValid: national.length >= 2 && national.length <= 17 && parsed.isValid(),
  }
}
