/**
 * Reads the browser, OS and device kind from a User-Agent string, for the passkey account's
 * `created_with_*` fields (shown in the passkey list so users can tell their passkeys apart).
 * @module
 */

/** What {@link parseUserAgent} finds; each field is absent when the string does not say. */
export interface UserAgentInfo {
  browser?: string
  os?: string
  device?: string
}

// Order matters: Edge and Opera also say "Chrome", Chrome also says "Safari".
const BROWSERS: [RegExp, string][] = [
  [/\bEdg(?:e|A|iOS)?\//, 'Edge'],
  [/\bOPR\/|\bOpera\b/, 'Opera'],
  [/\bSamsungBrowser\//, 'Samsung Internet'],
  [/\bFirefox\/|\bFxiOS\//, 'Firefox'],
  [/\bCriOS\/|\bChrome\/|\bHeadlessChrome\//, 'Chrome'],
  [/\bVersion\/[\d.]+.*\bSafari\//, 'Safari'],
]

const SYSTEMS: [RegExp, string][] = [
  [/\b(?:iPhone|iPad|iPod)\b/, 'iOS'],
  [/\bAndroid\b/, 'Android'],
  [/\bCrOS\b/, 'ChromeOS'],
  [/\bWindows\b/, 'Windows'],
  [/\bMac OS X\b|\bMacintosh\b/, 'macOS'],
  [/\bLinux\b/, 'Linux'],
]

/**
 * Parses a User-Agent header.
 * @param ua - the header (may be empty).
 * @returns the browser name, OS name and device kind (`iPhone`, `iPad`, `Mobile`, `Desktop`).
 * @example
 * ```ts
 * import { parseUserAgent } from 'portico/plugins/passkey'
 * parseUserAgent('Mozilla/5.0 (Macintosh; Intel Mac OS X 10_15_7) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0 Safari/537.36')
 * // { browser: 'Chrome', os: 'macOS', device: 'Desktop' }
 * ```
 */
export function parseUserAgent(ua: string | undefined): UserAgentInfo {
  if (!ua) return {}
  const browser = BROWSERS.find(([re]) => re.test(ua))?.[1]
  const os = SYSTEMS.find(([re]) => re.test(ua))?.[1]
  const device = /\biPhone\b/.test(ua)
    ? 'iPhone'
    : /\biPad\b/.test(ua)
      ? 'iPad'
      : /\bMobile\b|\bAndroid\b/.test(ua)
        ? 'Mobile'
        : os
          ? 'Desktop'
          : undefined
  return { ...(browser ? { browser } : {}), ...(os ? { os } : {}), ...(device ? { device } : {}) }
}
