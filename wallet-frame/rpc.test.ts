import { ed25519 } from '@noble/curves/ed25519.js'
import {
  address as solanaAddress,
  appendTransactionMessageInstruction,
  compileTransaction,
  createTransactionMessage,
  getBase64EncodedWireTransaction,
  getTransactionDecoder,
  pipe,
  setTransactionMessageFeePayer,
  setTransactionMessageLifetimeUsingBlockhash,
  type Blockhash,
} from '@solana/kit'
import { SafeSmartAccount } from 'permissionless/accounts/safe'
import { toThirdwebSmartAccount } from 'permissionless/accounts'
import {
  concat,
  createPublicClient,
  http,
  keccak256,
  pad,
  parseTransaction,
  recoverAddress,
  recoverTransactionAddress,
  toHex,
  verifyMessage,
  verifyTypedData,
  type Hex,
  type TypedDataDefinition,
} from 'viem'
import { formatUserOperationRequest, getUserOperationHash } from 'viem/account-abstraction'
import { describe, expect, it } from 'vitest'
import type { FrameRpcRequest } from '../protocols/wallet-frame'
import { deriveWalletKey, evmAccount, fromBase64, toBase64 } from './crypto'
import { signRpc } from './rpc'

const ENTROPY = new Uint8Array(16).fill(7)
const evm = deriveWalletKey(ENTROPY, 'ethereum', 0)
const sol = deriveWalletKey(ENTROPY, 'solana', 0)
const otherSol = deriveWalletKey(ENTROPY, 'solana', 1)
const OTHER = '0x' + 'ab'.repeat(20)

const rpc = (key: typeof evm, method: FrameRpcRequest['method'], params: unknown[]) => signRpc(key, { method, params })

const typedData = {
  domain: { name: 'Portico', version: '1', chainId: 1, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
  types: {
    EIP712Domain: [
      { name: 'name', type: 'string' },
      { name: 'version', type: 'string' },
      { name: 'chainId', type: 'uint256' },
      { name: 'verifyingContract', type: 'address' },
    ],
    Mail: [
      { name: 'from', type: 'address' },
      { name: 'contents', type: 'string' },
    ],
  },
  primaryType: 'Mail',
  message: { from: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826', contents: 'Hello' },
} as const

/** A Solana wire transaction (base64) with the given fee payer and extra signer. */
function solanaTransaction(feePayer: string, version: 0 | 'legacy' = 0, extraSigner?: string): string {
  const message = pipe(
    createTransactionMessage({ version }),
    (m) => setTransactionMessageFeePayer(solanaAddress(feePayer), m),
    (m) => setTransactionMessageLifetimeUsingBlockhash({ blockhash: '11111111111111111111111111111111' as Blockhash, lastValidBlockHeight: 1n }, m),
    (m) =>
      appendTransactionMessageInstruction(
        {
          programAddress: solanaAddress('MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr'),
          accounts: extraSigner ? [{ address: solanaAddress(extraSigner), role: 2 /* readonly signer */ }] : [],
          data: new TextEncoder().encode('portico'),
        },
        m,
      ),
  )
  return getBase64EncodedWireTransaction(compileTransaction(message))
}

describe('signRpc on Ethereum', () => {
  it('personal_sign signs hex bytes, and plain text, as the address verifies', async () => {
    const hex = await rpc(evm, 'personal_sign', [toHex('hello'), evm.address])
    expect(await verifyMessage({ address: evm.address as Hex, message: 'hello', signature: hex as Hex })).toBe(true)
    const text = await rpc(evm, 'personal_sign', ['hello there', evm.address])
    expect(await verifyMessage({ address: evm.address as Hex, message: 'hello there', signature: text as Hex })).toBe(true)
  })

  it('refuses a request that names another address', async () => {
    await expect(rpc(evm, 'personal_sign', [toHex('hi'), OTHER])).rejects.toMatchObject({ code: 'invalid_request' })
    await expect(rpc(evm, 'eth_signTypedData_v4', [OTHER, typedData])).rejects.toMatchObject({ code: 'invalid_request' })
    await expect(rpc(evm, 'eth_sign', [OTHER, toHex('hi')])).rejects.toMatchObject({ code: 'invalid_request' })
  })

  it('eth_sign signs the data as a signed message (JSON-RPC eth_sign)', async () => {
    const signature = await rpc(evm, 'eth_sign', [evm.address, toHex('data')])
    expect(await verifyMessage({ address: evm.address as Hex, message: { raw: toHex('data') }, signature: signature as Hex })).toBe(true)
  })

  it('secp256k1_sign signs a 32-byte hash without prefix, and refuses anything else', async () => {
    const hash = keccak256(toHex('raw'))
    const signature = await rpc(evm, 'secp256k1_sign', [hash])
    expect(await recoverAddress({ hash, signature: signature as Hex })).toBe(evm.address)
    await expect(rpc(evm, 'secp256k1_sign', ['0x1234'])).rejects.toMatchObject({ code: 'invalid_request' })
  })

  it('eth_signTypedData_v4 signs typed data given as JSON text or as an object', async () => {
    for (const data of [JSON.stringify(typedData), typedData]) {
      const signature = await rpc(evm, 'eth_signTypedData_v4', [evm.address.toLowerCase(), data])
      expect(await verifyTypedData({ address: evm.address as Hex, ...(typedData as unknown as TypedDataDefinition), signature: signature as Hex })).toBe(true)
    }
    await expect(rpc(evm, 'eth_signTypedData_v4', [evm.address, '{not json'])).rejects.toMatchObject({ code: 'invalid_request' })
    await expect(rpc(evm, 'eth_signTypedData_v4', [evm.address, { types: {} }])).rejects.toMatchObject({ code: 'invalid_request' })
  })

  it('eth_signTransaction signs an EIP-1559 request in JSON-RPC form into a transaction from the wallet', async () => {
    const tx = { from: evm.address, to: OTHER, value: '0xde0b6b3a7640000', chainId: '0x7a69', nonce: '0x3', gas: '0x5208', maxFeePerGas: '0x77359400', maxPriorityFeePerGas: '0x3b9aca00' }
    const signed = (await rpc(evm, 'eth_signTransaction', [tx])) as Hex
    expect(parseTransaction(signed)).toMatchObject({ type: 'eip1559', chainId: 31337, nonce: 3, gas: 21000n, to: OTHER, value: 10n ** 18n })
    expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(evm.address)
  })

  it('eth_signTransaction signs a legacy request with numbers and gasLimit', async () => {
    const signed = (await rpc(evm, 'eth_signTransaction', [{ to: OTHER, chainId: 1, nonce: 0, gasLimit: 21000, gasPrice: '1000000000', data: '0x' }])) as Hex
    expect(parseTransaction(signed)).toMatchObject({ type: 'legacy', chainId: 1, gasPrice: 10n ** 9n })
    expect(await recoverTransactionAddress({ serializedTransaction: signed as never })).toBe(evm.address)
  })

  it('refuses a transaction from another address, or without nonce, gas, fees or chain id', async () => {
    const base = { to: OTHER, chainId: '0x1', nonce: '0x0', gas: '0x5208', gasPrice: '0x1' }
    await expect(rpc(evm, 'eth_signTransaction', [{ ...base, from: OTHER }])).rejects.toMatchObject({ code: 'invalid_request', message: expect.stringContaining('from') })
    for (const field of ['nonce', 'gas', 'gasPrice', 'chainId'] as const) {
      const { [field]: _, ...rest } = base
      await expect(rpc(evm, 'eth_signTransaction', [rest])).rejects.toMatchObject({ code: 'invalid_request' })
    }
    await expect(rpc(evm, 'eth_signTransaction', [{ ...base, value: '-1' }])).rejects.toMatchObject({ code: 'invalid_request' })
    await expect(rpc(evm, 'eth_signTransaction', [{ ...base, type: '0x4' }])).rejects.toMatchObject({ code: 'invalid_request' })
    await expect(rpc(evm, 'eth_signTransaction', ['0x00'])).rejects.toMatchObject({ code: 'invalid_request' })
  })

  it('refuses a Solana method', async () => {
    await expect(rpc(evm, 'solana_signMessage', ['aGk='])).rejects.toMatchObject({ code: 'invalid_request' })
  })
})

describe('csw_signUserOperation', () => {
  const SENDER = '0x1111111111111111111111111111111111111111'
  const gas = { callGasLimit: 100_000n, verificationGasLimit: 500_000n, preVerificationGas: 60_000n, maxFeePerGas: 3_000_000_000n, maxPriorityFeePerGas: 1_000_000_000n }
  /** A v0.7 operation that deploys its account, sponsored by a paymaster. */
  const op07 = {
    sender: SENDER,
    nonce: 0n,
    factory: '0x2222222222222222222222222222222222222222',
    factoryData: '0xabcdef',
    callData: '0x1234',
    ...gas,
    paymaster: '0x3333333333333333333333333333333333333333',
    paymasterVerificationGasLimit: 40_000n,
    paymasterPostOpGasLimit: 10_000n,
    paymasterData: '0x99',
    signature: '0x',
  } as const
  /** A v0.6 operation of a deployed account, paid by the account. */
  const op06 = { sender: SENDER, nonce: 5n, initCode: '0x', callData: '0x5678', ...gas, paymasterAndData: '0x', signature: '0x' } as const
  const ENTRY_POINT_07 = '0x0000000071727De22E5E9d8BAf0edAc6f37da032'
  const ENTRY_POINT_06 = '0x5FF137D4b0FDCD49DcA30c7CF57E578a026d2789'
  const MODULE = '0x75cf11467937ce3F2f357CE24ffc3DBF8fD5c226'
  const safeRequest = { userOperation: formatUserOperationRequest(op07), entryPoint: { address: ENTRY_POINT_07, version: '0.7' }, chainId: 31337, scheme: { kind: 'safeOperation', safe4337ModuleAddress: MODULE } }
  const hashRequest = { userOperation: formatUserOperationRequest(op06), entryPoint: { address: ENTRY_POINT_06, version: '0.6' }, chainId: 31337, scheme: { kind: 'userOperationHash' } }
  const sign = (request: unknown, address = evm.address) => rpc(evm, 'csw_signUserOperation', [address, request])

  it("signs a v0.7 operation as a Safe's owner signs it: the SafeOp permissionless' Safe account asks its owner for", async () => {
    const signature = await sign(safeRequest)
    // permissionless packs validAfter and validUntil (6 bytes each, 0) before the owner's signature.
    const packed = await SafeSmartAccount.signUserOperation({
      ...op07,
      version: '1.4.1',
      entryPoint: { address: ENTRY_POINT_07, version: '0.7' },
      owners: [evmAccount(evm)],
      account: evmAccount(evm),
      chainId: 31337,
      safe4337ModuleAddress: MODULE,
    })
    expect(packed).toBe(concat([pad('0x0', { size: 12 }), signature as Hex]))
  })

  it("signs a v0.6 operation as a thirdweb account's owner signs it: a message over the ERC-4337 user-operation hash", async () => {
    const signature = await sign(hashRequest)
    const thirdweb = await toThirdwebSmartAccount({
      client: createPublicClient({ transport: http('http://127.0.0.1:9') }),
      owner: evmAccount(evm),
      address: SENDER,
      entryPoint: { address: ENTRY_POINT_06, version: '0.6' },
    })
    expect(await thirdweb.signUserOperation({ ...op06, chainId: 31337 })).toBe(signature)
    const hash = getUserOperationHash({ userOperation: op06, entryPointAddress: ENTRY_POINT_06, entryPointVersion: '0.6', chainId: 31337 })
    expect(await verifyMessage({ address: evm.address as Hex, message: { raw: hash }, signature: signature as Hex })).toBe(true)
  })

  it('signs what the operation says: another field, chain or entry point gives another signature', async () => {
    const base = await sign(hashRequest)
    const changed = [
      { ...hashRequest, userOperation: { ...hashRequest.userOperation, callData: '0x5679' } },
      { ...hashRequest, userOperation: { ...hashRequest.userOperation, maxFeePerGas: '0x1' } },
      { ...hashRequest, chainId: 1 },
      { ...hashRequest, entryPoint: { address: OTHER, version: '0.6' } },
    ]
    for (const request of changed) expect(await sign(request)).not.toBe(base)
  })

  it('refuses another address than the wallet’s, a hash in place of the operation, and operations it cannot read', async () => {
    await expect(sign(safeRequest, OTHER)).rejects.toMatchObject({ code: 'invalid_request' })
    const { callData: _, ...withoutCallData } = safeRequest.userOperation
    const refused: unknown[] = [
      keccak256(toHex('a hash the host chose')),
      { ...hashRequest, userOperation: keccak256(toHex('a hash the host chose')) },
      { ...safeRequest, userOperation: withoutCallData },
      { ...safeRequest, userOperation: { ...safeRequest.userOperation, paymasterData: 'not hex' } },
      { ...safeRequest, userOperation: { ...safeRequest.userOperation, initCode: '0x' } },
      { ...safeRequest, userOperation: { ...safeRequest.userOperation, nonce: '12' } },
      { ...safeRequest, userOperation: { ...safeRequest.userOperation, sender: 'not an address' } },
      { ...hashRequest, userOperation: { ...hashRequest.userOperation, paymasterAndData: undefined } },
      { ...hashRequest, entryPoint: { address: ENTRY_POINT_06, version: '0.8' } },
      { ...hashRequest, chainId: 0 },
      { ...hashRequest, scheme: { kind: 'rawHash' } },
      { ...safeRequest, scheme: { kind: 'safeOperation' } },
    ]
    for (const request of refused) await expect(sign(request)).rejects.toMatchObject({ code: 'invalid_request' })
  })
})

describe('signRpc on Solana', () => {
  it('solana_signMessage signs base64 bytes into a base64 ed25519 signature', async () => {
    const message = new TextEncoder().encode('hello solana')
    const signature = await rpc(sol, 'solana_signMessage', [toBase64(message)])
    expect(ed25519.verify(fromBase64(signature), message, sol.publicKey)).toBe(true)
    await expect(rpc(sol, 'solana_signMessage', ['not base64!'])).rejects.toMatchObject({ code: 'invalid_request' })
  })

  for (const version of [0, 'legacy'] as const) {
    it(`solana_signTransaction fills the wallet's signer slot of a ${version} transaction and keeps every other byte`, async () => {
      const wire = solanaTransaction(sol.address, version)
      const signed = await rpc(sol, 'solana_signTransaction', [wire])
      const tx = getTransactionDecoder().decode(fromBase64(signed))
      const signature = tx.signatures[solanaAddress(sol.address)]
      expect(signature).toBeTruthy()
      expect(ed25519.verify(signature as Uint8Array, new Uint8Array(tx.messageBytes), sol.publicKey)).toBe(true)
      const before = getTransactionDecoder().decode(fromBase64(wire))
      expect(new Uint8Array(tx.messageBytes)).toEqual(new Uint8Array(before.messageBytes))
    })
  }

  it('signs only its own slot of a transaction with two signers', async () => {
    const wire = solanaTransaction(otherSol.address, 0, sol.address)
    const tx = getTransactionDecoder().decode(fromBase64(await rpc(sol, 'solana_signTransaction', [wire])))
    expect(Object.keys(tx.signatures)).toEqual([otherSol.address, sol.address])
    expect(tx.signatures[solanaAddress(otherSol.address)]).toBeNull()
    expect(ed25519.verify(tx.signatures[solanaAddress(sol.address)] as Uint8Array, new Uint8Array(tx.messageBytes), sol.publicKey)).toBe(true)
  })

  it('refuses a transaction whose signers do not include the wallet', async () => {
    await expect(rpc(sol, 'solana_signTransaction', [solanaTransaction(otherSol.address)])).rejects.toMatchObject({
      code: 'invalid_request',
      message: 'Transaction does not contain public key',
    })
  })

  it('refuses bytes that are not a wire transaction', async () => {
    for (const bytes of [new Uint8Array([]), new Uint8Array([1]), new Uint8Array([1, ...new Uint8Array(64)]), new Uint8Array([0xff, 0xff, 0xff, 0xff])]) {
      await expect(rpc(sol, 'solana_signTransaction', [toBase64(bytes)])).rejects.toMatchObject({ code: 'invalid_request' })
    }
  })
})
