/**
 * A circular spinner, decorative inside buttons or announced as a status with a label.
 * @module
 */
import { css, cx } from '../../styled-system/css'

/** Props of {@link Spinner}. */
export interface SpinnerProps {
  /** Diameter in px. @defaultValue 20 */
  size?: number
  /** When set, the spinner is announced to screen readers with this text (role=status). */
  label?: string
  className?: string
}

const ring = css({
  display: 'inline-block',
  flexShrink: 0,
  borderRadius: 'full',
  borderStyle: 'solid',
  borderColor: 'currentColor',
  borderRightColor: 'transparent',
  animation: 'poSpin 0.7s linear infinite',
  opacity: 0.9,
  '@media (prefers-reduced-motion: reduce)': { animationDuration: '1.6s' },
})

const visuallyHidden = css({ srOnly: true })

/**
 * Draws a spinner.
 * @param props - size, optional accessible label and class.
 * @returns the spinner element.
 * @example
 * ```tsx
 * import { Spinner } from 'portico/react/components'
 * <Spinner label="Loading" size={28} />
 * ```
 */
export function Spinner({ size = 20, label, className }: SpinnerProps) {
  const box = (
    <span
      aria-hidden="true"
      className={cx(ring, className)}
      style={{ width: size, height: size, borderWidth: Math.max(2, Math.round(size / 10)) }}
    />
  )
  if (!label) return box
  return (
    <span role="status" className={css({ display: 'inline-flex', alignItems: 'center', color: 'accent.text' })}>
      {box}
      <span className={visuallyHidden}>{label}</span>
    </span>
  )
}
