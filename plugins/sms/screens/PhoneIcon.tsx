/**
 * The phone icon of the SMS screens.
 * @module
 */
import { css } from '../../../styled-system/css'

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
    <span
      aria-hidden="true"
      className={css({ display: 'flex', alignItems: 'center', justifyContent: 'center', width: '56px', height: '56px', borderRadius: 'full', mb: '2', bg: 'accent.subtle', color: 'accent.text' })}
    >
      <svg width="28" height="28" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round">
        <path d="M8 2.5h8A1.5 1.5 0 0 1 17.5 4v16a1.5 1.5 0 0 1-1.5 1.5H8A1.5 1.5 0 0 1 6.5 20V4A1.5 1.5 0 0 1 8 2.5Zm3 15.5h2" />
      </svg>
    </span>
  )
}
