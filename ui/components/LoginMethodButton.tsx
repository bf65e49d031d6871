/**
 * A row of the landing list: icon, label and a chevron.
 * @module
 */
import type { ReactNode } from 'react'
import { css } from '../../styled-system/css'

/** Props of {@link LoginMethodButton}. */
export interface LoginMethodButtonProps {
  label: string
  /** An icon element, an SVG path (`M...`) or an image URL. */
  icon?: ReactNode | string
  onClick: () => void
  disabled?: boolean
}

const row = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  width: '100%',
  height: '52px',
  px: '4',
  bg: 'bg',
  color: 'fg',
  fontSize: '15px',
  fontWeight: '600',
  textAlign: 'start',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border',
  borderRadius: 'control',
  cursor: 'pointer',
  transition: 'background-color 120ms ease, border-color 120ms ease',
  _hover: { bg: 'surface', borderColor: 'border.strong', '& [data-part=chevron]': { transform: 'translateX(2px)', color: 'fg.muted' } },
  _focusVisible: { outline: 'none', boxShadow: 'focus' },
  _disabled: { opacity: 0.55, cursor: 'not-allowed' },
})

const iconBox = css({
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '28px',
  height: '28px',
  borderRadius: '8px',
  bg: 'surface',
  color: 'fg.muted',
  flexShrink: 0,
  '& img': { width: '20px', height: '20px', objectFit: 'contain' },
})

/** Draws an icon given as an element, an SVG path or an image URL. */
function Icon({ icon }: { icon: ReactNode | string | undefined }) {
  if (typeof icon === 'string') {
    if (/^[Mm][\d\s.,-]/.test(icon)) {
      return (
        <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <path d={icon} />
        </svg>
      )
    }
    return <img src={icon} alt="" />
  }
  if (icon) return <>{icon}</>
  return (
    <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8">
      <circle cx="12" cy="12" r="8" />
    </svg>
  )
}

/**
 * Renders a login-method row.
 * @param props - label, icon, click handler.
 * @returns the button.
 * @example
 * ```tsx
 * import { LoginMethodButton } from 'portico/react/components'
 * <LoginMethodButton label="Continue with email" onClick={() => navigate('email/entry')} />
 * ```
 */
export function LoginMethodButton({ label, icon, onClick, disabled }: LoginMethodButtonProps) {
  return (
    <button type="button" className={row} onClick={onClick} disabled={disabled}>
      <span className={iconBox} aria-hidden="true">
        <Icon icon={icon} />
      </span>
      <span className={css({ flex: '1' })}>{label}</span>
      <svg data-part="chevron" aria-hidden="true" width="16" height="16" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2" strokeLinecap="round" strokeLinejoin="round" className={css({ color: 'fg.subtle', transition: 'transform 120ms ease', _rtl: { scale: '-1 1' } })}>
        <path d="M9 6l6 6-6 6" />
      </svg>
    </button>
  )
}
