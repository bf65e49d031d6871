/**
 * The injected connector against the test wallet (a real EIP-1193 provider signing with a viem
 * account) and a real anvil node.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { recoverMessageAddress, type Hex } from 'viem'
import { startAnvil, type Anvil } from '../../test/fixtures/anvil'
import { ANVIL_KEYS, createTestWallet, type TestWalletOptions } from '../../testing/evm-wallet/provider'
import { createInjectedConnector } from './connector'

let anvil: Anvil
beforeAll(async () => {
  anvil = await startAnvil()
})
afterAll(async () => {
  await anvil?.close()
})

function setup(options: Partial<TestWalletOptions> = {}, timeoutMs?: number) {
  const wallet = createTestWallet({ privateKey: ANVIL_KEYS[0], rpcUrl: anvil.url, ...options })
  const connector = createInjectedConnector(wallet.provider, {
    branding: { id: wallet.info.rdns, name: wallet.info.name },
    walletClientType: 'unknown',
    ...(timeoutMs === undefined ? {} : { timeoutMs }),
  })
  return { ...wallet, connector }
}

describe('injected connector', () => {
  it('default: connect answers the accounts and the CAIP-2 chain id', async () => {
    const { connector, controller } = setup()
    expect(await connector.getAccounts()).toEqual([])
    const result = await connector.connect()
    expect(result).toEqual({ accounts: [controller.address()], chainId: 'eip155:31337' })
    expect(await connector.getAccounts()).toEqual([controller.address()])
    expect(await connector.getChainId()).toBe('eip155:31337')
    expect(connector.connectorType).toBe('injected')
    expect(connector.chainType).toBe('ethereum')
  })

  it('behavior: a rejected connection is wallet_user_rejected', async () => {
    const { connector, controller } = setup()
    controller.rejectNext()
    await expect(connector.connect()).rejects.toMatchObject({ code: 'wallet_user_rejected', shortMessage: 'User rejected the request.' })
    expect(controller.connected()).toBe(false)
  })

  it('behavior: personal_sign signs the UTF-8 message with the account', async () => {
    const { connector, controller } = setup()
    await connector.connect()
    const message = 'Sign in to Portico ✓\nNonce: 42'
    const signature = await connector.signMessage(controller.address(), message)
    expect(await recoverMessageAddress({ message, signature: signature as Hex })).toBe(controller.address())
  })

  it('behavior: a wallet that does not answer in time is wallet_request_timeout', async () => {
    const { connector } = setup({ prompts: 'hold' }, 50)
    await expect(connector.connect()).rejects.toMatchObject({ code: 'wallet_request_timeout' })
  })

  it('behavior: an abort signal ends a waiting request with wallet_request_aborted', async () => {
    const { connector, controller } = setup({ prompts: 'hold' })
    const abort = new AbortController()
    const pending = connector.connect({ signal: abort.signal })
    await new Promise((r) => setTimeout(r, 10))
    expect(controller.pending()).toEqual(['eth_requestAccounts'])
    abort.abort()
    await expect(pending).rejects.toMatchObject({ code: 'wallet_request_aborted' })
  })

  it('behavior: switchChain adds a chain the wallet does not know (4902) and switches to it', async () => {
    const { connector, controller } = setup({ chainId: 1 })
    await connector.connect()
    const seen: string[] = []
    const off = connector.on('chainChanged', (id) => seen.push(id))
    await expect(connector.switchChain!('eip155:31337')).rejects.toMatchObject({ code: 'wallet_unsupported_chain', shortMessage: 'Unsupported chainId: eip155:31337' })
    await connector.switchChain!('eip155:31337', { chainName: 'Anvil', rpcUrls: [anvil.url], nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 } })
    expect(controller.calls().filter((m) => m.startsWith('wallet_'))).toEqual([
      'wallet_switchEthereumChain',
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ])
    expect(seen).toEqual(['eip155:31337'])
    expect(await connector.getChainId()).toBe('eip155:31337')
    off()
  })

  it('parameters: chainId on connect switches a wallet that knows the chain; an unknown one stays connected where it is', async () => {
    const known = setup({ chainId: 1, knownChains: [31337] })
    expect((await known.connector.connect({ chainId: 'eip155:31337' })).chainId).toBe('eip155:31337')
    const unknown = setup({ chainId: 1 })
    expect(await unknown.connector.connect({ chainId: 'eip155:31337' })).toMatchObject({ chainId: 'eip155:1' })
  })

  it('behavior: events follow the provider: accountsChanged [] on disconnect, chain ids as CAIP-2', async () => {
    const { connector, controller } = setup()
    await connector.connect()
    const accounts: string[][] = []
    const chains: string[] = []
    const offA = connector.on('accountsChanged', (a) => accounts.push(a))
    const offC = connector.on('chainChanged', (c) => chains.push(c))
    controller.switchChain(10)
    controller.disconnect()
    expect(chains).toEqual(['eip155:10'])
    expect(accounts).toEqual([[]])
    offA()
    offC()
    controller.switchChain(1)
    expect(chains).toEqual(['eip155:10'])
  })

  it('behavior: reads go through the wallet to the node', async () => {
    const { connector, controller } = setup()
    await connector.connect()
    const provider = (await connector.getProvider()) as { request(a: { method: string; params?: unknown[] }): Promise<unknown> }
    const balance = (await provider.request({ method: 'eth_getBalance', params: [controller.address(), 'latest'] })) as string
    expect(BigInt(balance)).toBeGreaterThan(0n)
  })

  it('behavior: a smart-contract account signs with its owner key (EIP-1271 setups)', async () => {
    const { connector, controller } = setup()
    const contract = '0x000000000000000000000000000000000000c0de'
    controller.setAccount(contract)
    const { accounts } = await connector.connect()
    expect(accounts).toEqual([contract])
    const signature = await connector.signMessage(contract, 'hello')
    expect(await recoverMessageAddress({ message: 'hello', signature: signature as Hex })).toBe(controller.signerAddress())
  })
})
