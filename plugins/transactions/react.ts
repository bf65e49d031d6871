/**
 * The React side of the transactions plugin: sending a transaction from the user's embedded wallet
 * with the host's texts on its review.
 * @module
 */
import { useCallback } from 'react'
import { useKernel } from '../../ui/context'
import { PorticoError } from '../../kernel/errors'
import { embeddedWalletsOf, type TransactionUiOptions } from '../embedded-wallets'

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
