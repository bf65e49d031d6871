// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { PorticoProvider } from './provider'
import { useLogin, usePortico } from './hooks'
import { startHarness, type Harness } from '../test/support/ui-harness'

let h: Harness | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

function Buttons() {
  const { login } = usePortico()
  const { login: loginWithCallbacks } = useLogin()
  return (
    <>
      <button onClick={login}>Plain</button>
      <button onClick={() => login({ disableSignup: true })}>Existing only</button>
      <button onClick={() => loginWithCallbacks({ disableSignup: true })}>Existing only (useLogin)</button>
    </>
  )
}

/** Opens the modal with a button, then sends an address and a code; returns the authenticate bodies. */
async function loginThrough(button: string): Promise<unknown[]> {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: button })))
  const input = await screen.findByLabelText('Email address')
  await act(async () => fireEvent.change(input, { target: { value: 'ada@example.com' } }))
  await act(async () => fireEvent.submit(input.closest('form')!))
  await screen.findByRole('heading', { name: 'Enter confirmation code' })
  const boxes = await screen.findAllByRole('textbox')
  await act(async () => {
    boxes[0]!.focus()
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '123456' } })
  })
  return h!.calls('/api/v1/passwordless/authenticate')
}

async function start() {
  h = await startHarness({
    routes: {
      'POST /api/v1/passwordless/init': () => ({ json: { success: true } }),
      'POST /api/v1/passwordless/authenticate': () => ({ status: 404, json: { error: 'User does not exist', code: 'user_does_not_exist' } }),
    },
  })
  render(
    <PorticoProvider kernel={h.kernel}>
      <Buttons />
    </PorticoProvider>,
  )
}

describe('login({ disableSignup })', () => {
  it('behavior: usePortico().login({ disableSignup: true }) sends mode no-signup and shows Account not found', async () => {
    await start()
    await loginThrough('Existing only')
    expect(await screen.findByRole('heading', { name: 'Account not found' })).toBeTruthy()
    expect(h!.calls('/api/v1/passwordless/authenticate')).toEqual([{ email: 'ada@example.com', code: '123456', mode: 'no-signup' }])
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try logging in again' })))
    expect(h!.kernel.state.modal.stack.map((s) => s.screen)).toEqual(['portico/landing'])
  })

  it('behavior: useLogin().login({ disableSignup: true }) sends mode no-signup', async () => {
    await start()
    await loginThrough('Existing only (useLogin)')
    await screen.findByRole('heading', { name: 'Account not found' })
    expect(h!.calls('/api/v1/passwordless/authenticate')).toMatchObject([{ mode: 'no-signup' }])
  })

  it('default: onClick={login} (a click event as argument) still signs up', async () => {
    await start()
    await loginThrough('Plain')
    await screen.findByRole('heading', { name: 'Account not found' })
    expect(h!.calls('/api/v1/passwordless/authenticate')).toMatchObject([{ mode: 'login-or-sign-up' }])
  })
})
