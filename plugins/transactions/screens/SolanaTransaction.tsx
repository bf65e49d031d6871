/**
 * The Solana transaction screen (`transactions/solana`): the review of a transaction the embedded
 * Solana wallet is asked to sign, then, for a send, its confirmation, receipt and retry.
 *
 * The review lists each instruction: System Program SOL transfers and SPL Token transfers decoded
 * (the token amount in the mint's decimals, read from the cluster when the instruction does not
 * carry them), anything else by program with its raw data and a warning. Below them: the network,
 * the fee the cluster charges for the message (`getFeeForMessage`) and the total SOL leaving the
 * wallet, with dollar values when the price route knows SOL's (first or second as the app's
 * `priceDisplay.primary` says). It warns when a simulation fails ('There was an error preparing your
 * transaction…') and when the balance does not cover the total ('Add funds on {chain} to complete
 * transaction.', Approve then disabled, or turned into 'Add funds' to the funding method selection
 * when the funding plugin funds the cluster; the balance is read again while it falls short).
 * Approve ends a signature's step; for a send it sends, waits for the cluster to confirm it
 * (`getSignatureStatuses`, confirmed or finalized) and shows the receipt with the fee paid; a refused
 * or failed send shows the error with 'Retry transaction'.
 * Cancel, or closing before anything was sent, rejects with 4001.
 * @module
 */
import { useEffect, useId, useMemo, useRef, useState } from 'react'
import { formatUnits } from 'viem'
import { getBase64Encoder, getTransactionDecoder, type Address } from '@solana/kit'
import { getMintDecoder, getTokenDecoder } from '@solana-program/token'
import { porticoRecipes as r, porticoTokens as tk } from '../../../ui/styles'
import type { ScreenProps } from '../../../ui/context'
import { Screen } from '../../../ui/components/Screen'
import { Button } from '../../../ui/components/Button'
import { BadgeGlyph, IconBadge } from '../../../ui/components/IconBadge'
import type { PluginContext } from '../../../kernel'
import type { SolanaTransactionReviewParams } from '../../embedded-wallets'
import { formatSol, LAMPORTS_PER_SOL, reviewSolanaTransaction, type ReviewedInstruction } from '../solana-decode'
import { fetchUsdPrice, SOLANA_PRICE_CHAIN_ID } from '../index'
import { formatDecimal } from '../../../ui/format'
import { addressRow, BALANCE_POLL_MS, chainCall, contractIcon, Details, DetailsCard, ExplorerLink, explorerUrl, RawData, ReviewFooterFacts, shortAddress, useFunding, withUsd, type DetailRow, type Texts } from './parts'

/** How often the confirmation is asked for, and for how long (about a blockhash's lifetime). */
export const CONFIRMATION_POLL_MS = 1000
export const CONFIRMATION_TIMEOUT_MS = 90_000

const SEND_GLYPH = 'M5 12h14m-6-6 6 6-6 6'

/** The clusters the funding plugin funds on, by the genesis hash of their CAIP-2 id (`solana:{hash}`). */
const FUNDING_CLUSTERS: Record<string, 'mainnet-beta' | 'devnet' | 'testnet'> = {
  '5eykt4UsFv8P8NJdTREpY1vzqKqZKvdp': 'mainnet-beta',
  EtWTRABZaYq6iMfeYKouRu166VU2xqa1: 'devnet',
  '4uhcVJyU9pJkvQyS88uRDiswHXSCkY3z': 'testnet',
}

/** The funding call's cluster for the app's Solana chain, or null for a cluster funding does not know (a local one). */
function fundingTarget(chainId: string | undefined) {
  const name = chainId ? FUNDING_CLUSTERS[chainId.replace(/^solana:/, '')] : undefined
  return name ? { cluster: { name } } : null
}

type ClusterCall = ReturnType<typeof chainCall>

/** An account's data, or null when it does not exist. */
async function accountData(call: ClusterCall, address: Address): Promise<Uint8Array | null> {
  const { value } = await call<{ value: { data: [string, string] } | null }>('getAccountInfo', [address, { encoding: 'base64' }])
  return value ? new Uint8Array(getBase64Encoder().encode(value.data[0])) : null
}

/** A token transfer's mint and decimals: from a `transferChecked`, else from its source account and the mint. */
async function tokenOf(call: ClusterCall, ix: Extract<ReviewedInstruction, { kind: 'token-transfer' }>): Promise<{ mint: Address; decimals: number } | null> {
  if (ix.mint && ix.decimals !== undefined) return { mint: ix.mint, decimals: ix.decimals }
  const source = await accountData(call, ix.source)
  if (!source) return null
  const mint = getTokenDecoder().decode(source).mint
  const mintData = await accountData(call, mint)
  return mintData ? { mint, decimals: getMintDecoder().decode(mintData).decimals } : null
}

/** Token base units in the mint's decimals, without trailing zeros. */
function formatTokenUnits(amount: bigint, decimals: number): string {
  const scale = 10n ** BigInt(decimals)
  const fraction = decimals > 0 ? (amount % scale).toString().padStart(decimals, '0').replace(/0+$/, '') : ''
  return fraction ? `${amount / scale}.${fraction}` : `${amount / scale}`
}

interface Facts {
  fee?: bigint | null
  balance?: bigint
  usd?: number | null
  simulationFailed?: boolean
  tokens?: Record<number, { mint: Address; decimals: number } | null>
}

/**
 * What the review reads from the cluster and the price route; each part stays unknown when it cannot
 * be read. While `short` (the balance does not cover the total) the balance is read again, so funds
 * added meanwhile enable Approve.
 */
function useClusterFacts(ctx: PluginContext, params: SolanaTransactionReviewParams, tokenIndexes: number[], messageBase64: string, short: boolean): Facts {
  const [facts, setFacts] = useState<Facts>({})
  const { address, transaction, cluster } = params
  const tokenKey = tokenIndexes.join(',')
  useEffect(() => {
    if (!short || !cluster.rpcUrl) return
    const call = chainCall(cluster.rpcUrl)
    const timer = setInterval(() => {
      void call<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }]).then((r) => setFacts((f) => ({ ...f, balance: BigInt(r.value) })), () => undefined)
    }, BALANCE_POLL_MS)
    return () => clearInterval(timer)
  }, [short, cluster.rpcUrl, address])
  useEffect(() => {
    let gone = false
    const set = (part: Partial<Facts>) => {
      if (!gone) setFacts((f) => ({ ...f, ...part, tokens: { ...f.tokens, ...part.tokens } }))
    }
    const ignore = () => undefined
    void fetchUsdPrice(ctx.api, SOLANA_PRICE_CHAIN_ID, 'SOL').then((usd) => set({ usd }))
    if (cluster.rpcUrl) {
      const call = chainCall(cluster.rpcUrl)
      void call<{ value: number | null }>('getFeeForMessage', [messageBase64, { commitment: 'confirmed' }]).then((r) => set({ fee: r.value === null ? null : BigInt(r.value) }), () => set({ fee: null }))
      void call<{ value: number }>('getBalance', [address, { commitment: 'confirmed' }]).then((r) => set({ balance: BigInt(r.value) }), ignore)
      void call<{ value: { err: unknown } }>('simulateTransaction', [transaction, { encoding: 'base64', sigVerify: false, commitment: 'confirmed' }]).then(
        (r) => set({ simulationFailed: r.value.err !== null }),
        () => set({ simulationFailed: true }),
      )
      const review = reviewSolanaTransaction(getBase64Encoder().encode(transaction) as Uint8Array)
      for (const i of tokenKey ? tokenKey.split(',').map(Number) : []) {
        const ix = review.instructions[i]
        if (ix?.kind !== 'token-transfer') continue
        void tokenOf(call, ix).then((token) => set({ tokens: { [i]: token } }), () => set({ tokens: { [i]: null } }))
      }
    }
    return () => {
      gone = true
    }
  }, [ctx, address, transaction, cluster.rpcUrl, tokenKey, messageBase64])
  return facts
}

/** Where the send stands once approved. */
type Phase =
  | { name: 'review' }
  | { name: 'sending' }
  | { name: 'confirming'; signature: string; status?: string }
  | { name: 'confirmed'; signature: string }
  | { name: 'failed'; code: string; message: string; signature?: string }

/** The code and text of a failed send: the RPC's refusal as the wallet reports it. */
function failureOf(error: unknown, fallback: string): { code: string; message: string } {
  const e = error as { code?: unknown; details?: unknown; message?: unknown } | null
  const code = typeof e?.code === 'string' || typeof e?.code === 'number' ? String(e.code) : 'error'
  const message = typeof e?.details === 'string' && e.details ? e.details : typeof e?.message === 'string' && e.message ? e.message : fallback
  return { code, message }
}

/**
 * The screen.
 * @param props - screen props with the embedded wallet's `SolanaTransactionReviewParams`.
 * @returns the screen.
 */
export default function SolanaTransaction({ ctx, params, resolveStep, cancelStep, isShown }: ScreenProps<SolanaTransactionReviewParams>) {
  const t: Texts = (key, values) => ctx.t(key, values)
  const warningId = useId()
  const { cluster } = params
  const { review, messageBase64 } = useMemo(() => {
    const bytes = getBase64Encoder().encode(params.transaction) as Uint8Array
    const messageBytes = getTransactionDecoder().decode(bytes).messageBytes
    let binary = ''
    for (const b of messageBytes) binary += String.fromCharCode(b)
    return { review: reviewSolanaTransaction(bytes), messageBase64: btoa(binary) }
  }, [params.transaction])
  const tokenIndexes = review.instructions.flatMap((ix, i) => (ix.kind === 'token-transfer' ? [i] : []))
  const [short, setShort] = useState(false)
  const facts = useClusterFacts(ctx, params, tokenIndexes, messageBase64, short)
  const [phase, setPhase] = useState<Phase>({ name: 'review' })
  // What leaves the wallet: its SOL transfers, and the fee when it pays it.
  const wallet = params.address as Address
  const outgoing = review.instructions.reduce((sum, ix) => (ix.kind === 'sol-transfer' && ix.from === wallet ? sum + ix.lamports : sum), 0n)
  const fee = facts.fee === undefined ? undefined : facts.fee === null ? null : review.feePayer === wallet ? facts.fee : 0n
  const total = fee === undefined || fee === null ? null : outgoing + fee
  const shortOfFunds = facts.balance !== undefined && total !== null && facts.balance < total
  useEffect(() => setShort(shortOfFunds), [shortOfFunds])
  const fund = useFunding(ctx, params.address, fundingTarget(cluster.id), shortOfFunds)

  // The confirmation: asked for until the cluster says confirmed or finalized, the transaction fails,
  // the time runs out or the screen goes.
  const polling = useRef(0)
  useEffect(() => {
    if (phase.name !== 'confirming' || !cluster.rpcUrl) return
    const run = ++polling.current
    const call = chainCall(cluster.rpcUrl)
    const until = Date.now() + CONFIRMATION_TIMEOUT_MS
    const { signature } = phase
    let timer: ReturnType<typeof setTimeout> | undefined
    const poll = async () => {
      if (run !== polling.current || !isShown()) return
      try {
        const { value } = await call<{ value: ({ err: unknown; confirmationStatus?: string } | null)[] }>('getSignatureStatuses', [[signature]])
        if (run !== polling.current) return
        const status = value[0]
        if (status?.err) return setPhase({ name: 'failed', code: 'transaction_failed', message: typeof status.err === 'string' ? status.err : JSON.stringify(status.err), signature })
        if (status?.confirmationStatus === 'confirmed' || status?.confirmationStatus === 'finalized') return setPhase({ name: 'confirmed', signature })
        if (status?.confirmationStatus && status.confirmationStatus !== phase.status) setPhase({ name: 'confirming', signature, status: status.confirmationStatus })
      } catch {
        // An RPC that does not answer once is asked again until the time runs out.
      }
      if (Date.now() > until) return setPhase({ name: 'failed', code: 'timeout', message: t('TRANSACTIONS_SOLANA_CONFIRM_TIMEOUT'), signature })
      timer = setTimeout(() => void poll(), CONFIRMATION_POLL_MS)
    }
    void poll()
    return () => {
      polling.current++
      if (timer) clearTimeout(timer)
    }
    // The phase's status only changes the text; a new poll starts for a new signature.
  }, [phase.name, phase.name === 'confirming' ? phase.signature : '', cluster.rpcUrl])

  const send = async () => {
    if (!params.send) return resolveStep()
    setPhase({ name: 'sending' })
    try {
      const signature = await params.send()
      setPhase(cluster.rpcUrl ? { name: 'confirming', signature } : { name: 'confirmed', signature })
    } catch (error) {
      setPhase({ name: 'failed', ...failureOf(error, t('TRANSACTIONS_SOLANA_SOMETHING_WRONG')) })
    }
  }

  const sol = (lamports: bigint) => withUsd(`${formatDecimal(formatSol(lamports), ctx.locale())} SOL`, Number(lamports) / Number(LAMPORTS_PER_SOL), facts.usd, params.priceDisplay, ctx.locale())
  const ui = params.ui ?? {}
  const explorer = (signature: string) => explorerUrl(cluster.blockExplorerUrl, signature)

  if (phase.name === 'sending' || phase.name === 'confirming') {
    const text = phase.name === 'sending' ? t('TRANSACTIONS_SOLANA_SENDING') : phase.status ? t('TRANSACTIONS_SOLANA_CONFIRMING_STATUS', { status: phase.status }) : t('TRANSACTIONS_SOLANA_CONFIRMING')
    return (
      <Screen
        icon={
          <IconBadge busy>
            <BadgeGlyph path={SEND_GLYPH} />
          </IconBadge>
        }
        title={phase.name === 'sending' ? t('TRANSACTIONS_SOLANA_SENDING_TITLE') : t('TRANSACTIONS_SOLANA_CONFIRMING_TITLE')}
        subtitle={
          <span role="status" aria-live="polite">
            {text}
          </span>
        }
      >
        {phase.name === 'confirming' ? (
          <p className={r.muted} style={{ fontSize: 13 }}>
            {t('TRANSACTIONS_SOLANA_SIGNATURE')}: <span style={{ fontFamily: tk.fontMono }} title={phase.signature}>{shortAddress(phase.signature)}</span>
          </p>
        ) : null}
      </Screen>
    )
  }

  if (phase.name === 'confirmed') {
    const link = explorer(phase.signature)
    return (
      <Screen
        icon="success"
        title={ui.successHeader || t('TRANSACTIONS_SOLANA_CONFIRMED_TITLE')}
        subtitle={ui.successDescription || t('TRANSACTIONS_SOLANA_CONFIRMED_DESCRIPTION', { chain: cluster.name })}
        footer={<Button onClick={resolveStep}>{t('TRANSACTIONS_DONE')}</Button>}
      >
        <DetailsCard
          rows={[
            addressRow(t('TRANSACTIONS_SOLANA_SIGNATURE'), phase.signature),
            [t('TRANSACTIONS_NETWORK'), cluster.name],
            // The fee the cluster charges for this message, which the confirmed transaction paid.
            ...(typeof fee === 'bigint' ? [[t('TRANSACTIONS_FEE_PAID'), sol(fee)] as DetailRow] : []),
          ]}
        />
        <ExplorerLink href={link} label={t('TRANSACTIONS_VIEW_ON_EXPLORER')} />
      </Screen>
    )
  }

  if (phase.name === 'failed') {
    const link = phase.signature ? explorer(phase.signature) : null
    const rows: DetailRow[] = [[t('TRANSACTIONS_ERROR_CODE'), phase.code]]
    if (phase.signature) rows.push(addressRow(t('TRANSACTIONS_SOLANA_SIGNATURE'), phase.signature))
    return (
      <Screen
        icon="error"
        title={t('TRANSACTIONS_ERROR_TITLE')}
        scrollLabel={t('TRANSACTIONS_DETAILS')}
        footer={
          <>
            <Button onClick={() => void send()}>{t('TRANSACTIONS_RETRY')}</Button>
            <Button variant="secondary" onClick={cancelStep}>
              {t('TRANSACTIONS_CANCEL')}
            </Button>
          </>
        }
      >
        <p role="alert" className={r.dangerText} style={{ fontSize: 13, overflowWrap: 'anywhere' }}>
          {phase.message}
        </p>
        <DetailsCard rows={rows} />
        <ExplorerLink href={link} label={t('TRANSACTIONS_VIEW_ON_EXPLORER')} />
      </Screen>
    )
  }

  // The review.
  const raw = review.instructions.some((ix) => ix.kind === 'other')
  const warnings = [
    ...(facts.simulationFailed ? [t('TRANSACTIONS_PREPARE_FAILED')] : []),
    ...(shortOfFunds ? [t('TRANSACTIONS_ADD_FUNDS', { chain: cluster.name })] : []),
  ]
  const instructionRows = (ix: ReviewedInstruction, i: number): { title: string; rows: DetailRow[]; data?: string } => {
    if (ix.kind === 'sol-transfer') {
      return {
        title: t('TRANSACTIONS_SOLANA_SEND_SOL'),
        rows: [
          addressRow(t('TRANSACTIONS_SOLANA_FROM'), ix.from),
          addressRow(t('TRANSACTIONS_TO'), ix.to),
          [t('TRANSACTIONS_AMOUNT'), sol(ix.lamports)],
        ],
      }
    }
    if (ix.kind === 'token-transfer') {
      const token = facts.tokens?.[i]
      return {
        title: t('TRANSACTIONS_SOLANA_SEND_TOKENS'),
        rows: [
          addressRow(t('TRANSACTIONS_SOLANA_FROM'), ix.source),
          addressRow(t('TRANSACTIONS_TO'), ix.destination),
          ...(token ? [addressRow(t('TRANSACTIONS_SOLANA_MINT'), token.mint)] : []),
          [t('TRANSACTIONS_TOKEN_AMOUNT'), token ? formatTokenUnits(ix.amount, token.decimals) : token === null ? ix.amount.toString() : '…'],
        ],
      }
    }
    let hex = ''
    for (const b of ix.data) hex += b.toString(16).padStart(2, '0')
    return { title: t('TRANSACTIONS_SOLANA_UNKNOWN_INSTRUCTION'), rows: [addressRow(t('TRANSACTIONS_SOLANA_PROGRAM'), ix.programAddress)], data: hex ? `0x${hex}` : '0x' }
  }
  const pending = '…'
  return (
    <Screen
      {...contractIcon(ui)}
      title={ui.title || t('TRANSACTIONS_REVIEW_TITLE')}
      subtitle={ui.description || t('TRANSACTIONS_REVIEW_DESCRIPTION')}
      scrollLabel={t('TRANSACTIONS_DETAILS')}
      footer={
        <>
          <ReviewFooterFacts warningId={warningId} warnings={warnings} walletLabel={t('TRANSACTIONS_WALLET')} address={params.address} />
          {shortOfFunds && fund && total !== null ? (
            <Button onClick={() => fund(formatUnits(total - facts.balance!, 9))} aria-describedby={warningId}>
              {t('TRANSACTIONS_ADD_FUNDS_BUTTON')}
            </Button>
          ) : (
            <Button onClick={() => void send()} disabled={shortOfFunds} {...(warnings.length ? { 'aria-describedby': warningId } : {})}>
              {ui.buttonText || t('TRANSACTIONS_APPROVE')}
            </Button>
          )}
          <Button variant="secondary" onClick={cancelStep}>
            {t('TRANSACTIONS_CANCEL')}
          </Button>
        </>
      }
    >
      {review.instructions.map((ix, i) => {
        const shown = instructionRows(ix, i)
        return (
          <section key={i} aria-label={shown.title} className={r.card} style={{ padding: '12px 14px', display: 'flex', flexDirection: 'column', gap: 8, textAlign: 'start' }}>
            <h3 style={{ margin: 0, fontSize: 14, fontWeight: 600, color: tk.fg }}>{shown.title}</h3>
            <Details rows={shown.rows} />
            {shown.data !== undefined ? <RawData label={t('TRANSACTIONS_DATA')} data={shown.data} /> : null}
          </section>
        )
      })}
      {raw ? (
        <p className={r.muted} style={{ fontSize: 13, textAlign: 'start' }}>
          {t('TRANSACTIONS_SOLANA_RAW')}
        </p>
      ) : null}
      <DetailsCard
        rows={[
          [t('TRANSACTIONS_NETWORK'), cluster.name],
          [t('TRANSACTIONS_FEE'), fee === undefined ? pending : fee === null ? t('TRANSACTIONS_UNKNOWN') : sol(fee)],
          [t('TRANSACTIONS_TOTAL'), total === null ? (fee === undefined ? pending : t('TRANSACTIONS_UNKNOWN')) : sol(total)],
        ]}
      />
    </Screen>
  )
}
