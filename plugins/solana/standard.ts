/**
 * Wallet Standard discovery and the connector built for each Solana wallet. Loaded by the plugin's
 * `setup` with a dynamic import, so `@wallet-standard/app` stays out of the page's initial bundle.
 * @module
 */
import { getWallets } from '@wallet-standard/app'
import type { Wallet, WalletAccount } from '@wallet-standard/base'
import type { StandardConnectFeature, StandardDisconnectFeature, StandardEventsFeature } from '@wallet-standard/features'
import type { SolanaSignMessageFeature } from '@solana/wallet-standard-features'
import { PorticoError } from '../../kernel/errors'
import { bytesToBase64, createWalletError, throwIfAborted, toWalletError } from '../wallets'
import { WALLET_ERROR_CODES, type ConnectorEvents, type WalletConnector } from '../wallets'

/** The CAIP-2 chain a Solana connector answers (the spec's Solana chain is 'mainnet'). */
export const SOLANA_MAINNET = 'solana:mainnet'

/**
 * The wallet client type of a wallet name: lowercase words joined by '_' ('Phantom' → 'phantom',
 * 'OKX Wallet' → 'okx_wallet').
 * @param name - the wallet's name.
 * @returns the client type.
 * @example
 * ```ts
 * import { walletClientTypeOf } from 'portico/plugins/solana/standard'
 * walletClientTypeOf('Solflare') // 'solflare'
 * ```
 */
export function walletClientTypeOf(name: string): string {
  return name.trim().toLowerCase().replace(/[^a-z0-9]+/g, '_').replace(/^_+|_+$/g, '') || 'unknown'
}

/**
 * Whether a wallet can sign a Solana visitor in: it connects and signs messages.
 * @param wallet - a registered Wallet Standard wallet.
 * @returns true when it has `standard:connect` and `solana:signMessage`.
 * @example
 * ```ts
 * import { isUsableSolanaWallet } from 'portico/plugins/solana/standard'
 * getWallets().get().filter(isUsableSolanaWallet)
 * ```
 */
export function isUsableSolanaWallet(wallet: Wallet): boolean {
  return 'standard:connect' in wallet.features && 'solana:signMessage' in wallet.features
}

const solanaAccounts = (accounts: readonly WalletAccount[]) =>
  accounts.filter((a) => a.chains.length === 0 || a.chains.some((c) => c.startsWith('solana:')))

/** Rejects with the wallet abort error when the signal fires first. */
function abortable<T>(promise: Promise<T>, signal: AbortSignal | undefined): Promise<T> {
  if (!signal) return promise
  throwIfAborted(signal)
  return new Promise<T>((resolve, reject) => {
    const onAbort = () => reject(createWalletError(WALLET_ERROR_CODES.aborted, { cause: signal.reason }))
    signal.addEventListener('abort', onAbort, { once: true })
    promise.then(resolve, reject).finally(() => signal.removeEventListener('abort', onAbort))
  })
}

/**
 * Builds the connector of one Wallet Standard wallet (connectorType `solana_adapter`).
 * @param wallet - the wallet.
 * @returns the connector.
 * @example
 * ```ts
 * import { createStandardConnector } from 'portico/plugins/solana/standard'
 * const connector = createStandardConnector(wallet)
 * const { accounts } = await connector.connect()
 * ```
 */
export function createStandardConnector(wallet: Wallet): WalletConnector {
  const clientType = walletClientTypeOf(wallet.name)
  const listeners: { [E in keyof ConnectorEvents]: Set<ConnectorEvents[E]> } = {
    accountsChanged: new Set(),
    chainChanged: new Set(),
    disconnect: new Set(),
  }
  let offWallet: (() => void) | undefined
  let known: string[] = []

  function follow() {
    if (offWallet) return
    const events = (wallet.features as Partial<StandardEventsFeature>)['standard:events']
    offWallet = events?.on('change', ({ accounts }) => {
      if (!accounts) return
      const next = solanaAccounts(accounts).map((a) => a.address)
      if (next.join() === known.join()) return
      known = next
      listeners.accountsChanged.forEach((l) => l(next))
      if (next.length === 0) listeners.disconnect.forEach((l) => l())
    })
  }

  const connector: WalletConnector = {
    connectorType: 'solana_adapter',
    walletClientType: clientType,
    chainType: 'solana',
    branding: { name: wallet.name, icon: wallet.icon, id: clientType },

    async connect(options = {}) {
      const feature = (wallet.features as Partial<StandardConnectFeature>)['standard:connect']
      if (!feature) throw createWalletError(WALLET_ERROR_CODES.unsupportedMethod)
      let accounts: readonly WalletAccount[]
      try {
        accounts = (await abortable(feature.connect(), options.signal)).accounts
      } catch (e) {
        throw toWalletError(e)
      }
      known = solanaAccounts(accounts).map((a) => a.address)
      if (!known.length) throw createWalletError(WALLET_ERROR_CODES.unavailable, { what: 'accounts' })
      follow()
      return { accounts: [...known], chainId: SOLANA_MAINNET }
    },

    async disconnect() {
      offWallet?.()
      offWallet = undefined
      known = []
      const feature = (wallet.features as Partial<StandardDisconnectFeature>)['standard:disconnect']
      await feature?.disconnect()
    },

    async getAccounts() {
      return solanaAccounts(wallet.accounts).map((a) => a.address)
    },

    async getChainId() {
      return SOLANA_MAINNET
    },

    async signMessage(address, message, options = {}) {
      if (typeof message !== 'string') {
        throw new PorticoError('A Solana message must be a string.', { code: 'SOLANA_MESSAGE_NOT_STRING' })
      }
      const feature = (wallet.features as Partial<SolanaSignMessageFeature>)['solana:signMessage']
      if (!feature) {
        throw new PorticoError('This wallet does not support message signing.', { code: 'SOLANA_SIGN_MESSAGE_UNSUPPORTED' })
      }
      const account = wallet.accounts.find((a) => a.address === address)
      if (!account) throw createWalletError(WALLET_ERROR_CODES.notConnected)
      try {
        const [out] = await abortable(feature.signMessage({ account, message: new TextEncoder().encode(message) }), options.signal)
        if (!out) throw new Error('The wallet returned no signature')
        return bytesToBase64(new Uint8Array(out.signature))
      } catch (e) {
        throw toWalletError(e)
      }
    },

    async getProvider() {
      return wallet
    },

    on(event, listener) {
      const set = listeners[event] as Set<typeof listener>
      set.add(listener)
      return () => set.delete(listener)
    },
  }
  return connector
}

/** Usable Solana wallets as they come and go. */
export interface StandardWalletWatch {
  /** The usable wallets now. */
  wallets(): Wallet[]
  /** Stops following registrations. */
  stop(): void
}

/**
 * Follows Wallet Standard registrations (`getWallets()`): calls back on every register and unregister.
 * @param onChange - called after the list changed.
 * @returns the watch.
 * @example
 * ```ts
 * import { watchStandardWallets } from 'portico/plugins/solana/standard'
 * const watch = watchStandardWallets(() => console.log(watch.wallets().map((w) => w.name)))
 * ```
 */
export function watchStandardWallets(onChange: () => void): StandardWalletWatch {
  const api = getWallets()
  const offs = [api.on('register', onChange), api.on('unregister', onChange)]
  return {
    wallets: () => api.get().filter(isUsableSolanaWallet),
    stop: () => offs.forEach((off) => off()),
  }
}
