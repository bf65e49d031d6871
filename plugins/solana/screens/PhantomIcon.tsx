/**
 * Phantom's mark, drawn for the interstitial and install screens.
 * @module
 */
import { IconBadge } from '../../../ui/components/IconBadge'

/** The official download page. */
export const PHANTOM_DOWNLOAD_URL = 'https://phantom.app/download'

/**
 * The Phantom ghost in its purple disc (decorative: screens name Phantom in their titles).
 * @returns the icon.
 * @example
 * ```tsx
 * <Screen icon={<PhantomIcon />} title="Install Phantom" />
 * ```
 */
export function PhantomIcon() {
  return (
    <IconBadge background="#ab9ff2">
      <svg width="32" height="32" viewBox="0 0 32 32" fill="none">
        <path
          d="M6 19.6C6 12.6 10.6 7 16.6 7 22.4 7 26 11.7 26 17.1c0 5.6-4.3 8.9-8.5 8.9-1.4 0-2.1-1-2.7-1.9-.6.9-1.5 1.9-2.9 1.9-1.4 0-2.2-1-2.9-2-.6.6-1.3 1.1-2 1.1C6 25.1 6 21.8 6 19.6Z"
          fill="#fff"
        />
        <circle cx="17" cy="15" r="1.6" fill="#3c315b" />
        <circle cx="22" cy="15" r="1.6" fill="#3c315b" />
      </svg>
    </IconBadge>
  )
}
