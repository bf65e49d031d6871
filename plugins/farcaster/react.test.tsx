// @vitest-environment jsdom
/**
 * The Farcaster host hooks in jsdom: a real kernel talks to a real HTTP server on 127.0.0.1 answering
 * like the API (scripted per test). Timers and the clock are faked so the 2 s polls and the 120 s
 * timeout run instantly; HTTP stays real.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, render } from '@testing-library/react'
import { startHarness, wireUser, authenticated, TEST_APP_ID, type Harness, type Routes } from '../../test/support/ui-harness'
import { PorticoProvider } from '../../ui/provider'
import { makeToken } from '../../test/support/kernel-fixtures'
import type { AuthenticatedUser } from '../../kernel/wire'
import { farcaster, useLinkWithFarcaster, useLoginWithFarcaster, useUnlinkFarcaster } from '.'

const realSetTimeout = globalThis.setTimeout
const INIT = '/api/v1/farcaster/init'
const STATUS = '/api/v1/farcaster/status'
const AUTH = '/api/v1/farcaster/authenticate'
const UNLINK = '/api/v1/farcaster/unlink'
const SESSIONS = '/api/v1/sessions'
const FID = 4242
const URI = 'https://warpcast.com/~/siwf?channelToken=ch-1'
const completed = { state: 'completed', nonce: 'n1', message: 'localhost wants you to sign in…', signature: '0xabcdef', fid: FID, username: 'ada' }
const email = { type: 'email', address: 'a@example.com', verified_at: 1, first_verified_at: 1, latest_verified_at: 1 }
const fcAccount = { type: 'farcaster', fid: FID, owner_address: '0x1', username: 'ada', verified_at: 1, first_verified_at: 1, latest_verified_at: 1 }

let h: Harness | null = null
afterEach(async () => {
  vi.useRealTimers()
  cleanup()
  await h?.close()
  h = null
})

async function until(check: () => boolean, what: string, realMs = 3000): Promise<void> {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > realMs) throw new Error(`timed out waiting for ${what}`)
    await act(async () => {
      await new Promise((r) => realSetTimeout(r, 10))
    })
  }
}
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}
const count = (path: string) => h!.server.requests.filter((r) => r.path.split('?')[0] === path).length

async function start(routes: Routes = {}) {
  h = await startHarness({
    plugins: [farcaster()],
    app: { farcaster_auth: true },
    routes: {
      [`POST ${INIT}`]: () => ({ json: { channel_token: 'ch-1', connect_uri: URI } }),
      [`GET ${STATUS}`]: () => ({ json: { state: 'pending', nonce: 'n1' } }),
      ...routes,
    },
  })
  return h
}

/** Signs the kernel in as a session it can refresh; `after` is the user the refresh answers. */
async function signIn(user = wireUser({ linked_accounts: [email, fcAccount] }), after = user) {
  const session = (u: unknown) => ({
    user: u,
    token: null as string | null,
    privy_access_token: null,
    refresh_token: 'refresh-1',
    identity_token: null,
    session_update_action: 'set',
  })
  const token = await makeToken({ aud: TEST_APP_ID, sub: user.id })
  h!.routes[`POST ${SESSIONS}`] = () => ({ json: { ...session(after), token } })
  await act(async () => {
    await h!.kernel.contextFor('farcaster').authenticate(async () => ({ ...session(user), token }) as unknown as AuthenticatedUser, {
      method: 'farcaster',
    })
  })
  h!.kernel.closeModal({ force: true })
}

type Hooks = {
  login: ReturnType<typeof useLoginWithFarcaster>
  link: ReturnType<typeof useLinkWithFarcaster>
  unlink: ReturnType<typeof useUnlinkFarcaster>
}
let hooks: Hooks
function Host() {
  hooks = { login: useLoginWithFarcaster(), link: useLinkWithFarcaster(), unlink: useUnlinkFarcaster() }
  return null
}
function mount() {
  render(
    <PorticoProvider kernel={h!.kernel}>
      <Host />
    </PorticoProvider>,
  )
}

describe('useLoginWithFarcaster', () => {
  it('behavior: hands the connect URI to the host, polls every 2 s and signs in without ever opening the modal', async () => {
    let answer: object = { state: 'pending', nonce: 'n1' }
    await start({ [`GET ${STATUS}`]: () => ({ json: answer }), [`POST ${AUTH}`]: () => ({ json: authenticated(wireUser({ linked_accounts: [fcAccount] })) }) })
    mount()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    let opened = false
    const watch = setInterval(() => (opened ||= h!.kernel.state.modal.open), 1)
    let flow!: Promise<unknown>
    act(() => {
      flow = hooks.login.initLoginWithFarcaster()
    })
    await until(() => hooks.login.connectUri === URI, 'the connect URI')
    expect(hooks.login.state.status).toBe('awaiting-user')
    await advance(2000)
    await until(() => count(STATUS) === 1, 'the first poll')
    answer = completed
    await advance(2000)
    await until(() => count(AUTH) === 1, 'authenticate')
    const result = (await act(async () => flow)) as { method: string }
    clearInterval(watch)
    expect(result.method).toBe('farcaster')
    expect(h!.calls(AUTH)[0]).toEqual({ channel_token: 'ch-1', message: completed.message, signature: '0xabcdef', fid: FID, mode: 'login-or-sign-up' })
    expect(h!.server.requests.find((r) => r.path === STATUS)!.headers['farcaster-channel-token']).toBe('ch-1')
    expect(h!.kernel.state.session.status).toBe('authenticated')
    expect(hooks.login.state.status).toBe('done')
    expect(hooks.login.connectUri).toBeNull()
    expect(opened || h!.kernel.state.modal.open).toBe(false)
  })

  it('failure: after 120 s without an answer it rejects with FARCASTER_TIMEOUT and stops polling', async () => {
    await start()
    mount()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    let flow!: Promise<unknown>
    act(() => {
      flow = hooks.login.initLoginWithFarcaster()
    })
    const outcome = flow.then(() => null, (e: { code?: string }) => e.code)
    await until(() => hooks.login.connectUri !== null, 'the connect URI')
    for (let t = 0; t < 120_000; t += 2000) await advance(2000)
    await advance(2000)
    expect(await outcome).toBe('FARCASTER_TIMEOUT')
    expect(hooks.login.state).toMatchObject({ status: 'error', error: { code: 'FARCASTER_TIMEOUT' } })
    expect(hooks.login.connectUri).toBeNull()
    const polls = count(STATUS)
    await advance(10_000)
    expect(count(STATUS)).toBe(polls)
    expect(count(AUTH)).toBe(0)
    expect(h!.kernel.state.modal.open).toBe(false)
  })

  it('failure: a refused channel rejects with FARCASTER_AUTH_FAILED; cancel() rejects with exited_auth_flow', async () => {
    await start({ [`GET ${STATUS}`]: () => ({ status: 401, json: { error: 'Invalid channel', code: 'invalid_credentials' } }) })
    mount()
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    let flow!: Promise<unknown>
    act(() => {
      flow = hooks.login.initLoginWithFarcaster()
    })
    const outcome = flow.then(() => null, (e: { code?: string }) => e.code)
    await until(() => hooks.login.connectUri !== null, 'the connect URI')
    await advance(2000)
    await until(() => hooks.login.state.status === 'error', 'the failure')
    expect(await outcome).toBe('FARCASTER_AUTH_FAILED')

    let second!: Promise<unknown>
    act(() => {
      second = hooks.login.initLoginWithFarcaster()
    })
    const cancelled = second.then(() => null, (e: { code?: string }) => e.code)
    await until(() => hooks.login.connectUri !== null, 'the second connect URI')
    act(() => hooks.login.cancel())
    expect(await cancelled).toBe('exited_auth_flow')
    await until(() => hooks.login.state.status === 'idle', 'idle again')
    expect(h!.kernel.state.session.status).toBe('unauthenticated')
  })
})

describe('useLinkWithFarcaster and useUnlinkFarcaster', () => {
  it('behavior: linkFarcaster opens the connect screen to link; signed out it throws must_be_authenticated', async () => {
    await start()
    mount()
    expect(() => hooks.link.linkFarcaster()).toThrow(expect.objectContaining({ code: 'must_be_authenticated' }))
    expect(h!.kernel.state.modal.open).toBe(false)
    await signIn()
    act(() => hooks.link.linkFarcaster())
    expect(h!.kernel.state.modal.open).toBe(true)
    expect(h!.kernel.state.modal.stack.at(-1)?.screen).toBe('farcaster/connect')
    expect(h!.kernel.contextFor('farcaster').intent()).toBe('link')
  })

  it('behavior: unlinkFarcaster(fid) posts {fid} to /unlink, refreshes the session and resolves with the user without it', async () => {
    await start({ [`POST ${UNLINK}`]: () => ({ json: wireUser({ linked_accounts: [email] }) }) })
    mount()
    await signIn(wireUser({ linked_accounts: [email, fcAccount] }), wireUser({ linked_accounts: [email] }))
    const refreshesBefore = count(SESSIONS)
    const user = await act(async () => hooks.unlink.unlinkFarcaster(FID))
    expect(h!.calls(UNLINK)).toEqual([{ fid: FID }])
    expect(h!.server.requests.find((r) => r.path === UNLINK)!.headers.authorization).toMatch(/^Bearer /)
    expect(count(SESSIONS)).toBe(refreshesBefore + 1)
    expect(user.linked_accounts.map((a) => a.type)).toEqual(['email'])
    expect(h!.kernel.state.session.user?.linked_accounts.map((a) => a.type)).toEqual(['email'])
  })

  it("failure: the server's cannot_unlink_sole_account rejects and the user keeps the account; signed out is must_be_authenticated", async () => {
    await start({
      [`POST ${UNLINK}`]: () => ({ status: 400, json: { error: 'Cannot unlink the only account of a user.', code: 'cannot_unlink_sole_account' } }),
    })
    mount()
    await expect(hooks.unlink.unlinkFarcaster(FID)).rejects.toMatchObject({ code: 'must_be_authenticated' })
    await signIn(wireUser({ linked_accounts: [fcAccount] }))
    await expect(act(async () => hooks.unlink.unlinkFarcaster(FID))).rejects.toMatchObject({ code: 'cannot_unlink_sole_account' })
    expect(h!.kernel.state.session.user?.linked_accounts.map((a) => a.type)).toEqual(['farcaster'])
  })
})
