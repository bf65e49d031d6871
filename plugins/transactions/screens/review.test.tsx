// @vitest-environment jsdom
/**
 * The transaction screens against a real anvil with the fixture's tokens: a plain send with amount,
 * fee and total (native or dollars first); a decoded ERC-20 transfer in token units; an unlimited
 * approval as 'Confirm address' with 'Maximum', a revoked one as 'Confirm action'; calldata it cannot describe shown raw with a warning;
 * the balance warning that disables Approve, or 'Add funds' to the funding method selection; the
 * preparation warning; Approve sending and the receipt with the host's success texts; a refused send
 * and a reverted transaction on the error screen, and 'Retry transaction'.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { encodeFunctionData, maxUint256, parseAbi } from 'viem'
import { axeViolations, startHarness, type Harness } from '../../../test/support/ui-harness'
import { receiptOf, rpc, startAnvil, type Anvil } from '../../../test/fixtures/anvil'
import { deployTestTokens, type TestTokens } from '../../../test/fixtures/tokens'
import { openStep } from '../../embedded-wallets/screens/test-support'
import type { TransactionReviewParams } from '../../embedded-wallets'
import { email } from '../../email'
import { authenticated } from '../../../test/support/ui-harness'
import type { AuthenticatedUser } from '../../../kernel/wire'
import { testCardFunding } from '../funding-test-support'
import { transactions, TRANSACTION_SCREENS } from '../index'
import { formatNative } from './parts'

// anvil's first funded account, and an empty one.
const RICH = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const EMPTY = '0x000000000000000000000000000000000000dEaD'
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const erc20 = parseAbi(['function transfer(address to, uint256 amount)', 'function approve(address spender, uint256 amount)'])
const reverter = parseAbi(['function fail()'])

/** A `submit` that sends the reviewed transaction from anvil's unlocked first account, recording each call's options. */
function anvilSubmit(calls: { freshNonce?: boolean }[] = []) {
  return async (options: { freshNonce?: boolean } = {}) => {
    calls.push(options)
    return rpc<string>(anvil.url, 'eth_sendTransaction', [{ from: RICH, ...lastTransaction }])
  }
}
let lastTransaction: Record<string, string> = {}

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

function review(transaction: Record<string, string>, over: Partial<TransactionReviewParams> = {}): TransactionReviewParams {
  lastTransaction = transaction
  return {
    address: RICH,
    chainId: anvil.chainId,
    chain: { name: 'Anvil', symbol: 'ETH', decimals: 18, rpcUrl: anvil.url },
    transaction: { gas: '0x5208', maxFeePerGas: '0x3b9aca00', nonce: '0x0', ...transaction },
    preparationFailed: false,
    extendedCalldataDecoding: false,
    priceDisplay: 'native-token',
    submit: anvilSubmit(),
    ...over,
  }
}

async function show(params: TransactionReviewParams) {
  h = await startHarness({ plugins: [email(), transactions()], routes: { 'GET /api/v1/token_price': () => ({ json: { usd: 2000 } }) } })
  return openStep(h.kernel, TRANSACTION_SCREENS.review, params)
}

const row = (label: string) => screen.getByText(label, { selector: 'dt' }).nextElementSibling?.textContent
const click = (el: HTMLElement) => act(async () => fireEvent.click(el))

describe('the transaction review', () => {
  it('default: a plain send shows action, recipient, network, amount with its dollar value, fee and total; Approve sends it and the receipt follows', async () => {
    const { outcome } = await show(review({ to: TO, value: '0x38d7ea4c68000' }, { ui: { successHeader: 'Paid', successDescription: 'The seller has your ETH.' } }))
    expect(await screen.findByRole('heading', { name: 'Review transaction' })).toBeTruthy()
    expect(row('Action')).toBe('Send')
    expect(row('To')).toBe('0x7099…79C8')
    expect(row('Network')).toBe('Anvil')
    // 21000 gas at 1 gwei: 0.000021 ETH.
    await waitFor(() => expect(row('Amount')).toBe('0.001 ETH ($2.00)'))
    expect(row('Estimated fee')).toBe('0.000021 ETH ($0.04)')
    expect(row('Total')).toBe('0.001021 ETH ($2.04)')
    expect(await axeViolations()).toEqual([])
    await click(screen.getByRole('button', { name: 'Approve' }))
    // The receipt: the host's success texts once anvil mined it, the hash, the block and the fee paid.
    expect(await screen.findByRole('heading', { name: 'Paid' })).toBeTruthy()
    expect(screen.getByText('The seller has your ETH.')).toBeTruthy()
    expect(row('Hash')).toMatch(/^0x[0-9a-f]{4}…[0-9a-f]{4}$/)
    expect(row('Block')).toMatch(/^\d+$/)
    expect(row('Fee paid')).toMatch(/ ETH$/)
    expect(await axeViolations()).toEqual([])
    await click(screen.getByRole('button', { name: 'Done' }))
    expect(await outcome).toBe('resolved')
  })

  it("shows the dollar value first with priceDisplay 'fiat-currency', and the explorer link on the receipt", async () => {
    await show(review({ to: TO, value: '0x38d7ea4c68000' }, { priceDisplay: 'fiat-currency', chain: { name: 'Anvil', symbol: 'ETH', decimals: 18, rpcUrl: anvil.url, blockExplorerUrl: 'https://explorer.example/' } }))
    await waitFor(() => expect(row('Amount')).toBe('$2.00 (0.001 ETH)'))
    expect(row('Total')).toBe('$2.04 (0.001021 ETH)')
    await click(screen.getByRole('button', { name: 'Approve' }))
    expect(await screen.findByRole('heading', { name: 'Transaction complete' })).toBeTruthy()
    const hash = screen.getByText('Hash', { selector: 'dt' }).nextElementSibling!.getAttribute('title')!
    expect(screen.getByRole('link', { name: 'View on block explorer' }).getAttribute('href')).toBe(`https://explorer.example/tx/${hash}`)
  })

  it("shows a refused send on the error screen with its code and message; 'Retry transaction' keeps the nonce and moves on to the receipt", async () => {
    const calls: { freshNonce?: boolean }[] = []
    const send = anvilSubmit(calls)
    let refuse = true
    const submit = async (options?: { freshNonce?: boolean }) => {
      if (refuse) {
        refuse = false
        calls.push(options ?? {})
        throw Object.assign(new Error('insufficient funds for gas * price + value'), { rpcCode: -32003 })
      }
      return send(options)
    }
    await show(review({ to: TO, value: '0x1' }, { submit }))
    await click(await screen.findByRole('button', { name: 'Approve' }))
    expect(await screen.findByRole('heading', { name: 'Transaction failed' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('insufficient funds for gas * price + value')
    expect(row('Error code')).toBe('-32003')
    expect(screen.queryByText('Hash', { selector: 'dt' })).toBeNull()
    expect(await axeViolations()).toEqual([])
    await click(screen.getByRole('button', { name: 'Retry transaction' }))
    expect(await screen.findByRole('heading', { name: 'Transaction complete' })).toBeTruthy()
    expect(calls).toEqual([{}, { freshNonce: false }])
  })

  it("shows a reverted transaction on the error screen with its hash and reason; 'Retry transaction' asks for a fresh nonce", async () => {
    const calls: { freshNonce?: boolean }[] = []
    const { outcome } = await show(review({ to: tokens.reverter, data: encodeFunctionData({ abi: reverter, functionName: 'fail' }), gas: '0x30000' }, { submit: anvilSubmit(calls) }))
    await click(await screen.findByRole('button', { name: 'Approve' }))
    expect(await screen.findByRole('heading', { name: 'Transaction failed' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toMatch(/Reverted on purpose/)
    expect(row('Error code')).toBe('transaction_reverted')
    const first = screen.getByText('Hash', { selector: 'dt' }).nextElementSibling!.getAttribute('title')!
    expect((await receiptOf(anvil.url, first)).status).toBe('0x0')
    await click(screen.getByRole('button', { name: 'Retry transaction' }))
    // The retry is sent (and reverts again): a second transaction, asked with a fresh nonce.
    await waitFor(() => expect(calls).toEqual([{}, { freshNonce: true }]))
    await waitFor(() => expect(screen.getByText('Hash', { selector: 'dt' }).nextElementSibling!.getAttribute('title')).not.toBe(first))
    await click(screen.getByRole('button', { name: 'Close' }))
    expect(await outcome).toMatch(/^cancelled/)
  })

  it('decodes an ERC-20 transfer in token units with the symbol read from the chain', async () => {
    await show(review({ to: tokens.usd, data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [TO, 1_500_000n] }) }))
    await waitFor(() => expect(row('Tokens')).toBe('1.5 TUSD'))
    expect(row('Action')).toBe('transfer')
    expect(row('To')).toBe('0x7099…79C8')
  })

  it("titles an unlimited allowance 'Confirm address' (the spender is what to check) and shows 'Maximum'", async () => {
    await show(review({ to: tokens.usd, data: encodeFunctionData({ abi: erc20, functionName: 'approve', args: [TO, maxUint256] }) }))
    expect(await screen.findByRole('heading', { name: 'Confirm address' })).toBeTruthy()
    await waitFor(() => expect(row('Tokens')).toBe('Maximum'))
    expect(row('Spender')).toBe('0x7099…79C8')
  })

  it("titles an allowance set to 0 (a revocation) 'Confirm action'", async () => {
    await show(review({ to: tokens.usd, data: encodeFunctionData({ abi: erc20, functionName: 'approve', args: [TO, 0n] }) }))
    expect(await screen.findByRole('heading', { name: 'Confirm action' })).toBeTruthy()
    await waitFor(() => expect(row('Tokens')).toBe('0 TUSD'))
  })

  it('shows calldata it cannot describe as raw data, with a warning', async () => {
    await show(review({ to: tokens.reverter, data: '0xa9cc4718' }))
    expect(await screen.findByText('This transaction calls a contract whose request cannot be described. Check its data before you approve.')).toBeTruthy()
    expect(screen.getByLabelText('Data').textContent).toBe('0xa9cc4718')
    expect(row('Action')).toBe('Contract call')
  })

  it("warns 'Add funds on Anvil to complete transaction.' and disables Approve when the balance does not cover the total", async () => {
    await show(review({ to: TO, value: '0x1' }, { address: EMPTY }))
    expect(await screen.findByText('Add funds on Anvil to complete transaction.')).toBeTruthy()
    expect((screen.getByRole('button', { name: 'Approve' }) as HTMLButtonElement).disabled).toBe(true)
  })

  it("turns the button into 'Add funds' when funding is available, opening the funding method selection for the missing amount", async () => {
    const chain = { id: `eip155:${anvil.chainId}`, name: 'Anvil', rpcUrls: [anvil.url], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } }
    const requested: string[] = []
    const card = testCardFunding((request) => requested.push(`${request.chain?.id} ${request.amount}`))
    h = await startHarness({
      plugins: [email(), transactions(), card],
      config: { supportedChains: [chain], defaultChain: chain.id },
      routes: { 'GET /api/v1/token_price': () => ({ json: { usd: 2000 } }) },
    })
    await h.kernel.contextFor('email').authenticate(async () => authenticated() as unknown as AuthenticatedUser, { method: 'email' })
    await openStep(h.kernel, TRANSACTION_SCREENS.review, review({ to: TO, value: '0xde0b6b3a7640000', gas: '0x5208', maxFeePerGas: '0x1' }, { address: EMPTY }))
    expect(await screen.findByText('Add funds on Anvil to complete transaction.')).toBeTruthy()
    await click(await screen.findByRole('button', { name: 'Add funds' }))
    const dialog = await screen.findByRole('dialog')
    expect(await within(dialog).findByRole('button', { name: /Pay with a test card/ })).toBeTruthy()
    // 1 ETH plus 21000 gas at 1 wei: what the empty wallet lacks.
    expect(requested.at(-1)).toBe(`eip155:${anvil.chainId} 1.000000000000021`)
  })

  it("warns 'There was an error preparing your transaction…' and shows an unknown fee when the chain could not prepare it", async () => {
    const { outcome } = await show(review({ to: TO, value: '0x1', gas: '' }, { preparationFailed: true }))
    expect(await screen.findByText('There was an error preparing your transaction. Your transaction request will likely fail.')).toBeTruthy()
    expect(row('Estimated fee')).toBe('Unknown')
    await click(screen.getByRole('button', { name: 'Cancel' }))
    expect(await outcome).toMatch(/^cancelled/)
  })
})

describe('formatNative', () => {
  it('keeps at most 6 decimals and says <0.000001 below that', () => {
    expect(formatNative(10n ** 18n, 18)).toBe('1')
    expect(formatNative(1_234_567_890_000_000_000n, 18)).toBe('1.234567')
    expect(formatNative(999_999_999_999n, 18)).toBe('<0.000001')
    expect(formatNative(0n, 18)).toBe('0')
    expect(formatNative(1_234_567_890_000_000_000_000n, 18, 'de')).toBe('1.234,56789')
    expect(formatNative(999_999_999_999n, 18, 'fr')).toBe('<0,000001')
  })
})
