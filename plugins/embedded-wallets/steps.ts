/**
 * The steps the plugin opens around a signature: the sign request before it (spec 02 §4 "Signing"),
 * and the password recovery on a device that does not hold the wallet yet. A transaction's screens
 * are opened by `./transaction-steps`, which loads with the first transaction.
 * @module
 */
import { base64ToBytes } from '../../kernel/base64'
import type { PluginContext } from '../../kernel/plugin'
import type { FrameRpcRequest } from '../../protocols/wallet-frame'
import { ProviderRpcError } from './provider'
import type { EmbeddedWalletInfo } from './service'
import { EMBEDDED_WALLET_SCREENS, type SignRequestParams } from './screens'

/** Spec 02 §8: a declined signature. */
export const USER_REJECTED_MESSAGE = 'The user rejected the request.'

/** The UTF-8 text of base64 bytes (invalid base64 reads as empty: the frame refuses it anyway). */
function textOfBase64(b64: string): string {
  try {
    return new TextDecoder().decode(base64ToBytes(b64))
  } catch {
    return ''
  }
}

/** The 4001 error of a declined or closed request. */
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
 * Recovers the wallet on this device from the user's cloud storage ('Recovery via OAuth').
 * @param ctx - the plugin's context.
 * @param provider - the storage the wallet is backed up to.
 * @returns resolves once recovered; rejects with a 4001 `ProviderRpcError` when the user leaves.
 */
export async function recoverWithCloud(ctx: PluginContext, provider: 'google-drive' | 'icloud'): Promise<void> {
  await ctx.step({ screen: EMBEDDED_WALLET_SCREENS.cloudRecovery, params: { provider, mode: 'recover' }, cancelError: rejected })
}

/**
 * The user's part of a recovery a `recovery_needed` failure asks for: 'Recovery via OAuth' for a
 * wallet backed up to Google Drive or iCloud (the method the failure's `data.recoveryMethod` names),
 * the password otherwise.
 * @param ctx - the plugin's context.
 * @param error - the `recovery_needed` failure.
 * @returns resolves once recovered; rejects with a 4001 `ProviderRpcError` when the user leaves.
 */
export function recoverAsNeeded(ctx: PluginContext, error: unknown): Promise<void> {
  const method = (error as { data?: { recoveryMethod?: unknown } } | null)?.data?.recoveryMethod
  return method === 'google-drive' || method === 'icloud' ? recoverWithCloud(ctx, method) : recoverWithPassword(ctx)
}
