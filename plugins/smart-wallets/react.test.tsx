// @vitest-environment jsdom
/**
 * `useSmartWallets()` in a host's component, over the real ERC-4337 chain (anvil with the EntryPoint
 * v0.7 and the Safe contracts, alto): the first `getClient()` builds the user's Safe account over the
 * embedded wallet's provider and links it as `smart_wallet` with a SIWE message the account signs
 * before it is deployed (verifiable through ERC-6492); later calls reuse the account and link nothing;
 * an account the user has linked already is not linked again; and the refusals a host can act on.
 */
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { act, cleanup, render } from '@testing-library/react'
import { createPublicClient, http, toHex, type EIP1193Provider, type Hex, type TypedDataDefinition } from 'viem'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { startErc4337Chain, type Erc4337Chain } from '../../test/fixtures/erc4337'
import { startSignedIn } from '../../test/support/mfa-harness'
import { wireUser, type Harness, type Routes } from '../../test/support/ui-harness'
import { PorticoProvider } from '../../ui/provider'
import type { AppResponse } from '../../kernel/wire'
import { TestWalletService, testEmbeddedWallets } from '../embedded-wallets/screens/test-service'
import type { EmbeddedWalletInfo } from '../embedded-wallets'
import { smartWallets, useSmartWallets, type SmartWallet, type UseSmartWalletsResult } from '.'

const INIT = 'POST /api/v1/siwe/init'
const LINK = 'POST /api/v1/siwe/link_smart_wallet'

let chain: Erc4337Chain
let h: Harness | null = null
beforeAll(async () => {
  chain = await startErc4337Chain()
}, 120_000)
afterAll(async () => {
  await chain?.close()
})
afterEach(async () => {
  cleanup()
  await h?.close()
  h = null
})

/** The embedded wallet's EIP-1193 provider, as the frame answers it: the owner's account signs. */
function ownerProvider(account: PrivateKeyAccount): EIP1193Provider {
  const request = async ({ method, params }: { method: string; params?: unknown }): Promise<unknown> => {
    const p = (params ?? []) as unknown[]
    switch (method) {
      case 'eth_accounts':
      case 'eth_requestAccounts':
        return [account.address]
      case 'eth_chainId':
        return toHex(chain.anvil.chainId)
      case 'personal_sign':
        return account.signMessage({ message: { raw: p[0] as Hex } })
      case 'eth_signTypedData_v4':
        return account.signTypedData(JSON.parse(p[1] as string) as TypedDataDefinition)
      default:
        throw Object.assign(new Error(`The test owner does not support ${method}`), { code: 4200 })
    }
  }
  return { request, on: () => undefined, removeListener: () => undefined } as unknown as EIP1193Provider
}

/** The embedded wallet service the hook reads the owner from, with a provider over a viem account. */
class OwnerWalletService extends TestWalletService {
  constructor(readonly owner: PrivateKeyAccount) {
    const info: EmbeddedWalletInfo = { address: owner.address, chainType: 'ethereum', walletIndex: 0, imported: false, recoveryMethod: 'privy' }
    super({}, [info])
  }
  override getEthereumProvider(): never {
    return ownerProvider(this.owner) as never
  }
}

const network = () => ({ chainId: chain.anvil.chainId, bundlerUrl: chain.bundlerUrl, rpcUrl: chain.anvil.url })
const contracts = () => ({ entryPoint: chain.entryPoint, safe: chain.safe })

const smartWalletApp = (enabled = true): Partial<AppResponse> => ({
  smart_wallet_config: enabled
    ? { enabled: true, smart_wallet_type: 'safe', configured_networks: [{ chain_id: `eip155:${chain.anvil.chainId}`, bundler_url: chain.bundlerUrl, rpc_url: chain.anvil.url }] }
    : { enabled: false },
})

const smartAccount = (address: string) => ({ type: 'smart_wallet', address, smart_wallet_type: 'safe', verified_at: 1, first_verified_at: 1, latest_verified_at: 1 })

let hook: UseSmartWalletsResult
function Host() {
  hook = useSmartWallets()
  return null
}

/**
 * A signed-in user with an embedded wallet on an app with Safe smart wallets on the test chain; the
 * SIWE and link routes answer as the server does, the link adding the account to the user.
 */
async function start(options: { enabled?: boolean; linked?: (owner: PrivateKeyAccount) => Promise<string> } = {}) {
  const owner = privateKeyToAccount(generatePrivateKey())
  const service = new OwnerWalletService(owner)
  const accounts: Record<string, unknown>[] = [{ type: 'wallet', address: owner.address, chain_type: 'ethereum', wallet_client_type: 'privy', connector_type: 'embedded', wallet_index: 0, imported: false, delegated: false, verified_at: 1, first_verified_at: 1, latest_verified_at: 1 }]
  if (options.linked) accounts.push(smartAccount(await options.linked(owner)))
  const user = () => wireUser({ has_accepted_terms: true, linked_accounts: [...accounts] })
  const routes: Routes = {
    [INIT]: (req) => ({ json: { nonce: 'a1b2c3d4e5f6a7b8', address: (JSON.parse(req.body ?? '{}') as { address: string }).address, expires_at: new Date(Date.now() + 600_000).toISOString() } }),
    [LINK]: (req) => {
      const body = JSON.parse(req.body ?? '{}') as { message: string }
      const address = /0x[0-9a-fA-F]{40}/.exec(body.message.split('\n')[1] ?? '')?.[0] ?? ''
      accounts.push(smartAccount(address))
      return { json: user() }
    },
  }
  h = await startSignedIn(
    [smartWallets({ contracts: { [chain.anvil.chainId]: contracts() } }), testEmbeddedWallets(service)],
    user(),
    routes,
    { app: smartWalletApp(options.enabled ?? true), sessionUser: user },
  )
  const kernel = h.kernel
  await act(async () => {
    render(
      <PorticoProvider kernel={kernel}>
        <Host />
      </PorticoProvider>,
    )
  })
  return { owner, calls: (path: string) => h!.calls(path.split(' ')[1]!) as { message: string; signature: Hex; smart_wallet_type: string }[] }
}

const publicClient = () => createPublicClient({ transport: http(chain.anvil.url) })

/** Runs a hook call inside `act`. */
async function run<T>(call: () => Promise<T>): Promise<T> {
  let result!: Promise<T>
  act(() => {
    result = call()
    result.catch(() => undefined)
  })
  return act(() => result)
}

describe('useSmartWallets', () => {
  it("the first getClient() links the user's undeployed Safe account as smart_wallet with a SIWE message that verifies through ERC-6492; later calls reuse it and link nothing", async () => {
    const { calls } = await start()
    expect(hook.enabled).toBe(true)
    expect(hook.networks).toEqual([network()])

    const wallet = await run(() => hook.getClient())
    expect(wallet.type).toBe('safe')
    expect(wallet.chainId).toBe(chain.anvil.chainId)
    expect(await wallet.isDeployed()).toBe(false)
    const [link] = calls(LINK)
    expect(calls(LINK)).toHaveLength(1)
    expect(link!.smart_wallet_type).toBe('safe')
    expect(link!.message).toContain(`\n${wallet.address}\n`)
    expect(link!.message).toContain(`Chain ID: ${chain.anvil.chainId}`)
    // The account is not deployed: the signature carries its factory call (ERC-6492), and verifies.
    expect(link!.signature.endsWith('6492649264926492649264926492649264926492649264926492649264926492')).toBe(true)
    expect(await publicClient().verifyMessage({ address: wallet.address, message: link!.message, signature: link!.signature })).toBe(true)
    await act(async () => undefined)
    expect(h!.kernel.state.session.user?.linked_accounts.some((a) => a.type === 'smart_wallet')).toBe(true)

    const again: SmartWallet = await run(() => hook.getClient(chain.anvil.chainId))
    expect(again).toBe(wallet)
    expect(calls(LINK)).toHaveLength(1)
    expect(calls(INIT)).toHaveLength(1)
  })

  it('links nothing when the user already holds the account as smart_wallet', async () => {
    let expected = ''
    const { calls } = await start({
      linked: async (owner) => {
        // The account's counterfactual address, from the same owner, contracts and chain.
        const { createSmartWallet } = await import('./account')
        const probe = await createSmartWallet({ type: 'safe', network: network(), owner: ownerProvider(owner), contracts: contracts() })
        expected = probe.address
        return expected
      },
    })
    const wallet = await run(() => hook.getClient())
    expect(wallet.address).toBe(expected)
    expect(calls(INIT)).toEqual([])
    expect(calls(LINK)).toEqual([])
  })

  it('refuses an unconfigured chain (unsupported_chain) and an app without smart wallets (smart_wallets_disabled)', async () => {
    await start()
    await expect(run(() => hook.getClient(1))).rejects.toMatchObject({ code: 'unsupported_chain' })
    cleanup()
    await h!.close()
    h = null
    await start({ enabled: false })
    expect(hook.enabled).toBe(false)
    expect(hook.networks).toEqual([])
    await expect(run(() => hook.getClient())).rejects.toMatchObject({ code: 'smart_wallets_disabled' })
  })

  it('refuses before login (must_be_authenticated)', async () => {
    await start()
    await act(async () => {
      await h!.kernel.contextFor('smart-wallets').logout()
    })
    await expect(run(() => hook.getClient())).rejects.toMatchObject({ code: 'must_be_authenticated' })
  })
})
