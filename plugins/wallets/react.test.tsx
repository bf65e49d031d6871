// @vitest-environment jsdom
/**
 * The wallets plugin's host hooks, rendered under a provider with a real kernel.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, render, screen } from '@testing-library/react'
import { PorticoProvider } from '../../ui/provider'
import { startHarness, type Harness } from '../../test/support/ui-harness'
import { createPortico } from '../../kernel/kernel'
import { definePlugin } from '../../kernel/plugin'
import { createMemoryStorage } from '../../kernel/storage'
import { email } from '../email'
import { createEip1193Connector, createLocalProvider, entryFor, TEST_KEYS } from './test-wallet'
import { WALLET_SCREENS, wallets, walletsOf } from './index'
import { useConnectWallet, useWallets } from './react'
import * as porticoReact from '../../ui/index'

let h: Harness | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
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
    const kernel = createPortico({
      appId: 'clabcdefghijklmnopqrstuvw',
      plugins: [wallets()],
      storage: createMemoryStorage(),
      // No API in this test: the configuration fails to load, which the hook does not need.
      fetch: async () => new Response('{}', { status: 503 }),
    })
    const ctx = kernel.contextFor('wallets')
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
    expect(kernel.state.modal.stack.at(-1)).toEqual({ screen: 'wallets/list', params: { intent: 'connect' } })
    // The open modal hides the page from assistive technology (aria-modal): close it first.
    await act(async () => kernel.closeModal())
    const solana = await screen.findByRole('button', { name: 'Connect Solana' })
    await act(async () => fireEvent.click(solana))
    expect(kernel.state.modal.stack.at(-1)!.params).toEqual({ intent: 'connect', walletChainType: 'solana-only' })
    kernel.destroy()
  })
})

describe('wallets plugin', () => {
  it('default: registers the screens WALLET_SCREENS names', () => {
    const kernel = createPortico({ appId: 'clabcdefghijklmnopqrstuvw', plugins: [wallets()], storage: createMemoryStorage() })
    for (const id of Object.values(WALLET_SCREENS)) expect(() => kernel.openModal(id)).not.toThrow()
    kernel.destroy()
  })
})

describe('portico/react', () => {
  it('compatibility: re-exports the same useWallets and useConnectWallet', () => {
    expect(porticoReact.useWallets).toBe(useWallets)
    expect(porticoReact.useConnectWallet).toBe(useConnectWallet)
  })
})
