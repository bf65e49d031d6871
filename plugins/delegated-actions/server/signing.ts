/**
 * What the server does with an opened delegated key, for one wallet API call: EVM `personal_sign`,
 * `eth_signTypedData_v4` and `eth_sendTransaction` (filled from the chain, signed, sent to the chain's
 * RPC), Solana `signMessage` and `signAndSendTransaction` (signed in the wallet's slot, sent to the
 * chain's RPC). The key is used for this call only and is not kept.
 * @module
 */
import { ed25519 } from '@noble/curves/ed25519.js'
import { getBase58Decoder, getTransactionDecoder, getTransactionEncoder, type SignatureBytes, type Transaction } from '@solana/kit'
import { createPublicClient, http, isAddressEqual, toHex, type Hex, type TransactionSerializable } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import type * as v from 'valibot'
import { HttpError, errors } from '../../../server'
import type { RpcRequest, RpcResponse } from '../schemas'

type Request = v.InferOutput<typeof RpcRequest>
type Response = v.InferOutput<typeof RpcResponse>

/** What a call needs besides the key: the chains' RPC URLs and the fetch to reach them. */
export interface SigningEnv {
  rpcUrl(caip2: string): string | undefined
  fetch: typeof fetch
}

const broadcastFailure = (message: string) => new HttpError(400, 'transaction_broadcast_failure', message)
const noRpc = (caip2: string) => new HttpError(400, 'not_supported', `No RPC URL is configured for ${caip2} (chainRpcUrls).`)
const quantity = (q: string | number | undefined) => (q === undefined ? undefined : BigInt(q))

/** Signs or sends with an EVM key. */
async function evmCall(key: Uint8Array, request: Request, env: SigningEnv): Promise<Response> {
  const account = privateKeyToAccount(toHex(key))
  switch (request.method) {
    case 'personal_sign': {
      const { message, encoding } = request.params
      const signature = await account.signMessage({ message: encoding === 'hex' ? { raw: message as Hex } : message })
      return { method: 'personal_sign', data: { signature, encoding: 'hex' } }
    }
    case 'eth_signTypedData_v4': {
      const { domain, types, primary_type, message } = request.params.typed_data
      // viem computes the domain's type from the domain itself.
      const { EIP712Domain: _domain, ...rest } = types
      try {
        const signature = await account.signTypedData({ domain: domain as never, types: rest, primaryType: primary_type, message })
        return { method: 'eth_signTypedData_v4', data: { signature, encoding: 'hex' } }
      } catch (error) {
        throw errors.invalidData(`The typed data cannot be signed: ${(error as Error).message.split('\n')[0]}`)
      }
    }
    case 'eth_sendTransaction': {
      const chainId = Number(request.caip2.slice('eip155:'.length))
      const url = env.rpcUrl(request.caip2)
      if (!url) throw noRpc(request.caip2)
      const tx = request.params.transaction
      if (tx.chain_id !== undefined && BigInt(tx.chain_id) !== BigInt(chainId)) throw errors.invalidData('transaction.chain_id is another chain than caip2.')
      const client = createPublicClient({ transport: http(url, { fetchFn: env.fetch, retryCount: 0, timeout: 15_000 }) })
      try {
        if ((await client.getChainId()) !== chainId) throw broadcastFailure(`The RPC URL of ${request.caip2} serves another chain.`)
        const base = { to: tx.to as Hex | undefined, value: quantity(tx.value), data: tx.data as Hex | undefined }
        const nonce = tx.nonce !== undefined ? Number(tx.nonce) : await client.getTransactionCount({ address: account.address, blockTag: 'pending' })
        const gas = quantity(tx.gas_limit) ?? (await client.estimateGas({ account: account.address, ...base }))
        let signable: TransactionSerializable
        if (tx.gas_price !== undefined) {
          signable = { ...base, chainId, nonce, gas, gasPrice: BigInt(tx.gas_price), type: 'legacy' }
        } else {
          const fees = tx.max_fee_per_gas !== undefined ? null : await client.estimateFeesPerGas()
          signable = {
            ...base,
            chainId,
            nonce,
            gas,
            maxFeePerGas: quantity(tx.max_fee_per_gas) ?? fees!.maxFeePerGas,
            maxPriorityFeePerGas: quantity(tx.max_priority_fee_per_gas) ?? fees?.maxPriorityFeePerGas ?? 0n,
            type: 'eip1559',
          }
        }
        const hash = await client.sendRawTransaction({ serializedTransaction: await account.signTransaction(signable) })
        return { method: 'eth_sendTransaction', data: { hash, caip2: request.caip2 } }
      } catch (error) {
        if (error instanceof HttpError) throw error
        throw broadcastFailure(`The transaction was not sent: ${(error as Error).message.split('\n')[0]}`)
      }
    }
    default:
      throw errors.invalidData(`${request.method} is not an Ethereum method.`)
  }
}

/** Signs a Solana wire transaction in the wallet's signer slot. */
function signSolanaTransaction(seed: Uint8Array, address: string, wire: Uint8Array): Uint8Array {
  let tx: Transaction
  try {
    tx = getTransactionDecoder().decode(wire)
  } catch {
    throw new HttpError(400, 'invalid_solana_transaction', 'The transaction is not a Solana wire transaction.')
  }
  if (!(address in tx.signatures)) throw new HttpError(400, 'invalid_solana_transaction', 'Transaction does not contain public key')
  const signature = ed25519.sign(new Uint8Array(tx.messageBytes), seed) as SignatureBytes
  return new Uint8Array(getTransactionEncoder().encode({ ...tx, signatures: { ...tx.signatures, [address]: signature } }))
}

/** Signs or sends with a Solana key. */
async function solanaCall(seed: Uint8Array, address: string, request: Request, env: SigningEnv): Promise<Response> {
  switch (request.method) {
    case 'signMessage': {
      const signature = ed25519.sign(Buffer.from(request.params.message, 'base64'), seed)
      return { method: 'signMessage', data: { signature: Buffer.from(signature).toString('base64'), encoding: 'base64' } }
    }
    case 'signAndSendTransaction': {
      const url = env.rpcUrl(request.caip2)
      if (!url) throw noRpc(request.caip2)
      const signed = signSolanaTransaction(seed, address, Buffer.from(request.params.transaction, 'base64'))
      let answer: { result?: unknown; error?: { message?: unknown } }
      try {
        const res = await env.fetch(url, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'sendTransaction', params: [Buffer.from(signed).toString('base64'), { encoding: 'base64' }] }),
          signal: AbortSignal.timeout(15_000),
        })
        answer = (await res.json()) as typeof answer
      } catch (error) {
        throw broadcastFailure(`The transaction was not sent: ${(error as Error).message}`)
      }
      if (typeof answer.result !== 'string') throw broadcastFailure(`The transaction was not sent: ${String(answer.error?.message ?? 'no signature in the answer')}`)
      return { method: 'signAndSendTransaction', data: { hash: answer.result, caip2: request.caip2 } }
    }
    default:
      throw errors.invalidData(`${request.method} is not a Solana method.`)
  }
}

/**
 * Runs one wallet API call with a wallet's key.
 * @param key - the wallet's private key (secp256k1 scalar, or ed25519 seed).
 * @param wallet - the wallet's chain and address (the key must be its key).
 * @param request - the checked call.
 * @param env - the chains' RPC URLs and the fetch.
 * @returns the answer.
 * @throws HttpError `invalid_data` for a request the key cannot sign, `transaction_broadcast_failure`
 *   when the chain refuses a send, `not_supported` when the chain has no RPC URL.
 */
export async function runWalletCall(key: Uint8Array, wallet: { chainType: 'ethereum' | 'solana'; address: string }, request: Request, env: SigningEnv): Promise<Response> {
  if (request.chain_type !== wallet.chainType) throw errors.invalidData(`The wallet is a ${wallet.chainType} wallet.`)
  return wallet.chainType === 'ethereum' ? evmCall(key, request, env) : solanaCall(key, wallet.address, request, env)
}

/**
 * Whether a private key is the wallet's (the key a consent carries must be the named wallet's).
 * @param key - the opened key.
 * @param wallet - the wallet.
 * @returns true when the key's address is the wallet's.
 */
export function keyMatches(key: Uint8Array, wallet: { chainType: 'ethereum' | 'solana'; address: string }): boolean {
  if (key.length !== 32) return false
  try {
    if (wallet.chainType === 'ethereum') return isAddressEqual(privateKeyToAccount(toHex(key)).address, wallet.address as Hex)
    return getBase58Decoder().decode(ed25519.getPublicKey(key)) === wallet.address
  } catch {
    return false
  }
}

