/**
 * The wallet list (`wallets/list`): the wallets the connector plugins offer, narrowed by the
 * app's wallet chain type and ordered by its wallet list, installed first, the newest connection
 * marked 'Recent'. Choosing one opens the connecting screen.
 * @module
 */
import { useEffect, useState } from 'react'
import { porticoRecipes as r } from '../../../ui/styles'
import { usePorticoState, type ScreenProps } from '../../../ui/context'
import type { AppConfig, PluginContext } from '../../../kernel'
import { walletsOf } from '../absent'
import { WALLET_SCREENS } from '../ids'
import type { ConnectorEntry, WalletChainType } from '../types'
import { Screen } from '../../../ui/components/Screen'
import { Link } from '../../../ui/components/Link'
import { Spinner } from '../../../ui/components/Spinner'
import { walletListItems, type WalletListItem } from './wallet-list'
import { WalletRow } from './parts'

/** Params of the wallet list (all optional): this attempt's narrowing, over the app's appearance. */
export interface WalletListParams extends Record<string, unknown> {
  walletChainType?: AppConfig['appearance']['walletChainType']
  walletList?: readonly string[]
}

/** How often the list looks for wallets that announced themselves after it opened. */
const REFRESH_MS = 500

/** Chain types a sign-in can use: some plugin signs them in and the app's switch is on. */
function signInChains(ctx: PluginContext, config: AppConfig): WalletChainType[] {
  const server = config.server as unknown as Record<string, unknown>
  const on: Record<WalletChainType, boolean> = { ethereum: server.wallet_auth === true, solana: server.solana_wallet_auth === true }
  return (['ethereum', 'solana'] as const).filter((c) => on[c] && walletsOf(ctx).canAuthenticate(c))
}

function listOf(ctx: PluginContext, config: AppConfig, connectOnly: boolean, params: WalletListParams): WalletListItem[] {
  const walletList = params.walletList ?? config.appearance.walletList
  return walletListItems(walletsOf(ctx).entries(), {
    walletChainType: params.walletChainType ?? config.appearance.walletChainType,
    ...(walletList ? { walletList } : {}),
    history: walletsOf(ctx).history(),
    ...(connectOnly ? {} : { chainTypes: signInChains(ctx, config) }),
  })
}

const sameIds = (a: WalletListItem[], b: WalletListItem[]) =>
  a.length === b.length && a.every((x, i) => x.entry.id === b[i]!.entry.id && x.recent === b[i]!.recent)

/**
 * The wallet list screen.
 * @param props - screen props.
 * @returns the screen.
 * @example
 * ```ts
 * kernel.openModal('wallets/list')
 * ```
 */
export default function WalletList({ ctx, params }: ScreenProps<WalletListParams>) {
  const t = ctx.t
  const config = usePorticoState((s) => s.config)
  const connectOnly = ctx.intent() === 'connect'
  const [items, setItems] = useState<WalletListItem[] | null>(() => (config ? listOf(ctx, config, connectOnly, params) : null))

  useEffect(() => {
    if (!config) return
    const refresh = () => setItems((prev) => {
      const next = listOf(ctx, config, connectOnly, params)
      return prev && sameIds(prev, next) ? prev : next
    })
    refresh()
    // The registry has no change event; wallets that announce late (extensions waking up) show on the next look.
    const timer = setInterval(refresh, REFRESH_MS)
    return () => clearInterval(timer)
  }, [ctx, config, connectOnly, params])

  const open = (entry: ConnectorEntry) =>
    ctx.navigate(WALLET_SCREENS.connect, { entryId: entry.id, name: entry.branding.name, ...(entry.branding.icon ? { icon: entry.branding.icon } : {}) })

  const title = t(connectOnly ? 'PORTICO_WALLETS_CONNECT_TITLE' : 'PORTICO_WALLETS_TITLE')
  if (!config || !items) {
    return (
      <Screen title={title}>
        <div className={r.loading}><Spinner size={28} label={t('PORTICO_UI_LOADING')} /></div>
      </Screen>
    )
  }
  const chainType = (params.walletChainType ?? config.appearance.walletChainType) === 'solana-only' ? 'solana' : 'ethereum'
  return (
    <Screen
      title={title}
      footer={
        <p className={r.center} style={{ fontSize: 14 }}>
          <Link onClick={() => ctx.navigate(WALLET_SCREENS.install, { chainType })}>{t('PORTICO_WALLETS_NO_WALLET')}</Link>
        </p>
      }
    >
      {items.length === 0 ? (
        <p className={`${r.muted} ${r.center}`} style={{ padding: '8px 0' }}>{t('PORTICO_WALLETS_NONE')}</p>
      ) : (
        <ul aria-label={t('PORTICO_WALLETS_LIST_LABEL')} className={r.list}>
          {items.map(({ entry, recent }) => (
            <li key={entry.id}>
              <WalletRow
                name={entry.branding.name}
                icon={entry.branding.icon}
                installed={entry.installed}
                recent={recent}
                recentLabel={t('PORTICO_WALLETS_RECENT')}
                installedLabel={t('PORTICO_WALLETS_INSTALLED')}
                onClick={() => open(entry)}
              />
            </li>
          ))}
        </ul>
      )}
    </Screen>
  )
}
