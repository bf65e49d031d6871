// @vitest-environment jsdom
/** useLoginAsGuest against the real reference server (PGlite): state, session, modal closed. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { act, cleanup, renderHook } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createPortico } from '../../kernel/kernel'
import { createMemoryStorage } from '../../kernel/storage'
import type { Kernel } from '../../kernel/types'
import { PorticoProvider, withPorticoPlugin } from '../../ui/provider'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { createPgliteDb } from '../../server/storage/pglite'
import { guestServer } from './server'
import { guest, useLoginAsGuest } from '.'

;(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true

let t: TestInstance
const kernels: Kernel[] = []
beforeAll(async () => {
  t = await createTestInstance({
    // jsdom's import.meta.url is not a file URL, so PGlite's worker cannot start: main thread.
    db: await createPgliteDb({ dataDir: 'memory', thread: 'main' }),
    plugins: [guestServer({ createLimit: { limit: 1000, windowMs: 60_000 } })],
    app: { settings: { loginMethods: ['guest_auth'] } },
  })
})
afterAll(() => t.close())
afterEach(() => {
  cleanup()
  while (kernels.length) kernels.pop()!.destroy()
})

async function renderLogin() {
  const kernel = createPortico({
    appId: t.app.id,
    apiUrl: t.baseUrl,
    plugins: withPorticoPlugin([guest()]),
    storage: createMemoryStorage(),
    autoRefresh: false,
  })
  kernels.push(kernel)
  await kernel.init()
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoProvider kernel={kernel}>{children}</PorticoProvider>
  return { kernel, ...renderHook(() => useLoginAsGuest(), { wrapper }) }
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
