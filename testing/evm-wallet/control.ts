/**
 * The injected test wallet's controls, driven from the test's side of a Playwright page.
 * @module
 */
import type { Page } from '@playwright/test'
import type {} from './browser'

/** The controls of one injected wallet, each a call into the page. */
export interface PageWalletControls {
  /** The address the wallet exposes. */
  address(): Promise<string>
  /** Makes the wallet's next prompt (connect, sign, send, switch) fail with 4001 'User rejected the request.'. */
  rejectNext(): Promise<void>
  /** Makes the wallet hold its prompts (`'hold'`) until {@link approve} or {@link reject}, or answer them at once (`'approve'`). */
  setPrompts(mode: 'approve' | 'hold'): Promise<void>
  /** The held prompts' methods, oldest first. */
  pending(): Promise<string[]>
  /** Approves the oldest held prompt. */
  approve(): Promise<void>
  /** Rejects the oldest held prompt with 4001. */
  reject(): Promise<void>
  /** Moves the wallet to another chain from its side, as a user does in the wallet. */
  switchChain(chainId: number): Promise<void>
  /** Ends the page's access from the wallet's side (`accountsChanged` with no accounts). */
  disconnect(): Promise<void>
  /** The methods the page called, in order. */
  calls(): Promise<string[]>
}

/**
 * The controls of a wallet that {@link injectTestWallet} put into the page.
 * @param page - the page, loaded after the injection.
 * @param id - the wallet's rdns or name, when several were injected. @defaultValue the first wallet
 * @returns its controls.
 * @example
 * ```ts
 * import { testWallet } from 'portico/testing'
 * const wallet = testWallet(page)
 * await wallet.rejectNext()
 * await page.getByRole('button', { name: 'Sign message' }).click() // the page sees 4001
 * ```
 */
export function testWallet(page: Page, id?: string): PageWalletControls {
  type Call = 'address' | 'rejectNext' | 'setPrompts' | 'pending' | 'approve' | 'reject' | 'switchChain' | 'disconnect' | 'calls'
  const call = <T>(method: Call, arg?: unknown): Promise<T> =>
    page.evaluate(
      async ({ id, method, arg }) => {
        const handle = window.__portico_test_wallet
        if (!handle) throw new Error('No test wallet in this page: call injectTestWallet before the page loads')
        const wallet = (id ? handle.get(id) : handle) as unknown as Record<string, (arg?: unknown) => unknown>
        return (await wallet[method]!(arg)) as never
      },
      { id, method, arg },
    ) as Promise<T>
  return {
    address: () => call('address'),
    rejectNext: () => call('rejectNext'),
    setPrompts: (mode) => call('setPrompts', mode),
    pending: () => call('pending'),
    approve: () => call('approve'),
    reject: () => call('reject'),
    switchChain: (chainId) => call('switchChain', chainId),
    disconnect: () => call('disconnect'),
    calls: () => call('calls'),
  }
}
