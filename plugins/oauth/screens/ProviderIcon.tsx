/**
 * A provider's logo in the status screens' round badge, with a spinning ring while verifying. An
 * unknown provider shows the error icon.
 * @module
 */
import { BadgeGlyph, ERROR_GLYPH, IconBadge } from '../../../ui/components/IconBadge'

/** Props of {@link ProviderIcon}. */
export interface ProviderIconProps {
  /** The logo URL, or null for an unknown provider. */
  icon: string | null
  /** Spin a ring around the badge (verifying). */
  busy?: boolean
  /** Tone of the badge. @defaultValue 'neutral' */
  tone?: 'neutral' | 'success' | 'error'
}

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
  if (!icon) {
    return (
      <IconBadge tone="error" size={64} busy={busy} part="provider-icon">
        <BadgeGlyph path={ERROR_GLYPH} />
      </IconBadge>
    )
  }
  return (
    <IconBadge tone={tone === 'neutral' ? 'muted' : tone} size={64} busy={busy} done={tone === 'success'} part="provider-icon">
      <img src={icon} alt="" width={30} height={30} />
    </IconBadge>
  )
}
