/**
 * Vitest setup for every test file. Waits on states (`findBy*`, `waitFor`, `vi.waitFor`,
 * `vi.waitUntil`) get a limit long enough for two busy cores: a state that comes late still passes,
 * one that never comes still fails. A wait that names its own timeout keeps it.
 */
import { vi } from 'vitest'

/** The limit of a wait on a state that names none (vitest's and the testing library's own is 1 s). */
const STATE_WAIT_MS = 15_000

const waitFor = vi.waitFor.bind(vi)
const waitUntil = vi.waitUntil.bind(vi)
type WaitOptions = Parameters<typeof vi.waitFor>[1]
const withLimit = (options: WaitOptions): WaitOptions => (typeof options === 'number' ? options : { timeout: STATE_WAIT_MS, ...options })
vi.waitFor = ((callback: Parameters<typeof vi.waitFor>[0], options?: WaitOptions) => waitFor(callback, withLimit(options))) as typeof vi.waitFor
vi.waitUntil = ((callback: Parameters<typeof vi.waitUntil>[0], options?: WaitOptions) => waitUntil(callback, withLimit(options))) as typeof vi.waitUntil

// The jsdom files only: Node files (servers) never load the DOM testing library.
if (typeof window !== 'undefined') {
  const { configure } = await import('@testing-library/react')
  configure({ asyncUtilTimeout: STATE_WAIT_MS })
}
