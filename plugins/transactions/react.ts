/**
 * The React side of the transactions plugin: sending a transaction from the user's embedded wallet
 * with the host's texts on its review.
 * @module
 */
import { useCallback } from 'react'
import { useKernel } from '../../ui/context'
import { PorticoError } from '../../kernel/errors'
import type { Transaction } from '@solana/kit'
import { embeddedWalletsOf, type SolanaTransactionUiOptions, type TransactionUiOptions } from '../embedded-wallets'

/** Options of `sendTransaction(...)` from {@link useSendTransaction}. */
export interface SendTransactionOptions {
  /** The sending embedded wallet. @defaultValue the user's first Ethereum wallet */
  address?: string
  /** The review's title, description, button text and contract image. */
  uiOptions?: TransactionUiOptions
}

/**
 * Sends a transaction from the user's embedded Ethereum wallet: the review shows it first (with the
 * transactions plugin, unless the app turned wallet UIs off), then the wallet signs and sends it, and
 * the receipt follows. A list of transactions is a multi-item request: the review steps through them
 * and the last one's Approve sends them in order, each once the one before is mined.
 * @returns `{ sendTransaction(request, options?) }`, resolving `{ hash, hashes }` as soon as the (last)
 *   transaction is sent, before it is mined (`hashes` lists every item's); rejects with 4001 when the
 *   user declines, `wallet_not_found` when the user has no such wallet.
 * @example
 * ```tsx
 * import { useSendTransaction } from 'portico/plugins/transactions'
 * const { sendTransaction } = useSendTransaction()
 * const { hash } = await sendTransaction({ to: '0x…', value: 10n ** 15n }, { uiOptions: { buttonText: 'Send' } })
 * ```
 */
export function useSendTransaction(): {
  sendTransaction(request: Record<string, unknown> | readonly Record<string, unknown>[], options?: SendTransactionOptions): Promise<{ hash: string; hashes: string[] }>
} {
  const kernel = useKernel()
  const sendTransaction = useCallback(
    async (request: Record<string, unknown> | readonly Record<string, unknown>[], options: SendTransactionOptions = {}) => {
      if (kernel.state.session.status !== 'authenticated') {
        throw new PorticoError('Log in before sending a transaction', { code: 'must_be_authenticated' })
      }
      const provider = embeddedWalletsOf(kernel).getEthereumProvider(options.address)
      const ui = options.uiOptions ? { uiOptions: options.uiOptions } : {}
      const hashes = Array.isArray(request) ? await provider.sendTransaction(request as readonly Record<string, unknown>[], ui) : [await provider.sendTransaction(request as Record<string, unknown>, ui)]
      return { hash: hashes[hashes.length - 1]!, hashes }
    },
    [kernel],
  )
  return { sendTransaction }
}

/** Options of `sendTransaction(...)` from {@link useSendSolanaTransaction}. */
export interface SendSolanaTransactionOptions {
  /** The sending embedded Solana wallet. @defaultValue the user's first Solana wallet */
  address?: string
  /** The Solana JSON-RPC URL to send to. @defaultValue the app's Solana chain's RPC URL */
  rpcUrl?: string
  /** The review's title, description, button text and contract image; the receipt's header and description. */
  uiOptions?: SolanaTransactionUiOptions
}

/**
 * Sends a Solana transaction from the user's embedded Solana wallet: with the transactions plugin
 * (unless the app turned wallet UIs off) the user reviews it, approves, and sees its confirmation and
 * receipt, or its error with 'Retry transaction'; then the wallet's signature comes back.
 * @returns `{ sendTransaction(transaction, options?) }` over a kit `Transaction` or its wire bytes,
 *   resolving `{ signature }`; rejects with 4001 when the user declines, `wallet_not_found` when the
 *   user has no such wallet, `invalid_request` 'Transaction does not contain public key' when the
 *   wallet is not one of its signers, `solana_rpc_error` when the cluster refused it and the user left.
 * @example
 * ```tsx
 * import { useSendSolanaTransaction } from 'portico/plugins/transactions'
 * const { sendTransaction } = useSendSolanaTransaction()
 * const { signature } = await sendTransaction(compileTransaction(message), { uiOptions: { successHeader: 'Sent!' } })
 * ```
 */
export function useSendSolanaTransaction(): {
  sendTransaction(transaction: Transaction | Uint8Array, options?: SendSolanaTransactionOptions): Promise<{ signature: string }>
} {
  const kernel = useKernel()
  const sendTransaction = useCallback(
    async (transaction: Transaction | Uint8Array, options: SendSolanaTransactionOptions = {}) => {
      if (kernel.state.session.status !== 'authenticated') {
        throw new PorticoError('Log in before sending a transaction', { code: 'must_be_authenticated' })
      }
      const wallet = embeddedWalletsOf(kernel).getSolanaWallet(options.address)
      const signature = await wallet.signAndSendTransaction(transaction, {
        ...(options.rpcUrl ? { rpcUrl: options.rpcUrl } : {}),
        ...(options.uiOptions ? { uiOptions: options.uiOptions } : {}),
      })
      return { signature }
    },
    [kernel],
  )
  return { sendTransaction }
}
