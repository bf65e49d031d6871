// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { PorticoProvider } from '../../ui/provider'
import type { Harness, Routes } from '../../test/support/ui-harness'
import { apiError, enterCode, mfaUser, mount, startSignedIn } from '../../test/support/mfa-harness'
import { embeddedWalletHooks } from '../embedded-wallets'
import { mfaTotp } from '../mfa-totp'
import { mfaSms } from '../mfa-sms'
import { mfa, mfaOf, useMfa, MFA_MAX_ATTEMPTS, MFA_ERRORS, mfaMessages, type MfaOptions, type MfaRequiredEvent } from '.'

const TOTP_VERIFY = '/api/v1/mfa/totp/verify'
const SMS_INIT = '/api/v1/mfa/passwordless_sms/init'
const SMS_VERIFY = '/api/v1/mfa/passwordless_sms/verify'
const GOOD = '123456'

let h: Harness | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

/** The server's TOTP check: GOOD is right, anything else is refused as the contract says. */
const totpRoutes: Routes = {
  [`POST ${TOTP_VERIFY}`]: (req) => (JSON.parse(req.body!).code === GOOD ? { json: { token: 'mfa-token-1' } } : apiError(400, 'missing_or_invalid_mfa')),
}

async function start(methods: string[], options: MfaOptions = {}, routes: Routes = totpRoutes, sleep?: (ms: number) => Promise<void>) {
  h = await startSignedIn([mfa(options), mfaTotp(), mfaSms()], mfaUser(methods), routes, sleep ? { sleep } : {})
  await mount(h)
  return h
}

/** The screen's own Close button (the modal's × is labelled Close too). */
const closeButton = () => screen.getAllByRole('button', { name: 'Close' }).at(-1)!

/** Starts a verification the way a guarded wallet operation does, and keeps its outcome. */
function verifyNow(harness: Harness) {
  const outcome: { token?: string; error?: { code?: string; message?: string } } = {}
  let promise!: Promise<void>
  act(() => {
    promise = mfaOf(harness.kernel)
      .verify()
      .then(
        (token) => void (outcome.token = token),
        (error: { code?: string; message?: string }) => void (outcome.error = error),
      )
  })
  return { outcome, settled: () => promise }
}

describe('plugin definition', () => {
  it('default: every error code has an English text and the spec 02 texts are quoted exactly', () => {
    for (const [code, reaction] of Object.entries(MFA_ERRORS)) expect(mfaMessages, code).toHaveProperty(reaction.message ?? code)
    expect(mfaMessages.MFA_MAX_ATTEMPTS).toBe('You have exceeded the maximum number of attempts. Please close this window and try again in 10 seconds.')
    expect(mfaMessages.MFA_TIMEOUT).toBe('You have exceeded the time limit for code entry. Please try again in 30 seconds.')
    expect(MFA_MAX_ATTEMPTS).toBe(4)
  })
})

describe('verification', () => {
  it('behavior: with one method enrolled the code boxes show at once; the right code shows success and resolves with the token', async () => {
    let release!: () => void
    await start(['totp'], {}, totpRoutes, () => new Promise<void>((resolve) => (release = resolve)))
    const { outcome, settled } = verifyNow(h!)
    expect(await screen.findByText('Enter the 6-digit code from your authenticator app.')).toBeTruthy()
    await enterCode(GOOD)
    expect(await screen.findByText('Verified')).toBeTruthy()
    act(() => release())
    await act(settled)
    expect(outcome.token).toBe('mfa-token-1')
    expect(h!.calls(TOTP_VERIFY)).toEqual([{ code: GOOD }])
    await waitFor(() => expect(h!.kernel.state.modal.open).toBe(false))
  })

  it('failure: a wrong code says so with the attempts left and empties the boxes; the next right code still verifies', async () => {
    await start(['totp'])
    const { outcome, settled } = verifyNow(h!)
    const boxes = await enterCode('000000')
    expect(await screen.findByText('The code you entered is not valid. 3 attempts left')).toBeTruthy()
    await waitFor(() => expect(boxes.every((b) => b.value === '')).toBe(true))
    await enterCode(GOOD)
    await act(settled)
    expect(outcome.token).toBe('mfa-token-1')
  })

  it('failure: the fourth wrong code locks the verification with the spec text; closing rejects with max attempts, no fifth request', async () => {
    await start(['totp'])
    const { outcome, settled } = verifyNow(h!)
    for (let i = 1; i < MFA_MAX_ATTEMPTS; i++) {
      await enterCode('000000')
      await screen.findByText(new RegExp(`${MFA_MAX_ATTEMPTS - i} attempts? left`))
    }
    await enterCode('000000')
    expect(await screen.findByText(mfaMessages.MFA_MAX_ATTEMPTS)).toBeTruthy()
    expect(screen.queryAllByLabelText(/^Verification code/)).toEqual([])
    fireEvent.click(closeButton())
    await act(settled)
    expect(outcome.error).toMatchObject({ code: 'mfa_verification_max_attempts_reached', message: 'Max MFA verification attempts reached' })
    expect(h!.calls(TOTP_VERIFY)).toHaveLength(MFA_MAX_ATTEMPTS)
  })

  it("behavior: the server's count of attempts left (data.attempts_remaining) wins over the widget's", async () => {
    await start(['totp'], {}, { [`POST ${TOTP_VERIFY}`]: () => ({ status: 403, json: { error: 'Invalid code', code: 'missing_or_invalid_mfa', data: { attempts_remaining: 1 } } }) })
    verifyNow(h!)
    await enterCode('000000')
    expect(await screen.findByText('The code you entered is not valid. 1 attempt left')).toBeTruthy()
  })

  it("failure: the server's rate limit (429) locks the verification at once", async () => {
    await start(['totp'], {}, { [`POST ${TOTP_VERIFY}`]: () => apiError(429, 'too_many_requests') })
    const { outcome, settled } = verifyNow(h!)
    await enterCode('000000')
    expect(await screen.findByText(mfaMessages.MFA_MAX_ATTEMPTS)).toBeTruthy()
    act(() => h!.kernel.closeModal({ force: true }))
    await act(settled)
    expect(outcome.error?.code).toBe('mfa_verification_max_attempts_reached')
  })

  it('failure: no code within the wait shows the time-out text and rejects with mfa_timeout', async () => {
    await start(['totp'], { codeTimeoutMs: 30 })
    const { outcome, settled } = verifyNow(h!)
    expect(await screen.findByText(mfaMessages.MFA_TIMEOUT)).toBeTruthy()
    fireEvent.click(closeButton())
    await act(settled)
    expect(outcome.error).toMatchObject({ code: 'mfa_timeout', message: 'Timed out waiting for MFA code' })
  })

  it("cancel: closing the modal rejects with 'MFA canceled'", async () => {
    await start(['totp'])
    const { outcome, settled } = verifyNow(h!)
    await screen.findByText('Enter the 6-digit code from your authenticator app.')
    act(() => h!.kernel.closeModal({ force: true }))
    await act(settled)
    expect(outcome.error).toMatchObject({ code: 'mfa_canceled', message: 'MFA canceled' })
    expect(mfaOf(h!.kernel).current()).toBeNull()
  })

  it('validation: letters in a pasted code say the passcode can only be numbers, and nothing is sent', async () => {
    await start(['totp'])
    verifyNow(h!)
    await enterCode('12ab56')
    expect(await screen.findByText('Passcode can only be numbers')).toBeTruthy()
    expect(h!.calls(TOTP_VERIFY)).toEqual([])
  })

  it('behavior: with two methods enrolled the user chooses one; SMS texts a code first, then verifies it', async () => {
    await start(['sms', 'totp'], {}, {
      [`POST ${SMS_INIT}`]: () => ({ json: { success: true } }),
      [`POST ${SMS_VERIFY}`]: () => ({ json: { token: 'sms-token' } }),
    })
    const { outcome, settled } = verifyNow(h!)
    expect(await screen.findByText('Choose how to confirm it is you.')).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Authenticator app' })).toBeTruthy()
    fireEvent.click(screen.getByRole('button', { name: 'SMS' }))
    await screen.findByText('Enter the 6-digit code we texted to your phone.')
    await waitFor(() => expect(h!.calls(SMS_INIT)).toEqual([{ action: 'verify' }]))
    await enterCode(GOOD)
    await act(settled)
    expect(outcome.token).toBe('sms-token')
    expect(h!.calls(SMS_VERIFY)).toEqual([{ code: GOOD }])
  })

  it('failure: a user with nothing enrolled cannot verify (missing_mfa_enrollment), and no screen opens', async () => {
    await start([])
    await expect(mfaOf(h!.kernel).verify()).rejects.toMatchObject({ code: 'missing_mfa_enrollment' })
    expect(h!.kernel.state.modal.open).toBe(false)
  })

  it("behavior: the embedded wallet's mfaToken hook is answered by a verification", async () => {
    await start(['totp'])
    let token: string | undefined
    let asked!: Promise<void>
    act(() => {
      asked = embeddedWalletHooks(h!.kernel)
        .mfaToken.promise()
        .then((t) => void (token = t))
    })
    await enterCode(GOOD)
    await act(() => asked)
    expect(token).toBe('mfa-token-1')
  })
})

describe('host-drawn MFA (noPromptOnMfaRequired)', () => {
  it('behavior: the host is told, no screen opens; a wrong code rejects with retry, the right one verifies', async () => {
    await start(['totp'], { noPromptOnMfaRequired: true })
    const told: unknown[] = []
    const stop = mfaOf(h!.kernel).onRequired((event) => told.push(event))
    const { outcome, settled } = verifyNow(h!)
    expect(told).toEqual([{ methods: ['totp'] }])
    expect(h!.kernel.state.modal.open).toBe(false)
    const pending = mfaOf(h!.kernel).current()!
    await pending.init('totp')
    await expect(pending.submit('totp', '000000')).rejects.toMatchObject({ code: 'missing_or_invalid_mfa', message: 'MFA verification failed, retry.' })
    expect(pending.attemptsLeft()).toBe(3)
    await pending.submit('totp', GOOD)
    await settled()
    expect(outcome.token).toBe('mfa-token-1')
    stop()
  })

  it("cancel: the host's cancel rejects the waiting operation with 'MFA canceled'", async () => {
    await start(['totp'], { noPromptOnMfaRequired: true })
    const { outcome, settled } = verifyNow(h!)
    mfaOf(h!.kernel).current()!.cancel()
    await settled()
    expect(outcome.error?.message).toBe('MFA canceled')
  })

  it('behavior: useMfa() tells the host through onMfaRequired, lists the enrolled methods, and its submit lets the operation go on', async () => {
    await start(['totp'], { noPromptOnMfaRequired: true })
    const told: MfaRequiredEvent[] = []
    let hook!: ReturnType<typeof useMfa>
    function Host() {
      hook = useMfa({ onMfaRequired: (event) => told.push(event) })
      return null
    }
    render(
      <PorticoProvider kernel={h!.kernel}>
        <Host />
      </PorticoProvider>,
    )
    expect(hook.mfaMethods).toEqual(['totp'])
    await expect(hook.submit('totp', GOOD)).rejects.toMatchObject({ code: 'mfa_not_pending' })
    const { outcome, settled } = verifyNow(h!)
    expect(told).toEqual([{ methods: ['totp'] }])
    await hook.init('totp')
    await hook.submit('totp', GOOD)
    await settled()
    expect(outcome.token).toBe('mfa-token-1')
  })
})
