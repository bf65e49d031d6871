/**
 * Finds the Chromium the browser tests drive: `PORTICO_CHROMIUM`, else Debian's `/usr/bin/chromium`,
 * else Playwright's own download (undefined lets Playwright choose).
 */
import { existsSync } from 'node:fs'

/** Path of the Chromium executable, or undefined for Playwright's own. */
export function chromiumPath(): string | undefined {
  const fromEnv = process.env.PORTICO_CHROMIUM
  if (fromEnv && existsSync(fromEnv)) return fromEnv
  if (existsSync('/usr/bin/chromium')) return '/usr/bin/chromium'
  return undefined
}

/** Flags that keep headless Chromium quiet on a machine without network access. */
export const CHROMIUM_ARGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
]
