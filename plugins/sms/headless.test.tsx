// @vitest-environment jsdom
/** useLoginWithSms against the UI harness's real HTTP server: the modal stays closed, numbers are checked. */
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { subscribe } from 'valtio/vanilla'
import { authenticated, startHarness, wireUser, type Harness, type Routes } from '../../test/support/ui-harness'
import { PorticoProvider } from '../../ui/provider'
import { captcha } from '../captcha'
import type { Kernel } from '../../kernel/types'
import { sms, useLoginWithSms } from '.'

let h: Harness | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

const INIT = '/api/v1/passwordless_sms/init'
const AUTH = '/api/v1/passwordless_sms/authenticate'
const user = wireUser({ linked_accounts: [{ type: 'phone', number: '+1 4155550123', verified_at: 1, first_verified_at: 1, latest_verified_at: 1 }] })
const routes: Routes = {
  [`POST ${INIT}`]: () => ({ json: { success: true } }),
  [`POST ${AUTH}`]: (req) =>
    JSON.parse(req.body ?? '{}').code === '123456'
      ? { json: authenticated(user) }
      : { status: 401, json: { error: 'Invalid code', code: 'invalid_credentials' } },
}

function renderLogin(kernel: Kernel) {
  const opened = { value: false }
  subscribe(kernel.state.modal, () => {
    if (kernel.state.modal.open) opened.value = true
  })
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoProvider kernel={kernel}>{children}</PorticoProvider>
  return { opened, ...renderHook(() => useLoginWithSms(), { wrapper }) }
}

describe('useLoginWithSms', () => {
  it('behavior: texts a code to the normalised number, signs in with it and never opens the modal', async () => {
    h = await startHarness({ plugins: [sms()], routes })
    const { result, opened } = renderLogin(h.kernel)
    await act(() => result.current.sendCode({ phoneNumber: '(415) 555-0123' }))
    expect(result.current.state.status).toBe('awaiting-code-input')
    expect(h.calls(INIT)).toEqual([{ phoneNumber: '+1 4155550123' }])
    await act(() => result.current.loginWithCode({ code: '123456' }))
    expect(result.current.state).toEqual({ status: 'done' })
    expect(h.calls(AUTH)).toEqual([{ phoneNumber: '+1 4155550123', code: '123456', mode: 'login-or-sign-up' }])
    expect(h.kernel.state.session.status).toBe('authenticated')
    expect(opened.value).toBe(false)
  })

  it('behavior: an invalid number is refused with the spec text; a wrong code is an error with the spec text', async () => {
    h = await startHarness({ plugins: [sms()], routes })
    const { result } = renderLogin(h.kernel)
    await act(() => expect(result.current.sendCode({ phoneNumber: '12' })).rejects.toThrow('Please enter a valid phone number'))
    expect(h.calls(INIT)).toEqual([])
    await act(() => result.current.sendCode({ phoneNumber: '+33 6 12 34 56 78', disableSignup: true }))
    await act(() => expect(result.current.loginWithCode({ code: '999999' })).rejects.toMatchObject({ code: 'invalid_credentials' }))
    expect(result.current.state.error?.message).toBe('Invalid or expired verification code')
    expect(h.calls(AUTH)).toMatchObject([{ phoneNumber: '+33 612345678', mode: 'no-signup' }])
    await act(() => expect(result.current.sendCode({ phoneNumber: '+33 6 12 34 56 78' })).rejects.toThrow(/^Resend code in \d+s$/))
  })

  it('behavior: on a captcha-required app the host token goes with the init call and the modal stays closed', async () => {
    h = await startHarness({
      plugins: [sms(), captcha()],
      app: { captcha_enabled: true, enabled_captcha_provider: 'turnstile', captcha_site_key: 't:1x00000000000000000000AA' },
      routes,
    })
    const { result, opened } = renderLogin(h.kernel)
    await act(() => result.current.sendCode({ phoneNumber: '+1 415 555 0123', captchaToken: 'host-token' }))
    expect(h.calls(INIT)).toEqual([{ phoneNumber: '+1 4155550123', token: 'host-token' }])
    await act(() => result.current.loginWithCode({ code: '123456' }))
    expect(result.current.state.status).toBe('done')
    expect(opened.value).toBe(false)
  })
})
