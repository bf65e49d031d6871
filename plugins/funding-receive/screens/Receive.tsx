/**
 * 'Receive funds' (`funding-receive/receive`): the wallet's address, its QR code (error correction
 * Q, 160 px) and a copy button ('Copied' for 1.5 s); the balance read every 2000 ms, with an
 * indicator that turns green once it reaches the requested amount. 'Done' ends the flow.
 * @module
 */
import { useEffect, useRef, useState } from 'react'
import { useScreen } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { ErrorText } from '../../../ui/components/ErrorText'
import { QrCode } from '../../../ui/components/QrCode'
import { porticoRecipes as r, porticoTokens as tk } from '../../../ui/styles'
import { formatDecimal } from '../../../ui/format'
import { assetSymbol, findFunding, fromUnits, fundingChainId, fundingRpcUrl, pollUntil, readBalance, toUnits, USDC_DECIMALS, useFundingFlow, type FundingRequest } from '../../funding'
import { COPY_CONFIRMATION_MS, RECEIVE_BALANCE_POLL_MS, RECEIVE_QR } from '../index'

/** The token contract and decimals of the asset a request funds; null when not known. */
function assetOf(request: FundingRequest, usdc: string | null): { token: string | null; decimals: number } | null {
  if (request.asset === 'native-currency') return { token: null, decimals: request.chain?.nativeCurrency.decimals ?? 9 }
  if (request.asset === 'USDC') return usdc ? { token: usdc, decimals: USDC_DECIMALS } : null
  return null
}

/**
 * The receive screen.
 * @returns the screen.
 * @example
 * ```ts
 * // Opened from the 'Receive funds' tile of the method selection.
 * import { fundWallet } from 'portico/plugins/funding'
 * await fundWallet(kernel, address, { amount: '0.05' })
 * ```
 */
export default function Receive() {
  const { ctx } = useScreen()
  const t = ctx.t
  const flow = useFundingFlow()
  const request = flow?.request ?? null
  const [balance, setBalance] = useState<bigint | null>(null)
  const [error, setError] = useState<string | null>(null)
  const [copied, setCopied] = useState(false)
  const copyTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined)
  const usdc = request ? (findFunding(ctx)?.usdcAddress(fundingChainId(request)) ?? null) : null
  const asset = request ? assetOf(request, usdc) : null
  const url = request ? fundingRpcUrl(request, ctx.config()) : null

  useEffect(() => () => clearTimeout(copyTimer.current), [])
  useEffect(() => {
    if (!request || !asset || !url) return
    const controller = new AbortController()
    // Polls until the screen leaves; an unreachable endpoint is shown, and polling goes on.
    pollUntil<never>(ctx.sleep, {
      every: RECEIVE_BALANCE_POLL_MS,
      signal: controller.signal,
      attempt: async () => {
        try {
          setBalance(await readBalance(url, request.chainType, request.address, asset.token, controller.signal))
          setError(null)
        } catch (e) {
          if (!controller.signal.aborted) setError(ctx.resolveError(e).message)
        }
        return undefined
      },
    }).catch(() => undefined)
    return () => controller.abort()
    // The request of a flow does not change while this screen shows: its address, endpoint and token key the poll.
  }, [request?.address, url, asset?.token])

  if (!flow || !request || !asset) {
    return (
      <Screen title={t('FUNDING_RECEIVE_TITLE')} icon="error">
        <ErrorText center>{t('FUNDING_NO_FLOW')}</ErrorText>
      </Screen>
    )
  }
  const symbol = assetSymbol(request) ?? ''
  const network = request.chain?.name ?? `Solana ${request.cluster?.name ?? ''}`.trim()
  const target = request.amount ? toUnits(request.amount, asset.decimals) : null
  const reached = balance !== null && target !== null && balance >= target
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(request.address)
      setCopied(true)
      clearTimeout(copyTimer.current)
      copyTimer.current = setTimeout(() => setCopied(false), COPY_CONFIRMATION_MS)
    } catch {
      // No clipboard permission: the address stays selectable to copy by hand.
      setCopied(false)
    }
  }
  const done = () => flow.complete({ status: reached ? 'completed' : 'submitted', ...(balance !== null ? { details: { balance: fromUnits(balance, asset.decimals) } } : {}) })

  return (
    <Screen
      title={t('FUNDING_RECEIVE_TITLE')}
      subtitle={request.amount ? t('FUNDING_RECEIVE_SUBTITLE', { amount: formatDecimal(request.amount, ctx.locale()), symbol, network }) : t('FUNDING_RECEIVE_SUBTITLE_ANY', { symbol, network })}
      footer={<Button onClick={done}>{t('FUNDING_RECEIVE_DONE')}</Button>}
    >
      <div className={r.stack}>
        <QrCode value={request.address} label={t('FUNDING_RECEIVE_QR_LABEL')} size={RECEIVE_QR.size} ecc={RECEIVE_QR.ecc} />
        <div className={`${r.card} ${r.row}`} style={{ padding: '10px 12px' }}>
          <code aria-label={t('FUNDING_RECEIVE_ADDRESS_LABEL')} style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere', fontSize: 13, fontFamily: tk.fontMono, userSelect: 'all' }}>
            {request.address}
          </code>
          <Button size="sm" variant="secondary" fullWidth={false} onClick={copy}>
            {copied ? t('FUNDING_RECEIVE_COPIED') : t('FUNDING_RECEIVE_COPY')}
          </Button>
        </div>
        <span role="status" aria-live="polite" className={r.srOnly}>
          {copied ? t('FUNDING_RECEIVE_COPIED') : ''}
        </span>
        <p className={r.row} style={{ justifyContent: 'center', fontSize: 14 }} data-testid="funding-receive-balance" data-reached={reached ? 'true' : 'false'}>
          <span
            aria-hidden="true"
            style={{ width: 10, height: 10, borderRadius: '50%', flex: 'none', background: reached ? tk.success : tk.borderStrong, transition: 'background 200ms' }}
          />
          <span>{balance === null ? t('FUNDING_RECEIVE_BALANCE_LOADING') : t('FUNDING_RECEIVE_BALANCE', { balance: formatDecimal(fromUnits(balance, asset.decimals), ctx.locale()), symbol })}</span>
          <span className={reached ? undefined : r.muted} style={reached ? { color: tk.success } : undefined}>
            · {reached ? t('FUNDING_RECEIVE_RECEIVED') : t('FUNDING_RECEIVE_WAITING')}
          </span>
        </p>
        <ErrorText center>{error}</ErrorText>
      </div>
    </Screen>
  )
}
