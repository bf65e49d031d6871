/**
 * The step around a Solana transaction: the screen a plugin registered (`solanaTransactionReview`),
 * which reviews it and, for a send, runs the send and its retries. Loaded with the first Solana
 * transaction, so the embedded wallet's first chunk does not carry it.
 * @internal
 * @module
 */
import type { PluginContext } from '../../kernel/plugin'
import { embeddedWalletHooks, type EmbeddedWalletInfo, type SolanaTransactionReviewParams } from './service'
import type { SolanaReviewRequest } from './solana'
import { rejected } from './steps'
import { transactionDisplay } from './transaction-steps'

/**
 * Shows a Solana transaction on the screen a plugin registered (`solanaTransactionReview`); for a
 * send, that screen runs the send and its retries. Without such a screen a send runs at once.
 * @param ctx - the plugin's context.
 * @param wallet - the signing wallet.
 * @param request - the transaction, the RPC URL, the send, the host's texts.
 * @returns resolves when the user is done (approved a signature, or left a send's receipt); rejects
 *   with a 4001 `ProviderRpcError` when they leave (the signer keeps a send that went out).
 */
export async function showSolanaTransaction(ctx: PluginContext, wallet: EmbeddedWalletInfo, request: SolanaReviewRequest): Promise<void> {
  const screen = embeddedWalletHooks(ctx).solanaTransactionReview.call()
  if (!screen) {
    if (request.send) await request.send()
    return
  }
  // The cluster is named by the app's Solana chain whose RPC URL the transaction goes to.
  const chain = ctx.config()?.supportedChains?.find((c) => c.id.startsWith('solana:') && c.rpcUrls[0] === request.rpcUrl)
  const params: SolanaTransactionReviewParams = {
    address: wallet.address,
    transaction: request.transaction,
    cluster: {
      name: chain?.name ?? 'Solana',
      ...(chain ? { id: chain.id } : {}),
      ...(request.rpcUrl ? { rpcUrl: request.rpcUrl } : {}),
      ...(chain?.blockExplorerUrls?.[0] ? { blockExplorerUrl: chain.blockExplorerUrls[0] } : {}),
    },
    priceDisplay: transactionDisplay(ctx).priceDisplay,
    ...(request.send ? { send: request.send } : {}),
    ...(request.ui ? { ui: request.ui } : {}),
  }
  await ctx.step({ screen, params, cancelError: rejected })
}
