import { describe, expect, it } from 'vitest'
import { formatDecimal, formatUsd } from './format'
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
