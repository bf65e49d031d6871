/**
 * A provider's logo in the status screens' round badge, with a spinning ring while verifying. An
 * unknown provider shows the error icon.
 * @module
 */
import { css, cx } from '../../../styled-system/css'

/** Props of {@link ProviderIcon}. */
export interface ProviderIconProps {
  /** The logo URL, or null for an unknown provider. */
  icon: string | null
  /** Spin a ring around the badge (verifying). */
  busy?: boolean
  /** Tone of the badge. @defaultValue 'neutral' */
  tone?: 'neutral' | 'success' | 'error'
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
  '& img': { width: '30px', height: '30px', objectFit: 'contain' },
})

const tones = {
  neutral: css({ bg: 'surface', color: 'fg.muted' }),
  success: css({ bg: 'success.subtle', color: 'success' }),
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
 * @param props - icon, busy and tone.
 * @returns the badge (decorative: the title names the provider).
 * @example
 * ```tsx
 * <ProviderIcon icon={providerDisplay('google', null).icon} busy />
 * ```
 */
export function ProviderIcon({ icon, busy = false, tone = 'neutral' }: ProviderIconProps) {
  return (
    <span aria-hidden="true" data-part="provider-icon" className={cx(badge, tones[icon ? tone : 'error'])}>
      {icon ? (
        <img src={icon} alt="" />
      ) : (
        <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
          <path d="M12 8v5m0 3.5h.01M10.3 3.9 2.6 17.2A2 2 0 0 0 4.3 20h15.4a2 2 0 0 0 1.7-2.8L13.7 3.9a2 2 0 0 0-3.4 0Z" />
        </svg>
      )}
      {busy ? <span className={ring} /> : null}
      {icon && tone === 'success' ? (
        <span className={css({ position: 'absolute', right: '-2px', bottom: '-2px', display: 'flex', width: '22px', height: '22px', borderRadius: 'full', bg: 'success', color: 'bg', alignItems: 'center', justifyContent: 'center' })}>
          <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
            <path d="m6 12.5 4 4 8-9" />
          </svg>
        </span>
      ) : null}
    </span>
  )
}
