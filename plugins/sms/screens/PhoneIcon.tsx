/**
 * The phone icon of the SMS screens.
 * @module
 */
import { BadgeGlyph, IconBadge } from '../../../ui/components/IconBadge'

/**
 * The phone icon of the SMS screens, in the style of the layout's status icons.
 * @returns the icon.
 * @example
 * ```tsx
 * import { PhoneIcon } from './PhoneIcon'
 * <Screen icon={<PhoneIcon />} title="Log in with SMS" />
 * ```
 */
export function PhoneIcon() {
  return (
    <IconBadge>
      <BadgeGlyph path="M8 2.5h8A1.5 1.5 0 0 1 17.5 4v16a1.5 1.5 0 0 1-1.5 1.5H8A1.5 1.5 0 0 1 6.5 20V4A1.5 1.5 0 0 1 8 2.5Zm3 15.5h2" />
    </IconBadge>
  )
}
