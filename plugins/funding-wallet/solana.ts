/**
 * A transfer from an external Solana wallet (Wallet Standard): SOL with the system program's
 * transfer, or USDC as an SPL token `transferChecked` (6 decimals) from the wallet's associated
 * token account to the funded wallet's, which is created (idempotently) when it is missing. The
 * transaction is signed and sent through the solana plugin's sending piece (`loadSolanaSend`),
 * which also waits for the cluster's confirmation. Loaded by the transfer screen only for Solana
 * requests.
 * @module
 */
import { address, createNoopSigner, getBase64Encoder, type Address, type Instruction } from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import {
  findAssociatedTokenPda,
  getCreateAssociatedTokenIdempotentInstruction,
  getTokenSize,
  getTransferCheckedInstruction,
  TOKEN_PROGRAM_ADDRESS,
} from '@solana-program/token'
import type { Wallet } from '@wallet-standard/base'
import { PorticoError } from '../../kernel/errors'
import { fundingRpc, pollUntil, USDC_DECIMALS, type FundingRequest } from '../funding'
import { loadSolanaSend, type SolanaRpcCall } from '../solana'
import { fundingWalletMessages } from './messages'
import { notEnoughFunds, RECEIPT_POLL_MS, SOLANA_TRANSFER_FEE_LAMPORTS, type TransferPlan } from './transfer'

const failed = (details: string) => new PorticoError(fundingWalletMessages.FUNDING_WALLET_FAILED, { code: 'FUNDING_WALLET_FAILED', details })

const rpcOf =
  (url: string): SolanaRpcCall =>
  (method, params, signal) =>
    fundingRpc(url, method, params, signal)

/** An account as `getAccountInfo` answers it with base64 data (null: none). */
type AccountInfo = { owner: string; data: [string, 'base64'] } | null

/** Where a mint's decimals are in its account data (after the authority option and the supply). */
const MINT_DECIMALS_OFFSET = 44

/**
 * The instructions of a token transfer of `units` of the mint from `from`'s associated token
 * account to `to`'s, with the creation of `to`'s first when it is missing. Refuses a wallet without
 * the SOL for the fee (and, when the account is created, its rent).
 * @throws PorticoError `FUNDING_WALLET_FAILED` when the mint is not an SPL Token mint of 6 decimals on
 *   the cluster, `FUNDING_WALLET_NOT_ENOUGH_FUNDS` when the fee (and rent) cannot be paid.
 */
async function tokenTransfer(rpc: SolanaRpcCall, from: Address, to: Address, mint: Address, units: bigint, signal?: AbortSignal): Promise<Instruction[]> {
  const [[source], [destination]] = await Promise.all([
    findAssociatedTokenPda({ owner: from, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
    findAssociatedTokenPda({ owner: to, mint, tokenProgram: TOKEN_PROGRAM_ADDRESS }),
  ])
  const info = (account: Address) => rpc<{ value: AccountInfo }>('getAccountInfo', [account, { encoding: 'base64', commitment: 'confirmed' }], signal).then((r) => r.value)
  const [mintAccount, existing, lamports, rent] = await Promise.all([
    info(mint),
    info(destination),
    rpc<{ value: number }>('getBalance', [from, { commitment: 'confirmed' }], signal).then((r) => BigInt(r.value)),
    rpc<number>('getMinimumBalanceForRentExemption', [getTokenSize()], signal).then(BigInt),
  ])
  if (!mintAccount || mintAccount.owner !== TOKEN_PROGRAM_ADDRESS) throw failed(`${mint} is not an SPL Token mint on this cluster`)
  const decimals = getBase64Encoder().encode(mintAccount.data[0])[MINT_DECIMALS_OFFSET]
  if (decimals !== USDC_DECIMALS) throw failed(`The mint ${mint} has ${decimals} decimals, not ${USDC_DECIMALS}`)
  if (lamports < SOLANA_TRANSFER_FEE_LAMPORTS + (existing ? 0n : rent)) throw notEnoughFunds(from)
  const payer = createNoopSigner(from)
  return [
    ...(existing ? [] : [getCreateAssociatedTokenIdempotentInstruction({ payer, ata: destination, owner: to, mint })]),
    getTransferCheckedInstruction({ source, mint, destination, authority: payer, amount: units, decimals: USDC_DECIMALS }),
  ]
}

/**
 * Sends the plan from the wallet's account to the request's address: SOL, or the plan's token (USDC).
 * @param wallet - the Wallet Standard wallet (the Solana connector's provider).
 * @param url - the cluster's RPC endpoint.
 * @param request - the request (address, cluster).
 * @param from - the wallet's connected account.
 * @param plan - what to send (`token`: the mint).
 * @param signal - aborts the RPC calls before the wallet is asked.
 * @returns the transaction's signature (base58).
 * @throws PorticoError `wallet_user_rejected` when the user refuses, `wallet_unsupported_method` when the
 *   wallet cannot sign and send, `FUNDING_WALLET_NOT_ENOUGH_FUNDS` when a token transfer's fee cannot be
 *   paid, `FUNDING_WALLET_FAILED` for a mint the transfer cannot use or no signature.
 */
export async function sendSolanaTransfer(wallet: Wallet, url: string, request: FundingRequest, from: string, plan: TransferPlan, signal?: AbortSignal): Promise<string> {
  const rpc = rpcOf(url)
  const owner = address(from)
  const to = address(request.address)
  const [{ sendWithStandardWallet }, instructions] = await Promise.all([
    loadSolanaSend(),
    plan.token ? tokenTransfer(rpc, owner, to, address(plan.token), plan.units, signal) : [getTransferSolInstruction({ source: createNoopSigner(owner), destination: to, amount: plan.units })],
  ])
  return sendWithStandardWallet(wallet, { rpc, from, cluster: request.cluster?.name ?? 'mainnet-beta', instructions, fail: failed, ...(signal ? { signal } : {}) })
}

/**
 * Waits until the cluster confirms a transaction, asking every {@link RECEIPT_POLL_MS}.
 * @throws PorticoError `FUNDING_WALLET_FAILED` when it failed on the cluster.
 */
export async function waitForSolanaConfirmation(sleep: (ms: number) => Promise<void>, url: string, signature: string, signal?: AbortSignal): Promise<void> {
  const { waitForSignature } = await loadSolanaSend()
  await waitForSignature({ rpc: rpcOf(url), signature, poll: (attempt) => pollUntil(sleep, { every: RECEIPT_POLL_MS, signal, attempt }), fail: failed, ...(signal ? { signal } : {}) })
}
