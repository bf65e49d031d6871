// @vitest-environment jsdom
/** useLoginAsGuest against the real reference server (PGlite): state, session, modal closed. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { act } from '@testing-library/react'
import { createPortico } from '../../kernel/kernel'
import { createMemoryStorage } from '../../kernel/storage'
import { withPorticoPlugin } from '../../ui/provider'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { guestServer } from './server'
import { guest, useLoginAsGuest } from '.'
import { destroyKernelsAfterEach, mainThreadDb, renderWithKernel } from '../../test/support/jsdom-server'


let t: TestInstance
const track = destroyKernelsAfterEach()
beforeAll(async () => {
  t = await createTestInstance({
    db: await mainThreadDb(),
    plugins: [guestServer({ createLimit: { limit: 1000, windowMs: 60_000 } })],
    app: { settings: { loginMethods: ['guest_auth'] } },
  })
})
afterAll(() => t.close())

async function renderLogin() {
  const kernel = track(
    createPortico({
      appId: t.app.id,
      apiUrl: t.baseUrl,
      plugins: withPorticoPlugin([guest()]),
      storage: createMemoryStorage(),
      autoRefresh: false,
    }),
  )
  await kernel.init()
  return { kernel, ...renderWithKernel(kernel, () => useLoginAsGuest()) }
}

describe('useLoginAsGuest', () => {
  it('behavior: signs a guest in, state done, modal closed', async () => {
    const { kernel, result } = await renderLogin()
    expect(result.current.state).toEqual({ status: 'initial' })
    let user: Awaited<ReturnType<typeof result.current.loginAsGuest>> | null = null
    await act(async () => {
      user = await result.current.loginAsGuest()
    })
    expect(user!.is_guest).toBe(true)
    expect(result.current.state).toEqual({ status: 'done' })
    expect(kernel.state.session.user?.id).toBe(user!.id)
    expect(kernel.state.modal.open).toBe(false)
  })

  it('behavior: a second login while signed in is an error with the guest text, the session stays', async () => {
    const { kernel, result } = await renderLogin()
    await act(() => result.current.loginAsGuest())
    const id = kernel.state.session.user!.id
    await act(() => expect(result.current.loginAsGuest()).rejects.toMatchObject({ code: 'GUEST_LINK_UNSUPPORTED' }))
    expect(result.current.state.status).toBe('error')
    expect(result.current.state.error?.message).toBe('Linking is not supported for the guest flow')
    expect(kernel.state.session.user!.id).toBe(id)
  })
})
