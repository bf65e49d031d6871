/**
 * Small parts the wallet screens share: a wallet's icon and a list row.
 * @module
 */
import { css } from '../../../styled-system/css'
import { WALLET_ICON_PATH } from '../ids'

/**
 * A wallet's icon, or the generic glyph.
 * @param props - icon URL and pixel size.
 * @returns the icon (decorative: the wallet's name is always written next to it).
 * @example
 * ```tsx
 * <WalletIcon icon={entry.branding.icon} size={28} />
 * ```
 */
export function WalletIcon({ icon, size = 28 }: { icon?: string | undefined; size?: number }) {
  if (icon) {
    return <img src={icon} alt="" width={size} height={size} className={css({ borderRadius: '8px', objectFit: 'contain', flexShrink: 0 })} />
  }
  return (
    <svg aria-hidden="true" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" className={css({ color: 'fg.muted', flexShrink: 0 })}>
      <path d={WALLET_ICON_PATH} />
    </svg>
  )
}

const row = css({
  display: 'flex',
  alignItems: 'center',
  gap: '3',
  width: '100%',
  minHeight: '52px',
  px: '4',
  py: '2',
  bg: 'bg',
  color: 'fg',
  fontSize: '15px',
  fontWeight: '600',
  textAlign: 'left',
  borderWidth: '1px',
  borderStyle: 'solid',
  borderColor: 'border',
  borderRadius: 'control',
  cursor: 'pointer',
  transition: 'background-color 120ms ease, border-color 120ms ease',
  _hover: { bg: 'surface', borderColor: 'border.strong' },
  _focusVisible: { outline: 'none', borderColor: 'accent', boxShadow: '0 0 0 3px token(colors.accent.ring)' },
})

const badge = css({
  fontSize: '12px',
  fontWeight: '600',
  px: '2',
  py: '0.5',
  borderRadius: 'full',
  bg: 'accent.subtle',
  color: 'accent.text',
  whiteSpace: 'nowrap',
})

const note = css({ fontSize: '12px', fontWeight: '500', color: 'fg.muted', whiteSpace: 'nowrap' })

/**
 * One wallet of the list: icon, name, and the 'Recent' / 'Installed' markers.
 * @param props - name, icon, markers and the click handler.
 * @returns the button.
 * @example
 * ```tsx
 * <WalletRow name="MetaMask" icon={icon} installed recent={false} recentLabel="Recent" installedLabel="Installed" onClick={open} />
 * ```
 */
export function WalletRow(props: {
  name: string
  icon?: string | undefined
  installed: boolean
  recent: boolean
  recentLabel: string
  installedLabel: string
  onClick: () => void
}) {
  return (
    <button type="button" className={row} onClick={props.onClick}>
      <WalletIcon icon={props.icon} />
      <span className={css({ flex: '1', minWidth: 0, overflow: 'hidden', textOverflow: 'ellipsis' })}>{props.name}</span>
      {props.recent ? <span className={badge}>{props.recentLabel}</span> : props.installed ? <span className={note}>{props.installedLabel}</span> : null}
    </button>
  )
}
