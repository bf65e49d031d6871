/**
 * What the transaction screens share: the chain's JSON-RPC, amounts in the app's price display
 * order, short addresses, the explorer link, the detail rows, and the error facts the error screen
 * shows.
 * @module
 */
import type { ReactNode } from 'react'
import { formatUnits } from 'viem'
import { porticoTokens as tk } from '../../../ui/styles'
import type { PriceDisplay, TransactionReviewParams } from '../../embedded-wallets'
import type { ChainCall } from '../token-info'
import type { TransactionScreenMessageKey } from './messages'

/** A screen's text function over the plugin's keys. */
export type Texts = (key: TransactionScreenMessageKey, values?: Record<string, string | number>) => string

/** A short form of an address or hash: its first 6 and last 4 characters. */
export function shortAddress(address: string): string {
  return address.length > 14 ? `${address.slice(0, 6)}…${address.slice(-4)}` : address
}

/** A native amount with at most 6 decimals ('<0.000001' below that). */
export function formatNative(wei: bigint, decimals: number): string {
  if (wei > 0n && wei * 10n ** 6n < 10n ** BigInt(decimals)) return '<0.000001'
  const [whole, fraction = ''] = formatUnits(wei, decimals).split('.')
  const cut = fraction.slice(0, 6).replace(/0+$/, '')
  return cut ? `${whole}.${cut}` : whole!
}

/** A dollar figure: '<$0.01' under a cent (spec 02 §9). */
export function formatUsd(usd: number): string {
  return usd > 0 && usd < 0.01 ? '<$0.01' : `$${usd.toFixed(2)}`
}

/**
 * An amount of the chain's native token with its dollar value when a price is known, in the app's
 * order (`priceDisplay.primary`): '0.01 ETH ($25.00)' or '$25.00 (0.01 ETH)'.
 * @param wei - the amount in the smallest unit.
 * @param chain - the chain's symbol and decimals.
 * @param usdPrice - the token's price, or null / undefined when unknown.
 * @param primary - which figure comes first.
 * @returns the text.
 */
export function formatAmount(wei: bigint, chain: { symbol: string; decimals: number }, usdPrice: number | null | undefined, primary: PriceDisplay): string {
  const native = `${formatNative(wei, chain.decimals)} ${chain.symbol}`
  if (!usdPrice) return native
  const usd = formatUsd(Number(formatUnits(wei, chain.decimals)) * usdPrice)
  return primary === 'fiat-currency' ? `${usd} (${native})` : `${native} (${usd})`
}

/** The chain's symbol and decimals, ETH's when the app has no such chain. */
export function nativeOf(params: TransactionReviewParams): { symbol: string; decimals: number } {
  return { symbol: params.chain?.symbol ?? 'ETH', decimals: params.chain?.decimals ?? 18 }
}

/** The network's name ('Chain {id}' when the app has no such chain). */
export function networkOf(params: TransactionReviewParams, t: Texts): string {
  return params.chain?.name ?? t('TRANSACTIONS_UNKNOWN_CHAIN', { id: params.chainId })
}

/** The block explorer's page of a transaction, when the chain has an explorer. */
export function explorerUrl(params: TransactionReviewParams, hash: string): string | null {
  const base = params.chain?.blockExplorerUrl
  return base ? `${base.replace(/\/+$/, '')}/tx/${hash}` : null
}

/**
 * JSON-RPC to a chain's endpoint.
 * @param rpcUrl - the endpoint.
 * @returns the call function; it rejects with the endpoint's error message.
 */
export function chainCall(rpcUrl: string): ChainCall {
  let id = 0
  return async (method, params) => {
    const res = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }) })
    const body = (await res.json()) as { result?: unknown; error?: { message: string } }
    if (body.error) throw new Error(body.error.message)
    return body.result
  }
}

/** What the error screen shows of a failure: its code and message, and the hash when one exists. */
export interface TransactionFailure extends Record<string, unknown> {
  code: string
  message: string
  hash?: string
}

/**
 * The error screen's facts of a thrown error: a provider error's JSON-RPC code, or a Portico
 * error's code, its message, and the hash of a reverted item (`data.hash`).
 * @param err - what was thrown.
 * @returns the facts.
 */
export function failureOf(err: unknown): TransactionFailure {
  const e = err as { rpcCode?: unknown; code?: unknown; message?: unknown; data?: { hash?: unknown } } | null
  const code = typeof e?.rpcCode === 'number' ? String(e.rpcCode) : typeof e?.code === 'string' || typeof e?.code === 'number' ? String(e.code) : 'error'
  // An item of a multi-item request that the chain reverted before the next was sent.
  const hash = typeof e?.data?.hash === 'string' ? { hash: e.data.hash } : {}
  return { code, message: typeof e?.message === 'string' && e.message ? e.message : String(err), ...hash }
}

const rowStyle = { display: 'grid', gridTemplateColumns: 'minmax(96px, auto) 1fr', gap: '8px 12px', margin: 0, fontSize: 14, textAlign: 'left' } as const
const termStyle = { color: tk.fgMuted, fontWeight: 600, fontSize: 13 } as const
const valueStyle = { margin: 0, overflowWrap: 'anywhere', color: tk.fg, textAlign: 'right' } as const

/** A detail row: its label, what it shows, and the full value (an address or hash, shown in monospace with the full value as its title). */
export type DetailRow = [label: string, shown: ReactNode, full?: string]

/**
 * The detail rows of a transaction screen, as a description list.
 * @param props - the rows.
 * @returns the list.
 */
export function Details({ rows }: { rows: readonly DetailRow[] }) {
  return (
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
  )
}
