/**
 * Finds the injected wallets of the page: EIP-6963 announcements (each wallet side by side, with
 * its own uuid, name, icon and rdns), else the legacy `window.ethereum`.
 * @module
 */
import type { ConnectorEntry, ConnectorSource, WalletConnector } from '../wallets'
import type { InjectedProvider } from './connector'
import { legacyWalletName, walletClientTypeOf } from './client-type'

/** EIP-6963 provider info. */
export interface Eip6963ProviderInfo {
  uuid: string
  name: string
  icon: string
  rdns: string
}

/** The detail of an `eip6963:announceProvider` event. */
export interface Eip6963ProviderDetail {
  info: Eip6963ProviderInfo
  provider: InjectedProvider
}

/** Options of {@link createInjectedSource}. */
export interface InjectedSourceOptions {
  /** The window to listen on. @defaultValue globalThis.window */
  window?: Window
  /** Request timeout of every wallet, in ms. @defaultValue the kernel's `WALLET_REQUEST_TIMEOUT_MS` */
  timeoutMs?: number
  /** Request timeouts of some wallets, keyed by rdns or wallet client type (`io.metamask`, `phantom`). */
  walletTimeoutsMs?: Record<string, number>
  /** Offer `window.ethereum` when no wallet announces itself. @defaultValue true */
  legacyFallback?: boolean
}

/** The source the plugin registers, plus a teardown. */
export interface InjectedSource extends ConnectorSource {
  /** The EIP-6963 wallets seen so far, in announcement order. */
  announced(): Eip6963ProviderDetail[]
  /** Stops listening. */
  destroy(): void
}

/** Entry-id prefix (`<plugin id>:`). */
const PREFIX = 'injected:'

function isDetail(value: unknown): value is Eip6963ProviderDetail {
  const d = value as Partial<Eip6963ProviderDetail> | null
  return (
    !!d &&
    typeof d.info?.uuid === 'string' &&
    typeof d.info.name === 'string' &&
    typeof d.info.rdns === 'string' &&
    d.info.rdns.length > 0 &&
    typeof (d.provider as { request?: unknown } | undefined)?.request === 'function'
  )
}

/**
 * Listens for EIP-6963 wallets (and asks them to announce), and lists one connector entry per
 * wallet; with none, the legacy `window.ethereum` named from its `is*` flags.
 * @param options - window, timeouts, legacy fallback.
 * @returns the connector source.
 * @example
 * ```ts
 * import { createInjectedSource } from 'portico/plugins/injected'
 * const source = createInjectedSource()
 * source.entries().map((e) => e.branding.name) // ['MetaMask', 'Rabby Wallet']
 * ```
 */
export function createInjectedSource(options: InjectedSourceOptions = {}): InjectedSource {
  const win = options.window ?? (typeof window === 'undefined' ? undefined : window)
  // Keyed by rdns: a wallet announces again on every request, and two wallets never share one.
  const wallets = new Map<string, Eip6963ProviderDetail>()
  const subscribers = new Set<() => void>()
  const connectors = new Map<string, WalletConnector>()

  const timeoutFor = (rdns: string, walletClientType: string): number | undefined =>
    options.walletTimeoutsMs?.[rdns] ?? options.walletTimeoutsMs?.[walletClientType] ?? options.timeoutMs

  const onAnnounce = (event: Event) => {
    const detail = (event as CustomEvent<unknown>).detail
    if (!isDetail(detail)) return
    const known = wallets.get(detail.info.rdns)
    if (known && known.provider === detail.provider && known.info.uuid === detail.info.uuid) return
    wallets.set(detail.info.rdns, { info: { ...detail.info }, provider: detail.provider })
    connectors.delete(PREFIX + detail.info.rdns)
    for (const s of [...subscribers]) s()
  }
  win?.addEventListener('eip6963:announceProvider', onAnnounce)
  win?.dispatchEvent(new Event('eip6963:requestProvider'))

  const entryFor = (
    id: string,
    provider: InjectedProvider,
    branding: ConnectorEntry['branding'],
    walletClientType: string,
  ): ConnectorEntry => ({
    id,
    chainType: 'ethereum',
    connectorType: 'injected',
    walletClientType,
    branding,
    installed: true,
    async load() {
      const cached = connectors.get(id)
      if (cached) return cached
      // The connector code loads with the first connection, not with the page.
      const { createInjectedConnector } = await import('./connector')
      const timeoutMs = timeoutFor(branding.id, walletClientType)
      const connector = createInjectedConnector(provider, { branding, walletClientType, ...(timeoutMs === undefined ? {} : { timeoutMs }) })
      connectors.set(id, connector)
      return connector
    },
  })

  return {
    entries() {
      if (wallets.size > 0) {
        return [...wallets.values()].map(({ info, provider }) =>
          entryFor(
            PREFIX + info.rdns,
            provider,
            { id: info.rdns, name: info.name, ...(info.icon ? { icon: info.icon } : {}) },
            walletClientTypeOf(info.rdns, provider),
          ),
        )
      }
      const legacy = options.legacyFallback === false ? undefined : (win as (Window & { ethereum?: unknown }) | undefined)?.ethereum
      if (!legacy || typeof (legacy as { request?: unknown }).request !== 'function') return []
      const provider = legacy as InjectedProvider
      const walletClientType = walletClientTypeOf(undefined, provider)
      const id = walletClientType === 'unknown' ? 'browser_wallet' : walletClientType
      return [entryFor(PREFIX + id, provider, { id, name: legacyWalletName(provider) }, walletClientType)]
    },
    subscribe(onChange) {
      subscribers.add(onChange)
      return () => {
        subscribers.delete(onChange)
      }
    },
    announced: () => [...wallets.values()],
    destroy() {
      win?.removeEventListener('eip6963:announceProvider', onAnnounce)
      subscribers.clear()
    },
  }
}
