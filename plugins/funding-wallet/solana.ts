/**
 * A SOL transfer from an external Solana wallet (Wallet Standard): the transaction built with
 * `@solana/kit` on the cluster's latest blockhash, signed and sent by the wallet's
 * `solana:signAndSendTransaction`, and the wait until the cluster confirms it. Loaded by the
 * transfer screen only for Solana requests.
 * @module
 */
import {
  address,
  appendTransactionMessageInstruction,
  blockhash,
  compileTransaction,
  createNoopSigner,
  createTransactionMessage,
  getBase58Decoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
} from '@solana/kit'
import { getTransferSolInstruction } from '@solana-program/system'
import type { Wallet } from '@wallet-standard/base'
import { PorticoError } from '../../kernel/errors'
import { fundingRpc, pollUntil, type FundingRequest } from '../funding'
import { createWalletError, toWalletError, WALLET_ERROR_CODES } from '../wallets'
import { fundingWalletMessages } from './messages'
import { RECEIPT_POLL_MS, type TransferPlan } from './transfer'

/** The Wallet Standard feature that signs and sends a transaction. */
export const SIGN_AND_SEND = 'solana:signAndSendTransaction'

/** The feature's shape, as far as the transfer uses it. */
interface SignAndSendFeature {
  signAndSendTransaction(input: { account: Wallet['accounts'][number]; transaction: Uint8Array; chain: string }): Promise<readonly { signature: Uint8Array }[]>
}

/**
 * Sends the plan's lamports from the wallet's account to the request's address.
 * @param wallet - the Wallet Standard wallet (the Solana connector's provider).
 * @param url - the cluster's RPC endpoint (for the blockhash).
 * @param request - the request (address, cluster).
 * @param from - the wallet's connected account.
 * @param plan - what to send (native SOL only).
 * @returns the transaction's signature (base58).
 * @throws PorticoError `wallet_user_rejected` when the user refuses, `wallet_unsupported_method` when the
 *   wallet cannot sign and send, `FUNDING_WALLET_FAILED` when the plan is not SOL.
 */
export async function sendSolanaTransfer(wallet: Wallet, url: string, request: FundingRequest, from: string, plan: TransferPlan): Promise<string> {
  if (plan.token) throw new PorticoError(fundingWalletMessages.FUNDING_WALLET_FAILED, { code: 'FUNDING_WALLET_FAILED', details: 'Only SOL is sent from a Solana wallet' })
  const feature = (wallet.features as Partial<Record<typeof SIGN_AND_SEND, SignAndSendFeature>>)[SIGN_AND_SEND]
  const account = wallet.accounts.find((a) => a.address === from)
  if (!feature) throw createWalletError(WALLET_ERROR_CODES.unsupportedMethod)
  if (!account) throw createWalletError(WALLET_ERROR_CODES.notConnected)
  const { value: latest } = await fundingRpc<{ value: { blockhash: string; lastValidBlockHeight: number } }>(url, 'getLatestBlockhash', [{ commitment: 'confirmed' }])
  const payer = createNoopSigner(address(from))
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(payer.address, m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash(latest.blockhash), lastValidBlockHeight: BigInt(latest.lastValidBlockHeight) }, m),
    (m) => appendTransactionMessageInstruction(getTransferSolInstruction({ source: payer, destination: address(request.address), amount: plan.units }), m),
  )
  const transaction = new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
  let signature: Uint8Array | undefined
  try {
    ;[{ signature } = { signature: undefined }] = await feature.signAndSendTransaction({ account, transaction, chain: `solana:${request.cluster?.name ?? 'mainnet-beta'}` })
  } catch (e) {
    throw toWalletError(e)
  }
  if (!signature) throw new PorticoError(fundingWalletMessages.FUNDING_WALLET_FAILED, { code: 'FUNDING_WALLET_FAILED', details: 'The wallet returned no signature' })
  return getBase58Decoder().decode(signature)
}

/** A signature's status, as `getSignatureStatuses` answers it. */
interface SignatureStatus {
  confirmationStatus: 'processed' | 'confirmed' | 'finalized' | null
  err: unknown
}

/**
 * Waits until the cluster confirms a transaction.
 * @throws PorticoError `FUNDING_WALLET_FAILED` when it failed on the cluster.
 */
export async function waitForSolanaConfirmation(sleep: (ms: number) => Promise<void>, url: string, signature: string, signal?: AbortSignal): Promise<void> {
  const status = await pollUntil(sleep, {
    every: RECEIPT_POLL_MS,
    signal,
    attempt: async () => {
      const { value } = await fundingRpc<{ value: (SignatureStatus | null)[] }>(url, 'getSignatureStatuses', [[signature], { searchTransactionHistory: true }], signal)
      const status = value[0]
      return status && (status.err || status.confirmationStatus === 'confirmed' || status.confirmationStatus === 'finalized') ? status : undefined
    },
  })
  if (status.err) throw new PorticoError(fundingWalletMessages.FUNDING_WALLET_FAILED, { code: 'FUNDING_WALLET_FAILED', details: `Transaction ${signature} failed: ${JSON.stringify(status.err)}` })
}
