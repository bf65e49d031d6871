// @vitest-environment jsdom
/**
 * The wallet screens with a real kernel, the injected connector plugin and test wallets announced
 * in the page (EIP-6963), against the UI harness's HTTP server.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, screen, waitFor, within } from '@testing-library/react'
import { axeViolations, renderScreen, startHarness, type Harness } from '../../../test/support/ui-harness'
import { injected } from '../../../plugins/injected'
import { email } from '../../../plugins/email'
import { ANVIL_KEYS, createTestWallet, type TestWallet, type TestWalletOptions } from '../../../testing/evm-wallet/provider'
import { definePlugin } from '../../../kernel/plugin'
import { CONNECTIONS_STORAGE_KEY, wallets, walletsOf, type WalletAuthenticator } from '../index'
import { siwe } from '../../../plugins/siwe'
import { authenticated, wireUser } from '../../../test/support/ui-harness'
import { recoverMessageAddress, type Hex } from 'viem'

let h: Harness | null = null
const offs: (() => void)[] = []
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
  for (const off of offs.splice(0)) off()
})

/** Puts a test wallet in the page, announced by EIP-6963 like an extension. */
function installWallet(options: Partial<TestWalletOptions> = {}): TestWallet {
  const wallet = createTestWallet({ privateKey: ANVIL_KEYS[0], rpcUrl: 'http://127.0.0.1:9', ...options })
  const announce = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: wallet.info, provider: wallet.provider }) }))
  window.addEventListener('eip6963:requestProvider', announce)
  offs.push(() => window.removeEventListener('eip6963:requestProvider', announce))
  return wallet
}

const walletApp = { wallet_auth: true }

describe('wallet list', () => {
  it('default: lists the announced wallets as buttons with icons, installed; picking one opens the connecting screen', async () => {
    installWallet({ name: 'Alpha Wallet', rdns: 'dev.alpha', prompts: 'hold' })
    installWallet({ name: 'Beta Wallet', rdns: 'dev.beta', privateKey: ANVIL_KEYS[1] })
    h = await startHarness({ app: walletApp, plugins: [email(), injected()] })
    await renderScreen(h.kernel, 'wallets/list', { intent: 'connect' })
    const list = await screen.findByRole('list', { name: 'Wallets' })
    const buttons = within(list).getAllByRole('button')
    expect(buttons.map((b) => b.textContent)).toEqual(['Alpha WalletInstalled', 'Beta WalletInstalled'])
    expect(buttons[0]!.querySelector('img')?.getAttribute('alt')).toBe('')
    await act(async () => fireEvent.click(buttons[0]!))
    expect(await screen.findByRole('heading', { name: 'Waiting for Alpha Wallet' })).toBeTruthy()
  })

  it('behavior: the wallet of the newest connection is marked Recent', async () => {
    installWallet({ name: 'Alpha Wallet', rdns: 'dev.alpha' })
    installWallet({ name: 'MetaMask', rdns: 'io.metamask' })
    h = await startHarness({ app: walletApp, plugins: [email(), injected()] })
    h.kernel.contextFor('wallets').storage.set(
      CONNECTIONS_STORAGE_KEY,
      JSON.stringify([{ address: '0x1', connectorType: 'injected', walletClientType: 'metamask', connectedAt: 1 }]),
    )
    await renderScreen(h.kernel, 'wallets/list', { intent: 'connect' })
    const list = await screen.findByRole('list', { name: 'Wallets' })
    expect(within(list).getAllByRole('button').map((b) => b.textContent)).toEqual(['Alpha WalletInstalled', 'MetaMaskRecent'])
  })

  it('behavior: with no wallet, the list says so and leads to the install screen with a learn-more link', async () => {
    h = await startHarness({ app: walletApp, plugins: [email(), injected()] })
    await renderScreen(h.kernel, 'wallets/list', { intent: 'connect' })
    expect(await screen.findByText('No wallet was found in this browser.')).toBeTruthy()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: "I don't have a wallet" })))
    expect(await screen.findByRole('heading', { name: 'Get a wallet' })).toBeTruthy()
    expect(screen.getByRole('link', { name: 'Learn more about wallets' }).getAttribute('href')).toBe('https://ethereum.org/en/wallets/find-wallet/')
  })

  it('behavior: the landing shows the wallet row only with a connector plugin and a wallet sign-in', async () => {
    const signIn = definePlugin({
      id: 'wallet-sign-in-probe',
      kind: 'feature',
      requires: [wallets()],
      setup: (ctx) => walletsOf(ctx).addAuthenticator({ chainType: 'ethereum' } as WalletAuthenticator),
    })
    h = await startHarness({ app: walletApp, plugins: [email(), signIn], config: { appearance: { hideDirectWeb2Inputs: true } } })
    await renderScreen(h.kernel)
    await screen.findByRole('button', { name: 'Continue with email' })
    expect(screen.queryByRole('button', { name: 'Continue with a wallet' })).toBeNull()
    cleanup()
    await h.close()
    installWallet({ name: 'Alpha Wallet', rdns: 'dev.alpha' })
    // A connector without a wallet sign-in: nothing to sign in with.
    h = await startHarness({ app: walletApp, plugins: [email(), injected()], config: { appearance: { hideDirectWeb2Inputs: true } } })
    await renderScreen(h.kernel)
    await screen.findByRole('button', { name: 'Continue with email' })
    expect(screen.queryByRole('button', { name: 'Continue with a wallet' })).toBeNull()
    cleanup()
    await h.close()
    h = await startHarness({ app: walletApp, plugins: [email(), injected(), signIn], config: { appearance: { hideDirectWeb2Inputs: true } } })
    await renderScreen(h.kernel)
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Continue with a wallet' })))
    expect(await screen.findByRole('heading', { name: 'Log in with a wallet' })).toBeTruthy()
  })
})

describe('connecting screen', () => {
  it('behavior: connect intent connects, shows success and closes', async () => {
    const wallet = installWallet({ name: 'Alpha Wallet', rdns: 'dev.alpha' })
    h = await startHarness({ app: walletApp, plugins: [email(), injected()] })
    await renderScreen(h.kernel, 'wallets/connect', { intent: 'connect', entryId: 'injected:dev.alpha', name: 'Alpha Wallet' })
    expect(await screen.findByRole('heading', { name: 'Wallet connected' })).toBeTruthy()
    expect(walletsOf(h.kernel).connected().map((w) => w.address)).toEqual([wallet.controller.address()])
    // The modal closes by itself after the success state.
    await waitFor(() => expect(h!.kernel.state.modal.open).toBe(false))
  })

  it('behavior: a rejection shows the reason and Retry; two retries, then Unable to connect wallet', async () => {
    const wallet = installWallet({ name: 'Alpha Wallet', rdns: 'dev.alpha' })
    h = await startHarness({ app: walletApp, plugins: [email(), injected()] })
    wallet.controller.rejectNext()
    await renderScreen(h.kernel, 'wallets/connect', { intent: 'connect', entryId: 'injected:dev.alpha', name: 'Alpha Wallet' })
    expect(await screen.findByRole('heading', { name: 'Request rejected' })).toBeTruthy()
    expect(screen.getByRole('alert').textContent).toBe('User rejected the request.')
    for (let i = 0; i < 2; i++) {
      wallet.controller.rejectNext()
      await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Retry' })))
      await screen.findByRole('alert')
    }
    expect(await screen.findByRole('heading', { name: 'Unable to connect wallet' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Choose another wallet' })))
    expect(await screen.findByRole('list', { name: 'Wallets' })).toBeTruthy()
  })

  it('behavior: a retry after a rejection connects', async () => {
    const wallet = installWallet({ name: 'Alpha Wallet', rdns: 'dev.alpha' })
    h = await startHarness({ app: walletApp, plugins: [email(), injected()] })
    wallet.controller.rejectNext()
    await renderScreen(h.kernel, 'wallets/connect', { intent: 'connect', entryId: 'injected:dev.alpha', name: 'Alpha Wallet' })
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: 'Retry' })))
    expect(await screen.findByRole('heading', { name: 'Wallet connected' })).toBeTruthy()
  })
})

describe('sign-in through the connecting screen', () => {
  it('default: connects, signs the SIWE message with the wallet and finishes the login once', async () => {
    const wallet = installWallet({ name: 'Alpha Wallet', rdns: 'dev.alpha' })
    const address = wallet.controller.address()
    h = await startHarness({
      app: walletApp,
      plugins: [email(), injected(), siwe()],
      routes: {
        'POST /api/v1/siwe/init': () => ({ json: { nonce: 'abcdef0123456789', address, expires_at: new Date(Date.now() + 60_000).toISOString() } }),
        'POST /api/v1/siwe/authenticate': () => ({ json: authenticated(wireUser({ linked_accounts: [{ type: 'wallet', address, chain_type: 'ethereum' }] })) }),
      },
    })
    const logins: string[] = []
    h.kernel.onLogin((r) => logins.push(r.method))
    await renderScreen(h.kernel, 'wallets/list')
    await act(async () => fireEvent.click(await screen.findByRole('button', { name: /Alpha Wallet/ })))
    expect(await screen.findByRole('heading', { name: 'Success!' })).toBeTruthy()
    const [body] = h.calls('/api/v1/siwe/authenticate') as { message: string; signature: Hex; chainId: string; connectorType: string }[]
    // The wallet started on anvil's chain, which the app does not support: it was moved to the default chain first.
    expect(body!.chainId).toBe('eip155:1')
    expect(wallet.controller.calls()).toContain('wallet_addEthereumChain')
    expect(body!.connectorType).toBe('injected')
    expect(await recoverMessageAddress({ message: body!.message, signature: body!.signature })).toBe(address)
    expect(h.kernel.state.session.status).toBe('authenticated')
    expect(logins).toHaveLength(1)
  })

  it('behavior: a wallet linked to another user asks for a different wallet, without Retry', async () => {
    const wallet = installWallet({ name: 'Alpha Wallet', rdns: 'dev.alpha' })
    h = await startHarness({
      app: walletApp,
      plugins: [email(), injected(), siwe()],
      routes: {
        'POST /api/v1/siwe/init': () => ({ json: { nonce: 'abcdef0123456789', address: wallet.controller.address(), expires_at: new Date(Date.now() + 60_000).toISOString() } }),
        'POST /api/v1/siwe/authenticate': () => ({ status: 400, json: { error: 'Account linked to another user', code: 'linked_to_another_user' } }),
      },
    })
    await renderScreen(h.kernel, 'wallets/connect', { entryId: 'injected:dev.alpha', name: 'Alpha Wallet' })
    expect(await screen.findByRole('heading', { name: 'Use a different wallet' })).toBeTruthy()
    expect(screen.queryByRole('button', { name: 'Retry' })).toBeNull()
    expect(screen.getByRole('button', { name: 'Choose another wallet' })).toBeTruthy()
  })
})

describe('wallet screens', () => {
  const cases: [string, Record<string, unknown>][] = [
    ['wallets/list', {}],
    ['wallets/connect', { entryId: 'injected:dev.alpha', name: 'Alpha Wallet', preview: 'connecting' }],
    ['wallets/connect', { entryId: 'injected:dev.alpha', name: 'Alpha Wallet', preview: 'signing' }],
    ['wallets/connect', { entryId: 'injected:dev.alpha', name: 'Alpha Wallet', preview: 'rejected' }],
    ['wallets/connect', { entryId: 'injected:dev.alpha', name: 'Alpha Wallet', preview: 'linked' }],
    ['wallets/install', {}],
    ['wallets/install', { name: 'Phantom', url: 'https://phantom.com/download' }],
  ]
  it.each(cases)('default: %s renders and passes axe in light and dark (%o)', async (id, params) => {
    installWallet({ name: 'Alpha Wallet', rdns: 'dev.alpha' })
    h = await startHarness({ app: walletApp, plugins: [email(), injected()] })
    for (const theme of ['light', 'dark'] as const) {
      await renderScreen(h.kernel, id, params, theme)
      expect(await screen.findByRole('dialog')).toBeTruthy()
      expect(await axeViolations(), `${id} (${theme})`).toEqual([])
      cleanup()
    }
  })
})
