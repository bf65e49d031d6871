// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createMemoryStorage } from '../kernel/storage'
import { startTestServer, type TestServer } from '../test/support/http-server'
import { email } from '../plugins/email'
import { PorticoProvider } from './provider'
import { useLogin, useLogout, usePortico } from './hooks'
import { appResponse, authenticated, TEST_APP_ID } from '../test/support/ui-harness'

let server: TestServer | null = null
afterEach(async () => {
  cleanup()
  await server?.close()
  server = null
})

async function api(authStatus = 200, authBody: unknown = authenticated()) {
  server = await startTestServer((req) => {
    if (req.method === 'GET' && req.path === `/api/v1/apps/${TEST_APP_ID}`) return { json: appResponse() }
    if (req.path === '/api/v1/passwordless/init') return { json: { success: true } }
    if (req.path === '/api/v1/passwordless/authenticate') return { status: authStatus, json: authBody }
    return { json: {} }
  })
  return server
}

function App({ log }: { log: string[] }) {
  const { ready, authenticated, user, logout: plainLogout } = usePortico()
  const { login } = useLogin({ onComplete: (r) => log.push(`complete:${r.method}`), onError: (code) => log.push(`error:${code}`) })
  const { logout } = useLogout({ onSuccess: () => log.push('logged-out') })
  void plainLogout
  if (!ready) return <p>loading app</p>
  return authenticated ? (
    <button onClick={() => void logout()}>Log out {user?.id}</button>
  ) : (
    <button onClick={login}>Log in</button>
  )
}

async function loginWithCode() {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Log in' })))
  const input = await screen.findByLabelText('Email address')
  await act(async () => {
    fireEvent.change(input, { target: { value: 'ada@example.com' } })
  })
  await act(async () => {
    fireEvent.submit(input.closest('form')!)
  })
  await screen.findByRole('heading', { name: 'Enter confirmation code' })
  const boxes = await screen.findAllByRole('textbox')
  await act(async () => {
    boxes[0]!.focus()
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '123456' } })
  })
}

describe('PorticoProvider and hooks', () => {
  it('default: becomes ready, logs in through the modal, reports onComplete, logs out', async () => {
    const s = await api()
    const log: string[] = []
    render(
      <PorticoProvider appId={TEST_APP_ID} apiUrl={s.url} plugins={[email()]} storage={createMemoryStorage()}>
        <App log={log} />
      </PorticoProvider>,
    )
    expect(screen.getByText('loading app')).toBeTruthy()
    await screen.findByRole('button', { name: 'Log in' })
    await loginWithCode()
    const out = await screen.findByRole('button', { name: /Log out did:privy:/ })
    expect(log).toEqual(['complete:email'])
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull())
    await act(async () => fireEvent.click(out))
    await screen.findByRole('button', { name: 'Log in' })
    expect(log).toEqual(['complete:email', 'logged-out'])
  })

  it('behavior: a failed login reports onError with the code', async () => {
    const s = await api(401, { error: 'no', code: 'invalid_credentials' })
    const log: string[] = []
    render(
      <PorticoProvider appId={TEST_APP_ID} apiUrl={s.url} plugins={[email()]} storage={createMemoryStorage()}>
        <App log={log} />
      </PorticoProvider>,
    )
    await screen.findByRole('button', { name: 'Log in' })
    await loginWithCode()
    await waitFor(() => expect(log).toEqual(['error:invalid_credentials']))
  })

  it('parameters: shadow mounts the modal inside a shadow root', async () => {
    const s = await api()
    render(
      <PorticoProvider appId={TEST_APP_ID} apiUrl={s.url} plugins={[email()]} storage={createMemoryStorage()} shadow={{ stylesheetText: '.x{}' }}>
        <App log={[]} />
      </PorticoProvider>,
    )
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Log in' })))
    const host = document.querySelector('[data-portico-host]')!
    await waitFor(() => expect(host.shadowRoot?.querySelector('[role=dialog] h2')?.textContent).toBe('Log in or sign up'))
    expect(host.shadowRoot?.querySelector('style')?.textContent).toBe('.x{}')
    expect(document.querySelector('.portico-root')).toBeNull()
  })
})
