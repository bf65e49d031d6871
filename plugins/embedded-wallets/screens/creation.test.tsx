// @vitest-environment jsdom
/**
 * The wallet creation screens ('On account create', Created), the recovery choice (selection,
 * automatic recovery, 'Why secure my account') and the password update splash, each shown as a
 * step of a real kernel against the UI harness's API, with a recording service standing in for the
 * plugin core.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { axeViolations, type Harness } from '../../../test/support/ui-harness'
import { ApiError } from '../../../kernel/errors'
import type { EmbeddedWalletInfo, EmbeddedWalletSettings } from '../service'
import { EMBEDDED_WALLET_SCREENS as S } from './ids'
import { CREATED_CLOSE_MS } from './Created'
import { SLOW_WAIT_MS } from './parts'
import { frameError, openStep, startWalletScreens } from './test-support'

let h: Harness | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

const privyWallet: EmbeddedWalletInfo = { address: `0x${'a'.repeat(40)}`, chainType: 'ethereum', walletIndex: 0, imported: false, recoveryMethod: 'privy' }

async function start(settings: Partial<EmbeddedWalletSettings> = {}, wallets: EmbeddedWalletInfo[] = []) {
  const started = await startWalletScreens(settings, wallets)
  h = started.harness
  return started
}

const click = (el: HTMLElement) => act(async () => fireEvent.click(el))

describe('on account create', () => {
  it('default: an automatic creation creates with automatic recovery, cannot be closed, then welcomes a new user and ends the step by itself', async () => {
    const { service, clock, kernel } = await start()
    clock.hold(CREATED_CLOSE_MS)
    service.hold('create')
    const { outcome } = await openStep(kernel, S.create, { chains: ['ethereum'], initiator: 'automatic', isNewUser: true })
    expect(await screen.findByRole('heading', { name: 'Creating your wallet' })).toBeTruthy()
    // Blocking: an alert dialog without a close button, and no Cancel.
    expect(screen.getByRole('alertdialog')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Cancel' })).toBeNull()
    await waitFor(() => expect(service.isHeld('create')).toBe(true))
    expect(service.callsOf('create')).toEqual([[['ethereum'], { method: 'privy' }]])
    await act(async () => service.release('create'))
    expect(await screen.findByRole('heading', { name: 'Welcome to Acme' })).toBeTruthy()
    expect(screen.getByText('Your wallet is ready.')).toBeTruthy()
    expect(await axeViolations()).toEqual([])
    expect(kernel.state.modal.open).toBe(true)
    await act(async () => clock.release(CREATED_CLOSE_MS))
    expect(await outcome).toBe('resolved')
    await waitFor(() => expect(kernel.state.modal.open).toBe(false))
  })

  it('behavior: a returning user sees All set!', async () => {
    const { clock, kernel } = await start()
    clock.hold(CREATED_CLOSE_MS)
    await openStep(kernel, S.create, { chains: ['ethereum'], initiator: 'automatic', isNewUser: false })
    expect(await screen.findByRole('heading', { name: 'All set!' })).toBeTruthy()
    expect(screen.queryByText(/Welcome to/)).toBeNull()
  })

  it('behavior: without chains in its params it creates the chains the service says', async () => {
    const { service, kernel } = await start({ createOnLogin: { ethereum: 'all-users', solana: 'all-users' } })
    const { outcome } = await openStep(kernel, S.create, { initiator: 'automatic' })
    expect(await outcome).toBe('resolved')
    expect(service.callsOf('create')).toEqual([[['ethereum', 'solana'], { method: 'privy' }]])
  })

  it('behavior: a user-initiated creation can be cancelled, which cancels the step', async () => {
    const { service, kernel } = await start()
    service.hold('create')
    const { outcome } = await openStep(kernel, S.create, { chains: ['ethereum'], initiator: 'user' })
    await click(await screen.findByRole('button', { name: 'Cancel' }))
    expect(await outcome).toBe('cancelled:exited_auth_flow')
    // The creation that finishes later shows nothing.
    await act(async () => service.release('create'))
    expect(screen.queryByRole('heading', { name: 'All set!' })).toBeNull()
  })

  it('behavior: a long creation says it is still working', async () => {
    const { service, clock, kernel } = await start()
    clock.hold(SLOW_WAIT_MS)
    service.hold('create')
    await openStep(kernel, S.create, { chains: ['ethereum'], initiator: 'automatic' })
    const status = await screen.findByRole('status')
    expect(status.textContent).toBe('')
    await act(async () => clock.release(SLOW_WAIT_MS))
    await waitFor(() => expect(status.textContent).toBe('Still working. This can take a few seconds…'))
  })

  it('error: an automatic creation that fails asks to log in again; Close cancels the step', async () => {
    const { service, kernel } = await start()
    service.fail('create', frameError('frame_timeout'))
    const { outcome } = await openStep(kernel, S.create, { chains: ['ethereum'], initiator: 'automatic', isNewUser: true })
    expect(await screen.findByRole('heading', { name: 'Failed to create wallet' })).toBeTruthy()
    expect(screen.getByText('An error has occured, please login again.')).toBeTruthy()
    // The focus moves to the result.
    expect(document.activeElement?.textContent).toBe('Failed to create wallet')
    await click(screen.getByRole('button', { name: 'Close' }))
    expect(await outcome).toBe('cancelled:exited_auth_flow')
  })

  it('error: a user-initiated creation that fails shows the error registry text, or the spec text for an unknown failure', async () => {
    const { service, kernel } = await start()
    service.fail('create', new ApiError(422, { error: 'Too many wallets for this user', code: 'invalid_data' }))
    await openStep(kernel, S.create, { chains: ['ethereum'], initiator: 'user' })
    expect(await screen.findByRole('heading', { name: 'Failed to create wallet' })).toBeTruthy()
    expect(screen.getByText('Too many wallets for this user')).toBeTruthy()
    cleanup()
    service.fail('create', new Error('boom'))
    await openStep(kernel, S.create, { chains: ['ethereum'], initiator: 'user' })
    expect(await screen.findByRole('heading', { name: 'Failed to create wallet' })).toBeTruthy()
    expect(screen.getByText('An error has occurred, please try again.')).toBeTruthy()
  })

  it('behavior: when the app requires a user-owned recovery and lists only the password, the password wizard comes first and nothing is created yet', async () => {
    const { service, kernel } = await start({ requireUserOwnedRecoveryOnCreate: true, userOwnedRecoveryOptions: ['user-passcode'] })
    await openStep(kernel, S.create, { chains: ['ethereum'], initiator: 'automatic', isNewUser: true })
    expect(await screen.findByRole('heading', { name: 'Create a password' })).toBeTruthy()
    expect(service.callsOf('create')).toEqual([])
    expect(kernel.state.modal.stack.map((e) => e.screen)).toEqual([S.passwordCreate])
  })

  it('behavior: with a cloud method listed too, the recovery selection comes first; Google Drive leads to Recovery via OAuth', async () => {
    const { service, kernel } = await start({ requireUserOwnedRecoveryOnCreate: true, userOwnedRecoveryOptions: ['user-passcode', 'google-drive'] })
    await openStep(kernel, S.create, { chains: ['ethereum'], initiator: 'automatic', isNewUser: true })
    expect(await screen.findByRole('heading', { name: 'Choose a recovery method' })).toBeTruthy()
    await click(screen.getByRole('button', { name: 'Back up to Google Drive' }))
    expect(await screen.findByRole('heading', { name: 'Back up to Google Drive' })).toBeTruthy()
    expect(kernel.state.modal.stack.at(-1)).toMatchObject({ screen: S.cloudRecovery, params: { provider: 'google-drive', mode: 'backup', chains: ['ethereum'] } })
    expect(service.callsOf('create')).toEqual([])
  })
})

describe('recovery selection', () => {
  it('default: lists the password, the listed cloud methods and automatic when allowed', async () => {
    const { kernel } = await start({ userOwnedRecoveryOptions: ['user-passcode', 'google-drive', 'icloud'] })
    await openStep(kernel, S.recoverySelect, { update: true })
    const list = await screen.findByRole('list', { name: 'Recovery methods' })
    const tiles = within(list).getAllByRole('button')
    expect(tiles.map((b) => b.textContent)).toEqual([
      'Back up with a password',
      'Back up to Google Drive',
      'Back up to iCloud',
      'Secure automatically',
    ])
    expect(tiles.map((b) => b.getAttribute('aria-disabled'))).toEqual([null, null, null, null])
    expect(await axeViolations()).toEqual([])
    await click(tiles[2]!)
    expect(await screen.findByRole('heading', { name: 'Back up to iCloud' })).toBeTruthy()
    expect(kernel.state.modal.stack.at(-1)).toMatchObject({ params: { provider: 'icloud', mode: 'backup', update: true } })
  })

  it('behavior: picking automatic leads to the automatic-recovery screen', async () => {
    const { kernel } = await start()
    await openStep(kernel, S.recoverySelect, { update: true })
    await click(await screen.findByRole('button', { name: 'Secure automatically' }))
    expect(await screen.findByRole('heading', { name: 'Automatically secure your account' })).toBeTruthy()
  })

  it('behavior: with the password as the only method it goes straight to the password wizard', async () => {
    const { kernel } = await start({ requireUserOwnedRecoveryOnCreate: true, userOwnedRecoveryOptions: ['user-passcode'] })
    await openStep(kernel, S.recoverySelect, { chains: ['ethereum'] })
    expect(await screen.findByRole('heading', { name: 'Create a password' })).toBeTruthy()
    expect(kernel.state.modal.stack.map((e) => e.screen)).toEqual([S.passwordCreate])
  })
})

describe('automatic recovery', () => {
  it('default: when creating, Continue creates the wallets with automatic recovery', async () => {
    const { service, kernel } = await start()
    const { outcome } = await openStep(kernel, S.automaticRecovery, { chains: ['ethereum'], initiator: 'user', isNewUser: true })
    expect(await screen.findByText('Acme keeps a backup key for your wallet, so logging in is all it takes to use it on a new device.')).toBeTruthy()
    expect(await axeViolations()).toEqual([])
    await click(screen.getByRole('button', { name: 'Continue' }))
    expect(await outcome).toBe('resolved')
    expect(service.callsOf('create')).toEqual([[['ethereum'], { method: 'privy' }]])
  })

  it('behavior: when updating a password wallet, Continue sets automatic recovery; a failure shows and can be retried', async () => {
    const { service, kernel } = await start({}, [{ ...privyWallet, recoveryMethod: 'user-passcode' }])
    service.fail('setRecovery', new Error('down'))
    const { outcome } = await openStep(kernel, S.automaticRecovery, { update: true })
    await click(await screen.findByRole('button', { name: 'Continue' }))
    expect(await screen.findByText('An error has occurred, please try again.')).toBeTruthy()
    await click(screen.getByRole('button', { name: 'Continue' }))
    expect(await outcome).toBe('resolved')
    expect(service.callsOf('setRecovery')).toEqual([[{ method: 'privy' }], [{ method: 'privy' }]])
  })

  it('behavior: a wallet already on automatic recovery is left as it is', async () => {
    const { service, kernel } = await start({}, [privyWallet])
    const { outcome } = await openStep(kernel, S.automaticRecovery, { update: true })
    await click(await screen.findByRole('button', { name: 'Continue' }))
    expect(await outcome).toBe('resolved')
    expect(service.calls).toEqual([])
  })

  it('behavior: Why secure my account offers the password and the listed cloud backups', async () => {
    const { kernel } = await start({ userOwnedRecoveryOptions: ['icloud'] })
    await openStep(kernel, S.automaticRecovery, { update: true })
    await click(await screen.findByRole('button', { name: 'Why secure my account' }))
    expect(await screen.findByRole('heading', { name: 'Why secure my account' })).toBeTruthy()
    const tiles = within(screen.getByRole('list', { name: 'Recovery methods' })).getAllByRole('button')
    expect(tiles.map((b) => b.textContent)).toEqual(['Back up with a password', 'Back up to iCloud'])
    expect(await axeViolations()).toEqual([])
    await click(tiles[0]!)
    expect(await screen.findByRole('heading', { name: 'Create a password' })).toBeTruthy()
  })
})

describe('password update splash', () => {
  it('default: Add password opens the wizard to add a password to the wallet', async () => {
    const { kernel } = await start({}, [privyWallet])
    await openStep(kernel, S.passwordUpdateSplash)
    expect(await screen.findByRole('heading', { name: 'Secure Your Account' })).toBeTruthy()
    expect(await axeViolations()).toEqual([])
    await click(screen.getByRole('button', { name: 'Add password' }))
    expect(await screen.findByRole('heading', { name: 'Create a password' })).toBeTruthy()
    expect(kernel.state.modal.stack.at(-1)?.params).toEqual({ update: true })
  })

  it('behavior: Not now cancels the step', async () => {
    const { kernel } = await start({}, [privyWallet])
    const { outcome } = await openStep(kernel, S.passwordUpdateSplash)
    await click(await screen.findByRole('button', { name: 'Not now' }))
    expect(await outcome).toBe('cancelled:exited_auth_flow')
  })
})
