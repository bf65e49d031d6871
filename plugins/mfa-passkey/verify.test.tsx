// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import type { Harness } from '../../test/support/ui-harness'
import { mfaUser, mount, startSignedIn } from '../../test/support/mfa-harness'
import { mfaOf } from '../mfa'
import { mfaPasskey } from '.'
import { restoreWebAuthn, standInWebAuthn, STAND_IN_CREDENTIAL_ID } from '../../test/support/webauthn-stand-in'

const INIT = '/api/v1/mfa/passkeys/init'
const VERIFY = '/api/v1/mfa/passkeys/verify'
const CRED = STAND_IN_CREDENTIAL_ID

let h: Harness | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
  restoreWebAuthn()
})

async function start() {
  h = await startSignedIn([mfaPasskey()], mfaUser(['passkey']), {
    [`POST ${INIT}`]: () => ({ json: { options: { challenge: 'Y2hhbGxlbmdl', allow_credentials: [{ id: CRED, type: 'public-key' }] } } }),
    [`POST ${VERIFY}`]: () => ({ json: { token: 'passkey-mfa-token' } }),
  })
  await mount(h)
}

describe('passkey verification', () => {
  it("behavior: 'Verify' runs the device's passkey prompt with the server's challenge and resolves with the MFA token", async () => {
    await start()
    const gets = standInWebAuthn()
    let token: string | undefined
    let done!: Promise<void>
    act(() => {
      done = mfaOf(h!.kernel).verify().then((t) => void (token = t))
    })
    await screen.findByText('Use a passkey you enrolled to confirm it is you.')
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Verify' })))
    await act(() => done)
    expect(token).toBe('passkey-mfa-token')
    expect(gets).toHaveLength(1)
    expect(h!.calls(VERIFY)).toMatchObject([{ authenticator_response: { id: CRED, type: 'public-key' } }])
  })

  it('failure: a dismissed prompt says so, counts no attempt and sends nothing to verify', async () => {
    await start()
    standInWebAuthn(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'))
    act(() => void mfaOf(h!.kernel).verify().catch(() => undefined))
    await screen.findByText('Use a passkey you enrolled to confirm it is you.')
    await act(async () => void fireEvent.click(screen.getByRole('button', { name: 'Verify' })))
    expect(await screen.findByText('Passkey request timed out or rejected by user.')).toBeTruthy()
    expect(mfaOf(h!.kernel).current()!.attemptsLeft()).toBe(4)
    expect(h!.calls(VERIFY)).toEqual([])
  })
})
