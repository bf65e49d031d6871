/**
 * The Coinbase methods (`funding-coinbase/buy`, opened by 'Pay with card' and 'Transfer from an
 * exchange'): 'Confirm or edit amount', then Coinbase Onramp's buy page in a window with a session
 * token the server creates, and the purchase's status here until Coinbase reports it. A window
 * closed 3 times while pending goes back to the method selection with the alternate-method hint.
 * @module
 */
import { useEffect, useRef, useState } from 'react'
import { useScreen } from '../../../ui/context'
import { Button } from '../../../ui/components/Button'
import { ErrorText } from '../../../ui/components/ErrorText'
import { Screen } from '../../../ui/components/Screen'
import { PorticoError } from '../../../kernel'
import { FundingProgress, openProviderWindow, ProviderAmountStep, useFundingFlow } from '../../funding'
import { coinbaseRoutes } from '../api'
import { coinbasePurchaseOf } from '../networks'
import { followCoinbasePurchase, type CoinbaseStatus } from '../status'

/** Params the Coinbase tiles open the screen with. */
export interface CoinbaseScreenParams extends Record<string, unknown> {
  /** Coinbase's buy page base (`https://pay.coinbase.com`). */
  payUrl: string
  /** `CARD` (card tile) or `CRYPTO_ACCOUNT` (exchange tile). */
  paymentMethod: 'CARD' | 'CRYPTO_ACCOUNT'
  networks: Readonly<Record<string, string>>
}

/** The name of Coinbase's window. */
const COINBASE_WINDOW = 'portico-coinbase'

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

type Phase = { name: 'amount' } | { name: 'opening' } | { name: 'follow'; status: CoinbaseStatus }

/**
 * The screen.
 * @returns the screen.
 */
export default function CoinbaseScreen() {
  const { ctx, params } = useScreen<CoinbaseScreenParams>()
  const t = ctx.t
  const flow = useFundingFlow()
  const [phase, setPhase] = useState<Phase>({ name: 'amount' })
  const popup = useRef<{ window: Window; url: string } | null>(null)
  const abort = useRef<AbortController | null>(null)
  useEffect(() => () => abort.current?.abort(), [])

  if (phase.name === 'follow' && phase.status === 'success') {
    return <Screen icon="success" title={t('COINBASE_SUCCESS_TITLE')} subtitle={t('COINBASE_SUCCESS_SUBTITLE')} />
  }
  if (!flow) {
    return (
      <Screen title={t('COINBASE_AMOUNT_TITLE')} icon="error">
        <ErrorText center>{t('FUNDING_NO_FLOW')}</ErrorText>
      </Screen>
    )
  }
  const { request } = flow
  const purchase = coinbasePurchaseOf(request, params.networks)
  if (!purchase) {
    return (
      <Screen title={t('COINBASE_AMOUNT_TITLE')} icon="error">
        <ErrorText center>{t('COINBASE_UNSUPPORTED_CHAIN')}</ErrorText>
      </Screen>
    )
  }
  // The message key, and the error code that is the plugin's prefix before it.
  const fail = (key: 'COINBASE_FAILED' | 'COINBASE_TRY_ANOTHER', cause?: unknown) => {
    popup.current?.window.close()
    flow.showMethods(new PorticoError(t(key), { code: `FUNDING_${key}`, cause }))
  }

  /** Continues from the amount step, with Coinbase's window it opened blank in the click. */
  const start = (win: Window, amount: string) => {
    setPhase({ name: 'opening' })
    const controller = new AbortController()
    abort.current = controller
    void (async () => {
      try {
        const session = await ctx.api.request(coinbaseRoutes.init, {
          addresses: [{ address: request.address, blockchains: [purchase.network] }],
          assets: [purchase.asset],
        })
        if (controller.signal.aborted) return
        const url = new URL('/buy/select-asset', params.payUrl)
        const query: Record<string, string> = {
          appId: session.app_id,
          sessionToken: session.session_token,
          defaultExperience: params.paymentMethod === 'CARD' ? 'buy' : 'send',
          presetCryptoAmount: amount,
          defaultNetwork: purchase.network,
          defaultPaymentMethod: params.paymentMethod,
          defaultAsset: purchase.asset,
          partnerUserId: session.partner_user_id,
        }
        for (const [k, val] of Object.entries(query)) url.searchParams.set(k, val)
        popup.current = { window: win, url: url.toString() }
        win.location.href = url.toString()
        const end = await followCoinbasePurchase({
          read: async () => (await ctx.api.request(coinbaseRoutes.status, undefined, { query: { partnerUserId: session.partner_user_id } })).status,
          windowClosed: () => popup.current?.window.closed ?? true,
          sleep: ctx.sleep,
          signal: controller.signal,
          onStatus: (status) => setPhase({ name: 'follow', status }),
        })
        if (end === 'success') flow.complete({ status: 'completed', amount, details: { partnerUserId: session.partner_user_id } })
        else if (end === 'error') fail('COINBASE_FAILED')
        else if (end === 'closed') fail('COINBASE_TRY_ANOTHER')
      } catch (e) {
        if (!controller.signal.aborted) fail('COINBASE_FAILED', e)
      }
    })()
  }

  const reopen = () => {
    const open = popup.current
    if (!open) return
    const win = openProviderWindow(window, COINBASE_WINDOW)
    if (!win) return
    win.location.href = open.url
    popup.current = { ...open, window: win }
  }

  if (phase.name !== 'amount') {
    const after = phase.name === 'follow' && phase.status === 'pending-after-flow'
    return (
      <FundingProgress
        title={t(after ? 'COINBASE_AFTER_FLOW_TITLE' : 'COINBASE_IN_FLOW_TITLE')}
        subtitle={t(after ? 'COINBASE_AFTER_FLOW_SUBTITLE' : 'COINBASE_IN_FLOW_SUBTITLE')}
        label={t('COINBASE_WAITING_LABEL')}
        footer={
          after ? (
            <Button variant="secondary" onClick={reopen}>
              {t('COINBASE_REOPEN')}
            </Button>
          ) : undefined
        }
      />
    )
  }
  // The network as the app names it (its chain's name; Solana with its cluster, as 'Receive funds' says), not Coinbase's id.
  const network = request.chain?.name ?? `Solana ${request.cluster?.name ?? 'mainnet-beta'}`
  const vars = { asset: purchase.asset, network, address: short(request.address) }
  return (
    <ProviderAmountStep
      title={t('COINBASE_AMOUNT_TITLE')}
      subtitle={t(params.paymentMethod === 'CARD' ? 'COINBASE_AMOUNT_SUBTITLE' : 'COINBASE_EXCHANGE_SUBTITLE', vars)}
      label={t('COINBASE_AMOUNT_LABEL', vars)}
      continueLabel={t('COINBASE_CONTINUE')}
      blockedText={t('COINBASE_POPUP_BLOCKED')}
      windowName={COINBASE_WINDOW}
      initialAmount={request.amount ?? ''}
      locale={ctx.locale()}
      onContinue={start}
    />
  )
}
