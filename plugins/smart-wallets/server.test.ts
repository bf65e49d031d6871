/**
 * The smart-wallet server half against a real server and database, and a real ERC-4337 chain (anvil
 * with the EntryPoint and the Safe contracts, the alto bundler): the setting's admin checks, the
 * configuration in the app response and on its own route, and the link of a counterfactual Safe
 * account proven by its EIP-6492 signature of a SIWE message.
 */
import { toSafeSmartAccount, type ToSafeSmartAccountReturnType } from 'permissionless/accounts'
import * as v from 'valibot'
import { createPublicClient, http } from 'viem'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { foundry } from 'viem/chains'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { User } from '../../kernel/schemas'
import { startErc4337Chain, type Erc4337Chain } from '../../test/fixtures/erc4337'
import { createTestInstance, type TestInstance, type TestResponse } from '../../test/support/server'
import { emailServer } from '../email/server'
import { SIWE_RESOURCE, SIWE_STATEMENT, createSiweMessage } from '../siwe/message'
import { SmartWalletConfiguration } from './schemas'
import { smartWalletsServer, type SmartWalletsSettings } from './server'

const ORIGIN = 'http://localhost:5173'
const ADMIN_KEY = 'admin-key-for-smart-wallet-tests-0123'
const LINK = '/api/v1/siwe/link_smart_wallet'

let chain: Erc4337Chain
let inst: TestInstance

beforeAll(async () => {
  chain = await startErc4337Chain()
  inst = await createTestInstance({ plugins: [emailServer(), smartWalletsServer()], adminKey: ADMIN_KEY })
})
afterAll(async () => {
  await Promise.all([inst?.close(), chain?.close()])
})

const CHAIN = 'eip155:31337'

function enabled(over: Partial<SmartWalletsSettings> = {}): SmartWalletsSettings {
  return {
    enabled: true,
    smartWalletType: 'safe',
    configuredNetworks: [{ chainId: CHAIN, bundlerUrl: chain.bundlerUrl, paymasterContext: { sponsorshipPolicyId: 'sp_test' } }],
    ...over,
  }
}

/** A fresh app; the chain's RPC lets the server check smart-wallet signatures. */
async function appWith(smartWallets: SmartWalletsSettings = enabled()) {
  return inst.createApp({
    allowedOrigins: [ORIGIN],
    settings: { loginMethods: ['email_auth'], chainRpcUrls: { [CHAIN]: chain.anvil.url }, smartWallets } as never,
  })
}

const admin = (path: string, body: unknown) =>
  fetch(`${inst.baseUrl}${path}`, {
    method: 'PATCH',
    headers: { authorization: `Bearer ${ADMIN_KEY}`, 'content-type': 'application/json' },
    body: JSON.stringify(body),
  })

/** A new user's Safe account, counterfactual: nothing is deployed at its address. */
async function safeOf(owner = privateKeyToAccount(generatePrivateKey())): Promise<ToSafeSmartAccountReturnType<'0.7'>> {
  const client = createPublicClient({ chain: foundry, transport: http(chain.anvil.url) })
  return toSafeSmartAccount({ client, owners: [owner], version: '1.4.1', entryPoint: { address: chain.entryPoint, version: '0.7' }, ...chain.safe })
}

/** init → build → sign with the smart account (EIP-6492 while counterfactual), as the widget does. */
async function signedLink(appId: string, token: string, account: { address: string; signMessage(a: { message: string }): Promise<string> }) {
  const init = await inst.request<{ nonce: string; address: string }>('/api/v1/siwe/init', { appId, token, body: { address: account.address } })
  expect(init.status, JSON.stringify(init.body)).toBe(200)
  const message = createSiweMessage({
    domain: 'localhost:5173',
    address: init.body.address,
    statement: SIWE_STATEMENT,
    uri: ORIGIN,
    version: '1',
    chainId: 31337,
    nonce: init.body.nonce,
    issuedAt: new Date(inst.clock.now()),
    resources: [SIWE_RESOURCE],
  })
  return { message, signature: await account.signMessage({ message }), smart_wallet_type: 'safe' }
}

async function signIn(appId: string) {
  return inst.login(`sw-${Math.random().toString(36).slice(2)}@example.com`, { appId })
}

async function userToken(appId: string): Promise<string> {
  return (await signIn(appId)).token as string
}

const link = (appId: string, token: string | undefined, body: unknown): Promise<TestResponse> =>
  inst.request(LINK, { appId, token, body, headers: { origin: ORIGIN } })

describe('smart wallet configuration', () => {
  it('default: the app response and the smart_wallets route say smart wallets are off', async () => {
    const app = await inst.createApp({ allowedOrigins: [ORIGIN] })
    const appResponse = await inst.request(`/api/v1/apps/${app.id}`, { appId: app.id })
    expect(appResponse.body.smart_wallet_config).toEqual({ enabled: false })
    const res = await inst.request(`/api/v1/apps/${app.id}/smart_wallets`, { appId: app.id })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ enabled: false })
  })

  it('behavior: an enabled app answers its type and each chain with bundler, paymaster and paymaster context', async () => {
    const app = await appWith(enabled({ smartWalletVersion: '1.4.1', configuredNetworks: [
      { chainId: CHAIN, bundlerUrl: 'http://127.0.0.1:4337/', paymasterUrl: 'http://127.0.0.1:4338/', chainName: 'Anvil', paymasterContext: { sponsorshipPolicyId: 'sp_1' } },
    ] }))
    const expected = {
      enabled: true,
      smart_wallet_type: 'safe',
      smart_wallet_version: '1.4.1',
      configured_networks: [
        { chain_id: CHAIN, bundler_url: 'http://127.0.0.1:4337/', paymaster_url: 'http://127.0.0.1:4338/', chain_name: 'Anvil', paymaster_context: { sponsorshipPolicyId: 'sp_1' } },
      ],
    }
    const res = await inst.request(`/api/v1/apps/${app.id}/smart_wallets`, { appId: app.id })
    expect(v.parse(SmartWalletConfiguration, res.body)).toEqual(expected)
    expect((await inst.request(`/api/v1/apps/${app.id}`, { appId: app.id })).body.smart_wallet_config).toEqual(expected)
  })

  it('behavior: the admin API switches smart wallets on for a chain, and refuses a configuration that cannot work', async () => {
    const app = await inst.createApp({ allowedOrigins: [ORIGIN] })
    const ok = await admin(`/admin/v1/apps/${app.id}`, { settings: { smartWallets: enabled() } })
    expect(ok.status, await ok.clone().text()).toBe(200)
    expect((await inst.request(`/api/v1/apps/${app.id}/smart_wallets`, { appId: app.id })).body).toMatchObject({ enabled: true, smart_wallet_type: 'safe' })

    const refused: [unknown, RegExp][] = [
      [{ enabled: true, configuredNetworks: enabled().configuredNetworks }, /smartWalletType is required/],
      [{ ...enabled(), configuredNetworks: [] }, /needs a chain/],
      [{ ...enabled(), smartWalletType: 'argent' }, /smart_wallet_type must be one of safe, kernel/],
      [enabled({ configuredNetworks: [{ chainId: CHAIN, bundlerUrl: 'file:///etc/passwd' }] }), /bundlerUrl must be an http\(s\) URL/],
      [enabled({ configuredNetworks: [{ chainId: '8453', bundlerUrl: 'https://b.example' }] }), /CAIP-2/],
      [enabled({ configuredNetworks: [{ chainId: CHAIN, bundlerUrl: 'https://a.example' }, { chainId: CHAIN, bundlerUrl: 'https://b.example' }] }), /names a chain twice/],
      [{ ...enabled(), secret: 'x' }, /./],
    ]
    for (const [smartWallets, message] of refused) {
      const res = await admin(`/admin/v1/apps/${app.id}`, { settings: { smartWallets } })
      const body = (await res.json()) as { code: string; error: string }
      expect(res.status, JSON.stringify(smartWallets)).toBe(400)
      expect(body.code).toBe('invalid_data')
      expect(body.error).toMatch(message)
    }
    // Nothing half-written: the accepted configuration stands.
    expect((await inst.request(`/api/v1/apps/${app.id}/smart_wallets`, { appId: app.id })).body).toMatchObject({ enabled: true, smart_wallet_type: 'safe' })
  })
})

describe('POST /api/v1/siwe/link_smart_wallet', () => {
  it('behavior: a counterfactual Safe account proven by its EIP-6492 signature is linked as smart_wallet with its type', async () => {
    const app = await appWith()
    const token = await userToken(app.id)
    const safe = await safeOf()
    expect(await createPublicClient({ transport: http(chain.anvil.url) }).getCode({ address: safe.address })).toBeUndefined()

    const res = await link(app.id, token, await signedLink(app.id, token, safe))

    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const user = v.parse(User, res.body)
    expect(user.linked_accounts.filter((a) => a.type === 'smart_wallet')).toEqual([
      expect.objectContaining({ type: 'smart_wallet', address: safe.address, smart_wallet_type: 'safe' }),
    ])
  })

  it('behavior: the signature of another key, a replayed message, a type the app does not use, and no session are refused', async () => {
    const app = await appWith()
    const token = await userToken(app.id)
    const safe = await safeOf()
    const other = await safeOf()

    // Signed by another Safe: the message names `safe`, the signature is `other`'s.
    const forged = await signedLink(app.id, token, safe)
    forged.signature = await other.signMessage({ message: forged.message })
    const wrongKey = await link(app.id, token, forged)
    expect(wrongKey.status).toBe(401)
    expect(wrongKey.body.code).toBe('invalid_credentials')

    const wrongType = await link(app.id, token, { ...(await signedLink(app.id, token, safe)), smart_wallet_type: 'kernel' })
    expect(wrongType.status).toBe(400)
    expect(wrongType.body).toMatchObject({ code: 'invalid_data', error: "This app's smart wallets are of type safe." })

    const signed = await signedLink(app.id, token, safe)
    expect((await link(app.id, undefined, signed)).status).toBe(401)
    expect((await link(app.id, token, signed)).status).toBe(200)
    const replay = await link(app.id, token, signed)
    expect(replay.status).toBe(401)
    expect(replay.body.error).toMatch(/nonce/i)
  })

  it('behavior: an app without smart wallets refuses the link before reading the signature', async () => {
    const app = await appWith({ enabled: false, configuredNetworks: [] })
    const token = await userToken(app.id)
    const res = await link(app.id, token, await signedLink(app.id, token, await safeOf()))
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('feature_not_enabled')
  })

  it("behavior: another user's smart wallet is not moved to the signed-in user", async () => {
    const app = await appWith()
    const safe = await safeOf()
    const first = await userToken(app.id)
    expect((await link(app.id, first, await signedLink(app.id, first, safe))).status).toBe(200)
    const other = await userToken(app.id)
    const second = await link(app.id, other, await signedLink(app.id, other, safe))
    expect(second.status).toBe(400)
    expect(second.body.code).toBe('linked_to_another_user')
  })

  it('security: of 40 parallel links with one signed message, exactly one succeeds and the user has the wallet once', async () => {
    const app = await appWith()
    const { token, user } = await signIn(app.id)
    const safe = await safeOf()
    const signed = await signedLink(app.id, token as string, safe)
    const results = await Promise.all(Array.from({ length: 40 }, () => link(app.id, token as string, signed)))
    expect(results.filter((r) => r.status === 200)).toHaveLength(1)
    expect(results.filter((r) => r.status >= 500)).toEqual([])
    const stored = await fetch(`${inst.baseUrl}/admin/v1/apps/${app.id}/users/${user.id}`, { headers: { authorization: `Bearer ${ADMIN_KEY}` } })
    expect(((await stored.json()) as { linked_accounts: { type: string }[] }).linked_accounts.filter((a: { type: string }) => a.type === 'smart_wallet')).toHaveLength(1)
  })
})
