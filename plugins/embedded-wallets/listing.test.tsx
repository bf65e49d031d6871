// @vitest-environment jsdom
/**
 * The embedded wallets among the connected wallets (`useWallets()`), with a real kernel and the
 * wallets plugin: listed while the user has them, with the wire's client and connector types, never
 * offered in the wallet list, gone at logout; each wallet's provider is the embedded one.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { act, cleanup, render, screen } from '@testing-library/react'
import { PorticoProvider } from '../../ui/provider'
import { authenticated, startHarness, wireUser, type Harness } from '../../test/support/ui-harness'
import type { AuthenticatedUser } from '../../kernel/wire'
import { email } from '../email'
import { useWallets, wallets, walletsOf, type WalletHandle } from '../wallets'
import { embeddedWallets, embeddedWalletsOf } from './index'
import { embeddedAccount } from './test-wallets'

const embedded = (address: string, chain: 'ethereum' | 'solana', extra: Record<string, unknown> = {}) => embeddedAccount(address, chain, 0, extra)

const EVM = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const IMPORTED = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOL = '7EYnhQoR9YM3N7UoaKRoA44Uy8JeaZV3qyouov87awMs'

const emailAccount = wireUser().linked_accounts[0]!

let h: Harness | null = null
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

async function signIn(accounts: unknown[], plugins = [email(), wallets(), embeddedWallets()]) {
  h = await startHarness({
    app: { embedded_wallet_config: { create_on_login: 'off', mode: 'legacy-embedded-wallets-only' } } as never,
    plugins,
  })
  const user = wireUser({ linked_accounts: accounts })
  const login = h.kernel.contextFor('email').authenticate(async () => ({ ...authenticated(user), refresh_token: 'refresh-1' }) as unknown as AuthenticatedUser, { method: 'email' })
  login.catch(() => undefined)
  await vi.waitFor(() => expect(h!.kernel.state.session.status).toBe('authenticated'))
  return h.kernel
}

describe('embedded wallets among the connected wallets', () => {
  it("lists each embedded wallet as 'privy' / 'embedded' (imported ones 'embedded_imported'), linked, newest first", async () => {
    const kernel = await signIn([emailAccount, embedded(EVM, 'ethereum'), embedded(SOL, 'solana'), embedded(IMPORTED, 'ethereum', { imported: true })])
    await vi.waitFor(() => expect(walletsOf(kernel).connected()).toHaveLength(3))
    const byAddress = Object.fromEntries(walletsOf(kernel).connected().map((w) => [w.address, w]))
    expect(byAddress[EVM]).toMatchObject({ type: 'ethereum', walletClientType: 'privy', connectorType: 'embedded', imported: false, linked: true, isConnected: true, chainId: 'eip155:1' })
    expect(byAddress[IMPORTED]).toMatchObject({ walletClientType: 'privy', connectorType: 'embedded_imported', imported: true, linked: true })
    expect(byAddress[SOL]).toMatchObject({ type: 'solana', walletClientType: 'privy', connectorType: 'embedded', chainId: 'solana:mainnet' })
  })

  it('never offers an embedded wallet in the wallet list, nor shows the landing wallet row for it', async () => {
    const kernel = await signIn([emailAccount, embedded(EVM, 'ethereum')])
    await vi.waitFor(() => expect(walletsOf(kernel).connected()).toHaveLength(1))
    expect(walletsOf(kernel).entries()).toEqual([])
    expect(walletsOf(kernel).hasSources()).toBe(false)
  })

  it('drops the embedded wallets at logout', async () => {
    const kernel = await signIn([emailAccount, embedded(EVM, 'ethereum'), embedded(SOL, 'solana')])
    await vi.waitFor(() => expect(walletsOf(kernel).connected()).toHaveLength(2))
    await kernel.logout()
    await vi.waitFor(() => expect(walletsOf(kernel).connected()).toHaveLength(0))
  })

  it('lists a wallet the user gains later (a new HD wallet) without listing the others twice', async () => {
    const kernel = await signIn([emailAccount, embedded(EVM, 'ethereum')])
    await vi.waitFor(() => expect(walletsOf(kernel).connected()).toHaveLength(1))
    // A refresh brings the new wallet (as after `createWallet({ createAdditional: true })`).
    const after = wireUser({ linked_accounts: [emailAccount, embedded(EVM, 'ethereum'), embedded(IMPORTED, 'ethereum', { wallet_index: 1 })] })
    h!.routes['POST /api/v1/sessions'] = () => ({ json: { ...authenticated(after as never), refresh_token: 'refresh-2' } })
    await kernel.contextFor('embedded-wallets').refreshSession()
    await vi.waitFor(() => expect(walletsOf(kernel).connected().map((w) => w.address).sort()).toEqual([EVM, IMPORTED].sort()))
  })

  it("gives useWallets() each wallet's own provider: the embedded EIP-1193 provider, the embedded Solana wallet", async () => {
    const kernel = await signIn([emailAccount, embedded(EVM, 'ethereum'), embedded(SOL, 'solana')])
    const seen: WalletHandle[][] = []
    function Host() {
      const { wallets: list } = useWallets()
      seen.push(list)
      return <p aria-label="count">{list.length}</p>
    }
    render(
      <PorticoProvider kernel={kernel}>
        <Host />
      </PorticoProvider>,
    )
    await vi.waitFor(() => expect(screen.getByLabelText('count').textContent).toBe('2'))
    const list = seen.at(-1)!
    const evm = list.find((w) => w.address === EVM)!
    const sol = list.find((w) => w.address === SOL)!
    const service = embeddedWalletsOf(kernel)
    expect(await evm.getEthereumProvider()).toBe(service.getEthereumProvider(EVM))
    expect(await (await evm.getEthereumProvider()).request({ method: 'eth_accounts' })).toEqual([EVM])
    expect(((await sol.getProvider()) as { address: string }).address).toBe(SOL)
    await expect(sol.getEthereumProvider()).rejects.toMatchObject({ code: 'wallet_unsupported_method' })
    await act(async () => kernel.logout())
    await vi.waitFor(() => expect(screen.getByLabelText('count').textContent).toBe('0'))
    await expect(evm.getEthereumProvider()).rejects.toMatchObject({ code: 'wallet_not_connected' })
  })

  it('lists nothing, and loads nothing, when the app has no wallets plugin', async () => {
    const kernel = await signIn([emailAccount, embedded(EVM, 'ethereum')], [email(), embeddedWallets()])
    expect(embeddedWalletsOf(kernel).wallets()).toHaveLength(1)
    expect(walletsOf(kernel).connected()).toEqual([])
  })
})
