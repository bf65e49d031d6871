// @vitest-environment jsdom
/**
 * The embedded wallet plugin's `walletCreated` hook with a real kernel: it fires once for each wallet
 * a login or `createWallet` created, once the creation's screens are done, and never for wallets the
 * user already had. The wallet frame's part (the creation itself) is played by the test: the server
 * lists the new wallets in the refreshed session, as it does after the frame created them.
 */
import { afterEach, describe, expect, it, vi } from 'vitest'
import type { ReactNode } from 'react'
import { act, cleanup, renderHook } from '@testing-library/react'
import { authenticated, startHarness, wireUser, type Harness } from '../../test/support/ui-harness'
import type { AppResponse, AuthenticatedUser } from '../../kernel/wire'
import { PorticoProvider } from '../../ui/provider'
import { email } from '../email'
import { embeddedWalletHooks, embeddedWallets, useEmbeddedWallets, EMBEDDED_WALLET_SCREENS } from './index'
import { embeddedAccount as embedded } from './test-wallets'

const EVM = '0x71C7656EC7ab88b098defB751B7401B5f6d8976F'
const EVM_OLD = '0x70997970C51812dc3A010C7d01b50e0d17dc79C8'
const SOL = '7EYnhQoR9YM3N7UoaKRoA44Uy8JeaZV3qyouov87awMs'
const emailAccount = wireUser().linked_accounts[0]!

let harness: Harness | undefined
afterEach(async () => {
  cleanup()
  await harness?.close()
  harness = undefined
})

/** A harness whose kernel records every `walletCreated` call as `chain address initiator`. */
async function start(config: Record<string, unknown>) {
  harness = await startHarness({
    app: { embedded_wallet_config: { create_on_login: 'off', mode: 'legacy-embedded-wallets-only', ...config } } as Partial<AppResponse>,
    plugins: [email(), embeddedWallets()],
  })
  const heard: string[] = []
  embeddedWalletHooks(harness.kernel).walletCreated.tap('test', (w, { initiator }) => void heard.push(`${w.chainType} ${w.address} ${initiator}`))
  return { kernel: harness.kernel, heard }
}

/** Answers the session refresh with the user's accounts now (what the server lists after a creation). */
function serverLists(accounts: unknown[]) {
  harness!.routes['POST /api/v1/sessions'] = () => ({ json: { ...authenticated(wireUser({ linked_accounts: accounts })), refresh_token: 'refresh-2' } })
}

function logIn(kernel: Harness['kernel'], accounts: unknown[]) {
  const user = wireUser({ linked_accounts: accounts })
  const login = kernel.contextFor('email').authenticate(async () => ({ ...authenticated(user), refresh_token: 'refresh-1' }) as unknown as AuthenticatedUser, { method: 'email' })
  login.catch(() => undefined)
  return login
}

describe('walletCreated', () => {
  it('fires once for each wallet a login created, when the login completes, not while its screens show', async () => {
    const { kernel, heard } = await start({ ethereum: { create_on_login: 'users-without-wallets' }, solana: { create_on_login: 'users-without-wallets' } })
    const login = logIn(kernel, [emailAccount])
    await vi.waitFor(() => expect(kernel.flow.current()?.screen).toBe(EMBEDDED_WALLET_SCREENS.create))
    // The frame created both wallets: the refreshed session lists them.
    serverLists([emailAccount, embedded(EVM, 'ethereum'), embedded(SOL, 'solana')])
    await kernel.refresh()
    expect(heard).toEqual([])
    kernel.flow.current()!.resolve()
    await login
    expect(heard).toEqual([`ethereum ${EVM} automatic`, `solana ${SOL} automatic`])
    // Later session changes announce nothing more.
    await kernel.refresh()
    expect(heard).toHaveLength(2)
  })

  it('does not fire for a login that created nothing, nor for a creation that did not finish', async () => {
    const { kernel, heard } = await start({ ethereum: { create_on_login: 'users-without-wallets' } })
    await logIn(kernel, [emailAccount, embedded(EVM_OLD, 'ethereum')])
    expect(heard).toEqual([])
    await kernel.logout()
    const login = logIn(kernel, [emailAccount])
    await vi.waitFor(() => expect(kernel.flow.current()?.screen).toBe(EMBEDDED_WALLET_SCREENS.create))
    kernel.flow.current()!.cancel()
    await expect(login).rejects.toMatchObject({ code: 'exited_auth_flow' })
    expect(heard).toEqual([])
  })

  it("fires for the wallet createWallet created (initiator 'user'), once its step ended", async () => {
    const { kernel, heard } = await start({})
    await logIn(kernel, [emailAccount])
    const wrapper = ({ children }: { children: ReactNode }) => <PorticoProvider kernel={kernel}>{children}</PorticoProvider>
    const { result } = renderHook(() => useEmbeddedWallets(), { wrapper })
    let created!: Promise<unknown>
    await act(async () => {
      created = result.current.createWallet()
    })
    await vi.waitFor(() => expect(kernel.flow.current()?.screen).toBe(EMBEDDED_WALLET_SCREENS.create))
    serverLists([emailAccount, embedded(EVM, 'ethereum')])
    await act(async () => void (await kernel.refresh()))
    expect(heard).toEqual([])
    await act(async () => void kernel.flow.current()!.resolve())
    await expect(created).resolves.toMatchObject({ address: EVM })
    expect(heard).toEqual([`ethereum ${EVM} user`])
  })
})
