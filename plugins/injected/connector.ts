/**
 * The injected-wallet connector: a {@link WalletConnector} over one EIP-1193 provider (an
 * extension's EIP-6963 announcement, or the legacy `window.ethereum`).
 * @module
 */
import type { AddableChain, ConnectorEvents, WalletBranding, WalletConnector } from '../wallets'
import { WALLET_ERROR_CODES } from '../wallets'
import { createWalletError, switchEthereumChain, toCaip2, utf8ToHex, walletRequest, type Eip1193Provider } from '../wallets'

/** An EIP-1193 provider with the event half (what browser extensions inject). */
export interface InjectedProvider extends Eip1193Provider {
  on?(event: string, listener: (...args: unknown[]) => void): unknown
  removeListener?(event: string, listener: (...args: unknown[]) => void): unknown
}

/** Options of {@link createInjectedConnector}. */
export interface InjectedConnectorOptions {
  branding: WalletBranding
  /** The wallet client type stored with accounts (`metamask`...). */
  walletClientType: string
  /** How long a request may wait on the wallet. @defaultValue the kernel's `WALLET_REQUEST_TIMEOUT_MS` */
  timeoutMs?: number
}

/** MetaMask emits `disconnect` with 1013 while it reconnects to its own node: not a real disconnect. */
const RECONNECTING = 1013

/**
 * Builds the connector of one injected provider.
 * @param provider - the EIP-1193 provider.
 * @param options - branding, wallet client type and request timeout.
 * @returns the connector.
 * @example
 * ```ts
 * import { createInjectedConnector } from 'portico/plugins/injected'
 * const connector = createInjectedConnector(window.ethereum, {
 *   branding: { id: 'io.metamask', name: 'MetaMask' }, walletClientType: 'metamask',
 * })
 * const { accounts, chainId } = await connector.connect() // chainId: 'eip155:1'
 * ```
 */
export function createInjectedConnector(provider: InjectedProvider, options: InjectedConnectorOptions): WalletConnector {
  const base = options.timeoutMs === undefined ? {} : { timeoutMs: options.timeoutMs }
  const listeners: { [E in keyof ConnectorEvents]: Set<ConnectorEvents[E]> } = {
    accountsChanged: new Set(),
    chainChanged: new Set(),
    disconnect: new Set(),
  }
  // The provider's own listeners, attached while anyone listens to this connector.
  const forward = {
    accountsChanged: (accounts: string[]) => {
      for (const l of [...listeners.accountsChanged]) l(Array.isArray(accounts) ? accounts : [])
    },
    chainChanged: (chainId: string | number) => {
      let caip: string
      try {
        caip = toCaip2(chainId)
      } catch {
        return
      }
      for (const l of [...listeners.chainChanged]) l(caip)
    },
    disconnect: (error?: { code?: number }) => {
      if (error?.code === RECONNECTING) return
      for (const l of [...listeners.disconnect]) l()
    },
  }
  let attached = false
  const attach = () => {
    if (attached || !provider.on) return
    attached = true
    for (const [event, fn] of Object.entries(forward)) provider.on(event, fn as (...args: unknown[]) => void)
  }
  const detachIfIdle = () => {
    if (!attached || Object.values(listeners).some((s) => s.size > 0)) return
    attached = false
    for (const [event, fn] of Object.entries(forward)) provider.removeListener?.(event, fn as (...args: unknown[]) => void)
  }

  const readChain = async (signal?: AbortSignal) =>
    toCaip2(await walletRequest<string>(provider, { method: 'eth_chainId' }, { ...base, ...(signal ? { signal } : {}) }))

  const connector: WalletConnector = {
    connectorType: 'injected',
    walletClientType: options.walletClientType,
    chainType: 'ethereum',
    branding: options.branding,

    async connect({ chainId, signal } = {}) {
      const opts = { ...base, ...(signal ? { signal } : {}) }
      const accounts = await walletRequest<string[]>(provider, { method: 'eth_requestAccounts' }, opts)
      if (!Array.isArray(accounts) || accounts.length === 0) throw createWalletError(WALLET_ERROR_CODES.unavailable, { what: 'accounts' })
      let current: string
      try {
        current = await readChain(signal)
      } catch (e) {
        if ((e as { code?: unknown }).code === WALLET_ERROR_CODES.aborted) throw e
        // An empty chain id makes the registry ask again (10 tries).
        return { accounts, chainId: '' }
      }
      if (chainId && toCaip2(chainId) !== current) {
        try {
          await switchEthereumChain(provider, chainId, undefined, opts)
          current = toCaip2(chainId)
        } catch (e) {
          // Connected all the same: the flow offers the switch again with what adding the chain needs.
          if ((e as { code?: unknown }).code === WALLET_ERROR_CODES.aborted) throw e
        }
      }
      return { accounts, chainId: current }
    },

    async disconnect() {
      // Only some wallets can drop a page's permission; the others keep it until the user does.
      try {
        await walletRequest(provider, { method: 'wallet_revokePermissions', params: [{ eth_accounts: {} }] }, { timeoutMs: 5_000 })
      } catch {
        // Refused or unsupported: the registry forgets the connection anyway.
      }
    },

    async getAccounts() {
      const accounts = await walletRequest<string[]>(provider, { method: 'eth_accounts' }, base)
      return Array.isArray(accounts) ? accounts : []
    },

    getChainId: () => readChain(),

    async switchChain(chainId: string, chain?: AddableChain) {
      await switchEthereumChain(provider, chainId, chain, base)
    },

    async signMessage(address, message, { signal } = {}) {
      return walletRequest<string>(
        provider,
        { method: 'personal_sign', params: [utf8ToHex(message), address] },
        { ...base, ...(signal ? { signal } : {}) },
      )
    },

    getProvider: async () => provider,

    on(event, listener) {
      ;(listeners[event] as Set<typeof listener>).add(listener)
      attach()
      return () => {
        ;(listeners[event] as Set<typeof listener>).delete(listener)
        detachIfIdle()
      }
    },
  }
  return connector
}
