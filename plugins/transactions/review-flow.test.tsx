// @vitest-environment jsdom
/**
 * The embedded provider's `eth_sendTransaction` through the screens the transactions plugin
 * registers, with a real kernel, modal and anvil (a viem account stands in for the wallet frame's
 * signer): the review shows the prepared transaction, Approve sends it, the host gets the hash while
 * the receipt waits for anvil to mine it; Cancel rejects with 4001 and nothing is signed; a reverted
 * transaction shows the error screen and 'Retry transaction' sends it again with the next nonce; a
 * send the chain refuses is retried with the same nonce, and leaving then rejects with its error;
 * without the transactions plugin no review is shown.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { privateKeyToAccount } from 'viem/accounts'
import { encodeFunctionData, parseAbi } from 'viem'
import { PorticoProvider } from '../../ui/provider'
import { startHarness, type Harness } from '../../test/support/ui-harness'
import { receiptOf, rpc, startAnvil, type Anvil } from '../../test/fixtures/anvil'
import { deployTestTokens, type TestTokens } from '../../test/fixtures/tokens'
import { createEmbeddedEthereumProvider, type EmbeddedEthereumProvider } from '../embedded-wallets'
import { reviewTransaction } from '../embedded-wallets/transaction-steps'
import { frameSigner } from '../embedded-wallets/test-wallets'
import type { FrameRpcRequest } from '../../protocols/wallet-frame'
import { email } from '../email'
import { transactions } from './index'

const account = privateKeyToAccount('0x59c6995e998f97a5a0044966f0945389dc9e86dae88c7a8412f4603b6b78690d')
const TO = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'
const wallet = { address: account.address, chainType: 'ethereum' as const, walletIndex: 0, imported: false, recoveryMethod: 'privy' as const }

let anvil: Anvil
let tokens: TestTokens
let h: Harness | null = null
beforeAll(async () => {
  anvil = await startAnvil()
  tokens = await deployTestTokens(anvil.url, anvil.chainId)
}, 60_000)
afterAll(() => anvil?.close())
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

async function start(withReview: boolean, beforeSign: () => Promise<void> = async () => undefined): Promise<{ provider: EmbeddedEthereumProvider; signed: FrameRpcRequest[] }> {
  const chain = { id: `eip155:${anvil.chainId}`, name: 'Anvil', rpcUrls: [anvil.url], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }
  h = await startHarness({ plugins: withReview ? [email(), transactions()] : [email()], config: { supportedChains: [chain], defaultChain: chain.id }, routes: { 'GET /api/v1/token_price': () => ({ status: 503, json: { error: 'Unable to fetch ETH price' } }) } })
  const ctx = h.kernel.contextFor('email')
  const signed: FrameRpcRequest[] = []
  const provider = createEmbeddedEthereumProvider({
    wallet,
    chains: [{ id: anvil.chainId, rpcUrl: anvil.url }],
    chainId: anvil.chainId,
    sign: async (request) => {
      await beforeSign()
      return frameSigner(account, signed)(request)
    },
    review: (prepared) => reviewTransaction(ctx, wallet, prepared, { extendedCalldataDecoding: false, priceDisplay: 'native-token' }),
  })
  await act(async () => {
    render(<PorticoProvider kernel={h!.kernel} />)
  })
  return { provider, signed }
}

/** Clicks Approve once the review shows it. */
async function approve() {
  const button = await screen.findByRole('button', { name: 'Approve' })
  await act(async () => fireEvent.click(button))
}

const send = (provider: EmbeddedEthereumProvider) => provider.request({ method: 'eth_sendTransaction', params: [{ to: TO, value: '0x2386f26fc10000' }] })

describe('eth_sendTransaction with the review', () => {
  it('shows the prepared transaction; Approve sends it and anvil mines it', async () => {
    const { provider, signed } = await start(true)
    const hash = send(provider)
    expect(await screen.findByRole('heading', { name: 'Review transaction' })).toBeTruthy()
    expect(screen.getByText('Amount', { selector: 'dt' }).nextElementSibling?.textContent).toBe('0.01 ETH')
    expect(signed).toHaveLength(0)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Approve' })))
    const receipt = await receiptOf(anvil.url, String(await hash))
    expect(receipt.status).toBe('0x1')
    expect(signed).toHaveLength(1)
    // The host has the hash; the receipt screen confirms it, and Done closes the modal.
    expect(await screen.findByRole('heading', { name: 'Transaction complete' })).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Done' })))
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
  })

  it("shows a reverted transaction on the error screen; 'Retry transaction' sends it again with the next nonce and tells the provider's listeners", async () => {
    const { provider, signed } = await start(true)
    const retried: unknown[] = []
    provider.on('message', (m) => retried.push(m))
    const data = encodeFunctionData({ abi: parseAbi(['function fail()']), functionName: 'fail' })
    // The host gives the gas: estimation fails for a call that reverts.
    const first = provider.sendTransaction({ to: tokens.reverter, data, gasLimit: 100_000 })
    await approve()
    const hash = await first
    expect(await screen.findByRole('heading', { name: 'Transaction failed' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toMatch(/Reverted on purpose/)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry transaction' })))
    await waitFor(() => expect(retried).toHaveLength(1))
    const { hash: again, previousHash } = (retried[0] as { data: { hash: string; previousHash: string } }).data
    expect(previousHash).toBe(hash)
    const nonces = await Promise.all([hash, again].map(async (h) => Number((await rpc<{ nonce: string }>(anvil.url, 'eth_getTransactionByHash', [h])).nonce)))
    expect(nonces[1]).toBe(nonces[0]! + 1)
    expect(signed).toHaveLength(2)
  })

  it('retries a send the chain refused with the same nonce, and leaving the error screen rejects with its error', async () => {
    const { provider, signed } = await start(true)
    // A nonce below the account's: the chain refuses the transaction, which gets no hash.
    const count = Number(await rpc<string>(anvil.url, 'eth_getTransactionCount', [account.address, 'latest']))
    await rpc(anvil.url, 'anvil_setNonce', [account.address, `0x${(count + 5).toString(16)}`])
    const hash = provider.sendTransaction({ to: TO, value: 1n, nonce: 0 })
    hash.catch(() => undefined)
    await approve()
    expect(await screen.findByRole('heading', { name: 'Transaction failed' })).toBeTruthy()
    const firstMessage = screen.getByRole('alert').textContent
    expect(firstMessage).toMatch(/nonce/i)
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry transaction' })))
    await waitFor(() => expect(signed.filter((r) => (r.params[0] as { nonce?: string }).nonce === '0x0').length).toBe(2))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Close' })))
    await expect(hash).rejects.toMatchObject({ message: firstMessage })
  })

  it('steps through a multi-item request (Continue, Back) and the last Approve sends the items in order, the later one once the earlier is mined', async () => {
    const { provider } = await start(true)
    await tokens.mintUsd(account.address, 3_000_000n)
    const erc20 = parseAbi(['function approve(address spender, uint256 amount)', 'function transferFrom(address from, address to, uint256 amount)', 'function balanceOf(address) view returns (uint256)'])
    // The second item spends the allowance the first sets: it can only be estimated once the first is mined.
    const hashes = provider.sendTransaction([
      { to: tokens.usd, data: encodeFunctionData({ abi: erc20, functionName: 'approve', args: [account.address, 1_500_000n] }) },
      { to: tokens.usd, data: encodeFunctionData({ abi: erc20, functionName: 'transferFrom', args: [account.address, TO, 1_500_000n] }) },
    ])
    expect(await screen.findByText('Transaction 1 of 2')).toBeTruthy()
    expect(screen.getByRole('heading', { name: 'Confirm address' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Approve' })).toBeNull()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })))
    expect(await screen.findByText('Transaction 2 of 2')).toBeTruthy()
    expect(screen.getByText('Action', { selector: 'dt' }).nextElementSibling?.textContent).toBe('transferFrom')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Back' })))
    expect(await screen.findByText('Transaction 1 of 2')).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Continue' })))
    await approve()
    const [first, second] = await hashes
    const [a, b] = await Promise.all([first, second].map((h) => receiptOf(anvil.url, String(h))))
    expect([a!.status, b!.status]).toEqual(['0x1', '0x1'])
    expect(BigInt(b!.blockNumber)).toBeGreaterThan(BigInt(a!.blockNumber))
    const balance = await rpc<string>(anvil.url, 'eth_call', [{ to: tokens.usd, data: encodeFunctionData({ abi: erc20, functionName: 'balanceOf', args: [TO] }) }, 'latest'])
    expect(BigInt(balance)).toBeGreaterThanOrEqual(1_500_000n)
    expect(await screen.findByRole('heading', { name: 'Transaction complete' })).toBeTruthy()
  })

  it('answers the hash to the host when the modal is closed while the transaction is being signed and sent', async () => {
    let release!: () => void
    const signing = new Promise<void>((resolve) => (release = resolve))
    const { provider } = await start(true, () => signing)
    const hash = send(provider)
    await approve()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Close' })))
    release()
    const receipt = await receiptOf(anvil.url, String(await hash))
    expect(receipt.status).toBe('0x1')
  })

  it("Cancel rejects with 4001 'The user rejected the request.' and nothing is signed", async () => {
    const { provider, signed } = await start(true)
    const hash = send(provider)
    hash.catch(() => undefined)
    await screen.findByRole('heading', { name: 'Review transaction' })
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })))
    await expect(hash).rejects.toMatchObject({ rpcCode: 4001, message: 'The user rejected the request.' })
    expect(signed).toHaveLength(0)
  })

  it("shows the host's title, description, button text and contract image (sendTransaction with uiOptions)", async () => {
    const { provider } = await start(true)
    const hash = provider.sendTransaction(
      { to: TO, value: 1n },
      { uiOptions: { title: 'Mint a pass', description: 'One pass for the event.', buttonText: 'Mint now', contractInfo: { imgUrl: 'data:image/gif;base64,R0lGODlhAQABAAAAACw=', imgAltText: 'Event pass' } } },
    )
    expect(await screen.findByRole('heading', { name: 'Mint a pass' })).toBeTruthy()
    expect(screen.getByText('One pass for the event.')).toBeTruthy()
    expect(screen.getByRole('img', { name: 'Event pass' })).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Mint now' })))
    expect(await hash).toMatch(/^0x[0-9a-f]{64}$/)
  })

  it('signs without a review when no plugin reviews transactions', async () => {
    const { provider, signed } = await start(false)
    const receipt = await receiptOf(anvil.url, String(await send(provider)))
    expect(receipt.status).toBe('0x1')
    expect(signed).toHaveLength(1)
    expect(screen.queryByRole('dialog')).toBeNull()
  })
})
