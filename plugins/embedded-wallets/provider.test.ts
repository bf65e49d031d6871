/**
 * The embedded Ethereum provider's `eth_sendTransaction` against a real anvil, with a viem account
 * standing in for the wallet frame's signer: the spec 02 §5 checks refuse a bad request before
 * anything is signed; a good one (quantities as number, bigint or hex) is filled from the chain,
 * signed and mined; a chain the app does not configure is refused, a configured one is moved to.
 * A smart account's `csw_signUserOperation` goes to the frame without the sign-request screen.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import type { Hex } from 'viem'
import { privateKeyToAccount } from 'viem/accounts'
import { receiptOf, rpc, startAnvil, type Anvil } from '../../test/fixtures/anvil'
import type { FrameRpcRequest } from '../../protocols/wallet-frame'
import { createEmbeddedEthereumProvider, type EmbeddedEthereumProvider } from './provider'
import { normalizeTransactionRequest } from './transaction-request'
import { frameSigner } from './test-wallets'

// anvil's first funded key.
const account = privateKeyToAccount('0xac0974bec39a17e36ba4a6b4d238ff944bacb478cbed5efcae784d7bf4f2ff80')
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'

let anvil: Anvil
let provider: EmbeddedEthereumProvider
const signed: FrameRpcRequest[] = []
beforeAll(async () => {
  anvil = await startAnvil()
  provider = createEmbeddedEthereumProvider({
    wallet: { address: account.address, chainType: 'ethereum', walletIndex: 0, imported: false, recoveryMethod: 'privy' },
    chains: [
      { id: anvil.chainId, rpcUrl: anvil.url },
      { id: 8453, rpcUrl: anvil.url },
    ],
    chainId: anvil.chainId,
    // The frame's part: sign what it is given with the wallet's key.
    sign: frameSigner(account, signed),
  })
}, 60_000)
afterAll(() => anvil?.close())

const send = (tx: Record<string, unknown>) => provider.request({ method: 'eth_sendTransaction', params: [tx] })

describe('eth_sendTransaction', () => {
  it('fills nonce, gas and EIP-1559 fees from the chain, signs in the frame and sends; anvil mines it', async () => {
    const before = BigInt(await rpc<string>(anvil.url, 'eth_getBalance', [TO, 'latest']))
    const hash = (await send({ to: TO, value: 10n ** 15n })) as Hex
    expect(hash).toMatch(/^0x[0-9a-f]{64}$/)
    expect((await receiptOf(anvil.url, hash)).status).toBe('0x1')
    expect(BigInt(await rpc<string>(anvil.url, 'eth_getBalance', [TO, 'latest'])) - before).toBe(10n ** 15n)
    const tx = signed.at(-1)!.params[0] as Record<string, string>
    expect(tx).toMatchObject({ from: account.address, value: '0x38d7ea4c68000', chainId: `0x${anvil.chainId.toString(16)}` })
    expect(BigInt(tx.maxFeePerGas!)).toBeGreaterThan(0n)
  })

  it('takes quantities as a number, a bigint or a hex string, gasLimit included', async () => {
    const hash = (await send({ to: TO, value: '0x1', gasLimit: 21000, maxPriorityFeePerGas: 1n, maxFeePerGas: '0x77359400' })) as Hex
    const raw = await rpc<{ gas: string }>(anvil.url, 'eth_getTransactionByHash', [hash])
    expect(BigInt(raw.gas)).toBe(21000n)
  })

  it("refuses a bad quantity or chain id with the spec's text before anything is signed", async () => {
    const count = signed.length
    await expect(send({ to: TO, value: '100' })).rejects.toThrow("Transaction request property 'value' must be a valid number, bigint, or hex string representing a quantity")
    await expect(send({ to: TO, gasLimit: -1 })).rejects.toThrow("Transaction request property 'gasLimit' must be a valid number, bigint, or hex string representing a quantity")
    await expect(send({ to: TO, maxFeePerGas: 1.5 })).rejects.toThrow("Transaction request property 'maxFeePerGas' must be a valid number, bigint, or hex string representing a quantity")
    await expect(send({ to: TO, chainId: '0x1' })).rejects.toThrow("Transaction request property 'chainId' must be a number")
    await expect(send({ to: 'not an address' })).rejects.toMatchObject({ rpcCode: -32602 })
    expect(signed.length).toBe(count)
  })

  it('refuses a chain the app does not configure, and moves to a configured one it names', async () => {
    await expect(send({ to: TO, value: 1, chainId: 10 })).rejects.toMatchObject({ rpcCode: 4901, message: 'Unsupported chainId: 10' })
    const changed: unknown[] = []
    provider.on('chainChanged', (c) => changed.push(c))
    // anvil signs for 31337 only: the send fails at the chain, after the move.
    await expect(send({ to: TO, value: 1, chainId: 8453 })).rejects.toBeTruthy()
    expect(changed).toEqual(['0x2105'])
    expect(await provider.request({ method: 'eth_chainId' })).toBe('0x2105')
    await provider.request({ method: 'wallet_switchEthereumChain', params: [{ chainId: `0x${anvil.chainId.toString(16)}` }] })
  })

  it('refuses a transaction from another address', async () => {
    await expect(send({ from: TO, to: TO, value: 1 })).rejects.toMatchObject({ rpcCode: 4100 })
  })
})

describe('normalizeTransactionRequest', () => {
  it('puts quantities in hex, gasLimit as gas, and keeps data', () => {
    expect(normalizeTransactionRequest({ to: TO, value: 255, gasLimit: 0x5208n, nonce: '0x01', data: '0xabcd', chainId: 1 })).toEqual({
      to: TO,
      value: '0xff',
      gas: '0x5208',
      nonce: '0x1',
      data: '0xabcd',
      chainId: 1,
    })
  })

  it('refuses what is not a request', () => {
    for (const bad of [null, 'tx', [], 1]) expect(() => normalizeTransactionRequest(bad)).toThrow('Invalid transaction request')
    expect(() => normalizeTransactionRequest({ data: '0xabc' })).toThrow("Transaction request property 'data' must be hex data")
  })
})

describe('signing methods', () => {
  it("sends csw_signUserOperation to the frame without the sign-request screen (the user operation's review approves it), personal_sign after it", async () => {
    const calls: string[] = []
    const wallet = createEmbeddedEthereumProvider({
      wallet: { address: account.address, chainType: 'ethereum', walletIndex: 0, imported: false, recoveryMethod: 'privy' },
      chains: [{ id: anvil.chainId, rpcUrl: anvil.url }],
      chainId: anvil.chainId,
      confirm: async (request) => void calls.push(`confirm ${request.method}`),
      sign: async (request) => {
        calls.push(`sign ${request.method}`)
        return '0x01'
      },
    })
    const operation = { userOperation: {}, entryPoint: { address: TO, version: '0.7' }, chainId: anvil.chainId, scheme: { kind: 'userOperationHash' } }
    await wallet.request({ method: 'csw_signUserOperation', params: [account.address, operation] })
    await wallet.request({ method: 'personal_sign', params: ['0x68656c6c6f', account.address] })
    expect(calls).toEqual(['sign csw_signUserOperation', 'confirm personal_sign', 'sign personal_sign'])
  })
})
