/**
 * The transfer itself, apart from the screen: what to send (native currency or USDC with 6
 * decimals) from an external EVM or Solana wallet, the balance check, the send
 * through the wallet's EIP-1193 provider, and the wait for the receipt (Solana: `./solana`).
 * @module
 */
import type { ChainConfig } from '../../kernel/config'
import { PorticoError } from '../../kernel/errors'
import { format } from '../../kernel/messages'
import { fundingRpc, pollUntil, readBalance, toUnits, USDC_DECIMALS, type FundingRequest } from '../funding'
import { fundingWalletMessages } from './messages'

/** How often the receipt of the transfer is asked for. */
export const RECEIPT_POLL_MS = 1000

/** `transfer(address,uint256)` selector. */
const TRANSFER = '0xa9059cbb'

/** What a transfer moves: the token contract or Solana mint (null: native) and the amount in smallest units. */
export interface TransferPlan {
  token: string | null
  units: bigint
}

/**
 * What a request's transfer moves.
 * @param request - the request (with its confirmed amount).
 * @param usdc - the USDC contract of the request's chain (on Solana, the cluster's USDC mint), or null.
 * @returns the plan, or null when the asset cannot be sent from a wallet (USDC without a contract, other tokens).
 */
export function planTransfer(request: FundingRequest, usdc: string | null): TransferPlan | null {
  if (!request.amount) return null
  // SOL has 9 decimals (a Solana request has no EVM chain); USDC on Solana is the cluster's mint.
  if (request.asset === 'native-currency') return { token: null, units: toUnits(request.amount, request.chain?.nativeCurrency.decimals ?? 9) }
  if (request.asset === 'USDC' && usdc) return { token: usdc, units: toUnits(request.amount, USDC_DECIMALS) }
  return null
}

/**
 * The chain a bridge takes a wallet's funds from, for a request it cannot fund directly: for an
 * EVM wallet, the first chain of the app (not `exclude`, with an RPC endpoint) where it holds the
 * request's asset — the native currency, or USDC on chains with a USDC contract (`usdcAddress`) —
 * (chains that cannot be read are skipped); for a Solana wallet, the app's Solana cluster, else
 * mainnet-beta.
 * @param chains - the app's chains.
 * @param walletChainType - the paying wallet's chain family.
 * @param from - the wallet.
 * @param exclude - the request's own chain (CAIP-2), or null.
 * @param usdcAddress - for a USDC request, the USDC contract of a chain (null when none); omitted for the native currency.
 * @returns the chain's CAIP-2 id, or null when an EVM wallet holds nothing elsewhere.
 */
export async function bridgeOrigin(chains: readonly ChainConfig[], walletChainType: FundingRequest['chainType'], from: string, exclude: string | null, usdcAddress?: (chainId: string) => string | null): Promise<string | null> {
  if (walletChainType === 'solana') return chains.find((c) => c.id.startsWith('solana:'))?.id ?? 'solana:mainnet-beta'
  for (const chain of chains) {
    const url = chain.rpcUrls[0]
    const token = usdcAddress ? usdcAddress(chain.id) : null
    if (!chain.id.startsWith('eip155:') || chain.id === exclude || !url || (usdcAddress && !token)) continue
    if ((await readBalance(url, 'ethereum', from, token).catch(() => 0n)) > 0n) return chain.id
  }
  return null
}

/**
 * What a wallet short of the requested asset on the request's EVM chain could swap there instead:
 * the native currency for a USDC request, USDC (the chain's contract) for a native one, when it
 * holds some of it. The swap quote then tells whether it is enough.
 * @param url - the request's chain's RPC endpoint.
 * @param request - the request.
 * @param from - the wallet.
 * @param usdc - the chain's USDC contract, or null.
 * @returns the asset to pay with, or null when there is nothing to swap.
 */
export async function swapPayment(url: string, request: FundingRequest, from: string, usdc: string | null): Promise<'native-currency' | 'USDC' | null> {
  if (request.chainType !== 'ethereum' || !usdc) return null
  const pay = request.asset === 'USDC' ? 'native-currency' : request.asset === 'native-currency' ? 'USDC' : null
  if (!pay) return null
  const balance = await readBalance(url, 'ethereum', from, pay === 'USDC' ? usdc : null).catch(() => 0n)
  return balance > 0n ? pay : null
}

/** An EIP-1193 provider, as the wallets plugin gives it. */
interface Eip1193 {
  request(args: { method: string; params?: unknown[] }): Promise<unknown>
}

/** The fee of a one-signature Solana transaction, in lamports: a SOL transfer also pays it. */
export const SOLANA_TRANSFER_FEE_LAMPORTS = 5000n

/**
 * Refuses a wallet holding less than the plan moves (for SOL, plus the transaction's fee; a token
 * transfer's fee in SOL is checked when the transfer is built, `./solana`).
 * @throws PorticoError `FUNDING_WALLET_NOT_ENOUGH_FUNDS` ('Wallet {address} does not have enough funds.').
 */
export async function checkFunds(url: string, request: FundingRequest, from: string, plan: TransferPlan): Promise<void> {
  const balance = await readBalance(url, request.chainType, from, plan.token)
  const fee = request.chainType === 'solana' && !plan.token ? SOLANA_TRANSFER_FEE_LAMPORTS : 0n
  if (balance < plan.units + fee) throw notEnoughFunds(from)
}

/** The spec's 'Wallet {address} does not have enough funds.' as `FUNDING_WALLET_NOT_ENOUGH_FUNDS`. */
export const notEnoughFunds = (from: string) =>
  new PorticoError(format(fundingWalletMessages.FUNDING_WALLET_NOT_ENOUGH_FUNDS, { address: from }), { code: 'FUNDING_WALLET_NOT_ENOUGH_FUNDS', details: from })

/**
 * Sends the plan from an EVM wallet to the request's address.
 * @returns the transaction hash.
 */
export async function sendEvmTransfer(provider: Eip1193, request: FundingRequest, from: string, plan: TransferPlan): Promise<string> {
  const tx = plan.token
    ? { from, to: plan.token, data: TRANSFER + request.address.slice(2).toLowerCase().padStart(64, '0') + plan.units.toString(16).padStart(64, '0') }
    : { from, to: request.address, value: `0x${plan.units.toString(16)}` }
  return String(await provider.request({ method: 'eth_sendTransaction', params: [tx] }))
}

/**
 * Waits for a transaction's receipt on the chain's RPC endpoint.
 * @throws PorticoError `FUNDING_WALLET_FAILED` when it reverted.
 */
export async function waitForReceipt(sleep: (ms: number) => Promise<void>, url: string, hash: string, signal?: AbortSignal): Promise<void> {
  const receipt = await pollUntil(sleep, {
    every: RECEIPT_POLL_MS,
    signal,
    attempt: async () => (await fundingRpc<{ status: string } | null>(url, 'eth_getTransactionReceipt', [hash], signal)) ?? undefined,
  })
  if (receipt.status !== '0x1') throw new PorticoError(fundingWalletMessages.FUNDING_WALLET_FAILED, { code: 'FUNDING_WALLET_FAILED', details: `Transaction ${hash} reverted` })
}
