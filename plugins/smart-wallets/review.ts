/**
 * A smart account's user operation on the transaction screens: the review a plugin registered for
 * Ethereum transactions (`transactionReview`, the transactions plugin's), fed with the operation's
 * calls (a batch as its items), the smart account as the wallet and, when a paymaster pays, the fee
 * marked sponsored; Approve sends the user operation, and its failures a user can act on reach the
 * error screen in the app's language, with 'Retry transaction'. Loaded with the account code.
 * @module
 */
import { decodeEventLog, parseAbi, toHex, type Hex } from 'viem'
import type { PluginContext } from '../../kernel/plugin'
import { PorticoError } from '../../kernel/errors'
import { embeddedWalletHooks, ProviderRpcError, USER_REJECTED_MESSAGE, type PriceDisplay, type TransactionReviewParams } from '../embedded-wallets'
import { UserOperationError, type SentUserOperation, type SmartWallet, type SmartWalletCall } from './account'
import { SMART_WALLET_ERROR_CODES, type SmartWalletNetwork } from './config'
import type { SmartWalletMessageKey } from './messages/en'

/**
 * The review's params of a user operation: the transaction review's, with the operation's one fee,
 * whether a paymaster pays it, and what the account paid.
 */
export interface UserOperationReviewParams extends TransactionReviewParams {
  /**
   * The operation's maximum fee (its gas limits at its fee per gas, hex wei), for all its calls: '0x0'
   * when sponsored, null when the bundler could not estimate it.
   */
  operationFee: string | null
  /** The app's paymaster pays the fee: the review and the receipt show it as sponsored. */
  sponsored: boolean
  /**
   * What the account paid, read from the mined bundle's receipt: the `actualGasCost` of the sent
   * operation's `UserOperationEvent` (the bundle transaction's own gas is the bundler's); null when the
   * receipt has no such event.
   */
  feePaid(receipt: { logs?: readonly { topics: readonly string[]; data: string }[] }): bigint | null
}

/** The EntryPoint's event for an executed user operation (the same in v0.6 and v0.7). */
const USER_OPERATION_EVENT = parseAbi([
  'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
])

/** The `actualGasCost` of the operation's event among a receipt's logs. */
function actualGasCost(logs: readonly { topics: readonly string[]; data: string }[], userOperationHash: string): bigint | null {
  for (const log of logs) {
    try {
      const event = decodeEventLog({ abi: USER_OPERATION_EVENT, data: log.data as Hex, topics: log.topics as [Hex, ...Hex[]] })
      if (event.args.userOpHash.toLowerCase() === userOperationHash.toLowerCase()) return event.args.actualGasCost
    } catch {
      // another event
    }
  }
  return null
}

/** The failure in the app's language, with its code (what the error screen shows). */
function translated(ctx: PluginContext, err: unknown): unknown {
  if (!(err instanceof UserOperationError)) return err
  const key: SmartWalletMessageKey =
    err.code === SMART_WALLET_ERROR_CODES.paymasterRefused
      ? 'SMART_WALLETS_PAYMASTER_REFUSED'
      : err.code === SMART_WALLET_ERROR_CODES.bundlerUnreachable
        ? 'SMART_WALLETS_BUNDLER_UNREACHABLE'
        : err.reason
          ? 'SMART_WALLETS_REVERTED_REASON'
          : 'SMART_WALLETS_REVERTED'
  return new PorticoError(ctx.t(key, err.reason ? { reason: err.reason } : undefined), { code: err.code, cause: err })
}

/** The app's display settings of the transaction screens (`embedded_wallet_config`). */
function display(ctx: PluginContext): { extendedCalldataDecoding: boolean; priceDisplay: PriceDisplay } {
  type Server = { embedded_wallet_config?: { extended_calldata_decoding?: unknown; price_display?: { primary?: unknown } } }
  const config = (ctx.config() as { server?: Server } | null)?.server?.embedded_wallet_config
  return {
    extendedCalldataDecoding: config?.extended_calldata_decoding === true,
    priceDisplay: config?.price_display?.primary === 'fiat-currency' ? 'fiat-currency' : 'native-token',
  }
}

/**
 * The review screen's id when the app shows wallet UIs and a plugin reviews transactions, else null
 * (the user operation is then sent as asked).
 * @param ctx - the smart-wallet plugin's context.
 * @returns the screen id, or null.
 */
export function reviewScreen(ctx: PluginContext): string | null {
  const showWalletUis = (ctx.config()?.server as { show_wallet_uis?: unknown } | undefined)?.show_wallet_uis !== false
  return showWalletUis ? (embeddedWalletHooks(ctx).transactionReview.call() ?? null) : null
}

/**
 * Shows a user operation on the review screen and sends it when the user approves. An operation the
 * account pays is estimated through the bundler first: the review shows its maximum fee (its gas
 * limits at its fee per gas) once for all its calls, or the preparation warning when the estimate
 * fails; a sponsored one shows 'Sponsored'.
 * @param ctx - the smart-wallet plugin's context.
 * @param screen - the review screen ({@link reviewScreen}).
 * @param wallet - the smart account.
 * @param network - its chain's settings.
 * @param calls - the operation's calls.
 * @returns the first sent operation (the receipt screen stays open for the user). Rejects with a 4001
 *   `ProviderRpcError` when the user declines or closes the review, or with the send's error when they
 *   leave the error screen without a successful retry.
 */
export async function reviewUserOperation(
  ctx: PluginContext,
  screen: string,
  wallet: SmartWallet,
  network: SmartWalletNetwork,
  calls: readonly SmartWalletCall[],
): Promise<SentUserOperation> {
  const chain = ctx.config()?.supportedChains?.find((c) => c.id === `eip155:${network.chainId}`)
  const hexCall = (c: SmartWalletCall) => ({ to: c.to, value: toHex(c.value ?? 0n), data: c.data ?? '0x' })
  // One fee for the operation, whatever its number of calls: its gas limits at its maxFeePerGas.
  const estimate = wallet.sponsored ? null : await wallet.estimateFee(calls).catch(() => undefined)
  const operationFee = wallet.sponsored ? '0x0' : estimate ? toHex(estimate.gas * estimate.maxFeePerGas) : null
  return new Promise<SentUserOperation>((resolve, reject) => {
    let sent: SentUserOperation | null = null
    // The operation of the latest attempt, whose receipt the receipt screen shows.
    let latest: SentUserOperation | null = null
    let failure: unknown = null
    let sending: Promise<unknown> = Promise.resolve()
    const submit = async () => {
      const attempt = wallet.sendTransaction(calls)
      sending = attempt.catch(() => undefined)
      try {
        const done = await attempt
        latest = done
        if (sent === null) resolve((sent = done))
        return done.transactionHash
      } catch (err) {
        failure = err
        throw translated(ctx, err)
      }
    }
    const params: UserOperationReviewParams = {
      address: wallet.address,
      chainId: network.chainId,
      chain: {
        name: chain?.name ?? network.chainName ?? `Chain ${network.chainId}`,
        symbol: chain?.nativeCurrency.symbol ?? 'ETH',
        decimals: chain?.nativeCurrency.decimals ?? 18,
        rpcUrl: chain?.rpcUrls[0] ?? network.rpcUrl,
        ...(chain?.blockExplorerUrls?.[0] ? { blockExplorerUrl: chain.blockExplorerUrls[0] } : {}),
      },
      transaction: hexCall(calls[calls.length - 1]!),
      ...(calls.length > 1 ? { items: calls.slice(0, -1).map(hexCall) } : {}),
      operationFee,
      preparationFailed: estimate === undefined,
      ...display(ctx),
      sponsored: wallet.sponsored,
      feePaid: (receipt) => (latest ? actualGasCost(receipt.logs ?? [], latest.userOperationHash) : null),
      submit,
    }
    const rejected = () => new ProviderRpcError(4001, USER_REJECTED_MESSAGE)
    // A modal closed while a send is under way answers what the send answers.
    const left = (err: unknown) =>
      void sending.then(() => {
        if (sent === null) reject(failure ?? err)
      })
    ctx.step({ screen, params, cancelError: rejected }).then(() => left(rejected()), left)
  })
}
