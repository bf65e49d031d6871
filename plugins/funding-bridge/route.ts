/**
 * Where a wallet short of funds on the request's chain can pay from: the routes (a chain and the
 * asset paid there) worth asking a quote for, from its balances, and the quotes it can afford. A
 * route pays the requested asset from another chain (a bridge), the other asset on the request's
 * chain (a swap), or the other asset on another chain (a swap then a bridge, in one quote, as Relay
 * quotes it): native currency on another chain for USDC here, USDC elsewhere for native currency here.
 * A route is kept only where the wallet holds enough: the amount plus a fee margin when the price is
 * known (the same currency on both sides), then the quote's input and the gas of its steps.
 * @module
 */
import type { ChainConfig } from '../../kernel/config'
import { PorticoError } from '../../kernel/errors'
import { format } from '../../kernel/messages'
import { fundingRpc, readBalance, solanaClusterRpcUrl, toUnits, USDC_DECIMALS, type FundingRequest } from '../funding'
import { fundingQuoteRequest } from './execute'
import { askBridgeQuotes, askSwapQuotes, BRIDGE_TEXTS, isSwap, type BridgeQuote, type BridgeQuoteRequest, type BridgeQuoteService, type SolanaBridgeTransaction } from './quotes'

/** What a route pays with on its origin chain. */
export type FundingPayment = 'native-currency' | 'USDC'

/** One way to fund a request from a wallet: the chain (CAIP-2) its funds are on, and what it pays there. */
export interface FundingRoute {
  origin: string
  pay: FundingPayment
}

/**
 * The fee margin over the amount a route of the same currency must hold before a quote is asked
 * (the quote's own input is checked next), in basis points: 1 %.
 */
export const BRIDGE_FEE_MARGIN_BPS = 100n

/** The gas a route's steps may use on an EVM origin (an approval and a deposit), reserved from its native balance. */
export const BRIDGE_GAS_LIMIT = 300_000n

/**
 * The spec's 'Wallet {address} does not have enough funds.' for a wallet that can pay no route, as
 * `FUNDING_BRIDGE_NOT_ENOUGH_FUNDS` (the wallet in `details`).
 * @param from - the paying wallet.
 * @returns the error.
 * @example
 * ```ts
 * bridgeNotEnoughFunds('0xabc…').message // 'Wallet 0xabc… does not have enough funds.'
 * ```
 */
export const bridgeNotEnoughFunds = (from: string): PorticoError =>
  new PorticoError(format(BRIDGE_TEXTS.notEnough, { address: from }), { code: 'FUNDING_BRIDGE_NOT_ENOUGH_FUNDS', details: from })

/** What {@link fundingRoutes} and {@link routeQuotes} need: the app's chains, their USDC contracts, and what may be asked. */
export interface FundingRouteOptions {
  chains: readonly ChainConfig[]
  /** The USDC contract on a chain (CAIP-2), or null: the funding core's `usdcAddress`. */
  usdcAddress: (chainId: string) => string | null
  /** Whether routes may leave the request's chain (the app's `crossChainBridgingEnabled`). */
  bridging: boolean
  /** Whether the quote service offers a swap on one chain. */
  swap: boolean
  signal?: AbortSignal
}

/** The fee a Solana transaction pays per signature it carries, in lamports (the runtime's base fee). */
export const SOLANA_FEE_PER_SIGNATURE = 5000n

/** The size of an SPL token account, whose rent a deposit pays when it creates the deposit address's one. */
const TOKEN_ACCOUNT_SIZE = 165

/** The Associated Token Account program, whose create instructions (`''`, `00` create, `01` idempotent) make a token account. */
const ASSOCIATED_TOKEN_PROGRAM = 'ATokenGPvbdGVxr1b2hvZbsiqW5xWH25efTNsLJA8knL'

const other = (asset: FundingPayment): FundingPayment => (asset === 'USDC' ? 'native-currency' : 'USDC')

/** The gas reserved for a route's steps on an EVM chain: its gas price times {@link BRIDGE_GAS_LIMIT}. */
async function gasReserve(url: string, signal?: AbortSignal): Promise<bigint> {
  return BigInt(await fundingRpc<string>(url, 'eth_gasPrice', [], signal)) * BRIDGE_GAS_LIMIT
}

/** A wallet's balance of what a route pays with on an EVM chain, and its native balance (0 when unreadable). */
async function balancesOn(chain: ChainConfig, from: string, token: string | null, signal?: AbortSignal): Promise<{ paid: bigint; native: bigint }> {
  const url = chain.rpcUrls[0]!
  const read = (t: string | null) => readBalance(url, 'ethereum', from, t, signal).catch(() => 0n)
  const native = await read(null)
  return { paid: token ? await read(token) : native, native }
}

/**
 * The routes worth asking quotes for, in the order they are tried: the requested asset from another
 * chain (bridging on), the other asset on the request's chain (a service with a swap), the other asset
 * on another chain (bridging on). A route of the same currency on both sides (USDC, or native
 * currencies of one symbol) is kept when the wallet holds the amount plus {@link BRIDGE_FEE_MARGIN_BPS}
 * (and, for ether, the gas of its steps); another currency, whose price only the quote knows, when it
 * holds some of it and gas. A Solana wallet pays an EVM request's asset from the app's cluster (USDC
 * when its token accounts of the mint hold the amount plus the margin, SOL when it holds more than a
 * transaction's fee), and a Solana request on mainnet-beta with the other asset there (a swap); a
 * transaction's fee in SOL always.
 * @param request - the funding request (with its amount).
 * @param from - the paying wallet.
 * @param walletChainType - the paying wallet's chain family.
 * @param options - chains, USDC contracts, what may be asked.
 * @returns the routes; none when the wallet holds enough nowhere.
 * @example
 * ```ts
 * const routes = await fundingRoutes(request, '0xabc…', 'ethereum', { chains, usdcAddress, bridging: true, swap: true })
 * ```
 */
export async function fundingRoutes(request: FundingRequest, from: string, walletChainType: FundingRequest['chainType'], options: FundingRouteOptions): Promise<FundingRoute[]> {
  const asset = request.asset
  if (!request.amount || (asset !== 'native-currency' && asset !== 'USDC')) return []
  if (walletChainType === 'solana') return solanaRoutes(request, asset, from, options)
  const here = request.chain
  const units = toUnits(request.amount, asset === 'USDC' ? USDC_DECIMALS : (here?.nativeCurrency.decimals ?? 9))
  const needed = units + (units * BRIDGE_FEE_MARGIN_BPS) / 10_000n
  const evm = options.chains.filter((c) => c.id.startsWith('eip155:') && c.rpcUrls[0])
  const candidates: FundingRoute[] = [
    ...(options.bridging ? evm.filter((c) => c.id !== here?.id).map((c) => ({ origin: c.id, pay: asset })) : []),
    ...(options.swap && here && request.chainType === 'ethereum' ? [{ origin: here.id, pay: other(asset) }] : []),
    ...(options.bridging ? evm.filter((c) => c.id !== here?.id).map((c) => ({ origin: c.id, pay: other(asset) })) : []),
  ]
  const routes: FundingRoute[] = []
  for (const route of candidates) {
    const chain = evm.find((c) => c.id === route.origin)!
    const token = route.pay === 'USDC' ? options.usdcAddress(chain.id) : null
    if (route.pay === 'USDC' && !token) continue
    const { paid, native } = await balancesOn(chain, from, token, options.signal)
    const gas = await gasReserve(chain.rpcUrls[0]!, options.signal).catch(() => 0n)
    if (native < gas || paid === 0n) continue
    const sameCurrency = route.pay === asset && (asset === 'USDC' || chain.nativeCurrency.symbol === here?.nativeCurrency.symbol)
    if (sameCurrency && paid < needed + (route.pay === 'native-currency' ? gas : 0n)) continue
    routes.push(route)
  }
  return routes
}

/** The Solana cluster a Solana wallet pays from (the app's, else mainnet-beta) and its RPC endpoint. */
function solanaOrigin(chains: readonly ChainConfig[]): { origin: string; url: string | null } {
  const origin = chains.find((c) => c.id.startsWith('solana:'))?.id ?? 'solana:mainnet-beta'
  return { origin, url: solanaClusterRpcUrl(chains, origin.slice('solana:'.length)) }
}

/** A wallet's balance of what a route pays with on Solana (lamports or the mint's units), and its lamports (0 when unreadable). */
async function solanaBalances(url: string, from: string, mint: string | null, signal?: AbortSignal): Promise<{ paid: bigint; lamports: bigint }> {
  const read = (t: string | null) => readBalance(url, 'solana', from, t, signal).catch(() => 0n)
  const lamports = await read(null)
  return { paid: mint ? await read(mint) : lamports, lamports }
}

/**
 * The route of a Solana wallet: for an EVM request, the requested asset from the app's cluster (a
 * bridge); for a Solana request (a service with a swap, mainnet-beta: quote services serve no Solana
 * testnet), the other asset on the request's cluster (a swap). Kept where the wallet holds enough:
 * USDC for USDC, the amount plus {@link BRIDGE_FEE_MARGIN_BPS} over its token accounts of the mint;
 * another currency, whose price only the quote knows, some of it; SOL paid, more than a
 * transaction's fee; always a transaction's fee in SOL.
 */
async function solanaRoutes(request: FundingRequest, asset: FundingPayment, from: string, options: FundingRouteOptions): Promise<FundingRoute[]> {
  let origin = solanaOrigin(options.chains).origin
  let pay = asset
  if (request.chainType === 'solana') {
    const cluster = request.cluster?.name ?? 'mainnet-beta'
    if (!options.swap || cluster !== 'mainnet-beta') return []
    origin = `solana:${cluster}`
    pay = other(asset)
  } else if (origin !== 'solana:mainnet-beta') {
    // A Solana testnet or devnet: no balance decides, the bridge screen says bridging is not supported there.
    return [{ origin, pay }]
  }
  const url = solanaClusterRpcUrl(options.chains, origin.slice('solana:'.length))
  if (!url) return []
  const mint = pay === 'USDC' ? options.usdcAddress(origin) : null
  if (pay === 'USDC' && !mint) return []
  const { paid, lamports } = await solanaBalances(url, from, mint, options.signal)
  if (lamports < SOLANA_FEE_PER_SIGNATURE || paid === 0n) return []
  if (mint && pay === asset) {
    const units = toUnits(request.amount!, USDC_DECIMALS)
    if (paid < units + (units * BRIDGE_FEE_MARGIN_BPS) / 10_000n) return []
  } else if (!mint && paid <= SOLANA_FEE_PER_SIGNATURE) return []
  return [{ origin, pay }]
}

/** The rent-exempt minimum of an account of `size` bytes on a cluster, in lamports. */
async function rentExempt(url: string, size: number, signal?: AbortSignal): Promise<bigint> {
  return BigInt(await fundingRpc<number>(url, 'getMinimumBalanceForRentExemption', [size], signal))
}

/**
 * What a quote's Solana steps cost in SOL besides a SOL input: each transaction's fee (per distinct
 * signer), and the rent of each token account an associated-token-account instruction creates that
 * does not exist yet (the deposit address's account of the mint).
 */
async function solanaStepsCost(url: string, quote: BridgeQuote, signal?: AbortSignal): Promise<bigint> {
  let cost = 0n
  const created = new Set<string>()
  for (const step of quote.steps) {
    for (const item of step.items) {
      if (!('instructions' in item.data)) continue
      const tx = item.data as SolanaBridgeTransaction
      const signers = new Set(tx.instructions.flatMap((i) => i.keys.filter((k) => k.isSigner).map((k) => k.pubkey)))
      cost += SOLANA_FEE_PER_SIGNATURE * BigInt(Math.max(1, signers.size))
      for (const i of tx.instructions) {
        if (i.programId === ASSOCIATED_TOKEN_PROGRAM && ['', '00', '01'].includes(i.data) && i.keys[1]) created.add(i.keys[1].pubkey)
      }
    }
  }
  for (const account of created) {
    const { value } = await fundingRpc<{ value: unknown }>(url, 'getAccountInfo', [account, { encoding: 'base64', commitment: 'confirmed' }], signal)
    if (value === null) cost += await rentExempt(url, TOKEN_ACCOUNT_SIZE, signal)
  }
  return cost
}

/** The quotes of a route the wallet can pay, and the quote request they answer. */
export interface RouteQuotes {
  route: FundingRoute
  request: BridgeQuoteRequest
  quotes: BridgeQuote[]
}

/**
 * Asks the quotes of a route and keeps those the wallet can pay: on an EVM origin, the quote's input
 * (when the service says it) within the wallet's balance of what it pays, with the gas of its steps
 * left in native currency; on a Solana origin, the input within its SOL or its USDC over its token
 * accounts, with each transaction's fee ({@link SOLANA_FEE_PER_SIGNATURE} per signer) and the rent of
 * a token account the steps create that does not exist yet (the deposit address's) left in SOL, and
 * what stays in SOL either nothing or the rent-exempt minimum (the runtime refuses a payer left between).
 * @param service - the quote service.
 * @param request - the funding request.
 * @param from - the paying wallet.
 * @param route - the route.
 * @param options - chains, USDC contracts.
 * @returns the affordable quotes (possibly none) and their request, or null when the route names
 *   nothing a quote can ask for.
 * @throws the service's errors (`FUNDING_BRIDGE_QUOTES_FAILED`, `FUNDING_BRIDGE_UNSUPPORTED`).
 * @example
 * ```ts
 * const answer = await routeQuotes(service, request, '0xabc…', { origin: 'eip155:8453', pay: 'native-currency' }, options)
 * ```
 */
export async function routeQuotes(service: BridgeQuoteService, request: FundingRequest, from: string, route: FundingRoute, options: Pick<FundingRouteOptions, 'chains' | 'usdcAddress' | 'signal'>): Promise<RouteQuotes | null> {
  const chain = options.chains.find((c) => c.id === route.origin)
  const quoteRequest = fundingQuoteRequest(request, from, route.origin, { usdcAddress: options.usdcAddress, pay: route.pay, testnet: chain?.testnet === true })
  if (!quoteRequest) return null
  const quotes = isSwap(quoteRequest) ? await askSwapQuotes(service, quoteRequest) : await askBridgeQuotes(service, quoteRequest)
  if (route.origin.startsWith('solana:')) {
    const url = solanaClusterRpcUrl(options.chains, route.origin.slice('solana:'.length))
    if (!url) return { route, request: quoteRequest, quotes }
    const mint = route.pay === 'USDC' ? options.usdcAddress(route.origin) : null
    const { paid, lamports } = await solanaBalances(url, from, mint, options.signal)
    const affordable: BridgeQuote[] = []
    let keep: bigint | undefined
    for (const q of quotes) {
      const input = q.amountIn === undefined ? 0n : BigInt(q.amountIn)
      const cost = await solanaStepsCost(url, q, options.signal)
      // What the wallet keeps in SOL: none, or at least the rent-exempt minimum (the runtime refuses less).
      const left = lamports - cost - (mint ? 0n : input)
      if ((!mint || paid >= input) && (left === 0n || (left > 0n && left >= (keep ??= await rentExempt(url, 0, options.signal))))) affordable.push(q)
    }
    return { route, request: quoteRequest, quotes: affordable }
  }
  const url = chain?.rpcUrls[0]
  if (!url || !route.origin.startsWith('eip155:')) return { route, request: quoteRequest, quotes }
  const token = route.pay === 'USDC' ? options.usdcAddress(route.origin) : null
  const { paid, native } = await balancesOn(chain, from, token, options.signal)
  const gas = await gasReserve(url, options.signal).catch(() => 0n)
  const affordable = quotes.filter((q) => {
    const input = q.amountIn === undefined ? 0n : BigInt(q.amountIn)
    return token ? paid >= input && native >= gas : paid >= input + gas
  })
  return { route, request: quoteRequest, quotes: affordable }
}

/**
 * The first route, in order, with quotes the wallet can pay. A route whose quotes cannot be asked is
 * passed over; when none has an affordable quote, the error is 'not enough funds' if some route was
 * quoted (its quotes cost more than the wallet holds), else the first route's error.
 * @param service - the quote service.
 * @param request - the funding request.
 * @param from - the paying wallet.
 * @param routes - the routes, in order ({@link fundingRoutes}).
 * @param options - chains, USDC contracts.
 * @returns the route's quotes.
 * @throws PorticoError `FUNDING_BRIDGE_NOT_ENOUGH_FUNDS` ({@link bridgeNotEnoughFunds}), or the first route's error.
 * @example
 * ```ts
 * const { route, quotes } = await firstAffordableRoute(service, request, from, routes, options)
 * ```
 */
export async function firstAffordableRoute(service: BridgeQuoteService, request: FundingRequest, from: string, routes: readonly FundingRoute[], options: Pick<FundingRouteOptions, 'chains' | 'usdcAddress' | 'signal'>): Promise<RouteQuotes> {
  let firstError: unknown = null
  let quoted = false
  for (const route of routes) {
    try {
      const answer = await routeQuotes(service, request, from, route, options)
      if (!answer) continue
      if (answer.quotes.length > 0) return answer
      quoted = true
    } catch (e) {
      firstError ??= e
    }
  }
  throw quoted || firstError === null ? bridgeNotEnoughFunds(from) : firstError
}
