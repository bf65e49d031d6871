/**
 * 'Bridge from another network' (`funding-bridge/quotes`): opened by a funding method with the
 * paying wallet (`from`) and the chain its funds are on (`origin`, CAIP-2). Asks the bridge quote
 * service, shows the quotes (amount received, fees, time; the user picks one when there are
 * several), executes the chosen quote's steps with the wallet, waits for the funds on the
 * destination chain, success. Errors show the spec's texts with 'Try again' and 'Choose another method'.
 * With `pay` (the other asset, on the request's own chain) it is a swap: the service's swap call,
 * its steps executed the same way, and the wait for the requested asset.
 * @module
 */
import { useEffect, useRef, useState } from 'react'
import { useScreen } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { ErrorText } from '../../../ui/components/ErrorText'
import { porticoRecipes as r } from '../../../ui/styles'
import { formatDecimal, formatUsd } from '../../../ui/format'
import { assetSymbol, findFunding, fromUnits, FundingFailed, FundingProgress, fundingChainId, fundingRpcUrl, readBalance, useFundingFlow, USDC_DECIMALS } from '../../funding'
import { walletsOf } from '../../wallets'
import { findBridge } from '../index'
import { askBridgeQuotes, askSwapQuotes, executeBridgeQuote, isSwap, selectBridgeQuote, type BridgeQuote } from '../quotes'
import { fundingQuoteRequest, waitForBridgedFunds, walletBridgeSender } from '../execute'

type Step =
  | { at: 'loading' }
  | { at: 'quotes'; quotes: BridgeQuote[]; picked: number | undefined }
  | { at: 'confirm' }
  | { at: 'awaiting' }
  | { at: 'success' }
  | { at: 'failed'; error: string }

/**
 * The bridge screen.
 * @returns the screen.
 * @example
 * ```ts
 * import { BRIDGE_QUOTES_SCREEN } from 'portico/plugins/funding-bridge'
 * ctx.navigate(BRIDGE_QUOTES_SCREEN, { from: '0xabc…', origin: 'eip155:8453' })
 * ```
 */
export default function Quotes() {
  const { ctx, params } = useScreen()
  const t = ctx.t
  const flow = useFundingFlow()
  const [step, setStep] = useState<Step>({ at: 'loading' })
  const live = useRef(new AbortController())

  const from = typeof params.from === 'string' ? params.from : ''
  const origin = typeof params.origin === 'string' ? params.origin : ''
  const pay = params.pay === 'USDC' || params.pay === 'native-currency' ? params.pay : undefined
  const request = flow?.request ?? null
  const chains = ctx.config()?.supportedChains ?? []
  const core = findFunding(ctx)
  const usdcAddress = (chainId: string) => core?.usdcAddress(chainId) ?? null
  const testnet = chains.find((c) => c.id === origin)?.testnet === true
  const quoteRequest = request && from && origin ? fundingQuoteRequest(request, from, origin, { usdcAddress, ...(pay ? { pay } : {}), testnet }) : null
  const swap = quoteRequest !== null && isSwap(quoteRequest)
  const url = request ? fundingRpcUrl(request, ctx.config()) : null
  const service = findBridge(ctx)
  const usdc = request?.asset === 'USDC'
  // The USDC awaited: the chain's contract, or on Solana the cluster's mint.
  const token = usdc && request ? usdcAddress(fundingChainId(request)) : null
  const decimals = usdc ? USDC_DECIMALS : (request?.chain?.nativeCurrency.decimals ?? 9)

  const fail = (e: unknown) => {
    if (!live.current.signal.aborted) setStep({ at: 'failed', error: ctx.resolveError(e).message })
  }
  const load = () => {
    if (!service || !quoteRequest) return
    setStep({ at: 'loading' })
    const ask = swap ? askSwapQuotes : askBridgeQuotes
    ask(service, quoteRequest).then((quotes) => {
      if (!live.current.signal.aborted) setStep({ at: 'quotes', quotes, picked: quotes.length === 1 ? 0 : undefined })
    }, fail)
  }
  // Asked once when shown ('Try again' asks again); leaving the screen stops what runs.
  useEffect(() => {
    live.current = new AbortController()
    load()
    return () => live.current.abort()
  }, [])

  if (!flow || !request || !quoteRequest || !url || !service) {
    return (
      <Screen title={t('BRIDGE_TITLE')} icon="error">
        <ErrorText center>{t('FUNDING_NO_FLOW')}</ErrorText>
      </Screen>
    )
  }
  const symbol = assetSymbol(request) ?? ''
  const amount = request.amount ?? ''
  const network = request.chain?.name ?? `Solana ${request.cluster?.name ?? ''}`.trim()
  const originName = chains.find((c) => c.id === origin)?.name ?? origin
  const paid = pay === 'USDC' ? 'USDC' : (chains.find((c) => c.id === origin)?.nativeCurrency.symbol ?? '')

  const run = async (quotes: BridgeQuote[], picked: number | undefined) => {
    const signal = live.current.signal
    try {
      const quote = selectBridgeQuote(quotes, picked)
      const before = await readBalance(url, request.chainType, request.address, token, signal)
      setStep({ at: 'confirm' })
      const sender = walletBridgeSender({ registry: walletsOf(ctx), chains, sleep: ctx.sleep, signal }, from, quoteRequest.origin.type === 'solana' ? quoteRequest.origin.cluster : undefined)
      const hashes = await executeBridgeQuote(quote, sender)
      if (signal.aborted) return
      setStep({ at: 'awaiting' })
      await waitForBridgedFunds(ctx.sleep, url, request, before, BigInt(quoteRequest.amount), signal, token)
      if (signal.aborted) return
      setStep({ at: 'success' })
      flow.complete({ status: 'completed', details: { [swap ? 'swap' : 'bridge']: quote.provider, hashes, from } })
    } catch (e) {
      fail(e)
    }
  }

  if (step.at === 'success') {
    return <Screen icon="success" title={t('BRIDGE_SUCCESS_TITLE')} subtitle={t('BRIDGE_SUCCESS_SUBTITLE', { amount, symbol })} />
  }
  if (step.at === 'loading') return <FundingProgress title={swap ? t('BRIDGE_SWAP_TITLE', { symbol }) : t('BRIDGE_TITLE')} subtitle={swap ? t('BRIDGE_SWAP_LOADING') : t('BRIDGE_LOADING')} />
  if (step.at === 'confirm') return <FundingProgress title={t('BRIDGE_CONFIRM_TITLE')} subtitle={swap ? t('BRIDGE_SWAP_CONFIRM_SUBTITLE', { network }) : t('BRIDGE_CONFIRM_SUBTITLE', { network: originName })} />
  if (step.at === 'awaiting') return <FundingProgress title={swap ? t('BRIDGE_SWAP_AWAITING_TITLE') : t('BRIDGE_AWAITING_TITLE')} subtitle={t('BRIDGE_AWAITING_SUBTITLE', { network })} />
  if (step.at === 'failed') {
    return <FundingFailed title={swap ? t('BRIDGE_SWAP_FAILED_TITLE') : t('BRIDGE_FAILED_TITLE')} error={step.error} retryLabel={t('BRIDGE_RETRY')} onRetry={load} otherLabel={t('BRIDGE_OTHER_METHOD')} onOther={() => flow.showMethods()} />
  }
  const { quotes, picked } = step
  return (
    <Screen
      title={swap ? t('BRIDGE_SWAP_TITLE', { symbol }) : t('BRIDGE_TITLE')}
      subtitle={swap ? t('BRIDGE_SWAP_SUBTITLE', { paid, network, amount, symbol }) : t('BRIDGE_SUBTITLE', { origin: originName, amount, symbol, network })}
      footer={
        <Button disabled={picked === undefined} onClick={() => void run(quotes, picked)}>
          {swap ? t('BRIDGE_SWAP_CONTINUE') : t('BRIDGE_CONTINUE')}
        </Button>
      }
    >
      <ul aria-label={swap ? t('BRIDGE_SWAP_QUOTES_LABEL') : t('BRIDGE_QUOTES_LABEL')} className={r.list}>
        {quotes.map((quote, i) => (
          <li key={`${quote.provider}-${i}`}>
            <button type="button" className={r.tile} aria-pressed={picked === i} onClick={() => setStep({ at: 'quotes', quotes, picked: i })}>
              <span style={{ flex: 1, display: 'grid', gap: 2, textAlign: 'start' }}>
                <span className={r.truncate}>{t('BRIDGE_RECEIVE', { amount: quote.amountOut ? formatDecimal(fromUnits(BigInt(quote.amountOut), decimals), ctx.locale()) : formatDecimal(amount, ctx.locale()), symbol })}</span>
                <span className={r.muted} style={{ fontWeight: 400 }}>
                  {[quote.feesUsd !== undefined ? t('BRIDGE_FEES', { fees: formatUsd(quote.feesUsd, ctx.locale()) }) : null, quote.timeEstimate !== undefined ? t('BRIDGE_TIME', { seconds: quote.timeEstimate }) : null, quote.provider]
                    .filter(Boolean)
                    .join(' · ')}
                </span>
              </span>
              {picked === i ? <span className={r.badge}>{t('BRIDGE_PICKED')}</span> : null}
            </button>
          </li>
        ))}
      </ul>
    </Screen>
  )
}
