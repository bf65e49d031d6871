/**
 * The SIWE server half against a real server, real PGlite, viem local accounts, and (for smart-contract
 * wallets) a real anvil node with a deployed EIP-1271 wallet.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { generatePrivateKey, privateKeyToAccount, type PrivateKeyAccount } from 'viem/accounts'
import type { CaptchaVerifier } from '../../server/captcha'
import type { AppSettingsInput } from '../../server/apps'
import { createTestInstance, type TestInstance, type TestResponse } from '../../test/support/server'
import { emailServer } from '../email/server'
import { startAnvil, type Anvil } from '../../test/fixtures/anvil'
import { deployEip1271Wallet, signForEip1271Wallet } from '../../test/fixtures/eip1271'
import { AuthenticatedUser, User } from '../../kernel/schemas'
import { SIWE_RESOURCE, SIWE_STATEMENT, createSiweMessage, type SiweMessageFields } from './message'
import { SIWE_CLOCK_SKEW_MS, SIWE_NONCE_TTL_MS, siweServer, type SiweServerOptions } from './server'

const ORIGIN = 'http://localhost:5173'
const INIT = '/api/v1/siwe/init'
const AUTH = '/api/v1/siwe/authenticate'
const LINK = '/api/v1/siwe/link'

/** An app to test against: the instance it lives in and its id. */
interface Target {
  inst: TestInstance
  appId: string
}

// One server for most tests (PGlite takes seconds to start); each test gets its own app.
let shared: TestInstance
const extra: TestInstance[] = []
beforeAll(async () => {
  shared = await createTestInstance({ plugins: [emailServer(), siweServer()] })
})
afterAll(async () => {
  await Promise.all([shared?.close(), ...extra.map((i) => i.close())])
})

const DEFAULTS: AppSettingsInput = { loginMethods: ['wallet_auth', 'email_auth'] }

/** A fresh app on the shared server. */
async function start(settings: AppSettingsInput = {}, origins = [ORIGIN]): Promise<Target> {
  const app = await shared.createApp({ allowedOrigins: origins, settings: { ...DEFAULTS, ...settings } })
  return { inst: shared, appId: app.id }
}

/** A server of its own, for server-wide options (the init limit, a captcha verifier). */
async function startOwn(settings: AppSettingsInput, options: { siwe?: SiweServerOptions; captcha?: CaptchaVerifier }): Promise<Target> {
  const inst = await createTestInstance({
    plugins: [siweServer(options.siwe)],
    captcha: options.captcha,
    app: { allowedOrigins: [ORIGIN], settings: { ...DEFAULTS, ...settings } },
  })
  extra.push(inst)
  return { inst, appId: inst.appId }
}

const wallet = () => privateKeyToAccount(generatePrivateKey())

async function init({ inst, appId }: Target, address: string, body: Record<string, unknown> = {}) {
  const res = await inst.request<{ nonce: string; address: string; expires_at: string }>(INIT, { appId, body: { address, ...body } })
  expect(res.status, JSON.stringify(res.body)).toBe(200)
  return res.body
}

/** The message the client would build, with overrides. */
function messageFor({ inst }: Target, address: string, nonce: string, over: Partial<SiweMessageFields> = {}) {
  return createSiweMessage({
    domain: 'localhost:5173',
    address,
    statement: SIWE_STATEMENT,
    uri: ORIGIN,
    version: '1',
    chainId: 1,
    nonce,
    issuedAt: new Date(inst.clock.now()),
    resources: [SIWE_RESOURCE],
    ...over,
  })
}

interface SignOptions {
  over?: Partial<SiweMessageFields>
  signer?: PrivateKeyAccount
  path?: string
  token?: string | null
  mode?: 'no-signup'
  headers?: Record<string, string>
}

/** init → build → sign → authenticate (or link), as the client does. */
async function signIn(inst: Target, account: PrivateKeyAccount, o: SignOptions = {}): Promise<TestResponse> {
  const { nonce, address } = await init(inst, account.address)
  const message = messageFor(inst, address, nonce, o.over)
  const signature = await (o.signer ?? account).signMessage({ message })
  return send(inst, { message, signature }, o)
}

function send({ inst, appId }: Target, signed: { message: string; signature: string }, o: SignOptions = {}) {
  const link = o.path === LINK
  return inst.request(o.path ?? AUTH, {
    appId,
    token: o.token ?? undefined,
    headers: o.headers,
    body: {
      ...signed,
      chainId: 'eip155:1',
      walletClientType: 'metamask',
      connectorType: 'injected',
      ...(link ? {} : o.mode ? { mode: o.mode } : {}),
    },
  })
}

function expectRefused(res: TestResponse, text?: RegExp) {
  expect(res.status, JSON.stringify(res.body)).toBe(401)
  expect(res.body.code).toBe('invalid_credentials')
  if (text) expect(res.body.error).toMatch(text)
}

describe('init', () => {
  it('default: answers a nonce bound to the checksummed address, expiring after the nonce lifetime', async () => {
    const app = await start()
    const account = wallet()
    const body = await init(app, account.address.toLowerCase())
    expect(body.address).toBe(account.address)
    expect(body.nonce).toMatch(/^[A-Za-z0-9]{8,}$/)
    const lifetime = Date.parse(body.expires_at) - app.inst.clock.now()
    expect(lifetime).toBeGreaterThan(SIWE_NONCE_TTL_MS - 5000)
    expect(lifetime).toBeLessThanOrEqual(SIWE_NONCE_TTL_MS)
    expect(new Date(body.expires_at).toISOString()).toBe(body.expires_at)
    const again = await init(app, account.address)
    expect(again.nonce).not.toBe(body.nonce)
  })

  it('error: wallet login switched off answers disallowed_login_method', async () => {
    const app = await start({ loginMethods: ['email_auth'] })
    const res = await app.inst.request(INIT, { appId: app.appId, body: { address: wallet().address } })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('disallowed_login_method')
  })

  it('error: a malformed address answers invalid_data', async () => {
    const app = await start()
    for (const address of ['0x123', 'abc', 42]) {
      const res = await app.inst.request(INIT, { appId: app.appId, body: { address } })
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('invalid_data')
    }
  })

  it('behavior: with the captcha on, init needs a passing token', async () => {
    const captcha: CaptchaVerifier = { verify: async ({ token }) => ({ success: token === 'good-token', errorCodes: [] }) }
    const app = await startOwn({ captchaEnabled: true, captchaSecretKey: 'secret', captchaSiteKey: 't:site' }, { captcha })
    const address = wallet().address
    expect((await app.inst.request(INIT, { appId: app.appId, body: { address } })).body.code).toBe('invalid_captcha')
    expect((await app.inst.request(INIT, { appId: app.appId, body: { address, token: 'bad-token' } })).body.code).toBe('invalid_captcha')
    await init(app, address, { token: 'good-token' })
    // A signed-in user (linking) is not asked again.
    const { token } = await app.inst.request(AUTH, {
      appId: app.appId,
      body: await (async () => {
        const account = wallet()
        const { nonce, address: checksummed } = await init(app, account.address, { token: 'good-token' })
        const message = messageFor(app, checksummed, nonce)
        return { message, signature: await account.signMessage({ message }), chainId: null, walletClientType: null, connectorType: null }
      })(),
    }).then((r) => r.body as { token: string })
    const linking = await app.inst.request(INIT, { appId: app.appId, token, body: { address: wallet().address } })
    expect(linking.status).toBe(200)
  })

  it('behavior: init is rate-limited per IP', async () => {
    const app = await startOwn({}, { siwe: { initPerIp: { limit: 2, windowMs: 60_000 } } })
    await init(app, wallet().address)
    await init(app, wallet().address)
    const res = await app.inst.request(INIT, { appId: app.appId, body: { address: wallet().address } })
    expect(res.status).toBe(429)
    expect(res.body.code).toBe('too_many_requests')
  })
})

describe('authenticate', () => {
  it('default: a signed message signs a new user in with an external wallet account; the next sign-in finds them', async () => {
    const app = await start()
    const account = wallet()
    const res = await signIn(app, account)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const body = v.parse(AuthenticatedUser, res.body)
    expect(body.is_new_user).toBe(true)
    expect(body.user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'wallet',
        address: account.address,
        chain_type: 'ethereum',
        wallet_client: 'unknown',
        chain_id: 'eip155:1',
        wallet_client_type: 'metamask',
        connector_type: 'injected',
      }),
    ])
    const again = await signIn(app, account)
    expect(again.status).toBe(200)
    expect(again.body.is_new_user).toBe(false)
    expect(again.body.user.id).toBe(body.user.id)
  })

  it('behavior: null wallet client and connector types are left out of the account', async () => {
    const app = await start()
    const account = wallet()
    const { nonce, address } = await init(app, account.address)
    const message = messageFor(app, address, nonce)
    const res = await app.inst.request(AUTH, { appId: app.appId,
      body: { message, signature: await account.signMessage({ message }), chainId: null, walletClientType: null, connectorType: null },
    })
    expect(res.status).toBe(200)
    const acct = res.body.user.linked_accounts[0]
    expect(acct).not.toHaveProperty('wallet_client_type')
    expect(acct).not.toHaveProperty('connector_type')
  })

  it("error: another key's signature is refused, and the nonce stays usable", async () => {
    const app = await start()
    const account = wallet()
    const { nonce, address } = await init(app, account.address)
    const message = messageFor(app, address, nonce)
    expectRefused(await send(app, { message, signature: await wallet().signMessage({ message }) }), /signature/i)
    expect((await send(app, { message, signature: await account.signMessage({ message }) })).status).toBe(200)
  })

  it('error: a signature of another text is refused', async () => {
    const app = await start()
    const account = wallet()
    const { nonce, address } = await init(app, account.address)
    const message = messageFor(app, address, nonce)
    expectRefused(await send(app, { message, signature: await account.signMessage({ message: message + ' ' }) }))
  })

  it('error: a replayed message is refused (the nonce is single use)', async () => {
    const app = await start()
    const account = wallet()
    const { nonce, address } = await init(app, account.address)
    const message = messageFor(app, address, nonce)
    const signature = await account.signMessage({ message })
    expect((await send(app, { message, signature })).status).toBe(200)
    expectRefused(await send(app, { message, signature }), /nonce/)
  })

  it('error: two racing requests with one nonce: exactly one signs in', async () => {
    const app = await start()
    const account = wallet()
    const { nonce, address } = await init(app, account.address)
    const message = messageFor(app, address, nonce)
    const signature = await account.signMessage({ message })
    const statuses = (await Promise.all([send(app, { message, signature }), send(app, { message, signature })])).map((r) => r.status)
    expect(statuses.sort()).toEqual([200, 401])
  })

  it('error: an expired nonce is refused', async () => {
    const app = await start()
    const account = wallet()
    const { nonce, address } = await init(app, account.address)
    app.inst.clock.advance(SIWE_NONCE_TTL_MS + 1)
    const message = messageFor(app, address, nonce)
    expectRefused(await send(app, { message, signature: await account.signMessage({ message }) }), /expired nonce/)
  })

  it('error: a nonce nobody issued is refused', async () => {
    const app = await start()
    const account = wallet()
    const message = messageFor(app, account.address, 'abcdef0123456789')
    expectRefused(await send(app, { message, signature: await account.signMessage({ message }) }), /nonce/)
  })

  it("error: a nonce issued to another address is refused, even with that address's valid signature", async () => {
    const app = await start()
    const first = wallet()
    const second = wallet()
    const { nonce } = await init(app, first.address)
    const message = messageFor(app, second.address, nonce)
    expectRefused(await send(app, { message, signature: await second.signMessage({ message }) }), /another address/)
  })

  it("error: a domain or URI that is not one of the app's origins is refused", async () => {
    const app = await start()
    expectRefused(await signIn(app, wallet(), { over: { domain: 'evil.example' } }), /domain/)
    expectRefused(await signIn(app, wallet(), { over: { domain: 'localhost:5174' } }), /domain/)
    expectRefused(await signIn(app, wallet(), { over: { uri: 'https://evil.example/login' } }), /URI/)
  })

  it("error: the domain must be the request origin's host when the browser sends one", async () => {
    const app = await start({}, [ORIGIN, 'http://localhost:6000'])
    const headers = { origin: 'http://localhost:6000' }
    expectRefused(await signIn(app, wallet(), { headers }), /origin/)
    const ok = await signIn(app, wallet(), { headers, over: { domain: 'localhost:6000', uri: 'http://localhost:6000' } })
    expect(ok.status).toBe(200)
  })

  it('error: an issued-at beyond the clock skew is refused; within it, accepted', async () => {
    const app = await start()
    const future = (ms: number) => new Date(app.inst.clock.now() + ms)
    expectRefused(await signIn(app, wallet(), { over: { issuedAt: future(SIWE_CLOCK_SKEW_MS + 60_000) } }), /future/)
    expect((await signIn(app, wallet(), { over: { issuedAt: future(30_000) } })).status).toBe(200)
  })

  it('error: a passed expiration time or a future not-before is refused', async () => {
    const app = await start()
    const now = app.inst.clock.now()
    expectRefused(await signIn(app, wallet(), { over: { expirationTime: new Date(now - 1000) } }), /expired/)
    expectRefused(await signIn(app, wallet(), { over: { notBefore: new Date(now + SIWE_CLOCK_SKEW_MS + 60_000) } }), /not valid yet/)
    expect((await signIn(app, wallet(), { over: { expirationTime: new Date(now + 60_000) } })).status).toBe(200)
  })

  it('error: a malformed message or signature answers invalid_data', async () => {
    const app = await start()
    const account = wallet()
    const { nonce, address } = await init(app, account.address)
    const message = messageFor(app, address, nonce)
    const signature = await account.signMessage({ message })
    const garbled = message.replace('Version: 1', 'Version: 2')
    const bad = [
      { message: garbled, signature: await account.signMessage({ message: garbled }) },
      { message: message.replace(address, address.toLowerCase().replace('0x', '0X')), signature },
      { message, signature: 'not-hex' },
      { message: 'x'.repeat(5000), signature },
    ]
    for (const body of bad) {
      const res = await send(app, body)
      expect(res.status, body.message.slice(0, 40)).toBe(400)
      expect(res.body.code).toBe('invalid_data')
    }
    // A checksum that does not match the address is a malformed message too.
    const wrongCase = address.replace(/[a-f]/, (c) => c.toUpperCase())
    if (wrongCase !== address) {
      const m = messageFor(app, wrongCase, nonce)
      const res = await send(app, { message: m, signature: await account.signMessage({ message: m }) })
      expect(res.status).toBe(400)
    }
    // The nonce survived all of that.
    expect((await send(app, { message, signature })).status).toBe(200)
  })

  it('error: with sign-up disabled for the attempt, an unknown wallet answers user_does_not_exist', async () => {
    const app = await start()
    const res = await signIn(app, wallet(), { mode: 'no-signup' })
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('user_does_not_exist')
  })

  it('behavior: the allowlist admits a listed wallet address whatever its case, and refuses others', async () => {
    const listed = wallet()
    const app = await start({ allowlistEnabled: true, allowlist: [listed.address] })
    expect((await signIn(app, listed)).status).toBe(200)
    const res = await signIn(app, wallet())
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('allowlist_rejected')
  })
})

describe('link', () => {
  it('default: a signed-in user links several wallets; each shows as an external wallet', async () => {
    const app = await start()
    const { token } = await app.inst.login('ada@example.com', { appId: app.appId })
    const a = wallet()
    const b = wallet()
    expect((await signIn(app, a, { path: LINK, token })).status).toBe(200)
    const res = await signIn(app, b, { path: LINK, token })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const user = v.parse(User, res.body)
    const addresses = user.linked_accounts.filter((x) => x.type === 'wallet').map((x) => String(x.address))
    expect(addresses.sort()).toEqual([a.address, b.address].sort())
  })

  it('error: a wallet of another user answers account_transfer_required with a nonce and the checksummed address', async () => {
    const app = await start()
    const account = wallet()
    expect((await signIn(app, account)).status).toBe(200)
    const { token } = await app.inst.login('bob@example.com', { appId: app.appId })
    const res = await signIn(app, account, { path: LINK, token })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({
      code: 'account_transfer_required',
      data: { subject: account.address, account: { displayName: account.address }, otherUser: { embeddedWalletAddress: null } },
    })
    expect(typeof res.body.data.nonce).toBe('string')
  })

  it('error: without a session, link answers missing_or_invalid_token and keeps the nonce', async () => {
    const app = await start()
    const account = wallet()
    const { nonce, address } = await init(app, account.address)
    const message = messageFor(app, address, nonce)
    const signature = await account.signMessage({ message })
    const res = await send(app, { message, signature }, { path: LINK })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('missing_or_invalid_token')
    expect((await send(app, { message, signature })).status).toBe(200)
  })
})

describe('smart-contract wallets (EIP-1271) through the app chainRpcUrls', () => {
  let anvil: Anvil
  beforeAll(async () => {
    anvil = await startAnvil()
  })
  afterAll(async () => {
    await anvil?.close()
  })

  async function contractSignIn(app: Target, contract: string, sign: (message: string) => Promise<string>) {
    const { nonce, address } = await init(app, contract)
    const message = messageFor(app, address, nonce, { chainId: anvil.chainId })
    return app.inst.request(AUTH, { appId: app.appId,
      body: { message, signature: await sign(message), chainId: `eip155:${anvil.chainId}`, walletClientType: 'unknown', connectorType: 'injected' },
    })
  }

  it("behavior: the owner's signature signs the contract wallet in, recorded on the message's chain", async () => {
    const owner = wallet()
    const contract = await deployEip1271Wallet(anvil.url, owner.address)
    const app = await start({ chainRpcUrls: { [`eip155:${anvil.chainId}`]: anvil.url } })
    const res = await contractSignIn(app, contract, (m) => signForEip1271Wallet(owner, m))
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.user.linked_accounts[0]).toMatchObject({ type: 'wallet', address: contract, chain_id: `eip155:${anvil.chainId}` })
  })

  it("error: a stranger's signature for the contract wallet is refused", async () => {
    const contract = await deployEip1271Wallet(anvil.url, wallet().address)
    const app = await start({ chainRpcUrls: { [`eip155:${anvil.chainId}`]: anvil.url } })
    expectRefused(await contractSignIn(app, contract, (m) => signForEip1271Wallet(wallet(), m)), /Invalid signature/)
  })

  it('error: without an RPC URL for the chain, a contract wallet cannot sign in', async () => {
    const owner = wallet()
    const contract = await deployEip1271Wallet(anvil.url, owner.address)
    // The chain is accepted, but there is no node to ask about the contract.
    const app = await start({ chainRpcUrls: { 'eip155:1': anvil.url }, ethereumChains: [`eip155:${anvil.chainId}`] })
    expectRefused(await contractSignIn(app, contract, (m) => signForEip1271Wallet(owner, m)), /Invalid signature/)
  })

  it('error: an RPC URL listed under another chain id is not trusted for that chain', async () => {
    const owner = wallet()
    const contract = await deployEip1271Wallet(anvil.url, owner.address)
    const app = await start({ chainRpcUrls: { 'eip155:1': anvil.url } })
    const { nonce, address } = await init(app, contract)
    const message = messageFor(app, address, nonce, { chainId: 1 })
    const res = await send(app, { message, signature: await signForEip1271Wallet(owner, message) })
    expectRefused(res, new RegExp(`serves eip155:${anvil.chainId}`))
  })

  it('error: an unreachable RPC answers 401 with a clear message, not a 500', async () => {
    const owner = wallet()
    const contract = await deployEip1271Wallet(anvil.url, owner.address)
    const app = await start({ chainRpcUrls: { [`eip155:${anvil.chainId}`]: 'http://127.0.0.1:1' } })
    expectRefused(await contractSignIn(app, contract, (m) => signForEip1271Wallet(owner, m)), /Could not verify/)
  })
})

describe('transfer and unlink', () => {
  const TRANSFER = '/api/v1/siwe/transfer'
  const UNLINK = '/api/v1/siwe/unlink'

  it('transfer moves the wallet to the signed-in user with the conflict nonce and deletes the other user', async () => {
    const app = await start()
    const account = wallet()
    const first = await signIn(app, account)
    expect(first.status).toBe(200)
    const me = await app.inst.login('carol@example.com', { appId: app.appId })
    const conflict = await signIn(app, account, { path: LINK, token: me.token! })
    const res = await app.inst.request(TRANSFER, {
      appId: app.appId,
      // Any case of the address names the same wallet; the client's wallet fields are accepted.
      body: { address: account.address.toLowerCase(), nonce: conflict.body.data.nonce, chainId: 'eip155:1', connectorType: 'injected' },
      token: me.token!,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const user = v.parse(User, res.body)
    expect(user.id).toBe(me.user.id)
    expect(user.linked_accounts).toContainEqual(expect.objectContaining({ type: 'wallet', address: account.address }))
    expect(await app.inst.db.query('SELECT 1 FROM users WHERE id = $1', [first.body.user.id.slice(10)])).toHaveLength(0)
    // The wallet now signs in as the new owner.
    expect((await signIn(app, account)).body.user.id).toBe(me.user.id)
  })

  it("transfer without an address answers 'missing account transfer inputs'", async () => {
    const app = await start()
    const me = await app.inst.login('dan@example.com', { appId: app.appId })
    const res = await app.inst.request(TRANSFER, { appId: app.appId, body: { nonce: 'x' }, token: me.token! })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'invalid_data', error: 'missing account transfer inputs' })
  })

  it('unlink removes the wallet in any letter case, refuses an unknown one and the sole account', async () => {
    const app = await start()
    const me = await app.inst.login('erin@example.com', { appId: app.appId })
    const account = wallet()
    expect((await signIn(app, account, { path: LINK, token: me.token! })).status).toBe(200)
    const res = await app.inst.request(UNLINK, { appId: app.appId, body: { address: account.address.toLowerCase() }, token: me.token! })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(v.parse(User, res.body).linked_accounts.map((a) => a.type)).toEqual(['email'])
    const again = await app.inst.request(UNLINK, { appId: app.appId, body: { address: account.address }, token: me.token! })
    expect(again.status).toBe(404)
    expect(again.body.code).toBe('linked_account_not_found')

    const solo = wallet()
    const soloUser = await signIn(app, solo)
    const sole = await app.inst.request(UNLINK, { appId: app.appId, body: { address: solo.address }, token: soloUser.body.token })
    expect(sole.status).toBe(400)
    expect(sole.body.code).toBe('cannot_unlink_sole_account')
  })
})

describe('EIP-4361 strictness', () => {
  it('error: an address that is not EIP-55 checksummed (all lowercase) answers invalid_data and keeps the nonce', async () => {
    const app = await start()
    const account = wallet()
    const { nonce, address } = await init(app, account.address)
    const lower = messageFor(app, address.toLowerCase(), nonce)
    const res = await send(app, { message: lower, signature: await account.signMessage({ message: lower }) })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'invalid_data', error: 'The message address must be EIP-55 checksummed.' })
    const message = messageFor(app, address, nonce)
    expect((await send(app, { message, signature: await account.signMessage({ message }) })).status).toBe(200)
  })

  it("error: the URI's scheme, host and port must be the request origin's", async () => {
    const app = await start({}, [ORIGIN, 'https://localhost:5173', 'http://localhost:6000'])
    const headers = { origin: ORIGIN }
    expectRefused(await signIn(app, wallet(), { headers, over: { uri: 'https://localhost:5173' } }), /request's origin/)
    expectRefused(await signIn(app, wallet(), { headers, over: { uri: 'http://localhost:6000/login' } }), /not on its domain/)
    expect((await signIn(app, wallet(), { headers, over: { uri: `${ORIGIN}/login?x=1` } })).status).toBe(200)
  })

  it('error: without an Origin header, the URI must still be on the message domain', async () => {
    const app = await start({}, [ORIGIN, 'http://localhost:6000'])
    expectRefused(await signIn(app, wallet(), { over: { uri: 'http://localhost:6000' } }), /not on its domain/)
  })

  it('error: a chain the app does not accept is refused; ethereumChains and chainRpcUrls chains are accepted', async () => {
    const app = await start({ ethereumChains: ['eip155:8453'], chainRpcUrls: { 'eip155:31337': 'http://127.0.0.1:1' } })
    expectRefused(await signIn(app, wallet(), { over: { chainId: 1 } }), /does not accept sign-ins on chain eip155:1\./)
    expect((await signIn(app, wallet(), { over: { chainId: 8453 } })).status).toBe(200)
    expect((await signIn(app, wallet(), { over: { chainId: 31337 } })).status).toBe(200)
    const byDefault = await start()
    expect((await signIn(byDefault, wallet(), { over: { chainId: 137 } })).status).toBe(200)
    expectRefused(await signIn(byDefault, wallet(), { over: { chainId: 56 } }), /eip155:56/)
  })

  it('error: an Issued At before the nonce was issued (beyond the clock skew) is refused, and the nonce survives', async () => {
    const app = await start()
    const account = wallet()
    const { nonce, address } = await init(app, account.address)
    const old = messageFor(app, address, nonce, { issuedAt: new Date(app.inst.clock.now() - SIWE_CLOCK_SKEW_MS - 60_000) })
    expectRefused(await send(app, { message: old, signature: await account.signMessage({ message: old }) }), /too old/)
    const years = messageFor(app, address, nonce, { issuedAt: new Date('2020-01-01T00:00:00Z') })
    expectRefused(await send(app, { message: years, signature: await account.signMessage({ message: years }) }), /too old/)
    const fresh = messageFor(app, address, nonce, { issuedAt: new Date(app.inst.clock.now() - 30_000) })
    expect((await send(app, { message: fresh, signature: await account.signMessage({ message: fresh }) })).status).toBe(200)
  })

  it('error: NUL characters, lone surrogates and garbage answer 400 invalid_data, never 500, and keep the nonce', async () => {
    const app = await start()
    const account = wallet()
    const { nonce, address } = await init(app, account.address)
    const message = messageFor(app, address, nonce)
    const signature = await account.signMessage({ message })
    const base = { chainId: 'eip155:1', walletClientType: 'metamask', connectorType: 'injected' }
    const withStatement = (statement: string) => messageFor(app, address, nonce, { statement })
    const bodies: Record<string, unknown>[] = [
      { message: withStatement('nul \u0000 here'), signature: await account.signMessage({ message: withStatement('nul \u0000 here') }) },
      { message: withStatement('lone \ud800 surrogate'), signature },
      { message: message.replace('localhost:5173', 'localhost:5173\u0000'), signature },
      { message: '\u0000\ud800\udfff garbage', signature },
      { message, signature, walletClientType: 'meta\u0000mask' },
      { message, signature, connectorType: 'inj\udc00ected' },
      { message, signature, chainId: 'eip155:\u00001' },
    ]
    for (const extra of bodies) {
      const res = await app.inst.request(AUTH, { appId: app.appId, body: { ...base, ...extra } })
      expect(res.status, JSON.stringify(extra).slice(0, 80)).toBe(400)
      expect(res.body.code).toBe('invalid_data')
    }
    expect((await send(app, { message, signature })).status).toBe(200)
  })
})
