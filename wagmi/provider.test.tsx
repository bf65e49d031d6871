// @vitest-environment jsdom
/**
 * `WagmiProvider` and `useSetActiveWallet` of `portico/wagmi` under a real Portico kernel: wallets
 * connected through Portico's wallet registry become wagmi's account.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { act, cleanup, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { useAccount, useDisconnect, useSwitchChain } from 'wagmi'
import { base, mainnet } from 'wagmi/chains'
import { custom } from 'viem'
import { PorticoProvider, useWallets } from 'portico/react'
import { definePlugin } from 'portico/kernel'
import { wallets, walletsOf } from 'portico/plugins/wallets'
import { email } from 'portico/plugins/email'
import { createConfig, useSetActiveWallet, WagmiProvider } from 'portico/wagmi'
import { startHarness, type Harness } from '../test/support/ui-harness'
import { createEip1193Connector, createLocalProvider, entryFor, TEST_KEYS } from '../plugins/wallets/test-wallet'

let h: Harness | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

const noChain = custom({ request: async ({ method }) => Promise.reject(new Error(`no chain for ${method}`)) })

/** Two injected wallets a test connects through Portico's registry. */
async function setup() {
  const first = createLocalProvider({ keys: [TEST_KEYS[0]], knownChains: [1, 8453] })
  const second = createLocalProvider({ keys: [TEST_KEYS[1]] })
  const entries = [
    entryFor('test:first', createEip1193Connector(first, { name: 'First', id: 'first' })),
    entryFor('test:second', createEip1193Connector(second, { name: 'Second', id: 'second' })),
  ]
  const source = definePlugin({ id: 'test-wallets', kind: 'connector', requires: [wallets()], setup: (ctx) => walletsOf(ctx).addSource({ entries: () => entries }) })
  h = await startHarness({ plugins: [email(), source] })
  const config = createConfig({ chains: [mainnet, base], transports: { [mainnet.id]: noChain, [base.id]: noChain }, storage: null })
  render(
    <PorticoProvider kernel={h.kernel}>
      <QueryClientProvider client={new QueryClient()}>
        <WagmiProvider config={config}>
          <Page />
        </WagmiProvider>
      </QueryClientProvider>
    </PorticoProvider>,
  )
  const connect = (id: string) => act(async () => void (await walletsOf(h!.kernel).connect(id)))
  return { first: first.accounts[0]!.address, second: second.accounts[0]!.address, firstProvider: first, connect }
}

function Page() {
  const { address, chainId, status } = useAccount()
  const { wallets: connected } = useWallets()
  const { setActiveWallet } = useSetActiveWallet()
  const { switchChain } = useSwitchChain()
  const { disconnect } = useDisconnect()
  return (
    <div>
      <output aria-label="wagmi">{`${status} ${address ?? '-'} ${chainId ?? '-'}`}</output>
      {connected.map((w) => (
        <button key={w.address} type="button" onClick={() => setActiveWallet(w)}>
          Use {w.meta.name}
        </button>
      ))}
      <button type="button" onClick={() => switchChain({ chainId: base.id })}>Base</button>
      <button type="button" onClick={() => disconnect()}>Disconnect</button>
    </div>
  )
}

const wagmiAccount = () => screen.getByRole('status', { name: 'wagmi' }).textContent

describe('WagmiProvider', () => {
  it('default: a wallet Portico connects is wagmi’s account; its chain change and disconnection follow', async () => {
    const { first, firstProvider, connect } = await setup()
    // wagmi's reconnect on mount finds no wallet.
    await waitFor(() => expect(wagmiAccount()).toBe('disconnected - -'))
    await connect('test:first')
    await waitFor(() => expect(wagmiAccount()).toBe(`connected ${first} 1`))
    await act(async () => firstProvider.emit('chainChanged', '0x2105'))
    await waitFor(() => expect(wagmiAccount()).toBe(`connected ${first} 8453`))
    await act(async () => firstProvider.emit('accountsChanged', []))
    await waitFor(() => expect(wagmiAccount()).toMatch(/^disconnected - /))
  })

  it('behavior: the newest wallet is the account until the host picks another; when the pick disconnects, the newest again', async () => {
    const { first, second, connect } = await setup()
    await connect('test:first')
    await connect('test:second')
    await waitFor(() => expect(wagmiAccount()).toBe(`connected ${second} 1`))
    fireEvent.click(screen.getByRole('button', { name: 'Use First' }))
    await waitFor(() => expect(wagmiAccount()).toBe(`connected ${first} 1`))
    await act(async () => walletsOf(h!.kernel).disconnect(first))
    await waitFor(() => expect(wagmiAccount()).toBe(`connected ${second} 1`))
  })

  it('behavior: wagmi’s switchChain moves the wallet in Portico; wagmi’s disconnect disconnects it there', async () => {
    const { first, firstProvider, connect } = await setup()
    await connect('test:first')
    await waitFor(() => expect(wagmiAccount()).toBe(`connected ${first} 1`))
    fireEvent.click(screen.getByRole('button', { name: 'Base' }))
    await waitFor(() => expect(wagmiAccount()).toBe(`connected ${first} 8453`))
    expect(firstProvider.chain()).toBe(8453)
    expect(walletsOf(h!.kernel).connected()[0]?.chainId).toBe('eip155:8453')
    fireEvent.click(screen.getByRole('button', { name: 'Disconnect' }))
    await waitFor(() => expect(walletsOf(h!.kernel).connected()).toEqual([]))
    await waitFor(() => expect(wagmiAccount()).toMatch(/^disconnected - /))
  })

  it('error: useSetActiveWallet outside WagmiProvider, or with a wallet that is not connected, throws', async () => {
    h = await startHarness({ plugins: [email(), wallets()] })
    function Outside() {
      useSetActiveWallet()
      return null
    }
    expect(() => render(<PorticoProvider kernel={h!.kernel}><Outside /></PorticoProvider>)).toThrow(/outside WagmiProvider/)
    cleanup()
    let pick: ((address: string) => void) | null = null
    function Inside() {
      pick = useSetActiveWallet().setActiveWallet
      return null
    }
    const config = createConfig({ chains: [mainnet], transports: { [mainnet.id]: noChain }, storage: null })
    render(
      <PorticoProvider kernel={h.kernel}>
        <WagmiProvider config={config}>
          <Inside />
        </WagmiProvider>
      </PorticoProvider>,
    )
    expect(() => pick!('0x0000000000000000000000000000000000000001')).toThrow(/not a connected Ethereum wallet/)
  })
})
