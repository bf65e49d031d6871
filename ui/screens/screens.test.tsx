// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor, within } from '@testing-library/react'
import { definePlugin } from '../../kernel/plugin'
import { PorticoProvider } from '../provider'
import { axeViolations, renderScreen, startHarness, wireUser, TEST_APP_ID, type Harness } from '../../test/support/ui-harness'
import { makeToken } from '../../test/support/kernel-fixtures'
import { email } from '../../plugins/email'
import { sms } from '../../plugins/sms'

let h: Harness | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

describe('landing', () => {
  it('default: shows the app header and the inline email field', async () => {
    h = await startHarness({ config: { appearance: { landingHeader: 'Welcome to Acme', loginMessage: 'Sign in to continue' } } })
    await renderScreen(h.kernel)
    expect(await screen.findByRole('heading', { name: 'Welcome to Acme' })).toBeTruthy()
    expect(screen.getByText('Sign in to continue')).toBeTruthy()
    expect(await screen.findByLabelText('Email address')).toBeTruthy()
    expect(screen.getByRole('dialog').getAttribute('aria-labelledby')).toBe(screen.getByRole('heading', { name: 'Welcome to Acme' }).id)
  })

  it('behavior: hideDirectWeb2Inputs shows a button instead of the field', async () => {
    h = await startHarness({ config: { appearance: { hideDirectWeb2Inputs: true } } })
    await renderScreen(h.kernel)
    const button = await screen.findByRole('button', { name: 'Continue with email' })
    expect(screen.queryByLabelText('Email address')).toBeNull()
    await act(async () => fireEvent.click(button))
    expect(await screen.findByRole('heading', { name: 'Log in with email' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy()
  })

  it('parameters: loginMethodsAndOrder.primary decides whether the inline email field comes before or after the other rows', async () => {
    const follows = (a: Element, b: Element) => (a.compareDocumentPosition(b) & Node.DOCUMENT_POSITION_FOLLOWING) !== 0
    h = await startHarness({ plugins: [email(), sms({ inline: false })], app: { sms_auth: true }, config: { loginMethodsAndOrder: { primary: ['sms', 'email'] } } })
    await renderScreen(h.kernel)
    let field = await screen.findByLabelText('Email address')
    let button = screen.getByRole('button', { name: 'Continue with SMS' })
    expect(follows(button, field)).toBe(true)
    expect(follows(button, screen.getByText('or'))).toBe(true)
    cleanup()
    await h.close()
    h = await startHarness({ plugins: [email(), sms({ inline: false })], app: { sms_auth: true }, config: { loginMethodsAndOrder: { primary: ['email', 'sms'] } } })
    await renderScreen(h.kernel)
    field = await screen.findByLabelText('Email address')
    button = screen.getByRole('button', { name: 'Continue with SMS' })
    expect(follows(field, button)).toBe(true)
  })

  it('behavior: no enabled method says so', async () => {
    h = await startHarness({ app: { email_auth: false } })
    await renderScreen(h.kernel)
    expect(await screen.findByText('No login methods are enabled for this app.')).toBeTruthy()
  })
})

describe('error screen', () => {
  it('default: generic title and detail, Try again returns to landing', async () => {
    h = await startHarness()
    await renderScreen(h.kernel, 'portico/error', { code: 'unknown' })
    expect(await screen.findByRole('heading', { name: 'Something went wrong' })).toBeTruthy()
    expect(screen.getByText('Try again later')).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try again' })))
    expect(h.kernel.state.modal.stack.map((s) => s.screen)).toEqual(['portico/landing'])
  })

  it('parameters: a server message (400/422) replaces the detail', async () => {
    h = await startHarness()
    await renderScreen(h.kernel, 'portico/error', { code: 'invalid_data', message: 'Email is not allowed here.' })
    expect(await screen.findByText('Email is not allowed here.')).toBeTruthy()
  })

  it('parameters: too_many_requests shows Too many attempts.', async () => {
    h = await startHarness()
    await renderScreen(h.kernel, 'portico/error', { code: 'too_many_requests', message: 'Too many requests. Please wait before trying again.' })
    expect(await screen.findByRole('heading', { name: 'Too many attempts.' })).toBeTruthy()
    expect(screen.getByText('Try again later')).toBeTruthy()
  })
})

describe('terms', () => {
  it('default: links only when configured, no close button, Escape does not close', async () => {
    h = await startHarness({ app: { terms_and_conditions_url: 'https://acme.test/terms' } })
    await renderScreen(h.kernel, 'portico/terms')
    expect(await screen.findByRole('heading', { name: 'One last step' })).toBeTruthy()
    expect(screen.getByText('By signing up, you agree to our terms and privacy policy.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'View Terms' }).getAttribute('href')).toBe('https://acme.test/terms')
    expect(screen.queryByRole('link', { name: 'View Privacy Policy' })).toBeNull()
    expect(screen.queryByRole('button', { name: 'Close' })).toBeNull()
    fireEvent.keyDown(screen.getByRole('alertdialog'), { key: 'Escape' })
    expect(h.kernel.state.modal.open).toBe(true)
  })

  it('behavior: a login on an app requiring terms is not signed in until Accept; then it completes with the accepted user', async () => {
    const completed: boolean[] = []
    const session = async (user: ReturnType<typeof wireUser>) => ({
      json: { user, token: await makeToken({ aud: TEST_APP_ID }), privy_access_token: null, refresh_token: 'refresh-1', session_update_action: 'set', is_new_user: true },
    })
    h = await startHarness({
      app: { require_users_accept_terms: true, privacy_policy_url: 'https://acme.test/privacy' },
      routes: {
        'POST /api/v1/passwordless/authenticate': () => session(wireUser()),
        'POST /api/v1/users/me/accept_terms': () => ({ json: wireUser({ has_accepted_terms: true }) }),
        // After Accept the session is refreshed (a token without the server's terms claim).
        'POST /api/v1/sessions': () => session(wireUser({ has_accepted_terms: true })),
      },
    })
    h.kernel.onLogin((r) => completed.push(r.user.has_accepted_terms))
    await renderScreen(h.kernel, 'email/code', { email: 'ada@example.com' })
    const boxes = await screen.findAllByRole('textbox')
    await act(async () => {
      fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '123456' } })
    })
    expect(await screen.findByRole('heading', { name: 'One last step' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'View Privacy Policy' })).toBeTruthy()
    expect(h.kernel.state.session.status).toBe('pending')
    expect(completed).toEqual([])
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Accept' })))
    await waitFor(() => expect(completed).toEqual([true]))
    expect(h.kernel.state.session.status).toBe('authenticated')
    expect(h.calls('/api/v1/users/me/accept_terms')).toHaveLength(1)
    expect(h.calls('/api/v1/sessions')).toHaveLength(1)
    expect(h.kernel.state.modal.open).toBe(false)
  })

  it('behavior: No thanks aborts the login and signs out', async () => {
    h = await startHarness({
      app: { require_users_accept_terms: true },
      routes: {
        'POST /api/v1/passwordless/authenticate': () => ({
          json: { user: wireUser(), token: null, privy_access_token: null, refresh_token: null, session_update_action: 'set' },
        }),
        'POST /api/v1/sessions/logout': () => ({ json: {} }),
      },
    })
    await renderScreen(h.kernel, 'email/code', { email: 'ada@example.com' })
    const boxes = await screen.findAllByRole('textbox')
    await act(async () => {
      fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '123456' } })
    })
    const decline = await screen.findByRole('button', { name: 'No thanks' })
    await act(async () => fireEvent.click(decline))
    await waitFor(() => expect(h!.kernel.state.session.status).toBe('unauthenticated'))
    expect(h.calls('/api/v1/users/me/accept_terms')).toHaveLength(0)
  })
})

describe('allowlist, user limit, account not found', () => {
  it('default: allowlist texts and the button returns to landing', async () => {
    h = await startHarness()
    await renderScreen(h.kernel, 'portico/allowlist')
    expect(await screen.findByRole('heading', { name: "You don't have access to this app" })).toBeTruthy()
    expect(screen.getByText('Have you been invited?')).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try another account' })))
    expect(h.kernel.state.modal.stack.map((s) => s.screen)).toEqual(['portico/landing'])
  })

  it('behavior: the outcome screens have no Back, even over the screen that led to them', async () => {
    h = await startHarness()
    await renderScreen(h.kernel, 'portico/landing')
    await act(async () => h!.kernel.navigate('email/code', { email: 'ada@example.com' }))
    expect(await screen.findByRole('button', { name: 'Back' })).toBeTruthy()
    for (const [id, heading] of [
      ['portico/allowlist', "You don't have access to this app"],
      ['portico/user-limit', 'Unable to sign in'],
      ['portico/account-not-found', 'Account not found'],
      ['portico/error', 'Something went wrong'],
    ] as const) {
      await act(async () => h!.kernel.navigate(id))
      expect(await screen.findByRole('heading', { name: heading })).toBeTruthy()
      expect(screen.queryByRole('button', { name: 'Back' })).toBeNull()
      h.kernel.back()
      expect(h.kernel.state.modal.stack.at(-1)?.screen).toBe(id)
      await act(async () => h!.kernel.navigate('email/code', { email: 'ada@example.com' }, { reset: true }))
    }
  })

  it('behavior: the success state of a login has no Back', async () => {
    h = await startHarness({
      routes: {
        'POST /api/v1/passwordless/authenticate': () => ({
          json: { user: wireUser(), token: null, privy_access_token: null, refresh_token: null, session_update_action: 'set' },
        }),
      },
    })
    await renderScreen(h.kernel, 'portico/landing')
    await act(async () => h!.kernel.navigate('email/code', { email: 'ada@example.com' }))
    const boxes = await screen.findAllByRole('textbox')
    expect(screen.getByRole('button', { name: 'Back' })).toBeTruthy()
    await act(async () => {
      fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '123456' } })
    })
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Back' })).toBeNull()
  })

  it('parameters: allowlist_config overrides all texts and gives a link', async () => {
    h = await startHarness({
      app: { allowlist_config: { error_title: 'Invite only', error_detail: 'Join the waitlist.', cta_text: 'Join', cta_link: 'https://acme.test/wait' } },
    })
    await renderScreen(h.kernel, 'portico/allowlist')
    expect(await screen.findByRole('heading', { name: 'Invite only' })).toBeTruthy()
    expect(screen.getByText('Join the waitlist.')).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Join' }).getAttribute('href')).toBe('https://acme.test/wait')
  })

  it('default: user limit says Unable to sign in, Go back returns to landing', async () => {
    h = await startHarness()
    await renderScreen(h.kernel, 'portico/user-limit')
    expect(await screen.findByRole('heading', { name: 'Unable to sign in' })).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Go back' })))
    expect(h.kernel.state.modal.stack.map((s) => s.screen)).toEqual(['portico/landing'])
  })

  it('default: account not found offers Try logging in again', async () => {
    h = await startHarness()
    await renderScreen(h.kernel, 'portico/account-not-found')
    const retry = await screen.findByRole('button', { name: 'Try logging in again' })
    await act(async () => fireEvent.click(retry))
    expect(h.kernel.state.modal.stack.map((s) => s.screen)).toEqual(['portico/landing'])
  })
})

describe('accessibility', () => {
  const screens: Array<[string, Record<string, unknown>]> = [
    ['portico/landing', {}],
    ['portico/error', { code: 'x' }],
    ['portico/terms', {}],
    ['portico/allowlist', {}],
    ['portico/user-limit', {}],
    ['portico/account-not-found', {}],
    ['email/entry', {}],
    ['email/code', { email: 'ada@example.com' }],
  ]
  for (const theme of ['light', 'dark'] as const) {
    for (const [id, params] of screens) {
      it(`behavior: ${id} has no axe violations (${theme})`, async () => {
        h = await startHarness({ app: { terms_and_conditions_url: 'https://acme.test/t', privacy_policy_url: 'https://acme.test/p' } })
        await renderScreen(h.kernel, id, params, theme)
        await screen.findByRole('heading', { level: 2 })
        await waitFor(() => expect(document.querySelector('.portico-root')?.getAttribute('data-theme')).toBe(theme))
        expect(await axeViolations()).toEqual([])
      })
    }
  }
})

describe('a screen still loading', () => {
  it("behavior: says 'Loading' once: the dialog's heading names it, the spinner only draws it", async () => {
    const slow = definePlugin({ id: 'slow', kind: 'feature', screens: { wait: { load: () => new Promise<never>(() => {}) } } })
    h = await startHarness({ plugins: [email(), slow] })
    render(<PorticoProvider kernel={h.kernel} />)
    await act(async () => h!.kernel.openModal('slow/wait'))
    const dialog = await screen.findByRole('dialog')
    expect(screen.getByRole('heading', { name: 'Loading' })).toBeTruthy()
    expect(dialog.getAttribute('aria-labelledby')).toBe(screen.getByRole('heading', { name: 'Loading' }).id)
    expect(within(dialog).getAllByText('Loading')).toHaveLength(1)
    expect(within(dialog).queryByRole('status')).toBeNull()
  })
})

