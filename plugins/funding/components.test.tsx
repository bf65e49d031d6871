// @vitest-environment jsdom
/**
 * The screen parts funding methods share: the waiting screen, the failure screen's two buttons, and
 * the provider amount step (amounts above 0 only; the provider's window opened inside the Continue
 * click and handed over with the amount; a blocked window shows its text and stays).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { cleanup, fireEvent, render, screen } from '@testing-library/react'
import { FundingFailed, FundingProgress, PROVIDER_WINDOW_SIZE, ProviderAmountStep } from './index'

afterEach(() => {
  cleanup()
  vi.restoreAllMocks()
})

const step = (onContinue = vi.fn(), locale = 'en') => {
  render(<ProviderAmountStep title="Confirm or edit amount" subtitle="Buy ETH" label="Amount (ETH)" continueLabel="Continue" blockedText="Unable to initialize flow" windowName="portico-voucher" initialAmount="0.05" locale={locale} onContinue={onContinue} />)
  return onContinue
}

describe('ProviderAmountStep', () => {
  it('opens the provider window blank inside the click, at the spec size, and hands it over with the amount typed', () => {
    const popup = { closed: false } as Window
    const open = vi.spyOn(window, 'open').mockReturnValue(popup)
    const onContinue = step()
    fireEvent.change(screen.getByLabelText('Amount (ETH)'), { target: { value: '0.2' } })
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(open).toHaveBeenCalledWith('about:blank', 'portico-voucher', expect.stringContaining(`width=${PROVIDER_WINDOW_SIZE.width},height=${PROVIDER_WINDOW_SIZE.height}`))
    expect(onContinue).toHaveBeenCalledWith(popup, '0.2')
  })

  it("shows and takes the locale's decimal sign, and hands over the canonical amount (French)", () => {
    const popup = { closed: false } as Window
    vi.spyOn(window, 'open').mockReturnValue(popup)
    const onContinue = step(vi.fn(), 'fr')
    const input = screen.getByLabelText('Amount (ETH)') as HTMLInputElement
    expect(input.value).toBe('0,05')
    fireEvent.change(input, { target: { value: '12,5' } })
    fireEvent.change(input, { target: { value: '12,5,' } })
    expect(input.value).toBe('12,5')
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(onContinue).toHaveBeenCalledWith(popup, '12.5')
  })

  it('a blocked window shows the blocked text and does not continue', () => {
    vi.spyOn(window, 'open').mockReturnValue(null)
    const onContinue = step()
    fireEvent.click(screen.getByRole('button', { name: 'Continue' }))
    expect(screen.getByText('Unable to initialize flow')).toBeTruthy()
    expect(onContinue).not.toHaveBeenCalled()
  })

  it('takes amount input only, and Continue needs an amount above 0', () => {
    step()
    const input = screen.getByLabelText('Amount (ETH)') as HTMLInputElement
    fireEvent.change(input, { target: { value: 'abc' } })
    expect(input.value).toBe('0.05')
    fireEvent.change(input, { target: { value: '0' } })
    expect((screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement).disabled).toBe(true)
  })
})

describe('FundingProgress and FundingFailed', () => {
  it('the waiting screen names its spinner; the failure screen shows the error and runs its two buttons', () => {
    render(<FundingProgress title="Bridging in progress" subtitle="Waiting for the funds to arrive on Anvil." />)
    expect(screen.getByRole('heading', { name: 'Bridging in progress' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Waiting for the funds to arrive on Anvil.')
    cleanup()
    const onRetry = vi.fn()
    const onOther = vi.fn()
    render(<FundingFailed title="Bridging failed" error="Unable to fetch quotes for bridging…" retryLabel="Try again" onRetry={onRetry} otherLabel="Choose another method" onOther={onOther} />)
    expect(screen.getByText('Unable to fetch quotes for bridging…')).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
    fireEvent.click(screen.getByRole('button', { name: 'Choose another method' }))
    expect([onRetry.mock.calls.length, onOther.mock.calls.length]).toEqual([1, 1])
  })
})
