// @vitest-environment jsdom
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createHash } from 'node:crypto'
import { createPortico } from '../../kernel/kernel'
import { createMemoryStorage } from '../../kernel/storage'
import type { Kernel, StorageAdapter } from '../../kernel/types'
import type { User } from '../../kernel/wire'
import { PorticoProvider, withPorticoPlugin } from '../../ui/provider'
import { renderScreen } from '../../test/support/ui-harness'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import type { ServerApp } from '../../server/apps'
import { email } from '../email'
import { emailServer } from '../email/server'
import { guestServer } from './server'
import { GUEST_ERRORS } from './errors'
import { guestMessages } from './messages/en'
import { createGuestCredential, guestCredentialFor, guestStorageKey, guest, useGuestAccount } from '.'
import { destroyKernelsAfterEach, mainThreadDb } from '../../test/support/jsdom-server'



let t: TestInstance
let guestApp: ServerApp
const track = destroyKernelsAfterEach()

beforeAll(async () => {
  t = await createTestInstance({
    db: await mainThreadDb(),
    plugins: [emailServer(), guestServer({ createLimit: { limit: 1000, windowMs: 60_000 } })],
    app: { settings: { loginMethods: ['email_auth', 'guest_auth'] } },
  })
  guestApp = t.app
})
afterAll(() => t.close())

/** A ready kernel against the real server, with its own (or a given) storage. */
async function kernelFor(options: { appId?: string; baseUrl?: string; storage?: StorageAdapter } = {}) {
  const kernel = track(
    createPortico({
      appId: options.appId ?? guestApp.id,
      apiUrl: options.baseUrl ?? t.baseUrl,
      plugins: withPorticoPlugin([email(), guest()]),
      storage: options.storage ?? createMemoryStorage(),
      autoRefresh: false,
    }),
  )
  await kernel.init()
  return kernel
}

const sha256 = (s: string) => createHash('sha256').update(s).digest('hex')

async function guestRowsOf(userId: string) {
  return t.db.query<{ identity_key: string }>("SELECT identity_key FROM linked_accounts WHERE type = 'guest' AND user_id = $1", [
    userId.replace('did:privy:', ''),
  ])
}

describe('plugin definition', () => {
  it('default: one web2 method "Continue as guest" enabled by guest_auth, opening guest/continue', () => {
    const p = guest()
    expect(p.id).toBe('guest')
    expect(p.kind).toBe('login')
    expect(Object.keys(p.screens!)).toEqual(['continue'])
    expect(p.loginMethods).toMatchObject([{ id: 'guest', group: 'web2', enabledBy: 'guest_auth', screen: 'guest/continue' }])
    expect(guestMessages[p.loginMethods![0]!.label as keyof typeof guestMessages]).toBe('Continue as guest')
  })

  it('default: every error code has an English text, and linking has the spec text', () => {
    for (const [code, reaction] of Object.entries(GUEST_ERRORS)) expect(guestMessages).toHaveProperty(reaction.message ?? code)
    expect(guestMessages.GUEST_LINK_UNSUPPORTED).toBe('Linking is not supported for the guest flow')
  })
})

describe('guest credential', () => {
  it('is 32 random bytes in unpadded base64url (43 characters), different each time', () => {
    const a = createGuestCredential()
    const b = createGuestCredential()
    expect(a).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(Buffer.from(a, 'base64url')).toHaveLength(32)
    expect(a).not.toBe(b)
  })

  it('is stored under privy:guest:<appId> and reused; a malformed stored value is replaced', () => {
    const storage = createMemoryStorage()
    const first = guestCredentialFor(storage, 'app1')
    expect(storage.get('privy:guest:app1')).toBe(first)
    expect(guestStorageKey('app1')).toBe('privy:guest:app1')
    expect(guestCredentialFor(storage, 'app1')).toBe(first)
    expect(guestCredentialFor(storage, 'app2')).not.toBe(first)
    storage.set('privy:guest:app1', 'not-a-credential')
    const replaced = guestCredentialFor(storage, 'app1')
    expect(replaced).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(storage.get('privy:guest:app1')).toBe(replaced)
  })
})

describe('guest screen', () => {
  it('behavior: the landing button signs in at once, showing progress then success, as a guest', async () => {
    const storage = createMemoryStorage()
    const kernel = await kernelFor({ storage })
    await renderScreen(kernel)
    await act(async () => {
      fireEvent.click(await screen.findByRole('button', { name: 'Continue as guest' }))
    })
    // Progress first (the request is in flight), then success.
    await screen.findByRole('heading', { name: /Continuing as guest|Success!/ })
    await screen.findByRole('heading', { name: 'Success!' })
    expect(kernel.state.session.status).toBe('authenticated')
    const user = kernel.state.session.user!
    expect(user.is_guest).toBe(true)
    const credential = storage.get(`privy:guest:${guestApp.id}`)!
    expect(credential).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(await guestRowsOf(user.id)).toEqual([{ identity_key: sha256(credential) }])
  })

  it('behavior: shows a spinner with "Signing you in" while the request is in flight', async () => {
    const kernel = await kernelFor()
    await renderScreen(kernel, 'guest/continue')
    // Synchronously after opening, the request cannot have completed yet.
    expect(screen.getByRole('heading', { name: 'Continuing as guest' })).toBeTruthy()
    expect(screen.getByRole('status').textContent).toContain('Signing you in')
    await screen.findByRole('heading', { name: 'Success!' })
  })

  it('behavior: the same browser signs the same guest back in after logging out', async () => {
    const storage = createMemoryStorage()
    const kernel = await kernelFor({ storage })
    await renderScreen(kernel, 'guest/continue')
    await screen.findByRole('heading', { name: 'Success!' })
    const firstId = kernel.state.session.user!.id
    await act(() => kernel.logout())
    cleanup()

    const again = await kernelFor({ storage })
    await renderScreen(again, 'guest/continue')
    await screen.findByRole('heading', { name: 'Success!' })
    expect(again.state.session.user!.id).toBe(firstId)
  })

  it('behavior: an app without guest_auth: the server refuses and the screen says guest access is off, without a retry', async () => {
    const off = await t.createApp({ settings: { loginMethods: ['email_auth'] } })
    const kernel = await kernelFor({ appId: off.id })
    await renderScreen(kernel, 'guest/continue')
    await screen.findByText('Guest access is not enabled for this app.')
    expect(screen.getByRole('heading', { name: 'Could not continue as guest' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    expect(kernel.state.session.status).toBe('unauthenticated')
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Try another method' }))
    })
    expect(kernel.state.modal.stack.map((e) => e.screen)).toEqual(['portico/landing'])
  })

  it('behavior: a rate-limited guest creation shows a retryable error, and "Try again" succeeds later', async () => {
    const r = await createTestInstance({
      db: await mainThreadDb(),
      plugins: [guestServer({ createLimit: { limit: 1, windowMs: 60_000 } })],
      app: { settings: { loginMethods: ['guest_auth'] } },
    })
    try {
      const firstKernel = await kernelFor({ appId: r.appId, baseUrl: r.baseUrl })
      await renderScreen(firstKernel, 'guest/continue')
      await screen.findByRole('heading', { name: 'Success!' })
      cleanup()

      const kernel = await kernelFor({ appId: r.appId, baseUrl: r.baseUrl })
      await renderScreen(kernel, 'guest/continue')
      await screen.findByText('Too many requests. Please wait before trying again.')
      r.clock.advance(60_001)
      await act(async () => {
        fireEvent.click(screen.getByRole('button', { name: 'Try again' }))
      })
      await screen.findByRole('heading', { name: 'Success!' })
      expect(kernel.state.session.user!.is_guest).toBe(true)
      expect(kernel.state.session.user!.id).not.toBe(firstKernel.state.session.user!.id)
    } finally {
      await r.close()
    }
  })

  it('behavior: an app with an allowlist refuses guests with the allowlist screen', async () => {
    const closed = await t.createApp({
      settings: { loginMethods: ['guest_auth'], allowlistEnabled: true, allowlist: ['ada@example.com'] },
    })
    const kernel = await kernelFor({ appId: closed.id })
    await renderScreen(kernel, 'guest/continue')
    await screen.findByRole('heading', { name: "You don't have access to this app" })
    expect(kernel.state.session.status).toBe('unauthenticated')
  })

  it('behavior: in link mode it refuses with "Linking is not supported for the guest flow" and sends nothing', async () => {
    const storage = createMemoryStorage()
    const kernel = await kernelFor({ storage })
    // Sign in with email first, through the real server.
    const auth = await t.login('linker@example.com', { appId: guestApp.id })
    await act(async () => {
      await kernel.contextFor('email').authenticate(async () => auth, { method: 'email' })
    })
    await renderScreen(kernel, 'guest/continue', { intent: 'link' })
    await screen.findByText('Linking is not supported for the guest flow')
    expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    // No credential was even made, so none reached the server.
    expect(storage.get(`privy:guest:${guestApp.id}`)).toBeNull()
    expect(kernel.state.session.user!.id).toBe(auth.user.id)
    expect(kernel.state.session.user!.is_guest).toBe(false)
    await act(async () => {
      fireEvent.click(screen.getByRole('button', { name: 'Close' }))
    })
    expect(kernel.state.modal.open).toBe(false)
  })
})

describe('useGuestAccount', () => {
  function Probe({ onReady }: { onReady: (create: () => Promise<User>) => void }) {
    const { createGuestAccount } = useGuestAccount()
    onReady(createGuestAccount)
    return null
  }

  async function hookFor(kernel: Kernel) {
    let create: (() => Promise<User>) | null = null
    render(
      <PorticoProvider kernel={kernel}>
        <Probe onReady={(c) => (create = c)} />
      </PorticoProvider>,
    )
    await waitFor(() => expect(create).not.toBeNull())
    return create! as () => Promise<User>
  }

  it('behavior: signs a guest in without the modal and reuses the stored credential', async () => {
    const storage = createMemoryStorage()
    const kernel = await kernelFor({ storage })
    const create = await hookFor(kernel)
    let user: User | null = null
    await act(async () => {
      user = await create()
    })
    expect(user!.is_guest).toBe(true)
    expect(kernel.state.session.user!.id).toBe(user!.id)
    expect(kernel.state.modal.open).toBe(false)

    await act(() => kernel.logout())
    let again: User | null = null
    await act(async () => {
      again = await create()
    })
    expect(again!.id).toBe(user!.id)
  })

  it('behavior: refuses while someone is signed in with GUEST_LINK_UNSUPPORTED and the spec text', async () => {
    const kernel = await kernelFor()
    const create = await hookFor(kernel)
    await act(async () => {
      await create()
    })
    const err = await create().then(
      () => null,
      (e: unknown) => e as { name: string; code: string; message: string },
    )
    expect(err).toMatchObject({ name: 'PorticoError', code: 'GUEST_LINK_UNSUPPORTED', message: 'Linking is not supported for the guest flow' })
  })

  it('behavior: rejects with the server code when the app has guest access off', async () => {
    const off = await t.createApp({ settings: { loginMethods: ['email_auth'] } })
    const kernel = await kernelFor({ appId: off.id })
    const create = await hookFor(kernel)
    const err = await create().then(
      () => null,
      (e: unknown) => e as { code: string },
    )
    expect(err?.code).toBe('disallowed_login_method')
    expect(kernel.state.session.status).toBe('unauthenticated')
  })
})
