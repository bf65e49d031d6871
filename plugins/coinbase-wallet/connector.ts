/**
 * The Coinbase Wallet connector: the shared {@link WalletConnector} contract over the EIP-1193
 * provider the Coinbase Wallet SDK hands out. It takes the provider, not the SDK, so it costs nothing
 * until `load()` imports both.
 * @module
 */
import {
  chainIdNumber,
  createWalletError,
  switchEthereumChain,
  toCaip2,
  walletRequest,
  type Eip1193Provider,
} from '../wallets'
import { WALLET_ERROR_CODES, type AddableChain, type ConnectorEvents, type WalletBranding, type WalletConnector } from '../wallets'

/** The Coinbase smart wallet's chains (spec): a smartWalletOnly connection cannot move elsewhere. */
export const COINBASE_SMART_WALLET_CHAIN_IDS = [1, 11155111, 137, 10, 8453, 84532, 42161, 7777777, 43114, 56] as const

/** Which Coinbase wallets a connection may use (the SDK's `preference.options`). */
export const COINBASE_CONNECTION_OPTIONS = ['all', 'smartWalletOnly', 'eoaOnly'] as const

/** One of {@link COINBASE_CONNECTION_OPTIONS}. */
export type CoinbaseConnectionOptions = (typeof COINBASE_CONNECTION_OPTIONS)[number]

/** What the connector needs of the SDK's provider: requests, events and an end. */
export interface CoinbaseProvider extends Eip1193Provider {
  on(event: 'accountsChanged', listener: (accounts: string[]) => void): unknown
  on(event: 'chainChanged', listener: (chainId: string) => void): unknown
  on(event: 'disconnect', listener: (error: Error) => void): unknown
  removeListener(event: 'accountsChanged', listener: (accounts: string[]) => void): unknown
  removeListener(event: 'chainChanged', listener: (chainId: string) => void): unknown
  removeListener(event: 'disconnect', listener: (error: Error) => void): unknown
  disconnect(): Promise<void>
}

/** Options of {@link createCoinbaseConnector}. */
export interface CoinbaseConnectorOptions {
  branding: WalletBranding
  /** @defaultValue 'all' */
  connectionOptions?: CoinbaseConnectionOptions
}

/**
 * Whether a chain is one the Coinbase smart wallet runs on.
 * @param chainId - the chain id (CAIP-2, hex or number).
 * @returns true for the chains of {@link COINBASE_SMART_WALLET_CHAIN_IDS}.
 * @example
 * ```ts
 * import { isSmartWalletChain } from 'portico/plugins/coinbase-wallet'
 * isSmartWalletChain('eip155:8453') // true
 * ```
 */
export function isSmartWalletChain(chainId: string | number): boolean {
  try {
    return (COINBASE_SMART_WALLET_CHAIN_IDS as readonly number[]).includes(chainIdNumber(chainId))
  } catch {
    return false
  }
}

/** personal_sign takes the message as 0x hex of its UTF-8 bytes. */
function utf8Hex(message: string): string {
  let hex = '0x'
  for (const b of new TextEncoder().encode(message)) hex += b.toString(16).padStart(2, '0')
  return hex
}

/**
 * Wraps the Coinbase Wallet SDK's provider as a {@link WalletConnector}.
 * @param provider - `createCoinbaseWalletSDK(...).getProvider()`.
 * @param options - branding and the connection options the SDK was built with.
 * @returns the connector (connectorType and walletClientType `coinbase_wallet`).
 * @example
 * ```ts
 * import { createCoinbaseWalletSDK } from '@coinbase/wallet-sdk'
 * import { createCoinbaseConnector } from 'portico/plugins/coinbase-wallet'
 * const provider = createCoinbaseWalletSDK({ appName: 'Demo', preference: { options: 'all' } }).getProvider()
 * const connector = createCoinbaseConnector(provider, { branding: { id: 'coinbase_wallet', name: 'Coinbase Wallet' } })
 * ```
 */
export function createCoinbaseConnector(provider: CoinbaseProvider, options: CoinbaseConnectorOptions): WalletConnector {
  const smartOnly = options.connectionOptions === 'smartWalletOnly'

  const getChainId = async () => toCaip2(await walletRequest<string>(provider, { method: 'eth_chainId' }))

  const switchChain = async (chainId: string, chain?: AddableChain) => {
    const caip = toCaip2(chainId)
    if (smartOnly && !isSmartWalletChain(caip)) throw createWalletError(WALLET_ERROR_CODES.unsupportedChain, { chainId: caip })
    await switchEthereumChain(provider, caip, chain)
  }

  return {
    connectorType: 'coinbase_wallet',
    walletClientType: 'coinbase_wallet',
    chainType: 'ethereum',
    branding: options.branding,
    async connect({ chainId, signal } = {}) {
      const accounts = await walletRequest<string[]>(provider, { method: 'eth_requestAccounts' }, { signal })
      if (!accounts?.length) throw createWalletError(WALLET_ERROR_CODES.unavailable, { what: 'accounts' })
      let current = await getChainId()
      if (chainId && toCaip2(chainId) !== current) {
        await switchChain(chainId)
        current = await getChainId()
      }
      return { accounts, chainId: current }
    },
    async disconnect() {
      // The SDK forgets its keys and session locally even when the wallet is unreachable.
      await provider.disconnect().catch(() => undefined)
    },
    async getAccounts() {
      try {
        return (await walletRequest<string[]>(provider, { method: 'eth_accounts' })) ?? []
      } catch {
        // 4100 before eth_requestAccounts: not connected, so no accounts.
        return []
      }
    },
    getChainId,
    switchChain,
    async signMessage(address, message, { signal } = {}) {
      return walletRequest<string>(provider, { method: 'personal_sign', params: [utf8Hex(message), address] }, { signal })
    },
    async getProvider() {
      return provider
    },
    on(event, listener) {
      if (event === 'chainChanged') {
        const onChain = (id: string) => (listener as ConnectorEvents['chainChanged'])(toCaip2(id))
        provider.on('chainChanged', onChain)
        return () => void provider.removeListener('chainChanged', onChain)
      }
      if (event === 'disconnect') {
        const onEnd = () => (listener as ConnectorEvents['disconnect'])()
        provider.on('disconnect', onEnd)
        return () => void provider.removeListener('disconnect', onEnd)
      }
      const onAccounts = (accounts: string[]) => (listener as ConnectorEvents['accountsChanged'])(accounts)
      provider.on('accountsChanged', onAccounts)
      return () => void provider.removeListener('accountsChanged', onAccounts)
    },
  }
}
