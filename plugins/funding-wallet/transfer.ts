/**
 * The transfer itself, apart from the screen: what to send (native currency or USDC with 6
 * decimals) from an external EVM or Solana wallet, the balance check, the send
 * through the wallet's EIP-1193 provider, and the wait for the receipt (Solana: `./solana`).
 * @module
 */
import { PorticoError } from '../../kernel/errors'
import { format } from '../../kernel/messages'
import { fundingRpc, pollUntil, readBalance, toUnits, USDC_DECIMALS, type FundingRequest } from '../funding'
import { toWalletError, WALLET_ERROR_CODES } from '../wallets'
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
 * @throws PorticoError `wallet_user_rejected` when the wallet refuses; `FUNDING_WALLET_FAILED` when it cannot send.
 */
export async function sendEvmTransfer(provider: Eip1193, request: FundingRequest, from: string, plan: TransferPlan): Promise<string> {
  const tx = plan.token
    ? { from, to: plan.token, data: TRANSFER + request.address.slice(2).toLowerCase().padStart(64, '0') + plan.units.toString(16).padStart(64, '0') }
    : { from, to: request.address, value: `0x${plan.units.toString(16)}` }
  try {
    return String(await provider.request({ method: 'eth_sendTransaction', params: [tx] }))
  } catch (e) {
    // The wallet's refusal (4001, or its words) becomes the wallets plugin's `wallet_user_rejected`.
    const wallet = toWalletError(e, { method: 'eth_sendTransaction' })
    if (wallet.code === WALLET_ERROR_CODES.rejected) throw wallet
    throw new PorticoError(fundingWalletMessages.FUNDING_WALLET_FAILED, { code: 'FUNDING_WALLET_FAILED', details: wallet.shortMessage, cause: e })
  }
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
