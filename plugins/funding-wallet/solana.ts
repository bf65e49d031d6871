/**
 * A transfer from an external Solana wallet (Wallet Standard): SOL with the system program's
 * transfer, or USDC as an SPL token `transferChecked` (6 decimals) of the mint's program (the Token
 * program, or Token-2022 for a mint of it such as PYUSD) from the wallet's token accounts of the
 * mint (its associated one first, then others) to the funded wallet's associated token account,
 * which is created (idempotently) when it is missing. The
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
import { fundingRpc, pollUntil, readSolanaTokenAccounts, USDC_DECIMALS, type FundingRequest, type SolanaTokenAccount } from '../funding'
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

/** Token-2022 (Token Extensions): a mint of it (PYUSD's, an app's own) is sent with the same instructions, addressed to it. */
const TOKEN_2022_PROGRAM_ADDRESS = address('TokenzQdBNbLqP5VEhdkAS6EPFLC1PHnBqCXEpPxuEb')

/** Where a mint's decimals are in its account data (after the authority option and the supply). */
const MINT_DECIMALS_OFFSET = 44

/** The size of a token account without extensions (both programs). */
const TOKEN_ACCOUNT_SIZE = 165

/**
 * Token-2022 extensions (type numbers of its `ExtensionType`) the transfer looks at: a mint's that
 * decide whether a plain `transferChecked` delivers the amount, and the bytes the associated token
 * account of such a mint carries for each (its rent grows with them).
 */
const EXTENSION = { TransferFeeConfig: 1, NonTransferable: 9, TransferHook: 14, Pausable: 26 } as const
/** Bytes a Token-2022 associated token account holds beyond the base: its account type, ImmutableOwner's header. */
const TOKEN_2022_ACCOUNT_BASE = TOKEN_ACCOUNT_SIZE + 1 + 4
/** What each mint extension adds to its token accounts (header and value): TransferFeeAmount, NonTransferableAccount, TransferHookAccount, PausableAccount. */
const ACCOUNT_EXTENSION_BYTES: Readonly<Record<number, number>> = { [EXTENSION.TransferFeeConfig]: 4 + 8, [EXTENSION.NonTransferable]: 4, [EXTENSION.TransferHook]: 4 + 1, [EXTENSION.Pausable]: 4 }

/** The extensions of a Token-2022 mint's data (type → value): after the base mint padded to 165 bytes and its account type. */
function mintExtensions(data: Uint8Array): Map<number, Uint8Array> {
  const out = new Map<number, Uint8Array>()
  for (let at = TOKEN_ACCOUNT_SIZE + 1; at + 4 <= data.length; ) {
    const type = data[at]! | (data[at + 1]! << 8)
    const length = data[at + 2]! | (data[at + 3]! << 8)
    if (type === 0) break
    out.set(type, data.subarray(at + 4, at + 4 + length))
    at += 4 + length
  }
  return out
}

const isZero = (bytes: Uint8Array) => bytes.every((b) => b === 0)
const u16 = (bytes: Uint8Array, at: number) => bytes[at]! | (bytes[at + 1]! << 8)

/**
 * Why a plain `transferChecked` of this Token-2022 mint would not deliver the amount to the funded
 * wallet, or null when it does: a transfer fee (either of the mint's two fee settings, with basis
 * points and a maximum above 0), an active transfer hook (the issuer's program, which needs accounts
 * of its own), a token that cannot be transferred, a paused mint.
 */
function unsupportedExtension(extensions: Map<number, Uint8Array>): string | null {
  const fee = extensions.get(EXTENSION.TransferFeeConfig)
  // TransferFeeConfig: two authorities (64), withheld amount (8), then the older and the newer fee (epoch 8, maximum 8, basis points 2).
  const charges = (at: number) => fee !== undefined && u16(fee, at + 16) > 0 && !isZero(fee.subarray(at + 8, at + 16))
  if (charges(72) || charges(90)) return 'it charges a transfer fee'
  const hook = extensions.get(EXTENSION.TransferHook)
  if (hook && !isZero(hook.subarray(32, 64))) return 'it runs a transfer hook'
  if (extensions.has(EXTENSION.NonTransferable)) return 'it is non-transferable'
  const pausable = extensions.get(EXTENSION.Pausable)
  if (pausable?.[32]) return 'it is paused'
  return null
}

/**
 * The token accounts to send from, the associated one first and then the others (largest first),
 * as few as cover `units`; frozen ones cannot move. Null when they do not.
 */
function pickSources(accounts: readonly SolanaTokenAccount[], ata: string, units: bigint): SolanaTokenAccount[] | null {
  const movable = accounts.filter((a) => !a.frozen && a.amount > 0n)
  const ordered = [...movable.filter((a) => a.address === ata), ...movable.filter((a) => a.address !== ata).sort((a, b) => (b.amount > a.amount ? 1 : b.amount < a.amount ? -1 : 0))]
  const picked: SolanaTokenAccount[] = []
  let left = units
  for (const account of ordered) {
    if (left <= 0n) break
    const amount = account.amount < left ? account.amount : left
    picked.push({ ...account, amount })
    left -= amount
  }
  return left > 0n ? null : picked
}

/** The most token accounts one transaction sends from (each adds an account and an instruction; a transaction is at most 1232 bytes). */
const MAX_TOKEN_SOURCES = 8

const unsupportedToken = (mint: string, why: string) =>
  new PorticoError(fundingWalletMessages.FUNDING_WALLET_TOKEN_UNSUPPORTED, { code: 'FUNDING_WALLET_TOKEN_UNSUPPORTED', details: `${mint}: ${why}` })

/**
 * The instructions of a token transfer of `units` of the mint (of the Token program or Token-2022)
 * to `to`'s associated token account, from `from`'s token accounts of the mint (its associated one
 * first, then others: one `transferChecked` each), with the creation of `to`'s account first when
 * it is missing. Refuses a wallet without the SOL for the fee (and, when the account is created, its rent).
 * @throws PorticoError `FUNDING_WALLET_FAILED` when the mint is not a token mint of 6 decimals on the
 *   cluster or the tokens are spread over more than {@link MAX_TOKEN_SOURCES} accounts,
 *   `FUNDING_WALLET_TOKEN_UNSUPPORTED` for a Token-2022 mint whose transfers would not deliver the
 *   amount (a fee, a hook, non-transferable, paused), `FUNDING_WALLET_NOT_ENOUGH_FUNDS` when the
 *   movable tokens or the fee (and rent) fall short.
 */
async function tokenTransfer(url: string, from: Address, to: Address, mint: Address, units: bigint, signal?: AbortSignal): Promise<Instruction[]> {
  const rpc = rpcOf(url)
  const info = (account: Address) => rpc<{ value: AccountInfo }>('getAccountInfo', [account, { encoding: 'base64', commitment: 'confirmed' }], signal).then((r) => r.value)
  const mintAccount = await info(mint)
  const program = mintAccount?.owner === TOKEN_PROGRAM_ADDRESS ? TOKEN_PROGRAM_ADDRESS : mintAccount?.owner === TOKEN_2022_PROGRAM_ADDRESS ? TOKEN_2022_PROGRAM_ADDRESS : null
  if (!mintAccount || !program) throw failed(`${mint} is not an SPL Token or Token-2022 mint on this cluster`)
  const data = new Uint8Array(getBase64Encoder().encode(mintAccount.data[0]))
  const decimals = data[MINT_DECIMALS_OFFSET]
  if (decimals !== USDC_DECIMALS) throw failed(`The mint ${mint} has ${decimals} decimals, not ${USDC_DECIMALS}`)
  const extensions = program === TOKEN_2022_PROGRAM_ADDRESS ? mintExtensions(data) : new Map<number, Uint8Array>()
  const why = unsupportedExtension(extensions)
  if (why) throw unsupportedToken(mint, why)
  const accountSize = program === TOKEN_PROGRAM_ADDRESS ? getTokenSize() : [...extensions.keys()].reduce((size, type) => size + (ACCOUNT_EXTENSION_BYTES[type] ?? 0), TOKEN_2022_ACCOUNT_BASE)
  const [[ata], [destination]] = await Promise.all([findAssociatedTokenPda({ owner: from, mint, tokenProgram: program }), findAssociatedTokenPda({ owner: to, mint, tokenProgram: program })])
  const [accounts, existing, lamports, rent] = await Promise.all([
    readSolanaTokenAccounts(url, from, mint, signal),
    info(destination),
    rpc<{ value: number }>('getBalance', [from, { commitment: 'confirmed' }], signal).then((r) => BigInt(r.value)),
    rpc<number>('getMinimumBalanceForRentExemption', [accountSize], signal).then(BigInt),
  ])
  const sources = pickSources(accounts, ata, units)
  if (!sources) throw notEnoughFunds(from)
  if (sources.length > MAX_TOKEN_SOURCES) throw failed(`The tokens are spread over ${sources.length} accounts, more than one transaction sends from (${MAX_TOKEN_SOURCES})`)
  if (lamports < SOLANA_TRANSFER_FEE_LAMPORTS + (existing ? 0n : rent)) throw notEnoughFunds(from)
  const payer = createNoopSigner(from)
  const config = { programAddress: program }
  return [
    ...(existing ? [] : [getCreateAssociatedTokenIdempotentInstruction({ payer, ata: destination, owner: to, mint, tokenProgram: program })]),
    ...sources.map((source) => getTransferCheckedInstruction({ source: address(source.address), mint, destination, authority: payer, amount: source.amount, decimals: USDC_DECIMALS }, config)),
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
 *   paid, `FUNDING_WALLET_TOKEN_UNSUPPORTED` for a Token-2022 mint whose transfers would not deliver
 *   the amount (transfer fee, hook, non-transferable, paused), `FUNDING_WALLET_FAILED` for a mint the
 *   transfer cannot use or no signature.
 */
export async function sendSolanaTransfer(wallet: Wallet, url: string, request: FundingRequest, from: string, plan: TransferPlan, signal?: AbortSignal): Promise<string> {
  const rpc = rpcOf(url)
  const owner = address(from)
  const to = address(request.address)
  const [{ sendWithStandardWallet }, instructions] = await Promise.all([
    loadSolanaSend(),
    plan.token ? tokenTransfer(url, owner, to, address(plan.token), plan.units, signal) : [getTransferSolInstruction({ source: createNoopSigner(owner), destination: to, amount: plan.units })],
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
