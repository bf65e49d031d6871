/**
 * `promptFundingOnWalletCreation`: the method selection opens for a wallet the embedded wallet plugin
 * has just created for the user, when the app's funding configuration says so and no funding flow is
 * open (one open stays as it is).
 * @module
 */
import type { PluginContext } from '../../kernel/plugin'
import { PorticoError } from '../../kernel/errors'
import type { FundingCore } from './core'

/** A created wallet, as the embedded wallet plugin's `walletCreated` hook announces it. */
interface CreatedWallet {
  address: string
}

/**
 * Follows the embedded wallet plugin's `walletCreated` hook for a kernel. Its public entry is loaded
 * only once the app's configuration asks for the prompt, so a page that never prompts (or has no
 * embedded wallet) does not fetch it for funding's sake.
 * @param ctx - the funding plugin's context.
 * @param core - the kernel's funding core.
 * @returns the teardown (untaps the hook).
 * @example
 * ```ts
 * // In the funding plugin's setup:
 * const stopPrompting = promptOnWalletCreation(ctx, core)
 * ```
 */
export function promptOnWalletCreation(ctx: PluginContext, core: FundingCore): () => void {
  let stopped = false
  let untap: (() => void) | null = null
  // The wallets announced together (an Ethereum and a Solana wallet of one login): funding opens once,
  // for the first one a method can fund.
  let announced: CreatedWallet[] | null = null

  const prompt = () => {
    const wallets = announced ?? []
    announced = null
    if (stopped || !core.config().promptFundingOnWalletCreation) return
    // A funding flow already open (a deposit awaited, a bridge on its way) is the user's: the prompt,
    // a suggestion, does not end it as exited to open another.
    if (core.current()) return
    for (const wallet of wallets) {
      try {
        void core.fund(core.prepare(wallet.address))
        return
      } catch (e) {
        // No method for this wallet's chain: nothing to offer. Anything else is the app's setup.
        if (!(e instanceof PorticoError && e.code === 'FUNDING_NOT_ENABLED')) console.warn('Portico: could not open funding for the new wallet', e)
      }
    }
  }

  void ctx
    .ready()
    .then(async () => {
      if (stopped || !core.config().promptFundingOnWalletCreation) return
      const { embeddedWalletHooks } = await import('../embedded-wallets')
      if (stopped) return
      untap = embeddedWalletHooks(ctx).walletCreated.tap(ctx.pluginId, (wallet) => {
        if (announced) return void announced.push(wallet)
        announced = [wallet]
        // After the creation's own flow has ended: a login closes its modal right after it announces
        // the wallets it created, and the selection then opens in a modal of its own.
        queueMicrotask(prompt)
      })
    })
    .catch((e: unknown) => console.warn('Portico: could not follow wallet creation for funding', e))

  return () => {
    stopped = true
    untap?.()
  }
}
