/**
 * The smart account against a real ERC-4337 chain (anvil with the EntryPoints v0.7 and v0.6, the Safe
 * contracts, thirdweb's account factory and Biconomy's Smart Account v2 from their published artifacts or sources, the alto bundler) and a local ERC-7677 paymaster service: a new
 * account deploys with its first user operation, its signatures verify through ERC-6492 before
 * deployment and ERC-1271 after, calls batch into one user operation, and each error a user can act
 * on comes out with its code.
 */
import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, toHex, type Address, type EIP1193Provider } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { rpc } from '../../test/fixtures/anvil'
import { startErc4337Chain, type Erc4337Chain } from '../../test/fixtures/erc4337'
import { PAYMASTER_REFUSAL, REFUSED_POLICY_ID, startPaymasterService, type PaymasterService } from '../../test/fixtures/paymaster-service'
import { PorticoError } from '../../kernel/errors'
import type { FrameRpcRequest } from '../../protocols/wallet-frame'
import { deriveWalletKey } from '../../wallet-frame/crypto'
import { signRpc } from '../../wallet-frame/rpc'
import { createSmartWallet, type SmartWallet } from './account'
import { SMART_WALLET_ERROR_CODES, type SmartWalletNetwork, type SmartWalletType } from './config'

let chain: Erc4337Chain
let paymaster: PaymasterService

beforeAll(async () => {
  chain = await startErc4337Chain()
  paymaster = await startPaymasterService({
    rpcUrl: chain.anvil.url,
    chainId: chain.anvil.chainId,
    entryPoint: chain.entryPoint,
    paymaster: chain.paymaster,
    v06: { entryPoint: chain.entryPoint06, paymaster: chain.paymaster06 },
  })
})
afterAll(async () => {
  await Promise.all([chain?.close(), paymaster?.close()])
})

const network = (over: Partial<SmartWalletNetwork> = {}): SmartWalletNetwork => ({
  chainId: chain.anvil.chainId,
  bundlerUrl: chain.bundlerUrl,
  rpcUrl: chain.anvil.url,
  ...over,
})

const publicClient = () => createPublicClient({ transport: http(chain.anvil.url) })
const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address

/** The EntryPoint's `UserOperationEvent` topic (the same in v0.6 and v0.7). */
const USER_OPERATION_EVENT = '0x49628fd1471006c1482da88028e9ce4dbb080b815c9b0344d39e5a8e6ec1419f'

/** The account types built end to end (each with the fixture's contracts). */
const TYPES = ['safe', 'thirdweb', 'biconomy'] as const satisfies readonly SmartWalletType[]
/** The types whose accounts validate v0.6 user operations (the others v0.7). */
const ENTRY_POINT_06_TYPES: readonly SmartWalletType[] = ['thirdweb', 'biconomy']

/** A new user's account of a type; with `funded`, its counterfactual address holds 1 ETH to pay its gas. */
async function wallet(over: Partial<SmartWalletNetwork> = {}, funded = true, type: SmartWalletType = 'safe'): Promise<SmartWallet> {
  const w = await createSmartWallet({
    type,
    network: network(over),
    owner: privateKeyToAccount(generatePrivateKey()),
    contracts: { entryPoint: chain.entryPoint, safe: chain.safe, entryPoint06: chain.entryPoint06, thirdweb: { factoryAddress: chain.thirdwebFactory }, biconomy: chain.biconomy },
  })
  if (funded) await rpc(chain.anvil.url, 'anvil_setBalance', [w.address, toHex(parseEther('1'))])
  return w
}

async function failure(p: Promise<unknown>): Promise<PorticoError> {
  const err = await p.then(
    () => null,
    (e: unknown) => e,
  )
  expect(err).toBeInstanceOf(PorticoError)
  return err as PorticoError
}

describe.each(TYPES)('%s smart account', (type) => {
  it('behavior: a new account is counterfactual, and its first user operation deploys it and makes the transfer', async () => {
    const w = await wallet({}, true, type)
    const to = newAddress()
    expect(await w.isDeployed()).toBe(false)
    const sent = await w.sendTransaction({ to, value: 777n })
    expect(sent.userOperationHash).toMatch(/^0x[0-9a-f]{64}$/)
    expect(sent.sponsored).toBe(false)
    expect(await w.isDeployed()).toBe(true)
    expect(await publicClient().getBalance({ address: to })).toBe(777n)
    const receipt = await publicClient().getTransactionReceipt({ hash: sent.transactionHash })
    expect(receipt.status).toBe('success')
    // The type's own EntryPoint ran it: thirdweb's and Biconomy's accounts are v0.6 ones, Safe's a v0.7 one.
    const entryPoint = ENTRY_POINT_06_TYPES.includes(type) ? chain.entryPoint06 : chain.entryPoint
    expect(receipt.logs.filter((l) => l.topics[0] === USER_OPERATION_EVENT).map((l) => l.address.toLowerCase())).toEqual([entryPoint.toLowerCase()])
  })

  it("behavior: owned by the embedded wallet, its user operations (sponsored deployment, then account-paid) are signed in the wallet frame from the operation itself, and nothing else is asked of the owner", async () => {
    const key = deriveWalletKey(crypto.getRandomValues(new Uint8Array(16)), 'ethereum', 0)
    const asked: string[] = []
    // The embedded wallet's provider as the owner: its signing methods go to the frame's signer.
    const owner = {
      request: async ({ method, params }: { method: string; params?: unknown[] }) => {
        asked.push(method)
        if (method === 'eth_accounts' || method === 'eth_requestAccounts') return [key.address]
        return signRpc(key, { method, params: params ?? [] } as FrameRpcRequest)
      },
    } as unknown as EIP1193Provider
    const contracts = { entryPoint: chain.entryPoint, safe: chain.safe, entryPoint06: chain.entryPoint06, thirdweb: { factoryAddress: chain.thirdwebFactory }, biconomy: chain.biconomy }
    const sponsored = await createSmartWallet({ type, network: network({ paymasterUrl: paymaster.url }), owner, contracts })
    const to = newAddress()
    await rpc(chain.anvil.url, 'anvil_setBalance', [sponsored.address, toHex(10n)])
    expect((await sponsored.sendTransaction({ to, value: 3n })).sponsored).toBe(true)
    const paid = await createSmartWallet({ type, network: network(), owner, contracts })
    expect(paid.address).toBe(sponsored.address)
    await rpc(chain.anvil.url, 'anvil_setBalance', [paid.address, toHex(parseEther('1'))])
    expect((await paid.sendTransaction({ to, value: 4n })).sponsored).toBe(false)
    expect(await publicClient().getBalance({ address: to })).toBe(7n)
    expect(asked.filter((m) => m !== 'eth_accounts' && m !== 'eth_requestAccounts')).toEqual(['csw_signUserOperation', 'csw_signUserOperation'])
  })

  it('behavior: a signed message and typed data verify through ERC-6492 before deployment and ERC-1271 after', async () => {
    const w = await wallet({}, true, type)
    const typedData = {
      domain: { name: 'Portico test', version: '1', chainId: chain.anvil.chainId },
      types: { Note: [{ name: 'text', type: 'string' }] },
      primaryType: 'Note',
      message: { text: 'hello' },
    } as const
    const before = await w.signMessage('hello from a counterfactual account')
    expect(await publicClient().verifyMessage({ address: w.address, message: 'hello from a counterfactual account', signature: before })).toBe(true)
    expect(await publicClient().verifyMessage({ address: w.address, message: 'another text', signature: before })).toBe(false)
    expect(await publicClient().verifyTypedData({ address: w.address, signature: await w.signTypedData(typedData), ...typedData })).toBe(true)

    await w.sendTransaction({ to: newAddress(), value: 1n })
    expect(await w.isDeployed()).toBe(true)
    const after = await w.signMessage('hello from a deployed account')
    expect(await publicClient().verifyMessage({ address: w.address, message: 'hello from a deployed account', signature: after })).toBe(true)
    expect(await publicClient().verifyTypedData({ address: w.address, signature: await w.signTypedData(typedData), ...typedData })).toBe(true)
  })

  it('behavior: a batched transfer pays two recipients in one user operation', async () => {
    const w = await wallet({}, true, type)
    const [a, b] = [newAddress(), newAddress()]
    const sent = await w.sendTransaction([{ to: a, value: 5n }, { to: b, value: 6n }])
    expect(await publicClient().getBalance({ address: a })).toBe(5n)
    expect(await publicClient().getBalance({ address: b })).toBe(6n)
    const receipt = await publicClient().getTransactionReceipt({ hash: sent.transactionHash })
    // One UserOperationEvent: both calls rode in the same user operation.
    expect(receipt.logs.filter((l) => l.topics[0] === USER_OPERATION_EVENT)).toHaveLength(1)
  })

  it('behavior: a sponsored user operation deploys an account holding no ETH, its gas paid from the paymaster deposit, asked with the sponsored defaults merged with the app context', async () => {
    const w = await wallet({ paymasterUrl: paymaster.url, paymasterContext: { sponsorshipPolicyId: 'sp_test', expiryDuration: 120 } }, false, type)
    expect(w.sponsored).toBe(true)
    // Each type's own EntryPoint and verifying paymaster: v0.6 for thirdweb and Biconomy, v0.7 for Safe.
    const [entryPoint, sponsor] = ENTRY_POINT_06_TYPES.includes(type) ? [chain.entryPoint06, chain.paymaster06] : [chain.entryPoint, chain.paymaster]
    const depositOf = () =>
      publicClient().readContract({ address: entryPoint, abi: parseAbi(['function balanceOf(address) view returns (uint256)']), functionName: 'balanceOf', args: [sponsor] })
    const deposit = await depositOf()
    const from = paymaster.requests.length
    const to = newAddress()
    const sent = await w.sendTransaction({ to, value: 0n })
    expect(sent.sponsored).toBe(true)
    expect(await w.isDeployed()).toBe(true)
    expect(await publicClient().getBalance({ address: w.address })).toBe(0n)
    expect(await depositOf()).toBeLessThan(deposit)
    const asked = paymaster.requests.slice(from)
    expect(asked.map((r) => r.method)).toEqual(['pm_getPaymasterStubData', 'pm_getPaymasterData'])
    for (const r of asked) {
      expect(r.params.slice(1)).toEqual([
        entryPoint,
        toHex(chain.anvil.chainId),
        { mode: 'SPONSORED', expiryDuration: 120, calculateGasLimits: true, sponsorshipPolicyId: 'sp_test' },
      ])
      expect((r.params[0] as { sender: string }).sender).toBe(w.address)
    }
  })

  it('behavior: a sponsorship the policy refuses fails with paymaster_refused and the service message', async () => {
    const w = await wallet({ paymasterUrl: paymaster.url, paymasterContext: { sponsorshipPolicyId: REFUSED_POLICY_ID } }, false, type)
    expect(w.sponsored).toBe(true)
    const from = paymaster.requests.length
    const err = await failure(w.sendTransaction({ to: newAddress(), value: 1n }))
    expect(err.code).toBe(SMART_WALLET_ERROR_CODES.paymasterRefused)
    expect(err.shortMessage).toBe('The sponsor of this app declined to pay for this transaction.')
    expect(err.details ?? '').toContain(PAYMASTER_REFUSAL)
    expect(paymaster.requests.slice(from).map((r) => r.method)).toEqual(['pm_getPaymasterStubData'])
    expect(await w.isDeployed()).toBe(false)
  })

  it('behavior: a call that reverts fails with user_operation_reverted and the revert reason', async () => {
    const w = await wallet({}, true, type)
    const data = encodeFunctionData({ abi: parseAbi(['function withdrawTo(address to, uint256 amount)']), functionName: 'withdrawTo', args: [newAddress(), 1n] })
    const err = await failure(w.sendTransaction({ to: chain.entryPoint, data }))
    expect(err.code).toBe(SMART_WALLET_ERROR_CODES.reverted)
    expect(err.shortMessage).toMatch(/Withdraw amount too large/)
  })
})

describe('smart account errors (safe)', () => {
  it('behavior: an unreachable bundler fails with bundler_unreachable', async () => {
    const w = await wallet({ bundlerUrl: 'http://127.0.0.1:9/' })
    const err = await failure(w.sendTransaction({ to: newAddress(), value: 1n }))
    expect(err.code).toBe(SMART_WALLET_ERROR_CODES.bundlerUnreachable)
  })

})
