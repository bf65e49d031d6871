/**
 * The MoonPay method (`funding-moonpay/buy`): 'Confirm or edit amount', then MoonPay's widget in a
 * window and the purchase's status here, read from MoonPay until it is final. A completed purchase
 * finishes the funding flow; a failed one goes back to the method selection with the spec's text.
 * @module
 */
import { useEffect, useRef, useState } from 'react'
import { useScreen } from '../../../ui/context'
import { ErrorText } from '../../../ui/components/ErrorText'
import { Screen } from '../../../ui/components/Screen'
import { PorticoError } from '../../../kernel'
import { FundingProgress, ProviderAmountStep, useFundingFlow } from '../../funding'
import { moonpayRoutes } from '../api'
import { moonpayCurrencyCode, type MoonpayChainCurrencies } from '../currency'
import { followMoonpayPurchase, readMoonpayTransaction, type MoonpayStatus } from '../status'

/** Params the MoonPay tile opens its screen with (the plugin's options). */
export interface MoonpayScreenParams extends Record<string, unknown> {
  apiUrl: string
  useSandbox: boolean
  currencyCodes: Readonly<Record<string, MoonpayChainCurrencies>>
}

/** A short form of an address: `0x71C7…976F`. */
const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

type Phase = { name: 'amount' } | { name: 'opening' } | { name: 'status'; status: MoonpayStatus }

/**
 * The screen.
 * @returns the screen.
 */
export default function MoonpayScreen() {
  const { ctx, params } = useScreen<MoonpayScreenParams>()
  const t = ctx.t
  const flow = useFundingFlow()
  const [phase, setPhase] = useState<Phase>({ name: 'amount' })
  const abort = useRef<AbortController | null>(null)
  useEffect(() => () => abort.current?.abort(), [])

  if (phase.name === 'status' && phase.status === 'completed') {
    return <Screen icon="success" title={t('MOONPAY_COMPLETED_TITLE')} subtitle={t('MOONPAY_COMPLETED_SUBTITLE')} />
  }
  if (!flow) {
    return (
      <Screen title={t('MOONPAY_AMOUNT_TITLE')} icon="error">
        <ErrorText center>{t('FUNDING_NO_FLOW')}</ErrorText>
      </Screen>
    )
  }
  const { request } = flow
  const symbol = request.asset === 'USDC' ? 'USDC' : request.chainType === 'solana' ? 'SOL' : (request.chain?.nativeCurrency.symbol ?? '')

  /** Continues from the amount step, with MoonPay's window it opened blank in the click. */
  const start = (popup: Window, amount: string) => {
    setPhase({ name: 'opening' })
    const controller = new AbortController()
    abort.current = controller
    void (async () => {
      try {
        const currencyCode = moonpayCurrencyCode(request, params.currencyCodes)
        if (!currencyCode) throw new PorticoError('No MoonPay currency for this chain and asset', { code: 'FUNDING_MOONPAY_FAILED' })
        const appearance = ctx.config()?.appearance
        const { signedUrl, externalTransactionId } = await ctx.api.request(moonpayRoutes.sign, {
          address: request.address,
          useSandbox: params.useSandbox,
          config: {
            currencyCode,
            quoteCurrencyAmount: Number(amount),
            paymentMethod: 'credit_debit_card',
            uiConfig: {
              theme: appearance?.theme ?? 'light',
              ...(/^#[0-9a-fA-F]{6}$/.test(appearance?.accentColor ?? '') ? { accentColor: appearance!.accentColor } : {}),
            },
          },
        })
        if (controller.signal.aborted) return
        popup.location.href = signedUrl
        setPhase({ name: 'status', status: 'pending' })
        const apiKey = new URL(signedUrl).searchParams.get('apiKey') ?? ''
        const end = await followMoonpayPurchase({
          read: () => readMoonpayTransaction(params.apiUrl, apiKey, externalTransactionId, fetch),
          sleep: ctx.sleep,
          signal: controller.signal,
          onStatus: (status) => setPhase({ name: 'status', status }),
        })
        if (!end) return
        if (end.status === 'completed') flow.complete({ status: 'completed', amount, details: { externalTransactionId } })
        else if (end.status === 'awaitingAuthorization') flow.complete({ status: 'submitted', amount, details: { externalTransactionId } })
        else flow.showMethods(new PorticoError(t('MOONPAY_FAILED'), { code: 'FUNDING_MOONPAY_FAILED', details: `MoonPay status: ${end.status}` }))
      } catch (e) {
        if (controller.signal.aborted) return
        popup.close()
        flow.showMethods(new PorticoError(t('MOONPAY_FAILED'), { code: 'FUNDING_MOONPAY_FAILED', cause: e }))
      }
    })()
  }

  if (phase.name === 'status' && phase.status === 'awaitingAuthorization') {
    return <Screen icon="warning" title={t('MOONPAY_AUTHORIZATION_TITLE')} subtitle={t('MOONPAY_AUTHORIZATION_SUBTITLE')} />
  }
  if (phase.name !== 'amount') {
    return <FundingProgress title={t('MOONPAY_PENDING_TITLE')} subtitle={t('MOONPAY_PENDING_SUBTITLE')} label={t('MOONPAY_WAITING_LABEL')} />
  }
  return (
    <ProviderAmountStep
      title={t('MOONPAY_AMOUNT_TITLE')}
      subtitle={t('MOONPAY_AMOUNT_SUBTITLE', { symbol, address: short(request.address) })}
      label={t('MOONPAY_AMOUNT_LABEL', { symbol })}
      continueLabel={t('MOONPAY_CONTINUE')}
      blockedText={t('MOONPAY_POPUP_BLOCKED')}
      windowName="portico-moonpay"
      initialAmount={request.amount ?? ''}
      locale={ctx.locale()}
      onContinue={start}
    />
  )
}
