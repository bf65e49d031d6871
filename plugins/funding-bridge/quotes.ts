/**
 * Bridge quotes: the request a bridge quote service takes (amount, user, recipient, origin and
 * destination chains and currencies; Solana is destination chain 792703809), the adapter that asks
 * one over HTTP, the choice among several quotes, and the execution of a quote's steps.
 * @module
 */
import { PorticoError } from '../../kernel/errors'

/** The chain id bridge quote services use for Solana (spec §7). */
export const BRIDGE_SOLANA_CHAIN_ID = 792703809

/** The currency id a quote service uses for a chain's native currency on EVM chains. */
export const BRIDGE_EVM_NATIVE = '0x0000000000000000000000000000000000000000'
/** The currency id a quote service uses for SOL. */
export const BRIDGE_SOL_NATIVE = '11111111111111111111111111111111'

/** One side of a bridge: an EVM chain (numeric id) or Solana (its cluster). */
export type BridgeChain = { type: 'ethereum'; chainId: number } | { type: 'solana'; cluster: 'mainnet-beta' | 'devnet' | 'testnet' }

/** What to bridge: from the user's wallet on one chain to the recipient on the other. */
export interface BridgeQuoteRequest {
  /** The paying wallet (the user's external wallet) on the origin chain. */
  user: string
  /** The wallet being funded, on the destination chain. */
  recipient: string
  origin: BridgeChain
  destination: BridgeChain
  /** Currency ids on each side (contract or mint address; the native ids above for native currencies). */
  originCurrency: string
  destinationCurrency: string
  /** The amount to receive, in the destination currency's smallest unit (decimal digits). */
  amount: string
  /** Whether the chains are testnets: a swap is then asked at the service's testnet base URL. */
  testnet?: boolean
}

/** An EVM transaction a quote's step asks the user's wallet to send (spec §7: from, to, value, chainId, data). */
export interface EvmBridgeTransaction {
  from: string
  to: string
  value: string
  chainId: number
  data: string
}

/** A Solana transaction a quote's step asks for (Solana as origin): its instructions, as the service gives them. */
export interface SolanaBridgeTransaction {
  chainId: typeof BRIDGE_SOLANA_CHAIN_ID
  instructions: readonly { programId: string; keys: readonly { pubkey: string; isSigner: boolean; isWritable: boolean }[]; data: string }[]
  addressLookupTableAddresses?: readonly string[]
}

/** A transaction of a quote's step: EVM, or Solana when Solana is the origin. */
export type BridgeTransaction = EvmBridgeTransaction | SolanaBridgeTransaction

/** One step of a quote (an approval, the deposit...), each with the transactions to send in order. */
export interface BridgeStep {
  id: string
  description?: string
  items: readonly { data: BridgeTransaction }[]
}

/** A quote: the steps to execute, and what it costs and delivers, as the service answered. */
export interface BridgeQuote {
  /** The service's name for where the quote comes from (a bridge, a solver). */
  provider: string
  steps: readonly BridgeStep[]
  /** What the user's wallet pays, in the origin currency's smallest unit, when the service says. */
  amountIn?: string
  /** What the recipient gets (smallest unit), when the service says. */
  amountOut?: string
  /** The fees, in US dollars, when the service says. */
  feesUsd?: number
  /** Seconds until the funds arrive, when the service says. */
  timeEstimate?: number
}

/** A bridge quote service: answers the quotes for a request (several when it offers a choice). */
export interface BridgeQuoteService {
  quotes(request: BridgeQuoteRequest): Promise<BridgeQuote[]>
  /**
   * Same-chain swap quotes (origin and destination the same chain, another currency on each side);
   * a service without it offers no swap.
   */
  swap?(request: BridgeQuoteRequest): Promise<BridgeQuote[]>
}

/** The spec's bridge errors (§8), worded as it words them. */
export const BRIDGE_TEXTS = {
  quotes: 'Unable to fetch quotes for bridging…',
  select: 'Unable to select bridge option from quotes…',
  rejected: 'Transaction was rejected by the user',
  unsupported: 'Bridging is not supported on Solana testnets and devnets',
  notEnough: 'Wallet {address} does not have enough funds.',
} as const

const chainIdOf = (chain: BridgeChain) => (chain.type === 'solana' ? BRIDGE_SOLANA_CHAIN_ID : chain.chainId)

/**
 * Whether a request can be bridged at all: quote services bridge Solana's mainnet only (spec §9:
 * unsupported on Solana testnets and devnets), and between two different chains.
 * @param request - the request.
 * @returns true when it can be asked for.
 * @example
 * ```ts
 * canBridge({ ...request, destination: { type: 'solana', cluster: 'devnet' } }) // false
 * ```
 */
export function canBridge(request: Pick<BridgeQuoteRequest, 'origin' | 'destination'>): boolean {
  const testnet = (c: BridgeChain) => c.type === 'solana' && c.cluster !== 'mainnet-beta'
  return !testnet(request.origin) && !testnet(request.destination) && chainIdOf(request.origin) !== chainIdOf(request.destination)
}

/**
 * Asks a quote service, refusing first what no service bridges (Solana testnets and devnets), so
 * the spec's text shows whatever service the host plugged in.
 * @param service - the service.
 * @param request - the request.
 * @returns the service's quotes.
 * @throws PorticoError `FUNDING_BRIDGE_UNSUPPORTED` ('Bridging is not supported on Solana testnets and devnets').
 * @example
 * ```ts
 * const quotes = await askBridgeQuotes(findBridge(ctx)!, request)
 * ```
 */
export async function askBridgeQuotes(service: BridgeQuoteService, request: BridgeQuoteRequest): Promise<BridgeQuote[]> {
  if (!canBridge(request)) throw new PorticoError(BRIDGE_TEXTS.unsupported, { code: 'FUNDING_BRIDGE_UNSUPPORTED' })
  return service.quotes(request)
}

/**
 * Whether a request is a swap: one chain on both sides (another currency on each side).
 * @param request - the request.
 * @returns true for a swap.
 * @example
 * ```ts
 * isSwap({ origin: { type: 'ethereum', chainId: 8453 }, destination: { type: 'ethereum', chainId: 8453 } }) // true
 * ```
 */
export function isSwap(request: Pick<BridgeQuoteRequest, 'origin' | 'destination'>): boolean {
  return chainIdOf(request.origin) === chainIdOf(request.destination)
}

/**
 * Asks a quote service for same-chain swap quotes.
 * @param service - the service.
 * @param request - a swap request ({@link isSwap}).
 * @returns the service's quotes.
 * @throws PorticoError `FUNDING_BRIDGE_QUOTES_FAILED` ('Unable to fetch quotes for bridging…') when the
 *   request is not a swap or the service offers none.
 * @example
 * ```ts
 * const quotes = await askSwapQuotes(findBridge(ctx)!, request)
 * ```
 */
export async function askSwapQuotes(service: BridgeQuoteService, request: BridgeQuoteRequest): Promise<BridgeQuote[]> {
  if (!service.swap || !isSwap(request)) throw new PorticoError(BRIDGE_TEXTS.quotes, { code: 'FUNDING_BRIDGE_QUOTES_FAILED', details: 'The quote service offers no swap for this request' })
  return service.swap(request)
}

/**
 * The body a quote service takes for a request (Solana as chain 792703809).
 * @param request - the request.
 * @returns the JSON body.
 * @example
 * ```ts
 * quoteBody(request).destinationChainId // 792703809 when funding a Solana wallet
 * ```
 */
export function quoteBody(request: BridgeQuoteRequest): Record<string, unknown> {
  return {
    user: request.user,
    recipient: request.recipient,
    originChainId: chainIdOf(request.origin),
    destinationChainId: chainIdOf(request.destination),
    originCurrency: request.originCurrency,
    destinationCurrency: request.destinationCurrency,
    amount: request.amount,
    tradeType: 'EXACT_OUTPUT',
  }
}

const isTx = (x: unknown): x is BridgeTransaction => {
  const t = x as Record<string, unknown> | null
  if (!t) return false
  if (t.chainId === BRIDGE_SOLANA_CHAIN_ID || Array.isArray(t.instructions)) return Array.isArray(t.instructions)
  return typeof t.to === 'string' && typeof t.from === 'string' && typeof t.data === 'string' && typeof t.chainId === 'number' && (typeof t.value === 'string' || t.value === undefined)
}

/** Reads one quote from a service's answer; null when it has no executable steps. */
function readQuote(json: unknown, provider: string): BridgeQuote | null {
  const q = json as { steps?: unknown; details?: { currencyIn?: { amount?: unknown }; currencyOut?: { amount?: unknown }; timeEstimate?: unknown }; fees?: { relayer?: { amountUsd?: unknown } } } | null
  if (!q || !Array.isArray(q.steps) || q.steps.length === 0) return null
  const steps: BridgeStep[] = []
  for (const s of q.steps as { id?: unknown; description?: unknown; items?: unknown }[]) {
    if (!Array.isArray(s?.items)) return null
    const items = (s.items as { data?: unknown }[]).map((i) => i?.data)
    if (!items.every(isTx)) return null
    steps.push({ id: typeof s.id === 'string' ? s.id : 'step', description: typeof s.description === 'string' ? s.description : undefined, items: items.map((data) => ({ data: 'instructions' in data ? { ...data, chainId: BRIDGE_SOLANA_CHAIN_ID } : { ...data, value: data.value ?? '0' } })) })
  }
  const amountIn = q.details?.currencyIn?.amount
  const amountOut = q.details?.currencyOut?.amount
  const fee = Number(q.fees?.relayer?.amountUsd)
  const time = q.details?.timeEstimate
  return {
    provider,
    steps,
    ...(typeof amountIn === 'string' && /^\d+$/.test(amountIn) ? { amountIn } : {}),
    ...(typeof amountOut === 'string' && /^\d+$/.test(amountOut) ? { amountOut } : {}),
    ...(Number.isFinite(fee) ? { feesUsd: fee } : {}),
    ...(typeof time === 'number' ? { timeEstimate: time } : {}),
  }
}

/** Relay's testnet base URL, where the swap call goes for testnets. */
export const BRIDGE_TESTNET_API_URL = 'https://api.testnets.relay.link'

/** Options of {@link httpBridgeQuotes}. */
export interface HttpBridgeQuotesOptions {
  /** The quote service's base URL (`POST {apiUrl}/quote`, `POST {apiUrl}/execute/swap`). */
  apiUrl: string
  /** The base URL of the swap call for testnets (`POST {testnetApiUrl}/execute/swap`). @defaultValue {@link BRIDGE_TESTNET_API_URL} */
  testnetApiUrl?: string
  /** @defaultValue globalThis.fetch */
  fetch?: typeof fetch
}

/**
 * A quote service over HTTP, in the shape of Relay's API: `POST {apiUrl}/quote` for a bridge and
 * `POST {apiUrl}/execute/swap` for a same-chain swap (at `testnetApiUrl` when the request is on
 * testnets), both with {@link quoteBody}; the answer is one quote (`{steps, details, fees}`) or
 * `{quotes: [...]}` with several, or `{message}` when there is none.
 * @param options - the service's URLs.
 * @returns the service.
 * @throws PorticoError `FUNDING_BRIDGE_QUOTES_FAILED` ('Unable to fetch quotes for bridging…') from `quotes`
 *   and `swap` when the service cannot be reached, refuses, or answers no executable quote.
 * @example
 * ```ts
 * const service = httpBridgeQuotes({ apiUrl: 'https://api.relay.link' })
 * const quotes = await service.quotes(request)
 * ```
 */
export function httpBridgeQuotes(options: HttpBridgeQuotesOptions): BridgeQuoteService {
  const fetchImpl = options.fetch ?? globalThis.fetch
  const base = options.apiUrl.replace(/\/+$/, '')
  const testnetBase = (options.testnetApiUrl ?? BRIDGE_TESTNET_API_URL).replace(/\/+$/, '')
  const failed = (details: string, cause?: unknown) => new PorticoError(BRIDGE_TEXTS.quotes, { code: 'FUNDING_BRIDGE_QUOTES_FAILED', details, cause })
  const ask = async (url: string, request: BridgeQuoteRequest): Promise<BridgeQuote[]> => {
    let json: unknown
    try {
      const res = await fetchImpl(url, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(quoteBody(request)) })
      json = await res.json().catch(() => null)
      if (!res.ok) throw failed(typeof (json as { message?: unknown })?.message === 'string' ? (json as { message: string }).message : `The quote service answered ${res.status}`)
    } catch (e) {
      throw e instanceof PorticoError ? e : failed('The quote service could not be reached', e)
    }
    const list = Array.isArray((json as { quotes?: unknown })?.quotes) ? (json as { quotes: unknown[] }).quotes : [json]
    const quotes = list.map((q, i) => readQuote(q, (q as { provider?: unknown })?.provider?.toString() ?? `quote-${i + 1}`)).filter((q): q is BridgeQuote => q !== null)
    if (quotes.length === 0) throw failed('The quote service answered no executable quote')
    return quotes
  }
  return {
    async quotes(request) {
      if (!canBridge(request)) throw new PorticoError(BRIDGE_TEXTS.unsupported, { code: 'FUNDING_BRIDGE_UNSUPPORTED' })
      return ask(`${base}/quote`, request)
    },
    async swap(request) {
      if (!isSwap(request)) throw failed('A swap is asked on one chain')
      return ask(`${request.testnet ? testnetBase : base}/execute/swap`, request)
    },
  }
}

/**
 * The quote to execute: the only one, or the one the user picked by index.
 * @param quotes - the quotes.
 * @param picked - the user's choice (an index into `quotes`); needed when there are several.
 * @returns the quote.
 * @throws PorticoError `FUNDING_BRIDGE_SELECT_FAILED` ('Unable to select bridge option from quotes…') when
 *   there is none, or several and no valid choice.
 * @example
 * ```ts
 * const quote = selectBridgeQuote(quotes, 1)
 * ```
 */
export function selectBridgeQuote(quotes: readonly BridgeQuote[], picked?: number): BridgeQuote {
  if (quotes.length === 1 && (picked === undefined || picked === 0)) return quotes[0]!
  const quote = picked === undefined ? undefined : quotes[picked]
  if (!quote) throw new PorticoError(BRIDGE_TEXTS.select, { code: 'FUNDING_BRIDGE_SELECT_FAILED', details: `${quotes.length} quotes, choice ${String(picked)}` })
  return quote
}

/** Sends a step's transaction from the user's wallet and waits until it is mined (or confirmed). */
export type BridgeSender = (tx: BridgeTransaction) => Promise<string>

/**
 * Executes a quote: every item of every step, in order, through the user's wallet.
 * @param quote - the quote.
 * @param send - sends one transaction and resolves with its hash once mined.
 * @returns the hashes, in order.
 * @throws PorticoError `FUNDING_BRIDGE_REJECTED` ('Transaction was rejected by the user') when the wallet
 *   refuses (code 4001); other failures as they come.
 * @example
 * ```ts
 * const hashes = await executeBridgeQuote(quote, (tx) => wallet.sendTransaction(tx))
 * ```
 */
export async function executeBridgeQuote(quote: BridgeQuote, send: BridgeSender): Promise<string[]> {
  const hashes: string[] = []
  for (const step of quote.steps) {
    for (const item of step.items) {
      try {
        hashes.push(await send(item.data))
      } catch (e) {
        if ((e as { code?: unknown })?.code === 4001) throw new PorticoError(BRIDGE_TEXTS.rejected, { code: 'FUNDING_BRIDGE_REJECTED', cause: e })
        throw e
      }
    }
  }
  return hashes
}
