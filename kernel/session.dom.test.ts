// @vitest-environment jsdom
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { createPortico } from './kernel'
import { createLocalStorage, defaultStorage, STORAGE_VERSION_KEY } from './storage'
import { SESSION_KEYS } from './session'
import { definePlugin } from './plugin'
import { startTestServer, type TestServer } from '../test/support/http-server'
import { makeAuthResponse, makeUser, TEST_APP_ID } from '../test/support/kernel-fixtures'
import type { Kernel } from './types'

const email = definePlugin({ id: 'email', kind: 'login' })
let server: TestServer
let kernel: Kernel | undefined

beforeEach(async () => {
  localStorage.clear()
  document.cookie = 'privy-session=; Max-Age=0; Path=/'
  server = await startTestServer((r) =>
    r.path === '/api/v1/users/me' ? { json: { user: makeUser(), identity_token: null } } : { json: {} },
  )
})
afterEach(async () => {
  kernel?.destroy()
  kernel = undefined
  await server.close()
})

function make() {
  kernel = createPortico({ appId: TEST_APP_ID, apiUrl: server.url, plugins: [email], autoRefresh: false, sleep: async () => {} })
  return kernel
}

describe('in a browser', () => {
  it('default storage is localStorage, stamped with the storage version', async () => {
    const k = make()
    await k.contextFor('email').authenticate(() => makeAuthResponse(), { method: 'email' })
    expect(localStorage.getItem(SESSION_KEYS.refresh)).toBe('refresh-1')
    expect(localStorage.getItem(STORAGE_VERSION_KEY)).toBe('1')
    defaultStorage().set('x', 'y')
    expect(localStorage.getItem('x')).toBe('y')
  })

  it('sets the refresh-presence cookie while a refresh token exists and removes it on logout', async () => {
    const k = make()
    expect(document.cookie).not.toContain('privy-session')
    await k.contextFor('email').authenticate(() => makeAuthResponse(), { method: 'email' })
    expect(document.cookie).toContain('privy-session=t')
    await k.logout()
    expect(document.cookie).not.toContain('privy-session')
  })

  it('no cookie is set for a session without a refresh token', async () => {
    const k = make()
    await k.contextFor('email').authenticate(() => makeAuthResponse({ refresh_token: null }), { method: 'email' })
    expect(document.cookie).not.toContain('privy-session')
  })

  it('storage events from another tab log this tab in and out', async () => {
    const k = make()
    await k.init()
    expect(k.state.session.status).toBe('unauthenticated')
    // Another tab signs in: it writes the keys and this window receives storage events.
    const auth = await makeAuthResponse()
    localStorage.setItem(SESSION_KEYS.token, auth.token!)
    localStorage.setItem(SESSION_KEYS.refresh, 'refresh-1')
    window.dispatchEvent(new StorageEvent('storage', { key: SESSION_KEYS.token, storageArea: localStorage }))
    await vi.waitFor(() => expect(k.state.session.status).toBe('authenticated'), { timeout: 15_000 })
    // It signs out.
    localStorage.removeItem(SESSION_KEYS.token)
    localStorage.removeItem(SESSION_KEYS.refresh)
    window.dispatchEvent(new StorageEvent('storage', { key: null, storageArea: localStorage }))
    await vi.waitFor(() => expect(k.state.session.status).toBe('unauthenticated'), { timeout: 15_000 })
  })

  it('the localStorage adapter ignores events of other storage areas and unsubscribes', () => {
    const adapter = createLocalStorage(localStorage)
    const seen: (string | null)[] = []
    const off = adapter.subscribe!((key) => seen.push(key))
    window.dispatchEvent(new StorageEvent('storage', { key: 'a', storageArea: localStorage }))
    window.dispatchEvent(new StorageEvent('storage', { key: 'b', storageArea: sessionStorage }))
    off()
    window.dispatchEvent(new StorageEvent('storage', { key: 'c', storageArea: localStorage }))
    expect(seen).toEqual(['a'])
  })
})
