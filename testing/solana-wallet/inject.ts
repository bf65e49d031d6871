/**
 * Puts the test Solana wallet into a Playwright page: its browser script (`./browser.ts`, bundled
 * once per process) as an init script, so the wallet registers through the Wallet Standard before
 * the page's own scripts run.
 * @module
 */
import type { Page } from '@playwright/test'
import { browserScript } from '../scripts'
import type {} from './browser'
import type { TestWalletMode } from './wallet'

/**
 * The browser script of the test Solana wallet (an IIFE that registers it and exposes its control as
 * `window.__portico_test_solana_wallet`).
 * @returns the script text.
 * @example
 * ```ts
 * import { testSolanaWalletScript } from 'portico/testing'
 * await page.addInitScript({ content: await testSolanaWalletScript() })
 * ```
 */
export function testSolanaWalletScript(): Promise<string> {
  return browserScript(new URL('./browser.ts', import.meta.url))
}

/**
 * Injects the test Solana wallet into a page before it loads.
 * @param page - the Playwright page.
 * @param options - `mode`: how it answers prompts at first; `rpcUrl`: the cluster its
 *   `solana:signAndSendTransaction` sends to (without it the wallet cannot send). @defaultValue `{ mode: 'approve' }`
 * @returns once the init script is registered.
 * @example
 * ```ts
 * import { injectTestSolanaWallet } from 'portico/testing'
 * await injectTestSolanaWallet(page)
 * await page.goto('/')
 * const address = await page.evaluate(() => window.__portico_test_solana_wallet!.address)
 * ```
 */
export async function injectTestSolanaWallet(page: Page, options: { mode?: TestWalletMode; rpcUrl?: string } = {}): Promise<void> {
  const mode = `window.__portico_test_solana_wallet_mode = ${JSON.stringify(options.mode ?? 'approve')};\n`
  const rpcUrl = options.rpcUrl ? `window.__portico_test_solana_wallet_rpc_url = ${JSON.stringify(options.rpcUrl)};\n` : ''
  await page.addInitScript({ content: mode + rpcUrl + (await testSolanaWalletScript()) })
}
