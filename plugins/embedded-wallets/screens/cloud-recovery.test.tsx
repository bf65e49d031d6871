// @vitest-environment jsdom
/**
 * Recovery via OAuth (`embedded-wallets/cloud-recovery`) as a step of a real kernel over a recording
 * service: the popup opened inside the click and pointed at the frame's sign-in page, its return read
 * on this origin, then a backup (creation or changed recovery) or a recovery; a storage failure
 * retried with the same sign-in, 'User denied' and a closed or blocked popup signing in again.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { axeViolations, type Harness } from '../../../test/support/ui-harness'
import { WalletFrameError } from '../../../protocols/wallet-frame/client'
import type { EmbeddedWalletInfo, EmbeddedWalletSettings } from '../service'
import { EMBEDDED_WALLET_SCREENS as S } from './ids'
import { frameError, openStep, startWalletScreens } from './test-support'

let h: Harness | null = null

/** A popup as the screen sees it: blank at first, then wherever the test sends it. */
interface FakePopup {
  closed: boolean
  location: { href: string; origin: string }
  close(): void
}
let popups: FakePopup[] = []
let blockPopups = false

beforeEach(() => {
  popups = []
  blockPopups = false
  vi.spyOn(window, 'open').mockImplementation(() => {
    if (blockPopups) return null
    const popup: FakePopup = {
      closed: false,
      location: { href: 'about:blank', origin: window.location.origin },
      close() {
        this.closed = true
      },
    }
    popups.push(popup)
    return popup as unknown as Window
  })
})
afterEach(async () => {
  vi.restoreAllMocks()
  cleanup()
  await h?.close()
  h = null
})

const cloudWallet: EmbeddedWalletInfo = { address: `0x${'c'.repeat(40)}`, chainType: 'ethereum', walletIndex: 0, imported: false, recoveryMethod: 'google-drive' }
const RETURN_TO = `${window.location.origin}${window.location.pathname}`

async function start(settings: Partial<EmbeddedWalletSettings> = {}, wallets: EmbeddedWalletInfo[] = []) {
  const started = await startWalletScreens({ userOwnedRecoveryOptions: ['google-drive', 'icloud'], ...settings }, wallets)
  h = started.harness
  return started
}

const click = (name: string | RegExp) => act(async () => void fireEvent.click(screen.getByRole('button', { name })))

/** The popup, once the screen pointed it at the sign-in page. */
async function signInPage(index = popups.length - 1): Promise<FakePopup> {
  await waitFor(() => expect(popups[index]?.location.href).toMatch(/^https:\/\/accounts\.test\/sign-in/))
  return popups[index]!
}

/** The storage's sign-in returns the popup to this page with a code (the literal 'undefined' when refused). */
async function returnWith(popup: FakePopup, code: string, state = 'test-state') {
  await act(async () => {
    popup.location = { origin: window.location.origin, href: `${RETURN_TO}?privy_oauth_code=${code}&privy_oauth_state=${state}&privy_oauth_provider=google-drive` }
  })
}

describe('Recovery via OAuth', () => {
  it('default: backing up a new wallet: confirm identity, the popup opened in the click and pointed at the sign-in page, then the wallet is created under Google Drive', async () => {
    const { service, kernel } = await start({ requireUserOwnedRecoveryOnCreate: true })
    const { outcome } = await openStep(kernel, S.cloudRecovery, { chains: ['ethereum'], initiator: 'user', isNewUser: true, provider: 'google-drive', mode: 'backup' })
    expect(await screen.findByRole('heading', { name: 'Back up to Google Drive' })).toBeTruthy()
    expect(screen.getByText(/Confirm your identity with Google Drive/)).toBeTruthy()
    expect(await axeViolations()).toEqual([])
    await click('Continue with Google Drive')
    // Opened blank inside the click, before the frame answered.
    expect(window.open).toHaveBeenCalledWith('about:blank', 'portico-cloud-recovery', expect.stringContaining('popup=yes'))
    const popup = await signInPage()
    expect(service.callsOf('cloudSignIn')).toEqual([['google-drive', RETURN_TO]])
    expect(screen.getByText('Finish signing in to Google Drive in the window that opened.')).toBeTruthy()
    // Another state on this origin (not our sign-in) is not taken.
    await returnWith(popup, 'forged', 'other-state')
    expect(service.callsOf('create')).toEqual([])
    await returnWith(popup, 'code-1')
    expect(await screen.findByRole('heading', { name: 'Welcome to Acme' })).toBeTruthy()
    expect(popup.closed).toBe(true)
    expect(service.callsOf('create')).toEqual([[['ethereum'], { method: 'google-drive', authorization: { code: 'code-1', state: 'test-state' } }]])
    // The created screen closes by itself (the kernel's waits are instant here) and ends the step.
    expect(await outcome).toBe('resolved')
  })

  it("behavior: a storage failure the frame marks retryable shows 'Unable to set recovery on wallet' and 'Try again' reuses the sign-in (no new popup)", async () => {
    const { service, kernel } = await start({}, [cloudWallet])
    service.fail('setRecovery', new WalletFrameError({ code: 'cloud_storage_error', message: 'Could not reach your cloud storage. Please try again.', data: { retryable: true } }))
    const { outcome } = await openStep(kernel, S.cloudRecovery, { update: true, provider: 'icloud', mode: 'backup' })
    await screen.findByRole('heading', { name: 'Back up to iCloud' })
    await click('Continue with iCloud')
    await returnWith(await signInPage(), 'code-2')
    expect(await screen.findByRole('heading', { name: 'Unable to set recovery on wallet' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('An error has occurred, please try again.')
    expect(await axeViolations()).toEqual([])
    await click('Try again')
    expect(await screen.findByRole('heading', { name: 'All set!' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Your wallet is backed up to iCloud.')
    expect(popups).toHaveLength(1)
    expect(service.callsOf('setRecovery')).toEqual([
      [{ method: 'icloud', authorization: { code: 'code-2', state: 'test-state' } }],
      [{ method: 'icloud', authorization: { code: 'code-2', state: 'test-state' } }],
    ])
    await click('Done')
    expect(await outcome).toBe('resolved')
  })

  it("behavior: a refused sign-in (the literal code 'undefined') says 'User denied'; Try again signs in again in a new popup", async () => {
    const { service, kernel } = await start({}, [cloudWallet])
    service.fail('recoverWithCloud', frameError('user_denied', 'User denied'))
    await openStep(kernel, S.cloudRecovery, { provider: 'google-drive', mode: 'recover' })
    expect(await screen.findByRole('heading', { name: 'Recover with Google Drive' })).toBeTruthy()
    await click('Continue with Google Drive')
    await returnWith(await signInPage(), 'undefined')
    expect(await screen.findByRole('heading', { name: 'Unable to recover wallet' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('User denied')
    expect(service.callsOf('recoverWithCloud')).toEqual([[{ code: 'undefined', state: 'test-state' }]])
    await click('Try again')
    await returnWith(await signInPage(1), 'code-3')
    expect(await screen.findByRole('heading', { name: 'All set!' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toBe('Your wallet is ready on this device.')
    expect(service.callsOf('recoverWithCloud').at(-1)).toEqual([{ code: 'code-3', state: 'test-state' }])
  })

  it('behavior: a popup closed before the return, or blocked, fails with its own text and nothing reaches the frame', async () => {
    const { service, kernel } = await start({}, [cloudWallet])
    await openStep(kernel, S.cloudRecovery, { provider: 'google-drive', mode: 'recover' })
    await screen.findByRole('heading', { name: 'Recover with Google Drive' })
    await click('Continue with Google Drive')
    const popup = await signInPage()
    await act(async () => popup.close())
    expect(await screen.findByRole('alert')).toHaveProperty('textContent', 'The sign-in window was closed before you finished.')
    blockPopups = true
    await click('Try again')
    await waitFor(() => expect(screen.getByRole('alert').textContent).toBe('The sign-in window was blocked. Allow pop-ups for this site and try again.'))
    expect(service.callsOf('recoverWithCloud')).toEqual([])
  })
})
