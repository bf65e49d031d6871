// @vitest-environment jsdom
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { PorticoProvider } from './provider'
import { useConnectWallet, useLogin, usePortico, useWallets } from './hooks'
import { createPortico } from '../kernel/kernel'
import { definePlugin } from '../kernel/plugin'
import { wallets, walletsOf } from '../plugins/wallets'
import { createMemoryStorage } from '../kernel/storage'
import { email } from '../plugins/email'
import { createEip1193Connector, createLocalProvider, entryFor, TEST_KEYS } from '../plugins/wallets/test-wallet'
import { startHarness, type Harness } from './test-harness'

let h: Harness | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

function Buttons() {
  const { login } = usePortico()
  const { login: loginWithCallbacks } = useLogin()
  return (
    <>
      <button onClick={login}>Plain</button>
      <button onClick={() => login({ disableSignup: true })}>Existing only</button>
      <button onClick={() => loginWithCallbacks({ disableSignup: true })}>Existing only (useLogin)</button>
    </>
  )
}

/** Opens the modal with a button, then sends an address and a code; returns the authenticate bodies. */
async function loginThrough(button: string): Promise<unknown[]> {
  await act(async () => fireEvent.click(screen.getByRole('button', { name: button })))
  const input = await screen.findByLabelText('Email address')
  await act(async () => fireEvent.change(input, { target: { value: 'ada@example.com' } }))
  await act(async () => fireEvent.submit(input.closest('form')!))
  await screen.findByRole('heading', { name: 'Enter confirmation code' })
  const boxes = await screen.findAllByRole('textbox')
  await act(async () => {
    boxes[0]!.focus()
    fireEvent.paste(boxes[0]!, { clipboardData: { getData: () => '123456' } })
  })
  return h!.calls('/api/v1/passwordless/authenticate')
}

async function start() {
  h = await startHarness({
    routes: {
      'POST /api/v1/passwordless/init': () => ({ json: { success: true } }),
      'POST /api/v1/passwordless/authenticate': () => ({ status: 404, json: { error: 'User does not exist', code: 'user_does_not_exist' } }),
    },
  })
  render(
    <PorticoProvider kernel={h.kernel}>
      <Buttons />
    </PorticoProvider>,
  )
}

describe('login({ disableSignup })', () => {
  it('behavior: usePortico().login({ disableSignup: true }) sends mode no-signup and shows Account not found', async () => {
    await start()
    await loginThrough('Existing only')
    expect(await screen.findByRole('heading', { name: 'Account not found' })).toBeTruthy()
    expect(h!.calls('/api/v1/passwordless/authenticate')).toEqual([{ email: 'ada@example.com', code: '123456', mode: 'no-signup' }])
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Try logging in again' })))
    expect(h!.kernel.state.modal.stack.map((s) => s.screen)).toEqual(['portico/landing'])
  })

  it('behavior: useLogin().login({ disableSignup: true }) sends mode no-signup', async () => {
    await start()
    await loginThrough('Existing only (useLogin)')
    await screen.findByRole('heading', { name: 'Account not found' })
    expect(h!.calls('/api/v1/passwordless/authenticate')).toMatchObject([{ mode: 'no-signup' }])
  })

  it('default: onClick={login} (a click event as argument) still signs up', async () => {
    await start()
    await loginThrough('Plain')
    await screen.findByRole('heading', { name: 'Account not found' })
    expect(h!.calls('/api/v1/passwordless/authenticate')).toMatchObject([{ mode: 'login-or-sign-up' }])
  })
})

describe('useWallets', () => {
  function WalletList() {
    const { ready, wallets } = useWallets()
    return (
      <ul aria-label="wallets" data-ready={ready}>
        {wallets.map((w) => (
          <li key={w.address}>
            {w.address} {w.chainId}
          </li>
        ))}
      </ul>
    )
  }

  it('behavior: re-renders when a wallet connects, changes chain and disconnects', async () => {
    const provider = createLocalProvider({ keys: [TEST_KEYS[0]] })
    const entry = entryFor('test:io.metamask', createEip1193Connector(provider))
    const source = definePlugin({ id: 'test-wallets', kind: 'connector', requires: [wallets()], setup: (ctx) => walletsOf(ctx).addSource({ entries: () => [entry] }) })
    h = await startHarness({ plugins: [email(), source] })
    render(
      <PorticoProvider kernel={h.kernel}>
        <WalletList />
      </PorticoProvider>,
    )
    const list = screen.getByRole('list', { name: 'wallets' })
    expect(list.dataset.ready).toBe('true')
    expect(screen.queryAllByRole('listitem')).toHaveLength(0)
    const address = provider.accounts[0]!.address
    await act(async () => void (await walletsOf(h!.kernel).connect(entry.id)))
    expect(screen.getByRole('listitem').textContent).toBe(`${address} eip155:1`)
    await act(async () => provider.emit('chainChanged', '0x2105'))
    expect(screen.getByRole('listitem').textContent).toBe(`${address} eip155:8453`)
    await act(async () => provider.emit('accountsChanged', []))
    expect(screen.queryAllByRole('listitem')).toHaveLength(0)
  })
})

describe('useConnectWallet', () => {
  it("behavior: opens the modal at the wallet list with intent 'connect', signed out, ignoring a click event", async () => {
    // The wallet list screen belongs to the UI; a stand-in of the same id keeps this test on the hook.
    const shell = definePlugin({
      id: 'portico',
      kind: 'feature',
      screens: { wallets: { load: async () => ({ default: () => <h2>Pick a wallet</h2> }) } },
    })
    const kernel = createPortico({
      appId: 'clabcdefghijklmnopqrstuvw',
      plugins: [shell],
      storage: createMemoryStorage(),
      // No API in this test: the configuration fails to load, which the hook does not need.
      fetch: async () => new Response('{}', { status: 503 }),
    })
    const ctx = kernel.contextFor('portico')
    function Connect() {
      const { connectWallet } = useConnectWallet()
      return (
        <>
          <button onClick={connectWallet}>Connect</button>
          <button onClick={() => connectWallet({ walletChainType: 'solana-only' })}>Connect Solana</button>
        </>
      )
    }
    render(
      <PorticoProvider kernel={kernel}>
        <Connect />
      </PorticoProvider>,
    )
    await act(async () => fireEvent.click(screen.getByRole('button', { name: 'Connect' })))
    expect(ctx.intent()).toBe('connect')
    expect(kernel.state.modal.open).toBe(true)
    expect(kernel.state.modal.stack.at(-1)).toEqual({ screen: 'portico/wallets', params: { intent: 'connect' } })
    // The open modal hides the page from assistive technology (aria-modal): close it first.
    await act(async () => kernel.closeModal())
    const solana = await screen.findByRole('button', { name: 'Connect Solana' })
    await act(async () => fireEvent.click(solana))
    expect(kernel.state.modal.stack.at(-1)!.params).toEqual({ intent: 'connect', walletChainType: 'solana-only' })
    kernel.destroy()
  })
})
