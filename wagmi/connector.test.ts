import { describe, expect, it } from 'vitest'
import { custom, defineChain, UserRejectedRequestError, SwitchChainError, type Hex } from 'viem'
import { connect, disconnect, getAccount, sendTransaction, signMessage, switchChain } from 'wagmi/actions'
import { createConfig, isPorticoConnector, PorticoNoWalletError, type PorticoWagmiWallet } from 'portico/wagmi'
import { followInWagmi } from './connector'
import { activeWalletOf } from './provider'
import type { WalletHandle } from 'portico/plugins/wallets'

const ONE = defineChain({ id: 31337, name: 'One', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } })
const TWO = defineChain({ id: 31338, name: 'Two', nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 }, rpcUrls: { default: { http: ['http://127.0.0.1:1'] } } })
const ALICE = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const BOB = '0x3C44CdDdB6a900fa2b585dd299e03d12FA4293BC'

/** Reads never reach a chain here: every read the config makes fails loudly. */
const noChain = custom({ request: async ({ method }) => Promise.reject(new Error(`no chain for ${method}`)) })

function makeConfig() {
  return createConfig({ chains: [ONE, TWO], transports: { [ONE.id]: noChain, [TWO.id]: noChain }, storage: null })
}

function connectorOf(config: ReturnType<typeof makeConfig>) {
  const connector = config.connectors.find(isPorticoConnector)
  if (!connector) throw new Error('no Portico connector')
  return connector
}

interface FakeWallet extends PorticoWagmiWallet {
  requests: { method: string; params?: unknown }[]
  disconnected: number
  rejectSwitch: boolean
}

/** A Portico wallet as `useWallets()` hands it out, with a provider that records what it is asked. */
function fakeWallet(address: string, chainId = 'eip155:31337'): FakeWallet {
  const wallet: FakeWallet = {
    address,
    chainId,
    requests: [],
    disconnected: 0,
    rejectSwitch: false,
    async getEthereumProvider() {
      return {
        async request(args: { method: string; params?: unknown }) {
          wallet.requests.push(args)
          if (args.method === 'personal_sign') return `0x${'ab'.repeat(65)}`
          if (args.method === 'eth_sendTransaction') return `0x${'cd'.repeat(32)}`
          if (args.method === 'eth_chainId') return `0x${Number(wallet.chainId.split(':')[1]).toString(16)}`
          throw new Error(`unexpected ${args.method}`)
        },
      }
    },
    async switchChain(id) {
      if (wallet.rejectSwitch) throw Object.assign(new Error('User rejected the request.'), { code: 'wallet_user_rejected' })
      wallet.chainId = `eip155:${id}`
    },
    async disconnect() {
      wallet.disconnected++
    },
  }
  return wallet
}

/** Waits for wagmi's state to satisfy a check (wagmi updates on events the connector emits). */
async function until(config: ReturnType<typeof makeConfig>, check: () => boolean): Promise<void> {
  if (check()) return
  await new Promise<void>((resolve) => {
    const stop = config.subscribe(
      (s) => s,
      () => {
        if (!check()) return
        stop()
        resolve()
      },
    )
  })
}

describe('portico wagmi connector', () => {
  it('default: the followed wallet becomes wagmi’s connected account, with its chain', async () => {
    const config = makeConfig()
    expect(getAccount(config).status).toBe('disconnected')
    const stop = followInWagmi(config, fakeWallet(ALICE))
    await until(config, () => getAccount(config).isConnected)
    expect(getAccount(config)).toMatchObject({ address: ALICE, chainId: 31337, status: 'connected' })
    expect(getAccount(config).connector?.id).toBe('portico')
    stop()
  })

  it('behavior: another active wallet or a chain moved in Portico changes wagmi’s account and chain', async () => {
    const config = makeConfig()
    const connector = connectorOf(config)
    await connector.follow(fakeWallet(ALICE))
    await until(config, () => getAccount(config).address === ALICE)
    await connector.follow(fakeWallet(BOB))
    await until(config, () => getAccount(config).address === BOB)
    expect(getAccount(config).chainId).toBe(31337)
    await connector.follow(fakeWallet(BOB, 'eip155:31338'))
    await until(config, () => getAccount(config).chainId === 31338)
    expect(getAccount(config)).toMatchObject({ address: BOB, status: 'connected' })
  })

  it('behavior: no active wallet (signed out, wallet disconnected in Portico) disconnects wagmi', async () => {
    const config = makeConfig()
    const connector = connectorOf(config)
    await connector.follow(fakeWallet(ALICE))
    await until(config, () => getAccount(config).isConnected)
    await connector.follow(null)
    await until(config, () => getAccount(config).isDisconnected)
    expect(getAccount(config).address).toBeUndefined()
    expect(await connector.isAuthorized()).toBe(false)
  })

  it('behavior: wagmi’s switchChain moves the Portico wallet and wagmi’s chain; an unconfigured chain or a rejection fails', async () => {
    const config = makeConfig()
    const wallet = fakeWallet(ALICE)
    await connectorOf(config).follow(wallet)
    await until(config, () => getAccount(config).isConnected)

    const chain = await switchChain(config, { chainId: 31338 })
    expect(chain.id).toBe(31338)
    expect(wallet.chainId).toBe('eip155:31338')
    expect(getAccount(config).chainId).toBe(31338)

    await expect(switchChain(config, { chainId: 1 as 31337 })).rejects.toBeInstanceOf(SwitchChainError)
    wallet.rejectSwitch = true
    await expect(switchChain(config, { chainId: 31337 })).rejects.toBeInstanceOf(UserRejectedRequestError)
    expect(getAccount(config).chainId).toBe(31338)
  })

  it('behavior: wagmi’s disconnect disconnects the wallet in Portico and stays disconnected', async () => {
    const config = makeConfig()
    const wallet = fakeWallet(ALICE)
    const stop = followInWagmi(config, wallet)
    await until(config, () => getAccount(config).isConnected)
    await disconnect(config)
    expect(wallet.disconnected).toBe(1)
    expect(getAccount(config).status).toBe('disconnected')
    // The connector let go of the wallet, so wagmi going idle does not bring it back.
    expect(await connectorOf(config).isAuthorized()).toBe(false)
    expect(getAccount(config).status).toBe('disconnected')
    stop()
  })

  it('behavior: a wallet that comes while wagmi is reconnecting is connected once wagmi is idle', async () => {
    const config = makeConfig()
    config.setState((s) => ({ ...s, status: 'reconnecting' }))
    const stop = followInWagmi(config, fakeWallet(ALICE))
    // The connector's connect event is ignored while wagmi reconnects.
    await expect.poll(() => connectorOf(config).isAuthorized()).toBe(true)
    expect(getAccount(config).isConnected).toBe(false)
    config.setState((s) => ({ ...s, status: 'disconnected' }))
    await until(config, () => getAccount(config).isConnected)
    expect(getAccount(config).address).toBe(ALICE)
    stop()
  })

  it('behavior: an account wagmi’s own reconnect wrote after the wallet changed is put right once wagmi is idle', async () => {
    const config = makeConfig()
    const stop = followInWagmi(config, fakeWallet(BOB))
    await until(config, () => getAccount(config).address === BOB)
    const uid = connectorOf(config).uid
    // wagmi's reconnect (its provider starts one on each render) writes what it read before the change.
    config.setState((s) => ({ ...s, status: 'reconnecting', connections: new Map(s.connections).set(uid, { ...s.connections.get(uid)!, accounts: [ALICE], chainId: 31338 }) }))
    expect(getAccount(config).address).toBe(ALICE)
    config.setState((s) => ({ ...s, status: 'connected' }))
    await until(config, () => getAccount(config).address === BOB)
    expect(getAccount(config).chainId).toBe(31337)
    stop()
  })

  it('behavior: a later follow wins over one still loading its provider', async () => {
    const config = makeConfig()
    const connector = connectorOf(config)
    let release!: () => void
    const slow = fakeWallet(ALICE)
    const load = slow.getEthereumProvider
    slow.getEthereumProvider = () => new Promise((resolve) => (release = () => resolve(load()))) as ReturnType<typeof load>
    const first = connector.follow(slow)
    await connector.follow(fakeWallet(BOB))
    release()
    await first
    await until(config, () => getAccount(config).isConnected)
    expect(getAccount(config).address).toBe(BOB)
  })

  it('behavior: wagmi’s signMessage and sendTransaction go to the wallet’s own provider (Portico’s screens for an embedded wallet)', async () => {
    const config = makeConfig()
    const wallet = fakeWallet(ALICE)
    await connectorOf(config).follow(wallet)
    await until(config, () => getAccount(config).isConnected)
    expect(await signMessage(config, { message: 'hello' })).toBe(`0x${'ab'.repeat(65)}`)
    expect(wallet.requests).toContainEqual({ method: 'personal_sign', params: ['0x68656c6c6f', ALICE] })
    const hash = await sendTransaction(config, { to: BOB, value: 1n, gas: 21000n })
    expect(hash).toBe(`0x${'cd'.repeat(32)}` as Hex)
    const sent = wallet.requests.find((r) => r.method === 'eth_sendTransaction')
    expect(sent?.params).toEqual([expect.objectContaining({ from: ALICE, to: BOB, value: '0x1' })])
  })

  it('error: connecting through wagmi without a Portico wallet fails with PorticoNoWalletError', async () => {
    const config = makeConfig()
    await expect(connect(config, { connector: connectorOf(config) })).rejects.toBeInstanceOf(PorticoNoWalletError)
    expect(getAccount(config).status).toBe('disconnected')
  })

  it('default: createConfig puts the Portico connector first and leaves wagmi’s own wallet discovery off', () => {
    const config = makeConfig()
    expect(config.connectors.map((c) => c.id)).toEqual(['portico'])
    expect(config._internal.mipd).toBeUndefined()
  })

  it('error: following in a config without the Portico connector says how to add it', () => {
    const config = makeConfig()
    const plain = { ...config, connectors: [] } as unknown as typeof config
    expect(() => followInWagmi(plain, null)).toThrow(/porticoConnector\(\)/)
  })
})

describe('active wallet', () => {
  const handle = (address: string, type: 'ethereum' | 'solana' = 'ethereum') => ({ address, type }) as WalletHandle

  it('default: the newest connected Ethereum wallet, skipping Solana ones', () => {
    expect(activeWalletOf([handle('So1ana', 'solana'), handle(BOB), handle(ALICE)], null)?.address).toBe(BOB)
    expect(activeWalletOf([handle('So1ana', 'solana')], null)).toBeNull()
  })

  it('behavior: the picked wallet while it is connected (any letter case), else the newest again', () => {
    expect(activeWalletOf([handle(BOB), handle(ALICE)], ALICE.toLowerCase())?.address).toBe(ALICE)
    expect(activeWalletOf([handle(BOB)], ALICE)?.address).toBe(BOB)
  })
})
