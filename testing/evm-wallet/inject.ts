/**
 * Puts the test wallet into a Playwright page: its browser script (`./browser.ts`, bundled once per
 * process) and its config as an init script, so the wallets exist before the page's own scripts run.
 * @module
 */
import type { Page } from '@playwright/test'
import { browserScript } from '../scripts'
import type { BrowserWalletConfig } from './browser'

/**
 * The browser script of the test wallet (an IIFE that reads `window.__portico_test_wallet_config`).
 * @returns the script text.
 * @example
 * ```ts
 * import { testWalletScript } from 'portico/testing'
 * const js = `window.__portico_test_wallet_config = ${JSON.stringify({ wallets })};\n${await testWalletScript()}`
 * ```
 */
export function testWalletScript(): Promise<string> {
  return browserScript(new URL('./browser.ts', import.meta.url))
}

/**
 * Injects test wallets into a page before it loads: each is announced by EIP-6963 (and, with
 * `legacy`, set as `window.ethereum`). Steer them with {@link testWallet} or
 * `page.evaluate(() => window.__portico_test_wallet!.rejectNext())`.
 * @param page - the Playwright page.
 * @param wallets - one config per wallet (key, RPC URL, EIP-6963 info...).
 * @returns once the init script is registered.
 * @example
 * ```ts
 * import { ANVIL_KEYS, injectTestWallet } from 'portico/testing'
 * await injectTestWallet(page, [{ privateKey: ANVIL_KEYS[0], rpcUrl: 'http://127.0.0.1:8545' }])
 * await page.goto('/')
 * ```
 */
export async function injectTestWallet(page: Page, wallets: BrowserWalletConfig[]): Promise<void> {
  const config = `window.__portico_test_wallet_config = ${JSON.stringify({ wallets })};\n`
  await page.addInitScript({ content: config + (await testWalletScript()) })
}
