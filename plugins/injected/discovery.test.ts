// @vitest-environment jsdom
/**
 * EIP-6963 discovery and the legacy fallback, with test wallets announcing in a jsdom window.
 */
import { afterEach, describe, expect, it } from 'vitest'
import { ANVIL_KEYS, createTestWallet, type TestWallet } from '../../testing/evm-wallet/provider'
import { createInjectedSource, type InjectedSource } from './discovery'

const rpcUrl = 'http://127.0.0.1:9' // never reached: nothing here reads the chain

function announceOnRequest(wallet: TestWallet) {
  const announce = () =>
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: Object.freeze({ info: wallet.info, provider: wallet.provider }) }))
  window.addEventListener('eip6963:requestProvider', announce)
  return announce
}

let source: InjectedSource | null = null
const cleanups: (() => void)[] = []
afterEach(() => {
  source?.destroy()
  source = null
  for (const c of cleanups.splice(0)) c()
  delete (window as { ethereum?: unknown }).ethereum
})

describe('injected discovery', () => {
  it('default: wallets that answer eip6963:requestProvider are listed side by side with their uuid, name, icon and rdns', async () => {
    const a = createTestWallet({ privateKey: ANVIL_KEYS[0], rpcUrl, name: 'MetaMask', rdns: 'io.metamask', uuid: '11111111-1111-4111-8111-111111111111' })
    const b = createTestWallet({ privateKey: ANVIL_KEYS[1], rpcUrl, name: 'Rabby Wallet', rdns: 'io.rabby' })
    for (const w of [a, b]) {
      const announce = announceOnRequest(w)
      cleanups.push(() => window.removeEventListener('eip6963:requestProvider', announce))
    }
    source = createInjectedSource()
    const entries = source.entries()
    expect(entries.map((e) => [e.id, e.branding.name, e.branding.id, e.walletClientType, e.installed])).toEqual([
      ['injected:io.metamask', 'MetaMask', 'io.metamask', 'metamask', true],
      ['injected:io.rabby', 'Rabby Wallet', 'io.rabby', 'rabby_wallet', true],
    ])
    expect(entries[0]!.branding.icon).toBe(a.info.icon)
    expect(source.announced()[0]!.info.uuid).toBe('11111111-1111-4111-8111-111111111111')
    // Each entry drives its own provider.
    const [ca, cb] = await Promise.all(entries.map((e) => e.load()))
    expect(await ca!.getProvider()).toBe(a.provider)
    expect(await cb!.getProvider()).toBe(b.provider)
    expect(ca!.walletClientType).toBe('metamask')
  })

  it('behavior: a late announcement is added and subscribers are told; a repeat announcement changes nothing', () => {
    source = createInjectedSource()
    let changes = 0
    source.subscribe!(() => changes++)
    expect(source.entries()).toEqual([])
    const w = createTestWallet({ privateKey: ANVIL_KEYS[0], rpcUrl, name: 'Late Wallet', rdns: 'dev.late' })
    const announce = announceOnRequest(w)
    cleanups.push(() => window.removeEventListener('eip6963:requestProvider', announce))
    announce()
    announce()
    expect(changes).toBe(1)
    expect(source.entries().map((e) => [e.branding.name, e.walletClientType])).toEqual([['Late Wallet', 'unknown']])
  })

  it('behavior: malformed announcements are ignored', () => {
    source = createInjectedSource()
    window.dispatchEvent(new CustomEvent('eip6963:announceProvider', { detail: { info: { name: 'x' }, provider: {} } }))
    expect(source.entries()).toEqual([])
  })

  it('behavior: with no announcement, window.ethereum is offered, named from its flags', () => {
    const legacy = createTestWallet({ privateKey: ANVIL_KEYS[0], rpcUrl, flags: { isRabby: true, isMetaMask: true } })
    ;(window as { ethereum?: unknown }).ethereum = legacy.provider
    source = createInjectedSource()
    expect(source.entries().map((e) => [e.id, e.branding.name, e.walletClientType])).toEqual([['injected:rabby_wallet', 'Rabby Wallet', 'rabby_wallet']])
  })

  it('behavior: a legacy provider with no known flag is a Browser wallet, and an announcement replaces it', () => {
    const legacy = createTestWallet({ privateKey: ANVIL_KEYS[0], rpcUrl })
    ;(window as { ethereum?: unknown }).ethereum = legacy.provider
    source = createInjectedSource()
    expect(source.entries().map((e) => [e.branding.name, e.walletClientType])).toEqual([['Browser wallet', 'unknown']])
    const w = createTestWallet({ privateKey: ANVIL_KEYS[1], rpcUrl, name: 'Phantom', rdns: 'app.phantom' })
    const announce = announceOnRequest(w)
    cleanups.push(() => window.removeEventListener('eip6963:requestProvider', announce))
    announce()
    expect(source.entries().map((e) => [e.branding.name, e.walletClientType])).toEqual([['Phantom', 'phantom']])
  })

  it('parameters: per-wallet timeouts apply to that wallet only', async () => {
    const slow = createTestWallet({ privateKey: ANVIL_KEYS[0], rpcUrl, name: 'Slow', rdns: 'dev.slow', prompts: 'hold' })
    const announce = announceOnRequest(slow)
    cleanups.push(() => window.removeEventListener('eip6963:requestProvider', announce))
    source = createInjectedSource({ walletTimeoutsMs: { 'dev.slow': 30 } })
    const connector = await source.entries()[0]!.load()
    await expect(connector.connect()).rejects.toMatchObject({ code: 'wallet_request_timeout' })
  })
})
