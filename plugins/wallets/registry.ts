/**
 * The wallet registry (`walletsOf(ctx)`, `walletsOf(kernel)`): gathers connector entries from connector
 * plugins, connects them, keeps the connected wallets in the kernel's valtio state, follows each
 * wallet's events, remembers the connection history and keeps `linked` in step with the session.
 * @module
 */
import type { AppConfig, ChainConfig } from '../../kernel/config'
import { DEFAULT_CHAIN, DEFAULT_SUPPORTED_CHAINS } from './chains'
import { createWalletError, throwIfAborted, toCaip2, toWalletError, withRetries, WALLET_LOOKUP_DELAY_MS, WALLET_LOOKUP_TRIES } from './eip1193'
import type { SessionSnapshot, TapOnlyHooks } from '../../kernel/hooks'
import type { StorageAdapter } from '../../kernel/types'
import {
  WALLET_ERROR_CODES,
  type ConnectedWallet,
  type ConnectionHistoryEntry,
  type ConnectorEntry,
  type ConnectorSource,
  type WalletAuthenticator,
  type WalletChainType,
  type WalletConnector,
  type WalletRegistry,
} from './types'
import type { User } from '../../kernel/wire'
import type { WalletHooks } from './hooks'

/** How many times the user may retry signing to verify a wallet before 'Unable to connect wallet'. */
export const WALLET_SIGN_RETRIES = 2
/** Storage key of the connection history (wire-format name). */
export const CONNECTIONS_STORAGE_KEY = 'privy:connections'
/** How many connections the history keeps. */
export const CONNECTION_HISTORY_LIMIT = 20

/** The life of a connector, per entry (spec: initialized, connected, disconnected). */
export type ConnectorState = 'initialized' | 'connected' | 'disconnected'
/** What a connected wallet is doing (spec: connected, switching_to_supported_chain). */
export type WalletConnectionStatus = 'connected' | 'switching_to_supported_chain'

/** The wallets plugin's valtio state slice (`kernel.state.plugins.wallets`). */
export interface WalletsState {
  /** Connected wallets, newest connection first; the active account of a connector comes first among its own. */
  wallets: ConnectedWallet[]
  /** Status per wallet address (as in `wallets`). */
  walletStatus: Record<string, WalletConnectionStatus>
  /** State of each loaded connector, by entry id. */
  walletConnectors: Record<string, ConnectorState>
}

/** What the registry needs from the kernel. */
export interface WalletRegistryDeps {
  /** Where the registry keeps connections (the wallets plugin's state slice). */
  state: WalletsState
  storage: StorageAdapter
  /** To follow `sessionChanged` (linked accounts). */
  hooks: Pick<TapOnlyHooks, 'sessionChanged'>
  /** The session's user, read when a wallet connects. */
  user: () => User | null
  /** The merged app configuration (supported chains, default chain); null until loaded. */
  config: () => Pick<AppConfig, 'supportedChains' | 'defaultChain'> | null
  /** The wait between account lookups; tests pass a fast one. */
  sleep: (ms: number) => Promise<void>
  /** The clock. @defaultValue Date.now */
  now?: () => number
  /** The wallets plugin's hooks the registry calls (contributions, connections). */
  events?: Pick<WalletHooks, 'connectorsContributed' | 'authenticatorAdded' | 'walletConnected' | 'walletDisconnected'>
}

/** The registry as plugins and screens get it (`walletsOf(ctx)`): the contract plus read access. */
export interface PorticoWallets extends WalletRegistry {
  /** The connected wallets, newest connection first (a valtio proxy: snapshot it to render). */
  connected(): readonly ConnectedWallet[]
  /** The status of a connected wallet, or undefined when it is not connected. */
  status(address: string): WalletConnectionStatus | undefined
  /** The sign-in of a chain type, registered by the SIWE/SIWS plugins. */
  authenticator(chainType: WalletChainType): WalletAuthenticator | undefined
}

/** The registry as the wallets plugin holds it: plus teardown. */
export interface KernelWalletRegistry extends PorticoWallets {
  /** Forgets every subscription (connections stay as the wallets keep them). */
  destroy(): void
}

/** Ethereum addresses compare without case; Solana (base58) addresses are case-sensitive. */
function sameAddress(a: string, b: string): boolean {
  return a === b || (a.startsWith('0x') && b.startsWith('0x') && a.toLowerCase() === b.toLowerCase())
}

/** The key a wallet's status is kept under: one per address whatever its case. */
function statusKey(address: string): string {
  return address.startsWith('0x') ? address.toLowerCase() : address
}

function linkedAddresses(user: User | null): string[] {
  if (!user) return []
  return user.linked_accounts.flatMap((a) => {
    const address = (a as { address?: unknown }).address
    return a.type === 'wallet' && typeof address === 'string' ? [address] : []
  })
}

/**
 * Reads the stored connection history, newest first; anything malformed is ignored.
 * @param storage - the kernel's storage.
 * @returns the entries.
 * @example
 * ```ts
 * import { createMemoryStorage } from 'portico/kernel'
 * import { readConnectionHistory } from 'portico/plugins/wallets'
 * readConnectionHistory(createMemoryStorage()) // []
 * ```
 */
export function readConnectionHistory(storage: StorageAdapter): ConnectionHistoryEntry[] {
  const raw = storage.get(CONNECTIONS_STORAGE_KEY)
  if (!raw) return []
  try {
    const parsed: unknown = JSON.parse(raw)
    if (!Array.isArray(parsed)) return []
    return parsed.filter(
      (e): e is ConnectionHistoryEntry =>
        !!e &&
        typeof e === 'object' &&
        typeof e.address === 'string' &&
        typeof e.connectorType === 'string' &&
        typeof e.walletClientType === 'string' &&
        typeof e.connectedAt === 'number',
    )
  } catch {
    return []
  }
}

/**
 * Creates a wallet registry; the wallets plugin creates one per kernel (reach it with `walletsOf`).
 * @param deps - state, storage, hooks, session, configuration and timing.
 * @returns the registry.
 * @example
 * ```ts
 * import { createHooks, tapOnly, createMemoryStorage } from 'portico/kernel'
 * import { createWalletRegistry } from 'portico/plugins/wallets'
 * import { proxy } from 'valtio/vanilla'
 * const state = proxy({ wallets: [], walletStatus: {}, walletConnectors: {} })
 * const wallets = createWalletRegistry({
 *   state, storage: createMemoryStorage(), hooks: tapOnly(createHooks()),
 *   user: () => null, config: () => null, sleep: (ms) => new Promise((r) => setTimeout(r, ms)),
 * })
 * wallets.entries() // []
 * ```
 */
export function createWalletRegistry(deps: WalletRegistryDeps): KernelWalletRegistry {
  const { state, storage } = deps
  const now = deps.now ?? Date.now
  const sources = new Set<ConnectorSource>()
  const authenticators: WalletAuthenticator[] = []
  /** Loaded connectors by entry id, with the unsubscribes of their events. */
  const live = new Map<string, { entry: ConnectorEntry; connector: WalletConnector; off: (() => void)[] }>()

  const chains = (): { supported: readonly ChainConfig[]; defaultChain: string } => {
    const c = deps.config()
    return { supported: c?.supportedChains ?? DEFAULT_SUPPORTED_CHAINS, defaultChain: c?.defaultChain ?? DEFAULT_CHAIN }
  }

  /** The entries of every source, or only of the listed ones (those the wallet list offers). */
  function allEntries(listedOnly = false): ConnectorEntry[] {
    const list: ConnectorEntry[] = []
    for (const s of sources) {
      if (listedOnly && s.unlisted) continue
      try {
        list.push(...s.entries())
      } catch (err) {
        // One broken source must not empty the whole wallet list.
        console.error('Portico: a wallet source failed to list its entries', err)
      }
    }
    return list
  }

  function findEntry(entryId: string): ConnectorEntry | undefined {
    return live.get(entryId)?.entry ?? allEntries().find((e) => e.id === entryId)
  }

  function findWallet(address: string): ConnectedWallet | undefined {
    return state.wallets.find((w) => sameAddress(w.address, address))
  }

  function isLinked(address: string, linked: string[]): boolean {
    return linked.some((l) => sameAddress(l, address))
  }

  function syncLinked(user: User | null) {
    const linked = linkedAddresses(user)
    for (const w of state.wallets) {
      const next = isLinked(w.address, linked)
      if (w.linked !== next) w.linked = next
    }
  }

  function remember(wallet: ConnectedWallet) {
    const entry: ConnectionHistoryEntry = {
      address: wallet.address,
      connectorType: wallet.connectorType,
      walletClientType: wallet.walletClientType,
      connectedAt: wallet.connectedAt,
    }
    const rest = readConnectionHistory(storage).filter(
      (e) => !(e.connectorType === entry.connectorType && sameAddress(e.address, entry.address)),
    )
    storage.set(CONNECTIONS_STORAGE_KEY, JSON.stringify([entry, ...rest].slice(0, CONNECTION_HISTORY_LIMIT)))
  }

  /** Replaces the wallets of one entry with `accounts` (first is active), keeping connection times. */
  function setAccounts(entry: ConnectorEntry, connector: WalletConnector, accounts: string[], chainId: string, fresh: boolean) {
    const linked = linkedAddresses(deps.user())
    const at = now()
    const previous = state.wallets.filter((w) => w.entryId === entry.id)
    const mine: ConnectedWallet[] = accounts.map((address) => {
      const before = previous.find((w) => sameAddress(w.address, address))
      return {
        type: connector.chainType,
        address,
        chainId,
        meta: { name: entry.branding.name, ...(entry.branding.icon ? { icon: entry.branding.icon } : {}), id: entry.branding.id },
        imported: connector.connectorType === 'embedded_imported',
        connectedAt: before && !fresh ? before.connectedAt : at,
        walletClientType: connector.walletClientType,
        connectorType: connector.connectorType,
        isConnected: true,
        linked: isLinked(address, linked),
        entryId: entry.id,
      }
    })
    // The same address reached through another connector is replaced by this newer connection.
    const others = state.wallets.filter((w) => w.entryId !== entry.id && !accounts.some((a) => sameAddress(a, w.address)))
    for (const w of state.wallets) {
      if (!mine.some((m) => sameAddress(m.address, w.address)) && !others.includes(w)) delete state.walletStatus[statusKey(w.address)]
    }
    state.wallets = fresh || previous.length === 0 ? [...mine, ...others] : spliceInPlace(mine, others, previous)
    for (const w of mine) state.walletStatus[statusKey(w.address)] ??= 'connected'
  }

  /** Keeps a reconnected entry's wallets where they were in the list. */
  function spliceInPlace(mine: ConnectedWallet[], others: ConnectedWallet[], previous: ConnectedWallet[]): ConnectedWallet[] {
    const firstIndex = state.wallets.indexOf(previous[0]!)
    const before = others.filter((w) => state.wallets.indexOf(w) < firstIndex)
    const after = others.filter((w) => state.wallets.indexOf(w) >= firstIndex)
    return [...before, ...mine, ...after]
  }

  function dropEntry(entryId: string) {
    const gone = state.wallets.filter((w) => w.entryId === entryId)
    for (const w of gone) delete state.walletStatus[statusKey(w.address)]
    state.wallets = state.wallets.filter((w) => w.entryId !== entryId)
    for (const w of gone) deps.events?.walletDisconnected.call(w)
    const l = live.get(entryId)
    if (l) {
      for (const off of l.off.splice(0)) off()
      state.walletConnectors[entryId] = 'disconnected'
    }
  }

  function follow(entry: ConnectorEntry, connector: WalletConnector): (() => void)[] {
    const chainOf = (id: string) => {
      try {
        return connector.chainType === 'ethereum' ? toCaip2(id) : id
      } catch {
        return id
      }
    }
    return [
      connector.on('accountsChanged', (accounts) => {
        if (!live.get(entry.id)?.off.length) return
        // An empty list is how EIP-1193 wallets say they disconnected.
        if (accounts.length === 0) return dropEntry(entry.id)
        const chainId = state.wallets.find((w) => w.entryId === entry.id)?.chainId ?? chains().defaultChain
        setAccounts(entry, connector, accounts, chainId, false)
      }),
      connector.on('chainChanged', (chainId) => {
        const caip = chainOf(chainId)
        for (const w of state.wallets) if (w.entryId === entry.id && w.chainId !== caip) w.chainId = caip
      }),
      connector.on('disconnect', () => dropEntry(entry.id)),
    ]
  }

  async function load(entry: ConnectorEntry): Promise<WalletConnector> {
    const known = live.get(entry.id)
    if (known) return known.connector
    let connector: WalletConnector
    try {
      connector = await entry.load()
    } catch (e) {
      throw toWalletError(e, { method: 'load' })
    }
    live.set(entry.id, { entry, connector, off: [] })
    state.walletConnectors[entry.id] = 'initialized'
    return connector
  }

  async function connect(entryId: string, options: { chainId?: string; signal?: AbortSignal } = {}): Promise<ConnectedWallet> {
    const { signal } = options
    const entry = findEntry(entryId)
    if (!entry) throw createWalletError(WALLET_ERROR_CODES.failed, { cause: `No wallet entry "${entryId}" is registered` })
    throwIfAborted(signal)
    const connector = await load(entry)
    throwIfAborted(signal)
    const wanted = options.chainId ?? (entry.chainType === 'ethereum' ? chains().defaultChain : undefined)
    let result: { accounts: string[]; chainId: string }
    try {
      result = await connector.connect({ ...(wanted ? { chainId: wanted } : {}), ...(signal ? { signal } : {}) })
    } catch (e) {
      throw toWalletError(e, { method: 'connect', chainId: wanted })
    }
    const retry = { tries: WALLET_LOOKUP_TRIES, delayMs: WALLET_LOOKUP_DELAY_MS, sleep: deps.sleep, signal }
    // Wallets often grant access before they report the accounts and chain: look again a few times.
    const accounts = result.accounts?.length
      ? result.accounts
      : await withRetries(async () => {
          const a = await connector.getAccounts()
          if (!a.length) throw createWalletError(WALLET_ERROR_CODES.unavailable, { what: 'accounts' })
          return a
        }, retry).catch((e: unknown) => {
          throw toWalletError(e, { method: 'eth_accounts' })
        })
    const rawChain = result.chainId
      ? result.chainId
      : await withRetries(async () => {
          const c = await connector.getChainId()
          if (!c) throw createWalletError(WALLET_ERROR_CODES.unavailable, { what: 'chain' })
          return c
        }, retry).catch((e: unknown) => {
          throw toWalletError(e, { method: 'eth_chainId' })
        })
    throwIfAborted(signal)
    const chainId = connector.chainType === 'ethereum' ? toCaip2(rawChain) : rawChain
    setAccounts(entry, connector, accounts, chainId, true)
    const l = live.get(entry.id)!
    for (const off of l.off.splice(0)) off()
    l.off.push(...follow(entry, connector))
    state.walletConnectors[entry.id] = 'connected'
    const active = findWallet(accounts[0]!)
    if (!active) throw createWalletError(WALLET_ERROR_CODES.unavailable, { what: 'address' })
    remember(active)
    deps.events?.walletConnected.call(active)
    return active
  }

  async function disconnectEntry(entryId: string) {
    const l = live.get(entryId)
    dropEntry(entryId)
    if (!l) return
    try {
      await l.connector.disconnect()
    } catch (err) {
      // The wallet may refuse; local state is forgotten either way.
      console.warn('Portico: the wallet did not disconnect cleanly', err)
    }
  }

  const untapSession = deps.hooks.sessionChanged.tap('portico-wallets', (snap: SessionSnapshot) => syncLinked(snap.user))

  const registry: KernelWalletRegistry = {
    hasSources: () => [...sources].some((s) => !s.unlisted),
    addSource(source) {
      sources.add(source)
      deps.events?.connectorsContributed.call(source)
      return () => {
        sources.delete(source)
      }
    },
    addAuthenticator(authenticator) {
      authenticators.push(authenticator)
      deps.events?.authenticatorAdded.call(authenticator)
      return () => {
        const i = authenticators.indexOf(authenticator)
        if (i !== -1) authenticators.splice(i, 1)
      }
    },
    entries() {
      const byWallet = new Map<string, ConnectorEntry>()
      const ids = new Set<string>()
      for (const e of allEntries(true)) {
        if (ids.has(e.id)) continue
        ids.add(e.id)
        // The same wallet offered twice (an extension and an SDK table entry): the installed one wins.
        const key = `${e.chainType}:${e.branding.id}`
        const seen = byWallet.get(key)
        if (!seen || (!seen.installed && e.installed)) byWallet.set(key, e)
      }
      return [...byWallet.values()]
    },
    canAuthenticate(chainType: WalletChainType) {
      return authenticators.some((a) => a.chainType === chainType)
    },
    connect,
    async disconnect(address) {
      if (address === undefined) {
        await Promise.all([...live.keys()].map((id) => disconnectEntry(id)))
        return
      }
      const wallet = findWallet(address)
      if (!wallet) throw createWalletError(WALLET_ERROR_CODES.notConnected)
      const siblings = state.wallets.filter((w) => w.entryId === wallet.entryId)
      if (siblings.length > 1) {
        // Other accounts of the same wallet stay connected; only this one is forgotten.
        delete state.walletStatus[statusKey(wallet.address)]
        state.wallets = state.wallets.filter((w) => w !== wallet)
        deps.events?.walletDisconnected.call(wallet)
        return
      }
      await disconnectEntry(wallet.entryId)
    },
    connectorOf(address) {
      const wallet = findWallet(address)
      return wallet ? live.get(wallet.entryId)?.connector : undefined
    },
    async switchChain(address, chainId) {
      const wallet = findWallet(address)
      const connector = wallet && live.get(wallet.entryId)?.connector
      if (!wallet || !connector) throw createWalletError(WALLET_ERROR_CODES.notConnected)
      let caip: string
      try {
        caip = toCaip2(chainId)
      } catch {
        throw createWalletError(WALLET_ERROR_CODES.unsupportedChain, { chainId })
      }
      const chain = chains().supported.find((c) => c.id === caip)
      if (!chain || wallet.type !== 'ethereum') throw createWalletError(WALLET_ERROR_CODES.unsupportedChain, { chainId: caip })
      if (!connector.switchChain) throw createWalletError(WALLET_ERROR_CODES.unsupportedMethod)
      const key = statusKey(wallet.address)
      state.walletStatus[key] = 'switching_to_supported_chain'
      try {
        await connector.switchChain(caip, {
          chainName: chain.name,
          rpcUrls: [...chain.rpcUrls],
          nativeCurrency: chain.nativeCurrency,
          ...(chain.blockExplorerUrls?.length ? { blockExplorerUrls: [...chain.blockExplorerUrls] } : {}),
        })
      } catch (e) {
        throw toWalletError(e, { method: 'wallet_switchEthereumChain', chainId: caip })
      } finally {
        if (findWallet(address)) state.walletStatus[key] = 'connected'
      }
      // Not every wallet emits chainChanged after a switch it was asked for.
      for (const w of state.wallets) if (w.entryId === wallet.entryId && w.chainId !== caip) w.chainId = caip
    },
    history: () => readConnectionHistory(storage),
    connected: () => state.wallets,
    authenticator: (chainType) => authenticators.find((a) => a.chainType === chainType),
    status(address) {
      return findWallet(address) ? state.walletStatus[statusKey(address)] : undefined
    },
    destroy() {
      untapSession()
      for (const l of live.values()) for (const off of l.off.splice(0)) off()
    },
  }
  return registry
}
