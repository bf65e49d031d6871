// @vitest-environment jsdom
/**
 * The Coinbase Wallet plugin with the real SDK, up to the wallet's own prompt: the SDK opens its
 * keys.coinbase.com popup, which never answers here, so the connection is aborted. What follows a
 * connection is the shared connector contract, driven elsewhere by the test wallet.
 */
import { walletsOf } from '../wallets'
import { afterEach, describe, expect, it } from 'vitest'
import { startHarness, type Harness } from '../../test/support/ui-harness'
import { WALLET_ERROR_CODES } from '../wallets'
import {
  COINBASE_SMART_WALLET_CHAIN_IDS,
  COINBASE_WALLET_ENTRY_ID,
  coinbaseWallet,
  coinbaseWalletEntry,
  isSmartWalletChain,
} from './index'

let harness: Harness | null = null
afterEach(async () => {
  await harness?.close()
  harness = null
})

/**
 * jsdom has no popups: `window.open` hands the SDK a stand-in window (a browser API, not our code)
 * and records the address. A stand-in, not `null`: a blocked popup makes the SDK mount its preact
 * "Popup was blocked" snackbar, whose animation-frame timers outlive the test file's jsdom.
 */
function recordPopups(): string[] {
  const opened: string[] = []
  window.open = ((url?: string | URL) => {
    const popup = {
      closed: false,
      focus() {},
      close() {
        popup.closed = true
      },
      postMessage() {},
    }
    opened.push(String(url))
    return popup as unknown as Window
  }) as typeof window.open
  return opened
}

const until = async (check: () => boolean, ms = 15_000) => {
  const end = Date.now() + ms
  while (!check()) {
    if (Date.now() > end) throw new Error('timed out waiting')
    await new Promise((r) => setTimeout(r, 20))
  }
}

describe('coinbase-wallet', () => {
  it('default: the plugin offers one Coinbase Wallet entry through the wallet registry', async () => {
    harness = await startHarness({ plugins: [coinbaseWallet()] })
    const entry = walletsOf(harness.kernel).entries().find((e) => e.id === COINBASE_WALLET_ENTRY_ID)
    expect(entry).toMatchObject({
      chainType: 'ethereum',
      connectorType: 'coinbase_wallet',
      walletClientType: 'coinbase_wallet',
      installed: false,
      branding: { name: 'Coinbase Wallet' },
    })
  })

  it('behavior: load() imports the real SDK and builds a connector that asks the SDK for accounts', async () => {
    const opened = recordPopups()
    const connector = await coinbaseWalletEntry({ appName: 'Test app', connectionOptions: 'smartWalletOnly' }, () => ({ chainIds: [1, 8453] })).load()
    expect(connector.connectorType).toBe('coinbase_wallet')
    expect(connector.walletClientType).toBe('coinbase_wallet')
    // Not connected yet: no accounts, and the SDK's default chain.
    expect(await connector.getAccounts()).toEqual([])
    expect(await connector.getChainId()).toBe('eip155:1')

    const controller = new AbortController()
    const pending = connector.connect({ signal: controller.signal })
    await until(() => opened.length > 0)
    expect(new URL(opened[0]!).origin).toBe('https://keys.coinbase.com')
    controller.abort()
    await expect(pending).rejects.toMatchObject({ code: WALLET_ERROR_CODES.aborted })

    await connector.disconnect()
    expect(await connector.getAccounts()).toEqual([])
  })

  it('behavior: load() imports once per entry and hands back the same connector', async () => {
    const entry = coinbaseWalletEntry()
    const [a, b] = await Promise.all([entry.load(), entry.load()])
    expect(a).toBe(b)
  })

  it('behavior: smartWalletOnly refuses a switch to a chain the smart wallet does not run on', async () => {
    const connector = await coinbaseWalletEntry({ connectionOptions: 'smartWalletOnly' }).load()
    await expect(connector.switchChain!('eip155:250')).rejects.toMatchObject({
      code: WALLET_ERROR_CODES.unsupportedChain,
      message: 'Unsupported chainId: eip155:250',
    })
  })

  it('default: the smart wallet chain list is the spec list', () => {
    expect([...COINBASE_SMART_WALLET_CHAIN_IDS]).toEqual([1, 11155111, 137, 10, 8453, 84532, 42161, 7777777, 43114, 56])
    expect(isSmartWalletChain('eip155:8453')).toBe(true)
    expect(isSmartWalletChain('0x38')).toBe(true)
    expect(isSmartWalletChain(250)).toBe(false)
    expect(isSmartWalletChain('solana:mainnet')).toBe(false)
  })
})
