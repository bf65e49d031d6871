/**
 * The wallets of the user's provider-app accounts among the connected wallets of the wallets plugin
 * (`useWallets()`), when that plugin is in use: one unlisted connector entry per wallet, connected while
 * the signed-in user has it and dropped when the user no longer does. Signing goes through the provider
 * app's page ({@link createCrossAppEthereumProvider}). Loaded with the user's first such wallet.
 * @module
 */
import type { PluginContext } from '../../../kernel/plugin'
import { findWallets, toHexChainId, utf8ToHex, type ConnectorEntry, type ConnectorEvents, type WalletConnector } from '../../wallets'
import { createCrossAppEthereumProvider, crossAppWalletsOf, type CrossAppWallet } from './transact'

/** The `walletClientType` of a provider app's wallet. */
export const CROSS_APP_WALLET_CLIENT_TYPE = 'cross_app'

/** What keeps the listing in step with the session. */
export interface CrossAppWalletListing {
  /** Connects the user's provider wallets not listed yet and drops those the user no longer has. */
  sync(): Promise<void>
  /** Removes the entries. */
  destroy(): void
}

function connector(ctx: PluginContext, wallet: CrossAppWallet, entry: ConnectorEntry): WalletConnector & { emit(event: 'disconnect'): void } {
  const provider = createCrossAppEthereumProvider(ctx, wallet)
  const listeners: { [E in keyof ConnectorEvents]: Set<ConnectorEvents[E]> } = { accountsChanged: new Set(), chainChanged: new Set(), disconnect: new Set() }
  provider.on('chainChanged', (chainId) => {
    for (const l of listeners.chainChanged) l(`eip155:${Number(chainId)}`)
  })
  const chainId = async () => `eip155:${Number(await provider.request({ method: 'eth_chainId' }))}`
  return {
    connectorType: entry.connectorType,
    walletClientType: CROSS_APP_WALLET_CLIENT_TYPE,
    chainType: 'ethereum',
    branding: entry.branding,
    emit(event) {
      for (const l of listeners[event]) (l as () => void)()
    },
    async connect() {
      return { accounts: [wallet.address], chainId: await chainId() }
    },
    async disconnect() {},
    async getAccounts() {
      return crossAppWalletsOf(ctx.session().user).some((w) => w.address === wallet.address) ? [wallet.address] : []
    },
    getChainId: chainId,
    async switchChain(id: string) {
      await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: toHexChainId(id) }] })
    },
    async signMessage(_address, message) {
      return String(await provider.request({ method: 'personal_sign', params: [utf8ToHex(message), wallet.address] }))
    },
    async getProvider() {
      return provider
    },
    on(event, listener) {
      const set = listeners[event] as Set<typeof listener>
      set.add(listener)
      return () => {
        set.delete(listener)
      }
    },
  }
}

/**
 * Lists the user's provider-app wallets with the connected wallets, when the wallets plugin is in use.
 * @param ctx - the cross-app plugin's context.
 * @returns the listing, or null when the kernel has no wallets plugin.
 * @example
 * ```ts
 * const listing = listCrossAppWallets(ctx)
 * await listing?.sync() // after every session change
 * ```
 */
export function listCrossAppWallets(ctx: PluginContext): CrossAppWalletListing | null {
  const registry = findWallets(ctx)
  if (!registry) return null
  const entryId = (w: CrossAppWallet) => `cross-app:${w.providerAppId}:${w.address}`
  const listed = new Map<string, ConnectorEntry>()
  const connectors = new Map<string, ReturnType<typeof connector>>()
  const removeSource = registry.addSource({ unlisted: true, entries: () => [...listed.values()] })

  function entryFor(wallet: CrossAppWallet, name: string): ConnectorEntry {
    const entry: ConnectorEntry = {
      id: entryId(wallet),
      chainType: 'ethereum',
      connectorType: 'cross_app',
      walletClientType: CROSS_APP_WALLET_CLIENT_TYPE,
      branding: { name, id: `cross-app:${wallet.providerAppId}` },
      installed: true,
      load: async () => {
        let c = connectors.get(entry.id)
        if (!c) connectors.set(entry.id, (c = connector(ctx, wallet, entry)))
        return c
      },
    }
    return entry
  }

  let queue: Promise<void> = Promise.resolve()
  async function syncNow() {
    // Ethereum wallets only: the listing's connector is an EIP-1193 one.
    const mine = crossAppWalletsOf(ctx.session().user).filter((w) => w.kind === 'embedded' && w.chainType === 'ethereum')
    const wanted = new Set(mine.map(entryId))
    for (const id of [...listed.keys()]) {
      if (wanted.has(id)) continue
      listed.delete(id)
      connectors.get(id)?.emit('disconnect')
    }
    const connected = new Set(registry!.connected().map((w) => w.entryId))
    const names = (ctx.state as { connections?: { id: string; name: string }[] | null }).connections ?? []
    for (const wallet of mine) {
      const id = entryId(wallet)
      if (!listed.has(id)) listed.set(id, entryFor(wallet, names.find((c) => c.id === wallet.providerAppId)?.name ?? 'Cross-app wallet'))
      if (connected.has(id)) continue
      try {
        await registry!.connect(id)
      } catch (err) {
        console.warn('Portico: could not list the cross-app wallet', err)
      }
    }
  }

  return {
    sync() {
      queue = queue.then(syncNow, syncNow)
      return queue
    },
    destroy() {
      for (const id of [...listed.keys()]) connectors.get(id)?.emit('disconnect')
      listed.clear()
      removeSource()
    },
  }
}
