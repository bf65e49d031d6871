/**
 * The device-share storage of a frame page: the API origin's `localStorage`, or memory when the
 * browser refuses storage to the frame (the wallet then recovers on each visit, as on a new device).
 * @module
 */
import type { ShareStorage } from './wallets'

/**
 * The frame's storage.
 * @returns `localStorage` when it works, else a store in memory.
 */
export function frameStorage(): ShareStorage {
  try {
    const probe = 'portico:ew:probe'
    localStorage.setItem(probe, '1')
    localStorage.removeItem(probe)
    return localStorage
  } catch {
    const memory = new Map<string, string>()
    return {
      getItem: (key) => memory.get(key) ?? null,
      setItem: (key, value) => void memory.set(key, value),
      removeItem: (key) => void memory.delete(key),
    }
  }
}
