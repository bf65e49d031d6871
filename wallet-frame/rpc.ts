/**
 * The signing methods of the frame's `rpc` operation, for one wallet's key. The host's provider has
 * already filled what a transaction needs (chain id, nonce, gas, fees): the frame signs and sends
 * nothing. Every param is checked; a request the frame cannot read is `invalid_request`.
 * @module
 */
import { isAddress, isHex, type Hex, type TransactionSerializable, type TypedDataDefinition } from 'viem'
import type { FrameRpcRequest } from '../protocols/wallet-frame'
import { evmAccount, fromBase64, signSolanaMessage, toBase64, type WalletKey } from './crypto'
import { FrameFailure } from './errors'
import { signWireTransaction } from './solana-wire'
import { signUserOperation } from './user-operation'

const invalid = (message: string) => new FrameFailure('invalid_request', message)

const sameEvmAddress = (a: unknown, address: string) => typeof a === 'string' && a.toLowerCase() === address.toLowerCase()

/** The address a method names must be the wallet's own. */
function expectOwnAddress(value: unknown, address: string): void {
  if (!sameEvmAddress(value, address)) throw invalid('The request names another address than the wallet’s.')
}

function expectHex(value: unknown, what: string, bytes?: number): Hex {
  if (!isHex(value, { strict: true }) || (bytes !== undefined && value.length !== 2 + 2 * bytes)) {
    throw invalid(`${what} must be ${bytes === undefined ? 'hex' : `${bytes} bytes of hex`}.`)
  }
  return value
}

/** A transaction quantity as JSON-RPC (hex) or a plain number or decimal string carries it. */
function quantity(value: unknown, field: string): bigint | undefined {
  if (value === undefined || value === null) return undefined
  if (typeof value === 'bigint' && value >= 0n) return value
  if (typeof value === 'number' && Number.isSafeInteger(value) && value >= 0) return BigInt(value)
  if (typeof value === 'string' && /^(0x[0-9a-fA-F]{1,64}|[0-9]{1,78})$/.test(value)) return BigInt(value)
  throw invalid(`Invalid transaction request: ${field} must be a non-negative quantity.`)
}

const TX_TYPES: Readonly<Record<string, 'legacy' | 'eip2930' | 'eip1559'>> = {
  '0x0': 'legacy', '0x1': 'eip2930', '0x2': 'eip1559', legacy: 'legacy', eip2930: 'eip2930', eip1559: 'eip1559',
}

/**
 * Reads a transaction request (spec 02 §3's fields, JSON-RPC or number encoding) into viem's form.
 * The nonce, gas, fees and chain id must be there; `from`, when given, must be the wallet.
 */
function readTransaction(input: unknown, address: string): TransactionSerializable {
  if (typeof input !== 'object' || input === null || Array.isArray(input)) throw invalid('Invalid transaction request: it must be an object.')
  const tx = input as Record<string, unknown>
  if (tx.from !== undefined && tx.from !== null && !sameEvmAddress(tx.from, address)) {
    throw invalid('Invalid transaction request: from is another address than the wallet’s.')
  }
  if (tx.to !== undefined && tx.to !== null && !(typeof tx.to === 'string' && isAddress(tx.to, { strict: false }))) {
    throw invalid('Invalid transaction request: to must be an address.')
  }
  const data = tx.data ?? tx.input
  if (data !== undefined && data !== null) expectHex(data, 'Invalid transaction request: data')
  const chainId = quantity(tx.chainId, 'chainId')
  const nonce = quantity(tx.nonce, 'nonce')
  const gas = quantity(tx.gas ?? tx.gasLimit, 'gas')
  if (chainId === undefined || chainId === 0n || nonce === undefined || gas === undefined) {
    throw invalid('Invalid transaction request: chainId, nonce and gas must be set.')
  }
  const gasPrice = quantity(tx.gasPrice, 'gasPrice')
  const maxFeePerGas = quantity(tx.maxFeePerGas, 'maxFeePerGas')
  const maxPriorityFeePerGas = quantity(tx.maxPriorityFeePerGas, 'maxPriorityFeePerGas')
  const accessList = tx.accessList ?? undefined
  if (accessList !== undefined && !Array.isArray(accessList)) throw invalid('Invalid transaction request: accessList must be a list.')
  let type = typeof tx.type === 'string' ? TX_TYPES[tx.type] : undefined
  if (tx.type !== undefined && tx.type !== null && !type) throw invalid('Invalid transaction request: the transaction type is not supported.')
  type ??= maxFeePerGas !== undefined ? 'eip1559' : accessList ? 'eip2930' : 'legacy'
  const common = {
    chainId: Number(chainId),
    nonce: Number(nonce),
    gas,
    ...(typeof tx.to === 'string' ? { to: tx.to as Hex } : {}),
    ...(data ? { data: data as Hex } : {}),
    value: quantity(tx.value, 'value') ?? 0n,
  }
  if (type === 'eip1559') {
    if (maxFeePerGas === undefined || maxPriorityFeePerGas === undefined) {
      throw invalid('Invalid transaction request: maxFeePerGas and maxPriorityFeePerGas must be set.')
    }
    return { ...common, type, maxFeePerGas, maxPriorityFeePerGas, ...(accessList ? { accessList: accessList as never } : {}) }
  }
  if (gasPrice === undefined) throw invalid('Invalid transaction request: gasPrice must be set.')
  if (type === 'eip2930') return { ...common, type, gasPrice, accessList: (accessList ?? []) as never }
  return { ...common, type, gasPrice }
}

/** Reads typed data given as a JSON string or an object. */
function readTypedData(input: unknown): TypedDataDefinition {
  let data = input
  if (typeof input === 'string') {
    try {
      data = JSON.parse(input)
    } catch {
      throw invalid('The typed data is not valid JSON.')
    }
  }
  const d = data as Record<string, unknown> | null
  if (!d || typeof d !== 'object' || typeof d.types !== 'object' || d.types === null || typeof d.primaryType !== 'string' || typeof d.message !== 'object') {
    throw invalid('The typed data must have types, primaryType and message.')
  }
  return { domain: (d.domain ?? {}) as never, types: d.types as never, primaryType: d.primaryType, message: d.message as never }
}

/** Signs an Ethereum request. */
async function signEvm(key: WalletKey, method: FrameRpcRequest['method'], params: unknown[]): Promise<string> {
  const account = evmAccount(key)
  switch (method) {
    case 'personal_sign': {
      // [message, address]: hex bytes, or a plain string some dapps send.
      const [message, address] = params
      if (address !== undefined) expectOwnAddress(address, key.address)
      if (typeof message !== 'string') throw invalid('personal_sign takes a message.')
      return account.signMessage({ message: isHex(message, { strict: true }) ? { raw: message } : message })
    }
    case 'eth_sign': {
      // [address, data]: the JSON-RPC eth_sign, over the data with the signed-message prefix.
      const [address, data] = params
      expectOwnAddress(address, key.address)
      return account.signMessage({ message: { raw: expectHex(data, 'eth_sign data') } })
    }
    case 'secp256k1_sign':
      // [hash]: a raw signature of 32 bytes, without any prefix.
      return account.sign({ hash: expectHex(params[0], 'secp256k1_sign hash', 32) })
    case 'eth_signTypedData_v4': {
      const [address, typedData] = params
      expectOwnAddress(address, key.address)
      return account.signTypedData(readTypedData(typedData))
    }
    case 'eth_signTransaction':
      return account.signTransaction(readTransaction(params[0], key.address))
    case 'csw_signUserOperation': {
      // [address, request]: the user operation itself; the frame derives what it signs from it.
      const [address, request] = params
      expectOwnAddress(address, key.address)
      return signUserOperation(account, request)
    }
    default:
      throw invalid(`${method} is not a method of an Ethereum wallet.`)
  }
}

function base64Param(value: unknown, what: string): Uint8Array {
  if (typeof value !== 'string' || value.length === 0) throw invalid(`${what} must be base64.`)
  try {
    return fromBase64(value)
  } catch {
    throw invalid(`${what} must be base64.`)
  }
}

/** Signs a Solana request. */
function signSolana(key: WalletKey, method: FrameRpcRequest['method'], params: unknown[]): string {
  switch (method) {
    case 'solana_signMessage':
      return toBase64(signSolanaMessage(key, base64Param(params[0], 'The message')))
    case 'solana_signTransaction': {
      const wire = base64Param(params[0], 'The transaction')
      return toBase64(signWireTransaction(wire, key.publicKey, (message) => signSolanaMessage(key, message)))
    }
    default:
      throw invalid(`${method} is not a method of a Solana wallet.`)
  }
}

/**
 * Signs one rpc request with a wallet's key.
 * @param key - the wallet's key.
 * @param request - the method and its params.
 * @returns a hex signature or signed transaction (Ethereum), or base64 (Solana).
 * @throws FrameFailure `invalid_request` on params the method cannot take.
 */
export async function signRpc(key: WalletKey, request: FrameRpcRequest): Promise<string> {
  try {
    return key.chainType === 'ethereum' ? await signEvm(key, request.method, request.params) : signSolana(key, request.method, request.params)
  } catch (error) {
    if (error instanceof FrameFailure) throw error
    // viem refuses malformed typed data or transactions with an error of its own.
    const short = (error as { shortMessage?: unknown }).shortMessage
    throw invalid(typeof short === 'string' ? short : 'The request could not be signed.')
  }
}
