// @vitest-environment jsdom
/**
 * Following a MoonPay purchase: the status mapping of spec §4 and the polling of spec §9 (first read
 * after 8 s, then every 3000 ms, stop on a final status or after 3 consecutive failed reads), with
 * fake timers.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import {
  MOONPAY_FOLLOW_UP_MS,
  MOONPAY_POLL_MS,
  followMoonpayPurchase,
  moonpayStatusOf,
  readMoonpayTransaction,
  type MoonpayStatus,
  type MoonpayTransaction,
} from './status'

beforeEach(() => vi.useFakeTimers())
afterEach(() => vi.useRealTimers())

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms))
const notFound = () => Promise.resolve(null)
const tx = (status: string, paymentMethod = 'credit_debit_card'): MoonpayTransaction => ({ status, paymentMethod })

describe('moonpayStatusOf', () => {
  it.each([
    [null, 'pending'],
    [tx('waitingPayment'), 'pending'],
    [tx('pending'), 'pending'],
    [tx('waitingAuthorization', 'credit_debit_card'), 'pending'],
    [tx('waitingAuthorization', 'sepa_bank_transfer'), 'awaitingAuthorization'],
    [tx('completed'), 'completed'],
    [tx('failed'), 'failed'],
  ] as const)('maps %j to %s', (input, expected) => {
    expect(moonpayStatusOf(input)).toBe(expected)
  })
})

/** Runs a follow-up whose reads answer in turn from `answers` (a function throws), recording when each read happened. */
function follow(answers: (MoonpayTransaction | null | (() => never))[]) {
  const readAt: number[] = []
  const statuses: MoonpayStatus[] = []
  const start = Date.now()
  let i = 0
  const read = () => {
    readAt.push(Date.now() - start)
    const answer = answers[Math.min(i++, answers.length - 1)]
    return typeof answer === 'function' ? Promise.reject(new Error('503')) : Promise.resolve(answer ?? null)
  }
  const done = followMoonpayPurchase({ read, sleep, onStatus: (s) => statuses.push(s) })
  return { done, readAt, statuses }
}
const fail = (): never => {
  throw new Error('503')
}

describe('followMoonpayPurchase', () => {
  it('reads first after the 8 s follow-up, then every 3000 ms until completed', async () => {
    const run = follow([null, tx('pending'), tx('waitingAuthorization'), tx('completed')])
    await vi.advanceTimersByTimeAsync(MOONPAY_FOLLOW_UP_MS - 1)
    expect(run.readAt).toEqual([])
    await vi.advanceTimersByTimeAsync(1 + 3 * MOONPAY_POLL_MS)
    await expect(run.done).resolves.toMatchObject({ status: 'completed' })
    expect(run.readAt).toEqual([8000, 11000, 14000, 17000])
    expect(run.statuses).toEqual(['pending', 'pending', 'pending', 'completed'])
  })

  it('stops on failed and on awaitingAuthorization', async () => {
    for (const [last, expected] of [[tx('failed'), 'failed'], [tx('waitingAuthorization', 'ach_bank_transfer'), 'awaitingAuthorization']] as const) {
      const run = follow([tx('pending'), last, tx('completed')])
      await vi.advanceTimersByTimeAsync(MOONPAY_FOLLOW_UP_MS + 10 * MOONPAY_POLL_MS)
      await expect(run.done).resolves.toMatchObject({ status: expected })
      expect(run.readAt).toHaveLength(2)
    }
  })

  it('ends as serviceFailure after 3 consecutive failed reads', async () => {
    const run = follow([fail, fail, fail, tx('completed')])
    await vi.advanceTimersByTimeAsync(MOONPAY_FOLLOW_UP_MS + 10 * MOONPAY_POLL_MS)
    await expect(run.done).resolves.toMatchObject({ status: 'serviceFailure' })
    expect(run.readAt).toEqual([8000, 11000, 14000])
    expect(run.statuses).toEqual(['pending', 'pending', 'serviceFailure'])
  })

  it('counts only consecutive failures: an answer (404 included) in between resets the count', async () => {
    const run = follow([fail, fail, null, fail, fail, tx('completed')])
    await vi.advanceTimersByTimeAsync(MOONPAY_FOLLOW_UP_MS + 10 * MOONPAY_POLL_MS)
    await expect(run.done).resolves.toMatchObject({ status: 'completed' })
    expect(run.readAt).toHaveLength(6)
  })

  it('stops reading once aborted and resolves with null', async () => {
    const controller = new AbortController()
    const read = vi.fn(notFound)
    const done = followMoonpayPurchase({ read, sleep, signal: controller.signal })
    await vi.advanceTimersByTimeAsync(MOONPAY_FOLLOW_UP_MS + MOONPAY_POLL_MS)
    expect(read).toHaveBeenCalledTimes(2)
    controller.abort()
    await vi.advanceTimersByTimeAsync(10 * MOONPAY_POLL_MS)
    await expect(done).resolves.toBeNull()
    expect(read).toHaveBeenCalledTimes(2)
  })
})

describe('readMoonpayTransaction', () => {
  it('asks transactions/ext/{id} with the apiKey query and reads the first item of the list', async () => {
    const fetchImpl = vi.fn(async () => new Response(JSON.stringify([tx('completed'), tx('failed')]), { status: 200 }))
    await expect(readMoonpayTransaction('https://api.moonpay.test/', 'pk_test_a', 'ext/1', fetchImpl)).resolves.toMatchObject({ status: 'completed' })
    expect(fetchImpl).toHaveBeenCalledWith('https://api.moonpay.test/v1/transactions/ext/ext%2F1?apiKey=pk_test_a', expect.anything())
  })

  it('answers null on 404 and throws on other errors', async () => {
    await expect(readMoonpayTransaction('https://m.test', 'pk', 'x', async () => new Response('[]', { status: 404 }))).resolves.toBeNull()
    await expect(readMoonpayTransaction('https://m.test', 'pk', 'x', async () => new Response('', { status: 500 }))).rejects.toThrow('500')
  })
})
