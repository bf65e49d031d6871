// @vitest-environment jsdom
/**
 * The sign request screen, shown as a step of a real kernel: its default and host texts, what it
 * shows of personal_sign, typed data and Solana messages, its layout (the details scroll, the
 * buttons stay in view), and how approving and rejecting end the step.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, screen, within } from '@testing-library/react'
import { axeViolations, startHarness, type Harness } from '../../../test/support/ui-harness'
import { email } from '../../email'
import { EMBEDDED_WALLET_SCREENS as S } from './ids'
import type { SignRequestParams } from './Sign'
import { TestWalletService, openStep, testEmbeddedWallets } from './test-support'

let h: Harness | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

const ADDRESS = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const hex = (text: string) => `0x${Buffer.from(text, 'utf8').toString('hex')}`

async function openSign(params: Omit<SignRequestParams, 'address'> & { address?: string }) {
  const service = new TestWalletService()
  h = await startHarness({ plugins: [email(), testEmbeddedWallets(service)] })
  const opened = await openStep(h.kernel, S.sign, { address: ADDRESS, ...params })
  await screen.findByRole('heading', { level: 2 })
  return { ...opened, service }
}

const click = (el: HTMLElement) => act(async () => fireEvent.click(el))
const messageRegion = () => screen.getByRole('region', { name: 'Message' })

describe('sign request', () => {
  it('default: Sign message with its description and button; a hex personal_sign message reads as text; approving ends the step', async () => {
    const { outcome, service } = await openSign({ method: 'personal_sign', message: hex('Sign in to Acme\nNonce: 8f3a') })
    expect(screen.getByRole('heading', { name: 'Sign message' })).toBeTruthy()
    expect(screen.getByText('Signing this message will not cost you any fees.')).toBeTruthy()
    expect(messageRegion().textContent).toBe('Sign in to Acme\nNonce: 8f3a')
    expect(screen.getByText('0x7099…79C8').getAttribute('title')).toBe(ADDRESS)
    expect(screen.queryByText('This message is not readable text, so it is shown as hex.')).toBeNull()
    expect(await axeViolations()).toEqual([])
    await click(screen.getByRole('button', { name: 'Sign and continue' }))
    expect(await outcome).toBe('resolved')
    // The screen signs nothing itself: the plugin signs once the step is resolved.
    expect(service.calls).toEqual([])
  })

  it('behavior: the host title, description and button text replace the defaults', async () => {
    await openSign({ method: 'personal_sign', message: 'Hello', title: 'Verify your wallet', description: 'Proves you own it.', buttonText: 'Verify' })
    expect(screen.getByRole('heading', { name: 'Verify your wallet' })).toBeTruthy()
    expect(screen.getByText('Proves you own it.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Verify' })).toBeTruthy()
    expect(screen.queryByText('Sign message')).toBeNull()
  })

  it('behavior: a personal_sign message that is not text is shown as hex, and says so', async () => {
    await openSign({ method: 'personal_sign', message: '0xdeadbeef00' })
    expect(messageRegion().textContent).toBe('0xdeadbeef00')
    expect(screen.getByText('This message is not readable text, so it is shown as hex.')).toBeTruthy()
  })

  it('behavior: typed data shows its app, chain, contract and type, then its message fields nested with labels', async () => {
    await openSign({
      method: 'eth_signTypedData_v4',
      typedData: {
        types: { EIP712Domain: [], Person: [], Mail: [] },
        primaryType: 'Mail',
        domain: { name: 'Ether Mail', version: '1', chainId: 1, verifyingContract: '0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC' },
        message: { from: { name: 'Cow', wallet: '0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826' }, contents: 'Hello, Bob!' },
      },
    })
    const domain = document.querySelector<HTMLElement>('[data-part=sign-domain]')!
    const rows = within(domain).getAllByRole('term').map((dt) => `${dt.textContent}=${dt.nextElementSibling?.textContent}`)
    expect(rows).toEqual(['App=Ether Mail', 'Version=1', 'Chain ID=1', 'Contract=0xCcCCccccCCCCcCCCCCCcCcCccCcCCCcCcccccccC', 'Type=Mail'])
    const message = messageRegion()
    const top = [...message.querySelectorAll(':scope > dl > div > dt')].map((dt) => dt.textContent)
    expect(top).toEqual(['from', 'contents'])
    const from = [...message.querySelectorAll(':scope > dl > div:first-child dd dl dt')].map((dt) => `${dt.textContent}=${dt.nextElementSibling?.textContent}`)
    expect(from).toEqual(['name=Cow', 'wallet=0xCD2a3d9F938E13CD947Ec05AbC7FE734Df8DD826'])
    expect(await axeViolations()).toEqual([])
  })

  it('behavior: typed data given as JSON text in the message param is read the same way', async () => {
    await openSign({ method: 'eth_signTypedData_v4', message: JSON.stringify({ primaryType: 'Permit', domain: { name: 'Token' }, message: { value: '1000' } }) })
    expect(within(document.querySelector<HTMLElement>('[data-part=sign-domain]')!).getByText('Permit')).toBeTruthy()
    expect(within(messageRegion()).getByText('1000')).toBeTruthy()
  })

  it('behavior: a Solana message shows as its text', async () => {
    await openSign({ method: 'solana_signMessage', message: 'Sign in to Acme with Solana' })
    expect(messageRegion().textContent).toBe('Sign in to Acme with Solana')
    expect(document.querySelector('[data-part=sign-domain]')).toBeNull()
  })

  it('layout: long typed data scrolls in a focusable region named Request details; the wallet and the buttons stay in the footer outside it', async () => {
    const details = Array.from({ length: 12 }, (_, i) => ({ token: `0x${String(i).padStart(40, '0')}`, amount: '1461501637330902918203684832716283019655932542975', nonce: i }))
    await openSign({
      method: 'eth_signTypedData_v4',
      typedData: { primaryType: 'PermitBatch', domain: { name: 'Permit2', chainId: 1 }, message: { details, spender: ADDRESS, sigDeadline: 1767225600 } },
    })
    const region = screen.getByRole('region', { name: 'Request details' })
    // The keyboard reaches the region, so it can scroll it (axe: scrollable-region-focusable).
    expect(region.tabIndex).toBe(0)
    expect(region.contains(messageRegion())).toBe(true)
    expect(region.contains(document.querySelector('[data-part=sign-domain]'))).toBe(true)
    const footer = screen.getByRole('dialog').querySelector('footer')!
    expect(region.contains(footer)).toBe(false)
    expect(footer.contains(region)).toBe(false)
    for (const name of ['Sign and continue', 'Cancel']) {
      const button = screen.getByRole('button', { name })
      expect(footer.contains(button)).toBe(true)
    }
    expect(footer.contains(screen.getByText('0x7099…79C8'))).toBe(true)
    expect(await axeViolations()).toEqual([])
  })

  it('behavior: Cancel cancels the step, as closing the modal does', async () => {
    const first = await openSign({ method: 'personal_sign', message: 'Hello' })
    await click(screen.getByRole('button', { name: 'Cancel' }))
    expect(await first.outcome).toBe('cancelled:exited_auth_flow')
    cleanup()
    await h!.close()
    const second = await openSign({ method: 'personal_sign', message: 'Hello' })
    await click(screen.getByRole('button', { name: 'Close' }))
    expect(await second.outcome).toBe('cancelled:exited_auth_flow')
  })
})
