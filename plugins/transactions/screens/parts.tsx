/**
 * The parts both chains' transaction screens are made of: the chain's JSON-RPC, amounts in the app's
 * price display order, short addresses and hashes, the explorer link, the detail rows, the review's
 * warnings, wallet line, image and raw data, the funding the review offers, and the error facts the
 * EVM error screen shows.
 * @module
 */
import { useEffect, useState, type ReactNode } from 'react'
import { formatUnits } from 'viem'
import { porticoRecipes as r, porticoTokens as tk } from '../../../ui/styles'
import { Link } from '../../../ui/components/Link'
import { formatDecimal, formatUsd } from '../../../ui/format'
import type { PluginContext } from '../../../kernel'
import type { PriceDisplay, TransactionReviewParams, TransactionUiOptions } from '../../embedded-wallets'
import type { TransactionScreenMessageKey } from './messages'

/** A screen's text function over the plugin's keys. */
export type Texts = (key: TransactionScreenMessageKey, values?: Record<string, string | number>) => string

/** A short form of an address, hash or signature: its first 4 characters (after a `0x`) and its last 4. */
export function shortAddress(address: string): string {
  const head = address.startsWith('0x') ? 6 : 4
  return address.length > 14 ? `${address.slice(0, head)}…${address.slice(-4)}` : address
}

/** A detail row of an address, hash or signature: shown short, the full value in monospace as its title. */
export function addressRow(label: string, value: string): DetailRow {
  return [label, shortAddress(value), value]
}

/** A native amount with at most 6 decimals ('<0.000001' below that), in the locale's way. */
export function formatNative(wei: bigint, decimals: number, locale = 'en'): string {
  if (wei > 0n && wei * 10n ** 6n < 10n ** BigInt(decimals)) return formatDecimal('<0.000001', locale)
  const [whole, fraction = ''] = formatUnits(wei, decimals).split('.')
  const cut = fraction.slice(0, 6).replace(/0+$/, '')
  return formatDecimal(cut ? `${whole}.${cut}` : whole!, locale)
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
export function formatAmount(
  wei: bigint,
  chain: { symbol: string; decimals: number },
  usdPrice: number | null | undefined,
  primary: PriceDisplay,
  locale = 'en',
): string {
  return withUsd(`${formatNative(wei, chain.decimals, locale)} ${chain.symbol}`, Number(formatUnits(wei, chain.decimals)), usdPrice, primary, locale)
}

/**
 * A native amount's text with its dollar value when a price is known, in the app's order.
 * @param native - the native amount as shown ('0.5 SOL').
 * @param tokens - the amount in whole tokens.
 * @param usdPrice - the token's price, or null / undefined when unknown.
 * @param primary - which figure comes first.
 * @returns '0.5 SOL ($50.00)', '$50.00 (0.5 SOL)' or the native text alone.
 */
export function withUsd(native: string, tokens: number, usdPrice: number | null | undefined, primary: PriceDisplay, locale = 'en'): string {
  if (!usdPrice) return native
  const usd = formatUsd(tokens * usdPrice, locale)
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

/**
 * A block explorer's page of a transaction: `{explorer}/tx/{hash}`, the explorer URL's query kept
 * (Solana explorers name the cluster there).
 * @param base - the chain's block explorer URL, if any.
 * @param hash - the transaction's hash or signature.
 * @returns the URL, or null without a (valid) explorer URL.
 */
export function explorerUrl(base: string | undefined, hash: string): string | null {
  if (!base) return null
  try {
    const url = new URL(base)
    url.pathname = `${url.pathname.replace(/\/+$/, '')}/tx/${hash}`
    return url.toString()
  } catch {
    return null
  }
}

/** The 'View on block explorer' link, or nothing without a link. */
export function ExplorerLink({ href, label }: { href: string | null; label: string }) {
  return href ? (
    <p style={{ fontSize: 13, margin: 0 }}>
      <Link href={href}>{label}</Link>
    </p>
  ) : null
}

/**
 * JSON-RPC to a chain's endpoint (an EVM node or a Solana cluster).
 * @param rpcUrl - the endpoint.
 * @returns the call function, typed by its caller; it rejects with the endpoint's error message.
 */
export function chainCall(rpcUrl: string) {
  let id = 0
  return async <T = unknown,>(method: string, params: unknown[]): Promise<T> => {
    const res = await fetch(rpcUrl, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id: ++id, method, params }) })
    const body = (await res.json()) as { result?: T; error?: { message: string } }
    if (body.error) throw new Error(body.error.message)
    return body.result as T
  }
}

/**
 * Whether the app's paymaster pays the fee: a smart wallet's user operation adds `sponsored: true`
 * to the review's params, and the fee then shows as 'Sponsored' (and counts for nothing in the total).
 * @param params - the review's params.
 * @returns true when sponsored.
 */
export function isSponsored(params: TransactionReviewParams): boolean {
  return params.sponsored === true
}

/** A mined transaction's receipt as the receipt screen reads it (JSON-RPC hex quantities). */
export interface MinedReceipt {
  status: string
  blockNumber: string
  gasUsed: string
  effectiveGasPrice?: string
  logs?: readonly { address: string; topics: readonly string[]; data: string }[]
}

/**
 * The fee the sender paid for a mined transaction: what the review's params read from the receipt
 * when they carry a `feePaid` reader (a smart wallet's user operation adds one: the account pays the
 * operation's `actualGasCost`, not the bundle transaction's gas), else its gas used at its effective price.
 * @param params - the review's params.
 * @param receipt - the mined receipt.
 * @returns the fee in the chain's smallest unit.
 */
export function feePaidOf(params: TransactionReviewParams, receipt: MinedReceipt): bigint {
  return params.feePaid?.(receipt) ?? BigInt(receipt.gasUsed) * BigInt(receipt.effectiveGasPrice ?? '0x0')
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

const rowStyle = { display: 'grid', gridTemplateColumns: 'minmax(96px, auto) 1fr', gap: '8px 12px', margin: 0, fontSize: 14, textAlign: 'start' } as const
const termStyle = { color: tk.fgMuted, fontWeight: 600, fontSize: 13 } as const
const valueStyle = { margin: 0, overflowWrap: 'anywhere', color: tk.fg, textAlign: 'end' } as const

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

/** The detail rows on a card. */
export function DetailsCard({ rows, live }: { rows: readonly DetailRow[]; live?: boolean }) {
  return (
    <div className={r.card} style={{ padding: '12px 14px' }} {...(live ? { 'aria-live': 'polite' as const } : {})}>
      <Details rows={rows} />
    </div>
  )
}

/** Calldata or instruction data shown raw, in monospace. */
export function RawData({ label, data }: { label: string; data: string }) {
  return (
    <p aria-label={label} style={{ fontFamily: tk.fontMono, fontSize: 12, wordBreak: 'break-all', margin: 0, color: tk.fg }}>
      {data}
    </p>
  )
}

/** The host's contract image as a review's icon, when it gives one (`contractInfo`). */
export function contractIcon(ui: Pick<TransactionUiOptions, 'contractInfo'>): { icon?: ReactNode } {
  const image = ui.contractInfo?.imgUrl
  return image ? { icon: <img src={image} alt={ui.contractInfo?.imgAltText ?? ''} width={56} height={56} style={{ borderRadius: 12, objectFit: 'cover' }} /> } : {}
}

/**
 * The top of a review's footer: its warnings (an alert the Approve button points at) and the signing wallet.
 * @param props - the warnings' element id, the warnings, the wallet line's label and the address.
 * @returns the block.
 */
export function ReviewFooterFacts({ warningId, warnings, walletLabel, address }: { warningId: string; warnings: readonly string[]; walletLabel: string; address: string }) {
  return (
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
          {walletLabel}
        </span>
        <span title={address} style={{ fontFamily: tk.fontMono, color: tk.fg }}>
          {shortAddress(address)}
        </span>
      </p>
    </>
  )
}

/** How often a review reads the balance again while it does not cover the total (the funding screens' manual transfer polls as often). */
export const BALANCE_POLL_MS = 2000

/** Opens the funding method selection for an amount, over the review (which the modal comes back to). */
export type OpenFunding = (amount: string) => void

/**
 * The funding a review can offer when the balance falls short: the funding plugin's method selection
 * for the wallet's chain or cluster, or null without one. The funding plugin's public entry loads
 * only once `wanted` (the balance falls short).
 * @param ctx - the plugin's context.
 * @param address - the wallet.
 * @param target - the funding call's chain (`{ chain: 'eip155:1' }`) or cluster (`{ cluster: { name: 'devnet' } }`); null when funding cannot name it.
 * @param wanted - whether funding is wanted now.
 * @returns the opener, or null.
 */
export function useFunding(ctx: PluginContext, address: string, target: { chain: string } | { cluster: { name: 'mainnet-beta' | 'devnet' | 'testnet' } } | null, wanted: boolean): OpenFunding | null {
  const [fund, setFund] = useState<OpenFunding | null>(null)
  const targetKey = JSON.stringify(target)
  useEffect(() => {
    if (!wanted || !target) return
    let gone = false
    void import('../../funding').then(({ findFunding }) => {
      const core = findFunding(ctx)
      const options = (amount?: string) => ({ ...target, ...(amount ? { amount } : {}) })
      try {
        core?.prepare(address, options())
      } catch {
        return // funding is off, or offers nothing for this chain
      }
      if (!core || gone) return
      setFund(() => (amount: string) => {
        // The funding runs as a step inside the transaction's: when it ends, the modal comes back
        // to this review (its balance is read again).
        void core.fund(core.prepare(address, options(amount)))
      })
    }, () => undefined)
    return () => {
      gone = true
    }
    // The target is compared by its value.
  }, [ctx, address, targetKey, wanted])
  return fund
}
