/**
 * The WalletConnect connector plugin: offers WalletConnect, and the named mobile wallets of the
 * wallet table (MetaMask, Rainbow...) through it, in the wallet list. A connection shows our own QR
 * code and deep-link screen. `@walletconnect/ethereum-provider` is imported only when an entry's
 * `load()` runs, and the QR library only with the screen.
 * @module
 */
import { definePlugin, type PluginContext } from '../../kernel/plugin'
import { NAMED_WALLET_LIST_ENTRIES, mobileWallet, type MobileWalletId } from '../wallets'
import type { ConnectorEntry, ConnectorSource, WalletConnector } from '../wallets'
import type { WalletConnectProvider } from './connector'
import { walletConnectMessages } from './messages/en'
import { wallets, walletsOf } from '../wallets'

export { createWalletConnectConnector, walletClientTypeOfPeer, type WalletConnectConnectorOptions, type WalletConnectProvider } from './connector'
export { walletConnectMessages, type WalletConnectMessageKey } from './messages/en'

/** The spec's z-index of the WalletConnect modal: our QR screen is drawn at it. */
export const WALLET_CONNECT_MODAL_Z_INDEX = 1000000

/** The first poll of the wallet redirect link (mobile deep link waiting for the pairing uri), in ms. */
export const WALLET_REDIRECT_POLL_MS = 500

/** The QR screen's id. */
export const WALLET_CONNECT_SCREEN = 'wallet-connect/qr'

/** The app metadata a wallet shows while pairing. */
export interface WalletConnectMetadata {
  name: string
  description: string
  url: string
  icons: string[]
}

/** Options of the {@link walletConnect} plugin. */
export interface WalletConnectOptions {
  /** The WalletConnect Cloud project id. @defaultValue the app's `wallet_connect_cloud_project_id`; without either nothing is offered */
  projectId?: string
  /** What wallets show about the app. @defaultValue the app's name and logo, and this page's origin */
  metadata?: WalletConnectMetadata
  /** A relay to use instead of WalletConnect's (a self-hosted one, or a test relay). */
  relayUrl?: string
}

/** The WalletConnect plugin's state slice: the pairing the QR screen shows. */
export interface WalletConnectState {
  /** The pairing uri while a connection waits for a wallet. */
  uri: string | null
  /** The named wallet being connected (a wallet-table key), or null for any wallet. */
  walletId: string | null
}

/** Cancels of the attempts under way, per plugin state (functions stay out of the valtio state). */
const cancels = new WeakMap<object, () => void>()

/**
 * Ends the connection attempt the QR screen shows, if any.
 * @param state - the plugin's state slice (`ctx.state` of the QR screen).
 * @returns nothing; the pending `connect()` rejects with the wallet abort error.
 * @example
 * ```ts
 * import { cancelPairing } from 'portico/plugins/wallet-connect'
 * cancelPairing(ctx.state)
 * ```
 */
export function cancelPairing(state: object): void {
  cancels.get(state)?.()
}

/** The generic WalletConnect entry id. */
export const WALLET_CONNECT_ENTRY_ID = 'wallet-connect:wallet_connect'

const ICON =
  'data:image/svg+xml,' +
  encodeURIComponent(
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 40 40"><rect width="40" height="40" rx="10" fill="#3B99FC"/><path fill="none" stroke="#fff" stroke-width="3" stroke-linecap="round" stroke-linejoin="round" d="M10.5 16c5.2-5 13.8-5 19 0M13 20l3.5 3.5L20 20l3.5 3.5L27 20"/></svg>',
  )

/** The named wallets offered through WalletConnect (Coinbase has its own SDK plugin). */
export const WALLET_CONNECT_NAMED_WALLETS = NAMED_WALLET_LIST_ENTRIES.filter(
  (id) => id !== 'coinbase_wallet' && id !== 'wallet_connect' && mobileWallet(id),
) as readonly MobileWalletId[]

/** What building the entries needs from the kernel; the plugin wires it to `ctx`. */
export interface WalletConnectDeps {
  /** The project id in force (options, else the app's), or null. */
  projectId(): string | null
  /** App metadata and the chains to request. */
  app(): { metadata: WalletConnectMetadata; chainIds: number[] }
  /** Shows the QR screen for a pairing. */
  show(uri: string, walletId: string | null, cancel: () => void): void
  /** The attempt ended. */
  settled(): void
  relayUrl?: string
}

/**
 * Builds the WalletConnect entries: the generic one and one per named wallet. All share one
 * provider per page, created by the first `load()`.
 * @param deps - project id, app metadata and the QR screen callbacks.
 * @returns a source whose entries are empty while there is no project id.
 * @example
 * ```ts
 * import { walletConnectSource } from 'portico/plugins/wallet-connect'
 * const source = walletConnectSource({ projectId: () => 'abc', app: () => ({ metadata, chainIds: [1] }), show, settled })
 * ```
 */
export function walletConnectSource(deps: WalletConnectDeps): ConnectorSource {
  let providerFor: { projectId: string; provider: Promise<WalletConnectProvider> } | null = null

  const provider = (projectId: string) => {
    if (providerFor?.projectId === projectId) return providerFor.provider
    const { metadata, chainIds } = deps.app()
    const loading = import('@walletconnect/ethereum-provider').then(({ EthereumProvider }) =>
      EthereumProvider.init({
        projectId,
        showQrModal: false,
        optionalChains: (chainIds.length ? chainIds : [1]) as [number, ...number[]],
        metadata,
        ...(deps.relayUrl ? { relayUrl: deps.relayUrl } : {}),
      }),
    ) as Promise<WalletConnectProvider>
    providerFor = { projectId, provider: loading }
    // A failed import or init may be retried by pressing the button again.
    loading.catch(() => {
      if (providerFor?.provider === loading) providerFor = null
    })
    return loading
  }

  const entry = (walletId: string | null, projectId: string): ConnectorEntry => {
    const table = walletId ? mobileWallet(walletId) : undefined
    const branding = table ? { id: table.rdns ?? walletId!, name: table.name } : { id: 'wallet_connect', name: 'WalletConnect', icon: ICON }
    let connector: Promise<WalletConnector> | null = null
    return {
      id: `wallet-connect:${walletId ?? 'wallet_connect'}`,
      chainType: 'ethereum',
      connectorType: 'wallet_connect_v2',
      walletClientType: walletId ?? 'wallet_connect',
      branding,
      installed: false,
      load() {
        connector ??= Promise.all([provider(projectId), import('./connector')]).then(([p, { createWalletConnectConnector }]) =>
          createWalletConnectConnector(p, {
            branding,
            ...(walletId ? { walletClientType: walletId } : {}),
            onDisplayUri: (uri, cancel) => deps.show(uri, walletId, cancel),
            onSettled: deps.settled,
          }),
        )
        connector.catch(() => {
          connector = null
        })
        return connector
      },
    }
  }

  let cache: { projectId: string; entries: ConnectorEntry[] } | null = null
  return {
    entries() {
      const projectId = deps.projectId()
      if (!projectId) return []
      if (cache?.projectId !== projectId) {
        cache = { projectId, entries: [entry(null, projectId), ...WALLET_CONNECT_NAMED_WALLETS.map((id) => entry(id, projectId))] }
      }
      return cache.entries
    },
  }
}

/**
 * Creates the WalletConnect connector plugin.
 * @param options - project id (else the app's), app metadata, relay.
 * @returns the plugin definition.
 * @example
 * ```tsx
 * import { PorticoProvider } from 'portico/react'
 * import { walletConnect } from 'portico/plugins/wallet-connect'
 * <PorticoProvider appId="..." plugins={[walletConnect({ projectId: 'your-cloud-project-id' })]} />
 * ```
 */
export const walletConnect = (options: WalletConnectOptions = {}) =>
  definePlugin<'wallet-connect', WalletConnectState>({
    id: 'wallet-connect',
    kind: 'connector',
    screens: { qr: { load: () => import('./screens/WalletConnectQr') } },
    messages: walletConnectMessages,
    locales: (locale) => import(`./locales/${locale}.ts`),
    initialState: () => ({ uri: null, walletId: null }),
    requires: [wallets()],
    setup(ctx: PluginContext<WalletConnectState>) {
      const source = walletConnectSource({
        projectId: () => options.projectId || ctx.config()?.server.wallet_connect_cloud_project_id || null,
        app: () => {
          const config = ctx.config()
          const origin = typeof location === 'undefined' ? 'http://localhost' : location.origin
          const logo = config?.appearance.logo
          return {
            metadata: options.metadata ?? { name: config?.name ?? 'Portico', description: config?.name ?? 'Portico', url: origin, icons: logo ? [logo] : [] },
            chainIds: (config?.supportedChains ?? []).flatMap((c) => {
              const m = /^eip155:([1-9][0-9]*)$/.exec(c.id)
              return m ? [Number(m[1])] : []
            }),
          }
        },
        show(uri, walletId, cancel) {
          const first = ctx.state.uri === null
          ctx.state.uri = uri
          ctx.state.walletId = walletId
          cancels.set(ctx.state, cancel)
          // Replace the list's waiting screen, so going back returns to the wallet list.
          if (first) ctx.navigate(WALLET_CONNECT_SCREEN, { walletId }, { replace: true })
        },
        settled() {
          ctx.state.uri = null
          ctx.state.walletId = null
          cancels.delete(ctx.state)
        },
        ...(options.relayUrl ? { relayUrl: options.relayUrl } : {}),
      })
      return walletsOf(ctx).addSource(source)
    },
  })
