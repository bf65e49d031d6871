/**
 * An app's round badge for the cross-app screens: its icon, or its initial when it has none; a
 * spinning ring while connecting, the danger tone on failure.
 * @module
 */
import { BadgeGlyph, ERROR_GLYPH, IconBadge } from '../../../ui/components/IconBadge'

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
    <IconBadge tone={tone} size={64} busy={busy} part="app-badge">
      {tone === 'error' ? (
        <BadgeGlyph path={ERROR_GLYPH} />
      ) : iconUrl ? (
        <img src={iconUrl} alt="" width={34} height={34} style={{ borderRadius: 6 }} />
      ) : (
        <span>{(name.trim()[0] ?? '?').toUpperCase()}</span>
      )}
    </IconBadge>
  )
}
