// @vitest-environment jsdom
/**
 * useLoginWithEmail against the UI harness's real HTTP server: the modal stays closed, the kernel
 * stores the session, wrong codes and captcha apps behave as documented.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { subscribe } from 'valtio/vanilla'
import { authenticated, startHarness, type Harness, type Routes } from '../../test/support/ui-harness'
import { PorticoProvider } from '../../ui/provider'
import { captcha, type CaptchaState } from '../captcha'
import type { Kernel } from '../../kernel/types'
import { email, useLoginWithEmail } from '.'

let h: Harness | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

const INIT = '/api/v1/passwordless/init'
const AUTH = '/api/v1/passwordless/authenticate'
const routes: Routes = {
  [`POST ${INIT}`]: () => ({ json: { success: true } }),
  [`POST ${AUTH}`]: (req) =>
    JSON.parse(req.body ?? '{}').code === '123456'
      ? { json: authenticated() }
      : { status: 401, json: { error: 'Invalid code', code: 'invalid_credentials' } },
}

/** Records whether the modal was ever opened. */
function watchModal(kernel: Kernel) {
  const seen = { opened: false, screens: [] as string[] }
  subscribe(kernel.state.modal, () => {
    if (kernel.state.modal.open) seen.opened = true
    for (const e of kernel.state.modal.stack) if (!seen.screens.includes(e.screen)) seen.screens.push(e.screen)
  })
  return seen
}

function renderLogin(kernel: Kernel) {
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoProvider kernel={kernel}>{children}</PorticoProvider>
  return renderHook(() => useLoginWithEmail(), { wrapper })
}

describe('useLoginWithEmail', () => {
  it('behavior: sends a code, signs in with it and never opens the modal', async () => {
    h = await startHarness({ plugins: [email()], routes })
    const modal = watchModal(h.kernel)
    const { result } = renderLogin(h.kernel)
    expect(result.current.state).toEqual({ status: 'initial' })

    await act(() => result.current.sendCode({ email: ' ada@example.com ' }))
    expect(result.current.state.status).toBe('awaiting-code-input')
    expect(h.calls(INIT)).toEqual([{ email: 'ada@example.com' }])
    expect(result.current.resendAvailableAt).toBeGreaterThan(Date.now() + 25_000)

    await act(() => result.current.loginWithCode({ code: '123456' }))
    expect(result.current.state).toEqual({ status: 'done' })
    expect(h.calls(AUTH)).toEqual([{ email: 'ada@example.com', code: '123456', mode: 'login-or-sign-up' }])
    expect(h.kernel.state.session.status).toBe('authenticated')
    await new Promise((r) => setTimeout(r, 50))
    expect(modal.opened).toBe(false)
  })

  it('behavior: disableSignup sends the no-signup mode', async () => {
    h = await startHarness({ plugins: [email()], routes })
    const { result } = renderLogin(h.kernel)
    await act(() => result.current.sendCode({ email: 'ada@example.com', disableSignup: true }))
    await act(() => result.current.loginWithCode({ code: '123456' }))
    expect(h.calls(AUTH)).toMatchObject([{ mode: 'no-signup' }])
  })

  it('behavior: a wrong code is an error with the spec text, and a right code afterwards still signs in', async () => {
    h = await startHarness({ plugins: [email()], routes })
    const { result } = renderLogin(h.kernel)
    await act(() => result.current.sendCode({ email: 'ada@example.com' }))
    await act(() => expect(result.current.loginWithCode({ code: '000000' })).rejects.toMatchObject({ code: 'invalid_credentials' }))
    expect(result.current.state.status).toBe('error')
    expect(result.current.state.error?.message).toBe('Invalid or expired verification code')
    expect(h.kernel.state.session.status).toBe('unauthenticated')

    await act(() => result.current.loginWithCode({ code: '123456' }))
    expect(result.current.state.status).toBe('done')
  })

  it('behavior: an invalid address is refused with the spec text and nothing is sent', async () => {
    h = await startHarness({ plugins: [email()], routes })
    const { result } = renderLogin(h.kernel)
    await act(() => expect(result.current.sendCode({ email: 'not-an-address' })).rejects.toThrow('Please enter a valid email address'))
    expect(result.current.state.status).toBe('error')
    expect(h.calls(INIT)).toEqual([])
  })

  it('behavior: a second send to the same address within 30 s is refused; loginWithCode before any send is refused', async () => {
    h = await startHarness({ plugins: [email()], routes })
    const { result } = renderLogin(h.kernel)
    await act(() => expect(result.current.loginWithCode({ code: '123456' })).rejects.toMatchObject({ code: 'missing_or_invalid_code' }))
    await act(() => result.current.sendCode({ email: 'ada@example.com' }))
    await act(() => expect(result.current.sendCode({ email: 'ada@example.com' })).rejects.toThrow(/^Resend code in (29|30)s$/))
    expect(h.calls(INIT)).toHaveLength(1)
    // Another address is a new login, not a resend.
    await act(() => result.current.sendCode({ email: 'bob@example.com' }))
    expect(h.calls(INIT)).toHaveLength(2)
  })

  it('behavior: a refused send shows the server error through the error registry', async () => {
    h = await startHarness({
      plugins: [email()],
      routes: { [`POST ${INIT}`]: () => ({ status: 429, json: { error: 'Too many requests', code: 'too_many_requests' } }) },
    })
    const { result } = renderLogin(h.kernel)
    await act(() => expect(result.current.sendCode({ email: 'ada@example.com' })).rejects.toMatchObject({ code: 'too_many_requests' }))
    expect(result.current.state.status).toBe('error')
    expect(result.current.state.error?.message).toBe(h.kernel.resolveError(result.current.state.error?.cause).message)
  })

  describe('captcha-required app', () => {
    const app = { captcha_enabled: true, enabled_captcha_provider: 'turnstile' as const, captcha_site_key: 't:1x00000000000000000000AA' }

    it('behavior: a host token goes with the init call and no captcha step opens', async () => {
      h = await startHarness({ plugins: [email(), captcha()], app, routes })
      const modal = watchModal(h.kernel)
      const { result } = renderLogin(h.kernel)
      await act(() => result.current.sendCode({ email: 'ada@example.com', captchaToken: 'host-token' }))
      expect(h.calls(INIT)).toEqual([{ email: 'ada@example.com', token: 'host-token' }])
      await act(() => result.current.loginWithCode({ code: '123456' }))
      expect(result.current.state.status).toBe('done')
      expect(modal.opened).toBe(false)
    })

    it('behavior: without a token the modal shows only the captcha step, sends its token and closes', async () => {
      h = await startHarness({ plugins: [email(), captcha()], app, routes })
      const modal = watchModal(h.kernel)
      const { result } = renderLogin(h.kernel)
      let sent!: Promise<void>
      act(() => {
        sent = result.current.sendCode({ email: 'ada@example.com' })
      })
      await waitFor(() => expect(h!.kernel.state.modal.stack.map((e) => e.screen)).toEqual(['captcha/challenge']))
      await waitFor(() => expect(result.current.state.status).toBe('sending-code'))
      // What the challenge screen does once Turnstile passes.
      const slice = h.kernel.contextFor('captcha').state as CaptchaState
      Object.assign(slice, { token: 'tok-1', tokenAt: Date.now(), status: 'success' })
      await act(async () => {
        h!.kernel.resolveStep('continue')
        await sent
      })
      expect(h.calls(INIT)).toEqual([{ email: 'ada@example.com', token: 'tok-1' }])
      expect(h.kernel.state.modal.open).toBe(false)
      expect(modal.screens).toEqual(['captcha/challenge'])
      expect(result.current.state.status).toBe('awaiting-code-input')
    })

    it('behavior: closing the captcha step ends the attempt quietly (exited_auth_flow, back to initial)', async () => {
      h = await startHarness({ plugins: [email(), captcha()], app, routes })
      const { result } = renderLogin(h.kernel)
      let sent!: Promise<void>
      act(() => {
        sent = result.current.sendCode({ email: 'ada@example.com' })
      })
      await waitFor(() => expect(h!.kernel.state.modal.open).toBe(true))
      await act(async () => {
        h!.kernel.closeModal()
        await expect(sent).rejects.toMatchObject({ code: 'exited_auth_flow' })
      })
      expect(result.current.state).toEqual({ status: 'initial' })
      expect(h.calls(INIT)).toEqual([])
    })
  })
})
