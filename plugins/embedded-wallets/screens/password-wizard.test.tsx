// @vitest-environment jsdom
/**
 * The four-step password wizard (spec 02 §2, §4, §5) and the password recovery screen, shown as
 * steps of a real kernel against the UI harness's API with a recording service.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { axeViolations, type Harness } from '../../../test/support/ui-harness'
import type { EmbeddedWalletInfo, EmbeddedWalletSettings } from '../service'
import { EMBEDDED_WALLET_SCREENS as S } from './ids'
import { CREATED_CLOSE_MS } from './Created'
import { COPY_CONFIRMATION_MS, DOWNLOAD_LINK_MS } from './PasswordCreate'
import { frameError, openStep, startWalletScreens } from './test-support'

let h: Harness | null = null
let clipboard: string[] = []
let downloads: { href: string; name: string }[] = []
const recordDownload = (e: MouseEvent) => {
  const a = (e.target as Element | null)?.closest?.('a[download]') as HTMLAnchorElement | null
  if (!a) return
  // jsdom cannot navigate: record the download instead.
  e.preventDefault()
  downloads.push({ href: a.getAttribute('href') ?? '', name: a.download })
}
beforeEach(() => {
  clipboard = []
  downloads = []
  Object.defineProperty(navigator, 'clipboard', { configurable: true, value: { writeText: async (text: string) => void clipboard.push(text) } })
  document.addEventListener('click', recordDownload, true)
})
afterEach(async () => {
  document.removeEventListener('click', recordDownload, true)
  cleanup()
  await h?.close()
  h = null
})

const PASSWORD = 'Correct-Horse-42'
const wallet: EmbeddedWalletInfo = { address: `0x${'a'.repeat(40)}`, chainType: 'ethereum', walletIndex: 0, imported: false, recoveryMethod: 'privy' }

async function start(settings: Partial<EmbeddedWalletSettings> = {}, wallets: EmbeddedWalletInfo[] = []) {
  const started = await startWalletScreens(settings, wallets)
  h = started.harness
  return started
}

const click = (el: HTMLElement) => act(async () => fireEvent.click(el))
const type = (el: HTMLElement, value: string) => act(async () => fireEvent.change(el, { target: { value } }))
const continueButton = () => screen.getByRole('button', { name: 'Continue' }) as HTMLButtonElement
/** The wizard's own Back, in its footer. */
const wizardBack = () => within(screen.getByRole('dialog').querySelector('form footer') as HTMLElement).getByRole('button', { name: 'Back' })
/** The modal's back arrow, in its header (outside the screen's form). */
const headerBack = () => screen.queryAllByRole('button', { name: 'Back' }).find((b) => !b.closest('form')) ?? null
const passwordInput = () => screen.getByLabelText('Password') as HTMLInputElement

/** Goes through the steps up to the one named. */
async function walkTo(stepTitle: 'Save your password' | 'Confirm your password' | 'Confirm you saved your password') {
  await screen.findByRole('heading', { name: /Create a password|Change your password/ })
  await type(passwordInput(), PASSWORD)
  await click(continueButton())
  await screen.findByRole('heading', { name: 'Save your password' })
  if (stepTitle === 'Save your password') return
  await click(continueButton())
  await screen.findByRole('heading', { name: 'Confirm your password' })
  if (stepTitle === 'Confirm your password') return
  await type(screen.getByLabelText('Confirm password'), PASSWORD)
  await click(continueButton())
  await screen.findByRole('heading', { name: 'Confirm you saved your password' })
}

describe('password wizard: enter a password', () => {
  it('default: masked with a show toggle, Step 1 of 4, Continue disabled while empty', async () => {
    const { kernel } = await start()
    await openStep(kernel, S.passwordCreate, { chains: ['ethereum'] })
    expect(await screen.findByRole('heading', { name: 'Create a password' })).toBeTruthy()
    expect(screen.getByText('Step 1 of 4')).toBeTruthy()
    expect(passwordInput().type).toBe('password')
    expect(passwordInput().autocomplete).toBe('new-password')
    expect(continueButton().disabled).toBe(true)
    // The rules, their symbols on one line.
    const rules = screen.getByText((_, el) => el?.tagName === 'P' && el.textContent === 'At least 6 characters: letters, numbers and ! @ # $ % ^ & * ( ) - _ + .')
    expect(rules.querySelector('span')?.textContent).toBe('! @ # $ % ^ & * ( ) - _ + .')
    const toggle = screen.getByRole('button', { name: 'Show password' })
    expect(toggle.getAttribute('aria-pressed')).toBe('false')
    await click(toggle)
    expect(passwordInput().type).toBe('text')
    expect(toggle.getAttribute('aria-pressed')).toBe('true')
    expect(await axeViolations()).toEqual([])
  })

  it('error: under 6 characters says so once the field is left, and Continue stays disabled', async () => {
    const { kernel } = await start()
    await openStep(kernel, S.passwordCreate, { chains: ['ethereum'] })
    await screen.findByRole('heading', { name: 'Create a password' })
    await type(passwordInput(), 'abc12')
    expect(screen.queryByText('Password must be at least 6 characters')).toBeNull()
    await act(async () => fireEvent.blur(passwordInput()))
    expect(screen.getByText('Password must be at least 6 characters')).toBeTruthy()
    expect(passwordInput().getAttribute('aria-invalid')).toBe('true')
    expect(continueButton().disabled).toBe(true)
    await type(passwordInput(), 'abc123')
    expect(screen.queryByText('Password must be at least 6 characters')).toBeNull()
    expect(continueButton().disabled).toBe(false)
  })

  it('error: characters outside letters, digits and the listed symbols are listed, a space shown as ␣', async () => {
    const { kernel } = await start()
    await openStep(kernel, S.passwordCreate, { chains: ['ethereum'] })
    await screen.findByRole('heading', { name: 'Create a password' })
    await type(passwordInput(), 'pass word~/~!@#$%^&*()-_+.')
    expect(screen.getByText('Invalid characters used ( ␣ ~ / )')).toBeTruthy()
    expect(continueButton().disabled).toBe(true)
  })

  it('behavior: the strength label follows the score: Weak, Medium, Strong', async () => {
    const { kernel } = await start()
    await openStep(kernel, S.passwordCreate, { chains: ['ethereum'] })
    await screen.findByRole('heading', { name: 'Create a password' })
    const strength = () => document.querySelector('[data-part=password-strength] [aria-live]')?.textContent
    await type(passwordInput(), 'aA1!bB2')
    expect(strength()).toBe('Password strength: Weak')
    await type(passwordInput(), 'abcdEF12')
    expect(strength()).toBe('Password strength: Medium')
    await type(passwordInput(), PASSWORD)
    expect(strength()).toBe('Password strength: Strong')
  })
})

describe('password wizard: the whole way', () => {
  it('default: save by copy and download, confirm, acknowledge, then the wallet is created under the password', async () => {
    const { service, clock, kernel } = await start()
    clock.hold(COPY_CONFIRMATION_MS)
    clock.hold(DOWNLOAD_LINK_MS)
    clock.hold(CREATED_CLOSE_MS)
    const { outcome } = await openStep(kernel, S.passwordCreate, { chains: ['ethereum'], initiator: 'automatic', isNewUser: true })
    await walkTo('Save your password')
    expect(screen.getByText('Step 2 of 4')).toBeTruthy()
    expect(screen.getByRole('region', { name: 'Your password' }).textContent).toBe(PASSWORD)
    // The focus moved into the new step.
    expect(document.activeElement?.textContent).toBe('Save your password')
    expect(await axeViolations()).toEqual([])

    await click(screen.getByRole('button', { name: 'Copy' }))
    expect(clipboard).toEqual([PASSWORD])
    expect(screen.getByRole('button', { name: 'Copied' })).toBeTruthy()
    await act(async () => clock.release(COPY_CONFIRMATION_MS))
    await waitFor(() => expect(screen.getByRole('button', { name: 'Copy' })).toBeTruthy())
    // The created screen's delay has the same length: hold it again.
    clock.hold(CREATED_CLOSE_MS)

    await click(screen.getByRole('button', { name: 'Download' }))
    expect(downloads).toHaveLength(1)
    expect(downloads[0]!.name).toBe('acme-wallet-recovery-password.txt')
    expect(downloads[0]!.href.startsWith('data:text/plain;charset=utf-8,')).toBe(true)
    expect(decodeURIComponent(downloads[0]!.href.split(',')[1]!)).toContain(`Your Acme wallet recovery password:\n\n${PASSWORD}\n`)
    expect(document.querySelector('a[download]')).not.toBeNull()
    await act(async () => clock.release(DOWNLOAD_LINK_MS))
    await waitFor(() => expect(document.querySelector('a[download]')).toBeNull())

    await click(continueButton())
    expect(await screen.findByRole('heading', { name: 'Confirm your password' })).toBeTruthy()
    expect(document.activeElement).toBe(screen.getByLabelText('Confirm password'))
    expect(continueButton().disabled).toBe(true)
    await type(screen.getByLabelText('Confirm password'), `${PASSWORD}x`)
    continueButton().focus()
    await click(continueButton())
    expect(screen.getByText('Passwords do not match')).toBeTruthy()
    // Back in the field, its text selected, to type it again.
    const confirmField = screen.getByLabelText('Confirm password') as HTMLInputElement
    expect(document.activeElement).toBe(confirmField)
    expect([confirmField.selectionStart, confirmField.selectionEnd]).toEqual([0, PASSWORD.length + 1])
    await type(screen.getByLabelText('Confirm password'), PASSWORD)
    expect(screen.queryByText('Passwords do not match')).toBeNull()
    await click(continueButton())

    expect(await screen.findByRole('heading', { name: 'Confirm you saved your password' })).toBeTruthy()
    expect(screen.getByText('Nobody can recover your password for you, not even Acme.')).toBeTruthy()
    const submit = screen.getByRole('button', { name: 'Set password' }) as HTMLButtonElement
    expect(submit.disabled).toBe(true)
    await click(screen.getByRole('checkbox', { name: 'I understand that if I lose my password and this device, I lose access to my wallet.' }))
    expect(submit.disabled).toBe(false)
    expect(await axeViolations()).toEqual([])
    await click(submit)
    expect(await screen.findByRole('heading', { name: 'Welcome to Acme' })).toBeTruthy()
    expect(service.callsOf('create')).toEqual([[['ethereum'], { method: 'user-passcode', password: PASSWORD }]])
    // The password never went into navigation params.
    expect(JSON.stringify(kernel.state.modal.stack)).not.toContain(PASSWORD)
    await act(async () => clock.release(CREATED_CLOSE_MS))
    expect(await outcome).toBe('resolved')
  })

  it('behavior: Back moves one step at a time and keeps the password', async () => {
    const { kernel } = await start()
    await openStep(kernel, S.passwordCreate, { chains: ['ethereum'] })
    await walkTo('Confirm you saved your password')
    await click(screen.getByRole('checkbox'))
    await click(wizardBack())
    expect(await screen.findByRole('heading', { name: 'Confirm your password' })).toBeTruthy()
    expect((screen.getByLabelText('Confirm password') as HTMLInputElement).value).toBe(PASSWORD)
    await click(wizardBack())
    expect(await screen.findByRole('heading', { name: 'Save your password' })).toBeTruthy()
    await click(wizardBack())
    expect(await screen.findByRole('heading', { name: 'Create a password' })).toBeTruthy()
    expect(passwordInput().value).toBe(PASSWORD)
    expect(document.activeElement).toBe(passwordInput())
    // The first step has no Back of its own, and, the wizard being the modal's first screen, no arrow.
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull()
    // Forward again: the confirmation and the checkbox are asked anew.
    await click(continueButton())
    await click(continueButton())
    expect((screen.getByLabelText('Confirm password') as HTMLInputElement).value).toBe('')
    await type(screen.getByLabelText('Confirm password'), PASSWORD)
    await click(continueButton())
    expect(await screen.findByRole('heading', { name: 'Confirm you saved your password' })).toBeTruthy()
    expect((screen.getByRole('checkbox') as HTMLInputElement).checked).toBe(false)
  })

  it("behavior: the modal's back arrow moves one step back too, and leaves the wizard only from its first step", async () => {
    const { kernel } = await start({}, [wallet])
    const { outcome } = await openStep(kernel, S.whySecure, { update: true })
    await click(await screen.findByRole('button', { name: 'Back up with a password' }))
    await walkTo('Confirm you saved your password')
    await click(screen.getByRole('checkbox'))
    await click(headerBack()!)
    expect(await screen.findByRole('heading', { name: 'Confirm your password' })).toBeTruthy()
    expect((screen.getByLabelText('Confirm password') as HTMLInputElement).value).toBe(PASSWORD)
    await click(headerBack()!)
    expect(await screen.findByRole('heading', { name: 'Save your password' })).toBeTruthy()
    await click(headerBack()!)
    expect(await screen.findByRole('heading', { name: 'Create a password' })).toBeTruthy()
    expect(passwordInput().value).toBe(PASSWORD)
    expect(kernel.state.modal.stack.map((s) => s.screen)).toEqual([S.whySecure, S.passwordCreate])
    // From the first step the arrow leaves the wizard, to the screen before it; the step goes on.
    await click(headerBack()!)
    expect(await screen.findByRole('heading', { name: 'Why secure my account' })).toBeTruthy()
    expect(kernel.state.modal.stack.map((s) => s.screen)).toEqual([S.whySecure])
    expect(await Promise.race([outcome, Promise.resolve('pending')])).toBe('pending')
  })

  it("behavior: on the modal's first screen the arrow shows from step 2, and does nothing while the password is being set", async () => {
    const { service, kernel } = await start({}, [wallet])
    service.hold('setRecovery')
    await openStep(kernel, S.passwordCreate, { update: true })
    await screen.findByRole('heading', { name: 'Create a password' })
    expect(headerBack()).toBeNull()
    await walkTo('Save your password')
    await click(headerBack()!)
    expect(await screen.findByRole('heading', { name: 'Create a password' })).toBeTruthy()
    expect(headerBack()).toBeNull()
    await walkTo('Confirm you saved your password')
    await click(screen.getByRole('checkbox'))
    await click(screen.getByRole('button', { name: 'Set password' }))
    await click(headerBack()!)
    expect(screen.getByRole('heading', { name: 'Confirm you saved your password' })).toBeTruthy()
    expect(kernel.state.modal.stack.map((s) => s.screen)).toEqual([S.passwordCreate])
    await act(async () => service.release('setRecovery'))
    expect(await screen.findByRole('heading', { name: 'Password set' })).toBeTruthy()
  })

  it('behavior: updating sets the password as the wallet recovery, then Password set and Done ends the step', async () => {
    const { service, kernel } = await start({}, [wallet])
    const { outcome } = await openStep(kernel, S.passwordCreate, { update: true })
    await walkTo('Confirm you saved your password')
    await click(screen.getByRole('checkbox'))
    await click(screen.getByRole('button', { name: 'Set password' }))
    expect(await screen.findByRole('heading', { name: 'Password set' })).toBeTruthy()
    expect(service.callsOf('setRecovery')).toEqual([[{ method: 'user-passcode', password: PASSWORD }]])
    expect(service.callsOf('create')).toEqual([])
    await click(screen.getByRole('button', { name: 'Done' }))
    expect(await outcome).toBe('resolved')
  })

  it('behavior: a wallet with a password already is asked to change it', async () => {
    const { kernel } = await start({}, [{ ...wallet, recoveryMethod: 'user-passcode' }])
    await openStep(kernel, S.passwordCreate, { update: true })
    expect(await screen.findByRole('heading', { name: 'Change your password' })).toBeTruthy()
  })

  it('error: a failed submission shows the failure, and Try again submits the same password', async () => {
    const { service, kernel } = await start({}, [wallet])
    service.fail('setRecovery', frameError('frame_timeout'))
    const { outcome } = await openStep(kernel, S.passwordCreate, { update: true })
    await walkTo('Confirm you saved your password')
    await click(screen.getByRole('checkbox'))
    await click(screen.getByRole('button', { name: 'Set password' }))
    expect(await screen.findByRole('heading', { name: 'Unable to set recovery on wallet' })).toBeTruthy()
    expect(screen.getByText('An error has occurred, please try again.')).toBeTruthy()
    expect(await axeViolations()).toEqual([])
    await click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByRole('heading', { name: 'Password set' })).toBeTruthy()
    expect(service.callsOf('setRecovery')).toEqual([
      [{ method: 'user-passcode', password: PASSWORD }],
      [{ method: 'user-passcode', password: PASSWORD }],
    ])
    await click(screen.getByRole('button', { name: 'Done' }))
    expect(await outcome).toBe('resolved')
  })

  it('error: a failed creation says Failed to create wallet; Cancel cancels the step', async () => {
    const { service, kernel } = await start()
    service.fail('create', new Error('boom'))
    const { outcome } = await openStep(kernel, S.passwordCreate, { chains: ['ethereum'] })
    await walkTo('Confirm you saved your password')
    await click(screen.getByRole('checkbox'))
    await click(screen.getByRole('button', { name: 'Set password' }))
    expect(await screen.findByRole('heading', { name: 'Failed to create wallet' })).toBeTruthy()
    await click(screen.getByRole('button', { name: 'Cancel' }))
    expect(await outcome).toBe('cancelled:exited_auth_flow')
  })
})

describe('password recovery', () => {
  it('default: Enter your password, masked with a show toggle; the right password recovers and ends the step', async () => {
    const { service, kernel } = await start()
    const { outcome } = await openStep(kernel, S.passwordRecovery)
    expect(await screen.findByRole('heading', { name: 'Enter your password' })).toBeTruthy()
    const input = passwordInput()
    expect(input.type).toBe('password')
    expect(input.autocomplete).toBe('current-password')
    const submit = screen.getByRole('button', { name: 'Recover your account' }) as HTMLButtonElement
    expect(submit.disabled).toBe(true)
    await click(screen.getByRole('button', { name: 'Show password' }))
    expect(input.type).toBe('text')
    expect(await axeViolations()).toEqual([])
    await type(input, PASSWORD)
    await click(submit)
    expect(await outcome).toBe('resolved')
    expect(service.callsOf('recover')).toEqual([[PASSWORD]])
  })

  it('error: a wrong password says so, then another failure says an error occurred, and a retry can succeed', async () => {
    const { service, kernel } = await start()
    service.fail('recover', frameError('invalid_recovery_pin'), frameError('invalid_request_arguments'), frameError('frame_timeout'))
    const { outcome } = await openStep(kernel, S.passwordRecovery)
    await screen.findByRole('heading', { name: 'Enter your password' })
    await type(passwordInput(), 'wrong-one')
    screen.getByRole('button', { name: 'Recover your account' }).focus()
    await act(async () => fireEvent.submit(passwordInput().form!))
    expect(await screen.findByText('Invalid recovery password, please try again.')).toBeTruthy()
    expect(passwordInput().getAttribute('aria-invalid')).toBe('true')
    // Back in the field, its text selected, to type it again.
    expect(document.activeElement).toBe(passwordInput())
    expect([passwordInput().selectionStart, passwordInput().selectionEnd]).toEqual([0, 'wrong-one'.length])
    await act(async () => fireEvent.submit(passwordInput().form!))
    expect(await screen.findByText('Invalid recovery password, please try again.')).toBeTruthy()
    await act(async () => fireEvent.submit(passwordInput().form!))
    expect(await screen.findByText('An error has occurred, please try again.')).toBeTruthy()
    await type(passwordInput(), PASSWORD)
    expect(screen.queryByText('An error has occurred, please try again.')).toBeNull()
    await act(async () => fireEvent.submit(passwordInput().form!))
    expect(await outcome).toBe('resolved')
    expect(service.callsOf('recover')).toEqual([['wrong-one'], ['wrong-one'], ['wrong-one'], [PASSWORD]])
  })

  it('error: locked after too many wrong passwords, it shows how long to wait, as the frame says', async () => {
    const { service, kernel } = await start()
    service.fail('recover', frameError('too_many_requests', 'Too many incorrect recovery passwords. Please try again in 15 minutes.'))
    await openStep(kernel, S.passwordRecovery)
    await screen.findByRole('heading', { name: 'Enter your password' })
    await type(passwordInput(), 'wrong-one')
    await act(async () => fireEvent.submit(passwordInput().form!))
    expect(await screen.findByText('Too many incorrect recovery passwords. Please try again in 15 minutes.')).toBeTruthy()
  })
})
