// @vitest-environment jsdom
/**
 * The passkey host hooks in jsdom: a real kernel talks to a real HTTP server on 127.0.0.1 answering
 * like the API (scripted per test). jsdom has no WebAuthn: `navigator.credentials.get` is the
 * browser's, so it is stood in for here with a credential in the browser's own shape.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { renderScreen, startHarness, wireUser, authenticated, TEST_APP_ID, type Harness, type Routes } from '../../test/support/ui-harness'
import { PorticoProvider } from '../../ui/provider'
import { makeToken } from '../../test/support/kernel-fixtures'
import type { AuthenticatedUser } from '../../kernel/wire'
import { passkey, useLinkWithPasskey, useLoginWithPasskey, useRenamePasskey, useSignupWithPasskey, useUnlinkPasskey } from '.'
import { restoreWebAuthn, standInWebAuthn, STAND_IN_CREDENTIAL_ID } from '../../test/support/webauthn-stand-in'

const AUTH_INIT = '/api/v1/passkeys/authenticate/init'
const AUTH = '/api/v1/passkeys/authenticate'
const UNLINK = '/api/v1/passkeys/unlink'
const SESSIONS = '/api/v1/sessions'
const CRED = STAND_IN_CREDENTIAL_ID
const email = { type: 'email', address: 'a@example.com', verified_at: 1, first_verified_at: 1, latest_verified_at: 1 }
const pkAccount = { type: 'passkey', credential_id: CRED, enrolled_in_mfa: false, authenticator_name: null, public_key: 'pk', created_with_browser: null, created_with_os: null, created_with_device: null, verified_at: 1, first_verified_at: 1, latest_verified_at: 1 }

let h: Harness | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
  restoreWebAuthn()
})

async function start(routes: Routes = {}) {
  h = await startHarness({
    plugins: [passkey()],
    app: { passkey_auth: true } as never,
    routes: { [`POST ${AUTH_INIT}`]: () => ({ json: { options: { challenge: 'Y2hhbGxlbmdl' } } }), ...routes },
  })
  return h
}

async function signIn(user: ReturnType<typeof wireUser>, after = user) {
  const token = await makeToken({ aud: TEST_APP_ID, sub: user.id })
  const session = (u: unknown) => ({ user: u, token, privy_access_token: null, refresh_token: 'r1', identity_token: null, session_update_action: 'set' })
  h!.routes[`POST ${SESSIONS}`] = () => ({ json: session(after) })
  await act(async () => {
    await h!.kernel.contextFor('passkey').authenticate(async () => session(user) as unknown as AuthenticatedUser, { method: 'passkey' })
  })
  h!.kernel.closeModal({ force: true })
}

let hooks: {
  login: ReturnType<typeof useLoginWithPasskey>
  signup: ReturnType<typeof useSignupWithPasskey>
  link: ReturnType<typeof useLinkWithPasskey>
  unlink: ReturnType<typeof useUnlinkPasskey>
  rename: ReturnType<typeof useRenamePasskey>
}
function Host() {
  hooks = { login: useLoginWithPasskey(), signup: useSignupWithPasskey(), link: useLinkWithPasskey(), unlink: useUnlinkPasskey(), rename: useRenamePasskey() }
  return null
}
const mount = () =>
  render(
    <PorticoProvider kernel={h!.kernel}>
      <Host />
    </PorticoProvider>,
  )

describe('useLoginWithPasskey', () => {
  it("behavior: runs the browser's passkey dialogue with the server's challenge and signs in, modal closed", async () => {
    await start({ [`POST ${AUTH}`]: () => ({ json: authenticated(wireUser({ linked_accounts: [pkAccount] })) }) })
    const gets = standInWebAuthn()
    mount()
    const user = await act(async () => hooks.login.loginWithPasskey())
    expect(gets).toHaveLength(1)
    const [sent] = h!.calls(AUTH) as Array<Record<string, unknown>>
    expect(sent).toMatchObject({ challenge: 'Y2hhbGxlbmdl', mode: 'login-or-sign-up', authenticator_response: { id: CRED, type: 'public-key' } })
    expect(user.linked_accounts.map((a) => a.type)).toEqual(['passkey'])
    expect(h!.kernel.state.session.status).toBe('authenticated')
    expect(hooks.login.state.status).toBe('done')
    expect(h!.kernel.state.modal.open).toBe(false)
  })

  it('failure: a dismissed dialogue rejects with PASSKEY_NOT_ALLOWED and sends nothing', async () => {
    await start()
    standInWebAuthn(new DOMException('The operation either timed out or was not allowed.', 'NotAllowedError'))
    mount()
    let code: unknown
    await act(async () => {
      await hooks.login.loginWithPasskey().catch((e: { code?: string }) => (code = e.code))
    })
    expect(code).toBe('PASSKEY_NOT_ALLOWED')
    expect(hooks.login.state).toMatchObject({ status: 'error', error: { code: 'PASSKEY_NOT_ALLOWED' } })
    expect(h!.calls(AUTH)).toEqual([])
    expect(h!.kernel.state.session.status).toBe('unauthenticated')
    expect(h!.kernel.state.modal.open).toBe(false)
  })

  it('failure: without WebAuthn signing up rejects with PASSKEY_NOT_SUPPORTED before any request', async () => {
    await start()
    mount()
    await expect(act(async () => hooks.signup.signupWithPasskey())).rejects.toMatchObject({ code: 'PASSKEY_NOT_SUPPORTED' })
    expect(h!.server.requests.filter((r) => r.path.startsWith('/api/v1/passkeys'))).toEqual([])
  })
})

describe('useLinkWithPasskey and useUnlinkPasskey', () => {
  it('behavior: linkWithPasskey opens the passkey screen to link; signed out it throws must_be_authenticated', async () => {
    await start()
    mount()
    expect(() => hooks.link.linkWithPasskey()).toThrow(expect.objectContaining({ code: 'must_be_authenticated' }))
    await signIn(wireUser({ linked_accounts: [email] }))
    act(() => hooks.link.linkWithPasskey())
    expect(h!.kernel.state.modal.stack.at(-1)?.screen).toBe('passkey/login')
    expect(h!.kernel.contextFor('passkey').intent()).toBe('link')
  })

  it('behavior: unlinkPasskey posts the credential_id, refreshes the session and resolves with the user without it', async () => {
    await start({ [`POST ${UNLINK}`]: () => ({ json: wireUser({ linked_accounts: [email] }) }) })
    mount()
    await signIn(wireUser({ linked_accounts: [email, pkAccount] }), wireUser({ linked_accounts: [email] }))
    const user = await act(async () => hooks.unlink.unlinkPasskey(CRED))
    expect(h!.calls(UNLINK)).toEqual([{ credential_id: CRED }])
    expect(user.linked_accounts.map((a) => a.type)).toEqual(['email'])
    expect(h!.kernel.state.session.user?.linked_accounts.map((a) => a.type)).toEqual(['email'])
  })

  it('failure: cannot_unlink_sole_account rejects and the passkey stays', async () => {
    await start({ [`POST ${UNLINK}`]: () => ({ status: 400, json: { error: 'Cannot unlink the only account of a user.', code: 'cannot_unlink_sole_account' } }) })
    mount()
    await signIn(wireUser({ linked_accounts: [pkAccount] }))
    await expect(act(async () => hooks.unlink.unlinkPasskey(CRED))).rejects.toMatchObject({ code: 'cannot_unlink_sole_account' })
    expect(h!.kernel.state.session.user?.linked_accounts.map((a) => a.type)).toEqual(['passkey'])
  })
})

describe('useRenamePasskey', () => {
  const LABEL = '/api/v1/passkeys/label'
  it('behavior: renamePasskey posts the credential_id and label, refreshes the session and resolves with the named passkey; signed out it refuses', async () => {
    const named = { ...pkAccount, label: 'Work laptop' }
    await start({ [`POST ${LABEL}`]: () => ({ json: wireUser({ linked_accounts: [email, named] }) }) })
    mount()
    await expect(act(async () => hooks.rename.renamePasskey(CRED, 'Work laptop'))).rejects.toMatchObject({ code: 'must_be_authenticated' })
    expect(h!.calls(LABEL)).toEqual([])
    await signIn(wireUser({ linked_accounts: [email, pkAccount] }), wireUser({ linked_accounts: [email, named] }))
    const user = await act(async () => hooks.rename.renamePasskey(CRED, 'Work laptop'))
    expect(h!.calls(LABEL)).toEqual([{ credential_id: CRED, label: 'Work laptop' }])
    expect(user.linked_accounts.find((a) => a.type === 'passkey')).toMatchObject({ label: 'Work laptop' })
    expect(h!.kernel.state.session.user?.linked_accounts.find((a) => a.type === 'passkey')).toMatchObject({ label: 'Work laptop' })
  })
})

describe('passkey management screen', () => {
  const LABEL = '/api/v1/passkeys/label'
  const second = { ...pkAccount, credential_id: 'Y3JlZGVudGlhbC0y', authenticator_name: '1Password', first_verified_at: 1_700_000_000 }

  it('behavior: rows are told apart by provider, browser and date; renaming stores the label and Passkeys updated is said once', async () => {
    const chrome = { ...pkAccount, created_with_browser: 'Chrome', created_with_os: 'macOS' }
    const renamed = { ...second, label: 'Work laptop' }
    await start({ [`POST ${LABEL}`]: () => ({ json: wireUser({ linked_accounts: [email, chrome, renamed] }) }) })
    await signIn(wireUser({ linked_accounts: [email, chrome, second] }), wireUser({ linked_accounts: [email, chrome, renamed] }))
    await renderScreen(h!.kernel, 'passkey/manage')
    const rows = await screen.findAllByRole('listitem')
    expect(rows.map((r) => r.querySelector('span')?.textContent)).toEqual(['Chrome on macOS', '1Password'])
    expect(rows[1]!.textContent).toContain(`Created ${new Date(1_700_000_000_000).toLocaleDateString(undefined, { year: 'numeric', month: 'short', day: 'numeric' })}`)

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Rename 1Password' })))
    const input = screen.getByLabelText('Passkey name') as HTMLInputElement
    expect(document.activeElement).toBe(input)
    await act(async () => fireEvent.change(input, { target: { value: '  Work laptop ' } }))
    await act(async () => fireEvent.submit(input.closest('form')!))
    await waitFor(() => expect(h!.calls(LABEL)).toEqual([{ credential_id: second.credential_id, label: 'Work laptop' }]))
    expect(await screen.findByRole('heading', { name: 'Passkeys updated' })).toBeTruthy()
    // The label names the row; its provider and date stay beside it.
    const after = screen.getAllByRole('listitem')[1]!
    expect(after.querySelector('span')?.textContent).toBe('Work laptop')
    expect(after.textContent).toContain('1Password · Created')
    // Shown once (the title); the status line only announces it.
    expect(screen.getAllByText('Passkeys updated').filter((e) => !e.closest('.portico-sr-only'))).toHaveLength(1)
  })

  it('behavior: Cancel leaves the name as it was and sends nothing', async () => {
    await start()
    await signIn(wireUser({ linked_accounts: [email, second] }))
    await renderScreen(h!.kernel, 'passkey/manage')
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Rename 1Password' })))
    await act(async () => fireEvent.change(screen.getByLabelText('Passkey name'), { target: { value: 'Other' } }))
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Cancel' })))
    expect(screen.queryByLabelText('Passkey name')).toBeNull()
    expect(screen.getAllByRole('listitem')[0]!.querySelector('span')?.textContent).toBe('1Password')
    expect(h!.calls('/api/v1/passkeys/label')).toEqual([])
  })
})

