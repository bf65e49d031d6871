/**
 * The transaction review (`transactions/review`): what the embedded wallet is asked to send, before
 * it signs. It names the action (a decoded token call, a plain send, a contract call or a deployment),
 * the recipient, the network, the amount (with its dollar value when a price is known), the token
 * amount of a decoded call ('Maximum' for an unlimited allowance), the estimated fee and the total.
 * Calldata it cannot describe is shown raw with a warning, never hidden. It warns when the chain could
 * not prepare the transaction, and when the wallet's balance does not cover the total ('Add funds on
 * {chain} to complete transaction.', Approve then disabled). The host's title, description, button
 * text and contract image replace the defaults. Approve ends the step (the wallet signs and sends);
 * Cancel or closing rejects the request with 4001.
 * @module
 */
import { useEffect, useId, useState } from 'react'
import { formatUnits, type Address, type Hex } from 'viem'
import { porticoRecipes as r, porticoTokens as tk } from '../../../ui/styles'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import type { PluginContext } from '../../../kernel'
import type { TransactionReviewParams } from '../../embedded-wallets'
import { decodeTransactionData } from '../decode'
import { formatTokenAmount, readTokenInfo, withTokenStandard, type ChainCall, type TokenInfo } from '../token-info'
import { fetchUsdPrice } from '../index'
import type { TransactionScreenMessageKey } from './messages'

type Texts = (key: TransactionScreenMessageKey, values?: Record<string, string | number>) => string

const rowStyle = { display: 'grid', gridTemplateColumns: 'minmax(96px, auto) 1fr', gap: '8px 12px', margin: 0, fontSize: 14, textAlign: 'left' } as const
const termStyle = { color: tk.fgMuted, fontWeight: 600, fontSize: 13 } as const
const valueStyle = { margin: 0, overflowWrap: 'anywhere', color: tk.fg, textAlign: 'right' } as const

/** A short form of an address: its first 6 and last 4 characters. */
function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}

/** A native amount with at most 6 decimals ('<0.000001' below that). */
export function formatNative(wei: bigint, decimals: number): string {
  if (wei > 0n && wei * 10n ** 6n < 10n ** BigInt(decimals)) return '<0.000001'
  const [whole, fraction = ''] = formatUnits(wei, decimals).split('.')
  const cut = fraction.slice(0, 6).replace(/0+$/, '')
  return cut ? `${whole}.${cut}` : whole!
}

/** JSON-RPC to a chain's endpoint. */
function chainCall(rpcUrl: string): ChainCall {
  let id = 0
  return async (method, params) => {
    const res = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }) })
    const body = (await res.json()) as { result?: unknown; error?: { message: string } }
    if (body.error) throw new Error(body.error.message)
    return body.result
  }
}

/** What the review reads from the chain and the price source; each part stays unknown when it cannot be read. */
function useChainFacts(ctx: PluginContext, params: TransactionReviewParams, withToken: boolean) {
  const [facts, setFacts] = useState<{ balance?: bigint; token?: TokenInfo; usd?: number | null }>({})
  const { address, chainId, chain, transaction } = params
  useEffect(() => {
    let gone = false
    const set = (part: Partial<typeof facts>) => {
      if (!gone) setFacts((f) => ({ ...f, ...part }))
    }
    if (chain?.rpcUrl) {
      const call = chainCall(chain.rpcUrl)
      void call('eth_getBalance', [address, 'latest']).then((b) => set({ balance: BigInt(String(b)) }), () => undefined)
      if (withToken && transaction.to) void readTokenInfo(call, transaction.to as Address).then((token) => set({ token }), () => undefined)
    }
    if (chain) void fetchUsdPrice(ctx.api, chainId, chain.symbol).then((usd) => set({ usd }))
    return () => {
      gone = true
    }
  }, [ctx, address, chainId, chain, transaction.to, withToken])
  return facts
}

/**
 * The review screen.
 * @param props - screen props with the embedded wallet's `TransactionReviewParams`.
 * @returns the screen.
 */
export default function Review({ ctx, params, resolveStep, cancelStep }: ScreenProps<TransactionReviewParams>) {
  const t: Texts = (key, values) => ctx.t(key, values)
  const warningId = useId()
  const { transaction: tx, chain } = params
  const decimals = chain?.decimals ?? 18
  const symbol = chain?.symbol ?? 'ETH'
  const data = tx.data && tx.data !== '0x' ? (tx.data as Hex) : undefined
  const decodedRaw = decodeTransactionData(data, { extendedCalldataDecoding: params.extendedCalldataDecoding })
  const facts = useChainFacts(ctx, params, decodedRaw !== null)
  const decoded = decodedRaw && facts.token ? withTokenStandard(decodedRaw, facts.token) : decodedRaw

  const value = BigInt(tx.value ?? '0x0')
  const gasPrice = tx.maxFeePerGas ?? tx.gasPrice
  const fee = tx.gas && gasPrice ? BigInt(tx.gas) * BigInt(gasPrice) : null
  const total = fee === null ? null : value + fee
  const short = facts.balance !== undefined && total !== null && facts.balance < total
  const network = chain?.name ?? t('TRANSACTIONS_UNKNOWN_CHAIN', { id: params.chainId })
  const usdOf = (wei: bigint) => {
    if (!facts.usd) return ''
    const usd = Number(formatUnits(wei, decimals)) * facts.usd
    return usd > 0 && usd < 0.01 ? ' (<$0.01)' : ` ($${usd.toFixed(2)})`
  }
  const native = (wei: bigint) => `${formatNative(wei, decimals)} ${symbol}${usdOf(wei)}`

  const action = decoded ? decoded.action : !tx.to ? t('TRANSACTIONS_ACTION_DEPLOY') : data ? t('TRANSACTIONS_ACTION_CALL') : t('TRANSACTIONS_ACTION_SEND')
  const approval = decoded?.action === 'approve' || decoded?.action === 'setApprovalForAll'
  const tokenAmount = decoded && facts.token ? formatTokenAmount(decoded, facts.token) : decoded?.amount !== undefined ? decoded.amount.toString() : null
  const rows: [string, string, string?][] = [
    [t('TRANSACTIONS_ACTION'), action],
    ...(tx.to ? [[t('TRANSACTIONS_TO'), shortAddress(decoded?.transferTo ?? tx.to), decoded?.transferTo ?? tx.to] as [string, string, string]] : []),
    ...(decoded?.spender ? [[t('TRANSACTIONS_SPENDER'), shortAddress(decoded.spender), decoded.spender] as [string, string, string]] : []),
    ...(decoded?.operator ? [[t('TRANSACTIONS_OPERATOR'), shortAddress(decoded.operator), decoded.operator] as [string, string, string]] : []),
    ...(tokenAmount ? [[t('TRANSACTIONS_TOKEN_AMOUNT'), tokenAmount] as [string, string]] : []),
    ...(decoded?.tokenId !== undefined ? [[t('TRANSACTIONS_TOKEN_ID'), decoded.tokenId.toString()] as [string, string]] : []),
    [t('TRANSACTIONS_NETWORK'), network],
    [t('TRANSACTIONS_AMOUNT'), native(value)],
    [t('TRANSACTIONS_FEE'), fee === null ? t('TRANSACTIONS_UNKNOWN') : native(fee)],
    [t('TRANSACTIONS_TOTAL'), total === null ? t('TRANSACTIONS_UNKNOWN') : native(total)],
  ]
  const warnings = [
    ...(params.preparationFailed ? [t('TRANSACTIONS_PREPARE_FAILED')] : []),
    ...(short ? [t('TRANSACTIONS_ADD_FUNDS', { chain: network })] : []),
  ]

  const ui = params.ui ?? {}
  const image = ui.contractInfo?.imgUrl
  return (
    <Screen
      {...(image ? { icon: <img src={image} alt={ui.contractInfo?.imgAltText ?? ''} width={56} height={56} style={{ borderRadius: 12, objectFit: 'cover' }} /> } : {})}
      title={ui.title || (approval ? t('TRANSACTIONS_CONFIRM_ACTION') : t('TRANSACTIONS_REVIEW_TITLE'))}
      subtitle={ui.description || t('TRANSACTIONS_REVIEW_DESCRIPTION')}
      scrollLabel={t('TRANSACTIONS_DETAILS')}
      footer={
        <>
          {warnings.length > 0 ? (
            <div id={warningId} role="alert" style={{ display: 'flex', flexDirection: 'column', gap: 4 }}>
              {warnings.map((w) => (
                <p key={w} className={r.dangerText} style={{ fontSize: 13 }}>
                  {w}
                </p>
              ))}
            </div>
          ) : null}
          <p className={r.row} style={{ justifyContent: 'space-between', fontSize: 13 }}>
            <span className={r.muted} style={{ fontSize: 13 }}>
              {t('TRANSACTIONS_WALLET')}
            </span>
            <span title={params.address} style={{ fontFamily: tk.fontMono, color: tk.fg }}>
              {shortAddress(params.address)}
            </span>
          </p>
          <Button onClick={resolveStep} disabled={short} {...(warnings.length ? { 'aria-describedby': warningId } : {})}>
            {ui.buttonText || t('TRANSACTIONS_APPROVE')}
          </Button>
          <Button variant="secondary" onClick={cancelStep}>
            {t('TRANSACTIONS_CANCEL')}
          </Button>
        </>
      }
    >
      <div className={r.card} style={{ padding: '12px 14px' }}>
        <dl style={rowStyle}>
          {rows.map(([label, shown, full]) => (
            <div key={label} style={{ display: 'contents' }}>
              <dt style={termStyle}>{label}</dt>
              <dd style={{ ...valueStyle, ...(full ? { fontFamily: tk.fontMono } : {}) }} title={full}>
                {shown}
              </dd>
            </div>
          ))}
        </dl>
      </div>
      {data && !decoded ? (
        <div style={{ display: 'flex', flexDirection: 'column', gap: 6, textAlign: 'left' }}>
          <p className={r.muted} style={{ fontSize: 13 }}>
            {t('TRANSACTIONS_RAW_DATA')}
          </p>
          <p aria-label={t('TRANSACTIONS_DATA')} style={{ fontFamily: tk.fontMono, fontSize: 12, wordBreak: 'break-all', margin: 0, color: tk.fg }}>
            {data}
          </p>
        </div>
      ) : null}
    </Screen>
  )
}
