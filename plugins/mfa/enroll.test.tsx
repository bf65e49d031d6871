// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import type { Harness, Routes } from '../../test/support/ui-harness'
import { apiError, enterCode, mfaUser, startSignedIn } from '../../test/support/mfa-harness'
import { PorticoProvider } from '../../ui/provider'
import { mfaTotp } from '../mfa-totp'
import { mfaSms } from '../mfa-sms'
import { mfaPasskey } from '../mfa-passkey'
import { mfa, useMfaEnrollment, MFA_TOKEN_HEADER, type MfaOptions } from '.'

const TOTP = '/api/v1/mfa/totp'
const SMS = '/api/v1/mfa/passwordless_sms'
const PASSKEYS = '/api/v1/mfa/passkeys'
const SECRET = 'JBSWY3DPEHPK3PXP'
const AUTH_URL = `otpauth://totp/Acme:ada%40example.com?secret=${SECRET}&issuer=Acme`
const GOOD = '123456'

let h: Harness | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

const passkey = (n: number) => ({
  type: 'passkey',
  credential_id: `cred-${n}`,
  enrolled_in_mfa: false,
  authenticator_name: `Key ${n}`,
  verified_at: 1,
  first_verified_at: 1,
  latest_verified_at: 1,
})

/** A scripted server whose user gains or loses methods as the enrolment routes are called. */
function server(initial: string[], extra: Record<string, unknown> = {}) {
  const methods = new Set(initial)
  const user = () => mfaUser([...methods], extra)
  const headers: Record<string, unknown[]> = {}
  const seen = (path: string, req: { headers: Record<string, unknown> }) => (headers[path] ??= []).push(req.headers[MFA_TOKEN_HEADER])
  const routes: Routes = {
    [`POST ${TOTP}/verify`]: (req) => (JSON.parse(req.body!).code === GOOD ? { json: { token: 'mfa-token-1' } } : apiError(400, 'missing_or_invalid_mfa')),
    [`POST ${TOTP}/init`]: (req) => (seen('totp/init', req), { json: { totpSecret: SECRET, totpAuthUrl: AUTH_URL } }),
    [`POST ${TOTP}/enroll`]: (req) => {
      seen('totp/enroll', req)
      if (JSON.parse(req.body!).code !== GOOD) return apiError(400, 'missing_or_invalid_mfa')
      methods.add('totp')
      return { json: user() }
    },
    [`POST ${TOTP}/unenroll`]: (req) => (seen('totp/unenroll', req), methods.delete('totp'), { json: { success: true } }),
    [`POST ${SMS}/init`]: (req) => (seen('sms/init', req), { json: { success: true } }),
    [`POST ${SMS}/enroll`]: (req) => (seen('sms/enroll', req), methods.add('sms'), { json: user() }),
    [`POST ${PASSKEYS}/enrollment`]: (req) => (seen('passkeys/enrollment', req), methods.add('passkey'), { json: {} }),
  }
  return { routes, user, headers }
}

async function start(initial: string[], options: MfaOptions = {}, extra: Record<string, unknown> = {}) {
  const s = server(initial, extra)
  h = await startSignedIn([mfa(options), mfaTotp(), mfaSms(), mfaPasskey()], s.user(), s.routes, { sessionUser: s.user })
  return s
}

let enrollment: ReturnType<typeof useMfaEnrollment>
function Host() {
  enrollment = useMfaEnrollment()
  return null
}

/** Opens the enrolment as the host does, and keeps when it ends. */
async function openEnrollment() {
  render(
    <PorticoProvider kernel={h!.kernel}>
      <Host />
    </PorticoProvider>,
  )
  const state = { ended: false }
  let done!: Promise<void>
  act(() => {
    done = enrollment.showMfaEnrollmentModal().then(() => void (state.ended = true))
  })
  return { state, done: () => done }
}

const click = (name: string | RegExp) => act(async () => void fireEvent.click(screen.getByRole('button', { name })))

describe('enrolment', () => {
  it("behavior: the intro 'Transaction Protection' offers Continue and 'Not now'; 'Not now' ends the enrolment and closes", async () => {
    await start([])
    const { state, done } = await openEnrollment()
    expect(await screen.findByRole('heading', { name: 'Transaction Protection' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Continue' })).toBeTruthy()
    await click('Not now')
    await act(done)
    expect(state.ended).toBe(true)
    expect(h!.kernel.state.modal.open).toBe(false)
  })

  it("behavior: the method choice lists the app's mfa.methods in their order, only those with a plugin", async () => {
    await start([], { methods: ['totp', 'email', 'sms'] })
    await openEnrollment()
    await screen.findByRole('heading', { name: 'Transaction Protection' })
    await click('Continue')
    await screen.findByRole('heading', { name: 'Choose a verification method' })
    const tiles = screen.getAllByRole('button').map((b) => b.textContent).filter((t) => t === 'Authenticator app' || t === 'SMS' || t === 'Passkey')
    expect(tiles).toEqual(['Authenticator app', 'SMS'])
  })

  it('behavior: authenticator app shows the otpauth QR and the secret for manual entry, takes a code, then success; no MFA header when nothing was enrolled', async () => {
    const s = await start([])
    const { state, done } = await openEnrollment()
    await screen.findByRole('heading', { name: 'Transaction Protection' })
    await click('Continue')
    await click('Authenticator app')
    expect(await screen.findByRole('heading', { name: 'Set up your authenticator app' })).toBeTruthy()
    expect((await screen.findByTestId('totp-secret')).textContent).toBe('JBSW Y3DP EHPK 3PXP')
    expect(await screen.findByRole('img', { name: 'QR code to add this account to your authenticator app' })).toBeTruthy()
    await enterCode('000000')
    expect(await screen.findByText('The code you entered is not valid')).toBeTruthy()
    await enterCode(GOOD)
    expect(await screen.findByRole('heading', { name: 'Authenticator app added' })).toBeTruthy()
    expect(h!.kernel.state.session.user?.mfa_methods.map((m) => m.type)).toEqual(['totp'])
    expect(s.headers['totp/enroll']).toEqual([undefined, undefined])
    await click('Done')
    await act(done)
    expect(state.ended).toBe(true)
  })

  it('behavior: adding a method when one is enrolled verifies first, and the enrolment requests carry the MFA token', async () => {
    const s = await start(['totp'])
    await openEnrollment()
    await screen.findByRole('heading', { name: 'Transaction Protection' })
    await click('Continue')
    await screen.findByRole('heading', { name: 'Choose a verification method' })
    await click('SMS')
    await screen.findByText('Enter the 6-digit code from your authenticator app.')
    await enterCode(GOOD)
    expect(await screen.findByRole('heading', { name: 'Add your phone number' })).toBeTruthy()
    fireEvent.change(await screen.findByLabelText('Phone number'), { target: { value: '4155550123' } })
    await click('Send code')
    expect(await screen.findByText('We texted a 6-digit code to +1 4155550123.')).toBeTruthy()
    await enterCode('654321')
    expect(await screen.findByRole('heading', { name: 'SMS verification added' })).toBeTruthy()
    expect(h!.calls(`${SMS}/init`)).toEqual([{ action: 'enroll', phoneNumber: '+1 4155550123' }])
    expect(h!.calls(`${SMS}/enroll`)).toEqual([{ code: '654321', phoneNumber: '+1 4155550123' }])
    expect(s.headers['sms/init']).toEqual(['mfa-token-1'])
    expect(s.headers['sms/enroll']).toEqual(['mfa-token-1'])
  })

  it('behavior: removing an enrolled method asks to confirm, verifies, then removes with the MFA token and lists it as not enrolled', async () => {
    const s = await start(['totp'])
    await openEnrollment()
    await screen.findByRole('heading', { name: 'Transaction Protection' })
    await click('Continue')
    await click('Remove Authenticator app')
    expect(await screen.findByRole('heading', { name: 'Remove authenticator app?' })).toBeTruthy()
    await click(/^Remove$/)
    await enterCode(GOOD)
    await screen.findByRole('heading', { name: 'Choose a verification method' })
    await waitFor(() => expect(screen.getByRole('button', { name: 'Authenticator app' })).toBeTruthy())
    expect(s.headers['totp/unenroll']).toEqual(['mfa-token-1'])
    expect(h!.kernel.state.session.user?.mfa_methods).toEqual([])
  })

  it("behavior: passkey enrolment lists 2 passkeys until 'View all', and enrols the ones picked", async () => {
    await start([], {}, { linked_accounts: [passkey(1), passkey(2), passkey(3)] })
    await openEnrollment()
    await screen.findByRole('heading', { name: 'Transaction Protection' })
    await click('Continue')
    await click('Passkey')
    expect(await screen.findByRole('heading', { name: 'Verify with a passkey' })).toBeTruthy()
    await click('Continue')
    expect(screen.getAllByRole('checkbox')).toHaveLength(2)
    await click('View all')
    const boxes = screen.getAllByRole('checkbox') as HTMLInputElement[]
    expect(boxes).toHaveLength(3)
    act(() => void fireEvent.click(boxes[1]!))
    await click('Use for verification')
    expect(await screen.findByRole('heading', { name: 'Passkey verification added' })).toBeTruthy()
    expect(h!.calls(`${PASSKEYS}/enrollment`)).toEqual([{ credential_ids: ['cred-1', 'cred-3'] }])
  })
})
