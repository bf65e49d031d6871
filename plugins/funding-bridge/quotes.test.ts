import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { startBridgeQuoteStandIn, type BridgeQuoteStandIn } from '../../test/fixtures/funding/bridge-quotes'
import {
  askBridgeQuotes,
  askSwapQuotes,
  BRIDGE_EVM_NATIVE,
  BRIDGE_SOLANA_CHAIN_ID,
  BRIDGE_SOL_NATIVE,
  canBridge,
  executeBridgeQuote,
  httpBridgeQuotes,
  isSwap,
  selectBridgeQuote,
  type BridgeQuoteRequest,
  type BridgeTransaction,
} from './quotes'

const EVM_USER = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const SOL_WALLET = '7EcDhSYGxXyscszYEp35KHN8vvw3svAuLKTzXwCFLtV'

const evmToSolana: BridgeQuoteRequest = {
  user: EVM_USER,
  recipient: SOL_WALLET,
  origin: { type: 'ethereum', chainId: 8453 },
  destination: { type: 'solana', cluster: 'mainnet-beta' },
  originCurrency: BRIDGE_EVM_NATIVE,
  destinationCurrency: BRIDGE_SOL_NATIVE,
  amount: '50000000',
}
const solanaToEvm: BridgeQuoteRequest = {
  user: SOL_WALLET,
  recipient: EVM_USER,
  origin: { type: 'solana', cluster: 'mainnet-beta' },
  destination: { type: 'ethereum', chainId: 8453 },
  originCurrency: BRIDGE_SOL_NATIVE,
  destinationCurrency: BRIDGE_EVM_NATIVE,
  amount: '10000000000000000',
}

let one: BridgeQuoteStandIn
let several: BridgeQuoteStandIn
beforeAll(async () => {
  one = await startBridgeQuoteStandIn()
  several = await startBridgeQuoteStandIn({ quotes: 3 })
})
afterAll(async () => {
  await one?.close()
  await several?.close()
})

describe('httpBridgeQuotes', () => {
  it('asks EVM-to-Solana with Solana as destination chain 792703809 and reads the deposit step', async () => {
    const quotes = await httpBridgeQuotes({ apiUrl: one.url }).quotes(evmToSolana)
    expect(one.calls.at(-1)).toMatchObject({ user: EVM_USER, recipient: SOL_WALLET, originChainId: 8453, destinationChainId: BRIDGE_SOLANA_CHAIN_ID, amount: '50000000' })
    expect(quotes).toHaveLength(1)
    // 0.05 SOL at the stand-in's prices (SOL 150 dollars, ether 2000) is 0.00375 ether, plus the route's fee in wei.
    expect(quotes[0]!.steps[0]!.items[0]!.data).toMatchObject({ from: EVM_USER, chainId: 8453, value: '3750000000010000' })
    expect(quotes[0]).toMatchObject({ amountIn: '3750000000010000', amountOut: '50000000', feesUsd: 0.5, timeEstimate: 10 })
  })

  it('asks Solana-to-EVM with Solana as origin chain 792703809 and reads its instructions', async () => {
    const quotes = await httpBridgeQuotes({ apiUrl: one.url }).quotes(solanaToEvm)
    expect(one.calls.at(-1)).toMatchObject({ originChainId: BRIDGE_SOLANA_CHAIN_ID, destinationChainId: 8453 })
    // The transfer to the deposit address, then the request id as a memo (how the service knows the deposit).
    expect(quotes[0]!.steps[0]!.items[0]!.data).toMatchObject({ chainId: BRIDGE_SOLANA_CHAIN_ID, instructions: [{ programId: '11111111111111111111111111111111' }, { programId: 'MemoSq4gqABAXKb96qnH8TysNcWxMyWCqXgDLGmfcHr' }] })
  })

  it('returns every quote when the service offers several', async () => {
    const quotes = await httpBridgeQuotes({ apiUrl: several.url }).quotes(evmToSolana)
    expect(quotes.map((q) => q.provider)).toEqual(['stand-in-route-1', 'stand-in-route-2', 'stand-in-route-3'])
  })

  it("fails with 'Unable to fetch quotes for bridging…' when the service refuses or cannot be reached", async () => {
    one.refuse(400)
    await expect(httpBridgeQuotes({ apiUrl: one.url }).quotes(evmToSolana)).rejects.toMatchObject({ code: 'FUNDING_BRIDGE_QUOTES_FAILED', shortMessage: 'Unable to fetch quotes for bridging…' })
    one.refuse(null)
    await expect(httpBridgeQuotes({ apiUrl: 'http://127.0.0.1:1' }).quotes(evmToSolana)).rejects.toMatchObject({ code: 'FUNDING_BRIDGE_QUOTES_FAILED' })
  })

  it('refuses Solana testnets and devnets on either side without asking the service', async () => {
    const before = one.calls.length
    for (const request of [
      { ...evmToSolana, destination: { type: 'solana', cluster: 'devnet' } as const },
      { ...solanaToEvm, origin: { type: 'solana', cluster: 'testnet' } as const },
    ]) {
      expect(canBridge(request)).toBe(false)
      await expect(httpBridgeQuotes({ apiUrl: one.url }).quotes(request)).rejects.toMatchObject({ code: 'FUNDING_BRIDGE_UNSUPPORTED' })
    }
    expect(one.calls.length).toBe(before)
  })
})

describe('the swap call', () => {
  const USDC_BASE = '0x833589fCD6eDb6E08f4c7C32D4f71b54bdA02913'
  const etherForUsdc: BridgeQuoteRequest = {
    user: EVM_USER,
    recipient: EVM_USER,
    origin: { type: 'ethereum', chainId: 8453 },
    destination: { type: 'ethereum', chainId: 8453 },
    originCurrency: BRIDGE_EVM_NATIVE,
    destinationCurrency: USDC_BASE,
    amount: '50000',
  }

  it('asks POST /execute/swap with the quote body on one chain, and reads the steps', async () => {
    expect(isSwap(etherForUsdc)).toBe(true)
    const quotes = await httpBridgeQuotes({ apiUrl: one.url }).swap!(etherForUsdc)
    expect(one.swapCalls.at(-1)).toEqual({ testnet: false, body: { user: EVM_USER, recipient: EVM_USER, originChainId: 8453, destinationChainId: 8453, originCurrency: BRIDGE_EVM_NATIVE, destinationCurrency: USDC_BASE, amount: '50000', tradeType: 'EXACT_OUTPUT' } })
    // 0.05 USDC at the stand-in's 2000 dollars an ether, plus its fee: the swap step's value, in wei.
    expect(quotes[0]!.steps.map((s) => s.id)).toEqual(['swap'])
    expect(quotes[0]!.steps[0]!.items[0]!.data).toMatchObject({ chainId: 8453, value: (25_000_000_000_000n + 10_000n).toString() })
  })

  it('asks the testnet base URL for a request on testnets', async () => {
    await httpBridgeQuotes({ apiUrl: 'http://127.0.0.1:1', testnetApiUrl: `${one.url}/testnets` }).swap!({ ...etherForUsdc, testnet: true })
    expect(one.swapCalls.at(-1)).toMatchObject({ testnet: true, body: { originChainId: 8453, destinationChainId: 8453 } })
  })

  it('an ERC-20 input is approved before it is deposited', async () => {
    const quotes = await httpBridgeQuotes({ apiUrl: one.url }).swap!({ ...etherForUsdc, originCurrency: USDC_BASE, destinationCurrency: BRIDGE_EVM_NATIVE, amount: '10000000000000000' })
    expect(quotes[0]!.steps.map((s) => s.id)).toEqual(['approve', 'swap'])
    expect(quotes[0]!.steps[0]!.items[0]!.data).toMatchObject({ to: USDC_BASE.toLowerCase(), value: '0', data: expect.stringMatching(/^0x095ea7b3/) })
  })

  it("a request across chains is no swap, and a service without the call fails with 'Unable to fetch quotes for bridging…'", async () => {
    const before = one.swapCalls.length
    expect(isSwap(evmToSolana)).toBe(false)
    await expect(httpBridgeQuotes({ apiUrl: one.url }).swap!(evmToSolana)).rejects.toMatchObject({ code: 'FUNDING_BRIDGE_QUOTES_FAILED' })
    await expect(askSwapQuotes({ quotes: async () => [] }, etherForUsdc)).rejects.toMatchObject({ code: 'FUNDING_BRIDGE_QUOTES_FAILED', shortMessage: 'Unable to fetch quotes for bridging…' })
    expect(one.swapCalls.length).toBe(before)
  })
})

describe('selectBridgeQuote and executeBridgeQuote', () => {
  it('takes the only quote, and the picked one of several', async () => {
    const single = await httpBridgeQuotes({ apiUrl: one.url }).quotes(evmToSolana)
    expect(selectBridgeQuote(single)).toBe(single[0])
    const quotes = await httpBridgeQuotes({ apiUrl: several.url }).quotes(evmToSolana)
    expect(selectBridgeQuote(quotes, 2).provider).toBe('stand-in-route-3')
  })

  it("fails with 'Unable to select bridge option from quotes…' without a valid choice among several", async () => {
    const quotes = await httpBridgeQuotes({ apiUrl: several.url }).quotes(evmToSolana)
    for (const picked of [undefined, 3, -1]) {
      expect(() => selectBridgeQuote(quotes, picked)).toThrow(expect.objectContaining({ code: 'FUNDING_BRIDGE_SELECT_FAILED', shortMessage: 'Unable to select bridge option from quotes…' }))
    }
  })

  it('sends every step item in order and returns the hashes', async () => {
    const [quote] = await httpBridgeQuotes({ apiUrl: one.url }).quotes(evmToSolana)
    const sent: BridgeTransaction[] = []
    const hashes = await executeBridgeQuote(quote!, async (tx) => {
      sent.push(tx)
      return `0x${sent.length.toString(16).padStart(64, '0')}`
    })
    expect(sent).toEqual([quote!.steps[0]!.items[0]!.data])
    expect(hashes).toHaveLength(1)
  })

  it("maps a wallet's rejection (4001) to 'Transaction was rejected by the user'", async () => {
    const [quote] = await httpBridgeQuotes({ apiUrl: one.url }).quotes(evmToSolana)
    const reject = async () => {
      throw Object.assign(new Error('User rejected the request.'), { code: 4001 })
    }
    await expect(executeBridgeQuote(quote!, reject)).rejects.toMatchObject({ code: 'FUNDING_BRIDGE_REJECTED', shortMessage: 'Transaction was rejected by the user' })
  })

  it("refuses a Solana devnet request before any service is asked: 'Bridging is not supported on Solana testnets and devnets'", async () => {
    const asked: BridgeQuoteRequest[] = []
    const service = { quotes: async (request: BridgeQuoteRequest) => (asked.push(request), []) }
    await expect(askBridgeQuotes(service, { ...evmToSolana, destination: { type: 'solana', cluster: 'devnet' } })).rejects.toMatchObject({
      code: 'FUNDING_BRIDGE_UNSUPPORTED',
      shortMessage: 'Bridging is not supported on Solana testnets and devnets',
    })
    expect(asked).toEqual([])
    await askBridgeQuotes(service, evmToSolana)
    expect(asked).toEqual([evmToSolana])
  })
})
