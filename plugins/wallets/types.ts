/**
 * The wallet contract: what a connector plugin implements (one contract for injected wallets,
 * Coinbase, WalletConnect and Solana Wallet Standard wallets), what the wallet registry offers
 * plugins and screens, and the connected-wallet shape host apps read through `useWallets()`.
 * Types only: the registry itself is in `./registry`.
 * @module
 */
import type { AuthenticatedUser, LoginMode, User } from '../../kernel/wire'
import type { Eip1193Provider } from './eip1193'

/** The chains a wallet belongs to. */
export type WalletChainType = 'ethereum' | 'solana'

/** How a wallet is reached (the spec's connectorType). */
export type ConnectorType =
  | 'injected'
  | 'coinbase_wallet'
  | 'wallet_connect_v2'
  | 'solana_adapter'
  | 'embedded'
  | 'embedded_imported'
  /** A wallet of the user's account at another app (cross-app), reached through that app's page. */
  | 'cross_app'

/** A wallet's name and icon as shown in lists. */
export interface WalletBranding {
  /** Display name ('MetaMask'). */
  name: string
  /** Icon URL or data URI. */
  icon?: string
  /** Stable id of the wallet (EIP-6963 rdns such as `io.metamask`, or a table id such as `rainbow`). */
  id: string
}

/** Events a connector emits. Chain ids are CAIP-2 strings (`eip155:1`; `solana:mainnet`). */
export interface ConnectorEvents {
  /** The wallet's accounts changed; an empty list means it disconnected. */
  accountsChanged: (accounts: string[]) => void
  /** The wallet moved to another chain. */
  chainChanged: (chainId: string) => void
  /** The wallet ended the connection. */
  disconnect: () => void
}

/**
 * A connected-wallet driver. A connector plugin builds one per wallet it can reach. Methods reject with
 * a `PorticoError` whose `code` is one of {@link WALLET_ERROR_CODES} (the registry maps EIP-1193 codes).
 */
export interface WalletConnector {
  readonly connectorType: ConnectorType
  /** The wallet client type stored with accounts (`metamask`, `phantom`, `coinbase_wallet`, `unknown`...). */
  readonly walletClientType: string
  readonly chainType: WalletChainType
  readonly branding: WalletBranding
  /**
   * Asks the wallet for access (shows the wallet's own prompt).
   * @param options - a chain to start on (Ethereum) and an abort signal.
   * @returns the granted accounts (first is the active one) and the current CAIP-2 chain id.
   */
  connect(options?: { chainId?: string; signal?: AbortSignal }): Promise<{ accounts: string[]; chainId: string }>
  /** Ends the connection where the wallet allows it; always forgets local state. */
  disconnect(): Promise<void>
  /** The accounts the wallet currently exposes to this page (no prompt); empty when not connected. */
  getAccounts(): Promise<string[]>
  /** The current CAIP-2 chain id (`eip155:1`; Solana connectors answer `solana:mainnet`). */
  getChainId(): Promise<string>
  /**
   * Moves an Ethereum wallet to a chain (`wallet_switchEthereumChain`, adding it on error 4902 and
   * retrying). Absent on connectors that cannot switch.
   */
  switchChain?(chainId: string, chain?: AddableChain): Promise<void>
  /**
   * Signs a text message with an account: `personal_sign` on Ethereum (0x hex signature), `signMessage`
   * on Solana (base64 signature).
   */
  signMessage(address: string, message: string, options?: { signal?: AbortSignal }): Promise<string>
  /**
   * The underlying provider (an EIP-1193 provider, or a Wallet Standard wallet) for host apps.
   * @param address - the account it is for, when the connector gives each account its own provider
   *   (an embedded wallet); other connectors ignore it.
   */
  getProvider(address?: string): Promise<unknown>
  /** Subscribes to a connector event; returns an unsubscribe. */
  on<E extends keyof ConnectorEvents>(event: E, listener: ConnectorEvents[E]): () => void
}

/** The data `wallet_addEthereumChain` needs (EIP-3085). */
export interface AddableChain {
  chainName: string
  rpcUrls: string[]
  nativeCurrency: { name: string; symbol: string; decimals: number }
  blockExplorerUrls?: string[]
}

/**
 * A wallet the list can offer. Discovered wallets (EIP-6963 announcements, Wallet Standard
 * registrations) are `installed`; SDK wallets (Coinbase, WalletConnect) are loaded by `load()` only
 * when their button is pressed, so a host app pays for an SDK only when it is used.
 */
export interface ConnectorEntry {
  /** Unique in the registry: `<plugin id>:<wallet id>`. */
  id: string
  chainType: WalletChainType
  connectorType: ConnectorType
  walletClientType: string
  branding: WalletBranding
  /** The wallet is present in this browser (an extension), as opposed to reachable through an SDK or link. */
  installed: boolean
  /**
   * A modal screen to open instead of connecting (an install page for a wallet that is not in this
   * browser). The list navigates there rather than calling `load()`.
   */
  screen?: string
  /** Builds (and for SDK wallets, imports) the connector. */
  load(): Promise<WalletConnector>
}

/** A source of connector entries: a connector plugin registers one in `setup`. */
export interface ConnectorSource {
  /** The entries offered now. */
  entries(): ConnectorEntry[]
  /** Calls back when the entries change (a wallet announced itself late); returns an unsubscribe. */
  subscribe?(onChange: () => void): () => void
  /**
   * Its wallets are connected by their plugin, never picked from the wallet list (an embedded
   * wallet, connected when the user has one): `entries()` leaves them out and they do not make the
   * landing show its wallet row; `connect(entryId)` still reaches them.
   */
  unlisted?: boolean
}

/** A connected wallet as host apps and screens see it (the spec's "Connected wallet"). */
export interface ConnectedWallet {
  /** `ethereum` or `solana`. */
  type: WalletChainType
  address: string
  /** CAIP-2 chain id (`eip155:1`, `solana:mainnet`). */
  chainId: string
  meta: { name: string; icon?: string; id: string }
  imported: boolean
  /** ms since epoch. */
  connectedAt: number
  walletClientType: string
  connectorType: ConnectorType
  isConnected: boolean
  /** The address is a linked account of the signed-in user. */
  linked: boolean
  /** The registry entry it came from. */
  entryId: string
}

/**
 * A connected wallet as `useWallets()` gives it to host apps: its state, plus what a host does with it.
 * The methods act on the wallet as it is when they are called (they look it up by address).
 */
export interface WalletHandle extends ConnectedWallet {
  /**
   * The wallet's provider: an EIP-1193 provider for an Ethereum wallet, the Wallet Standard wallet (or
   * the embedded Solana wallet) for a Solana one. Rejects `wallet_not_connected` once it is gone.
   */
  getProvider(): Promise<unknown>
  /**
   * The EIP-1193 provider of an Ethereum wallet; it works as a viem `custom()` transport. Rejects
   * `wallet_unsupported_method` for a Solana wallet, `wallet_not_connected` once it is gone.
   */
  getEthereumProvider(): Promise<Eip1193Provider>
  /** Moves an Ethereum wallet to one of the app's chains (`eip155:8453`, or the number). */
  switchChain(chainId: string | number): Promise<void>
  /** Disconnects this wallet (an embedded wallet is listed again on the next session change). */
  disconnect(): Promise<void>
}

/** One entry of the stored connection history (`privy:connections`), newest first. */
export interface ConnectionHistoryEntry {
  address: string
  connectorType: ConnectorType
  walletClientType: string
  /** ms since epoch. */
  connectedAt: number
}

/**
 * How wallets of one chain type sign in and link: the SIWE plugin registers the `ethereum` one, the
 * SIWS plugin the `solana` one. The registry calls it after a connection when the flow signs in.
 */
export interface WalletAuthenticator {
  chainType: WalletChainType
  /** Signs in with the wallet (init, build the message, sign, authenticate). */
  authenticate(wallet: ConnectedWallet, connector: WalletConnector, options: { mode: LoginMode }): Promise<AuthenticatedUser>
  /** Links the wallet to the signed-in user; answers the User. */
  link(wallet: ConnectedWallet, connector: WalletConnector): Promise<User>
  /**
   * Moves the wallet from the user who owns it to the signed-in one, with the nonce of an
   * `account_transfer_required` link answer. Without it, such a link is a plain error.
   */
  transfer?(wallet: ConnectedWallet, connector: WalletConnector, nonce: string): Promise<unknown>
}

/** The wallet registry as plugins and screens see it (`walletsOf(ctx)`). */
export interface WalletRegistry {
  /** Adds a connector source; returns a remover. */
  addSource(source: ConnectorSource): () => void
  /** Registers the sign-in of a chain type; returns a remover. */
  addAuthenticator(authenticator: WalletAuthenticator): () => void
  /** Entries to list, deduplicated (an installed wallet hides a table entry with the same wallet id). */
  entries(): ConnectorEntry[]
  /** Whether some plugin can sign wallets of this chain type in. */
  canAuthenticate(chainType: WalletChainType): boolean
  /**
   * Whether any listed connector source is registered (some connector plugin is in use), even when
   * it offers no wallet right now: the landing shows its wallet row only then.
   */
  hasSources(): boolean
  /**
   * Connects an entry: loads its connector, asks for access, retries reading accounts and chain
   * (10 tries, 500 ms apart), records the connection (state and history) and follows its events.
   * @returns the wallet of the active account.
   */
  connect(entryId: string, options?: { chainId?: string; signal?: AbortSignal }): Promise<ConnectedWallet>
  /** Disconnects one wallet (by address) or all. */
  disconnect(address?: string): Promise<void>
  /** The connector behind a connected wallet. */
  connectorOf(address: string): WalletConnector | undefined
  /**
   * Switches a connected Ethereum wallet to a chain. Rejects with 'Unsupported chainId: {id}' when the chain
   * is not one the app supports.
   */
  switchChain(address: string, chainId: string): Promise<void>
  /** The stored connection history, newest first. */
  history(): ConnectionHistoryEntry[]
}

/** Error codes the wallet layer raises (client-side, on `PorticoError.code`). */
export const WALLET_ERROR_CODES = {
  /** The user rejected the request in the wallet (EIP-1193 4001). */
  rejected: 'wallet_user_rejected',
  /** The wallet did not answer in time. */
  timeout: 'wallet_request_timeout',
  /** The request was aborted (modal closed, flow left). */
  aborted: 'wallet_request_aborted',
  /** 'Wallet is not currently connected.' */
  notConnected: 'wallet_not_connected',
  /** 'Unsupported chainId: {id}' */
  unsupportedChain: 'wallet_unsupported_chain',
  /** 4200 'Invalid params' / unsupported method. */
  unsupportedMethod: 'wallet_unsupported_method',
  /** 4900 'Disconnected'. */
  disconnected: 'wallet_disconnected',
  /** 'Unable to retrieve accounts' / 'Unable to retrieve address' / 'Unable to determine current chainId.' */
  unavailable: 'wallet_unavailable',
  /** A request of the same kind already waits for the user in the wallet (JSON-RPC -32002). */
  pending: 'wallet_request_pending',
  /** Anything else from the wallet: 'Unable to connect wallet'. */
  failed: 'wallet_connection_failed',
} as const

/** One of {@link WALLET_ERROR_CODES}. */
export type WalletErrorCode = (typeof WALLET_ERROR_CODES)[keyof typeof WALLET_ERROR_CODES]
