// @vitest-environment jsdom
/** useSessions against the real reference server (PGlite): list, revoke one, revoke the others, revoke this device. */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { act, waitFor } from '@testing-library/react'
import { createPortico } from '../kernel/kernel'
import { createMemoryStorage } from '../kernel/storage'
import type { StorageAdapter } from '../kernel/types'
import type { Kernel } from '../kernel/types'
import { withPorticoPlugin } from './provider'
import { useSessions } from './hooks'
import { createTestInstance, type TestInstance } from '../test/support/server'
import { guestServer } from '../plugins/guest/server'
import { guest, guestStorageKey, useLoginAsGuest } from '../plugins/guest'
import { destroyKernelsAfterEach, mainThreadDb, renderWithKernel } from '../test/support/jsdom-server'


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

async function newKernel(storage: StorageAdapter = createMemoryStorage()) {
  const kernel = track(
    createPortico({
      appId: t.app.id,
      apiUrl: t.baseUrl,
      plugins: withPorticoPlugin([guest()]),
      storage,
      autoRefresh: false,
    }),
  )
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
  return renderWithKernel(kernel, () => ({ ...useSessions(), guest: useLoginAsGuest() }))
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
