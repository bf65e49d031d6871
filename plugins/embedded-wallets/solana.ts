/**
 * The embedded Solana wallet as hosts use it: its address, `signMessage` (a string message only,
 * spec 02 §5), `signTransaction` and `signAndSendTransaction` over `@solana/kit` transactions. The
 * key stays in the wallet frame: the page sends the message or the transaction's wire bytes there
 * and gets back a signature or the signed wire bytes. When the app shows wallet UIs, a message is
 * shown on the sign-request screen first, and a transaction on the Solana transaction screen a
 * plugin registers (`solanaTransactionReview`: the transactions plugin's review, then for a send its
 * confirmation, receipt and retry); without one, transactions are signed as asked. Sends go to the app's Solana RPC (the first
 * `solana:` chain of `supportedChains` with an RPC URL, the default chain first), or to the URL a
 * call gives.
 * @module
 */
import type { Address, Signature, Transaction } from '@solana/kit'
import type { AppConfig } from '../../kernel/config'
import type { FrameRpcRequest } from '../../protocols/wallet-frame'
import type { EmbeddedWalletInfo } from './service'
import type { TransactionUiOptions } from './provider'
import { loadOnce } from '../../kernel/load-once'

/** The host's texts for a Solana transaction's screens: the review's, and the receipt's header and description. */
export interface SolanaTransactionUiOptions extends TransactionUiOptions {
  /** Replaces the receipt's header. */
  successHeader?: string
  /** Replaces the receipt's description. */
  successDescription?: string
}

/** Options of {@link EmbeddedSolanaWallet.signTransaction}. */
export interface SolanaSignOptions {
  /** The host's texts for the review. */
  uiOptions?: SolanaTransactionUiOptions
}

/** Options of {@link EmbeddedSolanaWallet.signAndSendTransaction}. */
export interface SolanaSendOptions extends SolanaSignOptions {
  /** The Solana JSON-RPC URL to send to. @defaultValue the app's Solana chain's RPC URL */
  rpcUrl?: string
}

/** What the wallet shows the user before it signs a transaction (see {@link EmbeddedSolanaWalletDeps.review}). */
export interface SolanaReviewRequest {
  /** The transaction's wire bytes in base64, as the wallet will sign them. */
  transaction: string
  /** The RPC URL the review reads from and a send goes to, or null when the app lists none. */
  rpcUrl: string | null
  /**
   * Present for a send: signs and sends the transaction, resolving its signature (base58); the
   * screen calls it on approval, and again for a retry. Absent for `signTransaction`: approval ends
   * the review and the wallet signs.
   */
  send?: () => Promise<string>
  /** The host's texts. */
  ui?: SolanaTransactionUiOptions
}

/**
 * One of the user's embedded Solana wallets. Transactions are `@solana/kit` compiled transactions
 * (`compileTransaction(message)`) or their wire bytes, and come back in the form they were given.
 * Every method rejects with a `PorticoError`: `invalid_request` for what the wallet cannot sign
 * ('Transaction does not contain public key' when the wallet is not one of its signers),
 * `missing_or_invalid_token` once the user has signed out, the sign-request screen's 4001 when the
 * user declines, `solana_rpc_missing` or `solana_rpc_error` when a send has no RPC or is refused.
 */
export interface EmbeddedSolanaWallet {
  /** The wallet's base58 address. */
  readonly address: Address
  /**
   * Signs a text message (its UTF-8 bytes) with ed25519.
   * @param message - the message; only a string is accepted.
   * @returns the 64-byte signature.
   */
  signMessage(message: string): Promise<Uint8Array>
  /**
   * Signs a kit transaction as one of its signers; other signatures and fields are kept.
   * @param transaction - a compiled kit `Transaction`.
   * @param options - the host's texts for the review.
   * @returns the same transaction with the wallet's signature in its slot.
   */
  signTransaction<T extends Transaction>(transaction: T, options?: SolanaSignOptions): Promise<T>
  /**
   * Signs a transaction's wire bytes as one of its signers; other signatures are kept.
   * @param transaction - the wire bytes (signatures, then the message).
   * @param options - the host's texts for the review.
   * @returns the wire bytes with the wallet's signature in its slot.
   */
  signTransaction(transaction: Uint8Array, options?: SolanaSignOptions): Promise<Uint8Array>
  /**
   * Signs a transaction and sends it (`sendTransaction`, base64, with preflight). Without a
   * transaction screen it returns once the RPC has accepted it: wait for the commitment you need
   * with `getSignatureStatuses` or kit's helpers. With one (the transactions plugin), the user
   * approves it first, the screen waits for its confirmation, and it returns once the user leaves
   * the receipt; a send the RPC refuses can be retried there, and rejects with its error when the
   * user leaves instead.
   * @param transaction - a kit `Transaction`, or its wire bytes.
   * @param options - the RPC URL, over the app's; the host's texts for the screens.
   * @returns the transaction's signature (base58).
   */
  signAndSendTransaction(transaction: Transaction | Uint8Array, options?: SolanaSendOptions): Promise<Signature>
}

/** What the wallet needs of the plugin. */
export interface EmbeddedSolanaWalletDeps {
  /** The wallet, as the user's linked account says. */
  wallet: EmbeddedWalletInfo
  /** Signs in the frame: a base64 signature or signed wire transaction. */
  sign(request: FrameRpcRequest): Promise<string>
  /**
   * Asks the user (the sign-request screen) before a message is signed; rejects when they decline.
   * The request is the one signed: `params[0]` is the message's UTF-8 bytes in base64. Absent: no screen.
   */
  confirm?(request: FrameRpcRequest): Promise<void>
  /**
   * Shows a transaction before it is signed and, for a send, runs the send from its screen; resolves
   * once the user is done, rejects with 4001 when they decline before anything was sent. Absent: no screen.
   */
  review?(request: SolanaReviewRequest): Promise<void>
  /** The app's Solana RPC URL, or null. */
  rpcUrl(): string | null
  /** Whether a user is signed in. */
  authenticated(): boolean
}

/**
 * The RPC URL of the app's Solana chain: the default chain when it is a `solana:` chain with an RPC
 * URL, else the first such chain of `supportedChains`.
 * @param config - the app configuration, or null before it loads.
 * @returns the URL, or null when the app lists none.
 * @example
 * ```ts
 * solanaRpcUrl({ supportedChains: [{ id: 'solana:devnet', name: 'Devnet', rpcUrls: ['https://rpc.example'], nativeCurrency }], defaultChain: 'eip155:1' })
 * // 'https://rpc.example'
 * ```
 */
export function solanaRpcUrl(config: Pick<AppConfig, 'supportedChains' | 'defaultChain'> | null): string | null {
  const chains = (config?.supportedChains ?? []).filter((c) => c.id.startsWith('solana:') && c.rpcUrls[0])
  const chain = chains.find((c) => c.id === config?.defaultChain) ?? chains[0]
  return chain?.rpcUrls[0] ?? null
}

/**
 * Builds the wallet object of one embedded Solana wallet. Its methods load their implementation,
 * with the few `@solana/kit` functions it runs, on the first call.
 * @param deps - the wallet, the frame's signer, the screen, the RPC URL.
 * @returns the wallet.
 */
export function createEmbeddedSolanaWallet(deps: EmbeddedSolanaWalletDeps): EmbeddedSolanaWallet {
  const signer = loadOnce(() => import('./solana-signer').then((m) => m.solanaSigner(deps)))
  async function signTransaction<T extends Transaction>(transaction: T, options?: SolanaSignOptions): Promise<T>
  async function signTransaction(transaction: Uint8Array, options?: SolanaSignOptions): Promise<Uint8Array>
  async function signTransaction(transaction: Transaction | Uint8Array, options?: SolanaSignOptions): Promise<Transaction | Uint8Array> {
    return (await signer()).signTransaction(transaction, options)
  }
  return {
    address: deps.wallet.address as Address,
    signMessage: async (message) => (await signer()).signMessage(message),
    signTransaction,
    signAndSendTransaction: async (transaction, options) => (await signer()).signAndSendTransaction(transaction, options),
  }
}
