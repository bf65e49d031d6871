/**
 * The transaction review (`transactions/review`): what the embedded wallet is asked to send, before
 * it signs. It names the action (a decoded token call, a plain send, a contract call or a deployment),
 * the recipient, the network, the amount (with its dollar value when a price is known), the token
 * amount of a decoded call ('Maximum' for an unlimited allowance), the estimated fee ('Sponsored' when the app's paymaster pays it) and the total.
 * Calldata it cannot describe is shown raw with a warning, never hidden. It warns when the chain could
 * not prepare the transaction, and when the wallet's balance does not cover the total ('Add funds on
 * {chain} to complete transaction.', Approve then disabled). The host's title, description, button
 * text and contract image replace the defaults; an approval is titled 'Confirm address' when it lets
 * an address move the wallet's tokens and 'Confirm action' when it revokes such a right. A multi-item request shows its items one by one
 * ('Transaction 2 of 3', Continue and Back); the last item's Approve sends them all. A request whose items go
 * out as one operation with one fee (`operationFee`: a smart account's user operation) shows that fee
 * once, on the last item, with the total of the whole request; amounts show their dollar value first or second as
 * the app's `priceDisplay.primary` says. Approve sends the transaction (`submit`) and moves on to the
 * receipt, or to the error screen when the send fails; Cancel or closing rejects the request with
 * 4001. Short of funds with funding available (the funding plugin with a method for the chain),
 * the button becomes 'Add funds' and opens the funding method selection; the balance is read again
 * every 2 s while it falls short.
 * @module
 */
import { useEffect, useId, useState } from 'react'
import { formatUnits, type Address, type Hex } from 'viem'
import { porticoRecipes as r } from '../../../ui/styles'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import type { PluginContext } from '../../../kernel'
import type { TransactionReviewParams } from '../../embedded-wallets'
import { approvalKind, decodeTransactionData } from '../decode'
import { formatTokenAmount, readTokenInfo, withTokenStandard, type TokenInfo } from '../token-info'
import { fetchUsdPrice } from '../index'
import { TRANSACTION_SCREENS } from './index'
import { addressRow, BALANCE_POLL_MS, chainCall, contractIcon, DetailsCard, failureOf, formatAmount, isSponsored, nativeOf, networkOf, RawData, ReviewFooterFacts, useFunding, type DetailRow, type Texts } from './parts'

/** What the review reads from the chain and the price source; each part stays unknown when it cannot be read. */
function useChainFacts(ctx: PluginContext, params: TransactionReviewParams, to: string | undefined, withToken: boolean, total: bigint | null) {
  const [facts, setFacts] = useState<{ balance?: bigint; usd?: number | null }>({})
  const [token, setToken] = useState<{ of: string; info: TokenInfo } | null>(null)
  const { address, chainId, chain } = params
  const short = facts.balance !== undefined && total !== null && facts.balance < total
  // While the balance falls short it is read again: funds added meanwhile enable Approve.
  useEffect(() => {
    if (!short || !chain?.rpcUrl) return
    const call = chainCall(chain.rpcUrl)
    const timer = setInterval(() => {
      void call('eth_getBalance', [address, 'latest']).then((b) => setFacts((f) => ({ ...f, balance: BigInt(String(b)) })), () => undefined)
    }, BALANCE_POLL_MS)
    return () => clearInterval(timer)
  }, [short, chain, address])
  useEffect(() => {
    let gone = false
    const set = (part: Partial<typeof facts>) => {
      if (!gone) setFacts((f) => ({ ...f, ...part }))
    }
    if (chain?.rpcUrl) void chainCall(chain.rpcUrl)('eth_getBalance', [address, 'latest']).then((b) => set({ balance: BigInt(String(b)) }), () => undefined)
    if (chain) void fetchUsdPrice(ctx.api, chainId, chain.symbol).then((usd) => set({ usd }))
    return () => {
      gone = true
    }
  }, [ctx, address, chainId, chain])
  // The token of the call shown (a multi-item request shows one item at a time).
  useEffect(() => {
    if (!withToken || !to || !chain?.rpcUrl) return
    let gone = false
    void readTokenInfo(chainCall(chain.rpcUrl), to as Address).then((info) => !gone && setToken({ of: to, info }), () => undefined)
    return () => {
      gone = true
    }
  }, [chain, to, withToken])
  return { ...facts, token: token && token.of === to ? token.info : undefined, short }
}

/**
 * The review screen.
 * @param props - screen props with the embedded wallet's `TransactionReviewParams`.
 * @returns the screen.
 */
export default function Review({ ctx, params, navigate, cancelStep }: ScreenProps<TransactionReviewParams>) {
  const t: Texts = (key, values) => ctx.t(key, values)
  const warningId = useId()
  const [sending, setSending] = useState(false)
  // A multi-item request shows its items one by one; the last one's Approve sends them all.
  const all = [...(params.items ?? []), params.transaction]
  const [index, setIndex] = useState(0)
  const tx = all[index]!
  const last = index === all.length - 1
  const native = nativeOf(params)
  const data = tx.data && tx.data !== '0x' ? (tx.data as Hex) : undefined
  const decodedRaw = decodeTransactionData(data, { extendedCalldataDecoding: params.extendedCalldataDecoding })

  const sponsored = isSponsored(params)
  // One fee for the whole request (a user operation) is shown once, on the item Approve sends.
  const operationWide = params.operationFee !== undefined
  const operationFee = sponsored ? 0n : params.operationFee ? BigInt(params.operationFee) : null
  const costOf = (item: Record<string, string | undefined>) => {
    const price = item.maxFeePerGas ?? item.gasPrice
    const fee = sponsored || operationWide ? 0n : item.gas && price ? BigInt(item.gas) * BigInt(price) : null
    return { value: BigInt(item.value ?? '0x0'), fee }
  }
  const { value } = costOf(tx)
  // The balance must cover every item (an item's unknown fee counts as nothing).
  const needed = all.reduce((sum, item) => sum + costOf(item).value + (costOf(item).fee ?? 0n), operationFee ?? 0n)
  const fee = operationWide ? operationFee : costOf(tx).fee
  // An operation's total is the whole request's: every item's amount and its one fee.
  const total = fee === null ? null : operationWide ? needed : value + fee
  const showsFee = !operationWide || last
  const facts = useChainFacts(ctx, params, tx.to, decodedRaw !== null, total === null ? null : needed)
  const decoded = decodedRaw && facts.token ? withTokenStandard(decodedRaw, facts.token) : decodedRaw
  const fund = useFunding(ctx, params.address, { chain: `eip155:${params.chainId}` }, facts.short)
  const network = networkOf(params, t)
  const amount = (wei: bigint) => formatAmount(wei, native, facts.usd, params.priceDisplay, ctx.locale())

  const action = decoded ? decoded.action : !tx.to ? t('TRANSACTIONS_ACTION_DEPLOY') : data ? t('TRANSACTIONS_ACTION_CALL') : t('TRANSACTIONS_ACTION_SEND')
  const approval = approvalKind(decoded)
  const tokenAmount = decoded && facts.token ? formatTokenAmount(decoded, facts.token) : decoded?.amount !== undefined ? decoded.amount.toString() : null
  const rows: DetailRow[] = [
    [t('TRANSACTIONS_ACTION'), action],
    ...(tx.to ? [addressRow(t('TRANSACTIONS_TO'), decoded?.transferTo ?? tx.to)] : []),
    ...(decoded?.spender ? [addressRow(t('TRANSACTIONS_SPENDER'), decoded.spender)] : []),
    ...(decoded?.operator ? [addressRow(t('TRANSACTIONS_OPERATOR'), decoded.operator)] : []),
    ...(tokenAmount ? [[t('TRANSACTIONS_TOKEN_AMOUNT'), tokenAmount] as DetailRow] : []),
    ...(decoded?.tokenId !== undefined ? [[t('TRANSACTIONS_TOKEN_ID'), decoded.tokenId.toString()] as DetailRow] : []),
    [t('TRANSACTIONS_NETWORK'), network],
    [t('TRANSACTIONS_AMOUNT'), amount(value)],
    ...(showsFee
      ? [
          [t('TRANSACTIONS_FEE'), sponsored ? t('TRANSACTIONS_FEE_SPONSORED') : fee === null ? t('TRANSACTIONS_UNKNOWN') : amount(fee)] as DetailRow,
          [t('TRANSACTIONS_TOTAL'), total === null ? t('TRANSACTIONS_UNKNOWN') : amount(total)] as DetailRow,
        ]
      : []),
  ]
  const warnings = [
    ...(params.preparationFailed && index === 0 ? [t('TRANSACTIONS_PREPARE_FAILED')] : []),
    ...(facts.short ? [t('TRANSACTIONS_ADD_FUNDS', { chain: network })] : []),
  ]

  const approve = async () => {
    setSending(true)
    try {
      const hash = await params.submit()
      navigate(TRANSACTION_SCREENS.receipt, { ...params, hash }, { replace: true })
    } catch (err) {
      navigate(TRANSACTION_SCREENS.error, { ...params, failure: failureOf(err) }, { replace: true })
    }
  }
  const addFunds = () => {
    if (!fund || facts.balance === undefined) return
    fund(formatUnits(needed - facts.balance, native.decimals))
  }

  const ui = params.ui ?? {}
  return (
    <Screen
      {...contractIcon(ui)}
      title={ui.title || t(approval === 'grant' ? 'TRANSACTIONS_CONFIRM_ADDRESS' : approval === 'revoke' ? 'TRANSACTIONS_CONFIRM_ACTION' : 'TRANSACTIONS_REVIEW_TITLE')}
      subtitle={ui.description || t('TRANSACTIONS_REVIEW_DESCRIPTION')}
      scrollLabel={t('TRANSACTIONS_DETAILS')}
      footer={
        <>
          <ReviewFooterFacts warningId={warningId} warnings={warnings} walletLabel={t('TRANSACTIONS_WALLET')} address={params.address} />
          {!last ? (
            <Button onClick={() => setIndex(index + 1)}>{t('TRANSACTIONS_CONTINUE')}</Button>
          ) : facts.short && fund ? (
            <Button onClick={addFunds} aria-describedby={warningId}>
              {t('TRANSACTIONS_ADD_FUNDS_BUTTON')}
            </Button>
          ) : (
            <Button onClick={() => void approve()} loading={sending} disabled={facts.short} {...(warnings.length ? { 'aria-describedby': warningId } : {})}>
              {ui.buttonText || t('TRANSACTIONS_APPROVE')}
            </Button>
          )}
          {index > 0 ? (
            <Button variant="secondary" onClick={() => setIndex(index - 1)} disabled={sending}>
              {t('TRANSACTIONS_BACK')}
            </Button>
          ) : (
            <Button variant="secondary" onClick={cancelStep} disabled={sending}>
              {t('TRANSACTIONS_CANCEL')}
            </Button>
          )}
        </>
      }
    >
      {all.length > 1 ? (
        <p className={r.muted} style={{ fontSize: 13, margin: 0 }} aria-live="polite">
          {t('TRANSACTIONS_ITEM_OF', { n: index + 1, total: all.length })}
        </p>
      ) : null}
      <DetailsCard rows={rows} />
      {data && !decoded ? (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 6, textAlign: 'start' }}>
          <p className={r.muted} style={{ fontSize: 13 }}>
            {t('TRANSACTIONS_RAW_DATA')}
          </p>
          <RawData label={t('TRANSACTIONS_DATA')} data={data} />
        </div>
      ) : null}
    </Screen>
  )
}
