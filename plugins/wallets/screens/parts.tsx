/**
 * Small parts the wallet screens share: a wallet's icon and a list row.
 * @module
 */
import { porticoRecipes as r, porticoTokens as tk } from '../../../ui/styles'
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
    return <img src={icon} alt="" width={size} height={size} style={{ borderRadius: 8, objectFit: 'contain', flexShrink: 0 }} />
  }
  return (
    <svg aria-hidden="true" width={size} height={size} viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="1.8" strokeLinecap="round" strokeLinejoin="round" style={{ color: tk.fgMuted, flexShrink: 0 }}>
      <path d={WALLET_ICON_PATH} />
    </svg>
  )
}

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
    <button type="button" className={r.tile} onClick={props.onClick}>
      <WalletIcon icon={props.icon} />
      <span className={r.truncate} style={{ flex: 1 }}>{props.name}</span>
      {props.recent ? <span className={r.badge}>{props.recentLabel}</span> : props.installed ? <span className={r.muted} style={{ fontSize: 12, fontWeight: 500, whiteSpace: 'nowrap' }}>{props.installedLabel}</span> : null}
    </button>
  )
}
