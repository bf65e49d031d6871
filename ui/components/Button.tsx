/**
 * The one button of the design system: primary, secondary and ghost, with a loading state.
 * @module
 */
import type { ButtonHTMLAttributes, ReactNode } from 'react'
import { cva, cx } from '../../styled-system/css'
import { Spinner } from './Spinner'

/** Props of {@link Button}. */
export interface ButtonProps extends ButtonHTMLAttributes<HTMLButtonElement> {
  /** @defaultValue 'primary' */
  variant?: 'primary' | 'secondary' | 'ghost'
  /** @defaultValue 'md' */
  size?: 'sm' | 'md'
  /** Shows a spinner, sets `aria-busy` and ignores clicks while true. */
  loading?: boolean
  /** Stretches to the container's width. @defaultValue true for primary and secondary */
  fullWidth?: boolean
  children?: ReactNode
}

/** Panda recipe of {@link Button}; exported so links and triggers can look like buttons. */
export const buttonRecipe = cva({
  base: {
    position: 'relative',
    display: 'inline-flex',
    alignItems: 'center',
    justifyContent: 'center',
    gap: '2',
    fontWeight: '600',
    borderRadius: 'control',
    borderWidth: '1px',
    borderStyle: 'solid',
    borderColor: 'transparent',
    cursor: 'pointer',
    userSelect: 'none',
    whiteSpace: 'nowrap',
    textDecoration: 'none',
    transition: 'background-color 120ms ease, border-color 120ms ease, color 120ms ease, box-shadow 120ms ease, transform 80ms ease',
    _focusVisible: { outline: 'none', boxShadow: 'focus' },
    _active: { transform: 'translateY(1px)' },
    _disabled: { cursor: 'not-allowed', opacity: 0.55, _active: { transform: 'none' } },
    '&[aria-busy=true]': { cursor: 'progress' },
  },
  variants: {
    variant: {
      primary: {
        bg: 'accent',
        color: 'accent.fg',
        _hover: { bg: 'accent.hover' },
      },
      secondary: {
        bg: 'bg',
        color: 'fg',
        borderColor: 'border',
        _hover: { bg: 'surface', borderColor: 'border.strong' },
      },
      ghost: {
        bg: 'transparent',
        color: 'fg.muted',
        _hover: { bg: 'surface', color: 'fg' },
      },
    },
    size: {
      sm: { height: '34px', px: '3', fontSize: '13px' },
      md: { height: '48px', px: '5', fontSize: '15px' },
    },
    fullWidth: { true: { width: '100%' } },
  },
  defaultVariants: { variant: 'primary', size: 'md' },
})

/**
 * A button.
 * @param props - button attributes plus variant, size, loading and fullWidth.
 * @returns the button element.
 * @example
 * ```tsx
 * import { Button } from 'portico/react/components'
 * <Button variant="primary" loading={sending} onClick={submit}>Accept</Button>
 * ```
 */
export function Button({
  variant = 'primary',
  size = 'md',
  loading = false,
  fullWidth,
  className,
  children,
  disabled,
  onClick,
  type = 'button',
  ...rest
}: ButtonProps) {
  return (
    <button
      {...rest}
      type={type}
      aria-busy={loading || undefined}
      disabled={disabled}
      onClick={loading ? (e) => e.preventDefault() : onClick}
      className={cx(buttonRecipe({ variant, size, fullWidth: fullWidth ?? variant !== 'ghost' }), className)}
    >
      {loading ? <Spinner size={size === 'sm' ? 14 : 18} /> : null}
      {children}
    </button>
  )
}
