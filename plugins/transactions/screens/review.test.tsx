// @vitest-environment jsdom
/**
 * The transaction review against a real anvil with the fixture's tokens: a plain send with amount,
 * fee and total; a decoded ERC-20 transfer in token units; an unlimited approval as 'Confirm action'
 * with 'Maximum'; calldata it cannot describe shown raw with a warning; the balance warning that
 * disables Approve; the preparation warning; Approve and Cancel ending the step.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { encodeFunctionData, maxUint256, parseAbi } from 'viem'
import { axeViolations, startHarness, type Harness } from '../../../test/support/ui-harness'
import { startAnvil, type Anvil } from '../../../test/fixtures/anvil'
import { deployTestTokens, type TestTokens } from '../../../test/fixtures/tokens'
import { openStep } from '../../embedded-wallets/screens/test-support'
import type { TransactionReviewParams } from '../../embedded-wallets'
import { email } from '../../email'
import { transactions, TRANSACTION_SCREENS } from '../index'
import { formatNative } from './Review'

// anvil's first funded account, and an empty one.
const RICH = '0xf39Fd6e51aad88F6F4ce6aB8827279cffFb92266'
const EMPTY = '0x000000000000000000000000000000000000dEaD'
const TO = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const erc20 = parseAbi(['function transfer(address to, uint256 amount)', 'function approve(address spender, uint256 amount)'])

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
  return {
    address: RICH,
    chainId: anvil.chainId,
    chain: { name: 'Anvil', symbol: 'ETH', decimals: 18, rpcUrl: anvil.url },
    transaction: { gas: '0x5208', maxFeePerGas: '0x3b9aca00', nonce: '0x0', ...transaction },
    preparationFailed: false,
    extendedCalldataDecoding: false,
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
  it('default: a plain send shows action, recipient, network, amount with its dollar value, fee and total; Approve ends the step', async () => {
    const { outcome } = await show(review({ to: TO, value: '0x38d7ea4c68000' }))
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
    expect(await outcome).toBe('resolved')
  })

  it('decodes an ERC-20 transfer in token units with the symbol read from the chain', async () => {
    await show(review({ to: tokens.usd, data: encodeFunctionData({ abi: erc20, functionName: 'transfer', args: [TO, 1_500_000n] }) }))
    await waitFor(() => expect(row('Tokens')).toBe('1.5 TUSD'))
    expect(row('Action')).toBe('transfer')
    expect(row('To')).toBe('0x7099…79C8')
  })

  it("titles an unlimited allowance 'Confirm action' and shows 'Maximum'", async () => {
    await show(review({ to: tokens.usd, data: encodeFunctionData({ abi: erc20, functionName: 'approve', args: [TO, maxUint256] }) }))
    expect(await screen.findByRole('heading', { name: 'Confirm action' })).toBeTruthy()
    await waitFor(() => expect(row('Tokens')).toBe('Maximum'))
    expect(row('Spender')).toBe('0x7099…79C8')
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
  })
})
