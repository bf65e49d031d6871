/**
 * An inline error line, announced politely when it appears.
 * @module
 */
import type { ReactNode } from 'react'
import { css, cx } from '../../styled-system/css'

/** Props of {@link ErrorText}. */
export interface ErrorTextProps {
  /** Id that inputs point their `aria-describedby` at. */
  id?: string
  children?: ReactNode
  className?: string
  /** Centre the text (code screens). */
  center?: boolean
}

const style = css({
  display: 'flex',
  alignItems: 'flex-start',
  gap: '1.5',
  color: 'danger',
  fontSize: '13px',
  fontWeight: '500',
  lineHeight: '1.4',
  mt: '2',
})

/**
 * Shows an error message; renders nothing without children, but keeps the live region mounted.
 * @param props - id, text and alignment.
 * @returns the error element.
 * @example
 * ```tsx
 * import { ErrorText } from 'portico/react/components'
 * <ErrorText id="email-error">Please enter a valid email address</ErrorText>
 * ```
 */
export function ErrorText({ id, children, className, center }: ErrorTextProps) {
  return (
    <p
      id={id}
      aria-live="polite"
      className={cx(style, center ? css({ justifyContent: 'center', textAlign: 'center' }) : undefined, className)}
      hidden={!children}
    >
      {children}
    </p>
  )
}
