/**
 * The WalletConnect connector: the shared {@link WalletConnector} contract over
 * `@walletconnect/ethereum-provider`. It takes an initialised provider, not the SDK, so this module
 * costs little; `load()` imports both.
 * @module
 */
import {
  chainIdNumber,
  createWalletError,
  switchEthereumChain,
  toCaip2,
  walletRequest,
  withWalletTimeout,
  type Eip1193Provider,
} from '../wallets'
import { MOBILE_WALLETS } from '../wallets'
import { WALLET_ERROR_CODES, type ConnectorEvents, type WalletBranding, type WalletConnector } from '../wallets'

/** What the connector needs of the WalletConnect EthereumProvider. */
export interface WalletConnectProvider extends Eip1193Provider {
  accounts: string[]
  chainId: number
  session?: { peer?: { metadata?: { name?: string } } } | undefined
  connect(opts?: { optionalChains?: number[] }): Promise<void>
  disconnect(): Promise<void>
  on(event: string, listener: (arg: never) => void): unknown
  removeListener(event: string, listener: (arg: never) => void): unknown
  signer: { abortPairingAttempt?: () => void }
}

/** Options of {@link createWalletConnectConnector}. */
export interface WalletConnectConnectorOptions {
  branding: WalletBranding
  /** The client type of a named wallet (`metamask`); the generic entry learns it from the session. */
  walletClientType?: string
  /**
   * Called with the pairing uri while a connection waits for a wallet (show the QR code), and with
   * a cancel function that aborts the attempt.
   */
  onDisplayUri(uri: string, cancel: () => void): void
  /** Called when the attempt ends, connected or not. */
  onSettled(): void
}

const tableNames = new Map(
  Object.entries(MOBILE_WALLETS).map(([id, w]) => [w.name.toLowerCase(), id] as const),
)

/**
 * The client type of the wallet at the other end of a session, by its advertised name.
 * @param name - the peer's metadata name ('MetaMask Wallet').
 * @returns a {@link MOBILE_WALLETS} key, or 'wallet_connect' when the name is unknown.
 * @example
 * ```ts
 * import { walletClientTypeOfPeer } from 'portico/plugins/wallet-connect'
 * walletClientTypeOfPeer('Rainbow') // 'rainbow'
 * ```
 */
export function walletClientTypeOfPeer(name: string | undefined): string {
  if (!name) return 'wallet_connect'
  const lower = name.toLowerCase()
  const exact = tableNames.get(lower)
  if (exact) return exact
  // Wallets often add a suffix ('MetaMask Wallet', 'Trust Wallet - iOS').
  for (const [tableName, id] of tableNames) if (lower.startsWith(tableName)) return id
  return 'wallet_connect'
}

/** personal_sign takes the message as 0x hex of its UTF-8 bytes. */
function utf8Hex(message: string): string {
  let hex = '0x'
  for (const b of new TextEncoder().encode(message)) hex += b.toString(16).padStart(2, '0')
  return hex
}

/**
 * Wraps a WalletConnect EthereumProvider (initialised with `showQrModal: false`) as a connector.
 * `connect()` pairs: the provider emits `display_uri`, handed to `onDisplayUri` for our own QR screen.
 * @param provider - `await EthereumProvider.init({ projectId, showQrModal: false, ... })`.
 * @param options - branding, client type and the pairing callbacks.
 * @returns the connector (connectorType `wallet_connect_v2`).
 * @example
 * ```ts
 * import { EthereumProvider } from '@walletconnect/ethereum-provider'
 * import { createWalletConnectConnector } from 'portico/plugins/wallet-connect'
 * const provider = await EthereumProvider.init({ projectId, showQrModal: false, optionalChains: [1] })
 * const connector = createWalletConnectConnector(provider, {
 *   branding: { id: 'wallet_connect', name: 'WalletConnect' },
 *   onDisplayUri: (uri) => console.log(uri),
 *   onSettled: () => {},
 * })
 * ```
 */
export function createWalletConnectConnector(provider: WalletConnectProvider, options: WalletConnectConnectorOptions): WalletConnector {
  const connected = () => !!provider.session && provider.accounts.length > 0
  const getChainId = async () => {
    if (!provider.chainId) throw createWalletError(WALLET_ERROR_CODES.unavailable, { what: 'chain' })
    return toCaip2(provider.chainId)
  }

  return {
    connectorType: 'wallet_connect_v2',
    get walletClientType() {
      return options.walletClientType ?? walletClientTypeOfPeer(provider.session?.peer?.metadata?.name)
    },
    chainType: 'ethereum',
    branding: options.branding,
    async connect({ chainId, signal } = {}) {
      if (!connected()) {
        // Our own controller, so the QR screen's cancel and the caller's signal both end the attempt.
        const attempt = new AbortController()
        const onOuterAbort = () => attempt.abort(signal?.reason)
        signal?.addEventListener('abort', onOuterAbort, { once: true })
        if (signal?.aborted) attempt.abort(signal.reason)
        const onUri = (uri: string) => options.onDisplayUri(uri, () => attempt.abort())
        provider.on('display_uri', onUri)
        try {
          const optionalChains = chainId ? [chainIdNumber(chainId)] : undefined
          await withWalletTimeout(() => provider.connect(optionalChains ? { optionalChains } : undefined), {
            signal: attempt.signal,
            method: 'connect',
          })
        } catch (e) {
          // Stops the provider's wait for a wallet so a later attempt starts a fresh pairing.
          provider.signer.abortPairingAttempt?.()
          throw e
        } finally {
          provider.removeListener('display_uri', onUri)
          signal?.removeEventListener('abort', onOuterAbort)
          options.onSettled()
        }
      }
      const accounts = [...provider.accounts]
      if (!accounts.length) throw createWalletError(WALLET_ERROR_CODES.unavailable, { what: 'accounts' })
      let current = await getChainId()
      if (chainId && toCaip2(chainId) !== current) {
        await switchEthereumChain(provider, chainId)
        current = await getChainId()
      }
      return { accounts, chainId: current }
    },
    async disconnect() {
      provider.signer.abortPairingAttempt?.()
      if (provider.session) await provider.disconnect().catch(() => undefined)
    },
    async getAccounts() {
      return connected() ? [...provider.accounts] : []
    },
    getChainId,
    async switchChain(chainId, chain) {
      await switchEthereumChain(provider, chainId, chain)
    },
    async signMessage(address, message, { signal } = {}) {
      return walletRequest<string>(provider, { method: 'personal_sign', params: [utf8Hex(message), address] }, { signal })
    },
    async getProvider() {
      return provider
    },
    on(event, listener) {
      const wrapped =
        event === 'chainChanged'
          ? (id: string | number) => (listener as ConnectorEvents['chainChanged'])(toCaip2(id))
          : event === 'disconnect'
            ? () => (listener as ConnectorEvents['disconnect'])()
            : (accounts: string[]) => (listener as ConnectorEvents['accountsChanged'])(accounts)
      provider.on(event, wrapped as (arg: never) => void)
      return () => void provider.removeListener(event, wrapped as (arg: never) => void)
    },
  }
}
