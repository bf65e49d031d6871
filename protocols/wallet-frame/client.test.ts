// @vitest-environment jsdom
import { afterEach, describe, expect, it, vi } from 'vitest'
import { PorticoError } from '../../kernel/errors'
import { FRAME_CHANNEL, type FrameRequest } from './index'
import { openWalletFrame, type WalletFrame, type WalletFrameOptions } from './client'

const API = 'https://api.example.test'
const opened: WalletFrame[] = []

/** Opens a frame whose posted requests are recorded, and lets the test speak as the frame. */
function open(over: Partial<WalletFrameOptions> = {}) {
  const tokens = { current: 'token-1', next: 'token-2' }
  const refresh = vi.fn(async () => tokens.next)
  const frame = openWalletFrame({
    url: `${API}/apps/app-1/embedded-wallets`,
    apiOrigin: API,
    getAccessToken: () => tokens.current,
    refreshAccessToken: refresh,
    ...over,
  })
  opened.push(frame)
  const frameWindow = frame.element.contentWindow!
  const sent: { request: FrameRequest; targetOrigin: string }[] = []
  const waiters: (() => void)[] = []
  frameWindow.postMessage = ((request: FrameRequest, targetOrigin: string) => {
    sent.push({ request, targetOrigin })
    waiters.splice(0).forEach((w) => w())
  }) as typeof frameWindow.postMessage
  /** Dispatches a message to the host page as if it came from `source` at `origin`. */
  const post = (data: unknown, origin = API, source: MessageEventSource | null = frameWindow) =>
    window.dispatchEvent(new MessageEvent('message', { data, origin, source }))
  /** Waits until `n` requests were sent. */
  const sentCount = async (n: number) => {
    while (sent.length < n) await new Promise<void>((r) => waiters.push(r))
    return sent
  }
  const ready = () => post({ channel: FRAME_CHANNEL, type: 'ready' })
  const answer = (id: string, result: unknown) => post({ channel: FRAME_CHANNEL, type: 'response', id, ok: true, result })
  const fail = (id: string, error: unknown) => post({ channel: FRAME_CHANNEL, type: 'response', id, ok: false, error })
  return { frame, tokens, refresh, sent, sentCount, post, ready, answer, fail }
}

const rpcParams = { entropyId: '0x' + '1'.repeat(40), address: '0x' + '1'.repeat(40), chainType: 'ethereum' as const, request: { method: 'personal_sign' as const, params: ['0x00'] } }

afterEach(() => {
  opened.splice(0).forEach((f) => f.destroy())
})

describe('openWalletFrame', () => {
  it('adds a hidden, titled iframe without a sandbox or extra permissions', () => {
    const { frame } = open()
    const iframe = frame.element
    expect(iframe.isConnected).toBe(true)
    expect(iframe.src).toBe(`${API}/apps/app-1/embedded-wallets`)
    expect(iframe.hidden).toBe(true)
    expect(iframe.getAttribute('aria-hidden')).toBe('true')
    expect(iframe.title).toBe('Embedded wallet')
    expect(iframe.hasAttribute('sandbox')).toBe(false)
    expect(iframe.getAttribute('allow')).toBeNull()
  })

  it('lets a visible frame write to the clipboard and shows it to assistive technology', () => {
    const { frame } = open({ visible: true, title: 'Export wallet' })
    expect(frame.element.hidden).toBe(false)
    expect(frame.element.getAttribute('aria-hidden')).toBeNull()
    expect(frame.element.allow).toBe('clipboard-write')
  })

  it('holds requests until the frame is ready, then sends each with the access token to the API origin only', async () => {
    const t = open()
    const result = t.frame.request('connect', { entropyId: rpcParams.entropyId })
    await Promise.resolve()
    expect(t.sent).toHaveLength(0)
    t.ready()
    const [first] = await t.sentCount(1)
    expect(first!.targetOrigin).toBe(API)
    expect(first!.request).toMatchObject({ channel: FRAME_CHANNEL, type: 'request', op: 'connect', params: { entropyId: rpcParams.entropyId, accessToken: 'token-1' } })
    t.answer(first!.request.id, { wallets: [] })
    await expect(result).resolves.toEqual({ wallets: [] })
  })

  it('ignores a ready message from another origin or another window', async () => {
    const t = open({ timeouts: { ready: 100 } })
    t.post({ channel: FRAME_CHANNEL, type: 'ready' }, 'https://evil.example')
    t.post({ channel: FRAME_CHANNEL, type: 'ready' }, API, window)
    await expect(t.frame.request('clear', {})).rejects.toMatchObject({ code: 'frame_timeout' })
    expect(t.sent).toHaveLength(0)
  })

  it('answers each request by its id, whatever the order of the answers', async () => {
    const t = open()
    t.ready()
    const a = t.frame.request('rpc', rpcParams)
    const b = t.frame.request('rpc', rpcParams)
    const [ra, rb] = await t.sentCount(2)
    expect(ra!.request.id).not.toBe(rb!.request.id)
    t.answer(rb!.request.id, { result: 'b' })
    t.answer(ra!.request.id, { result: 'a' })
    await expect(a).resolves.toEqual({ result: 'a' })
    await expect(b).resolves.toEqual({ result: 'b' })
  })

  it('ignores answers from another origin, another window, an unknown id or of a malformed shape', async () => {
    const t = open()
    t.ready()
    const settled = vi.fn()
    const pending = t.frame.request('rpc', rpcParams)
    pending.then(settled, settled)
    const { request } = (await t.sentCount(1))[0]!
    const good = { channel: FRAME_CHANNEL, type: 'response', id: request.id, ok: true, result: { result: 'forged' } }
    t.post(good, 'https://evil.example')
    t.post(good, API, window)
    t.post({ ...good, id: 'other' })
    t.post({ ...good, channel: 'other' })
    t.post({ channel: FRAME_CHANNEL, type: 'response', id: request.id, ok: true })
    t.post({ channel: FRAME_CHANNEL, type: 'response', id: request.id, ok: false, error: { code: 5 } })
    t.post('not an object')
    await new Promise((r) => setTimeout(r, 0))
    expect(settled).not.toHaveBeenCalled()
    t.answer(request.id, { result: 'real' })
    await expect(pending).resolves.toEqual({ result: 'real' })
  })

  it("rejects with the frame's code, message and data as a PorticoError", async () => {
    const t = open()
    t.ready()
    const pending = t.frame.request('connect', { entropyId: rpcParams.entropyId })
    const { request } = (await t.sentCount(1))[0]!
    t.fail(request.id, { code: 'recovery_needed', message: 'Needs the password.', data: { recoveryMethod: 'user-passcode' } })
    const error = await pending.catch((e: unknown) => e)
    expect(error).toBeInstanceOf(PorticoError)
    expect(error).toMatchObject({ name: 'WalletFrameError', code: 'recovery_needed', shortMessage: 'Needs the password.', data: { recoveryMethod: 'user-passcode' } })
  })

  it('times out an unanswered request with frame_timeout and ignores its late answer', async () => {
    const t = open({ timeouts: { rpc: 30 } })
    t.ready()
    const pending = t.frame.request('rpc', rpcParams)
    const { request } = (await t.sentCount(1))[0]!
    await expect(pending).rejects.toMatchObject({ code: 'frame_timeout' })
    expect(() => t.answer(request.id, { result: 'late' })).not.toThrow()
  })

  it('refreshes the access token once on access_token_expired and sends the request again with it', async () => {
    const t = open()
    t.ready()
    const pending = t.frame.request('rpc', rpcParams)
    const [first] = await t.sentCount(1)
    t.fail(first!.request.id, { code: 'access_token_expired', message: 'Expired.' })
    const [, second] = await t.sentCount(2)
    expect(t.refresh).toHaveBeenCalledTimes(1)
    expect(second!.request.id).not.toBe(first!.request.id)
    expect((second!.request.params as { accessToken: string }).accessToken).toBe('token-2')
    t.answer(second!.request.id, { result: '0xsig' })
    await expect(pending).resolves.toEqual({ result: '0xsig' })
  })

  it('fails cleanly when the token is still expired after one refresh', async () => {
    const t = open()
    t.ready()
    const pending = t.frame.request('rpc', rpcParams)
    const [first] = await t.sentCount(1)
    t.fail(first!.request.id, { code: 'access_token_expired', message: 'Expired.' })
    const [, second] = await t.sentCount(2)
    t.fail(second!.request.id, { code: 'access_token_expired', message: 'Still expired.' })
    await expect(pending).rejects.toMatchObject({ code: 'access_token_expired', shortMessage: 'Still expired.' })
    expect(t.refresh).toHaveBeenCalledTimes(1)
    expect(t.sent).toHaveLength(2)
  })

  it('fails with access_token_expired without a second send when the refresh ends the session', async () => {
    const t = open({ refreshAccessToken: async () => null })
    t.ready()
    const pending = t.frame.request('rpc', rpcParams)
    const [first] = await t.sentCount(1)
    t.fail(first!.request.id, { code: 'access_token_expired', message: 'Expired.' })
    await expect(pending).rejects.toMatchObject({ code: 'access_token_expired' })
    expect(t.sent).toHaveLength(1)
  })

  it('refuses an operation that needs a token when signed out, but still clears', async () => {
    const t = open({ getAccessToken: () => null })
    t.ready()
    await expect(t.frame.request('rpc', rpcParams)).rejects.toMatchObject({ code: 'missing_or_invalid_token' })
    const cleared = t.frame.request('clear', {})
    const { request } = (await t.sentCount(1))[0]!
    expect(request.params).toEqual({})
    t.answer(request.id, { cleared: true })
    await expect(cleared).resolves.toEqual({ cleared: true })
  })

  it('destroy rejects pending requests, removes the iframe and stops listening', async () => {
    const t = open()
    t.ready()
    const pending = t.frame.request('rpc', rpcParams)
    const { request } = (await t.sentCount(1))[0]!
    const iframe = t.frame.element
    t.frame.destroy()
    await expect(pending).rejects.toMatchObject({ code: 'frame_unavailable' })
    expect(iframe.isConnected).toBe(false)
    expect(() => t.answer(request.id, { result: 'late' })).not.toThrow()
    await expect(t.frame.request('clear', {})).rejects.toMatchObject({ code: 'frame_unavailable' })
  })

  it('rejects a request waiting for ready when the frame is destroyed', async () => {
    const t = open()
    const pending = t.frame.request('clear', {})
    t.frame.destroy()
    await expect(pending).rejects.toMatchObject({ code: 'frame_unavailable' })
  })
})
