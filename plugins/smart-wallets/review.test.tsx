// @vitest-environment jsdom
/**
 * A smart account's user operation on the transactions plugin's screens, against the real ERC-4337
 * chain (anvil, the EntryPoint v0.7, the Safe contracts, alto) and the local ERC-7677 paymaster
 * service: the review shows a sponsored fee as 'Sponsored' and an account-paid one as the bundler's
 * maximum, Approve sends the user operation (a new account deploys with it) and the receipt follows; a batch is reviewed item by item, with the
 * operation's one fee shown once, and sent as one operation; a refused sponsorship, an unreachable bundler and a reverted call reach the error screen
 * with their code and the text a user can act on, and 'Retry transaction' sends again.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createPublicClient, encodeFunctionData, http, parseAbi, parseEther, parseEventLogs, toHex, type Address } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { axeViolations, startHarness, type Harness } from '../../test/support/ui-harness'
import { rpc } from '../../test/fixtures/anvil'
import { startErc4337Chain, type Erc4337Chain } from '../../test/fixtures/erc4337'
import { defaultPolicy, PAYMASTER_REFUSAL, REFUSED_POLICY_ID, startPaymasterService, type PaymasterService } from '../../test/fixtures/paymaster-service'
import { PorticoProvider } from '../../ui/provider'
import { email } from '../email'
import { TestWalletService, testEmbeddedWallets } from '../embedded-wallets/screens/test-support'
import { transactions } from '../transactions'
import { formatAmount } from '../transactions/screens/parts'
import { createSmartWallet, type SentUserOperation } from './account'
import type { SmartWalletNetwork } from './config'
import { smartWallets } from './index'
import { reviewScreen, reviewUserOperation } from './review'

let chain: Erc4337Chain
let paymaster: PaymasterService
/** Refuses the next sponsorship when set (then sponsors again). */
let refuseOnce = false
let h: Harness | null = null

beforeAll(async () => {
  chain = await startErc4337Chain()
  const served = { entryPoint: chain.entryPoint, chainId: chain.anvil.chainId }
  paymaster = await startPaymasterService({
    rpcUrl: chain.anvil.url,
    ...served,
    paymaster: chain.paymaster,
    policy: (request) => {
      if (refuseOnce) {
        refuseOnce = false
        return PAYMASTER_REFUSAL
      }
      return defaultPolicy(served)(request)
    },
  })
}, 120_000)
afterAll(async () => {
  await Promise.all([chain?.close(), paymaster?.close()])
})
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

const USER_OPERATION_EVENT_ABI = parseAbi([
  'event UserOperationEvent(bytes32 indexed userOpHash, address indexed sender, address indexed paymaster, uint256 nonce, bool success, uint256 actualGasCost, uint256 actualGasUsed)',
])
const publicClient = () => createPublicClient({ transport: http(chain.anvil.url) })
const newAddress = (): Address => privateKeyToAccount(generatePrivateKey()).address
const row = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent
const click = (el: HTMLElement) => act(async () => fireEvent.click(el))

/**
 * Opens the review of a new user's Safe account's user operation on the screens of the
 * transactions plugin.
 */
async function review(calls: { to: Address; value?: bigint; data?: `0x${string}` }[], over: Partial<SmartWalletNetwork> = {}, funded = false) {
  const network: SmartWalletNetwork = { chainId: chain.anvil.chainId, bundlerUrl: chain.bundlerUrl, rpcUrl: chain.anvil.url, chainName: 'Anvil', ...over }
  const wallet = await createSmartWallet({
    type: 'safe',
    network,
    owner: privateKeyToAccount(generatePrivateKey()),
    contracts: { entryPoint: chain.entryPoint, safe: chain.safe },
  })
  if (funded) await rpc(chain.anvil.url, 'anvil_setBalance', [wallet.address, toHex(parseEther('1'))])
  h = await startHarness({
    plugins: [email(), testEmbeddedWallets(new TestWalletService()), transactions(), smartWallets()],
    routes: { 'GET /api/v1/token_price': () => ({ json: { usd: 2000 } }) },
  })
  const ctx = h.kernel.contextFor('smart-wallets')
  const screenId = reviewScreen(ctx)
  expect(screenId).toBe('transactions/review')
  let sent: Promise<SentUserOperation> | undefined
  await act(async () => {
    sent = reviewUserOperation(ctx, screenId!, wallet, network, calls)
    sent.catch(() => undefined)
  })
  await act(async () => {
    render(<PorticoProvider kernel={h!.kernel} />)
  })
  return { wallet, sent: sent! }
}

describe('a user operation on the transaction screens', () => {
  it("default: a sponsored operation's fee shows as 'Sponsored' and counts for nothing; Approve deploys the new account with it and the receipt says the fee was sponsored", async () => {
    const to = newAddress()
    const { wallet, sent } = await review([{ to, value: 0n }], { paymasterUrl: paymaster.url })
    expect(await screen.findByRole('heading', { name: 'Review transaction' })).toBeTruthy()
    expect(row('Action')).toBe('Send')
    expect(row('Network')).toBe('Anvil')
    expect(row('Estimated fee')).toBe('Sponsored')
    await waitFor(() => expect(row('Total')).toBe('0 ETH ($0.00)'))
    expect(await axeViolations()).toEqual([])
    await click(screen.getByRole('button', { name: 'Approve' }))
    expect(await screen.findByRole('heading', { name: 'Transaction complete' }, { timeout: 20_000 })).toBeTruthy()
    expect(row('Fee paid')).toBe('Sponsored')
    const done = await sent
    expect(done.sponsored).toBe(true)
    expect(await wallet.isDeployed()).toBe(true)
    expect(await publicClient().getBalance({ address: wallet.address })).toBe(0n)
    await click(screen.getByRole('button', { name: 'Done' }))
  })

  it("reviews a batch item by item with the operation's one fee shown once, on the call Approve sends, with the batch's total; sends it as one user operation and the receipt shows what the account paid", async () => {
    const [a, b] = [newAddress(), newAddress()]
    const calls = [{ to: a, value: 5n }, { to: b, value: 6n }]
    const { wallet, sent } = await review(calls, {}, true)
    expect(await screen.findByText('Transaction 1 of 2')).toBeTruthy()
    expect(row('Amount')).toMatch(/^<0\.000001 ETH/)
    // The fee is the operation's, not the first call's: it is not shown here, nor a total.
    expect(screen.queryByText('Estimated fee', { selector: 'dt' })).toBeNull()
    expect(screen.queryByText('Total', { selector: 'dt' })).toBeNull()
    await click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('Transaction 2 of 2')).toBeTruthy()
    const { gas, maxFeePerGas } = await wallet.estimateFee(calls)
    const eth = { symbol: 'ETH', decimals: 18 }
    await waitFor(() => expect(row('Estimated fee')).toBe(formatAmount(gas * maxFeePerGas, eth, 2000, 'native-token')))
    // The total covers both calls' amounts and the one fee.
    expect(row('Total')).toBe(formatAmount(gas * maxFeePerGas + 11n, eth, 2000, 'native-token'))
    expect(screen.getAllByText('Estimated fee', { selector: 'dt' })).toHaveLength(1)
    // Back on the first call, still no fee of its own.
    await click(screen.getByRole('button', { name: 'Back' }))
    expect(await screen.findByText('Transaction 1 of 2')).toBeTruthy()
    expect(screen.queryByText('Estimated fee', { selector: 'dt' })).toBeNull()
    await click(screen.getByRole('button', { name: 'Continue' }))
    await click(await screen.findByRole('button', { name: 'Approve' }))
    expect(await screen.findByRole('heading', { name: 'Transaction complete' }, { timeout: 20_000 })).toBeTruthy()
    const receipt = await publicClient().getTransactionReceipt({ hash: (await sent).transactionHash })
    const [event, ...others] = parseEventLogs({ abi: USER_OPERATION_EVENT_ABI, logs: receipt.logs })
    expect(others).toHaveLength(0)
    expect(event!.args.actualGasCost).toBeLessThanOrEqual(gas * maxFeePerGas)
    expect(row('Fee paid')).toBe(formatAmount(event!.args.actualGasCost, eth, null, 'native-token'))
    expect(await publicClient().getBalance({ address: a })).toBe(5n)
    expect(await publicClient().getBalance({ address: b })).toBe(6n)
  })

  it("shows a sponsored batch's fee once, as 'Sponsored', on the call Approve sends, and the receipt says it was sponsored", async () => {
    const { sent } = await review([{ to: newAddress(), value: 0n }, { to: newAddress(), value: 0n }], { paymasterUrl: paymaster.url })
    expect(await screen.findByText('Transaction 1 of 2')).toBeTruthy()
    expect(screen.queryByText('Estimated fee', { selector: 'dt' })).toBeNull()
    await click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('Transaction 2 of 2')).toBeTruthy()
    expect(row('Estimated fee')).toBe('Sponsored')
    await waitFor(() => expect(row('Total')).toBe('0 ETH ($0.00)'))
    await click(screen.getByRole('button', { name: 'Approve' }))
    expect(await screen.findByRole('heading', { name: 'Transaction complete' }, { timeout: 20_000 })).toBeTruthy()
    expect(row('Fee paid')).toBe('Sponsored')
    expect((await sent).sponsored).toBe(true)
  })

  it("shows a batch's fee once as 'Unknown', with the preparation warning, when the bundler cannot estimate the operation", async () => {
    await review([{ to: newAddress(), value: 1n }, { to: newAddress(), value: 2n }], { bundlerUrl: 'http://127.0.0.1:9/' }, true)
    expect(await screen.findByText('Transaction 1 of 2')).toBeTruthy()
    expect(screen.getByText('There was an error preparing your transaction. Your transaction request will likely fail.')).toBeTruthy()
    expect(screen.queryByText('Estimated fee', { selector: 'dt' })).toBeNull()
    await click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('Transaction 2 of 2')).toBeTruthy()
    expect(row('Estimated fee')).toBe('Unknown')
    expect(row('Total')).toBe('Unknown')
  })

  it("shows the maximum fee of an operation the account pays, from the bundler's estimate (gas limits at the fee per gas), which covers what the account then pays; the receipt shows what it paid", async () => {
    const to = newAddress()
    const { wallet, sent } = await review([{ to, value: 9n }], {}, true)
    expect(await screen.findByRole('heading', { name: 'Review transaction' })).toBeTruthy()
    const { gas, maxFeePerGas } = await wallet.estimateFee([{ to, value: 9n }])
    expect(gas).toBeGreaterThan(21_000n)
    const expected = formatAmount(gas * maxFeePerGas, { symbol: 'ETH', decimals: 18 }, 2000, 'native-token')
    await waitFor(() => expect(row('Estimated fee')).toBe(expected))
    await waitFor(() => expect(row('Total')).toBe(formatAmount(gas * maxFeePerGas + 9n, { symbol: 'ETH', decimals: 18 }, 2000, 'native-token')))
    expect(screen.queryByText(/error preparing your transaction/)).toBeNull()
    await click(screen.getByRole('button', { name: 'Approve' }))
    expect(await screen.findByRole('heading', { name: 'Transaction complete' }, { timeout: 20_000 })).toBeTruthy()
    const receipt = await publicClient().getTransactionReceipt({ hash: (await sent).transactionHash })
    const [event] = parseEventLogs({ abi: USER_OPERATION_EVENT_ABI, logs: receipt.logs })
    expect(event!.args.actualGasCost).toBeGreaterThan(0n)
    expect(event!.args.actualGasCost).toBeLessThanOrEqual(gas * maxFeePerGas)
    // The receipt shows what the account paid (the operation's cost), not the bundle transaction's gas.
    const bundleGas = receipt.gasUsed * receipt.effectiveGasPrice
    expect(bundleGas).not.toBe(event!.args.actualGasCost)
    expect(row('Fee paid')).toBe(formatAmount(event!.args.actualGasCost, { symbol: 'ETH', decimals: 18 }, null, 'native-token'))
  })

  it("warns that the transaction will likely fail when the bundler cannot estimate an operation the account pays", async () => {
    await review([{ to: newAddress(), value: 1n }], { bundlerUrl: 'http://127.0.0.1:9/' }, true)
    expect(await screen.findByRole('heading', { name: 'Review transaction' })).toBeTruthy()
    expect(row('Estimated fee')).toBe('Unknown')
    expect(screen.getByText('There was an error preparing your transaction. Your transaction request will likely fail.')).toBeTruthy()
  })

  it("shows a refused sponsorship on the error screen with paymaster_refused; 'Retry transaction' sends it once the sponsor agrees", async () => {
    refuseOnce = true
    const { sent } = await review([{ to: newAddress(), value: 0n }], { paymasterUrl: paymaster.url })
    await click(await screen.findByRole('button', { name: 'Approve' }))
    expect(await screen.findByRole('heading', { name: 'Transaction failed' }, { timeout: 20_000 })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('The sponsor of this app declined to pay for this transaction.')
    expect(row('Error code')).toBe('paymaster_refused')
    expect(await axeViolations()).toEqual([])
    await click(screen.getByRole('button', { name: 'Retry transaction' }))
    expect(await screen.findByRole('heading', { name: 'Transaction complete' }, { timeout: 20_000 })).toBeTruthy()
    expect((await sent).sponsored).toBe(true)
  })

  it('shows a sponsorship the policy always refuses with the same text, and closing rejects with it', async () => {
    const { sent } = await review([{ to: newAddress(), value: 0n }], { paymasterUrl: paymaster.url, paymasterContext: { sponsorshipPolicyId: REFUSED_POLICY_ID } })
    await click(await screen.findByRole('button', { name: 'Approve' }))
    expect(await screen.findByRole('heading', { name: 'Transaction failed' }, { timeout: 20_000 })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('The sponsor of this app declined to pay for this transaction.')
    await click(screen.getByRole('button', { name: 'Close' }))
    await expect(sent).rejects.toMatchObject({ code: 'paymaster_refused' })
  })

  it('shows an unreachable bundler on the error screen with bundler_unreachable', async () => {
    await review([{ to: newAddress(), value: 1n }], { bundlerUrl: 'http://127.0.0.1:9/' }, true)
    await click(await screen.findByRole('button', { name: 'Approve' }))
    expect(await screen.findByRole('heading', { name: 'Transaction failed' }, { timeout: 20_000 })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('The network service that sends smart wallet transactions cannot be reached.')
    expect(row('Error code')).toBe('bundler_unreachable')
  })

  it('shows a reverted call on the error screen with user_operation_reverted and its reason', async () => {
    const data = encodeFunctionData({ abi: parseAbi(['function withdrawTo(address to, uint256 amount)']), functionName: 'withdrawTo', args: [newAddress(), 1n] })
    await review([{ to: chain.entryPoint, data }], {}, true)
    await click(await screen.findByRole('button', { name: 'Approve' }))
    expect(await screen.findByRole('heading', { name: 'Transaction failed' }, { timeout: 20_000 })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('The transaction was reverted: Withdraw amount too large')
    expect(row('Error code')).toBe('user_operation_reverted')
  })

  it('rejects with 4001 when the user cancels the review, sending nothing', async () => {
    const { wallet, sent } = await review([{ to: newAddress(), value: 0n }], { paymasterUrl: paymaster.url })
    const asked = paymaster.requests.length
    await click(await screen.findByRole('button', { name: 'Cancel' }))
    await expect(sent).rejects.toMatchObject({ rpcCode: 4001 })
    expect(paymaster.requests.length).toBe(asked)
    expect(await wallet.isDeployed()).toBe(false)
  })
})
