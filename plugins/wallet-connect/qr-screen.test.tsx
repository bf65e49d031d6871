// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, screen as view } from '@testing-library/react'
import { axeViolations, renderScreen, startHarness, type Harness } from '../../test/support/ui-harness'
import { deepLink } from '../wallets'
import { WALLET_CONNECT_MODAL_Z_INDEX, walletConnect, type WalletConnectState } from './index'

const uri = 'wc:7f6e504bfad60b485450578e05678ed3e8e8c4751d3c6160be17160d63ec90f9@2?relay-protocol=irn&symKey=587d5484ce2a2a6ee3ba1962fdd7e8588e06200c46823bd18fbd67def96ad303'

let harness: Harness | null = null
afterEach(async () => {
  cleanup()
  await harness?.close()
  harness = null
})

const stateOf = (h: Harness) => h.kernel.state.plugins['wallet-connect'] as WalletConnectState

describe('wallet-connect/qr', () => {
  it('behavior: shows progress until the pairing uri exists, then its QR code and a deep link per named wallet', async () => {
    harness = await startHarness({ plugins: [walletConnect({ projectId: 'p' })] })
    await renderScreen(harness.kernel, 'wallet-connect/qr', { walletId: null })
    expect(await view.findByText('Preparing the connection…')).toBeTruthy()
    await act(async () => {
      stateOf(harness!).uri = uri
    })
    const qr = await view.findByRole('img', { name: 'QR code to connect a wallet' })
    expect(qr.querySelector('svg')).toBeTruthy()
    const metamask = view.getByRole('link', { name: 'Open MetaMask' })
    expect(metamask.getAttribute('href')).toBe(deepLink('metamask', uri, { preferUniversal: true }))
    expect(view.getByRole('link', { name: 'Open Rainbow' })).toBeTruthy()
    expect(view.getByRole('heading', { name: 'Scan with your phone' })).toBeTruthy()
    expect(qr.closest('[style*="z-index"]')?.getAttribute('style')).toContain(`z-index: ${WALLET_CONNECT_MODAL_Z_INDEX}`)
    expect(await axeViolations()).toEqual([])
  })

  it('behavior: a named wallet gets its own title and only its link', async () => {
    harness = await startHarness({ plugins: [walletConnect({ projectId: 'p' })] })
    stateOf(harness).uri = uri
    await renderScreen(harness.kernel, 'wallet-connect/qr', { walletId: 'rainbow' }, 'dark')
    expect(await view.findByRole('heading', { name: 'Scan with Rainbow' })).toBeTruthy()
    expect(view.getAllByRole('link').map((a) => a.getAttribute('href'))).toEqual([deepLink('rainbow', uri, { preferUniversal: true })])
    expect(await axeViolations()).toEqual([])
  })
})
