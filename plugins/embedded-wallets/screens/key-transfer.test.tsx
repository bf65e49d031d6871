// @vitest-environment jsdom
/**
 * Export ('Transfer wallet') and import: each opens the key frame inside the modal, asks it to show
 * the key or take one, and ends as the user does; a stale login for export says to log in again.
 * A recording service stands in for the plugin core (the frame itself runs in the browser tests).
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { axeViolations, type Harness } from '../../../test/support/ui-harness'
import type { EmbeddedWalletInfo } from '../service'
import { EMBEDDED_WALLET_SCREENS as S } from './ids'
import { CONNECTING_MIN_MS } from './KeyTransfer'
import { frameError, openStep, startWalletScreens } from './test-support'
import { WalletFrameError } from '../../../protocols/wallet-frame/client'

let h: Harness | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

const wallet: EmbeddedWalletInfo = { address: `0x${'a'.repeat(40)}`, chainType: 'ethereum', walletIndex: 0, imported: false, recoveryMethod: 'privy' }

async function start(wallets: EmbeddedWalletInfo[] = [wallet]) {
  const started = await startWalletScreens({}, wallets)
  h = started.harness
  return started
}

const click = (el: HTMLElement) => act(async () => fireEvent.click(el))

describe('export', () => {
  it("default: 'Transfer wallet' shows the wallet's key in the key frame; Done ends the step and removes the frame", async () => {
    const { service, kernel } = await start()
    const { outcome } = await openStep(kernel, S.export, { address: wallet.address.toUpperCase().replace('0X', '0x') })
    expect(await screen.findByRole('heading', { name: 'Transfer wallet' })).toBeTruthy()
    const frame = await screen.findByRole('group', { name: 'Export wallet' })
    await waitFor(() => expect(frame.textContent).toBe('private key shown'))
    expect(service.callsOf('export')).toEqual([[wallet.address, false]])
    expect(await axeViolations()).toEqual([])
    await click(screen.getByRole('button', { name: 'Done' }))
    expect(await outcome).toBe('resolved')
    expect(screen.queryByRole('group', { name: 'Export wallet' })).toBeNull()
  })

  it("behavior: 'Transfer wallet' connects the wallet first and shows Connecting for at least a second", async () => {
    const { service, kernel, clock } = await start()
    clock.hold(CONNECTING_MIN_MS)
    service.hold('connect')
    await openStep(kernel, S.export, { address: wallet.address })
    expect(await screen.findByRole('heading', { name: 'Transfer wallet' })).toBeTruthy()
    expect(await screen.findByText('Connecting your wallet…')).toBeTruthy()
    await waitFor(() => expect(service.isHeld('connect')).toBe(true))
    await act(async () => service.release('connect'))
    // Connected before the second is up: still connecting, no frame yet.
    expect(screen.getByText('Connecting your wallet…')).toBeTruthy()
    expect(screen.queryByRole('group', { name: 'Export wallet' })).toBeNull()
    expect(clock.pending(CONNECTING_MIN_MS)).toBe(1)
    await act(async () => clock.release(CONNECTING_MIN_MS))
    const frame = await screen.findByRole('group', { name: 'Export wallet' })
    await waitFor(() => expect(frame.textContent).toBe('private key shown'))
    expect(service.callsOf('connect')).toHaveLength(1)
  })

  it('behavior: a wallet protected by a password asks for it while connecting, then shows the key', async () => {
    const { service, kernel } = await start()
    service.fail('connect', frameError('recovery_needed', 'Recovery is needed'))
    await openStep(kernel, S.export, { address: wallet.address })
    expect(await screen.findByRole('heading', { name: 'Enter your password' })).toBeTruthy()
    await act(async () => fireEvent.change(screen.getByLabelText('Password'), { target: { value: 'correct horse' } }))
    await click(screen.getByRole('button', { name: 'Recover your account' }))
    const frame = await screen.findByRole('group', { name: 'Export wallet' })
    await waitFor(() => expect(frame.textContent).toBe('private key shown'))
    expect(service.callsOf('recover')).toEqual([['correct horse']])
  })

  it('behavior: a wallet backed up to Google Drive goes to Recovery via OAuth while connecting, and its recovery there opens the key frame', async () => {
    const { service, kernel } = await start([{ ...wallet, recoveryMethod: 'google-drive' }])
    service.fail('connect', new WalletFrameError({ code: 'recovery_needed', message: 'Recovery is needed', data: { recoveryMethod: 'google-drive' } }))
    const popup = { closed: false, location: { href: 'about:blank', origin: window.location.origin }, close: () => void (popup.closed = true) }
    const open = vi.spyOn(window, 'open').mockReturnValue(popup as unknown as Window)
    try {
      await openStep(kernel, S.export, { address: wallet.address })
      expect(await screen.findByRole('heading', { name: 'Recover with Google Drive' })).toBeTruthy()
      expect(screen.queryByRole('heading', { name: 'Enter your password' })).toBeNull()
      await click(screen.getByRole('button', { name: 'Continue with Google Drive' }))
      await waitFor(() => expect(popup.location.href).toMatch(/^https:\/\/accounts\.test\//))
      await act(async () => {
        popup.location = { origin: window.location.origin, href: `${window.location.origin}/?privy_oauth_code=c&privy_oauth_state=test-state` }
      })
      await click(await screen.findByRole('button', { name: 'Done' }))
      const frame = await screen.findByRole('group', { name: 'Export wallet' })
      await waitFor(() => expect(frame.textContent).toBe('private key shown'))
      expect(service.callsOf('recoverWithCloud')).toEqual([[{ code: 'c', state: 'test-state' }]])
    } finally {
      open.mockRestore()
    }
  })

  it("error: a connection that fails says 'Something went wrong. We're on it. Please try again later.' and opens no frame", async () => {
    const { service, kernel } = await start()
    service.fail('connect', frameError('frame_error', 'The frame broke'))
    await openStep(kernel, S.export, { address: wallet.address })
    expect(await screen.findByText("Something went wrong. We're on it. Please try again later.")).toBeTruthy()
    expect(screen.queryByRole('group', { name: 'Export wallet' })).toBeNull()
    expect(service.callsOf('export')).toEqual([])
  })

  it('behavior: the recovery phrase is asked for with phrase', async () => {
    const { service, kernel } = await start()
    await openStep(kernel, S.export, { address: wallet.address, phrase: true })
    expect(await screen.findByText('Copy your recovery phrase into another wallet app to use this wallet there. It is shown only inside this secure frame.')).toBeTruthy()
    await waitFor(() => expect(service.callsOf('export')).toEqual([[wallet.address, true]]))
  })

  it('behavior: without a recent login it says to log in again, hides the frame and offers Close', async () => {
    const { service, kernel } = await start()
    service.fail('export', frameError('reauthentication_required', 'A recent login is required'))
    const { outcome } = await openStep(kernel, S.export, { address: wallet.address })
    expect(await screen.findByText('For your security, log in again before you export your wallet.')).toBeTruthy()
    expect(screen.queryByRole('group', { name: 'Export wallet' })).toBeNull()
    // The screen's own Close (the modal's close button has the same name, and no text).
    await click(screen.getByText('Close', { selector: 'button, button *' }).closest('button')!)
    expect(await outcome).toBe('resolved')
  })

  it('behavior: a wallet that is not the user’s is never asked for', async () => {
    const { service, kernel } = await start()
    await openStep(kernel, S.export, { address: `0x${'b'.repeat(40)}` })
    expect(await screen.findByText('An error has occurred, please try again.')).toBeTruthy()
    expect(service.callsOf('export')).toEqual([])
  })
})

describe('import', () => {
  it('default: the key frame takes the key; the step ends once the wallet is imported', async () => {
    const { service, kernel } = await start()
    service.hold('import')
    const { outcome } = await openStep(kernel, S.import, { chainType: 'solana' })
    expect(await screen.findByRole('heading', { name: 'Import wallet' })).toBeTruthy()
    expect(await screen.findByRole('group', { name: 'Import wallet' })).toBeTruthy()
    await waitFor(() => expect(service.isHeld('import')).toBe(true))
    expect(service.callsOf('import')).toEqual([['solana']])
    await act(async () => service.release('import'))
    expect(await outcome).toBe('resolved')
    expect(service.wallets().some((w) => w.imported && w.chainType === 'solana')).toBe(true)
  })

  it('behavior: Cancel cancels the step and removes the frame', async () => {
    const { service, kernel } = await start()
    service.hold('import')
    const { outcome } = await openStep(kernel, S.import, {})
    await screen.findByRole('group', { name: 'Import wallet' })
    await click(screen.getByRole('button', { name: 'Cancel' }))
    expect(await outcome).toBe('cancelled:exited_auth_flow')
    expect(screen.queryByRole('group', { name: 'Import wallet' })).toBeNull()
  })
})
