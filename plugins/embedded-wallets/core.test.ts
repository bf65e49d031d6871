// @vitest-environment jsdom
/**
 * The embedded wallet's client core with a real kernel: which chains get a wallet after login (per
 * chain settings, the app's and the host's), how the user's embedded wallets are read from the
 * linked accounts, and which secret a wallet belongs to. The frame itself is tested in the browser.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import { authenticated, startHarness, wireUser, type Harness } from '../../test/support/ui-harness'
import type { AuthenticatedUser } from '../../kernel/wire'
import type { AppResponse } from '../../kernel/wire'
import { email } from '../email'
import { embeddedWallets, embeddedWalletsOf, entropyIdOf, type EmbeddedWalletsOptions } from './index'
import { embeddedAccount as embedded } from './test-wallets'

const EVM = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const EVM_2 = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOL = '7EYnhQoR9YM3N7UoaKRoA44Uy8JeaZV3qyouov87awMs'

const external = { type: 'wallet', address: EVM_2, chain_type: 'ethereum', wallet_client: 'unknown', verified_at: 1, first_verified_at: 1, latest_verified_at: 1 }
const emailAccount = wireUser().linked_accounts[0]!

let harness: Harness | undefined
afterEach(async () => {
  await harness?.close()
  harness = undefined
})

/**
 * Signs a user in through the kernel and answers the service once the session is stored. The login
 * itself goes on to the creation step when the user needs a wallet (`login`).
 */
async function signedIn(accounts: unknown[], config: Record<string, unknown> = {}, options: EmbeddedWalletsOptions = {}) {
  harness = await startHarness({
    app: { embedded_wallet_config: { create_on_login: 'off', mode: 'legacy-embedded-wallets-only', ...config } } as Partial<AppResponse>,
    plugins: [email(), embeddedWallets(options)],
  })
  const kernel = harness.kernel
  const user = wireUser({ linked_accounts: accounts })
  login = kernel.contextFor('email').authenticate(async () => authenticated(user) as unknown as AuthenticatedUser, { method: 'email' })
  login.catch(() => undefined)
  await vi.waitFor(() => expect(kernel.state.session.status).toBe('authenticated'))
  return embeddedWalletsOf(kernel)
}
let login: Promise<unknown> = Promise.resolve()

describe('chains to create after login', () => {
  it('creates nothing when the app and the host leave creation off', async () => {
    const service = await signedIn([emailAccount])
    expect(service.chainsToCreate()).toEqual([])
  })

  it("follows the app's per-chain setting for a user without wallets", async () => {
    const service = await signedIn([emailAccount], {
      ethereum: { create_on_login: 'users-without-wallets' },
      solana: { create_on_login: 'users-without-wallets' },
    })
    expect(service.chainsToCreate()).toEqual(['ethereum', 'solana'])
  })

  it("'users-without-wallets' skips a user who has an external wallet; 'all-users' does not", async () => {
    expect((await signedIn([emailAccount, external], { ethereum: { create_on_login: 'users-without-wallets' } })).chainsToCreate()).toEqual([])
    await harness!.close()
    expect((await signedIn([emailAccount, external], { ethereum: { create_on_login: 'all-users' } })).chainsToCreate()).toEqual(['ethereum'])
  })

  it('never creates a second wallet on a chain the user has one on', async () => {
    const service = await signedIn([emailAccount, embedded(EVM, 'ethereum')], {}, { createOnLogin: { ethereum: 'all-users', solana: 'all-users' } })
    expect(service.chainsToCreate()).toEqual(['solana'])
  })

  it('a login whose user needs a wallet goes on to the creation step; a creation that does not finish signs the user out', async () => {
    await signedIn([emailAccount], { ethereum: { create_on_login: 'users-without-wallets' } })
    const kernel = harness!.kernel
    await vi.waitFor(() => expect(kernel.flow.current()?.screen).toBe('embedded-wallets/create'))
    expect(kernel.flow.current()?.params).toEqual({ chains: ['ethereum'], initiator: 'automatic', isNewUser: expect.any(Boolean) })
    // Cancelling the step (a failed creation's Close) ends the login and signs the user out.
    kernel.flow.current()!.cancel()
    await expect(login).rejects.toMatchObject({ code: 'exited_auth_flow' })
    expect(kernel.state.session.status).toBe('unauthenticated')
  })

  it('a login whose user needs no wallet completes without a step', async () => {
    await signedIn([emailAccount, embedded(EVM, 'ethereum')], { ethereum: { create_on_login: 'users-without-wallets' } })
    await expect(login).resolves.toMatchObject({ method: 'email' })
    expect(harness!.kernel.flow.current()).toBeNull()
  })

  it("the host's options win over the app's", async () => {
    const service = await signedIn([emailAccount], { ethereum: { create_on_login: 'all-users' } }, { createOnLogin: { ethereum: 'off' } })
    expect(service.chainsToCreate()).toEqual([])
  })
})

describe('the user’s embedded wallets', () => {
  it('lists only embedded wallet accounts, Ethereum first, by index', async () => {
    const service = await signedIn([
      emailAccount,
      embedded(SOL, 'solana'),
      embedded(EVM_2, 'ethereum', 1),
      external,
      embedded(EVM, 'ethereum', 0, { recovery_method: 'user-passcode' }),
    ])
    expect(service.wallets()).toEqual([
      { address: EVM, chainType: 'ethereum', walletIndex: 0, imported: false, recoveryMethod: 'user-passcode' },
      { address: EVM_2, chainType: 'ethereum', walletIndex: 1, imported: false, recoveryMethod: 'privy' },
      { address: SOL, chainType: 'solana', walletIndex: 0, imported: false, recoveryMethod: 'privy' },
    ])
  })

  it('reads the app’s recovery and wallet-UI settings', async () => {
    const service = await signedIn([emailAccount], {
      require_user_owned_recovery_on_create: true,
      user_owned_recovery_options: ['user-passcode', 'something-else'],
      show_wallet_uis: false,
    })
    expect(service.settings()).toMatchObject({
      requireUserOwnedRecoveryOnCreate: true,
      userOwnedRecoveryOptions: ['user-passcode'],
      showWalletUIs: false,
    })
  })

  it('gives no provider for an address that is not one of the user’s Ethereum wallets', async () => {
    const service = await signedIn([emailAccount, embedded(EVM, 'ethereum')])
    expect(() => service.getEthereumProvider(EVM_2)).toThrow(expect.objectContaining({ code: 'wallet_not_found' }))
    const provider = service.getEthereumProvider()
    expect(await provider.request({ method: 'eth_accounts' })).toEqual([EVM])
  })

  it('gives the Solana wallet of the user’s Solana wallet, none for another address or an Ethereum one', async () => {
    const service = await signedIn([emailAccount, embedded(EVM, 'ethereum'), embedded(SOL, 'solana')])
    expect(service.getSolanaWallet().address).toBe(SOL)
    expect(service.getSolanaWallet(SOL).address).toBe(SOL)
    expect(() => service.getSolanaWallet(EVM)).toThrow(expect.objectContaining({ code: 'wallet_not_found' }))
    expect(() => service.getSolanaWallet(SOL.toLowerCase())).toThrow(expect.objectContaining({ code: 'wallet_not_found' }))
  })

  it('gives no Solana wallet before login', async () => {
    harness = await startHarness({ plugins: [email(), embeddedWallets()] })
    expect(() => embeddedWalletsOf(harness!.kernel).getSolanaWallet()).toThrow(
      expect.objectContaining({ code: 'missing_or_invalid_token', shortMessage: 'User must be authenticated to use embedded Solana wallet' }),
    )
  })
})

describe('the secret a wallet derives from', () => {
  const w = (address: string, chainType: 'ethereum' | 'solana', walletIndex: number, imported = false) =>
    ({ address, chainType, walletIndex, imported, recoveryMethod: 'privy' }) as const
  it('is the Ethereum index-0 wallet for every HD wallet, its own address for an imported key', () => {
    const all = [w(EVM, 'ethereum', 0), w(EVM_2, 'ethereum', 1), w(SOL, 'solana', 0), w('0x0000000000000000000000000000000000000003', 'ethereum', 0, true)]
    expect(entropyIdOf(all[1]!, all)).toBe(EVM)
    expect(entropyIdOf(all[2]!, all)).toBe(EVM)
    expect(entropyIdOf(all[3]!, all)).toBe('0x0000000000000000000000000000000000000003')
  })
  it('is the Solana index-0 wallet when the secret was made for Solana', () => {
    const all = [w(SOL, 'solana', 0), w(SOL.replace('7', '8'), 'solana', 1)]
    expect(entropyIdOf(all[1]!, all)).toBe(SOL)
  })
})
