/**
 * A text link: external URLs open in a new tab; without `href` it renders a link-styled button.
 * @module
 */
import type { ReactNode } from 'react'
import { css, cx } from '../../styled-system/css'

/** Props of {@link Link}. */
export interface LinkProps {
  /** External URL; opens in a new tab. */
  href?: string
  /** Called when there is no href (in-modal action). */
  onClick?: () => void
  disabled?: boolean
  children: ReactNode
  className?: string
}

/** Panda class of {@link Link}. */
export const linkStyle = css({
  display: 'inline',
  p: '0',
  bg: 'transparent',
  border: 'none',
  color: 'accent.text',
  fontWeight: '600',
  fontSize: 'inherit',
  textDecoration: 'underline',
  textDecorationColor: 'transparent',
  textUnderlineOffset: '3px',
  cursor: 'pointer',
  borderRadius: '4px',
  transition: 'text-decoration-color 120ms ease',
  _hover: { textDecorationColor: 'currentColor' },
  _focusVisible: { outline: '2px solid token(colors.accent.text)', outlineOffset: '2px' },
  _disabled: { color: 'fg.subtle', cursor: 'default', textDecoration: 'none' },
})

/**
 * Renders a link.
 * @param props - href or onClick, label.
 * @returns an anchor or a button.
 * @example
 * ```tsx
 * import { Link } from 'portico/react/components'
 * <Link href="https://example.com/terms">View Terms</Link>
 * ```
 */
export function Link({ href, onClick, disabled, children, className }: LinkProps) {
  if (href) {
    return (
      <a href={href} target="_blank" rel="noopener noreferrer" className={cx(linkStyle, className)}>
        {children}
      </a>
    )
  }
  return (
    <button type="button" onClick={onClick} disabled={disabled} className={cx(linkStyle, className)}>
      {children}
    </button>
  )
}
