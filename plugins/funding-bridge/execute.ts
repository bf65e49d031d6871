/**
 * Executing a bridge quote with the user's external wallet, apart from the screen: the quote
 * request a funding request makes, each step's transaction sent from the wallet (EVM through its
 * EIP-1193 provider after switching it to the step's chain; Solana-origin steps signed and sent
 * through the Wallet Standard wallet by the solana plugin's sending piece), the wait until each is
 * mined or confirmed, and the wait for the funds on the destination chain.
 * @module
 */
import type { Wallet } from '@wallet-standard/base'
import type { ChainConfig } from '../../kernel/config'
import { PorticoError } from '../../kernel/errors'
import { fundingRpc, pollUntil, readBalance, solanaClusterRpcUrl, toUnits, USDC_DECIMALS, type FundingRequest } from '../funding'
import type { SolanaRpcCall } from '../solana'
import { WALLET_ERROR_CODES, type Eip1193Provider, type WalletRegistry } from '../wallets'
import { BRIDGE_EVM_NATIVE, BRIDGE_SOL_NATIVE, BRIDGE_TEXTS, type BridgeChain, type BridgeQuoteRequest, type BridgeSender, type EvmBridgeTransaction, type SolanaBridgeTransaction } from './quotes'

/** How often a step's receipt (or signature status) is asked for. */
export const BRIDGE_RECEIPT_POLL_MS = 1000

/** How often the destination balance is read while the bridge delivers (as manual funding polls). */
export const BRIDGE_BALANCE_POLL_MS = 2000

/** A CAIP-2 id as a bridge side: `eip155:N` or `solana:{cluster}`. */
export function bridgeChainOf(caip2: string): BridgeChain {
  if (caip2.startsWith('solana:')) return { type: 'solana', cluster: caip2.slice('solana:'.length) as Extract<BridgeChain, { type: 'solana' }>['cluster'] }
  return { type: 'ethereum', chainId: Number(caip2.slice('eip155:'.length)) }
}

/** How {@link fundingQuoteRequest} asks: the chains' USDC contracts, and what the wallet pays with. */
export interface FundingQuoteOptions {
  /** The USDC contract on a chain, or mint on a Solana cluster (CAIP-2 id), or null: the funding core's `usdcAddress`. */
  usdcAddress?: (chainId: string) => string | null
  /**
   * What the paying wallet pays with on the origin chain. @defaultValue the request's asset (a
   * bridge moves it across); the other one on the request's own chain is a swap.
   */
  pay?: 'native-currency' | 'USDC'
  /** Whether the chains are testnets (a swap then goes to the service's testnet URL). */
  testnet?: boolean
}

/**
 * The quote request for funding `request` from the wallet `from` holding funds on `origin`: the
 * native currency, or USDC (the chains' USDC contracts on both sides, on Solana the cluster's USDC
 * mint, 6 decimals), and the amount
 * the funded wallet receives. With `pay` the other asset on the request's own chain, it is a swap.
 * @param request - the funding request (with its amount).
 * @param from - the paying wallet.
 * @param origin - the chain the funds are on (CAIP-2).
 * @param options - the USDC contracts, what the wallet pays with, the testnet flag.
 * @returns the quote request, or null when the request has no amount, or an asset (or a side's USDC)
 *   no quote can name.
 * @example
 * ```ts
 * fundingQuoteRequest(flow.request, '0xabc…', 'eip155:8453', { usdcAddress: core.usdcAddress })
 * ```
 */
export function fundingQuoteRequest(request: FundingRequest, from: string, origin: string, options: FundingQuoteOptions = {}): BridgeQuoteRequest | null {
  const asset = request.asset
  if (!request.amount || (asset !== 'native-currency' && asset !== 'USDC')) return null
  const destinationId = request.chain ? request.chain.id : `solana:${request.cluster?.name ?? 'mainnet-beta'}`
  const currency = (caip2: string, what: 'native-currency' | 'USDC'): string | null => {
    // USDC: the chain's contract, on Solana the cluster's mint (Circle's on mainnet-beta, the funding core's default).
    if (what === 'USDC') return options.usdcAddress?.(caip2) ?? null
    return caip2.startsWith('solana:') ? BRIDGE_SOL_NATIVE : BRIDGE_EVM_NATIVE
  }
  const originCurrency = currency(origin, options.pay ?? asset)
  const destinationCurrency = currency(destinationId, asset)
  // Nothing to bridge or swap: a currency on each side is missing, or it is the same one on the same chain.
  if (!originCurrency || !destinationCurrency || (origin === destinationId && originCurrency === destinationCurrency)) return null
  return {
    user: from,
    recipient: request.address,
    origin: bridgeChainOf(origin),
    destination: bridgeChainOf(destinationId),
    originCurrency,
    destinationCurrency,
    amount: toUnits(request.amount, asset === 'USDC' ? USDC_DECIMALS : (request.chain?.nativeCurrency.decimals ?? 9)).toString(),
    ...(options.testnet ? { testnet: true } : {}),
  }
}

/** What the senders need: the wallets registry, the app's chains, and how to wait. */
export interface BridgeSenderContext {
  registry: Pick<WalletRegistry, 'connectorOf' | 'switchChain'>
  chains: readonly ChainConfig[]
  sleep: (ms: number) => Promise<void>
  signal?: AbortSignal
}

const failed = (details: string) => new PorticoError('Something went wrong', { code: 'FUNDING_BRIDGE_FAILED', details })

/** The RPC endpoint of a chain of the app (Solana: the app's cluster, else the public one). */
function rpcOf(chains: readonly ChainConfig[], caip2: string): string {
  const url = caip2.startsWith('solana:') ? solanaClusterRpcUrl(chains, caip2.slice('solana:'.length)) : chains.find((c) => c.id === caip2)?.rpcUrls[0]
  if (!url) throw failed(`No RPC endpoint for ${caip2}`)
  return url
}

/** Sends an EVM step from `from`: the wallet is moved to the step's chain, sends, and the receipt is awaited. */
async function sendEvm(ctx: BridgeSenderContext, from: string, tx: EvmBridgeTransaction): Promise<string> {
  const chain = `eip155:${tx.chainId}`
  await ctx.registry.switchChain(from, chain)
  const provider = (await ctx.registry.connectorOf(from)!.getProvider(from)) as Eip1193Provider
  const hash = String(await provider.request({ method: 'eth_sendTransaction', params: [{ from: tx.from, to: tx.to, value: `0x${BigInt(tx.value).toString(16)}`, data: tx.data }] }))
  const url = rpcOf(ctx.chains, chain)
  const receipt = await pollUntil(ctx.sleep, {
    every: BRIDGE_RECEIPT_POLL_MS,
    signal: ctx.signal,
    attempt: async () => (await fundingRpc<{ status: string } | null>(url, 'eth_getTransactionReceipt', [hash], ctx.signal)) ?? undefined,
  })
  if (receipt.status !== '0x1') throw failed(`Transaction ${hash} reverted`)
  return hash
}

/** A step's instruction data, hex (`0x…`), as bytes. */
function bytesOfHex(hex: string): Uint8Array {
  const digits = hex.replace(/^0x/, '')
  if (!/^(?:[0-9a-fA-F]{2})*$/.test(digits)) throw failed('An instruction\'s data is not hex')
  return Uint8Array.from(digits.match(/../g) ?? [], (byte) => parseInt(byte, 16))
}

/**
 * Sends a Solana step from `from`: its instructions in one transaction the wallet signs and sends,
 * then the cluster's confirmation, through the solana plugin's sending piece (loaded for the step).
 */
async function sendSolana(ctx: BridgeSenderContext, from: string, tx: SolanaBridgeTransaction, cluster: string): Promise<string> {
  const wallet = (await ctx.registry.connectorOf(from)!.getProvider(from)) as Wallet
  const url = rpcOf(ctx.chains, `solana:${cluster}`)
  const rpc: SolanaRpcCall = (method, params, signal) => fundingRpc(url, method, params, signal)
  const { instructionOfAccountKeys, sendWithStandardWallet, waitForSignature } = await (await import('../solana')).loadSolanaSend()
  const instructions = tx.instructions.map((i) => instructionOfAccountKeys({ programId: i.programId, keys: i.keys, data: bytesOfHex(i.data) }))
  const signal = ctx.signal ? { signal: ctx.signal } : {}
  const signature = await sendWithStandardWallet(wallet, { rpc, from, cluster, instructions, fail: failed, ...signal })
  await waitForSignature({ rpc, signature, poll: (attempt) => pollUntil(ctx.sleep, { every: BRIDGE_RECEIPT_POLL_MS, signal: ctx.signal, attempt }), fail: failed, ...signal })
  return signature
}

/**
 * The sender {@link executeBridgeQuote} takes, for the wallet `from` of the wallets registry. A
 * wallet's refusal becomes `FUNDING_BRIDGE_REJECTED` ('Transaction was rejected by the user').
 * @param ctx - registry, chains, sleep, signal.
 * @param from - the paying wallet.
 * @param originCluster - the Solana cluster of a Solana origin.
 * @returns the sender.
 */
export function walletBridgeSender(ctx: BridgeSenderContext, from: string, originCluster = 'mainnet-beta'): BridgeSender {
  return async (tx) => {
    try {
      return 'instructions' in tx ? await sendSolana(ctx, from, tx, originCluster) : await sendEvm(ctx, from, tx)
    } catch (e) {
      const code = (e as { code?: unknown })?.code
      if (code === WALLET_ERROR_CODES.rejected || code === 4001) throw new PorticoError(BRIDGE_TEXTS.rejected, { code: 'FUNDING_BRIDGE_REJECTED', cause: e })
      throw e
    }
  }
}

/**
 * Waits until the funded wallet holds `units` more than `before` on the destination chain.
 * @param sleep - the kernel's sleep.
 * @param url - the destination's RPC endpoint.
 * @param request - the funding request (address, chain type).
 * @param before - the balance before the bridge ran.
 * @param units - the amount the bridge delivers.
 * @param signal - aborts the wait.
 * @param token - the ERC-20 contract delivered (USDC), or null for the native currency.
 * @returns the balance reached.
 */
export function waitForBridgedFunds(sleep: (ms: number) => Promise<void>, url: string, request: FundingRequest, before: bigint, units: bigint, signal?: AbortSignal, token: string | null = null): Promise<bigint> {
  return pollUntil(sleep, {
    every: BRIDGE_BALANCE_POLL_MS,
    signal,
    attempt: async () => {
      const balance = await readBalance(url, request.chainType, request.address, token, signal)
      return balance >= before + units ? balance : undefined
    },
  })
}
