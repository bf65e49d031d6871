import { describe, expect, it } from 'vitest'
import { proxy, snapshot, subscribe } from 'valtio/vanilla'
import { verifyMessage } from 'viem'
import { createHooks, tapOnly } from '../../kernel/hook-bus'
import { createMemoryStorage } from '../../kernel/storage'
import { createWalletRegistry, CONNECTIONS_STORAGE_KEY, CONNECTION_HISTORY_LIMIT, type WalletsState } from './registry'
import { walletHooks } from './hooks'
import { walletsOf } from './absent'
import { wallets, WALLETS_PLUGIN_ID } from './index'
import { WALLET_ERROR_CODES, type ConnectorEntry, type WalletAuthenticator } from './types'
import { createEip1193Connector, createLocalProvider, entryFor, TEST_KEYS, type LocalProviderOptions } from './test-wallet'
import { createPortico } from '../../kernel/kernel'
import { definePlugin, type PluginContext } from '../../kernel/plugin'
import type { ChainConfig } from '../../kernel/config'
import type { User } from '../../kernel/wire'

const sepolia: ChainConfig = {
  id: 'eip155:11155111',
  name: 'Sepolia',
  rpcUrls: ['https://rpc.sepolia.org'],
  nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
  blockExplorerUrls: ['https://sepolia.etherscan.io'],
}
const mainnet: ChainConfig = {
  id: 'eip155:1',
  name: 'Ethereum',
  rpcUrls: ['https://cloudflare-eth.com'],
  nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
}

function setup(options: { supportedChains?: ChainConfig[]; user?: User | null } = {}) {
  const state = proxy<WalletsState>({ wallets: [], walletStatus: {}, walletConnectors: {} })
  const hooks = createHooks()
  const storage = createMemoryStorage()
  const waits: number[] = []
  let clock = 1_000
  let user = options.user ?? null
  const registry = createWalletRegistry({
    state,
    storage,
    hooks: tapOnly(hooks),
    user: () => user,
    config: () => ({ supportedChains: options.supportedChains ?? [mainnet, sepolia], defaultChain: 'eip155:1' }),
    sleep: async (ms) => void waits.push(ms),
    now: () => clock++,
  })
  const setUser = (u: User | null) => {
    user = u
    hooks.sessionChanged.call({ authenticated: !!u, user: u })
  }
  return { state, hooks, storage, waits, registry, setUser }
}

function metamask(options: LocalProviderOptions = {}, id = 'injected:io.metamask') {
  const provider = createLocalProvider(options)
  const connector = createEip1193Connector(provider)
  const entry = entryFor(id, connector)
  return { provider, connector, entry }
}

function userWithWallets(addresses: string[]): User {
  return {
    id: 'did:privy:abcdefghijklmnopqrstuvwxy',
    created_at: 1,
    linked_accounts: addresses.map((address) => ({
      type: 'wallet',
      address,
      chain_type: 'ethereum',
      verified_at: 1,
      first_verified_at: 1,
      latest_verified_at: 1,
    })),
    mfa_methods: [],
    has_accepted_terms: false,
    is_guest: false,
  } as User
}

describe('entries', () => {
  it('default: merges every source, and a removed source stops contributing', () => {
    const { registry } = setup()
    const a = metamask()
    const b = metamask({}, 'wc:rainbow')
    b.entry.branding = { name: 'Rainbow', id: 'rainbow' }
    const offA = registry.addSource({ entries: () => [a.entry] })
    registry.addSource({ entries: () => [b.entry] })
    expect(registry.entries().map((e) => e.id)).toEqual(['injected:io.metamask', 'wc:rainbow'])
    offA()
    expect(registry.entries().map((e) => e.id)).toEqual(['wc:rainbow'])
  })

  it('behavior: an installed wallet hides a table entry of the same wallet id, whatever the order', () => {
    const { registry } = setup()
    const table = { ...metamask({}, 'wallet-list:metamask').entry, installed: false }
    const installed = metamask({}, 'injected:io.metamask').entry
    registry.addSource({ entries: () => [table] })
    registry.addSource({ entries: () => [installed] })
    expect(registry.entries().map((e) => e.id)).toEqual(['injected:io.metamask'])
  })

  it('behavior: a source that throws does not empty the list', () => {
    const { registry } = setup()
    registry.addSource({
      entries: () => {
        throw new Error('broken')
      },
    })
    registry.addSource({ entries: () => [metamask().entry] })
    const errors = console.error
    console.error = () => {}
    try {
      expect(registry.entries()).toHaveLength(1)
    } finally {
      console.error = errors
    }
  })

  it('behavior: authenticators register per chain type and can be removed', () => {
    const { registry } = setup()
    const siwe: WalletAuthenticator = {
      chainType: 'ethereum',
      authenticate: async () => {
        throw new Error('not used')
      },
      link: async () => {
        throw new Error('not used')
      },
    }
    expect(registry.canAuthenticate('ethereum')).toBe(false)
    const off = registry.addAuthenticator(siwe)
    expect(registry.canAuthenticate('ethereum')).toBe(true)
    expect(registry.canAuthenticate('solana')).toBe(false)
    expect(registry.authenticator('ethereum')).toBe(siwe)
    off()
    expect(registry.canAuthenticate('ethereum')).toBe(false)
  })
})

describe('connect', () => {
  it('default: records the wallet in state and in the history, and the connector signs for it', async () => {
    const { registry, state, storage } = setup()
    const { entry, provider } = metamask({ chainId: 11155111, knownChains: [1, 11155111] })
    registry.addSource({ entries: () => [entry] })
    const wallet = await registry.connect(entry.id)
    const address = provider.accounts[0]!.address
    expect(wallet).toMatchObject({
      type: 'ethereum',
      address,
      chainId: 'eip155:11155111',
      meta: { name: 'MetaMask', id: 'io.metamask' },
      imported: false,
      walletClientType: 'metamask',
      connectorType: 'injected',
      isConnected: true,
      linked: false,
      entryId: entry.id,
    })
    expect(snapshot(state).wallets).toHaveLength(1)
    expect(state.walletStatus[address.toLowerCase()]).toBe('connected')
    expect(state.walletConnectors[entry.id]).toBe('connected')
    expect(registry.history()).toEqual([
      { address, connectorType: 'injected', walletClientType: 'metamask', connectedAt: wallet.connectedAt },
    ])
    expect(JSON.parse(storage.get(CONNECTIONS_STORAGE_KEY)!)).toHaveLength(1)

    const connector = registry.connectorOf(address.toLowerCase())!
    const signature = await connector.signMessage(address, 'Sign in to Portico')
    expect(await verifyMessage({ address, message: 'Sign in to Portico', signature: signature as `0x${string}` })).toBe(true)
  })

  it('behavior: asks the wallet to start on the app default chain unless told another', async () => {
    const { registry } = setup()
    const { entry, connector } = metamask()
    const seen: (string | undefined)[] = []
    const connect = connector.connect.bind(connector)
    connector.connect = (o) => {
      seen.push(o?.chainId)
      return connect(o)
    }
    registry.addSource({ entries: () => [entry] })
    await registry.connect(entry.id)
    await registry.connect(entry.id, { chainId: 'eip155:11155111' })
    expect(seen).toEqual(['eip155:1', 'eip155:11155111'])
    expect(entry.loads).toBe(1)
  })

  it('behavior: history is newest first, deduplicated by address and connector type, and capped', async () => {
    const { registry, storage } = setup()
    const old = Array.from({ length: CONNECTION_HISTORY_LIMIT + 5 }, (_, i) => ({
      address: `0x${i.toString(16).padStart(40, '0')}`,
      connectorType: 'injected',
      walletClientType: 'metamask',
      connectedAt: i,
    }))
    const { entry, provider } = metamask({ keys: [TEST_KEYS[1]] })
    const address = provider.accounts[0]!.address
    // The same wallet from an earlier visit, stored lowercase, and once through another connector type.
    old.unshift({ address: address.toLowerCase(), connectorType: 'injected', walletClientType: 'metamask', connectedAt: 0 })
    old.unshift({ address, connectorType: 'wallet_connect_v2', walletClientType: 'metamask', connectedAt: 0 })
    storage.set(CONNECTIONS_STORAGE_KEY, JSON.stringify(old))
    registry.addSource({ entries: () => [entry] })
    await registry.connect(entry.id)
    const history = registry.history()
    expect(history).toHaveLength(CONNECTION_HISTORY_LIMIT)
    expect(history[0]).toMatchObject({ address, connectorType: 'injected' })
    expect(history[1]).toMatchObject({ address, connectorType: 'wallet_connect_v2' })
    expect(history.filter((h) => h.address.toLowerCase() === address.toLowerCase() && h.connectorType === 'injected')).toHaveLength(1)
  })

  it('behavior: malformed stored history is ignored, not thrown', () => {
    const { registry, storage } = setup()
    storage.set(CONNECTIONS_STORAGE_KEY, '{not json')
    expect(registry.history()).toEqual([])
    storage.set(CONNECTIONS_STORAGE_KEY, JSON.stringify([{ address: 1 }, { address: '0xab', connectorType: 'injected', walletClientType: 'x', connectedAt: 2 }]))
    expect(registry.history()).toHaveLength(1)
  })

  it('behavior: accounts reported late are read again, 500 ms apart', async () => {
    const { registry, waits } = setup()
    const { entry, provider } = metamask({ grantsLate: true, lateAccountCalls: 3 })
    registry.addSource({ entries: () => [entry] })
    const wallet = await registry.connect(entry.id)
    expect(wallet.address).toBe(provider.accounts[0]!.address)
    expect(provider.calls.filter((c) => c.method === 'eth_accounts')).toHaveLength(4)
    expect(waits).toEqual([500, 500, 500])
  })

  it("behavior: after 10 empty answers the connection fails with 'Unable to retrieve accounts'", async () => {
    const { registry, waits, state } = setup()
    const { entry, provider } = metamask({ grantsLate: true, lateAccountCalls: 50 })
    registry.addSource({ entries: () => [entry] })
    await expect(registry.connect(entry.id)).rejects.toMatchObject({
      code: WALLET_ERROR_CODES.unavailable,
      shortMessage: 'Unable to retrieve accounts',
    })
    expect(provider.calls.filter((c) => c.method === 'eth_accounts')).toHaveLength(10)
    expect(waits).toHaveLength(9)
    expect(state.wallets).toEqual([])
  })

  it('behavior: a rejection in the wallet is the rejected error, and nothing is recorded', async () => {
    const { registry, state } = setup()
    const { entry, provider } = metamask()
    registry.addSource({ entries: () => [entry] })
    provider.failNext({ code: 4001, message: 'User rejected the request.' })
    await expect(registry.connect(entry.id)).rejects.toMatchObject({ code: WALLET_ERROR_CODES.rejected })
    expect(state.wallets).toEqual([])
    expect(registry.history()).toEqual([])
  })

  it('behavior: an aborted connection rejects with the abort error', async () => {
    const { registry } = setup()
    const { entry, provider } = metamask()
    registry.addSource({ entries: () => [entry] })
    const controller = new AbortController()
    provider.hangNext()
    const pending = registry.connect(entry.id, { signal: controller.signal })
    await new Promise((r) => setTimeout(r, 5))
    controller.abort()
    await expect(pending).rejects.toMatchObject({ code: WALLET_ERROR_CODES.aborted })
  })

  it('behavior: an unknown entry id fails', async () => {
    const { registry } = setup()
    await expect(registry.connect('nope')).rejects.toMatchObject({ code: WALLET_ERROR_CODES.failed })
  })
})

describe('events', () => {
  async function connected(options: LocalProviderOptions = {}) {
    const s = setup()
    const m = metamask({ keys: [TEST_KEYS[0], TEST_KEYS[1]], knownChains: [1, 11155111], ...options })
    s.registry.addSource({ entries: () => [m.entry] })
    await s.registry.connect(m.entry.id)
    return { ...s, ...m }
  }

  it('behavior: a new account list replaces the wallets, active first, keeping connection times', async () => {
    const { state, provider } = await connected()
    const [a, b] = provider.accounts.map((x) => x.address)
    expect(state.wallets.map((w) => w.address)).toEqual([a, b])
    const bAt = state.wallets[1]!.connectedAt
    provider.emit('accountsChanged', [b])
    expect(state.wallets.map((w) => w.address)).toEqual([b])
    expect(state.wallets[0]!.connectedAt).toBe(bAt)
    expect(state.walletStatus[a!.toLowerCase()]).toBeUndefined()
  })

  it('behavior: an empty account list removes the wallets and marks the connector disconnected', async () => {
    const { state, provider, entry, registry } = await connected()
    provider.emit('accountsChanged', [])
    expect(state.wallets).toEqual([])
    expect(state.walletStatus).toEqual({})
    expect(state.walletConnectors[entry.id]).toBe('disconnected')
    expect(registry.connectorOf(provider.accounts[0]!.address)).toBeUndefined()
    // Events after the disconnect are no longer followed.
    provider.emit('accountsChanged', [provider.accounts[0]!.address])
    expect(state.wallets).toEqual([])
  })

  it('behavior: a chain change updates the chain of every wallet of that connector only', async () => {
    const s = await connected()
    const other = metamask({ keys: [TEST_KEYS[2]] }, 'injected:other')
    s.registry.addSource({ entries: () => [other.entry] })
    await s.registry.connect(other.entry.id)
    s.provider.emit('chainChanged', '0xaa36a7')
    const byEntry = (id: string) => s.state.wallets.filter((w) => w.entryId === id).map((w) => w.chainId)
    expect(byEntry(s.entry.id)).toEqual(['eip155:11155111', 'eip155:11155111'])
    expect(byEntry(other.entry.id)).toEqual(['eip155:1'])
  })

  it('behavior: a disconnect event removes the wallets', async () => {
    const { state, provider, entry } = await connected()
    provider.emit('disconnect', { code: 4900, message: 'Disconnected' })
    expect(state.wallets).toEqual([])
    expect(state.walletConnectors[entry.id]).toBe('disconnected')
  })

  it('behavior: state changes reach valtio subscribers', async () => {
    const { state, provider } = await connected()
    let notified = 0
    subscribe(state, () => notified++)
    provider.emit('chainChanged', '0xaa36a7')
    await Promise.resolve()
    expect(notified).toBeGreaterThan(0)
  })
})

describe('linked', () => {
  it('behavior: follows the session user linked wallet accounts, at connection and on session changes', async () => {
    const a = createLocalProvider().accounts[0]!.address
    const { registry, state, setUser } = setup({ user: userWithWallets([a.toLowerCase()]) })
    const { entry } = metamask({ keys: [TEST_KEYS[0], TEST_KEYS[1]] })
    registry.addSource({ entries: () => [entry] })
    await registry.connect(entry.id)
    expect(state.wallets.map((w) => w.linked)).toEqual([true, false])
    setUser(userWithWallets([state.wallets[1]!.address]))
    expect(state.wallets.map((w) => w.linked)).toEqual([false, true])
    setUser(null)
    expect(state.wallets.map((w) => w.linked)).toEqual([false, false])
  })
})

describe('disconnect', () => {
  it('behavior: disconnect(address) of the last account ends the connection in the wallet', async () => {
    const { registry, state } = setup()
    const { entry, provider } = metamask()
    registry.addSource({ entries: () => [entry] })
    const w = await registry.connect(entry.id)
    await registry.disconnect(w.address)
    expect(state.wallets).toEqual([])
    expect(provider.connected()).toBe(false)
    expect(state.walletConnectors[entry.id]).toBe('disconnected')
  })

  it('behavior: disconnect(address) of one of several accounts keeps the others connected', async () => {
    const { registry, state } = setup()
    const { entry, provider } = metamask({ keys: [TEST_KEYS[0], TEST_KEYS[1]] })
    registry.addSource({ entries: () => [entry] })
    await registry.connect(entry.id)
    await registry.disconnect(provider.accounts[1]!.address)
    expect(state.wallets.map((w) => w.address)).toEqual([provider.accounts[0]!.address])
    expect(provider.connected()).toBe(true)
  })

  it('behavior: disconnect() ends every connection', async () => {
    const { registry, state } = setup()
    const a = metamask()
    const b = metamask({ keys: [TEST_KEYS[2]] }, 'injected:other')
    registry.addSource({ entries: () => [a.entry, b.entry] })
    await registry.connect(a.entry.id)
    await registry.connect(b.entry.id)
    expect(state.wallets).toHaveLength(2)
    await registry.disconnect()
    expect(state.wallets).toEqual([])
    expect(a.provider.connected()).toBe(false)
    expect(b.provider.connected()).toBe(false)
  })

  it("behavior: an unknown address is 'Wallet is not currently connected.'", async () => {
    const { registry } = setup()
    await expect(registry.disconnect('0x0000000000000000000000000000000000000001')).rejects.toMatchObject({
      code: WALLET_ERROR_CODES.notConnected,
      shortMessage: 'Wallet is not currently connected.',
    })
  })
})

describe('switchChain', () => {
  it("behavior: a chain outside the supported list is refused with 'Unsupported chainId: {id}'", async () => {
    const { registry } = setup()
    const { entry, provider } = metamask()
    registry.addSource({ entries: () => [entry] })
    const w = await registry.connect(entry.id)
    await expect(registry.switchChain(w.address, 'eip155:5')).rejects.toMatchObject({
      code: WALLET_ERROR_CODES.unsupportedChain,
      shortMessage: 'Unsupported chainId: eip155:5',
    })
    expect(provider.calls.some((c) => c.method === 'wallet_switchEthereumChain')).toBe(false)
  })

  it('behavior: an unknown chain is added on 4902, the switch retried, and the status shows switching meanwhile', async () => {
    const { registry, state } = setup()
    const { entry, provider } = metamask()
    registry.addSource({ entries: () => [entry] })
    const w = await registry.connect(entry.id)
    const statuses: (string | undefined)[] = []
    provider.onRequest = () => statuses.push(registry.status(w.address))
    await registry.switchChain(w.address, 'eip155:11155111')
    expect(provider.calls.slice(-3).map((c) => c.method)).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ])
    expect(provider.calls.at(-2)!.params).toEqual([
      {
        chainId: '0xaa36a7',
        chainName: 'Sepolia',
        rpcUrls: ['https://rpc.sepolia.org'],
        nativeCurrency: { name: 'Sepolia Ether', symbol: 'ETH', decimals: 18 },
        blockExplorerUrls: ['https://sepolia.etherscan.io'],
      },
    ])
    expect(statuses).toEqual(['switching_to_supported_chain', 'switching_to_supported_chain', 'switching_to_supported_chain'])
    expect(registry.status(w.address)).toBe('connected')
    expect(state.wallets[0]!.chainId).toBe('eip155:11155111')
    expect(provider.chain()).toBe(11155111)
  })

  it('behavior: a refused switch leaves the chain and returns the status to connected', async () => {
    const { registry, state } = setup()
    const { entry, provider } = metamask({ knownChains: [1, 11155111] })
    registry.addSource({ entries: () => [entry] })
    const w = await registry.connect(entry.id)
    provider.failNext({ code: 4001, message: 'User rejected the request.' })
    await expect(registry.switchChain(w.address, 'eip155:11155111')).rejects.toMatchObject({ code: WALLET_ERROR_CODES.rejected })
    expect(registry.status(w.address)).toBe('connected')
    expect(state.wallets[0]!.chainId).toBe('eip155:1')
  })

  it('behavior: switching a wallet that is not connected fails', async () => {
    const { registry } = setup()
    await expect(registry.switchChain('0x0000000000000000000000000000000000000001', 'eip155:1')).rejects.toMatchObject({
      code: WALLET_ERROR_CODES.notConnected,
    })
  })
})

describe('kernel wiring', () => {
  const APP = 'clabcdefghijklmnopqrstuvw'

  it('default: a plugin requiring the wallets plugin brings it; walletsOf(ctx) and walletsOf(kernel) are one registry', async () => {
    const m = metamask()
    let ctxSeen: PluginContext | null = null
    const plugin = definePlugin({
      id: 'test-connector',
      kind: 'connector',
      requires: [wallets()],
      setup(ctx) {
        ctxSeen = ctx
        return walletsOf(ctx).addSource({ entries: (): ConnectorEntry[] => [m.entry] })
      },
    })
    const kernel = createPortico({ appId: APP, plugins: [plugin], storage: createMemoryStorage(), sleep: async () => {} })
    expect(kernel.plugins.map((p) => p.id)).toEqual(['wallets', 'test-connector'])
    expect(walletsOf(ctxSeen!)).toBe(walletsOf(kernel))
    expect(walletsOf(kernel).entries().map((e) => e.id)).toEqual([m.entry.id])
    const w = await walletsOf(kernel).connect(m.entry.id)
    const slice = snapshot(kernel.state).plugins[WALLETS_PLUGIN_ID] as WalletsState
    expect(slice.wallets.map((x) => x.address)).toEqual([w.address])
    kernel.destroy()
    // The plugin's teardown removed its source, and the wallets plugin's teardown untapped its registry.
    expect(walletsOf(kernel).entries()).toEqual([])
    expect(walletsOf(kernel).hasSources()).toBe(false)
  })

  it('behavior: two wallet plugins share the one wallets plugin; a host-registered wallets() is the one used', () => {
    const mine = wallets()
    const a = definePlugin({ id: 'a-connector', kind: 'connector', requires: [wallets()] })
    const b = definePlugin({ id: 'b-connector', kind: 'connector', requires: [wallets()] })
    const kernel = createPortico({ appId: APP, plugins: [a, b, mine], storage: createMemoryStorage() })
    expect(kernel.plugins.filter((p) => p.id === 'wallets')).toEqual([mine])
    expect(kernel.plugins.map((p) => p.id)).toEqual(['wallets', 'a-connector', 'b-connector'])
    kernel.destroy()
  })

  it('behavior: the wallets hooks tell taps about contributed connectors, connections and disconnections', async () => {
    const m = metamask()
    const events: string[] = []
    const listener = definePlugin({
      id: 'listener',
      kind: 'feature',
      requires: [wallets()],
      setup(ctx) {
        const hooks = walletHooks(ctx)
        hooks.connectorsContributed.tap('listener', () => void events.push('source'))
        hooks.authenticatorAdded.tap('listener', (a) => void events.push(`auth ${a.chainType}`))
        hooks.walletConnected.tap('listener', (w) => void events.push(`connected ${w.address}`))
        hooks.walletDisconnected.tap('listener', (w) => void events.push(`gone ${w.address}`))
      },
    })
    const connector = definePlugin({
      id: 'test-connector',
      kind: 'connector',
      requires: ['listener'],
      setup(ctx) {
        walletsOf(ctx).addAuthenticator({ chainType: 'ethereum' } as WalletAuthenticator)
        return walletsOf(ctx).addSource({ entries: (): ConnectorEntry[] => [m.entry] })
      },
    })
    const kernel = createPortico({ appId: APP, plugins: [listener, connector], storage: createMemoryStorage(), sleep: async () => {} })
    const w = await walletsOf(kernel).connect(m.entry.id)
    await walletsOf(kernel).disconnect(w.address)
    expect(events).toEqual(['auth ethereum', 'source', `connected ${w.address}`, `gone ${w.address}`])
    kernel.destroy()
  })

  it('behavior: the wallets plugin fills the default chains and refuses a host chain that is not CAIP-2', async () => {
    const app = { id: APP, name: 'A', custom_oauth_providers: [] } as never
    const fetch = async () => new Response(JSON.stringify(app), { headers: { 'content-type': 'application/json' } })
    const withWallets = createPortico({ appId: APP, plugins: [wallets()], storage: createMemoryStorage(), fetch })
    await withWallets.init()
    expect(withWallets.state.config?.defaultChain).toBe('eip155:1')
    expect(withWallets.state.config?.supportedChains.map((c) => c.id)).toContain('eip155:8453')
    const bad = createPortico({
      appId: APP,
      plugins: [wallets()],
      storage: createMemoryStorage(),
      fetch,
      config: { supportedChains: [{ id: 'ethereum', name: 'E', rpcUrls: [], nativeCurrency: { name: 'E', symbol: 'E', decimals: 18 } }] },
    })
    await bad.init()
    expect(bad.state.config).toBeNull()
    expect(bad.state.configError).toMatch(/not a CAIP-2 id/)
    const without = createPortico({ appId: APP, plugins: [], storage: createMemoryStorage(), fetch })
    await without.init()
    expect(without.state.config?.supportedChains).toEqual([])
    expect(without.state.config?.defaultChain).toBeNull()
    for (const k of [withWallets, bad, without]) k.destroy()
  })

  it('behavior: a kernel without wallet plugins lists no wallets and refuses a source with a reason', async () => {
    let ctx: PluginContext | null = null
    const plugin = definePlugin({ id: 'no-wallets', kind: 'feature', setup: (c) => void (ctx = c) })
    const kernel = createPortico({ appId: APP, plugins: [plugin], storage: createMemoryStorage() })
    expect(walletsOf(kernel).entries()).toEqual([])
    expect(walletsOf(kernel).hasSources()).toBe(false)
    expect(() => walletsOf(ctx!).addSource({ entries: () => [] })).toThrow(/No wallet plugin is registered/)
    await expect(walletsOf(kernel).connect('injected:io.metamask')).rejects.toMatchObject({ code: 'wallet_not_connected' })
    kernel.destroy()
  })

  it("behavior: openModal with intent 'connect' is a connect flow signed out; 'link' signed out stays a login", () => {
    let ctx: PluginContext | null = null
    // A stand-in of the wallets plugin: only its wallet list screen.
    const plugin = definePlugin({
      id: 'wallets',
      kind: 'wallet',
      screens: { list: { load: async () => ({ default: null }) } },
      setup: (c) => void (ctx = c),
    })
    const kernel = createPortico({ appId: APP, plugins: [plugin], storage: createMemoryStorage() })
    kernel.openModal('wallets/list', { intent: 'connect' })
    expect(ctx!.intent()).toBe('connect')
    expect(kernel.state.modal.stack.at(-1)!.screen).toBe('wallets/list')
    kernel.openModal('wallets/list', { intent: 'link' })
    expect(ctx!.intent()).toBe('login')
    kernel.destroy()
  })
})
