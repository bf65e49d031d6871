/**
 * The package version, sent in the `privy-client` header as `portico:<version>`.
 * Kept as a constant so the browser bundle does not pull in package.json.
 * @example
 * ```ts
 * import { PORTICO_VERSION } from 'portico/kernel'
 * console.log(`portico:${PORTICO_VERSION}`)
 * ```
 */
export const PORTICO_VERSION = '0.1.0'
