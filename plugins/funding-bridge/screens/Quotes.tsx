/**
 * 'Bridge from another network' (`funding-bridge/quotes`): opened by a funding method with the
 * paying wallet (`from`) and the chain its funds are on (`origin`, CAIP-2). Asks the bridge quote
 * service, shows the quotes (amount received, fees, time; the user picks one when there are
 * several), executes the chosen quote's steps with the wallet, waits for the funds on the
 * destination chain, success. Errors show the spec's texts with 'Try again' and 'Choose another method'.
 * @module
 */
import { useEffect, useRef, useState } from 'react'
import { useScreen } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { ErrorText } from '../../../ui/components/ErrorText'
import { Spinner } from '../../../ui/components/Spinner'
import { porticoRecipes as r } from '../../../ui/styles'
import { formatDecimal, formatUsd } from '../../../ui/format'
import { assetSymbol, fromUnits, fundingRpcUrl, readBalance, useFundingFlow } from '../../funding'
import { walletsOf } from '../../wallets'
import { findBridge } from '../index'
import { askBridgeQuotes, executeBridgeQuote, selectBridgeQuote, type BridgeQuote } from '../quotes'
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
  const request = flow?.request ?? null
  const quoteRequest = request && from && origin ? fundingQuoteRequest(request, from, origin) : null
  const url = request ? fundingRpcUrl(request, ctx.config()) : null
  const service = findBridge(ctx)
  const decimals = request?.chain?.nativeCurrency.decimals ?? 9

  const fail = (e: unknown) => {
    if (!live.current.signal.aborted) setStep({ at: 'failed', error: ctx.resolveError(e).message })
  }
  const load = () => {
    if (!service || !quoteRequest) return
    setStep({ at: 'loading' })
    askBridgeQuotes(service, quoteRequest).then((quotes) => {
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
  const originName = ctx.config()?.supportedChains.find((c) => c.id === origin)?.name ?? origin

  const run = async (quotes: BridgeQuote[], picked: number | undefined) => {
    const signal = live.current.signal
    try {
      const quote = selectBridgeQuote(quotes, picked)
      const before = await readBalance(url, request.chainType, request.address, null, signal)
      setStep({ at: 'confirm' })
      const sender = walletBridgeSender({ registry: walletsOf(ctx), chains: ctx.config()?.supportedChains ?? [], sleep: ctx.sleep, signal }, from, quoteRequest.origin.type === 'solana' ? quoteRequest.origin.cluster : undefined)
      const hashes = await executeBridgeQuote(quote, sender)
      if (signal.aborted) return
      setStep({ at: 'awaiting' })
      await waitForBridgedFunds(ctx.sleep, url, request, before, BigInt(quoteRequest.amount), signal)
      if (signal.aborted) return
      setStep({ at: 'success' })
      flow.complete({ status: 'completed', details: { bridge: quote.provider, hashes, from } })
    } catch (e) {
      fail(e)
    }
  }

  if (step.at === 'success') {
    return <Screen icon="success" title={t('BRIDGE_SUCCESS_TITLE')} subtitle={t('BRIDGE_SUCCESS_SUBTITLE', { amount, symbol })} />
  }
  if (step.at === 'loading' || step.at === 'confirm' || step.at === 'awaiting') {
    const title = step.at === 'loading' ? t('BRIDGE_TITLE') : step.at === 'confirm' ? t('BRIDGE_CONFIRM_TITLE') : t('BRIDGE_AWAITING_TITLE')
    const subtitle = step.at === 'loading' ? t('BRIDGE_LOADING') : step.at === 'confirm' ? t('BRIDGE_CONFIRM_SUBTITLE', { network: originName }) : t('BRIDGE_AWAITING_SUBTITLE', { network })
    return (
      <Screen title={title} subtitle={subtitle}>
        <div className={r.loading}>
          <Spinner size={28} label={subtitle} />
        </div>
      </Screen>
    )
  }
  if (step.at === 'failed') {
    return (
      <Screen
        icon="error"
        title={t('BRIDGE_FAILED_TITLE')}
        footer={
          <div className={r.stackTight}>
            <Button onClick={load}>{t('BRIDGE_RETRY')}</Button>
            <Button variant="secondary" onClick={() => flow.showMethods()}>
              {t('BRIDGE_OTHER_METHOD')}
            </Button>
          </div>
        }
      >
        <ErrorText center>{step.error}</ErrorText>
      </Screen>
    )
  }
  const { quotes, picked } = step
  return (
    <Screen
      title={t('BRIDGE_TITLE')}
      subtitle={t('BRIDGE_SUBTITLE', { origin: originName, amount, symbol, network })}
      footer={
        <Button disabled={picked === undefined} onClick={() => void run(quotes, picked)}>
          {t('BRIDGE_CONTINUE')}
        </Button>
      }
    >
      <ul aria-label={t('BRIDGE_QUOTES_LABEL')} className={r.list}>
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
