// @vitest-environment jsdom
/**
 * The Farcaster screens in jsdom: a real kernel talks to a real HTTP server on 127.0.0.1 answering
 * like the API (scripted per test). Timers and the clock are faked so the 2 s polls and the 120 s /
 * 300 s timeouts run instantly; HTTP stays real, so each step waits for the request to arrive.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, fireEvent, screen } from '@testing-library/react'
import { renderScreen, startHarness, wireUser, authenticated, TEST_APP_ID, type Harness, type Routes } from '../../test/support/ui-harness'
import { makeToken } from '../../test/support/kernel-fixtures'
import type { AuthenticatedUser } from '../../kernel/wire'
import { farcaster, requestFarcasterSigner, type FarcasterSignerResult } from '.'

// Captured before any test fakes timers: waiting for real HTTP needs a real clock.
const realSetTimeout = globalThis.setTimeout

const INIT = '/api/v1/farcaster/init'
const STATUS = '/api/v1/farcaster/status'
const AUTH = '/api/v1/farcaster/authenticate'
const LINK = '/api/v1/farcaster/link'
const TRANSFER = '/api/v1/farcaster/transfer'
const SIGNER_INIT = '/api/v1/farcaster/signer/init'
const SIGNER_STATUS = '/api/v1/farcaster/signer/status'
const SESSIONS = '/api/v1/sessions'
const KEY = `0x${'ab'.repeat(32)}`
// The spec's constants, written out so a changed constant in the code fails here.
const POLL_INTERVAL_MS = 2000
const LOGIN_TIMEOUT_MS = 120_000
const SIGNER_TIMEOUT_MS = 300_000
const FID = 4242

const completed = {
  state: 'completed',
  nonce: 'n1',
  message: 'localhost wants you to sign in with your Ethereum account: …',
  signature: '0xabcdef',
  fid: FID,
  username: 'ada',
  display_name: 'Ada',
  bio: null,
  pfp_url: null,
}

let h: Harness | null = null
afterEach(async () => {
  vi.useRealTimers()
  cleanup()
  await h?.close()
  h = null
})

/** Waits on the real clock until `check` holds (HTTP answers arrive in real time; Date is faked). */
async function until(check: () => boolean, what: string, realMs = 3000): Promise<void> {
  for (let waited = 0; !check(); waited += 10) {
    if (waited > realMs) throw new Error(`timed out waiting for ${what}`)
    await act(async () => {
      await new Promise((r) => realSetTimeout(r, 10))
    })
  }
}

/** The modal's Back arrow, if shown. */
const back = () => screen.queryByRole('button', { name: 'Back' })

/** Counts requests to a path. */
const count = (path: string) => h!.server.requests.filter((r) => r.path.split('?')[0] === path).length

/** Advances the fake clock and lets the screen's effects run. */
async function advance(ms: number) {
  await act(async () => {
    await vi.advanceTimersByTimeAsync(ms)
  })
}

/** A harness with the Farcaster plugin; channel tokens are numbered per init call. */
async function start(routes: Routes = {}) {
  let channels = 0
  h = await startHarness({
    plugins: [farcaster()],
    app: { farcaster_auth: true },
    routes: {
      [`POST ${INIT}`]: () => {
        channels++
        return { json: { channel_token: `ch-${channels}`, connect_uri: `https://warpcast.com/~/siwf?channelToken=ch-${channels}` } }
      },
      [`GET ${STATUS}`]: () => ({ json: { state: 'pending', nonce: 'n1' } }),
      ...routes,
    },
  })
  return h
}

/** Polls recorded for a channel token. */
const polls = (token: string) => h!.server.requests.filter((r) => r.path === STATUS && r.headers['farcaster-channel-token'] === token).length

/** Opens the connect screen, as the modal's first screen or (`fromLanding`) over the landing. */
async function openConnect(params: Record<string, unknown> = {}, fromLanding = false) {
  vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
  if (fromLanding) {
    await renderScreen(h!.kernel, 'portico/landing')
    await act(async () => h!.kernel.navigate('farcaster/connect', params))
  } else await renderScreen(h!.kernel, 'farcaster/connect', params)
  await until(() => screen.queryByRole('img', { name: 'QR code to sign in with Farcaster' }) !== null, 'the QR code')
}

/** Signs the harness's kernel in, as a session the kernel can refresh. */
async function signIn(user = wireUser({ linked_accounts: [{ type: 'email', address: 'a@example.com', verified_at: 1, first_verified_at: 1, latest_verified_at: 1 }] })) {
  const session = {
    user,
    token: await makeToken({ aud: TEST_APP_ID, sub: user.id }),
    privy_access_token: null,
    refresh_token: 'refresh-1',
    identity_token: null,
    session_update_action: 'set',
  }
  h!.routes[`POST ${SESSIONS}`] = () => ({ json: session })
  await act(async () => {
    await h!.kernel.contextFor('farcaster').authenticate(async () => session as unknown as AuthenticatedUser, { method: 'farcaster' })
  })
  h!.kernel.closeModal({ force: true })
}

describe('awaiting Farcaster connection', () => {
  it('behavior: the channel is polled every 2 s with the farcaster-channel-token header', async () => {
    await start()
    await openConnect()
    expect(screen.getByRole('link', { name: 'Open in Warpcast' }).getAttribute('href')).toBe('https://warpcast.com/~/siwf?channelToken=ch-1')
    expect(polls('ch-1')).toBe(0)
    await advance(POLL_INTERVAL_MS - 1)
    expect(polls('ch-1')).toBe(0)
    await advance(1)
    await until(() => polls('ch-1') === 1, 'the first poll')
    await advance(POLL_INTERVAL_MS)
    await until(() => polls('ch-1') === 2, 'the second poll')
    expect(count(AUTH)).toBe(0)
  })

  it("behavior: after 120 s without an answer it shows 'The request timed out. Try again.' with no Back, and Retry opens a new channel", async () => {
    await start()
    await openConnect({}, true)
    expect(back()).toBeTruthy()
    const rounds = LOGIN_TIMEOUT_MS / POLL_INTERVAL_MS
    for (let i = 1; i < rounds; i++) {
      await advance(POLL_INTERVAL_MS)
      await until(() => polls('ch-1') === i, `poll ${i}`)
    }
    expect(screen.queryByText('The request timed out. Try again.')).toBeNull()
    await advance(POLL_INTERVAL_MS)
    await until(() => screen.queryByText('The request timed out. Try again.') !== null, 'the timeout text')
    expect(screen.getByRole('heading', { name: 'Authentication failed' })).toBeTruthy()
    expect(polls('ch-1')).toBe(rounds - 1)
    // The time-out ends the flow: no Back, and back() leaves it shown.
    expect(back()).toBeNull()
    await act(async () => h!.kernel.back())
    expect(h!.kernel.state.modal.stack.map((e) => e.screen)).toEqual(['portico/landing', 'farcaster/connect'])

    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })))
    await until(() => count(INIT) === 2, 'a second init')
    await until(() => screen.queryByRole('img', { name: 'QR code to sign in with Farcaster' }) !== null, 'the new QR code')
    expect(back()).toBeTruthy()
    await advance(POLL_INTERVAL_MS)
    await until(() => polls('ch-2') === 1, 'a poll of the new channel')
    expect(polls('ch-1')).toBe(rounds - 1)
  })

  it('behavior: leaving the screen stops polling', async () => {
    await start()
    await openConnect()
    await advance(POLL_INTERVAL_MS)
    await until(() => polls('ch-1') === 1, 'the first poll')
    await act(async () => h!.kernel.closeModal({ force: true }))
    await advance(POLL_INTERVAL_MS * 10)
    // Give a stray request time to arrive before concluding there is none.
    await act(async () => {
      await new Promise((r) => realSetTimeout(r, 100))
    })
    expect(polls('ch-1')).toBe(1)
  })

  it('behavior: a completed channel authenticates with its message, signature and fid, and signs the user in', async () => {
    const user = wireUser({ linked_accounts: [{ type: 'farcaster', fid: FID, owner_address: '0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed' }] })
    await start({
      [`GET ${STATUS}`]: () => ({ json: completed }),
      [`POST ${AUTH}`]: () => ({ json: authenticated(user) }),
    })
    await openConnect()
    await advance(POLL_INTERVAL_MS)
    await until(() => count(AUTH) === 1, 'authenticate')
    expect(h!.calls(AUTH)).toEqual([{ channel_token: 'ch-1', message: completed.message, signature: '0xabcdef', fid: FID, mode: 'login-or-sign-up' }])
    await until(() => h!.kernel.state.session.status === 'authenticated', 'the session')
    expect(count(LINK)).toBe(0)
  })

  it('behavior: a server refusal shows Authentication failed with Retry', async () => {
    await start({
      [`GET ${STATUS}`]: () => ({ json: completed }),
      [`POST ${AUTH}`]: () => ({ status: 401, json: { error: 'bad', code: 'invalid_credentials' } }),
    })
    await openConnect()
    await advance(POLL_INTERVAL_MS)
    await until(() => screen.queryByText('Something went wrong. Try again.') !== null, 'the failure text')
    expect(screen.getByRole('heading', { name: 'Authentication failed' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Use another method' })))
    expect(h!.kernel.state.modal.stack.map((e) => e.screen)).toEqual(['portico/landing'])
  })

  it("behavior: with the 'link' intent a completed channel links through /farcaster/link, never signing in again", async () => {
    await start({
      [`GET ${STATUS}`]: () => ({ json: completed }),
      [`POST ${LINK}`]: () => ({ json: wireUser() }),
    })
    await signIn()
    await openConnect({ intent: 'link' })
    await advance(POLL_INTERVAL_MS)
    await until(() => count(LINK) === 1, 'link')
    expect(h!.calls(LINK)).toEqual([{ channel_token: 'ch-1', message: completed.message, signature: '0xabcdef', fid: FID }])
    expect(count(AUTH)).toBe(0)
  })

  it('behavior: a fid another user owns offers the transfer, which posts the nonce and the fid to /farcaster/transfer', async () => {
    await start({
      [`GET ${STATUS}`]: () => ({ json: completed }),
      [`POST ${LINK}`]: () => ({
        status: 400,
        json: {
          error: 'Account transfer required',
          code: 'account_transfer_required',
          data: { nonce: 'nonce-1', subject: String(FID), account: { displayName: 'ada' }, otherUser: { embeddedWalletAddress: null } },
        },
      }),
      [`POST ${TRANSFER}`]: () => ({ json: wireUser() }),
    })
    await signIn()
    await openConnect({ intent: 'link' })
    await advance(POLL_INTERVAL_MS)
    await until(() => screen.queryByRole('button', { name: 'Transfer and delete account' }) !== null, 'the link-conflict screen')
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Transfer and delete account' })))
    await until(() => count(TRANSFER) === 1, 'transfer')
    expect(h!.calls(TRANSFER)).toEqual([{ nonce: 'nonce-1', farcaster_id: FID, farcaster_embedded_address: null }])
  })
})

describe('awaiting Farcaster signer', () => {
  const pending = { status: 'pending_approval', public_key: KEY, signer_approval_url: 'farcaster://signed-key-request?token=0x01' }

  /** Opens the signer screen through requestFarcasterSigner; returns its settled outcome. */
  async function request() {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] })
    const outcome: { value?: FarcasterSignerResult; error?: Error } = {}
    await act(async () => {
      requestFarcasterSigner(h!.kernel, KEY).then(
        (value) => (outcome.value = value),
        (error: Error) => (outcome.error = error),
      )
    })
    return outcome
  }

  async function startSigner(routes: Routes) {
    await start({ [`POST ${SIGNER_INIT}`]: () => ({ json: pending }), ...routes })
    await signIn()
    const { render } = await import('@testing-library/react')
    const { PorticoProvider } = await import('../../ui/provider')
    const { loadScreen } = await import('../../ui/modal/PorticoModal')
    await loadScreen(h!.kernel, 'farcaster/signer')
    await act(async () => {
      render(<PorticoProvider kernel={h!.kernel} />)
    })
  }

  it('behavior: polled every 2 s; approval resolves requestFarcasterSigner with the fid', async () => {
    let approved = false
    await startSigner({ [`POST ${SIGNER_STATUS}`]: () => ({ json: approved ? { status: 'approved', fid: FID, public_key: KEY } : pending }) })
    const outcome = await request()
    await until(() => screen.queryByRole('img', { name: 'QR code to approve the Farcaster signer' }) !== null, 'the QR code')
    expect(h!.calls(SIGNER_INIT)).toEqual([{ ed25519_public_key: KEY }])
    await advance(POLL_INTERVAL_MS - 1)
    expect(count(SIGNER_STATUS)).toBe(0)
    await advance(1)
    await until(() => count(SIGNER_STATUS) === 1, 'the first poll')
    approved = true
    await advance(POLL_INTERVAL_MS)
    await until(() => outcome.value !== undefined, 'the approval')
    expect(outcome.value).toEqual({ status: 'approved', fid: FID, public_key: KEY })
    expect(screen.getByRole('heading', { name: 'Signer approved' })).toBeTruthy()
    expect(count(SIGNER_STATUS)).toBe(2)
  })

  it("behavior: a revoked request shows 'Request rejected' and rejects the call", async () => {
    await startSigner({ [`POST ${SIGNER_STATUS}`]: () => ({ json: { status: 'revoked', fid: FID, public_key: KEY } }) })
    const outcome = await request()
    await until(() => screen.queryByRole('img', { name: 'QR code to approve the Farcaster signer' }) !== null, 'the QR code')
    await advance(POLL_INTERVAL_MS)
    await until(() => outcome.error !== undefined, 'the rejection')
    expect(screen.getByRole('heading', { name: 'Request rejected' })).toBeTruthy()
    expect(screen.getByText('The request was rejected. Please try again.')).toBeTruthy()
    expect(outcome.error!.message).toBe('The request was rejected. Please try again.')
  })

  it("behavior: after 300 s pending it shows 'Connect failed' with the timeout text", async () => {
    await startSigner({ [`POST ${SIGNER_STATUS}`]: () => ({ json: pending }) })
    const outcome = await request()
    await until(() => screen.queryByRole('img', { name: 'QR code to approve the Farcaster signer' }) !== null, 'the QR code')
    const rounds = SIGNER_TIMEOUT_MS / POLL_INTERVAL_MS
    for (let i = 1; i < rounds; i++) {
      await advance(POLL_INTERVAL_MS)
      await until(() => count(SIGNER_STATUS) === i, `poll ${i}`)
    }
    expect(outcome.error).toBeUndefined()
    await advance(POLL_INTERVAL_MS)
    await until(() => outcome.error !== undefined, 'the timeout')
    expect(screen.getByRole('heading', { name: 'Connect failed' })).toBeTruthy()
    expect(screen.getByText('The request timed out. Try again.')).toBeTruthy()
  })

  it("behavior: a failing signer/init shows 'Connect failed' and rejects the call", async () => {
    await startSigner({ [`POST ${SIGNER_INIT}`]: () => ({ status: 400, json: { error: 'no farcaster account', code: 'invalid_data' } }) })
    const outcome = await request()
    await until(() => outcome.error !== undefined, 'the failure')
    expect(screen.getByRole('heading', { name: 'Connect failed' })).toBeTruthy()
    expect(screen.getByRole('button', { name: 'Retry' })).toBeTruthy()
    expect(count(SIGNER_STATUS)).toBe(0)
  })
})
