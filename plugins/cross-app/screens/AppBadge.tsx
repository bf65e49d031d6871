/**
 * An app's round badge for the cross-app screens: its icon, or its initial when it has none; a
 * spinning ring while connecting, the danger tone on failure.
 * @module
 */
import { css, cx } from '../../../styled-system/css'

/** Props of {@link AppBadge}. */
export interface AppBadgeProps {
  /** The app's name (its initial stands in for a missing icon). */
  name: string
  /** The app's icon URL, if any. */
  iconUrl?: string | null
  /** Spin a ring around the badge (waiting for the pop-up). */
  busy?: boolean
  /** Tone of the badge. @defaultValue 'neutral' */
  tone?: 'neutral' | 'error'
}

const badge = css({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  width: '64px',
  height: '64px',
  borderRadius: 'full',
  mb: '2',
  fontSize: '26px',
  fontWeight: '700',
  '& img': { width: '34px', height: '34px', objectFit: 'contain', borderRadius: 'md' },
})

const tones = {
  neutral: css({ bg: 'surface', color: 'fg' }),
  error: css({ bg: 'danger.subtle', color: 'danger' }),
}

const ring = css({
  position: 'absolute',
  inset: '-5px',
  borderRadius: 'full',
  borderWidth: '2px',
  borderStyle: 'solid',
  borderColor: 'accent',
  borderRightColor: 'transparent',
  borderBottomColor: 'transparent',
  animation: 'poSpin 0.9s linear infinite',
  '@media (prefers-reduced-motion: reduce)': { animationDuration: '2s' },
})

/**
 * Draws the badge.
 * @param props - name, icon, busy and tone.
 * @returns the badge (decorative: the title names the app).
 * @example
 * ```tsx
 * <AppBadge name="Acme Wallet" iconUrl={null} busy />
 * ```
 */
export function AppBadge({ name, iconUrl, busy = false, tone = 'neutral' }: AppBadgeProps) {
  return (
    <span aria-hidden="true" data-part="app-badge" className={cx(badge, tones[tone])}>
      {tone === 'error' ? (
        <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <path d="M12 8v5m0 3.5h.01M10.3 3.9 2.6 17.2A2 2 0 0 0 4.3 20h15.4a2 2 0 0 0 1.7-2.8L13.7 3.9a2 2 0 0 0-3.4 0Z" />
        </svg>
      ) : iconUrl ? (
        <img src={iconUrl} alt="" />
      ) : (
        <span>{(name.trim()[0] ?? '?').toUpperCase()}</span>
      )}
      {busy ? <span className={ring} /> : null}
    </span>
  )
}
