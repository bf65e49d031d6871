/**
 * Numbers in the locale's way: amounts of tokens kept exact (no float rounding), and dollar figures.
 * @module
 */

/**
 * Writes a decimal number given as text (`formatUnits`' output, exact to the last digit) with the
 * locale's digits, grouping and decimal sign: `'1234.5'` → `'1,234.5'` in English, `'1 234,5'` in French.
 * @param text - a non-negative decimal, `'123'` or `'123.456'`, maybe after '<' (`'<0.001'`).
 * @param locale - a BCP 47 tag (`ctx.locale()`).
 * @returns the text in the locale; the text itself when it is not a plain decimal.
 * @example
 * ```ts
 * import { formatDecimal } from 'portico/react'
 * formatDecimal('1234.05', 'de') // '1.234,05'
 * ```
 */
export function formatDecimal(text: string, locale: string): string {
  const m = /^(<?)(\d+)(?:\.(\d+))?$/.exec(text)
  if (!m) return text
  const nf = new Intl.NumberFormat(locale)
  const whole = m[1]! + nf.format(BigInt(m[2]!))
  if (!m[3]) return whole
  const sign = nf.formatToParts(1.5).find((p) => p.type === 'decimal')?.value ?? '.'
  // The fraction's digits one by one, so it keeps every digit and the locale's numerals.
  return whole + sign + m[3].replace(/\d/g, (d) => nf.format(Number(d)))
}

/**
 * A dollar figure in the locale's way, with cents; under a cent, '<' and one cent (spec 02 §9: '<$0.01').
 * @param usd - the amount in dollars.
 * @param locale - a BCP 47 tag. @defaultValue 'en'
 * @returns `'$25.00'` in English, `'25,00 $US'` in French.
 * @example
 * ```ts
 * import { formatUsd } from 'portico/react'
 * formatUsd(0.004) // '<$0.01'
 * ```
 */
export function formatUsd(usd: number, locale = 'en'): string {
  const nf = new Intl.NumberFormat(locale, { style: 'currency', currency: 'USD', minimumFractionDigits: 2, maximumFractionDigits: 2 })
  return usd > 0 && usd < 0.01 ? `<${nf.format(0.01)}` : nf.format(usd)
}

/** The Arabic decimal separator (U+066B), never a grouping sign in any locale. */
const ARABIC_DECIMAL = '\u066b'

/** Digits other than ASCII that an amount field takes: Arabic-Indic (U+0660…) and Eastern Arabic-Indic (U+06F0…). */
function asciiDigit(c: string): string | null {
  if (c >= '0' && c <= '9') return c
  const code = c.charCodeAt(0)
  if (code >= 0x660 && code <= 0x669) return String(code - 0x660)
  if (code >= 0x6f0 && code <= 0x6f9) return String(code - 0x6f0)
  return null
}

/** The locale's decimal and grouping signs. */
function signsOf(locale: string): { decimal: string; group: string } {
  const parts = new Intl.NumberFormat(locale).formatToParts(1234567.5)
  return {
    decimal: parts.find((p) => p.type === 'decimal')?.value ?? '.',
    group: parts.find((p) => p.type === 'group')?.value ?? ',',
  }
}

/**
 * The decimal signs an amount field takes in a locale: the locale's own (`,` in French), the Arabic
 * decimal separator, and `.` where it does not group digits (French and Russian users typing `12.5`
 * mean 12.5; in German `1.500` means 1500, so `.` is refused there).
 * @param locale - a BCP 47 tag.
 * @returns the accepted signs, the locale's first.
 */
function decimalSignsOf(locale: string): string[] {
  const { decimal, group } = signsOf(locale)
  return [...new Set([decimal, ARABIC_DECIMAL, ...(group === '.' ? [] : ['.'])])]
}

/**
 * Reads an amount as typed in a locale: digits (ASCII, Arabic-Indic or Eastern Arabic-Indic) and at
 * most one decimal sign (see {@link acceptsDecimalInput}), in the canonical form the wire takes:
 * ASCII digits and `.` (`'12,5'` in French → `'12.5'`; `'١٢٫٥'` → `'12.5'`). A leading sign gains a
 * `0` (`',5'` → `'0.5'`) and a trailing one is dropped (`'5,'` → `'5'`).
 * @param text - what the user typed.
 * @param locale - a BCP 47 tag (`ctx.locale()`).
 * @returns the canonical decimal, or null when the text is not digits and one decimal sign, or has no digit.
 * @example
 * ```ts
 * import { parseDecimalInput } from 'portico/react'
 * parseDecimalInput('12,5', 'fr') // '12.5'
 * parseDecimalInput('12,5', 'en') // null (',' groups digits in English)
 * ```
 */
export function parseDecimalInput(text: string, locale: string): string | null {
  const signs = decimalSignsOf(locale)
  let whole = ''
  let fraction: string | null = null
  for (const c of text) {
    const digit = asciiDigit(c)
    if (digit !== null) {
      if (fraction === null) whole += digit
      else fraction += digit
    } else if (signs.includes(c) && fraction === null) {
      fraction = ''
    } else {
      return null
    }
  }
  if (whole === '' && !fraction) return null
  return fraction ? `${whole || '0'}.${fraction}` : whole
}

/**
 * Whether a text may stand in an amount field while it is typed: empty, or digits and at most one
 * decimal sign of the locale (a lone sign too, the start of `,5`). Spec 02's rule ('digits and one
 * decimal point'), with the locale's decimal sign.
 * @param text - the field's new value.
 * @param locale - a BCP 47 tag.
 * @returns true when the field may take it.
 * @example
 * ```ts
 * import { acceptsDecimalInput } from 'portico/react'
 * acceptsDecimalInput('12,', 'de') // true
 * acceptsDecimalInput('1,2,3', 'de') // false
 * ```
 */
export function acceptsDecimalInput(text: string, locale: string): boolean {
  return text === '' || decimalSignsOf(locale).includes(text) || parseDecimalInput(text, locale) !== null
}

/**
 * Writes a canonical decimal (`'12.5'`) for an amount field in a locale: its digits and decimal sign,
 * no grouping (the field takes none back): `'12,5'` in French, `'١٢٫٥'` in Egyptian Arabic.
 * @param text - a canonical decimal (ASCII digits, at most one `.`).
 * @param locale - a BCP 47 tag.
 * @returns the text for the field; the text itself when it is not a canonical decimal.
 * @example
 * ```ts
 * import { formatDecimalInput } from 'portico/react'
 * formatDecimalInput('1234.5', 'de') // '1234,5'
 * ```
 */
export function formatDecimalInput(text: string, locale: string): string {
  const m = /^(\d*)(?:\.(\d*))?$/.exec(text)
  if (!m || text === '') return text
  const nf = new Intl.NumberFormat(locale, { useGrouping: false })
  const digits = (s: string) => s.replace(/\d/g, (d) => nf.format(Number(d)))
  return m[2] === undefined ? digits(m[1]!) : digits(m[1]!) + signsOf(locale).decimal + digits(m[2])
}
