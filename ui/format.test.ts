import { describe, expect, it } from 'vitest'
import { acceptsDecimalInput, formatDecimal, formatDecimalInput, formatUsd, parseDecimalInput } from './format'
import { SUPPORTED_LOCALES } from '../kernel/locale'
import { countryOptions } from '../plugins/sms/screens/phone'

describe('numbers in the locale', () => {
  it('keeps every digit of a token amount and writes it with the locale’s grouping and decimal sign', () => {
    expect(formatDecimal('1234.000000000000000001', 'en')).toBe('1,234.000000000000000001')
    expect(formatDecimal('1234.05', 'de')).toBe('1.234,05')
    expect(formatDecimal('<0.001', 'fr')).toBe('<0,001')
    expect(formatDecimal('12', 'ar')).toBe(new Intl.NumberFormat('ar').format(12))
    expect(formatDecimal('not a number', 'fr')).toBe('not a number')
  })

  it('writes dollars with cents in the locale, and under a cent as less than one cent', () => {
    expect(formatUsd(25)).toBe('$25.00')
    expect(formatUsd(0.004)).toBe('<$0.01')
    expect(formatUsd(25, 'ja')).toBe('$25.00')
    expect(formatUsd(25, 'fr')).toBe('25,00\u00a0$US')
  })
})

describe('amounts typed in the locale', () => {
  const COMMA = ['fr', 'de', 'es', 'pt', 'it', 'ru', 'tr']
  const POINT = ['en', 'ja', 'ko', 'zh-CN']

  it('reads the locale’s decimal sign and gives the canonical decimal the wire takes', () => {
    for (const locale of COMMA) {
      expect([locale, parseDecimalInput('12,5', locale)]).toEqual([locale, '12.5'])
      expect([locale, parseDecimalInput(',5', locale), parseDecimalInput('5,', locale)]).toEqual([locale, '0.5', '5'])
    }
    for (const locale of POINT) {
      expect([locale, parseDecimalInput('12.5', locale)]).toEqual([locale, '12.5'])
      // ',' groups digits there: '12,5' is not twelve and a half.
      expect([locale, parseDecimalInput('12,5', locale)]).toEqual([locale, null])
    }
    expect(parseDecimalInput('0.000000000000000001', 'en')).toBe('0.000000000000000001')
  })

  it('takes a point too where it does not group digits, and refuses it where it does', () => {
    expect(['fr', 'ru'].map((l) => parseDecimalInput('12.5', l))).toEqual(['12.5', '12.5'])
    expect(['de', 'it', 'es', 'pt', 'tr'].map((l) => parseDecimalInput('1.500', l))).toEqual([null, null, null, null, null])
  })

  it('keeps spec 02’s rule with one decimal sign: digits and at most one sign, nothing else', () => {
    for (const locale of SUPPORTED_LOCALES) {
      expect([locale, ['1,2,3', '1.2.3', '1,2.3', '-1', '1e3', ' 1', 'abc', '1 000'].map((t) => parseDecimalInput(t, locale))]).toEqual([locale, Array(8).fill(null)])
      expect([locale, ['', '.', ','].map((t) => parseDecimalInput(t, locale))]).toEqual([locale, [null, null, null]])
    }
    // While typing: empty, a lone sign and a trailing sign may stand in the field.
    expect(['', ',', '12,', '12,5', '12,,', '12a'].map((t) => acceptsDecimalInput(t, 'fr'))).toEqual([true, true, true, true, false, false])
    expect(['', '.', '12.', '12,'].map((t) => acceptsDecimalInput(t, 'en'))).toEqual([true, true, true, false])
  })

  it('in Arabic takes Arabic-Indic digits and the Arabic decimal separator, and normalises them', () => {
    expect(parseDecimalInput('١٢٫٥', 'ar')).toBe('12.5')
    expect(parseDecimalInput('۱۲٫۵', 'ar')).toBe('12.5')
    expect(parseDecimalInput('12.5', 'ar')).toBe('12.5')
    expect(parseDecimalInput('١٢٫٥٫١', 'ar')).toBeNull()
    expect(acceptsDecimalInput('٫', 'ar')).toBe(true)
  })

  it('writes the default amount in the locale’s way, without grouping', () => {
    expect(formatDecimalInput('1234.5', 'en')).toBe('1234.5')
    expect(COMMA.map((l) => formatDecimalInput('1234.5', l))).toEqual(Array(COMMA.length).fill('1234,5'))
    expect(formatDecimalInput('12.5', 'ar-EG')).toBe('١٢٫٥')
    expect(formatDecimalInput('25', 'fr')).toBe('25')
    // What the field shows reads back to the same amount.
    for (const locale of [...SUPPORTED_LOCALES, 'ar-EG', 'fa']) expect([locale, parseDecimalInput(formatDecimalInput('0.75', locale), locale)]).toEqual([locale, '0.75'])
    expect(formatDecimalInput('not a number', 'fr')).toBe('not a number')
  })
})

describe('country names of the phone picker', () => {
  it('follow the locale and are sorted in its order', () => {
    expect(countryOptions().find((c) => c.code === 'DE')?.name).toBe('Germany')
    expect(countryOptions('fr').find((c) => c.code === 'DE')?.name).toBe('Allemagne')
    const arabic = countryOptions('ar')
    expect(arabic.find((c) => c.code === 'EG')?.name).toBe('مصر')
    const names = arabic.map((c) => c.name)
    expect(names).toEqual([...names].sort((a, b) => a.localeCompare(b, ['ar', 'en'])))
  })
})
