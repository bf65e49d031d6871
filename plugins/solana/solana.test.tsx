// @vitest-environment jsdom
import { walletsOf } from '../wallets'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { createPublicKey, verify } from 'node:crypto'
import { getWallets } from '@wallet-standard/app'
import { registerWallet } from '@wallet-standard/wallet'
import type { Wallet } from '@wallet-standard/base'
import { cleanup, fireEvent, screen as view } from '@testing-library/react'
import { renderScreen, startHarness } from '../../test/support/ui-harness'
import { base58Decode } from '../siws/base58'
import { createTestSolanaWallet } from '../../testing/solana-wallet/wallet'
import { createStandardConnector, walletClientTypeOf, watchStandardWallets } from './standard'
import { solana } from './index'

const cleanups: (() => void | Promise<void>)[] = []
afterEach(async () => {
  cleanup()
  for (const c of cleanups.splice(0).reverse()) await c()
})

/** Registers a test wallet through the Wallet Standard register event; returns its unregister. */
function register(wallet: Wallet): () => void {
  const off = getWallets().register(wallet)
  cleanups.push(off)
  return off
}

function verifies(address: string, message: string, signatureBase64: string): boolean {
  const key = createPublicKey({
    key: { kty: 'OKP', crv: 'Ed25519', x: Buffer.from(base58Decode(address)!).toString('base64url') },
    format: 'jwk',
  })
  return verify(null, Buffer.from(message), key, Buffer.from(signatureBase64, 'base64'))
}

const until = async (check: () => boolean) => {
  const end = Date.now() + 15_000
  while (!check() && Date.now() < end) await new Promise((r) => setTimeout(r, 10))
  expect(check()).toBe(true)
}

describe('Wallet Standard discovery', () => {
  it('behavior: lists a wallet registered with the register-wallet event and drops it on unregister', async () => {
    const { wallet } = await createTestSolanaWallet({ name: 'Discovery Wallet' })
    let changes = 0
    const watch = watchStandardWallets(() => changes++)
    cleanups.push(watch.stop)
    registerWallet(wallet)
    await until(() => watch.wallets().some((w) => w.name === 'Discovery Wallet'))
    expect(changes).toBeGreaterThan(0)
    // registerWallet has no unregister: register the same wallet again through the app API to get one.
    const { wallet: second } = await createTestSolanaWallet({ name: 'Leaving Wallet' })
    const off = register(second)
    expect(watch.wallets().map((w) => w.name)).toContain('Leaving Wallet')
    off()
    expect(watch.wallets().map((w) => w.name)).not.toContain('Leaving Wallet')
  })

  it('behavior: hides a wallet that cannot sign messages', async () => {
    const { wallet } = await createTestSolanaWallet({ name: 'Mute Wallet', signMessage: false })
    const watch = watchStandardWallets(() => {})
    cleanups.push(watch.stop)
    register(wallet)
    expect(watch.wallets().map((w) => w.name)).not.toContain('Mute Wallet')
  })

  it('behavior: derives the wallet client type from the name', () => {
    expect(walletClientTypeOf('Phantom')).toBe('phantom')
    expect(walletClientTypeOf('Solflare')).toBe('solflare')
    expect(walletClientTypeOf('OKX Wallet')).toBe('okx_wallet')
    expect(walletClientTypeOf('Test Solana Wallet')).toBe('test_solana_wallet')
  })
})

describe('the Wallet Standard connector', () => {
  it('behavior: connects, answers solana:mainnet, and signs a text with a base64 ed25519 signature of the account', async () => {
    const { wallet, control } = await createTestSolanaWallet()
    const connector = createStandardConnector(wallet)
    expect(connector).toMatchObject({ connectorType: 'solana_adapter', chainType: 'solana', walletClientType: 'test_solana_wallet' })
    expect(await connector.getAccounts()).toEqual([])
    expect(await connector.connect()).toEqual({ accounts: [control.address], chainId: 'solana:mainnet' })
    expect(await connector.getAccounts()).toEqual([control.address])
    expect(await connector.getChainId()).toBe('solana:mainnet')
    const signature = await connector.signMessage(control.address, 'hello ☀')
    expect(verifies(control.address, 'hello ☀', signature)).toBe(true)
    expect(control.signed).toEqual(['hello ☀'])
    expect(await connector.getProvider()).toBe(wallet)
  })

  it('behavior: a rejection in the wallet becomes wallet_user_rejected, for connecting and for signing', async () => {
    const { wallet, control } = await createTestSolanaWallet({ mode: 'reject' })
    const connector = createStandardConnector(wallet)
    await expect(connector.connect()).rejects.toMatchObject({ code: 'wallet_user_rejected' })
    control.setMode('approve')
    await connector.connect()
    control.setMode('reject')
    await expect(connector.signMessage(control.address, 'x')).rejects.toMatchObject({ code: 'wallet_user_rejected' })
  })

  it('behavior: refuses a non-string message, a wallet without message signing and an unknown account', async () => {
    const { wallet, control } = await createTestSolanaWallet()
    const connector = createStandardConnector(wallet)
    await connector.connect()
    await expect(connector.signMessage(control.address, 42 as unknown as string)).rejects.toMatchObject({
      code: 'SOLANA_MESSAGE_NOT_STRING',
      message: 'A Solana message must be a string.',
    })
    await expect(connector.signMessage('11111111111111111111111111111111', 'x')).rejects.toMatchObject({ code: 'wallet_not_connected' })
    const mute = await createTestSolanaWallet({ signMessage: false })
    const muteConnector = createStandardConnector(mute.wallet)
    await muteConnector.connect()
    await expect(muteConnector.signMessage(mute.control.address, 'x')).rejects.toMatchObject({ code: 'SOLANA_SIGN_MESSAGE_UNSUPPORTED' })
  })

  it('behavior: reports the wallet ending the connection as accountsChanged([]) and disconnect', async () => {
    const { wallet, control } = await createTestSolanaWallet()
    const connector = createStandardConnector(wallet)
    const seen: string[] = []
    connector.on('accountsChanged', (a) => seen.push(`accounts:${a.length}`))
    connector.on('disconnect', () => seen.push('disconnect'))
    await connector.connect()
    control.disconnectFromWallet()
    expect(seen).toEqual(['accounts:0', 'disconnect'])
  })

  it('behavior: an aborted signal ends the wait with wallet_request_aborted', async () => {
    const { wallet } = await createTestSolanaWallet()
    const connector = createStandardConnector(wallet)
    const controller = new AbortController()
    controller.abort()
    await expect(connector.connect({ signal: controller.signal })).rejects.toMatchObject({ code: 'wallet_request_aborted' })
  })
})

describe('the solana plugin in a kernel', () => {
  it('behavior: offers installed Solana wallets and a Phantom install entry, and connects through the registry', async () => {
    const harness = await startHarness({ plugins: [solana()] })
    cleanups.push(() => harness.close())
    const { wallet, control } = await createTestSolanaWallet({ name: 'Kernel Wallet' })
    register(wallet)
    const wallets = walletsOf(harness.kernel)
    await until(() => wallets.entries().some((e) => e.id === 'solana:kernel_wallet'))
    const phantom = wallets.entries().find((e) => e.id === 'solana:phantom')
    expect(phantom).toMatchObject({ installed: false, screen: 'solana/install-phantom', walletClientType: 'phantom' })
    const connected = await wallets.connect('solana:kernel_wallet')
    expect(connected).toMatchObject({
      type: 'solana',
      address: control.address,
      chainId: 'solana:mainnet',
      walletClientType: 'kernel_wallet',
      connectorType: 'solana_adapter',
    })
    expect(wallets.connectorOf(control.address)?.chainType).toBe('solana')
  })

  it('behavior: an installed Phantom replaces the install entry', async () => {
    const harness = await startHarness({ plugins: [solana()] })
    cleanups.push(() => harness.close())
    const { wallet } = await createTestSolanaWallet({ name: 'Phantom' })
    register(wallet)
    await until(() => walletsOf(harness.kernel).entries().some((e) => e.id === 'solana:phantom' && e.installed))
    expect(walletsOf(harness.kernel).entries().filter((e) => e.walletClientType === 'phantom')).toHaveLength(1)
  })
})

describe('the Phantom interstitial', () => {
  it("behavior: Continue opens Phantom's browse link, and a second later the screen asks 'Still here?'", async () => {
    const harness = await startHarness({ plugins: [solana()] })
    cleanups.push(() => harness.close())
    const open = vi.spyOn(window, 'open').mockImplementation(() => null)
    cleanups.push(() => open.mockRestore())
    await renderScreen(harness.kernel, 'solana/phantom')
    fireEvent.click(await view.findByRole('button', { name: 'Continue' }))
    expect(open).toHaveBeenCalledWith(expect.stringMatching(/^https:\/\/phantom\.app\/ul\/browse\/http/), '_self')
    expect(view.queryByRole('heading', { name: 'Still here?' })).toBeNull()
    expect(await view.findByRole('heading', { name: 'Still here?' })).toBeTruthy()
    fireEvent.click(view.getByRole('button', { name: 'Get Phantom' }))
    expect(await view.findByRole('heading', { name: 'Install Phantom' })).toBeTruthy()
  })
})
