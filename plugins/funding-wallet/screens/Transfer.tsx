/**
 * 'Transfer from wallet' (`funding-wallet/transfer`): pick an external wallet, confirm the
 * transfer in it, wait for the receipt, success. A wallet short of funds, a rejection or a failed
 * transfer shows its error with 'Try again' and 'Choose another method'.
 * @module
 */
import { useEffect, useRef, useState } from 'react'
import { useScreen } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { ErrorText } from '../../../ui/components/ErrorText'
import { porticoRecipes as r } from '../../../ui/styles'
import { assetSymbol, findFunding, FundingFailed, FundingProgress, fundingChainId, fundingRpcUrl, useFundingFlow, type FundingRequest } from '../../funding'
import { walletListItems, walletsOf, type ConnectorEntry, type WalletListItem } from '../../wallets'
import { WALLETS_COLLAPSE_ABOVE, WALLETS_SHOWN } from '../index'
import { BRIDGE_QUOTES_SCREEN, findBridge, fundingRoutes } from '../../funding-bridge'
import { checkFunds, notEnoughFunds, planTransfer, sendEvmTransfer, waitForReceipt, type TransferPlan } from '../transfer'

type Step = { at: 'pick' } | { at: 'confirm'; wallet: string } | { at: 'awaiting'; hash: string } | { at: 'success'; hash: string } | { at: 'failed'; error: string }

const short = (address: string) => `${address.slice(0, 6)}…${address.slice(-4)}`

/**
 * Wallet rows, as the wallets plugin orders them (installed first, 'Recent' on the last connected):
 * the request's chain family, and with bridging on (and the bridge registered) the other family's too.
 */
function rowsOf(ctx: ReturnType<typeof useScreen>['ctx'], request: FundingRequest | undefined): WalletListItem[] {
  const registry = walletsOf(ctx)
  const both = !!request?.crossChainBridgingEnabled && !!findBridge(ctx)
  const entries = registry.entries().filter((e) => (both || e.chainType === request?.chainType) && !e.screen)
  return walletListItems(entries, { walletChainType: both ? 'ethereum-and-solana' : request?.chainType === 'solana' ? 'solana-only' : 'ethereum-only', history: registry.history() })
}

/** Sends the plan from the connected wallet and waits until it is mined or confirmed; `sent` learns the hash first. */
async function transfer(
  ctx: ReturnType<typeof useScreen>['ctx'],
  args: { request: FundingRequest; url: string; from: string; plan: TransferPlan; signal: AbortSignal; sent: (hash: string) => void },
): Promise<string> {
  const { request, url, from, plan, signal, sent } = args
  const provider = await walletsOf(ctx).connectorOf(from)!.getProvider(from)
  if (request.chainType === 'solana') {
    const { sendSolanaTransfer, waitForSolanaConfirmation } = await import('../solana')
    const signature = await sendSolanaTransfer(provider as Parameters<typeof sendSolanaTransfer>[0], url, request, from, plan, signal)
    sent(signature)
    await waitForSolanaConfirmation(ctx.sleep, url, signature, signal)
    return signature
  }
  const hash = await sendEvmTransfer(provider as Parameters<typeof sendEvmTransfer>[0], request, from, plan)
  sent(hash)
  await waitForReceipt(ctx.sleep, url, hash, signal)
  return hash
}

/**
 * The transfer screen.
 * @returns the screen.
 * @example
 * ```ts
 * // Opened from the 'Transfer from wallet' tile of the method selection.
 * import { fundWallet } from 'portico/plugins/funding'
 * await fundWallet(kernel, address, { chain: 'eip155:8453', amount: '0.01' })
 * ```
 */
export default function Transfer() {
  const { ctx } = useScreen()
  const t = ctx.t
  const flow = useFundingFlow()
  const [step, setStep] = useState<Step>({ at: 'pick' })
  const [expanded, setExpanded] = useState(false)
  const [rows] = useState(() => rowsOf(ctx, flow?.request))
  const live = useRef(new AbortController())
  // A fresh controller per mount (React's strict mode mounts twice); leaving the screen stops the wait.
  useEffect(() => {
    live.current = new AbortController()
    return () => live.current.abort()
  }, [])

  const request = flow?.request ?? null
  const core = findFunding(ctx)
  const usdc = request ? (core?.usdcAddress(fundingChainId(request)) ?? null) : null
  const plan = request ? planTransfer(request, usdc) : null
  const url = request ? fundingRpcUrl(request, ctx.config()) : null
  if (!flow || !request || !plan || !url) {
    return (
      <Screen title={t('FUNDING_WALLET_PICK_TITLE')} icon="error">
        <ErrorText center>{t('FUNDING_NO_FLOW')}</ErrorText>
      </Screen>
    )
  }
  const chain = request.chain
  const network = chain?.name ?? `Solana ${request.cluster?.name ?? ''}`.trim()
  const symbol = assetSymbol(request) ?? ''
  const amount = request.amount ?? ''

  const chains = ctx.config()?.supportedChains ?? []

  /**
   * Opens the bridge with the routes where the wallet holds enough ('not enough funds' when none):
   * a wallet of the other chain family, or a wallet short on the request's chain (with the bridge
   * registered): the requested asset from another chain of the app (bridging on), the other asset on
   * this chain or Solana cluster (a service with a swap call), the other asset on another chain (bridging on).
   */
  const bridge = async (from: string, walletChainType: FundingRequest['chainType'], signal: AbortSignal, short?: unknown) => {
    const service = findBridge(ctx)
    if (!service) throw short ?? notEnoughFunds(from)
    const sameFamily = walletChainType === request.chainType
    const routes = await fundingRoutes(request, from, walletChainType, {
      chains,
      usdcAddress: (id) => core?.usdcAddress(id) ?? null,
      bridging: request.crossChainBridgingEnabled || !sameFamily,
      swap: sameFamily && !!service.swap,
      signal,
    })
    if (routes.length === 0) throw short ?? notEnoughFunds(from)
    if (!signal.aborted) ctx.navigate(BRIDGE_QUOTES_SCREEN, { from, routes })
  }

  const run = async (entry: ConnectorEntry) => {
    const signal = live.current.signal
    const registry = walletsOf(ctx)
    try {
      setStep({ at: 'confirm', wallet: entry.branding.name })
      const sameFamily = entry.chainType === request.chainType
      const connected = await registry.connect(entry.id, { ...(chain && sameFamily ? { chainId: chain.id } : {}), signal })
      // A wallet of the other chain family can only bridge (the list offers it only with bridging on).
      if (!sameFamily) return await bridge(connected.address, entry.chainType, signal)
      if (chain && connected.chainId !== chain.id) await registry.switchChain(connected.address, chain.id)
      try {
        await checkFunds(url, request, connected.address, plan)
      } catch (e) {
        // Short on the request's chain: the bridge's routes (on Solana, a swap on the request's cluster).
        if ((e as { code?: unknown }).code !== 'FUNDING_WALLET_NOT_ENOUGH_FUNDS' || (!chain && request.chainType !== 'solana')) throw e
        return await bridge(connected.address, entry.chainType, signal, e)
      }
      const hash = await transfer(ctx, { request, url, from: connected.address, plan, signal, sent: (hash) => !signal.aborted && setStep({ at: 'awaiting', hash }) })
      if (signal.aborted) return
      setStep({ at: 'success', hash })
      flow.complete({ status: 'completed', details: { hash, from: connected.address } })
    } catch (e) {
      if (signal.aborted) return
      const { code, details } = e as { code?: unknown; details?: unknown }
      // The wallet's refusal is the table's `FUNDING_WALLET_REJECTED` (the plugin's `mapError` entry).
      const error = code === 'FUNDING_WALLET_NOT_ENOUGH_FUNDS' ? t('FUNDING_WALLET_NOT_ENOUGH_FUNDS', { address: String(details) }) : ctx.resolveError(e).message
      setStep({ at: 'failed', error })
    }
  }

  if (step.at === 'success') {
    return <Screen icon="success" title={t('FUNDING_WALLET_SUCCESS_TITLE')} subtitle={t('FUNDING_WALLET_SUCCESS_SUBTITLE', { amount, symbol })} />
  }
  if (step.at === 'confirm') {
    return <FundingProgress title={t('FUNDING_WALLET_CONFIRM_TITLE')} subtitle={t('FUNDING_WALLET_CONFIRM_SUBTITLE', { amount, symbol, address: short(request.address), wallet: step.wallet })} label={t('FUNDING_WALLET_AWAITING_TITLE')} />
  }
  if (step.at === 'awaiting') {
    return <FundingProgress title={t('FUNDING_WALLET_AWAITING_TITLE')} subtitle={t('FUNDING_WALLET_AWAITING_SUBTITLE', { network })} label={t('FUNDING_WALLET_AWAITING_TITLE')} />
  }
  if (step.at === 'failed') {
    return (
      <FundingFailed
        title={t('FUNDING_WALLET_FAILED_TITLE')}
        error={step.error}
        retryLabel={t('FUNDING_WALLET_RETRY')}
        onRetry={() => setStep({ at: 'pick' })}
        otherLabel={t('FUNDING_WALLET_OTHER_METHOD')}
        onOther={() => flow.showMethods()}
      />
    )
  }
  const collapsed = rows.length > WALLETS_COLLAPSE_ABOVE && !expanded
  const shown = collapsed ? rows.slice(0, WALLETS_SHOWN) : rows
  return (
    <Screen title={t('FUNDING_WALLET_PICK_TITLE')} subtitle={t('FUNDING_WALLET_PICK_SUBTITLE', { amount, symbol, network })}>
      {rows.length === 0 ? (
        <p className={`${r.muted} ${r.center}`}>{t('FUNDING_WALLET_NONE')}</p>
      ) : (
        <ul aria-label={t('FUNDING_WALLET_LIST_LABEL')} className={r.list}>
          {shown.map(({ entry, recent }) => (
            <li key={entry.id}>
              <button type="button" className={r.tile} onClick={() => void run(entry)}>
                {entry.branding.icon ? <img src={entry.branding.icon} alt="" width={28} height={28} style={{ borderRadius: 6 }} /> : null}
                <span className={r.truncate} style={{ flex: 1 }}>{entry.branding.name}</span>
                {recent ? <span className={r.badge}>{t('FUNDING_WALLET_RECENT')}</span> : null}
              </button>
            </li>
          ))}
          {collapsed ? (
            <li>
              <button type="button" className={r.tile} onClick={() => setExpanded(true)}>
                <span style={{ flex: 1 }}>{t('FUNDING_WALLET_MORE')}</span>
              </button>
            </li>
          ) : null}
        </ul>
      )}
    </Screen>
  )
}
