/**
 * The steps the plugin opens around a signature: the sign request before it (spec 02 §4 "Signing"),
 * and the password recovery on a device that does not hold the wallet yet.
 * @module
 */
import type { PluginContext } from '../../kernel/plugin'
import type { FrameRpcRequest } from '../../protocols/wallet-frame'
import { ProviderRpcError, type PreparedTransaction } from './provider'
import { embeddedWalletHooks, type EmbeddedWalletInfo, type TransactionReviewParams } from './service'
import { EMBEDDED_WALLET_SCREENS, type SignRequestParams } from './screens'

/** Spec 02 §8: a declined signature. */
export const USER_REJECTED_MESSAGE = 'The user rejected the request.'

/** The UTF-8 text of base64 bytes (invalid base64 reads as empty: the frame refuses it anyway). */
function textOfBase64(b64: string): string {
  try {
    return new TextDecoder().decode(Uint8Array.from(atob(b64), (c) => c.charCodeAt(0)))
  } catch {
    return ''
  }
}

/** The step's rejection when the user leaves: 4001. */
export const rejected = () => new ProviderRpcError(4001, USER_REJECTED_MESSAGE)

/**
 * The sign request's params for a frame request, or null when the request has no sign-request
 * screen (transactions have their own screens).
 * @param wallet - the signing wallet.
 * @param request - the request as the frame receives it.
 * @returns the params.
 */
export function signRequestParams(wallet: EmbeddedWalletInfo, request: FrameRpcRequest): SignRequestParams | null {
  const [first, second] = request.params
  switch (request.method) {
    case 'personal_sign':
      return { method: 'personal_sign', message: typeof first === 'string' ? first : '', address: wallet.address }
    case 'eth_signTypedData_v4':
      return { method: 'eth_signTypedData_v4', typedData: second, address: wallet.address }
    case 'solana_signMessage':
      // The frame takes the message's bytes in base64; Solana messages are text (spec 02 §3).
      return { method: 'solana_signMessage', message: textOfBase64(String(first)), address: wallet.address }
    default:
      return null
  }
}

/**
 * Shows the sign request and waits for the user.
 * @param ctx - the plugin's context.
 * @param wallet - the signing wallet.
 * @param request - the request.
 * @returns resolves when approved; rejects with a 4001 `ProviderRpcError` when declined or closed.
 */
export async function confirmSignature(ctx: PluginContext, wallet: EmbeddedWalletInfo, request: FrameRpcRequest): Promise<void> {
  const params = signRequestParams(wallet, request)
  if (!params) return
  await ctx.step({ screen: EMBEDDED_WALLET_SCREENS.sign, params, cancelError: rejected })
}

/**
 * Asks for the recovery password and recovers the wallet on this device.
 * @param ctx - the plugin's context.
 * @returns resolves once recovered; rejects with a 4001 `ProviderRpcError` when the user leaves.
 */
export async function recoverWithPassword(ctx: PluginContext): Promise<void> {
  await ctx.step({ screen: EMBEDDED_WALLET_SCREENS.passwordRecovery, cancelError: rejected })
}

/**
 * Shows a transaction on the review screen a plugin registered (`transactionReview`), if any.
 * @param ctx - the plugin's context.
 * @param wallet - the signing wallet.
 * @param prepared - the transaction as it will be signed.
 * @param extendedCalldataDecoding - the app's setting.
 * @returns resolves when approved (or when no plugin reviews transactions); rejects with a 4001
 *   `ProviderRpcError` when declined or closed.
 */
export async function reviewTransaction(ctx: PluginContext, wallet: EmbeddedWalletInfo, prepared: PreparedTransaction, extendedCalldataDecoding: boolean): Promise<void> {
  const screen = embeddedWalletHooks(ctx).transactionReview.call()
  if (!screen) return
  const chain = ctx.config()?.supportedChains?.find((c) => c.id === `eip155:${prepared.chainId}`)
  const params: TransactionReviewParams = {
    address: wallet.address,
    chainId: prepared.chainId,
    ...(chain
      ? {
          chain: {
            name: chain.name,
            symbol: chain.nativeCurrency.symbol,
            decimals: chain.nativeCurrency.decimals,
            ...(chain.rpcUrls[0] ? { rpcUrl: chain.rpcUrls[0] } : {}),
            ...(chain.blockExplorerUrls?.[0] ? { blockExplorerUrl: chain.blockExplorerUrls[0] } : {}),
          },
        }
      : {}),
    transaction: prepared.transaction,
    preparationFailed: prepared.preparationFailed,
    extendedCalldataDecoding,
    ...(prepared.ui ? { ui: prepared.ui } : {}),
  }
  await ctx.step({ screen, params, cancelError: rejected })
}

