/**
 * The phone field: a country picker (a native select, so keyboards, screen readers and phones get
 * their own list) showing the country code and calling code, and the number, formatted as you type.
 * @module
 */
import type { ReactNode } from 'react'
import { SelectButton } from '../../../ui/components/SelectButton'
import { TextInput } from '../../../ui/components/TextInput'
import type { CountryCode } from 'libphonenumber-js'
import { applyPhoneEdit, countryOptions, MAX_PHONE_INPUT_LENGTH } from './phone'

/** Props of {@link PhoneField}. */
export interface PhoneFieldProps {
  /** The number as shown. */
  value: string
  country: CountryCode
  /** Called with the formatted text and the (possibly switched) country. */
  onChange: (value: string, country: CountryCode) => void
  /** Accessible label of the number. */
  label: string
  /** Accessible label of the country picker. */
  countryLabel: string
  placeholder?: string
  error?: string | null
  /** Trailing element inside the field (the submit button). */
  trailing?: ReactNode
  disabled?: boolean
  /** The locale of the country names (`ctx.locale()`). @defaultValue 'en' */
  locale?: string
}

/**
 * Renders the phone field.
 * @param props - value, country, labels, error and trailing element.
 * @returns the field.
 * @example
 * ```tsx
 * import { PhoneField } from './PhoneField'
 * <PhoneField value={text} country={country} onChange={(t, c) => { setText(t); setCountry(c) }} label="Phone number" countryLabel="Country" />
 * ```
 */
export function PhoneField({ value, country, onChange, label, countryLabel, placeholder, error, trailing, disabled, locale }: PhoneFieldProps) {
  const options = countryOptions(locale)
  const current = options.find((o) => o.code === country)
  const picker = (
    <SelectButton
      label={countryLabel}
      value={country}
      options={options.map((o) => ({ value: o.code, label: `${o.name} (+${o.callingCode})` }))}
      onChange={(code) => onChange(value, code as CountryCode)}
      disabled={disabled}
      autoComplete="tel-country-code"
    >
      {/* The country code as text, not a flag emoji: flags need an emoji font many systems lack. */}
      <span style={{ fontSize: 11, fontWeight: 600, lineHeight: 1, letterSpacing: '0.04em', padding: '3px 4px', borderRadius: 4, border: '1px solid currentColor', opacity: 0.75 }}>
        {country}
      </span>
      <span>+{current?.callingCode}</span>
    </SelectButton>
  )
  return (
    <TextInput
      label={label}
      leading={picker}
      trailing={trailing}
      error={error}
      type="tel"
      name="phone"
      autoComplete="tel-national"
      inputMode="tel"
      maxLength={MAX_PHONE_INPUT_LENGTH}
      placeholder={placeholder}
      value={value}
      disabled={disabled}
      onChange={(e) => {
        const next = applyPhoneEdit(e.target.value, value, country)
        onChange(next.text, next.country)
      }}
    />
  )
}
