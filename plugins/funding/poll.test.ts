/** `pollUntil` and the unit helpers of the funding core. */
import { describe, expect, it } from 'vitest'
import { fromUnits, pollUntil, toUnits } from './index'

/** A clock that records each wait and returns at once. */
function clock() {
  const waits: number[] = []
  return { waits, sleep: async (ms: number) => void waits.push(ms) }
}

describe('pollUntil', () => {
  it('default: waits the first delay, then tries every interval until an attempt gives a value', async () => {
    const c = clock()
    let n = 0
    await expect(pollUntil(c.sleep, { after: 8000, every: 3000, attempt: async () => (++n === 3 ? 'done' : undefined) })).resolves.toBe('done')
    expect(c.waits).toEqual([8000, 3000, 3000])
  })

  it('behavior: stops after maxErrors counted errors in a row; uncounted errors and successes reset nothing but keep polling', async () => {
    const c = clock()
    const answers: (Error | undefined)[] = [new Error('404'), new Error('a'), undefined, new Error('b'), new Error('404'), new Error('c'), new Error('d')]
    let i = 0
    const attempt = async () => {
      const a = answers[i++]
      if (a) throw a
      return undefined
    }
    await expect(pollUntil(c.sleep, { every: 10, maxErrors: 3, counts: (e) => (e as Error).message !== '404', attempt })).rejects.toThrow('d')
    expect(i).toBe(7)
  })

  it('behavior: an aborted signal ends the polling with its reason', async () => {
    const c = clock()
    const controller = new AbortController()
    let n = 0
    const attempt = async () => {
      if (++n === 2) controller.abort(new Error('left'))
      return undefined
    }
    await expect(pollUntil(c.sleep, { every: 10, attempt, signal: controller.signal })).rejects.toThrow('left')
    expect(n).toBe(2)
  })
})

describe('units', () => {
  it('behavior: decimal amounts convert to and from smallest units (USDC 6, ether 18, SOL 9)', () => {
    expect(toUnits('1.5', 6)).toBe(1_500_000n)
    expect(toUnits('.5', 9)).toBe(500_000_000n)
    expect(toUnits('3', 18)).toBe(3n * 10n ** 18n)
    expect(toUnits('0.1234567', 6)).toBe(123_456n)
    expect(fromUnits(1_500_000n, 6)).toBe('1.5')
    expect(fromUnits(10n ** 18n, 18)).toBe('1')
    expect(fromUnits(5n, 9)).toBe('0.000000005')
  })
})
