/**
 * The wallet list's rules (spec sections 2 and 3): which entries show, in which order, and which
 * one carries the 'Recent' marker. Kept apart from the screen so it is testable alone.
 * @module
 */
import type { AppearanceConfig } from '../../../kernel'
import type { ConnectionHistoryEntry, ConnectorEntry, WalletChainType } from '../types'

/** One row of the wallet list. */
export interface WalletListItem {
  entry: ConnectorEntry
  /** The wallet of the newest stored connection. */
  recent: boolean
}

/** Options of {@link walletListItems}. */
export interface WalletListOptions {
  /** Which chains are listed. @defaultValue 'ethereum-only' */
  walletChainType?: AppearanceConfig['walletChainType']
  /**
   * The host's list: `detected_ethereum_wallets`, `detected_solana_wallets`, `detected_wallets`
   * (installed wallets of that kind) or wallet names (`metamask`, `coinbase_wallet`, `wallet_connect`...),
   * in display order. Without it every entry shows.
   */
  walletList?: readonly string[]
  /** The stored connection history, newest first. */
  history?: readonly ConnectionHistoryEntry[]
  /** Chain types that can be listed at all (e.g. those some plugin can sign in). @defaultValue both */
  chainTypes?: readonly WalletChainType[]
}

const CHAINS: Record<NonNullable<AppearanceConfig['walletChainType']>, readonly WalletChainType[]> = {
  'ethereum-only': ['ethereum'],
  'solana-only': ['solana'],
  'ethereum-and-solana': ['ethereum', 'solana'],
}

/** Whether an entry answers a named `walletList` item. */
function named(entry: ConnectorEntry, name: string): boolean {
  return entry.walletClientType === name || entry.branding.id === name || entry.connectorType === name
}

/**
 * Orders and filters the registry's entries for the wallet list: narrowed by chain type, ordered
 * by `walletList` (each entry once, at its first match), installed wallets first (otherwise in
 * that order), and the wallet of the newest stored connection marked 'Recent'.
 * @param entries - the registry's entries.
 * @param options - chain type, wallet list, history.
 * @returns the rows.
 * @example
 * ```ts
 * import { walletListItems } from './wallet-list'
 * import { walletsOf } from 'portico/plugins/wallets'
 * walletListItems(walletsOf(kernel).entries(), { walletChainType: 'ethereum-only', history: walletsOf(kernel).history() })
 * ```
 */
export function walletListItems(entries: readonly ConnectorEntry[], options: WalletListOptions = {}): WalletListItem[] {
  const allowed = CHAINS[options.walletChainType ?? 'ethereum-only'].filter((c) => !options.chainTypes || options.chainTypes.includes(c))
  const pool = entries.filter((e) => allowed.includes(e.chainType))
  let ordered: ConnectorEntry[]
  if (options.walletList?.length) {
    ordered = []
    const take = (e: ConnectorEntry) => {
      if (!ordered.includes(e)) ordered.push(e)
    }
    for (const item of options.walletList) {
      if (item === 'detected_wallets') pool.filter((e) => e.installed).forEach(take)
      else if (item === 'detected_ethereum_wallets') pool.filter((e) => e.installed && e.chainType === 'ethereum').forEach(take)
      else if (item === 'detected_solana_wallets') pool.filter((e) => e.installed && e.chainType === 'solana').forEach(take)
      else pool.filter((e) => named(e, item)).forEach(take)
    }
  } else {
    ordered = [...pool]
  }
  // Stable: installed first, the configured order kept inside each group.
  ordered = [...ordered.filter((e) => e.installed), ...ordered.filter((e) => !e.installed)]
  const last = options.history?.[0]
  const recentIndex = last
    ? ordered.findIndex((e) => e.connectorType === last.connectorType && e.walletClientType === last.walletClientType)
    : -1
  return ordered.map((entry, i) => ({ entry, recent: i === recentIndex }))
}
