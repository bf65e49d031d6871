import { describe, expect, it } from 'vitest'
import { PorticoError } from '../../kernel/errors'
import {
  chainIdNumber,
  switchEthereumChain,
  toCaip2,
  toHexChainId,
  toWalletError,
  walletRequest,
  withRetries,
  WALLET_REQUEST_TIMEOUT_MS,
} from './eip1193'
import { createLocalProvider } from './test-wallet'
import { WALLET_ERROR_CODES } from './types'

describe('toWalletError', () => {
  it.each([
    [4001, WALLET_ERROR_CODES.rejected, 'User rejected the request.'],
    [4100, WALLET_ERROR_CODES.notConnected, 'Wallet is not currently connected.'],
    [4200, WALLET_ERROR_CODES.unsupportedMethod, 'Invalid params'],
    [-32602, WALLET_ERROR_CODES.unsupportedMethod, 'Invalid params'],
    [4900, WALLET_ERROR_CODES.disconnected, 'Disconnected'],
    [4901, WALLET_ERROR_CODES.disconnected, 'Disconnected'],
    [-32002, WALLET_ERROR_CODES.pending, 'A request is already waiting in your wallet. Open your wallet to continue.'],
    [-32603, WALLET_ERROR_CODES.failed, 'Unable to connect wallet'],
  ])('behavior: provider code %i maps to %s', (code, walletCode, text) => {
    const original = Object.assign(new Error('provider says no'), { code })
    const err = toWalletError(original)
    expect(err).toBeInstanceOf(PorticoError)
    expect(err.code).toBe(walletCode)
    expect(err.shortMessage).toBe(text)
    expect(err.cause).toBe(original)
    expect(err.details).toBe('provider says no')
  })

  it("behavior: 4902 names the chain: 'Unsupported chainId: {id}'", () => {
    const err = toWalletError({ code: 4902, message: 'Unrecognized chain' }, { chainId: 'eip155:10' })
    expect(err.code).toBe(WALLET_ERROR_CODES.unsupportedChain)
    expect(err.shortMessage).toBe('Unsupported chainId: eip155:10')
  })

  it('behavior: a code nested under data.originalError (MetaMask) is found', () => {
    expect(toWalletError({ code: -32603, message: 'x', data: { originalError: { code: 4001 } } }).code).toBe(
      WALLET_ERROR_CODES.rejected,
    )
  })

  it('behavior: code-less rejections, AbortError and wallet errors already mapped', () => {
    expect(toWalletError(new Error('User rejected the request.')).code).toBe(WALLET_ERROR_CODES.rejected)
    expect(toWalletError(new DOMException('stop', 'AbortError')).code).toBe(WALLET_ERROR_CODES.aborted)
    const mapped = toWalletError({ code: 4900 })
    expect(toWalletError(mapped)).toBe(mapped)
    expect(toWalletError('weird').code).toBe(WALLET_ERROR_CODES.failed)
  })
})

describe('walletRequest', () => {
  it('default: answers with the provider result', async () => {
    const provider = createLocalProvider({ chainId: 137, knownChains: [137] })
    expect(await walletRequest(provider, { method: 'eth_chainId' })).toBe('0x89')
  })

  it('behavior: a wallet that never answers times out with the timeout error', async () => {
    const provider = createLocalProvider()
    provider.hangNext()
    const started = Date.now()
    await expect(walletRequest(provider, { method: 'eth_requestAccounts' }, { timeoutMs: 30 })).rejects.toMatchObject({
      code: WALLET_ERROR_CODES.timeout,
      shortMessage: 'The request timed out. Try again.',
    })
    expect(Date.now() - started).toBeLessThan(1000)
    expect(WALLET_REQUEST_TIMEOUT_MS).toBeGreaterThan(30)
  })

  it('behavior: aborting rejects with the abort error; an aborted signal never reaches the wallet', async () => {
    const provider = createLocalProvider()
    const controller = new AbortController()
    provider.hangNext()
    const pending = walletRequest(provider, { method: 'eth_requestAccounts' }, { signal: controller.signal })
    controller.abort()
    await expect(pending).rejects.toMatchObject({ code: WALLET_ERROR_CODES.aborted, shortMessage: 'The request was cancelled.' })
    const calls = provider.calls.length
    await expect(walletRequest(provider, { method: 'eth_accounts' }, { signal: controller.signal })).rejects.toMatchObject({
      code: WALLET_ERROR_CODES.aborted,
    })
    expect(provider.calls).toHaveLength(calls)
  })

  it('behavior: provider errors are mapped', async () => {
    const provider = createLocalProvider()
    await expect(walletRequest(provider, { method: 'eth_unknownThing' })).rejects.toMatchObject({
      code: WALLET_ERROR_CODES.unsupportedMethod,
      shortMessage: 'Invalid params',
    })
  })
})

describe('withRetries', () => {
  it('default: 10 tries, 500 ms apart, then the last error', async () => {
    const waits: number[] = []
    let tries = 0
    await expect(
      withRetries(
        async () => {
          tries++
          throw new Error(`try ${tries}`)
        },
        { sleep: async (ms) => void waits.push(ms) },
      ),
    ).rejects.toThrow('try 10')
    expect(tries).toBe(10)
    expect(waits).toEqual(Array(9).fill(500))
  })

  it('behavior: stops at the first success and does not retry a rejection', async () => {
    let n = 0
    expect(await withRetries(async (attempt) => (attempt < 3 ? Promise.reject(new Error('no')) : 'ok'), { sleep: async () => void n++ })).toBe('ok')
    expect(n).toBe(2)
    let calls = 0
    await expect(
      withRetries(
        async () => {
          calls++
          throw toWalletError({ code: 4001 })
        },
        { sleep: async () => {} },
      ),
    ).rejects.toMatchObject({ code: WALLET_ERROR_CODES.rejected })
    expect(calls).toBe(1)
  })
})

describe('chain ids', () => {
  it('behavior: numbers, hex and decimal strings become eip155 CAIP-2; CAIP-2 passes through', () => {
    expect(toCaip2(1)).toBe('eip155:1')
    expect(toCaip2('0xaa36a7')).toBe('eip155:11155111')
    expect(toCaip2('8453')).toBe('eip155:8453')
    expect(toCaip2('eip155:10')).toBe('eip155:10')
    expect(toCaip2('solana:mainnet')).toBe('solana:mainnet')
    expect(chainIdNumber('eip155:137')).toBe(137)
    expect(toHexChainId('eip155:137')).toBe('0x89')
  })

  it("behavior: malformed or non-Ethereum ids are 'Unsupported chainId: {id}'", () => {
    expect(() => toCaip2('mainnet')).toThrow('Unsupported chainId: mainnet')
    expect(() => toCaip2(0)).toThrow('Unsupported chainId: 0')
    expect(() => chainIdNumber('solana:mainnet')).toThrow('Unsupported chainId: solana:mainnet')
  })
})

describe('switchEthereumChain', () => {
  const optimism = {
    chainName: 'OP Mainnet',
    rpcUrls: ['https://mainnet.optimism.io'],
    nativeCurrency: { name: 'Ether', symbol: 'ETH', decimals: 18 },
  }

  it('default: a known chain is switched to directly', async () => {
    const provider = createLocalProvider({ knownChains: [1, 10] })
    await switchEthereumChain(provider, 'eip155:10', optimism)
    expect(provider.calls.map((c) => c.method)).toEqual(['wallet_switchEthereumChain'])
    expect(provider.chain()).toBe(10)
  })

  it('behavior: on 4902 the chain is added, then the switch retried', async () => {
    const provider = createLocalProvider()
    await switchEthereumChain(provider, 'eip155:10', optimism)
    expect(provider.calls.map((c) => c.method)).toEqual([
      'wallet_switchEthereumChain',
      'wallet_addEthereumChain',
      'wallet_switchEthereumChain',
    ])
    expect(provider.calls[1]!.params).toEqual([{ chainId: '0xa', ...optimism }])
    expect(provider.chain()).toBe(10)
  })

  it('behavior: on 4902 without the chain data it is unsupported, nothing is added', async () => {
    const provider = createLocalProvider()
    await expect(switchEthereumChain(provider, 'eip155:10')).rejects.toMatchObject({
      code: WALLET_ERROR_CODES.unsupportedChain,
      shortMessage: 'Unsupported chainId: eip155:10',
    })
    expect(provider.calls.map((c) => c.method)).toEqual(['wallet_switchEthereumChain'])
  })

  it('behavior: other switch errors are mapped and not retried', async () => {
    const provider = createLocalProvider({ knownChains: [1, 10] })
    provider.failNext({ code: 4001, message: 'User rejected the request.' })
    await expect(switchEthereumChain(provider, 10, optimism)).rejects.toMatchObject({ code: WALLET_ERROR_CODES.rejected })
    expect(provider.calls).toHaveLength(1)
    expect(provider.chain()).toBe(1)
  })
})
