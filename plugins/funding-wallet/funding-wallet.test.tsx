// @vitest-environment jsdom
/**
 * The transfer-from-wallet method against a real kernel, local EIP-1193 wallets and a JSON-RPC
 * stand-in: the tile's availability (native, USDC with a contract), the wallet list (first 3 and
 * 'More wallets' above 4, 'Recent'), the send (native value, USDC `transfer` with 6 decimals), the
 * receipt, and the spec's error for a wallet short of funds.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { cleanup, fireEvent, screen, act } from '@testing-library/react'
import { authenticated, renderScreen, startHarness, type Harness } from '../../test/support/ui-harness'
import { startTestServer, type TestServer } from '../../test/support/http-server'
import type { AuthenticatedUser } from '../../kernel/wire'
import { definePlugin } from '../../kernel/plugin'
import { email } from '../email'
import { FUNDING_METHODS_SCREEN, findFunding, funding, fundWallet, type FundingResult } from '../funding'
import { WALLET_ERROR_CODES, WALLET_ERRORS, wallets, walletsOf } from '../wallets'
import { PorticoError } from '../../kernel/errors'
import { createEip1193Connector, createLocalProvider, entryFor, TEST_KEYS } from '../wallets/test-wallet'
import { FUNDING_WALLET_ERRORS, fundingWallet } from './index'

const TARGET = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const USDC = '0x00000000000000000000000000000000000000C0'
const HASH = `0x${'ab'.repeat(32)}`

let h: Harness | null = null
let chain: TestServer | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  await chain?.close()
  h = chain = null
})

/** A chain stand-in: every balance is `balance`; the receipt of HASH has `status`. */
async function startChain(state: { balance: bigint; status: string }) {
  chain = await startTestServer((req) => {
    const call = JSON.parse(req.body) as { id: number; method: string }
    const result =
      call.method === 'eth_getTransactionReceipt' ? { status: state.status, transactionHash: HASH } : call.method === 'eth_call' || call.method === 'eth_getBalance' ? `0x${state.balance.toString(16)}` : null
    return { json: { jsonrpc: '2.0', id: call.id, result } }
  })
  return chain
}

/** A connector plugin offering `count` local wallets whose sends are recorded (or refused with 4001 while `refuse.on`). */
function localWallets(count: number, sent: unknown[], refuse = { on: false }) {
  return definePlugin({
    id: 'local-wallets',
    kind: 'wallet',
    requires: [wallets()],
    setup(ctx) {
      const entries = Array.from({ length: count }, (_, i) => {
        const local = createLocalProvider({ keys: [TEST_KEYS[i % 3]!], chainId: 31337, knownChains: [31337] })
        const provider = Object.assign(Object.create(local) as typeof local, {
          request: async (args: { method: string; params?: unknown[] }) => {
            if (args.method !== 'eth_sendTransaction') return local.request(args as never)
            if (refuse.on) throw Object.assign(new Error('User denied transaction signature.'), { code: 4001 })
            sent.push(args.params?.[0])
            return HASH
          },
        })
        return entryFor(`local:${i}`, createEip1193Connector(provider, { name: `Wallet ${i + 1}`, id: `local.${i}`, walletClientType: `local_${i}` }))
      })
      return walletsOf(ctx).addSource({ entries: () => entries })
    },
  })
}

async function start(count: number, sent: unknown[], state: { balance: bigint; status: string }, refuse = { on: false }): Promise<Harness> {
  const url = (await startChain(state)).url
  h = await startHarness({
    plugins: [email(), localWallets(count, sent, refuse), funding({ usdcAddresses: { 'eip155:31337': USDC } }), fundingWallet()],
    config: {
      supportedChains: [
        { id: 'eip155:31337', name: 'Anvil', rpcUrls: [url], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
        { id: 'eip155:5', name: 'Goerli', rpcUrls: [url], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } },
      ],
      defaultChain: 'eip155:31337',
    },
    sleep: () => new Promise((resolve) => setTimeout(resolve, 10)),
  })
  await h.kernel.contextFor('email').authenticate(async () => authenticated() as unknown as AuthenticatedUser, { method: 'email' })
  return h
}

async function open(harness: Harness, options = {}): Promise<{ result: Promise<FundingResult> }> {
  await renderScreen(harness.kernel, FUNDING_METHODS_SCREEN)
  await act(async () => harness.kernel.closeModal({ force: true }))
  let result!: Promise<FundingResult>
  await act(async () => {
    result = fundWallet(harness.kernel, TARGET, options)
    result.catch(() => undefined)
  })
  fireEvent.click(await screen.findByRole('button', { name: 'Transfer from wallet' }))
  return { result }
}

describe('Transfer from wallet', () => {
  it('behavior: offered for native currency, and for USDC only where the chain has a USDC contract', async () => {
    const harness = await start(1, [], { balance: 0n, status: '0x1' })
    const core = findFunding(harness.kernel)!
    const ids = (options: object) => core.methodsFor(core.prepare(TARGET, options)).map((m) => m.id)
    expect(ids({})).toEqual(['wallet'])
    expect(ids({ asset: 'USDC' })).toEqual(['wallet'])
    expect(() => ids({ chain: 'eip155:5', asset: 'USDC' })).toThrow(expect.objectContaining({ code: 'FUNDING_NOT_ENABLED' }))
    expect(() => ids({ asset: { erc20: USDC } })).toThrow(expect.objectContaining({ code: 'FUNDING_NOT_ENABLED' }))
  })

  it("default: more than 4 wallets show the first 3 and 'More wallets'; a native send waits for the receipt and completes", async () => {
    const sent: unknown[] = []
    const harness = await start(5, sent, { balance: 10n ** 18n, status: '0x1' })
    const { result } = await open(harness, { amount: '0.05' })
    const list = await screen.findByRole('list', { name: 'Wallets' })
    expect(Array.from(list.querySelectorAll('button'), (b) => b.textContent)).toEqual(['Wallet 1', 'Wallet 2', 'Wallet 3', 'More wallets'])
    fireEvent.click(screen.getByRole('button', { name: 'More wallets' }))
    expect(list.querySelectorAll('button')).toHaveLength(5)
    fireEvent.click(screen.getByRole('button', { name: 'Wallet 2' }))
    expect(await screen.findByRole('heading', { name: 'Funds added' })).toBeTruthy()
    await expect(result).resolves.toMatchObject({ status: 'completed', method: 'wallet', details: { hash: HASH } })
    expect(sent).toEqual([expect.objectContaining({ to: TARGET, value: `0x${(5n * 10n ** 16n).toString(16)}` })])
  })

  it("behavior: USDC is sent as a transfer of 6-decimal units to the chain's USDC contract; the wallet last used is 'Recent'", async () => {
    const sent: unknown[] = []
    const harness = await start(2, sent, { balance: 10n ** 18n, status: '0x1' })
    await open(harness, { amount: '1.5', asset: 'USDC' })
    fireEvent.click(await screen.findByRole('button', { name: 'Wallet 2' }))
    expect(await screen.findByRole('heading', { name: 'Funds added' })).toBeTruthy()
    const tx = sent[0] as { to: string; data: string }
    expect(tx.to).toBe(USDC)
    expect(tx.data).toBe(`0xa9059cbb${TARGET.slice(2).toLowerCase().padStart(64, '0')}${(1_500_000).toString(16).padStart(64, '0')}`)
    await act(async () => harness.kernel.closeModal({ force: true }))
    await act(async () => void fundWallet(harness.kernel, TARGET, { amount: '1' }).catch(() => undefined))
    fireEvent.click(await screen.findByRole('button', { name: 'Transfer from wallet' }))
    expect((await screen.findByRole('button', { name: /Wallet 2/ })).textContent).toBe('Wallet 2Recent')
  })

  it("behavior: a wallet short of funds shows 'Wallet {address} does not have enough funds.' and nothing is sent; a reverted transfer fails", async () => {
    const sent: unknown[] = []
    const state = { balance: 10n ** 15n, status: '0x0' }
    const harness = await start(1, sent, state)
    await open(harness, { amount: '0.05' })
    fireEvent.click(await screen.findByRole('button', { name: 'Wallet 1' }))
    expect(await screen.findByRole('heading', { name: 'Transfer failed' })).toBeTruthy()
    const from = walletsOf(harness.kernel).connected()[0]!.address
    expect(screen.getByRole('dialog').textContent).toContain(`Wallet ${from} does not have enough funds.`)
    expect(sent).toEqual([])
    state.balance = 10n ** 18n
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    fireEvent.click(await screen.findByRole('button', { name: /Wallet 1/ }))
    expect(await screen.findByText('Something went wrong')).toBeTruthy()
    expect(sent).toHaveLength(1)
  })

  it("behavior: a transfer the wallet refuses (4001) reads 'Transaction was rejected by the user' through the plugin's error table; 'Try again' then sends", async () => {
    const sent: unknown[] = []
    const refuse = { on: true }
    const harness = await start(1, sent, { balance: 10n ** 18n, status: '0x1' }, refuse)
    const { result } = await open(harness, { amount: '0.05' })
    fireEvent.click(await screen.findByRole('button', { name: 'Wallet 1' }))
    expect(await screen.findByRole('heading', { name: 'Transfer failed' })).toBeTruthy()
    expect(screen.getByRole('dialog').textContent).toContain('Transaction was rejected by the user')
    expect(sent).toEqual([])
    // The registry answers the wallet code with the plugin's entry in its screens, and the wallets plugin's elsewhere.
    const refusal = Object.assign(new PorticoError('User rejected the request.', { code: WALLET_ERROR_CODES.rejected }))
    expect(harness.kernel.contextFor('funding-wallet').resolveError(refusal)).toMatchObject({ code: WALLET_ERROR_CODES.rejected, reaction: FUNDING_WALLET_ERRORS.FUNDING_WALLET_REJECTED, message: 'Transaction was rejected by the user' })
    expect(harness.kernel.resolveError(refusal).reaction).toBe(WALLET_ERRORS[WALLET_ERROR_CODES.rejected])
    refuse.on = false
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    fireEvent.click(await screen.findByRole('button', { name: /Wallet 1/ }))
    expect(await screen.findByRole('heading', { name: 'Funds added' })).toBeTruthy()
    await expect(result).resolves.toMatchObject({ status: 'completed' })
    expect(sent).toHaveLength(1)
  })
})
