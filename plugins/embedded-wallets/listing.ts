/**
 * The embedded wallets among the connected wallets of the wallets plugin (`useWallets()`), when that
 * plugin is in use: one unlisted connector entry per embedded wallet, connected while the signed-in
 * user has it and dropped when the user no longer does (logout, another user). The wallet list never
 * offers these entries; they reach the registry only through this module. Loaded with the user's
 * first embedded wallet, so a page without one never downloads it.
 * @module
 */
import { PorticoError } from '../../kernel/errors'
import type { PluginContext } from '../../kernel/plugin'
import {
  bytesToBase64,
  findWallets,
  toHexChainId,
  utf8ToHex,
  type ConnectorEntry,
  type ConnectorEvents,
  type WalletBranding,
  type WalletConnector,
} from '../wallets'
import type { EmbeddedWalletInfo, EmbeddedWalletService } from './service'
import type { EmbeddedEthereumProvider } from './provider'
import { EMBEDDED_WALLETS_PLUGIN_ID } from './screens'

/**
 * How an embedded wallet shows among connected wallets. The id is the one the provider's published
 * clients give their embedded wallet, so host code that checks it keeps working.
 */
export const EMBEDDED_WALLET_BRANDING: WalletBranding = { name: 'Embedded wallet', id: 'io.privy.wallet' }
/** The `walletClientType` of every embedded wallet (wire value). */
export const EMBEDDED_WALLET_CLIENT_TYPE = 'privy'
/** The chain a Solana connector reports (as the Solana wallet plugin's connectors do). */
const SOLANA_CHAIN = 'solana:mainnet'

/** What keeps the listing in step with the session. */
export interface EmbeddedWalletListing {
  /** Connects the user's embedded wallets that are not listed yet and drops those the user no longer has. */
  sync(): Promise<void>
  /** Removes the entries and drops the listed wallets. */
  destroy(): void
}

type Emitters = { [E in keyof ConnectorEvents]: Set<ConnectorEvents[E]> }

/** The connector of one embedded wallet, over the service's provider (Ethereum) or wallet (Solana). */
function embeddedConnector(service: EmbeddedWalletService, wallet: EmbeddedWalletInfo, entry: ConnectorEntry): WalletConnector & { emit: <E extends keyof ConnectorEvents>(event: E, ...args: Parameters<ConnectorEvents[E]>) => void } {
  const listeners: Emitters = { accountsChanged: new Set(), chainChanged: new Set(), disconnect: new Set() }
  const emit = <E extends keyof ConnectorEvents>(event: E, ...args: Parameters<ConnectorEvents[E]>) => {
    for (const l of listeners[event]) (l as (...a: Parameters<ConnectorEvents[E]>) => void)(...args)
  }
  /** The provider whose chain changes this connector passes on (the service makes a new one after a logout). */
  let followed: EmbeddedEthereumProvider | null = null
  const ethereum = () => {
    const provider = service.getEthereumProvider(wallet.address)
    if (provider !== followed) {
      followed = provider
      provider.on('chainChanged', (chainId) => {
        if (followed === provider) emit('chainChanged', String(chainId))
      })
    }
    return provider
  }
  const ownAddress = (address: string) => {
    const same = wallet.chainType === 'ethereum' ? address.toLowerCase() === wallet.address.toLowerCase() : address === wallet.address
    if (!same) throw new PorticoError('The address is not this embedded wallet', { code: 'wallet_not_found' })
  }
  const chainId = async () => {
    if (wallet.chainType === 'solana') return SOLANA_CHAIN
    return `eip155:${Number(await ethereum().request({ method: 'eth_chainId' }))}`
  }
  return {
    connectorType: entry.connectorType,
    walletClientType: EMBEDDED_WALLET_CLIENT_TYPE,
    chainType: wallet.chainType,
    branding: entry.branding,
    emit,
    async connect() {
      return { accounts: [wallet.address], chainId: await chainId() }
    },
    // An embedded wallet stays the user's while they are signed in: disconnecting only unlists it.
    async disconnect() {},
    async getAccounts() {
      return service.wallets().some((w) => w.address === wallet.address) ? [wallet.address] : []
    },
    getChainId: chainId,
    ...(wallet.chainType === 'ethereum'
      ? {
          async switchChain(id: string) {
            await ethereum().request({ method: 'wallet_switchEthereumChain', params: [{ chainId: toHexChainId(id) }] })
          },
        }
      : {}),
    async signMessage(address, message) {
      ownAddress(address)
      if (wallet.chainType === 'ethereum') {
        return String(await ethereum().request({ method: 'personal_sign', params: [utf8ToHex(message), wallet.address] }))
      }
      return bytesToBase64(await service.getSolanaWallet(wallet.address).signMessage(message))
    },
    async getProvider() {
      return wallet.chainType === 'ethereum' ? ethereum() : service.getSolanaWallet(wallet.address)
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
 * Lists the user's embedded wallets with the connected wallets, when the wallets plugin is in use.
 * @param ctx - the embedded-wallets plugin's context.
 * @param service - the embedded-wallet service of the same kernel.
 * @returns the listing, or null when the kernel has no wallets plugin.
 * @example
 * ```ts
 * const listing = listEmbeddedWallets(ctx, embeddedWalletsOf(ctx))
 * await listing?.sync() // after every session change
 * ```
 */
export function listEmbeddedWallets(ctx: PluginContext, service: EmbeddedWalletService): EmbeddedWalletListing | null {
  const registry = findWallets(ctx)
  if (!registry) return null
  const entryId = (address: string) => `${EMBEDDED_WALLETS_PLUGIN_ID}:${address}`
  /** The entries of the wallets listed now (or being listed). */
  const listed = new Map<string, ConnectorEntry>()
  /**
   * The connectors built, by entry id. The registry keeps a loaded connector for good, so a wallet
   * listed again (the same user signs in again) gets the same one back.
   */
  const connectors = new Map<string, ReturnType<typeof embeddedConnector>>()

  function entryFor(wallet: EmbeddedWalletInfo): ConnectorEntry {
    const entry: ConnectorEntry = {
      id: entryId(wallet.address),
      chainType: wallet.chainType,
      connectorType: wallet.imported ? 'embedded_imported' : 'embedded',
      walletClientType: EMBEDDED_WALLET_CLIENT_TYPE,
      branding: EMBEDDED_WALLET_BRANDING,
      installed: true,
      load: async () => {
        let connector = connectors.get(entry.id)
        if (!connector) connectors.set(entry.id, (connector = embeddedConnector(service, wallet, entry)))
        return connector
      },
    }
    return entry
  }

  const removeSource = registry.addSource({ unlisted: true, entries: () => [...listed.values()] })

  function drop(id: string) {
    listed.delete(id)
    // The registry forgets a wallet whose connector says it disconnected.
    connectors.get(id)?.emit('disconnect')
  }

  let queue: Promise<void> = Promise.resolve()
  async function syncNow() {
    const mine = service.wallets()
    const wanted = new Set(mine.map((w) => entryId(w.address)))
    for (const id of [...listed.keys()]) if (!wanted.has(id)) drop(id)
    const connected = new Set(registry!.connected().map((w) => w.entryId))
    for (const wallet of mine) {
      const id = entryId(wallet.address)
      if (!listed.has(id)) listed.set(id, entryFor(wallet))
      if (connected.has(id)) continue
      try {
        await registry!.connect(id)
      } catch (err) {
        // Listing is a convenience: the wallet still works through useEmbeddedWallets().
        console.warn('Portico: could not list the embedded wallet', err)
      }
    }
  }

  return {
    sync() {
      // One pass at a time, so a burst of session changes never connects a wallet twice.
      queue = queue.then(syncNow, syncNow)
      return queue
    },
    destroy() {
      for (const id of [...listed.keys()]) drop(id)
      removeSource()
    },
  }
}
