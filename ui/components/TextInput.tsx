/**
 * A labelled text input with an inline error and an optional trailing action.
 * @module
 */
import { useId, type InputHTMLAttributes, type ReactNode, type Ref } from 'react'
import { css, cx } from '../../styled-system/css'
import { ErrorText } from './ErrorText'

/** Props of {@link TextInput}. */
export interface TextInputProps extends Omit<InputHTMLAttributes<HTMLInputElement>, 'size'> {
  /** Accessible label. */
  label: string
  /** Show the label above the field; otherwise it is read by screen readers only. @defaultValue false */
  showLabel?: boolean
  /** Error text; sets `aria-invalid` and `aria-describedby`. */
  error?: string | null
  /** Leading icon (decorative). */
  icon?: ReactNode
  /**
   * An interactive element at the start of the field, set off from the input by a divider (a
   * {@link SelectButton} for a country or a currency).
   */
  leading?: ReactNode
  /** Trailing element inside the field (a submit button). */
  trailing?: ReactNode
  ref?: Ref<HTMLInputElement>
}

const field = css({
  display: 'flex',
  alignItems: 'center',
  gap: '2',
  height: '52px',
  ps: '3.5',
  pe: '1.5',
  bg: 'bg',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border.strong',
  borderRadius: 'control',
  transition: 'border-color 120ms ease, box-shadow 120ms ease',
  _hover: { borderColor: 'fg.subtle' },
  _focusWithin: { borderColor: 'accent', boxShadow: '0 0 0 3px token(colors.accent.ring)', _hover: { borderColor: 'accent' } },
  // With a leading control: tighter on the left, a divider between the control and the input.
  '&[data-leading]': { ps: '1.5', gap: '1', '& > input': { ps: '2', borderInlineStartWidth: '1px', borderInlineStartStyle: 'solid', borderInlineStartColor: 'border', borderRadius: '0' } },
  // Invalid: one red, focused or hovered too: focus thickens the red border with a ring of the same
  // red (a translucent halo reads as a second, muddy colour on a dark background).
  '&[data-invalid]': {
    borderColor: 'danger',
    _hover: { borderColor: 'danger' },
    _focusWithin: { borderColor: 'danger', boxShadow: '0 0 0 1px token(colors.danger)', _hover: { borderColor: 'danger' } },
  },
})

const input = css({
  flex: '1',
  minWidth: '0',
  height: '100%',
  bg: 'transparent',
  border: 'none',
  outline: 'none',
  color: 'fg',
  fontSize: '16px',
  _placeholder: { color: 'fg.subtle' },
})

/**
 * Renders a text input.
 * @param props - input attributes plus label, error, icon, leading control and trailing element.
 * @returns the field.
 * @example
 * ```tsx
 * import { TextInput } from 'portico/react/components'
 * <TextInput label="Email address" type="email" value={email} onChange={(e) => setEmail(e.target.value)} error={error} />
 * ```
 */
export function TextInput({ label, showLabel = false, error, icon, leading, trailing, id, className, ref, ...rest }: TextInputProps) {
  const auto = useId()
  const inputId = id ?? `po-input-${auto}`
  const errorId = `${inputId}-error`
  return (
    <div className={cx(css({ width: '100%' }), className)}>
      <label htmlFor={inputId} className={showLabel ? css({ display: 'block', fontSize: '13px', fontWeight: '600', mb: '1.5', color: 'fg.muted' }) : css({ srOnly: true })}>
        {label}
      </label>
      <div className={field} data-leading={leading ? '' : undefined} data-invalid={error ? '' : undefined}>
        {leading}
        {icon ? <span aria-hidden="true" className={css({ display: 'flex', color: 'fg.subtle' })}>{icon}</span> : null}
        <input
          {...rest}
          ref={ref}
          id={inputId}
          className={input}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        {trailing}
      </div>
      <ErrorText id={errorId}>{error || null}</ErrorText>
    </div>
  )
}
