// @vitest-environment jsdom
/** useSessions against the real reference server (PGlite): list, revoke one, revoke the others, revoke this device. */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { act, cleanup, renderHook, waitFor } from '@testing-library/react'
import type { ReactNode } from 'react'
import { createPortico } from '../kernel/kernel'
import { createMemoryStorage } from '../kernel/storage'
import type { StorageAdapter } from '../kernel/types'
import type { Kernel } from '../kernel/types'
import { PorticoProvider, withPorticoPlugin } from './provider'
import { useSessions } from './hooks'
import { createTestInstance, type TestInstance } from '../test/support/server'
import { createPgliteDb } from '../server/storage/pglite'
import { guestServer } from '../plugins/guest/server'
import { guest, guestStorageKey, useLoginAsGuest } from '../plugins/guest'

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

async function newKernel(storage: StorageAdapter = createMemoryStorage()) {
  const kernel = createPortico({
    appId: t.app.id,
    apiUrl: t.baseUrl,
    plugins: withPorticoPlugin([guest()]),
    storage,
    autoRefresh: false,
  })
  kernels.push(kernel)
  await kernel.init()
  return kernel
}

/** Signs the same guest in on another "device" (a direct API call with the guest's credential). */
async function otherDevice(storage: StorageAdapter) {
  const credential = storage.get(guestStorageKey(t.app.id))
  const res = await t.request('/api/v1/guest/authenticate', { body: { guest_credential: credential } })
  expect(res.status).toBe(200)
  return res.body.token as string
}

function render(kernel: Kernel) {
  const wrapper = ({ children }: { children: ReactNode }) => <PorticoProvider kernel={kernel}>{children}</PorticoProvider>
  return renderHook(() => ({ ...useSessions(), guest: useLoginAsGuest() }), { wrapper })
}

/** A kernel signed in as a new guest, with the hook rendered. */
async function signedIn() {
  const storage = createMemoryStorage()
  const kernel = await newKernel(storage)
  const hook = render(kernel)
  await act(() => hook.result.current.guest.loginAsGuest())
  return { kernel, storage, result: hook.result }
}

describe('useSessions', () => {
  it('behavior: lists the sessions with this device flagged, and revokes another device', async () => {
    const { kernel, storage, result } = await signedIn()
    const other = await otherDevice(storage)
    await act(() => result.current.reload())
    await waitFor(() => expect(result.current.sessions).toHaveLength(2))
    const [newest, mine] = result.current.sessions!
    expect(mine!.current).toBe(true)
    expect(newest!.current).toBe(false)
    await act(() => result.current.revoke(newest!.id))
    expect(result.current.sessions!.map((s) => s.id)).toEqual([mine!.id])
    expect((await t.request('/api/v1/users/me', { token: other })).status).toBe(401)
    expect(kernel.state.session.status).toBe('authenticated')
  })

  it('behavior: revokeOthers leaves only this device', async () => {
    const { storage, result } = await signedIn()
    const others = [await otherDevice(storage), await otherDevice(storage)]
    await act(() => result.current.reload())
    await waitFor(() => expect(result.current.sessions).toHaveLength(3))
    await act(() => result.current.revokeOthers())
    expect(result.current.sessions).toHaveLength(1)
    expect(result.current.sessions![0]!.current).toBe(true)
    for (const token of others) expect((await t.request('/api/v1/users/me', { token })).status).toBe(401)
  })

  it("behavior: revoking this device's own session logs out here, and the list empties", async () => {
    const { kernel, result } = await signedIn()
    await waitFor(() => expect(result.current.sessions).toHaveLength(1))
    await act(() => result.current.revoke(result.current.sessions![0]!.id))
    expect(kernel.state.session.status).toBe('unauthenticated')
    expect(result.current.sessions).toBeNull()
  })

  it('behavior: signed out, there is no list and nothing is requested', async () => {
    const kernel = await newKernel()
    const { result } = render(kernel)
    expect(result.current.sessions).toBeNull()
    await expect(kernel.listSessions()).rejects.toMatchObject({ code: 'must_be_authenticated' })
  })
})
