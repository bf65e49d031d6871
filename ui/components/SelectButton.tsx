/**
 * A compact picker: a native `<select>` laid over a face you draw (a country and its calling code, a
 * currency, a chain), so keyboards, screen readers and phones get the platform's own list. It fits
 * in a {@link TextInput}'s `leading` slot or stands alone.
 * @module
 */
import { useId, type ReactNode } from 'react'
import { css } from '../../styled-system/css'

/** One choice of a {@link SelectButton}. */
export interface SelectOption {
  value: string
  /** What the platform's list shows. */
  label: string
}

/** Props of {@link SelectButton}. */
export interface SelectButtonProps {
  /** Accessible name of the picker ('Country'). */
  label: string
  value: string
  options: readonly SelectOption[]
  onChange: (value: string) => void
  /** The visible face (decorative: the select carries the value for assistive technology). */
  children: ReactNode
  disabled?: boolean
  /** `autocomplete` of the select (`tel-country-code`). */
  autoComplete?: string
}

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

// The select covers the face: clicks and keys reach the native control.
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

/**
 * Draws the picker.
 * @param props - label, value, options, change handler, face and state.
 * @returns the picker.
 * @example
 * ```tsx
 * import { SelectButton } from 'portico/react/components'
 * <SelectButton label="Currency" value={currency} options={[{ value: 'usd', label: 'US dollar' }]} onChange={setCurrency}>
 *   {currency.toUpperCase()}
 * </SelectButton>
 * ```
 */
export function SelectButton({ label, value, options, onChange, children, disabled, autoComplete }: SelectButtonProps) {
  const id = `po-select-${useId()}`
  return (
    <span className={picker}>
      <span aria-hidden="true" className={css({ display: 'contents' })}>
        {children}
        <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className={css({ color: 'fg.subtle' })}>
          <path d="m6 9 6 6 6-6" />
        </svg>
      </span>
      <label htmlFor={id} className={css({ srOnly: true })}>
        {label}
      </label>
      <select id={id} className={select} value={value} disabled={disabled} autoComplete={autoComplete} onChange={(e) => onChange(e.target.value)}>
        {options.map((o) => (
          <option key={o.value} value={o.value}>
            {o.label}
          </option>
        ))}
      </select>
    </span>
  )
}
