// @vitest-environment jsdom
/**
 * The receive funding method against a real kernel and a JSON-RPC stand-in: the tile, the address
 * with its QR code and copy, the balance polled every 2000 ms and the indicator turning green once
 * the balance reaches the amount, on EVM and Solana (SOL, and USDC against the local cluster's
 * devnet mint, or a Token-2022 mint the app names as its USDC, held in the associated token account
 * and in another).
 */
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { axeViolations, authenticated, renderScreen, startHarness, type Harness } from '../../test/support/ui-harness'
import { startTestServer, type TestServer } from '../../test/support/http-server'
import type { AuthenticatedUser } from '../../kernel/wire'
import { generateKeyPairSigner } from '@solana/kit'
import { startSolanaRpc } from '../../test/fixtures/solana-rpc'
import { createTestMint2022, testUsdc } from '../../test/fixtures/solana-rpc/spl'
import { email } from '../email'
import { FUNDING_METHODS_SCREEN, findFunding, funding, fundWallet, type FundingResult } from '../funding'
import { COPY_CONFIRMATION_MS, RECEIVE_BALANCE_POLL_MS, fundingReceive } from './index'

const EVM = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const SOL = '7EYnhQoR9YM3N7UoaKRoA44Uy8JeaZV3qyouov87awMs'

let h: Harness | null = null
let rpc: TestServer | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  await rpc?.close()
  h = null
  rpc = null
})

/** A chain stand-in answering balances from `balances` (wei or lamports, by address). */
async function startChain(balances: Map<string, bigint>): Promise<TestServer> {
  rpc = await startTestServer((req) => {
    const call = JSON.parse(req.body) as { id: number; method: string; params: unknown[] }
    const owner = call.method === 'getBalance' ? (call.params[0] as string) : (call.params[0] as string)
    const value = balances.get(owner) ?? 0n
    if (call.method === 'eth_getBalance') return { json: { jsonrpc: '2.0', id: call.id, result: `0x${value.toString(16)}` } }
    if (call.method === 'getBalance') return { json: { jsonrpc: '2.0', id: call.id, result: { context: { slot: 1 }, value: Number(value) } } }
    return { json: { jsonrpc: '2.0', id: call.id, error: { code: -32601, message: 'no such method' } } }
  })
  return rpc
}

async function start(url: string, waits: number[], fundingOptions?: Parameters<typeof funding>[0]): Promise<Harness> {
  h = await startHarness({
    plugins: [email(), ...(fundingOptions ? [funding(fundingOptions)] : []), fundingReceive()],
    config: {
      supportedChains: [
        { id: 'eip155:31337', name: 'Anvil', rpcUrls: [url], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
        { id: 'solana:localnet', name: 'Solana Localnet', rpcUrls: [url], nativeCurrency: { name: 'Solana', symbol: 'SOL', decimals: 9 } },
      ],
      defaultChain: 'eip155:31337',
    },
    // The polls wait a moment of real time, recording the interval they asked for.
    sleep: (ms) => (waits.push(ms), new Promise((resolve) => setTimeout(resolve, 20))),
  })
  await h.kernel.contextFor('email').authenticate(async () => authenticated() as unknown as AuthenticatedUser, { method: 'email' })
  waits.length = 0
  return h
}

/** Opens 'Receive funds' for an address; resolves to the flow's result, wrapped (an async function returning a promise would wait for it). */
async function open(harness: Harness, address: string, options = {}): Promise<{ result: Promise<FundingResult> }> {
  await renderScreen(harness.kernel, FUNDING_METHODS_SCREEN)
  await act(async () => harness.kernel.closeModal({ force: true }))
  let result!: Promise<FundingResult>
  await act(async () => {
    result = fundWallet(harness.kernel, address, options)
    result.catch(() => undefined)
  })
  // Not in an async act: the balance poll's updates would keep it from ending.
  fireEvent.click(await screen.findByRole('button', { name: 'Receive funds' }))
  return { result }
}

describe('Receive funds', () => {
  it('default: the address, its QR code (Q, 160 px) and copy; the balance is polled every 2000 ms and the indicator turns green at the amount', async () => {
    const balances = new Map([[EVM, 10n ** 17n]])
    const waits: number[] = []
    const harness = await start((await startChain(balances)).url, waits)
    const writes: string[] = []
    Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (s: string) => void writes.push(s) } })
    const { result } = await open(harness, EVM, { amount: '0.5' })

    expect(await screen.findByRole('heading', { name: 'Receive funds' })).toBeTruthy()
    expect(screen.getByText('Send 0.5 ETH on Anvil to this address.')).toBeTruthy()
    expect(screen.getByLabelText('Wallet address').textContent).toBe(EVM)
    const qr = await screen.findByRole('img', { name: 'QR code of the wallet address' })
    expect(qr.dataset.value).toBe(EVM)
    expect(qr.dataset.ecc).toBe('Q')
    expect(qr.style.width).toBe('160px')
    const indicator = screen.getByTestId('funding-receive-balance')
    await waitFor(() => expect(indicator.textContent).toContain('Balance: 0.1 ETH'))
    expect(indicator.dataset.reached).toBe('false')
    expect(indicator.textContent).toContain('Waiting for funds')
    expect(await axeViolations()).toEqual([])

    fireEvent.click(screen.getByRole('button', { name: 'Copy' }))
    expect(await screen.findByRole('button', { name: 'Copied' })).toBeTruthy()
    expect(writes).toEqual([EVM])
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy(), { timeout: COPY_CONFIRMATION_MS + 1000 })

    balances.set(EVM, 5n * 10n ** 17n)
    await waitFor(() => expect(indicator.dataset.reached).toBe('true'))
    expect(indicator.textContent).toContain('Balance: 0.5 ETH')
    expect(indicator.textContent).toContain('Funds received')
    expect(waits.length).toBeGreaterThan(0)
    expect(new Set(waits)).toEqual(new Set([RECEIVE_BALANCE_POLL_MS]))

    fireEvent.click(screen.getByRole('button', { name: 'Done' }))
    await expect(result).resolves.toMatchObject({ status: 'completed', method: 'receive', details: { balance: '0.5' } })
  })

  it("behavior: on Solana without an amount it asks 'Confirm or edit amount' first, then polls the lamports", async () => {
    const balances = new Map([[SOL, 2n * 10n ** 9n]])
    const harness = await start((await startChain(balances)).url, [])
    await open(harness, SOL, { cluster: { name: 'devnet' } })
    expect(await screen.findByRole('heading', { name: 'Confirm or edit amount' })).toBeTruthy()
    fireEvent.change(screen.getByRole('textbox', { name: 'Amount (SOL)' }), { target: { value: '1.5' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(await screen.findByRole('heading', { name: 'Receive funds' })).toBeTruthy()
    const indicator = screen.getByTestId('funding-receive-balance')
    await waitFor(() => expect(indicator.dataset.reached).toBe('true'))
    expect(indicator.textContent).toContain('Balance: 2 SOL')
  })

  it('behavior: an endpoint that fails shows the error and polling goes on; leaving the screen stops it', async () => {
    const balances = new Map<string, bigint>()
    const chain = await startChain(balances)
    const handler = chain.handler
    chain.handler = () => ({ status: 500, json: {} })
    const harness = await start(chain.url, [])
    await open(harness, EVM, { amount: '1' })
    expect(await screen.findByText('Something went wrong')).toBeTruthy()
    chain.handler = handler
    balances.set(EVM, 10n ** 18n)
    await waitFor(() => expect(screen.getByTestId('funding-receive-balance').dataset.reached).toBe('true'))
    expect(screen.queryByText('Something went wrong')).toBeNull()
    act(() => harness.kernel.closeModal())
    const count = chain.requests.length
    await new Promise((resolve) => setTimeout(resolve, 150))
    expect(chain.requests.length).toBeLessThanOrEqual(count + 1)
  })

  it("behavior: USDC on Solana devnet polls the wallet's token balance of Circle's devnet mint (the local cluster holds it) until it reaches the amount", async () => {
    const cluster = await startSolanaRpc()
    try {
      const harness = await start(cluster.url, [])
      const wallet = (await generateKeyPairSigner()).address
      await open(harness, wallet, { cluster: { name: 'devnet' }, asset: 'USDC', amount: '2' })
      expect(await screen.findByText('Send 2 USDC on Solana devnet to this address.')).toBeTruthy()
      const indicator = screen.getByTestId('funding-receive-balance')
      await waitFor(() => expect(indicator.textContent).toContain('Balance: 0 USDC'))
      await testUsdc(cluster.url).fund(wallet, 1_250_000n)
      await waitFor(() => expect(indicator.textContent).toContain('Balance: 1.25 USDC'))
      expect(indicator.dataset.reached).toBe('false')
      await testUsdc(cluster.url).fund(wallet, 750_000n)
      await waitFor(() => expect(indicator.dataset.reached).toBe('true'))
      expect(indicator.textContent).toContain('Balance: 2 USDC')
    } finally {
      cleanup()
      await cluster.close()
    }
  })

  it("behavior: a Token-2022 mint named as the app's USDC (usdcAddresses) is polled too, counting the wallet's associated token account and any other", async () => {
    const cluster = await startSolanaRpc()
    try {
      const pyusd = await createTestMint2022(cluster.url)
      const harness = await start(cluster.url, [], { usdcAddresses: { 'solana:devnet': pyusd.mint } })
      const wallet = (await generateKeyPairSigner()).address
      await open(harness, wallet, { cluster: { name: 'devnet' }, asset: 'USDC', amount: '2' })
      const indicator = await screen.findByTestId('funding-receive-balance')
      await waitFor(() => expect(indicator.textContent).toContain('Balance: 0 USDC'))
      await pyusd.fund(wallet, 1_250_000n)
      await waitFor(() => expect(indicator.textContent).toContain('Balance: 1.25 USDC'))
      expect(indicator.dataset.reached).toBe('false')
      await pyusd.fundAccount(wallet, 750_000n)
      await waitFor(() => expect(indicator.dataset.reached).toBe('true'))
      expect(indicator.textContent).toContain('Balance: 2 USDC')
    } finally {
      cleanup()
      await cluster.close()
    }
  })

  it('behavior: USDC on a Solana cluster without a USDC mint (testnet) is not offered, so funding is not enabled for it', async () => {
    const harness = await start((await startChain(new Map())).url, [])
    const core = findFunding(harness.kernel)!
    expect(core.methodsFor(core.prepare(SOL, { cluster: { name: 'testnet' }, asset: 'native-currency' })).map((m) => m.id)).toEqual(['receive'])
    expect(() => core.prepare(SOL, { cluster: { name: 'testnet' }, asset: 'USDC' })).toThrow(expect.objectContaining({ code: 'FUNDING_NOT_ENABLED' }))
    expect(core.methodsFor(core.prepare(SOL, { cluster: { name: 'devnet' }, asset: 'USDC' })).map((m) => m.id)).toEqual(['receive'])
  })
})
