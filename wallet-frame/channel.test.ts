import * as v from 'valibot'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { FRAME_CHANNEL } from '../protocols/wallet-frame'
import { serveFrame, type FrameHandlers } from './channel'
import { FrameFailure } from './errors'
import { frameParams } from './params'

const HOST = 'https://app.example.test'
const TOKEN = 'eyJhbGciOiJFUzI1NiJ9.eyJzdWIiOiJ1In0.c2ln'

/** A frame window whose parent records what it is sent, and a way to deliver messages to the frame. */
function frameWindow() {
  const parent = { postMessage: vi.fn() }
  let listener: ((event: MessageEvent) => void) | null = null
  const win = {
    parent,
    addEventListener: (_: string, fn: (event: MessageEvent) => void) => (listener = fn),
    removeEventListener: () => (listener = null),
  }
  const deliver = (data: unknown, origin = HOST, source: unknown = parent) => listener?.({ data, origin, source } as MessageEvent)
  /** The answers posted to the parent, after the ready messages. */
  const answers = async (n: number) => {
    await vi.waitFor(() => expect(parent.postMessage.mock.calls.filter(([m]) => m.type === 'response')).toHaveLength(n))
    return parent.postMessage.mock.calls.filter(([m]) => m.type === 'response')
  }
  return { win: win as unknown as Window, parent, deliver, answers, listening: () => listener !== null }
}

const request = (op: unknown, params: unknown, id: unknown = 'r1') => ({ channel: FRAME_CHANNEL, type: 'request', id, op, params })

let stop: (() => void) | null = null
afterEach(() => {
  stop?.()
  stop = null
})

function serve(handlers: FrameHandlers, allowedOrigins = [HOST, 'https://other.example.test']) {
  const f = frameWindow()
  stop = serveFrame({ win: f.win, allowedOrigins, handlers })
  return f
}

const clearHandler = (run = vi.fn(async () => ({ cleared: true as const }))): FrameHandlers => ({ clear: { params: frameParams.clear, run } })

describe('serveFrame', () => {
  it('announces ready to each allowed origin (the browser delivers only the real parent’s)', () => {
    const f = serve(clearHandler())
    expect(f.parent.postMessage.mock.calls).toEqual([
      [{ channel: FRAME_CHANNEL, type: 'ready' }, HOST],
      [{ channel: FRAME_CHANNEL, type: 'ready' }, 'https://other.example.test'],
    ])
  })

  it('runs a request from the parent and answers to the origin it came from', async () => {
    const run = vi.fn(async () => ({ cleared: true as const }))
    const f = serve(clearHandler(run))
    f.deliver(request('clear', {}), 'https://other.example.test')
    const [[answer, target]] = (await f.answers(1)) as [[unknown, string]]
    expect(target).toBe('https://other.example.test')
    expect(answer).toEqual({ channel: FRAME_CHANNEL, type: 'response', id: 'r1', ok: true, result: { cleared: true } })
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('ignores a request from an origin that is not allowed, or from a window that is not its parent', async () => {
    const run = vi.fn(async () => ({ cleared: true as const }))
    const f = serve(clearHandler(run))
    f.deliver(request('clear', {}), 'https://evil.example.test')
    f.deliver(request('clear', {}), HOST, { postMessage: vi.fn() })
    f.deliver(request('clear', {}), HOST, null)
    // A request that is answered proves the earlier ones were dropped rather than queued.
    f.deliver(request('clear', {}, 'r2'))
    const answers = await f.answers(1)
    expect(answers[0]![0]).toMatchObject({ id: 'r2' })
    expect(run).toHaveBeenCalledTimes(1)
  })

  it('ignores messages that are not requests of the protocol or have no usable id', async () => {
    const f = serve(clearHandler())
    f.deliver('hello')
    f.deliver({ ...request('clear', {}), channel: 'other' })
    f.deliver({ ...request('clear', {}), type: 'response' })
    f.deliver(request('clear', {}, 42))
    f.deliver(request('clear', {}, ''))
    f.deliver(request('clear', {}, 'x'.repeat(200)))
    f.deliver(request('clear', {}, 'last'))
    const answers = await f.answers(1)
    expect(answers[0]![0]).toMatchObject({ id: 'last' })
  })

  it('answers unknown_operation for an operation it does not serve, inherited names included', async () => {
    const f = serve(clearHandler())
    f.deliver(request('export', {}, 'a'))
    f.deliver(request('toString', {}, 'b'))
    f.deliver(request('__proto__', {}, 'c'))
    const answers = await f.answers(3)
    for (const [answer] of answers) expect(answer).toMatchObject({ ok: false, error: { code: 'unknown_operation' } })
  })

  it('answers invalid_request for malformed params, naming where, without running the operation', async () => {
    const run = vi.fn(async () => ({ result: '0x' }))
    const f = serve({ rpc: { params: frameParams.rpc, run } })
    f.deliver(request('rpc', { accessToken: TOKEN, entropyId: 'nope', address: '0x' + '1'.repeat(40), chainType: 'ethereum', request: { method: 'personal_sign', params: [] } }, 'a'))
    f.deliver(request('rpc', null, 'b'))
    f.deliver(request('rpc', { accessToken: TOKEN, entropyId: '0x' + '1'.repeat(40), address: '0x' + '1'.repeat(40), chainType: 'ethereum', request: { method: 'eth_sendTransaction', params: [] } }, 'c'))
    const answers = await f.answers(3)
    expect(answers[0]![0]).toMatchObject({ id: 'a', ok: false, error: { code: 'invalid_request', message: expect.stringContaining('entropyId') } })
    expect(answers[1]![0]).toMatchObject({ id: 'b', ok: false, error: { code: 'invalid_request' } })
    expect(answers[2]![0]).toMatchObject({ id: 'c', ok: false, error: { code: 'invalid_request', message: expect.stringContaining('not supported') } })
    expect(run).not.toHaveBeenCalled()
  })

  it('refuses extra params (strict shapes)', async () => {
    const f = serve(clearHandler())
    f.deliver(request('clear', { password: 'secret' }))
    const [[answer]] = (await f.answers(1)) as [[unknown]]
    expect(answer).toMatchObject({ ok: false, error: { code: 'invalid_request' } })
  })

  it('passes a coded failure through and hides an unexpected error behind internal_error', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const handlers: FrameHandlers = {
      connect: { params: v.any(), run: async () => Promise.reject(new FrameFailure('recovery_needed', 'Needs recovery.', { recoveryMethod: 'user-passcode' })) },
      clear: { params: v.any(), run: async () => Promise.reject(new Error('secret 0xdeadbeef in a message')) },
    }
    const f = serve(handlers)
    f.deliver(request('connect', {}, 'a'))
    f.deliver(request('clear', {}, 'b'))
    const answers = await f.answers(2)
    const byId = Object.fromEntries(answers.map(([a]) => [a.id, a]))
    expect(byId.a).toMatchObject({ ok: false, error: { code: 'recovery_needed', message: 'Needs recovery.', data: { recoveryMethod: 'user-passcode' } } })
    expect(byId.b).toEqual({ channel: FRAME_CHANNEL, type: 'response', id: 'b', ok: false, error: { code: 'internal_error', message: 'An error has occurred, please try again.' } })
  })

  it('stops listening when stopped', () => {
    const f = serve(clearHandler())
    stop!()
    stop = null
    expect(f.listening()).toBe(false)
  })
})
