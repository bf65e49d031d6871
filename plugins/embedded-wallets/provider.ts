/**
 * The embedded Ethereum wallet as an EIP-1193 provider: accounts and chain answered here, signing
 * sent to the wallet frame (after the sign-request screen when the app shows wallet UIs), every other
 * call sent to the current chain's JSON-RPC endpoint. It works as a viem `custom()` transport. What
 * answers the requests (`./provider-requests`) loads on the first request.
 * @module
 */
import { PorticoError } from '../../kernel/errors'
import type { FrameRpcRequest } from '../../protocols/wallet-frame'
import type { EmbeddedWalletInfo } from './service'
import { loadOnce } from '../../kernel/load-once'

/** A chain the provider can move to. */
export interface ProviderChain {
  /** Numeric chain id. */
  id: number
  /** JSON-RPC URL for reads and sends. */
  rpcUrl: string
}

/** What the provider needs. */
export interface EmbeddedProviderDeps {
  wallet: EmbeddedWalletInfo
  chains: readonly ProviderChain[]
  /** The chain to start on. */
  chainId: number
  /** Signs in the frame. */
  sign(request: FrameRpcRequest): Promise<string>
  /** Asks the user (the sign-request screen); rejects when they decline. Absent: no screen. */
  confirm?(request: FrameRpcRequest): Promise<void>
  /**
   * Shows a transaction before it is signed (the review screen), whose approval calls the
   * transaction's `submit`. Resolves with the hash of the first transaction the chain accepted;
   * rejects when the user declines (4001) or leaves after a failed send (that failure). Absent: the
   * transaction is sent without a review.
   */
  review?(transaction: PreparedTransaction): Promise<string>
}

/** The host's texts for a transaction's review (spec 02 §2's transaction info options). */
export interface TransactionUiOptions {
  /** Replaces the review's title. */
  title?: string
  /** Replaces the review's description. */
  description?: string
  /** Replaces the Approve button's text. */
  buttonText?: string
  /** Replaces the receipt's title once the transaction is confirmed. */
  successHeader?: string
  /** Replaces the receipt's description once the transaction is confirmed. */
  successDescription?: string
  /** The contract's image, shown at the top of the review. */
  contractInfo?: { imgUrl?: string; imgAltText?: string }
}

/** A transaction ready to sign, as the review sees it. */
export interface PreparedTransaction {
  /** The chain it is for. */
  chainId: number
  /** Its fields in hex (`to`, `value`, `data`, `nonce`, `gas`, fees); the last item of a multi-item request. */
  transaction: Record<string, string | undefined>
  /**
   * The items before it, of a multi-item request: reviewed one by one, then sent in order, each once
   * the one before is mined. A later item's gas may be unknown until then.
   */
  items?: Record<string, string | undefined>[]
  /** Nonce, gas or fees could not be read from the chain. */
  preparationFailed: boolean
  /** The host's texts for the review. */
  ui?: TransactionUiOptions
  /**
   * Signs and sends the transaction; resolves with its hash, rejects with the chain's or the frame's
   * error (a `ProviderRpcError`). Called again to retry: `freshNonce` reads the nonce from the chain
   * anew, for a retry after a transaction that got a hash (and so used its nonce).
   */
  submit(options?: { freshNonce?: boolean }): Promise<string>
}

/**
 * The provider's `message` event (EIP-1193) when a transaction is sent again from the error
 * screen after the chain accepted an earlier one (a revert, then 'Retry transaction'): the request
 * already resolved with `previousHash`, and `hash` is the new transaction.
 */
export interface TransactionRetriedMessage {
  type: 'portico_transaction_retried'
  data: { hash: string; previousHash: string }
}

/** The provider's events. */
export type EmbeddedProviderEvent = 'chainChanged' | 'accountsChanged' | 'message'

/** An EIP-1193 provider. */
export interface EmbeddedEthereumProvider {
  request(args: { method: string; params?: unknown }): Promise<unknown>
  /**
   * `eth_sendTransaction` with the host's texts for the review and the receipt (`uiOptions`).
   * @returns the transaction hash, as soon as the chain accepted the transaction (the receipt screen
   *   then waits for it to be mined; a revert shows the error screen).
   */
  sendTransaction(transaction: Record<string, unknown>, options?: { uiOptions?: TransactionUiOptions }): Promise<string>
  /**
   * A multi-item request: the review steps through the items (Back, Continue) and the last one's
   * Approve sends them in order, each once the one before is mined (an allowance, then the call that
   * spends it). Consecutive nonces; one chain.
   * @returns the hashes, in order, once the last item is sent.
   */
  sendTransaction(transactions: readonly Record<string, unknown>[], options?: { uiOptions?: TransactionUiOptions }): Promise<string[]>
  /** Listens to `chainChanged`, `accountsChanged`, or `message` ({@link TransactionRetriedMessage}). */
  on(event: EmbeddedProviderEvent, listener: (value: unknown) => void): void
  removeListener(event: EmbeddedProviderEvent, listener: (value: unknown) => void): void
}

/** EIP-1193 errors carry a numeric code. */
export class ProviderRpcError extends PorticoError {
  override name = 'ProviderRpcError'
  /** The EIP-1193 / JSON-RPC code (4001, 4200, 4901, -32602...). */
  readonly rpcCode: number
  /** What EIP-1193 calls the error's `data`: `{ hash }` for a transaction the chain reverted. */
  readonly data: unknown
  constructor(rpcCode: number, message: string, data?: unknown) {
    super(message, { code: `rpc_${rpcCode}` })
    this.rpcCode = rpcCode
    this.data = data
  }
}

type Listener = (value: unknown) => void

/**
 * Builds the provider of one embedded Ethereum wallet.
 * @param deps - the wallet, its chains and the frame's signer.
 * @returns an EIP-1193 provider.
 */
export function createEmbeddedEthereumProvider(deps: EmbeddedProviderDeps): EmbeddedEthereumProvider {
  const listeners = new Map<string, Set<Listener>>()
  const emit = (event: string, value: unknown) => {
    for (const l of listeners.get(event) ?? []) l(value)
  }
  // A page that only lists the wallet never downloads the request handling.
  const requests = loadOnce(() => import('./provider-requests').then((m) => m.providerRequests(deps, emit)))
  return {
    request: async (args) => (await requests()).request(args),
    sendTransaction: (async (transaction: unknown, options: { uiOptions?: TransactionUiOptions } = {}) =>
      (await requests()).send(transaction, options.uiOptions)) as EmbeddedEthereumProvider['sendTransaction'],
    on(event, listener) {
      let set = listeners.get(event)
      if (!set) listeners.set(event, (set = new Set()))
      set.add(listener)
    },
    removeListener(event, listener) {
      listeners.get(event)?.delete(listener)
    },
  }
}
