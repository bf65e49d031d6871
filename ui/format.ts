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
