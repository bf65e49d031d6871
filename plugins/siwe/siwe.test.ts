/**
 * The SIWE client half end to end: a real kernel with the plugin, talking to a real server, signing
 * with a wallet connector backed by a viem local account.
 */
import { walletsOf } from '../wallets'
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import { createPortico } from '../../kernel/kernel'
import { createMemoryStorage } from '../../kernel/storage'
import { ApiError, PorticoError } from '../../kernel/errors'
import { definePlugin, type PluginContext, type PluginDefinition } from '../../kernel/plugin'
import type { Kernel } from '../../kernel/types'
import {
  WALLET_ERROR_CODES,
  type ConnectedWallet,
  type WalletAuthenticator,
  type WalletConnector,
} from '../wallets'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { emailServer } from '../email/server'
import { emailRoutes } from '../email/api'
import { siweServer } from './server'
import { parseSiweMessage, SIWE_RESOURCE, SIWE_STATEMENT } from './message'
import { siwe } from '.'

const PAGE = { host: 'localhost:5173', origin: 'http://localhost:5173' }

let t: TestInstance
beforeAll(async () => {
  t = await createTestInstance({
    plugins: [emailServer(), siweServer()],
    app: { allowedOrigins: [PAGE.origin], settings: { loginMethods: ['wallet_auth', 'email_auth'] } },
  })
})
afterAll(async () => {
  await t?.close()
})

let kernel: Kernel | null = null
afterEach(() => {
  kernel?.destroy()
  kernel = null
})

async function startKernel(extra: PluginDefinition[] = []): Promise<{ kernel: Kernel; auth: WalletAuthenticator }> {
  kernel = createPortico({
    appId: t.appId,
    apiUrl: t.baseUrl,
    plugins: [siwe({ location: () => PAGE }), ...extra],
    storage: createMemoryStorage(),
    autoRefresh: false,
  })
  await kernel.init()
  const auth = walletsOf(kernel).authenticator('ethereum')
  expect(auth, 'the siwe plugin registers the ethereum authenticator').toBeTruthy()
  return { kernel, auth: auth! }
}

/** A connector over a local account; `failures` makes the first signatures come from another key. */
function localConnector(account: PrivateKeyAccount, behaviour: { failures?: number; reject?: boolean } = {}) {
  const signed: string[] = []
  const stranger = privateKeyToAccount(generatePrivateKey())
  const connector: WalletConnector = {
    connectorType: 'injected',
    walletClientType: 'metamask',
    chainType: 'ethereum',
    branding: { name: 'Test wallet', id: 'test.wallet' },
    connect: async () => ({ accounts: [account.address], chainId: 'eip155:1' }),
    disconnect: async () => {},
    getAccounts: async () => [account.address],
    getChainId: async () => 'eip155:1',
    async signMessage(address, message) {
      expect(address.toLowerCase()).toBe(account.address.toLowerCase())
      signed.push(message)
      if (behaviour.reject) throw new PorticoError('User rejected the request.', { code: WALLET_ERROR_CODES.rejected })
      const signer = signed.length <= (behaviour.failures ?? 0) ? stranger : account
      return signer.signMessage({ message })
    },
    getProvider: async () => null,
    on: () => () => {},
  }
  return { connector, signed }
}

function walletOf(account: PrivateKeyAccount, chainId = 'eip155:1'): ConnectedWallet {
  return {
    type: 'ethereum',
    address: account.address.toLowerCase(),
    chainId,
    meta: { name: 'Test wallet', id: 'test.wallet' },
    imported: false,
    connectedAt: Date.now(),
    walletClientType: 'metamask',
    connectorType: 'injected',
    isConnected: true,
    linked: false,
    entryId: 'test:test.wallet',
  }
}

describe('siwe plugin', () => {
  it('default: signs a wallet in with an EIP-4361 message built from the page and the wallet', async () => {
    const { kernel, auth } = await startKernel()
    const account = privateKeyToAccount(generatePrivateKey())
    const { connector, signed } = localConnector(account)
    const result = await kernel.contextFor('siwe').authenticate(
      () => auth.authenticate(walletOf(account, 'eip155:8453'), connector, { mode: 'login-or-sign-up' }),
      { method: 'wallet' },
    )
    expect(result.isNewUser).toBe(true)
    expect(result.user.linked_accounts[0]).toMatchObject({
      type: 'wallet',
      address: account.address,
      chain_id: 'eip155:8453',
      wallet_client_type: 'metamask',
      connector_type: 'injected',
    })
    expect(kernel.state.session.status).toBe('authenticated')
    expect(signed).toHaveLength(1)
    const msg = parseSiweMessage(signed[0]!)
    expect(msg).toMatchObject({
      domain: PAGE.host,
      uri: PAGE.origin,
      address: account.address,
      statement: SIWE_STATEMENT,
      chainId: 8453,
      version: '1',
      resources: [SIWE_RESOURCE],
    })
  })

  it('behavior: with sign-up disabled, an unknown wallet is refused with user_does_not_exist', async () => {
    const { auth } = await startKernel()
    const account = privateKeyToAccount(generatePrivateKey())
    await expect(auth.authenticate(walletOf(account), localConnector(account).connector, { mode: 'no-signup' })).rejects.toMatchObject({
      code: 'user_does_not_exist',
    })
  })

  it('error: a signature from another key is refused with invalid_credentials, and signed in nobody', async () => {
    const { kernel, auth } = await startKernel()
    const account = privateKeyToAccount(generatePrivateKey())
    const { connector, signed } = localConnector(account, { failures: 1 })
    await expect(auth.authenticate(walletOf(account), connector, { mode: 'login-or-sign-up' })).rejects.toMatchObject({
      code: 'invalid_credentials',
    })
    expect(signed).toHaveLength(1)
    expect(kernel.state.session.status).toBe('unauthenticated')
    // A retry (the wallet screen offers two) asks for a fresh nonce and succeeds.
    const result = await auth.authenticate(walletOf(account), connector, { mode: 'login-or-sign-up' })
    expect(result.user.linked_accounts[0]).toMatchObject({ address: account.address })
    expect(new Set(signed.map((m) => parseSiweMessage(m).nonce)).size).toBe(2)
  })

  it('error: a user who rejects in the wallet is not asked again', async () => {
    const { auth } = await startKernel()
    const account = privateKeyToAccount(generatePrivateKey())
    const { connector, signed } = localConnector(account, { reject: true })
    await expect(auth.authenticate(walletOf(account), connector, { mode: 'login-or-sign-up' })).rejects.toMatchObject({
      code: WALLET_ERROR_CODES.rejected,
    })
    expect(signed).toHaveLength(1)
  })

  it('error: a wallet on a non-EVM chain id is refused before anything is signed', async () => {
    const { auth } = await startKernel()
    const account = privateKeyToAccount(generatePrivateKey())
    const { connector, signed } = localConnector(account)
    await expect(auth.authenticate(walletOf(account, 'solana:mainnet'), connector, { mode: 'login-or-sign-up' })).rejects.toMatchObject({
      code: WALLET_ERROR_CODES.unsupportedChain,
    })
    expect(signed).toHaveLength(0)
  })

  it("behavior: a signed-in user links wallets; another user's wallet answers account_transfer_required and its nonce moves it", async () => {
    let probe: PluginContext | null = null
    const { kernel, auth } = await startKernel([definePlugin({ id: 'probe', kind: 'feature', setup: (ctx) => void (probe = ctx) })])
    const theirs = privateKeyToAccount(generatePrivateKey())
    await auth.authenticate(walletOf(theirs), localConnector(theirs).connector, { mode: 'login-or-sign-up' })
    await kernel.logout()

    // Sign in by email through the same kernel, as the email screens would.
    const email = `linker-${Date.now()}@example.com`
    await probe!.api.request(emailRoutes.init, { email })
    const code = await t.codeFor(email)
    await probe!.authenticate(() => probe!.api.request(emailRoutes.authenticate, { email, code }), { method: 'email' })
    expect(kernel.state.session.status).toBe('authenticated')

    const mine = [privateKeyToAccount(generatePrivateKey()), privateKeyToAccount(generatePrivateKey())]
    const ctx = kernel.contextFor('siwe')
    for (const account of mine) await ctx.link(() => auth.link(walletOf(account), localConnector(account).connector), { method: 'wallet' })
    const user = kernel.state.session.user!
    const wallets = user.linked_accounts.filter((a) => a.type === 'wallet').map((a) => String(a.address))
    expect(wallets.sort()).toEqual(mine.map((a) => a.address).sort())

    // The wallet belongs to another user: the server offers a transfer (nonce + what the conflict screen shows).
    const conflict = await auth.link(walletOf(theirs), localConnector(theirs).connector).then(
      () => null,
      (e: unknown) => e,
    )
    expect(conflict).toBeInstanceOf(ApiError)
    expect(conflict).toMatchObject({
      code: 'account_transfer_required',
      data: { subject: theirs.address, account: { displayName: theirs.address }, otherUser: { embeddedWalletAddress: null } },
    })
    const nonce = (conflict as ApiError).data!.nonce
    expect(typeof nonce).toBe('string')

    // Transferring with that nonce moves the wallet here; the refreshed session shows it.
    const me = kernel.state.session.user!.id
    await ctx.changeAccounts(() => auth.transfer!(walletOf(theirs), localConnector(theirs).connector, nonce as string), { method: 'wallet' })
    const after = kernel.state.session.user!
    expect(after.id).toBe(me)
    expect(after.linked_accounts.filter((a) => a.type === 'wallet').map((a) => String(a.address)).sort()).toEqual(
      [...mine, theirs].map((a) => a.address).sort(),
    )
    // The other user is gone: signing in with that wallet lands on this user.
    await kernel.logout()
    const signedIn = await auth.authenticate(walletOf(theirs), localConnector(theirs).connector, { mode: 'login-or-sign-up' })
    expect(signedIn.user.id).toBe(me)
  })
})
