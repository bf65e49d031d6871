/**
 * The phone field: a country picker (a native select, so keyboards, screen readers and phones get
 * their own list) showing the flag and calling code, and the number, formatted as you type.
 * @module
 */
import { useId, type ReactNode } from 'react'
import { css } from '../../../styled-system/css'
import { ErrorText } from '../../../ui/components/ErrorText'
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
}

const field = css({
  display: 'flex',
  alignItems: 'center',
  gap: '1',
  height: '52px',
  pl: '1.5',
  pr: '1.5',
  bg: 'bg',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border.strong',
  borderRadius: 'control',
  transition: 'border-color 120ms ease, box-shadow 120ms ease',
  _hover: { borderColor: 'fg.subtle' },
  _focusWithin: { borderColor: 'accent', boxShadow: '0 0 0 3px token(colors.accent.ring)', _hover: { borderColor: 'accent' } },
  '&[data-invalid]': {
    borderColor: 'danger',
    _focusWithin: { boxShadow: '0 0 0 3px color-mix(in srgb, token(colors.danger) 30%, transparent)' },
  },
})

const picker = css({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  gap: '1',
  flexShrink: 0,
  height: '38px',
  px: '2',
  borderRadius: 'calc(token(radii.control) - 4px)',
  color: 'fg',
  fontSize: '15px',
  fontVariantNumeric: 'tabular-nums',
  _hover: { bg: 'surface' },
  '&:has(select:focus-visible)': { outline: '2px solid token(colors.accent)', outlineOffset: '1px' },
})

// The select covers its visible face: clicks and keys reach the native control.
const select = css({
  position: 'absolute',
  inset: '0',
  width: '100%',
  height: '100%',
  opacity: 0,
  cursor: 'pointer',
  fontSize: '16px',
  _disabled: { cursor: 'default' },
})

const input = css({
  flex: '1',
  minWidth: '0',
  height: '100%',
  pl: '2',
  bg: 'transparent',
  border: 'none',
  borderLeftWidth: '1px',
  borderLeftStyle: 'solid',
  borderLeftColor: 'border',
  borderRadius: '0',
  outline: 'none',
  color: 'fg',
  fontSize: '16px',
  _placeholder: { color: 'fg.subtle' },
})

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
export function PhoneField({ value, country, onChange, label, countryLabel, placeholder, error, trailing, disabled }: PhoneFieldProps) {
  const id = `po-phone-${useId()}`
  const errorId = `${id}-error`
  const options = countryOptions()
  const current = options.find((o) => o.code === country)
  return (
    <div className={css({ width: '100%' })}>
      <div className={field} data-invalid={error ? '' : undefined}>
        <span className={picker}>
          <span aria-hidden="true" className={css({ fontSize: '18px', lineHeight: '1' })}>
            {current?.flag}
          </span>
          <span aria-hidden="true">+{current?.callingCode}</span>
          <svg aria-hidden="true" width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className={css({ color: 'fg.subtle' })}>
            <path d="m6 9 6 6 6-6" />
          </svg>
          <label htmlFor={`${id}-country`} className={css({ srOnly: true })}>
            {countryLabel}
          </label>
          <select
            id={`${id}-country`}
            className={select}
            value={country}
            disabled={disabled}
            autoComplete="tel-country-code"
            onChange={(e) => onChange(value, e.target.value as CountryCode)}
          >
            {options.map((o) => (
              <option key={o.code} value={o.code}>
                {`${o.flag} ${o.name} (+${o.callingCode})`}
              </option>
            ))}
          </select>
        </span>
        <label htmlFor={id} className={css({ srOnly: true })}>
          {label}
        </label>
        <input
          id={id}
          className={input}
          type="tel"
          name="phone"
          autoComplete="tel-national"
          inputMode="tel"
          maxLength={MAX_PHONE_INPUT_LENGTH}
          placeholder={placeholder}
          value={value}
          disabled={disabled}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={(e) => {
            const next = applyPhoneEdit(e.target.value, value, country)
            onChange(next.text, next.country)
          }}
        />
        {trailing}
      </div>
      <ErrorText id={errorId}>{error || null}</ErrorText>
    </div>
  )
}
