/**
 * The round badge above a status screen's title: a glyph, logo or initial on a tinted disc, with a
 * spinning ring while something is under way and a check mark once it is done.
 * @module
 */
import type { CSSProperties, ReactNode } from 'react'
import { css, cx } from '../../styled-system/css'

/** Colour of an {@link IconBadge}: the disc's background and the glyph's colour. */
export type IconBadgeTone = 'accent' | 'neutral' | 'muted' | 'success' | 'error'

/** Props of {@link IconBadge}. */
export interface IconBadgeProps {
  /** The glyph (an `<svg>`), a logo `<img>` (with its `width` and `height`), or text such as an initial. */
  children: ReactNode
  /** @defaultValue 'accent' */
  tone?: IconBadgeTone
  /** Diameter in pixels. @defaultValue 56 */
  size?: number
  /** A brand colour for the disc instead of the tone's (a wallet's own purple). */
  background?: string
  /** Spin a ring around the badge (waiting, verifying). */
  busy?: boolean
  /** Pin a check mark to the badge (done). */
  done?: boolean
  /** `data-part` of the badge, for tests and host styling. */
  part?: string
}

const badge = css({
  position: 'relative',
  display: 'flex',
  alignItems: 'center',
  justifyContent: 'center',
  flexShrink: 0,
  borderRadius: 'full',
  mb: '2',
  fontSize: '26px',
  fontWeight: '700',
  // A logo keeps its own width and height attributes; it is never stretched.
  '& > img': { objectFit: 'contain' },
})

const tones: Record<IconBadgeTone, string> = {
  accent: css({ bg: 'accent.subtle', color: 'accent.text' }),
  neutral: css({ bg: 'surface', color: 'fg' }),
  muted: css({ bg: 'surface', color: 'fg.muted' }),
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

const check = css({
  position: 'absolute',
  insetInlineEnd: '-2px',
  bottom: '-2px',
  display: 'flex',
  width: '22px',
  height: '22px',
  borderRadius: 'full',
  bg: 'success',
  color: 'bg',
  alignItems: 'center',
  justifyContent: 'center',
})

/**
 * Draws the badge. It is decorative (`aria-hidden`): the screen's title says what it shows.
 * @param props - glyph, tone, size, brand background, busy and done.
 * @returns the badge.
 * @example
 * ```tsx
 * import { IconBadge, Screen } from 'portico/react/components'
 * <Screen title="Verifying" icon={<IconBadge tone="muted" size={64} busy><img src={logo} alt="" /></IconBadge>} />
 * ```
 */
export function IconBadge({ children, tone = 'accent', size = 56, background, busy = false, done = false, part }: IconBadgeProps) {
  const style: CSSProperties = { width: size, height: size, ...(background ? { background } : {}) }
  return (
    <span aria-hidden="true" data-part={part} className={cx(badge, tones[tone])} style={style}>
      {children}
      {busy ? <span className={ring} /> : null}
      {done ? (
        <span className={check}>
          <svg width="14" height="14" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="3" strokeLinecap="round" strokeLinejoin="round">
            <path d="m6 12.5 4 4 8-9" />
          </svg>
        </span>
      ) : null}
    </span>
  )
}

/**
 * A 24-unit outline glyph for an {@link IconBadge} (the stroke style of the built-in icons).
 * @param props - the SVG path and its pixel size.
 * @returns the `<svg>`.
 * @example
 * ```tsx
 * import { IconBadge, BadgeGlyph } from 'portico/react/components'
 * <IconBadge><BadgeGlyph path="M4 6h16v12H4z" /></IconBadge>
 * ```
 */
export function BadgeGlyph({ path, size = 28 }: { path: string; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
      <path d={path} />
    </svg>
  )
}

/** The warning-triangle glyph status screens show on failure (an SVG path). */
export const ERROR_GLYPH = 'M12 8v5m0 3.5h.01M10.3 3.9 2.6 17.2A2 2 0 0 0 4.3 20h15.4a2 2 0 0 0 1.7-2.8L13.7 3.9a2 2 0 0 0-3.4 0Z'
