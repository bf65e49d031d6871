/**
 * Sending a transaction through a Wallet Standard Solana wallet: the instructions put in one
 * version-0 transaction on the cluster's latest blockhash with the wallet's account paying, signed
 * and sent by the wallet's `solana:signAndSendTransaction`, and the wait until the cluster confirms
 * it. Loaded on demand through {@link loadSolanaSend} (`portico/plugins/solana`), so a page pays
 * for `@solana/kit` only when it sends; the funding methods (transfer from a wallet, a bridge's
 * Solana step) use it.
 * @module
 */
import {
  AccountRole,
  address,
  appendTransactionMessageInstructions,
  blockhash,
  compileTransaction,
  createTransactionMessage,
  getBase58Decoder,
  getTransactionEncoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Instruction,
} from '@solana/kit'
import type { Wallet } from '@wallet-standard/base'
import { createWalletError, toWalletError, WALLET_ERROR_CODES } from '../wallets'

/** The Wallet Standard feature that signs and sends a transaction. */
export const SIGN_AND_SEND = 'solana:signAndSendTransaction'

/**
 * One JSON-RPC call to the cluster, as the caller makes it (with its own error for a failed call).
 * @example
 * ```ts
 * const rpc: SolanaRpcCall = (method, params, signal) => fundingRpc(url, method, params, signal)
 * ```
 */
export type SolanaRpcCall = <T>(method: string, params: unknown[], signal?: AbortSignal) => Promise<T>

/** An instruction in the JSON form bridges and web3.js use: program id, account keys with their flags, data. */
export interface AccountKeysInstruction {
  programId: string
  keys: readonly { pubkey: string; isSigner: boolean; isWritable: boolean }[]
  data: Uint8Array
}

/**
 * The Wallet Standard chain of a cluster, as wallets list it: `solana:mainnet` for `mainnet-beta`
 * (the standard's name of Solana's mainnet), `solana:{cluster}` for the others.
 * @param cluster - the cluster's name (`mainnet-beta`, `devnet`, `testnet`).
 * @returns the chain a wallet is asked to sign and send for.
 * @example
 * ```ts
 * standardChainOf('mainnet-beta') // 'solana:mainnet'
 * ```
 */
export function standardChainOf(cluster: string): `solana:${string}` {
  return cluster === 'mainnet-beta' ? 'solana:mainnet' : `solana:${cluster}`
}

/** The feature's shape, as far as sending uses it. */
interface SignAndSendFeature {
  signAndSendTransaction(input: { account: Wallet['accounts'][number]; transaction: Uint8Array; chain: string }): Promise<readonly { signature: Uint8Array }[]>
}

/** What `sendWithStandardWallet` (of `loadSolanaSend()`) sends, and how it reaches the cluster. */
export interface StandardWalletSend {
  /** The cluster's JSON-RPC call (for the latest blockhash). */
  rpc: SolanaRpcCall
  /** The wallet's connected account: it pays the fee and signs. */
  from: string
  /** The cluster (`mainnet-beta`, `devnet`…): the wallet is asked for its Wallet Standard chain (`solana:mainnet` for `mainnet-beta`). */
  cluster: string
  /** The instructions, in order, in one transaction. */
  instructions: readonly Instruction[]
  /** The error for a failure that is not the wallet's (it returned no signature). */
  fail: (details: string) => Error
  /** Aborts the blockhash request. */
  signal?: AbortSignal
}

/**
 * An instruction of the account-keys form as `@solana/kit` takes it.
 * @param instruction - program id, keys, data.
 * @returns the instruction.
 * @throws when an address is not a base58 public key.
 * @example
 * ```ts
 * const { instructionOfAccountKeys } = await loadSolanaSend()
 * instructionOfAccountKeys({ programId: '11111111111111111111111111111111', keys: [], data: new Uint8Array() })
 * ```
 */
export function instructionOfAccountKeys(instruction: AccountKeysInstruction): Instruction {
  const role = (key: { isSigner: boolean; isWritable: boolean }) =>
    key.isSigner ? (key.isWritable ? AccountRole.WRITABLE_SIGNER : AccountRole.READONLY_SIGNER) : key.isWritable ? AccountRole.WRITABLE : AccountRole.READONLY
  return {
    programAddress: address(instruction.programId),
    accounts: instruction.keys.map((k) => ({ address: address(k.pubkey), role: role(k) })),
    data: instruction.data,
  }
}

/**
 * Has a Wallet Standard wallet sign and send the instructions in one transaction its account pays for.
 * @param wallet - the wallet (a Solana connector's provider).
 * @param send - the instructions, the account, the cluster and its RPC call.
 * @returns the transaction's signature (base58).
 * @throws PorticoError `wallet_unsupported_method` when the wallet cannot sign and send,
 *   `wallet_not_connected` when the account is not the wallet's, the wallets plugin's error for the
 *   wallet's refusal (`wallet_user_rejected`) or failure, `send.fail`'s error when no signature comes back.
 * @example
 * ```ts
 * const { sendWithStandardWallet } = await loadSolanaSend()
 * const signature = await sendWithStandardWallet(wallet, { rpc, from, cluster: 'devnet', instructions, fail })
 * ```
 */
export async function sendWithStandardWallet(wallet: Wallet, send: StandardWalletSend): Promise<string> {
  const feature = (wallet.features as Partial<Record<typeof SIGN_AND_SEND, SignAndSendFeature>>)[SIGN_AND_SEND]
  const account = wallet.accounts.find((a) => a.address === send.from)
  if (!feature?.signAndSendTransaction) throw createWalletError(WALLET_ERROR_CODES.unsupportedMethod)
  if (!account) throw createWalletError(WALLET_ERROR_CODES.notConnected)
  const { value: latest } = await send.rpc<{ value: { blockhash: string; lastValidBlockHeight: number } }>('getLatestBlockhash', [{ commitment: 'confirmed' }], send.signal)
  const message = pipe(
    createTransactionMessage({ version: 0 }),
    (m) => setTransactionMessageFeePayer(address(send.from), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: blockhash(latest.blockhash), lastValidBlockHeight: BigInt(latest.lastValidBlockHeight) }, m),
    (m) => appendTransactionMessageInstructions(send.instructions, m),
  )
  const transaction = new Uint8Array(getTransactionEncoder().encode(compileTransaction(message)))
  let out: readonly { signature: Uint8Array }[]
  try {
    out = await feature.signAndSendTransaction({ account, transaction, chain: standardChainOf(send.cluster) })
  } catch (e) {
    throw toWalletError(e)
  }
  if (!out[0]?.signature) throw send.fail('The wallet returned no signature')
  return getBase58Decoder().decode(out[0].signature)
}

/**
 * A polling loop, as the caller runs one (the funding methods' `pollUntil` on the kernel's clock):
 * calls `attempt` until it resolves with a value, and resolves with that value.
 */
export type SolanaPoll = <T>(attempt: () => Promise<T | undefined>) => Promise<T>

/** What `waitForSignature` (of `loadSolanaSend()`) waits on. */
export interface SignatureWait {
  /** The cluster's JSON-RPC call. */
  rpc: SolanaRpcCall
  /** The transaction's signature (base58). */
  signature: string
  /** The caller's polling loop (its interval, its retries of a failed call, its abort). */
  poll: SolanaPoll
  /** The error for a transaction that failed on the cluster. */
  fail: (details: string) => Error
  /** Aborts a status request under way. */
  signal?: AbortSignal
}

/** A signature's status, as `getSignatureStatuses` answers it. */
interface SignatureStatus {
  confirmationStatus: 'processed' | 'confirmed' | 'finalized' | null
  err: unknown
}

/**
 * Waits until the cluster confirms a transaction (`confirmed` or `finalized`) or says it failed.
 * @param wait - the signature, the RPC call, the polling loop, the failure's error.
 * @throws `wait.fail`'s error when the transaction failed on the cluster (the details name the
 *   cluster's error); what the polling loop throws (its abort, its last error).
 * @example
 * ```ts
 * const poll: SolanaPoll = (attempt) => pollUntil(ctx.sleep, { every: 1000, signal, attempt })
 * await waitForSignature({ rpc, signature, poll, fail })
 * ```
 */
export async function waitForSignature(wait: SignatureWait): Promise<void> {
  const status = await wait.poll(async () => {
    const { value } = await wait.rpc<{ value: (SignatureStatus | null)[] }>('getSignatureStatuses', [[wait.signature], { searchTransactionHistory: true }], wait.signal)
    const s = value[0]
    return s && (s.err || s.confirmationStatus === 'confirmed' || s.confirmationStatus === 'finalized') ? s : undefined
  })
  if (status.err) throw wait.fail(`Transaction ${wait.signature} failed: ${JSON.stringify(status.err)}`)
}
