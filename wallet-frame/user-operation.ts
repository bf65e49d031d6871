/**
 * `csw_signUserOperation`: the owner's signature of a smart account's user operation. The frame is
 * given the operation itself (never a hash), reads every field, and derives what it signs from it the
 * way the account type's owner signs: the ERC-4337 user-operation hash (viem's `getUserOperationHash`,
 * EntryPoint v0.6 or v0.7) as a signed message, or Safe's EIP-712 `SafeOp` of the same fields.
 * @module
 */
import { isAddress, isHex, type Address, type Hex, type LocalAccount } from 'viem'
import { getUserOperationHash, toPackedUserOperation, type UserOperation } from 'viem/account-abstraction'
import type { FrameUserOperationScheme } from '../protocols/wallet-frame'
import { FrameFailure } from './errors'

const invalid = (message: string) => new FrameFailure('invalid_request', message)

type Fields = Record<string, unknown>

function object(value: unknown, what: string): Fields {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw invalid(`${what} must be an object.`)
  return value as Fields
}

function address(value: unknown, field: string): Address {
  if (typeof value !== 'string' || !isAddress(value, { strict: false })) throw invalid(`Invalid user operation: ${field} must be an address.`)
  return value
}

function bytes(value: unknown, field: string): Hex {
  if (!isHex(value, { strict: true }) || value.length % 2 !== 0) throw invalid(`Invalid user operation: ${field} must be hex bytes.`)
  return value
}

/** A quantity of at most 256 bits, as JSON-RPC hex. */
function quantity(value: unknown, field: string): bigint {
  if (typeof value !== 'string' || !/^0x[0-9a-fA-F]{1,64}$/.test(value)) throw invalid(`Invalid user operation: ${field} must be a hex quantity.`)
  return BigInt(value)
}

/**
 * Whether a v0.7 part (the factory's, the paymaster's) is there: its address is given. Without it the
 * part's other fields count for nothing, as in the operation the EntryPoint packs.
 */
const given = (value: unknown) => value !== undefined && value !== null

/** A field of a part that may be left out (its neutral value then, as the EntryPoint packs it). */
const optional = <T>(op: Fields, field: string, read: (value: unknown, field: string) => T, fallback: T): T => (given(op[field]) ? read(op[field], field) : fallback)

/** Reads a user operation in its JSON-RPC form for an EntryPoint version. */
function readUserOperation(input: unknown, version: '0.6' | '0.7'): UserOperation {
  const op = object(input, 'The user operation')
  const common = {
    sender: address(op.sender, 'sender'),
    nonce: quantity(op.nonce, 'nonce'),
    callData: bytes(op.callData, 'callData'),
    callGasLimit: quantity(op.callGasLimit, 'callGasLimit'),
    verificationGasLimit: quantity(op.verificationGasLimit, 'verificationGasLimit'),
    preVerificationGas: quantity(op.preVerificationGas, 'preVerificationGas'),
    maxFeePerGas: quantity(op.maxFeePerGas, 'maxFeePerGas'),
    maxPriorityFeePerGas: quantity(op.maxPriorityFeePerGas, 'maxPriorityFeePerGas'),
    signature: '0x' as Hex,
  }
  if (version === '0.6') {
    return { ...common, initCode: bytes(op.initCode, 'initCode'), paymasterAndData: bytes(op.paymasterAndData, 'paymasterAndData') }
  }
  for (const field of ['initCode', 'paymasterAndData']) {
    if (op[field] !== undefined) throw invalid(`Invalid user operation: ${field} is not a field of an EntryPoint v0.7 operation.`)
  }
  return {
    ...common,
    ...(given(op.factory) ? { factory: address(op.factory, 'factory'), factoryData: optional(op, 'factoryData', bytes, '0x') } : {}),
    ...(given(op.paymaster)
      ? {
          paymaster: address(op.paymaster, 'paymaster'),
          paymasterVerificationGasLimit: optional(op, 'paymasterVerificationGasLimit', quantity, 0n),
          paymasterPostOpGasLimit: optional(op, 'paymasterPostOpGasLimit', quantity, 0n),
          paymasterData: optional<Hex>(op, 'paymasterData', bytes, '0x'),
        }
      : {}),
  }
}

function readScheme(input: unknown): FrameUserOperationScheme {
  const scheme = object(input, 'The signing scheme')
  if (scheme.kind === 'userOperationHash') return { kind: 'userOperationHash' }
  if (scheme.kind === 'safeOperation') return { kind: 'safeOperation', safe4337ModuleAddress: address(scheme.safe4337ModuleAddress, 'safe4337ModuleAddress') }
  throw invalid('The signing scheme must be userOperationHash or safeOperation.')
}

/** Safe's 4337 module's `SafeOp` types, per EntryPoint version (the module's own EIP-712 struct). */
const SAFE_OPERATION_TYPES = {
  '0.6': [
    { type: 'address', name: 'safe' },
    { type: 'uint256', name: 'nonce' },
    { type: 'bytes', name: 'initCode' },
    { type: 'bytes', name: 'callData' },
    { type: 'uint256', name: 'callGasLimit' },
    { type: 'uint256', name: 'verificationGasLimit' },
    { type: 'uint256', name: 'preVerificationGas' },
    { type: 'uint256', name: 'maxFeePerGas' },
    { type: 'uint256', name: 'maxPriorityFeePerGas' },
    { type: 'bytes', name: 'paymasterAndData' },
    { type: 'uint48', name: 'validAfter' },
    { type: 'uint48', name: 'validUntil' },
    { type: 'address', name: 'entryPoint' },
  ],
  '0.7': [
    { type: 'address', name: 'safe' },
    { type: 'uint256', name: 'nonce' },
    { type: 'bytes', name: 'initCode' },
    { type: 'bytes', name: 'callData' },
    { type: 'uint128', name: 'verificationGasLimit' },
    { type: 'uint128', name: 'callGasLimit' },
    { type: 'uint256', name: 'preVerificationGas' },
    { type: 'uint128', name: 'maxPriorityFeePerGas' },
    { type: 'uint128', name: 'maxFeePerGas' },
    { type: 'bytes', name: 'paymasterAndData' },
    { type: 'uint48', name: 'validAfter' },
    { type: 'uint48', name: 'validUntil' },
    { type: 'address', name: 'entryPoint' },
  ],
} as const

/**
 * Signs a user operation as its smart account's owner (`csw_signUserOperation`).
 * @param account - the wallet's key as a viem account.
 * @param input - the request the host sent (`FrameUserOperationRequest` of `protocols/wallet-frame`).
 * @returns the owner's signature (65 bytes of hex).
 * @throws FrameFailure `invalid_request` when the request or its user operation cannot be read.
 */
export function signUserOperation(account: LocalAccount, input: unknown): Promise<Hex> {
  const request = object(input, 'The user operation request')
  const entryPoint = object(request.entryPoint, 'The entry point')
  if (entryPoint.version !== '0.6' && entryPoint.version !== '0.7') throw invalid('The entry point version must be 0.6 or 0.7.')
  const version = entryPoint.version
  const entryPointAddress = address(entryPoint.address, 'entryPoint.address')
  const chainId = request.chainId
  if (typeof chainId !== 'number' || !Number.isSafeInteger(chainId) || chainId <= 0) throw invalid('The chain id must be a positive integer.')
  const userOperation = readUserOperation(request.userOperation, version)
  const scheme = readScheme(request.scheme)
  if (scheme.kind === 'userOperationHash') {
    const hash = getUserOperationHash({ userOperation, entryPointAddress, entryPointVersion: version, chainId })
    return account.signMessage({ message: { raw: hash } })
  }
  // The module's struct holds the v0.7 operation packed as the EntryPoint sees it.
  const packed = version === '0.7' ? toPackedUserOperation(userOperation) : null
  return account.signTypedData({
    domain: { chainId, verifyingContract: scheme.safe4337ModuleAddress as Address },
    types: { SafeOp: SAFE_OPERATION_TYPES[version] },
    primaryType: 'SafeOp',
    message: {
      safe: userOperation.sender,
      nonce: userOperation.nonce,
      initCode: packed ? packed.initCode : (userOperation.initCode ?? '0x'),
      callData: userOperation.callData,
      verificationGasLimit: userOperation.verificationGasLimit,
      callGasLimit: userOperation.callGasLimit,
      preVerificationGas: userOperation.preVerificationGas,
      maxPriorityFeePerGas: userOperation.maxPriorityFeePerGas,
      maxFeePerGas: userOperation.maxFeePerGas,
      paymasterAndData: packed ? packed.paymasterAndData : (userOperation.paymasterAndData ?? '0x'),
      validAfter: 0,
      validUntil: 0,
      entryPoint: entryPointAddress,
    },
  })
}
