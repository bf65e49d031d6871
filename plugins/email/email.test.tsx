// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor } from '@testing-library/react'
import { authenticated, renderScreen, startHarness, wireUser, type Harness, type Routes } from '../../test/support/ui-harness'
import { EMAIL_ERRORS } from './errors'
import { emailMessages } from './messages/en'
import { email } from '.'

let h: Harness | null = null
afterEach(async () => {
  vi.useRealTimers()
  cleanup()
  await h?.close()
  h = null
})

const INIT = '/api/v1/passwordless/init'
const AUTH = '/api/v1/passwordless/authenticate'
const ok: Routes = { [`POST ${INIT}`]: () => ({ json: { success: true } }) }

async function submitEmail(value: string) {
  const input = await screen.findByLabelText('Email address')
  await act(async () => {
    fireEvent.change(input, { target: { value } })
  })
  await act(async () => {
    fireEvent.submit(input.closest('form')!)
  })
  return input
}

async function enterCode(code: string) {
  const boxes = (await screen.findAllByRole('textbox')) as HTMLInputElement[]
  await act(async () => {
    boxes[0]!.focus()
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => code } })
  })
  return boxes
}

function failWith(status: number, code: string, error = 'failed'): Routes {
  return { [`POST ${AUTH}`]: () => ({ status, json: { error, code } }) }
}

describe('plugin definition', () => {
  it('default: one web2 login method enabled by email_auth, screens entry and code', () => {
    const p = email()
    expect(p.id).toBe('email')
    expect(p.kind).toBe('login')
    expect(Object.keys(p.screens!)).toEqual(['entry', 'code', 'update', 'current-code'])
    expect(p.loginMethods).toMatchObject([{ id: 'email', group: 'web2', enabledBy: 'email_auth', screen: 'email/entry' }])
    expect(typeof p.loginMethods![0]!.inline).toBe('function')
    expect(email({ inline: false }).loginMethods![0]!.inline).toBeUndefined()
  })

  it('default: every error code and every label has an English text', () => {
    for (const [code, reaction] of Object.entries(EMAIL_ERRORS)) {
      expect(emailMessages).toHaveProperty(reaction.message ?? code)
    }
    expect(emailMessages).toHaveProperty(email().loginMethods![0]!.label as string)
  })
})

describe('email entry', () => {
  it('behavior: an invalid address is refused before calling the server', async () => {
    h = await startHarness({ routes: ok })
    await renderScreen(h.kernel)
    const input = await submitEmail('not-an-email')
    expect(screen.getByText('Please enter a valid email address')).toBeTruthy()
    expect(input.getAttribute('aria-invalid')).toBe('true')
    expect(h.calls(INIT)).toHaveLength(0)
  })

  it("behavior: with plus emails disallowed, a '+' address is refused before calling the server", async () => {
    h = await startHarness({ app: { disable_plus_emails: true }, routes: ok })
    await renderScreen(h.kernel)
    await submitEmail('ada+test@example.com')
    expect(screen.getByText("Please enter a valid email address without a '+'.")).toBeTruthy()
    expect(h.calls(INIT)).toHaveLength(0)
  })

  it('behavior: a valid address sends the code and opens the code screen showing it', async () => {
    h = await startHarness({ routes: ok })
    await renderScreen(h.kernel)
    await submitEmail('  ada@example.com ')
    expect(await screen.findByRole('heading', { name: 'Enter confirmation code' })).toBeTruthy()
    expect(screen.getByText('ada@example.com')).toBeTruthy()
    expect(h.calls(INIT)).toEqual([{ email: 'ada@example.com' }])
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy()
  })

  it('behavior: the full-screen entry works the same', async () => {
    h = await startHarness({ routes: ok })
    await renderScreen(h.kernel, 'email/entry')
    expect(await screen.findByRole('heading', { name: 'Log in with email' })).toBeTruthy()
    await submitEmail('ada@example.com')
    expect(await screen.findByRole('heading', { name: 'Enter confirmation code' })).toBeTruthy()
  })
})

describe('link email', () => {
  async function signedIn(user: ReturnType<typeof wireUser>) {
    h = await startHarness({ plugins: [email()], routes: ok })
    await act(async () => {
      await h!.kernel.contextFor('email').authenticate(async () => authenticated(user) as never, { method: 'email' })
    })
    await renderScreen(h.kernel, 'email/entry', { intent: 'link' })
  }

  it('behavior: a user who already has an address sees cannot_link_more_of_type on the entry screen, and no code is sent', async () => {
    await signedIn(wireUser())
    expect(await screen.findByText('This account already has an email address.')).toBeTruthy()
    await submitEmail('second@example.com')
    expect(screen.getByText('This account already has an email address.')).toBeTruthy()
    expect(h!.calls(INIT)).toHaveLength(0)
  })

  it('behavior: a user without an address gets the code and the code screen', async () => {
    await signedIn(wireUser({ linked_accounts: [] }))
    await screen.findByRole('heading', { name: 'Link your email' })
    expect(screen.queryByText('This account already has an email address.')).toBeNull()
    await submitEmail('second@example.com')
    await waitFor(() => expect(h!.calls(INIT)).toEqual([{ email: 'second@example.com' }]))
  })
})

describe('code screen', () => {
  it('behavior: a correct code signs in, shows success, and the modal closes', async () => {
    const logins: string[] = []
    h = await startHarness({ routes: { ...ok, [`POST ${AUTH}`]: () => ({ json: authenticated() }) } })
    h.kernel.onLogin((r) => logins.push(r.method))
    await renderScreen(h.kernel, 'email/code', { email: 'ada@example.com' })
    await enterCode('123456')
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy()
    expect(h.calls(AUTH)).toEqual([{ email: 'ada@example.com', code: '123456', mode: 'login-or-sign-up' }])
    expect(logins).toEqual(['email'])
    expect(h.kernel.state.session.status).toBe('authenticated')
    await waitFor(() => expect(h!.kernel.state.modal.open).toBe(false))
  })

  it('behavior: invalid_credentials shows the inline error, clears the boxes and refocuses', async () => {
    h = await startHarness({ routes: failWith(401, 'invalid_credentials', 'Invalid code') })
    await renderScreen(h.kernel, 'email/code', { email: 'ada@example.com' })
    const boxes = await enterCode('111111')
    expect(await screen.findByText('Invalid or expired verification code')).toBeTruthy()
    await waitFor(() => expect(boxes.map((b) => b.value).join('')).toBe(''))
    await waitFor(() => expect(document.activeElement).toBe(boxes[0]))
    expect(h.kernel.state.modal.stack.at(-1)?.screen).toBe('email/code')
  })

  it('behavior: disallowed_plus_email returns to landing with the inline error', async () => {
    h = await startHarness({ routes: failWith(400, 'disallowed_plus_email') })
    await renderScreen(h.kernel, 'email/code', { email: 'a+b@example.com' })
    await enterCode('123456')
    expect(await screen.findByText("Please enter a valid email address without a '+'.")).toBeTruthy()
    expect(h.kernel.state.modal.stack.map((s) => s.screen)).toEqual(['portico/landing'])
    expect((await screen.findByLabelText('Email address')).getAttribute('aria-invalid')).toBe('true')
  })

  it('behavior: allowlist_rejected goes to the allowlist screen through the kernel', async () => {
    h = await startHarness({ routes: failWith(401, 'allowlist_rejected', 'User is not allowed to login to this app.') })
    await renderScreen(h.kernel, 'email/code', { email: 'ada@example.com' })
    await enterCode('123456')
    expect(await screen.findByRole('heading', { name: "You don't have access to this app" })).toBeTruthy()
  })

  it('behavior: max_accounts_reached goes to the user-limit screen', async () => {
    h = await startHarness({ routes: failWith(403, 'max_accounts_reached') })
    await renderScreen(h.kernel, 'email/code', { email: 'ada@example.com' })
    await enterCode('123456')
    expect(await screen.findByRole('heading', { name: 'Unable to sign in' })).toBeTruthy()
  })

  it('behavior: too_many_requests is shown inline with the kernel text', async () => {
    h = await startHarness({ routes: failWith(429, 'too_many_requests') })
    await renderScreen(h.kernel, 'email/code', { email: 'ada@example.com' })
    await enterCode('123456')
    expect(await screen.findByText('Too many requests. Please wait before trying again.')).toBeTruthy()
  })

  it('behavior: any other failure says Issue verifying code', async () => {
    h = await startHarness({ routes: failWith(400, 'invalid_state', 'Bad state') })
    await renderScreen(h.kernel, 'email/code', { email: 'ada@example.com' })
    await enterCode('123456')
    expect(await screen.findByText('Issue verifying code')).toBeTruthy()
  })

  it('behavior: resend waits 30 s, shows the seconds left, then sends a new code', async () => {
    vi.useFakeTimers({ toFake: ['Date', 'setInterval', 'clearInterval'] })
    h = await startHarness({ routes: ok })
    await renderScreen(h.kernel, 'email/code', { email: 'ada@example.com' })
    expect(await screen.findByText('Resend code in 30s')).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Resend code' })).toBeNull()
    await act(async () => {
      vi.advanceTimersByTime(12_000)
    })
    expect(screen.getByText('Resend code in 18s')).toBeTruthy()
    await act(async () => {
      vi.advanceTimersByTime(18_000)
    })
    const resend = screen.getByRole('button', { name: 'Resend code' })
    await act(async () => fireEvent.click(resend))
    await waitFor(() => expect(h!.calls(INIT)).toEqual([{ email: 'ada@example.com' }]))
    expect(await screen.findByText('A new code is on its way.')).toBeTruthy()
    expect(screen.getByText('Resend code in 30s')).toBeTruthy()
  })
})
