/**
 * The checks spec 02 §5 makes of an EVM transaction request before anything is signed: quantities
 * are a number, a bigint or a hex string; `chainId` is a number. What passes is put in JSON-RPC form
 * (hex quantities, `gasLimit` as `gas`) for the chain and the wallet frame.
 * @module
 */
import { ProviderRpcError } from './provider'

/** The request's fields that are quantities. */
export const QUANTITY_FIELDS = ['value', 'gasLimit', 'gas', 'gasPrice', 'maxFeePerGas', 'maxPriorityFeePerGas', 'nonce'] as const

/** An EVM transaction request in JSON-RPC form. */
export interface RpcTransactionRequest {
  to?: string
  from?: string
  data?: string
  value?: string
  gas?: string
  gasPrice?: string
  maxFeePerGas?: string
  maxPriorityFeePerGas?: string
  nonce?: string
  /** The chain asked for, as a number (absent: the provider's current chain). */
  chainId?: number
  type?: string
}

const HEX_QUANTITY = /^0x[0-9a-fA-F]{1,64}$/
const ADDRESS = /^0x[0-9a-fA-F]{40}$/
const DATA = /^0x([0-9a-fA-F]{2})*$/

const invalid = (message: string) => new ProviderRpcError(-32602, message)

function quantity(key: string, value: unknown): string {
  if (typeof value === 'bigint' && value >= 0n) return `0x${value.toString(16)}`
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return `0x${value.toString(16)}`
  if (typeof value === 'string' && HEX_QUANTITY.test(value)) return `0x${BigInt(value).toString(16)}`
  throw invalid(`Transaction request property '${key}' must be a valid number, bigint, or hex string representing a quantity`)
}

/**
 * Checks a transaction request and puts it in JSON-RPC form.
 * @param input - the request as the host passed it (`eth_sendTransaction`'s first parameter).
 * @returns the request with hex quantities.
 * @throws a `ProviderRpcError` -32602 with the spec's text for a bad quantity or chain id, or a
 *   malformed `to`, `from` or `data`.
 * @example
 * ```ts
 * normalizeTransactionRequest({ to: '0x…', value: 10n ** 15n }).value // '0x38d7ea4c68000'
 * ```
 */
export function normalizeTransactionRequest(input: unknown): RpcTransactionRequest {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw invalid('Invalid transaction request')
  const tx = input as Record<string, unknown>
  const out: RpcTransactionRequest = {}
  for (const key of ['to', 'from'] as const) {
    const v = tx[key]
    if (v === undefined || v === null) continue
    if (typeof v !== 'string' || !ADDRESS.test(v)) throw invalid(`Transaction request property '${key}' must be an address`)
    out[key] = v
  }
  for (const key of ['data', 'input'] as const) {
    const v = tx[key]
    if (v === undefined || v === null) continue
    if (typeof v !== 'string' || !DATA.test(v)) throw invalid(`Transaction request property '${key}' must be hex data`)
    out.data ??= v
  }
  for (const key of QUANTITY_FIELDS) {
    const v = tx[key]
    if (v === undefined || v === null) continue
    const q = quantity(key, v)
    if (key === 'gasLimit' || key === 'gas') out.gas ??= q
    else out[key] = q
  }
  if (tx.chainId !== undefined && tx.chainId !== null) {
    if (typeof tx.chainId !== 'number' || !Number.isSafeInteger(tx.chainId) || tx.chainId <= 0) {
      throw invalid("Transaction request property 'chainId' must be a number")
    }
    out.chainId = tx.chainId
  }
  if (typeof tx.type === 'string' || typeof tx.type === 'number') out.type = typeof tx.type === 'number' ? `0x${tx.type.toString(16)}` : tx.type
  return out
}
