/**
 * The screens around an Ethereum transaction: the review a plugin registered (`transactionReview`),
 * which sends the transaction on approval and goes on to its receipt or error screen. Loaded with
 * the first transaction, so a page that never sends one does not download it.
 * @internal
 * @module
 */
import type { PluginContext } from '../../kernel/plugin'
import type { PreparedTransaction } from './provider'
import { embeddedWalletHooks, type EmbeddedWalletInfo, type PriceDisplay, type TransactionReviewParams } from './service'
import { rejected } from './steps'

/**
 * The app's `embedded_wallet_config` settings of the transaction screens: `extended_calldata_decoding`
 * and `price_display.primary` (native amounts first unless it says `fiat-currency`).
 * @param ctx - the plugin's context.
 * @returns the settings.
 */
export function transactionDisplay(ctx: Pick<PluginContext, 'config'>): TransactionDisplaySettings {
  type Server = { embedded_wallet_config?: { extended_calldata_decoding?: unknown; price_display?: { primary?: unknown } } }
  const config = (ctx.config() as { server?: Server } | null)?.server?.embedded_wallet_config
  return {
    extendedCalldataDecoding: config?.extended_calldata_decoding === true,
    priceDisplay: config?.price_display?.primary === 'fiat-currency' ? 'fiat-currency' : 'native-token',
  }
}

/** The app's `embedded_wallet_config` settings the transaction screens read. */
export interface TransactionDisplaySettings {
  /** Decode NFT calls too (`extended_calldata_decoding`). */
  extendedCalldataDecoding: boolean
  /** Which figure comes first: the dollar value or the native amount (`price_display.primary`). */
  priceDisplay: PriceDisplay
}

/**
 * Shows a transaction on the review screen a plugin registered (`transactionReview`), if any; the
 * screens send it when the user approves (the transaction's `submit`), then show its receipt, or
 * the error screen with 'Retry transaction'.
 * @param ctx - the plugin's context.
 * @param wallet - the signing wallet.
 * @param prepared - the transaction as it will be signed.
 * @param settings - the app's display settings.
 * @returns the hash of the first transaction the chain accepted (the receipt screen stays to wait
 *   for it to be mined); sent at once when no plugin reviews transactions. Rejects with a 4001
 *   `ProviderRpcError` when the user declines or closes the review, or with the send's error when
 *   they leave the error screen without a successful retry.
 */
export async function reviewTransaction(ctx: PluginContext, wallet: EmbeddedWalletInfo, prepared: PreparedTransaction, settings: TransactionDisplaySettings): Promise<string> {
  const screen = embeddedWalletHooks(ctx).transactionReview.call()
  if (!screen) return prepared.submit()
  const chain = ctx.config()?.supportedChains?.find((c) => c.id === `eip155:${prepared.chainId}`)
  return new Promise<string>((resolve, reject) => {
    let hash: string | null = null
    let failure: unknown = null
    let sending: Promise<unknown> = Promise.resolve()
    const submit = async (options?: { freshNonce?: boolean }) => {
      const attempt = prepared.submit(options)
      sending = attempt.catch(() => undefined)
      try {
        const sent = await attempt
        // The host learns the hash as soon as it exists; the screens go on to the receipt.
        if (hash === null) resolve((hash = sent))
        return sent
      } catch (err) {
        failure = err
        throw err
      }
    }
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
      ...(prepared.items ? { items: prepared.items } : {}),
      preparationFailed: prepared.preparationFailed,
      extendedCalldataDecoding: settings.extendedCalldataDecoding,
      priceDisplay: settings.priceDisplay,
      ...(prepared.ui ? { ui: prepared.ui } : {}),
      submit,
    }
    // A modal closed while a send is under way answers what the send answers: the transaction may be out.
    const left = (err: unknown) =>
      void sending.then(() => {
        if (hash === null) reject(failure ?? err)
      })
    ctx.step({ screen, params, cancelError: rejected }).then(() => left(rejected()), left)
  })
}
