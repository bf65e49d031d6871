/**
 * `pollUntil`: the one polling loop of the funding methods (a purchase's status, a wallet's
 * balance), on the kernel's clock so tests run it fast.
 * @module
 */

/** Options of {@link pollUntil}. */
export interface PollOptions<T> {
  /** The wait between two attempts, in ms. */
  every: number
  /** The wait before the first attempt, in ms (a provider's follow-up delay). @defaultValue 0 */
  after?: number
  /**
   * One attempt: resolves with a value to stop polling with it, or undefined to try again after
   * `every`. A rejection counts as an error.
   */
  attempt: () => Promise<T | undefined>
  /**
   * How many errors in a row end the polling (rejecting with the last one); a successful attempt
   * resets the count. @defaultValue never: errors are retried
   */
  maxErrors?: number
  /** Whether an error counts toward `maxErrors` (a 404 while a purchase is not known yet does not). @defaultValue every error */
  counts?: (error: unknown) => boolean
  /** Stops the polling: the promise rejects with the signal's reason. */
  signal?: AbortSignal
}

/**
 * Calls `attempt` every `every` ms (after `after` ms) until it resolves with a value.
 * @param sleep - the kernel's wait (`ctx.sleep`).
 * @param options - the interval, the first delay, the attempt, the error limit and the signal.
 * @returns the first value an attempt resolved with.
 * @throws the last error once `maxErrors` counted errors came in a row; the signal's reason once aborted.
 * @example
 * ```ts
 * import { pollUntil } from 'portico/plugins/funding'
 * const status = await pollUntil(ctx.sleep, {
 *   after: 8000, every: 3000, maxErrors: 3,
 *   attempt: async () => { const s = await fetchStatus(); return s === 'pending' ? undefined : s },
 * })
 * ```
 */
export async function pollUntil<T>(sleep: (ms: number) => Promise<void>, options: PollOptions<T>): Promise<T> {
  const { signal } = options
  const check = () => {
    if (signal?.aborted) throw signal.reason
  }
  let errors = 0
  if (options.after) await sleep(options.after)
  for (;;) {
    check()
    try {
      const value = await options.attempt()
      check()
      if (value !== undefined) return value
      errors = 0
    } catch (error) {
      check()
      if (!options.counts || options.counts(error)) errors += 1
      if (options.maxErrors !== undefined && errors >= options.maxErrors) throw error
    }
    await sleep(options.every)
  }
}
