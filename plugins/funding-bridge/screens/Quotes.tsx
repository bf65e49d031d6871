/**
 * 'Bridge from another network' (`funding-bridge/quotes`): opened by a funding method with the
 * paying wallet (`from`) and the routes worth asking (`routes`: the chain its funds are on and what
 * it pays there, in order; or one route as `origin` and `pay`). Asks the bridge quote service route
 * by route and shows the first route's quotes the wallet can pay (what is paid, what is received,
 * fees, time; the user picks one when there are several), executes the chosen quote's steps with
 * the wallet, waits for the funds on the destination chain, success. Errors show the spec's texts
 * with 'Try again' and 'Choose another method'. A route on the request's own chain is a swap (the
 * service's swap call); another currency on another chain is a swap then a bridge, in one quote.
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
import { executeBridgeQuote, isSwap, selectBridgeQuote } from '../quotes'
import { waitForBridgedFunds, walletBridgeSender } from '../execute'
import { firstAffordableRoute, type FundingRoute, type RouteQuotes } from '../route'

type Step =
  | { at: 'loading' }
  | { at: 'quotes'; answer: RouteQuotes; picked: number | undefined }
  | { at: 'confirm'; answer: RouteQuotes }
  | { at: 'awaiting'; answer: RouteQuotes }
  | { at: 'success' }
  | { at: 'failed'; error: string }

const isPayment = (x: unknown): x is FundingRoute['pay'] => x === 'USDC' || x === 'native-currency'

/** The routes a screen was opened with: `routes`, or one as `origin` and `pay` (the request's asset when omitted). */
function routesOf(params: Record<string, unknown>, asset: unknown): FundingRoute[] {
  if (Array.isArray(params.routes)) {
    return (params.routes as unknown[]).filter((x): x is FundingRoute => typeof (x as FundingRoute)?.origin === 'string' && isPayment((x as FundingRoute).pay))
  }
  const pay = isPayment(params.pay) ? params.pay : isPayment(asset) ? asset : null
  return typeof params.origin === 'string' && pay ? [{ origin: params.origin, pay }] : []
}

/**
 * The bridge screen.
 * @returns the screen.
 * @example
 * ```ts
 * import { BRIDGE_QUOTES_SCREEN } from 'portico/plugins/funding-bridge'
 * ctx.navigate(BRIDGE_QUOTES_SCREEN, { from: '0xabc…', routes: [{ origin: 'eip155:8453', pay: 'native-currency' }] })
 * ```
 */
export default function Quotes() {
  const { ctx, params } = useScreen()
  const t = ctx.t
  const flow = useFundingFlow()
  const [step, setStep] = useState<Step>({ at: 'loading' })
  const live = useRef(new AbortController())

  const from = typeof params.from === 'string' ? params.from : ''
  const request = flow?.request ?? null
  const routes = routesOf(params, request?.asset)
  const chains = ctx.config()?.supportedChains ?? []
  const core = findFunding(ctx)
  const usdcAddress = (chainId: string) => core?.usdcAddress(chainId) ?? null
  const url = request ? fundingRpcUrl(request, ctx.config()) : null
  const service = findBridge(ctx)
  const usdc = request?.asset === 'USDC'
  // The USDC awaited: the chain's contract, or on Solana the cluster's mint.
  const token = usdc && request ? usdcAddress(fundingChainId(request)) : null
  const decimals = usdc ? USDC_DECIMALS : (request?.chain?.nativeCurrency.decimals ?? 9)
  // Before a route is chosen, a single route on the request's own chain is a swap.
  const onlySwap = routes.length === 1 && routes[0]!.origin === (request?.chain?.id ?? `solana:${request?.cluster?.name ?? ''}`)

  const fail = (e: unknown) => {
    if (live.current.signal.aborted) return
    const error = (e as { code?: unknown })?.code === 'FUNDING_BRIDGE_NOT_ENOUGH_FUNDS' ? t('BRIDGE_NOT_ENOUGH_FUNDS', { address: from }) : ctx.resolveError(e).message
    setStep({ at: 'failed', error })
  }
  const load = () => {
    if (!service || !request || !from || routes.length === 0) return
    setStep({ at: 'loading' })
    firstAffordableRoute(service, request, from, routes, { chains, usdcAddress, signal: live.current.signal }).then((answer) => {
      if (!live.current.signal.aborted) setStep({ at: 'quotes', answer, picked: answer.quotes.length === 1 ? 0 : undefined })
    }, fail)
  }
  // Asked once when shown ('Try again' asks again); leaving the screen stops what runs.
  useEffect(() => {
    live.current = new AbortController()
    load()
    return () => live.current.abort()
  }, [])

  if (!flow || !request || routes.length === 0 || !from || !url || !service) {
    return (
      <Screen title={t('BRIDGE_TITLE')} icon="error">
        <ErrorText center>{t('FUNDING_NO_FLOW')}</ErrorText>
      </Screen>
    )
  }
  const symbol = assetSymbol(request) ?? ''
  const amount = request.amount ?? ''
  const network = request.chain?.name ?? `Solana ${request.cluster?.name ?? ''}`.trim()
  const answer = 'answer' in step ? step.answer : null
  const swap = answer ? isSwap(answer.request) : onlySwap
  const origin = answer?.route.origin ?? routes[0]!.origin
  const originChain = chains.find((c) => c.id === origin)
  const originName = originChain?.name ?? origin
  /** What the route pays with: its symbol and decimals. */
  const paid = answer?.route.pay === 'USDC' ? { symbol: 'USDC', decimals: USDC_DECIMALS } : origin.startsWith('solana:') ? { symbol: 'SOL', decimals: 9 } : { symbol: originChain?.nativeCurrency.symbol ?? '', decimals: originChain?.nativeCurrency.decimals ?? 18 }
  const crossCurrency = !!answer && !swap && paid.symbol !== symbol

  const run = async ({ route, request: quoteRequest, quotes }: RouteQuotes, picked: number | undefined) => {
    const signal = live.current.signal
    const answer = { route, request: quoteRequest, quotes }
    try {
      const quote = selectBridgeQuote(quotes, picked)
      const before = await readBalance(url, request.chainType, request.address, token, signal)
      setStep({ at: 'confirm', answer })
      const sender = walletBridgeSender({ registry: walletsOf(ctx), chains, sleep: ctx.sleep, signal }, from, quoteRequest.origin.type === 'solana' ? quoteRequest.origin.cluster : undefined)
      const hashes = await executeBridgeQuote(quote, sender)
      if (signal.aborted) return
      setStep({ at: 'awaiting', answer })
      await waitForBridgedFunds(ctx.sleep, url, request, before, BigInt(quoteRequest.amount), signal, token)
      if (signal.aborted) return
      setStep({ at: 'success' })
      flow.complete({ status: 'completed', details: { [isSwap(quoteRequest) ? 'swap' : 'bridge']: quote.provider, hashes, from } })
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
  const { quotes } = step.answer
  const { picked } = step
  const locale = ctx.locale()
  const subtitle = swap
    ? t('BRIDGE_SWAP_SUBTITLE', { paid: paid.symbol, network, amount, symbol })
    : crossCurrency
      ? t('BRIDGE_SWAP_BRIDGE_SUBTITLE', { paid: paid.symbol, origin: originName, amount, symbol, network })
      : t('BRIDGE_SUBTITLE', { origin: originName, amount, symbol, network })
  return (
    <Screen
      title={swap ? t('BRIDGE_SWAP_TITLE', { symbol }) : t('BRIDGE_TITLE')}
      subtitle={subtitle}
      footer={
        <Button disabled={picked === undefined} onClick={() => void run(step.answer, picked)}>
          {swap ? t('BRIDGE_SWAP_CONTINUE') : t('BRIDGE_CONTINUE')}
        </Button>
      }
    >
      <ul aria-label={swap ? t('BRIDGE_SWAP_QUOTES_LABEL') : t('BRIDGE_QUOTES_LABEL')} className={r.list}>
        {quotes.map((quote, i) => (
          <li key={`${quote.provider}-${i}`}>
            <button type="button" className={r.tile} aria-pressed={picked === i} onClick={() => setStep({ at: 'quotes', answer: step.answer, picked: i })}>
              <span style={{ flex: 1, display: 'grid', gap: 2, textAlign: 'start' }}>
                <span className={r.truncate}>{t('BRIDGE_RECEIVE', { amount: quote.amountOut ? formatDecimal(fromUnits(BigInt(quote.amountOut), decimals), locale) : formatDecimal(amount, locale), symbol })}</span>
                {quote.amountIn !== undefined ? (
                  <span style={{ fontWeight: 400, overflowWrap: 'anywhere' }}>
                    {t('BRIDGE_PAY', { amount: formatDecimal(fromUnits(BigInt(quote.amountIn), paid.decimals), locale), symbol: paid.symbol })}
                  </span>
                ) : null}
                <span className={r.muted} style={{ fontWeight: 400 }}>
                  {[quote.feesUsd !== undefined ? t('BRIDGE_FEES', { fees: formatUsd(quote.feesUsd, locale) }) : null, quote.timeEstimate !== undefined ? t('BRIDGE_TIME', { seconds: quote.timeEstimate }) : null, quote.provider]
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
