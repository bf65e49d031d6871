/**
 * What the Farcaster screens share: the Farcaster mark, a phone check for the deep link, and the
 * wire code of an error.
 * @module
 */
import { IconBadge } from '../../../ui/components/IconBadge'

/** The Farcaster arch mark (also the landing row's icon). */
export const FARCASTER_ICON_PATH = 'M5 4h14v16h-2.5v-7.2a4.5 4.5 0 0 0-9 0V20H5V4Z'

/**
 * The Farcaster mark in a round tile above a screen's title.
 * @param props - `tone` picks the tile colour.
 * @returns the icon.
 * @example
 * ```tsx
 * <Screen icon={<FarcasterMark />} title="..." />
 * ```
 */
export function FarcasterMark({ tone = 'accent' }: { tone?: 'accent' | 'error' | 'success' }) {
  return (
    <IconBadge tone={tone}>
      <svg width="26" height="26" viewBox="0 0 24 24" fill="currentColor">
        <path d={FARCASTER_ICON_PATH} />
      </svg>
    </IconBadge>
  )
}

/**
 * Whether the page runs on a phone, where the connect URI opens the Farcaster app directly.
 * @returns true on phones and tablets.
 * @example
 * ```ts
 * if (isMobile()) location.href = connectUri
 * ```
 */
export function isMobile(): boolean {
  return typeof navigator !== 'undefined' && /Android|iPhone|iPad|iPod|Mobile/i.test(navigator.userAgent)
}

/**
 * The wire code of an error thrown by the API client or the kernel.
 * @param err - anything thrown.
 * @returns its `code`, if any.
 * @example
 * ```ts
 * codeOf(err) === 'exited_auth_flow'
 * ```
 */
export function codeOf(err: unknown): string | undefined {
  const c = (err as { code?: unknown } | null)?.code
  return typeof c === 'string' ? c : undefined
}

/** Polls every 2 s (spec constants). */
export const POLL_INTERVAL_MS = 2000
/** The login gives up after 120 s. */
export const LOGIN_TIMEOUT_MS = 120_000
/** The signer request gives up after 300 s. */
export const SIGNER_TIMEOUT_MS = 300_000

/**
 * Waits `ms`, or rejects when `signal` aborts.
 * @param ms - how long.
 * @param signal - aborts the wait.
 * @returns when the time is up.
 * @example
 * ```ts
 * await sleep(2000, controller.signal)
 * ```
 */
export function sleep(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    if (signal.aborted) return reject(new DOMException('aborted', 'AbortError'))
    const onAbort = () => {
      clearTimeout(t)
      reject(new DOMException('aborted', 'AbortError'))
    }
    // The listener goes with the wait: a long poll would otherwise pile one up per round.
    const t = setTimeout(() => {
      signal.removeEventListener('abort', onAbort)
      resolve()
    }, ms)
    signal.addEventListener('abort', onAbort, { once: true })
  })
}
