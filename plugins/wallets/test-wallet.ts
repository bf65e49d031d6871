/**
 * Test wallet for the wallet plugins' and the UI's unit tests: an EIP-1193 provider backed by viem local
 * accounts (it signs `personal_sign` with the real keys, knows a set of chains and answers 4902 for
 * others until `wallet_addEthereumChain` adds them), and a WalletConnector built over any EIP-1193
 * provider with the kernel's own helpers, as a connector plugin would build it.
 * @internal
 * @module
 */
import { privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { toHex, type Hex } from 'viem'
import { switchEthereumChain, toCaip2, walletRequest, type Eip1193Provider } from './eip1193'
import type { ConnectorEntry, ConnectorEvents, ConnectorType, WalletConnector } from './types'

/** Well-known anvil keys: deterministic accounts for tests. */
export const TEST_KEYS = [
  '0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80',
  '0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d',
  '0x5de4111afa1a4b94908f83103eb1f1706367c2e6ca870fc3fb9f9b5e3d5d4e8d',
] as const satisfies readonly Hex[]

/** Options of {@link createLocalProvider}. */
export interface LocalProviderOptions {
  /** Keys of the accounts, first is active. @defaultValue the first of TEST_KEYS */
  keys?: readonly Hex[]
  /** The chain the wallet starts on. @defaultValue 1 */
  chainId?: number
  /** Chains the wallet knows without adding them. @defaultValue [1] */
  knownChains?: readonly number[]
  /** `eth_requestAccounts` answers [] (the wallet grants access but reports accounts late). */
  grantsLate?: boolean
  /** How many `eth_accounts` calls answer [] before the accounts show. @defaultValue 0 */
  lateAccountCalls?: number
}

/** A local provider and its controls. */
export interface LocalProvider extends Eip1193Provider {
  on(event: string, fn: (...args: never[]) => void): void
  removeListener(event: string, fn: (...args: never[]) => void): void
  readonly accounts: PrivateKeyAccount[]
  /** Methods received, in order. */
  readonly calls: { method: string; params: unknown }[]
  /** The current chain number. */
  chain(): number
  /** Whether the page has access. */
  connected(): boolean
  /** The next request answers this error. */
  failNext(error: { code: number; message: string }): void
  /** The next request never answers. */
  hangNext(): void
  /** Emits an event as the wallet would. */
  emit(event: 'accountsChanged' | 'chainChanged' | 'disconnect', ...args: unknown[]): void
  /** Called while a request is being answered (to observe state mid-request). */
  onRequest?: (method: string) => void
}

function rpcError(code: number, message: string): Error & { code: number } {
  return Object.assign(new Error(message), { code })
}

/**
 * Creates an EIP-1193 provider backed by viem local accounts.
 * @param options - keys, chains and lateness.
 * @returns the provider with its controls.
 */
export function createLocalProvider(options: LocalProviderOptions = {}): LocalProvider {
  const accounts = (options.keys ?? [TEST_KEYS[0]]).map((k) => privateKeyToAccount(k))
  const known = new Set(options.knownChains ?? [1])
  let chain = options.chainId ?? 1
  let connected = false
  let late = options.lateAccountCalls ?? 0
  let fail: { code: number; message: string } | null = null
  let hang = false
  const listeners = new Map<string, Set<(...args: never[]) => void>>()
  const calls: { method: string; params: unknown }[] = []
  const addresses = () => accounts.map((a) => a.address)

  const provider: LocalProvider = {
    accounts,
    calls,
    chain: () => chain,
    connected: () => connected,
    failNext: (e) => void (fail = e),
    hangNext: () => void (hang = true),
    on(event, fn) {
      if (!listeners.has(event)) listeners.set(event, new Set())
      listeners.get(event)!.add(fn)
    },
    removeListener(event, fn) {
      listeners.get(event)?.delete(fn)
    },
    emit(event, ...args) {
      for (const fn of listeners.get(event) ?? []) (fn as (...a: unknown[]) => void)(...args)
    },
    async request({ method, params }) {
      calls.push({ method, params })
      provider.onRequest?.(method)
      if (hang) {
        hang = false
        return new Promise(() => {})
      }
      if (fail) {
        const e = fail
        fail = null
        throw rpcError(e.code, e.message)
      }
      const p = (params ?? []) as unknown[]
      switch (method) {
        case 'eth_requestAccounts':
          connected = true
          return options.grantsLate ? [] : addresses()
        case 'eth_accounts':
          if (late > 0) {
            late--
            return []
          }
          return connected ? addresses() : []
        case 'eth_chainId':
          return toHex(chain)
        case 'personal_sign': {
          const [message, address] = p as [Hex, string]
          const account = accounts.find((a) => a.address.toLowerCase() === address.toLowerCase())
          if (!connected || !account) throw rpcError(4100, 'The requested account has not been authorized')
          return account.signMessage({ message: { raw: message } })
        }
        case 'wallet_switchEthereumChain': {
          const target = Number(BigInt((p[0] as { chainId: string }).chainId))
          if (!known.has(target)) throw rpcError(4902, `Unrecognized chain ID "${toHex(target)}"`)
          if (target !== chain) {
            chain = target
            provider.emit('chainChanged', toHex(target))
          }
          return null
        }
        case 'wallet_addEthereumChain': {
          const c = p[0] as { chainId?: string; chainName?: string; rpcUrls?: string[]; nativeCurrency?: unknown }
          if (!c?.chainId || !c.chainName || !c.rpcUrls?.length || !c.nativeCurrency) throw rpcError(-32602, 'Invalid params')
          known.add(Number(BigInt(c.chainId)))
          return null
        }
        case 'wallet_revokePermissions':
          connected = false
          return null
        default:
          throw rpcError(4200, `The wallet does not support ${method}`)
      }
    },
  }
  return provider
}

/** Options of {@link createEip1193Connector}. */
export interface TestConnectorOptions {
  name?: string
  id?: string
  connectorType?: ConnectorType
  walletClientType?: string
  /** Per-wallet request timeout. */
  timeoutMs?: number
}

/**
 * A WalletConnector over an EIP-1193 provider, built with the kernel's helpers.
 * @param provider - the provider.
 * @param options - branding and types.
 * @returns the connector.
 */
export function createEip1193Connector(
  provider: LocalProvider,
  options: TestConnectorOptions = {},
): WalletConnector {
  const timeoutMs = options.timeoutMs
  const req = <T>(method: string, params?: unknown[], signal?: AbortSignal) =>
    walletRequest<T>(provider, { method, ...(params ? { params } : {}) }, { ...(timeoutMs ? { timeoutMs } : {}), ...(signal ? { signal } : {}) })
  return {
    connectorType: options.connectorType ?? 'injected',
    walletClientType: options.walletClientType ?? 'metamask',
    chainType: 'ethereum',
    branding: { name: options.name ?? 'MetaMask', id: options.id ?? 'io.metamask', icon: 'data:image/svg+xml,<svg/>' },
    async connect({ signal } = {}) {
      const accounts = await req<string[]>('eth_requestAccounts', undefined, signal)
      const chainId = toCaip2(await req<string>('eth_chainId', undefined, signal))
      return { accounts, chainId }
    },
    async disconnect() {
      await req('wallet_revokePermissions', [{ eth_accounts: {} }])
    },
    getAccounts: () => req<string[]>('eth_accounts'),
    async getChainId() {
      return toCaip2(await req<string>('eth_chainId'))
    },
    switchChain: (chainId, chain) => switchEthereumChain(provider, chainId, chain, timeoutMs ? { timeoutMs } : {}),
    signMessage: (address, message, opts) => req<string>('personal_sign', [toHex(message), address], opts?.signal),
    getProvider: async () => provider,
    on<E extends keyof ConnectorEvents>(event: E, listener: ConnectorEvents[E]) {
      const fn =
        event === 'chainChanged'
          ? (hex: string) => (listener as ConnectorEvents['chainChanged'])(toCaip2(hex))
          : (listener as (...args: never[]) => void)
      provider.on(event, fn as (...args: never[]) => void)
      return () => provider.removeListener(event, fn as (...args: never[]) => void)
    },
  }
}

/**
 * A registry entry for a connector (loaded lazily, counting loads).
 * @param id - the entry id.
 * @param connector - what `load()` resolves to.
 * @param installed - whether it is an installed wallet.
 * @returns the entry and a load counter.
 */
export function entryFor(id: string, connector: WalletConnector, installed = true): ConnectorEntry & { loads: number } {
  const entry = {
    id,
    chainType: connector.chainType,
    connectorType: connector.connectorType,
    walletClientType: connector.walletClientType,
    branding: connector.branding,
    installed,
    loads: 0,
    async load() {
      entry.loads++
      return connector
    },
  }
  return entry
}
