import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { generateKeyPairSync, sign } from 'node:crypto'
import { AuthenticatedUser, User } from '../../kernel/schemas'
import type { CaptchaVerifier } from '../../server/captcha'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { emailServer } from '../email/server'
import { base58Encode } from './base58'
import { buildSiwsMessage, type SiwsMessageInput } from './message'
import { siwsServer } from './server'

const INIT = '/api/v1/siws/init'
const AUTH = '/api/v1/siws/authenticate'
const LINK = '/api/v1/siws/link'
const ORIGIN = 'http://localhost:5173'

// A verifier that accepts exactly one token: the captcha rule is tested, not Cloudflare.
const captcha: CaptchaVerifier = { verify: async ({ token }) => ({ success: token === 'good-token', errorCodes: [] }) }

/** A Solana key pair made with node:crypto: the base58 address and a signer answering base64. */
function keyPair() {
  const { publicKey, privateKey } = generateKeyPairSync('ed25519')
  const raw = Buffer.from(publicKey.export({ format: 'jwk' }).x!, 'base64url')
  const address = base58Encode(new Uint8Array(raw))
  return {
    address,
    privateKey,
    sign: (message: string) => sign(null, Buffer.from(message), privateKey).toString('base64'),
  }
}

type Wallet = ReturnType<typeof keyPair>

let t: TestInstance
beforeAll(async () => {
  t = await createTestInstance({
    plugins: [emailServer(), siwsServer()],
    captcha,
    app: { settings: { loginMethods: ['email_auth', 'solana_wallet_auth'] } },
  })
})
afterAll(() => t.close())

/** Asks for a nonce and builds the message a wallet would sign. */
async function prepare(wallet: Wallet, overrides: Partial<SiwsMessageInput> = {}, appId?: string) {
  const init = await t.request(INIT, { body: { address: wallet.address }, appId })
  expect(init.status, JSON.stringify(init.body)).toBe(200)
  return buildSiwsMessage({
    domain: 'localhost:5173',
    address: wallet.address,
    uri: ORIGIN,
    nonce: init.body.nonce,
    issuedAt: new Date(t.clock.now()).toISOString(),
    ...overrides,
  })
}

const body = (message: string, signature: string, extra: Record<string, unknown> = {}) => ({
  message,
  signature,
  walletClientType: 'phantom',
  connectorType: 'solana_adapter',
  ...extra,
})

async function signIn(wallet: Wallet, extra: Record<string, unknown> = {}, appId?: string) {
  const message = await prepare(wallet, {}, appId)
  return t.request(AUTH, { body: body(message, wallet.sign(message), extra), appId })
}

describe('POST /siws/init', () => {
  it('behavior: answers a nonce for the address with an ISO expiry ten minutes ahead', async () => {
    const wallet = keyPair()
    const before = t.clock.now()
    const res = await t.request(INIT, { body: { address: wallet.address } })
    expect(res.status).toBe(200)
    expect(res.body).toEqual({ nonce: expect.stringMatching(/^[0-9a-f]{32}$/), address: wallet.address, expires_at: expect.any(String) })
    const expiresAt = Date.parse(res.body.expires_at)
    expect(expiresAt - before).toBeGreaterThanOrEqual(10 * 60_000)
    expect(expiresAt - before).toBeLessThan(10 * 60_000 + 5_000)
    const again = await t.request(INIT, { body: { address: wallet.address } })
    expect(again.body.nonce).not.toBe(res.body.nonce)
  })

  it('behavior: refuses an address that is not base58 of 32 bytes with 400 invalid_data', async () => {
    for (const address of ['0x5aAeb6053F3E94C9b9A09f33669435E7Ef1BeAed', 'abc', '7xKXtg2CW87d97TXJSDpbD5jBkheTqA83TZRuJosgAs0']) {
      const res = await t.request(INIT, { body: { address } })
      expect(res.status, address).toBe(400)
      expect(res.body.code).toBe('invalid_data')
    }
  })

  it('behavior: answers disallowed_login_method when the app has Solana wallets switched off', async () => {
    const app = await t.createApp({ settings: { loginMethods: ['email_auth'] } })
    const res = await t.request(INIT, { body: { address: keyPair().address }, appId: app.id })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('disallowed_login_method')
  })

  it('behavior: requires a good captcha token when the app has a captcha', async () => {
    const app = await t.createApp({
      settings: { loginMethods: ['solana_wallet_auth'], captchaEnabled: true, captchaSiteKey: 't:site', captchaSecretKey: 'secret' },
    })
    const address = keyPair().address
    const missing = await t.request(INIT, { body: { address }, appId: app.id })
    expect(missing.status).toBe(401)
    expect(missing.body.code).toBe('invalid_captcha')
    const bad = await t.request(INIT, { body: { address, token: 'bad-token' }, appId: app.id })
    expect(bad.body.code).toBe('invalid_captcha')
    const good = await t.request(INIT, { body: { address, token: 'good-token' }, appId: app.id })
    expect(good.status).toBe(200)
  })

  it('behavior: limits nonces per client IP with 429 too_many_requests', async () => {
    const limited = await createTestInstance({
      plugins: [siwsServer({ initPerIp: { limit: 2, windowMs: 60_000 } })],
      app: { settings: { loginMethods: ['solana_wallet_auth'] } },
    })
    try {
      const address = keyPair().address
      expect((await limited.request(INIT, { body: { address } })).status).toBe(200)
      expect((await limited.request(INIT, { body: { address } })).status).toBe(200)
      const third = await limited.request(INIT, { body: { address } })
      expect(third.status).toBe(429)
      expect(third.body.code).toBe('too_many_requests')
    } finally {
      await limited.close()
    }
  })
})

describe('POST /siws/authenticate', () => {
  it('behavior: a valid signature signs in a new user with a Solana wallet account, and the same wallet again returns that user', async () => {
    const wallet = keyPair()
    const res = await signIn(wallet)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const auth = v.parse(AuthenticatedUser, res.body)
    expect(auth.is_new_user).toBe(true)
    expect(auth.user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'wallet',
        address: wallet.address,
        chain_type: 'solana',
        wallet_client: 'unknown',
        wallet_client_type: 'phantom',
        connector_type: 'solana_adapter',
      }),
    ])
    const again = await signIn(wallet)
    expect(again.status).toBe(200)
    expect(again.body.user.id).toBe(auth.user.id)
    expect(again.body.is_new_user).toBe(false)
  })

  it('behavior: accepts a base58 signature as well as base64', async () => {
    const wallet = keyPair()
    const message = await prepare(wallet)
    const signature = base58Encode(new Uint8Array(Buffer.from(wallet.sign(message), 'base64')))
    const res = await t.request(AUTH, { body: body(message, signature) })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
  })

  it('behavior: refuses a signature by another key, and a message changed after signing, with 401 invalid_credentials', async () => {
    const wallet = keyPair()
    const message = await prepare(wallet)
    const wrong = await t.request(AUTH, { body: body(message, keyPair().sign(message)) })
    expect(wrong.status).toBe(401)
    expect(wrong.body.code).toBe('invalid_credentials')
    const signature = wallet.sign(message)
    const tampered = message.replace('- https://privy.io', '- https://evil.example')
    const changed = await t.request(AUTH, { body: body(tampered, signature) })
    expect(changed.status).toBe(401)
    // The untouched pair still works: the failed attempts did not spend the nonce.
    expect((await t.request(AUTH, { body: body(message, signature) })).status).toBe(200)
  })

  it('behavior: a signed message works once; a replay is refused', async () => {
    const wallet = keyPair()
    const message = await prepare(wallet)
    const signature = wallet.sign(message)
    expect((await t.request(AUTH, { body: body(message, signature) })).status).toBe(200)
    const replay = await t.request(AUTH, { body: body(message, signature) })
    expect(replay.status).toBe(401)
    expect(replay.body.code).toBe('invalid_credentials')
  })

  it('behavior: a nonce older than ten minutes is refused', async () => {
    const wallet = keyPair()
    const message = await prepare(wallet)
    t.clock.advance(10 * 60_000 + 1_000)
    const res = await t.request(AUTH, { body: body(message, wallet.sign(message)) })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('invalid_credentials')
  })

  it('behavior: refuses a message past its Expiration Time or issued in the future', async () => {
    const wallet = keyPair()
    const expired = await prepare(wallet, { expirationTime: new Date(t.clock.now() - 1_000).toISOString() })
    expect((await t.request(AUTH, { body: body(expired, wallet.sign(expired)) })).status).toBe(401)
    const future = await prepare(wallet, { issuedAt: new Date(t.clock.now() + 60 * 60_000).toISOString() })
    expect((await t.request(AUTH, { body: body(future, wallet.sign(future)) })).status).toBe(401)
  })

  it('behavior: refuses a domain or URI that is not the app origin, or differs from the request Origin', async () => {
    const wallet = keyPair()
    const cases: [Partial<SiwsMessageInput>, Record<string, string>][] = [
      [{ domain: 'evil.example' }, {}],
      [{ domain: 'evil.example', uri: 'https://evil.example' }, {}],
    ]
    for (const [overrides, headers] of cases) {
      const message = await prepare(wallet, overrides)
      const res = await t.request(AUTH, { body: body(message, wallet.sign(message)), headers })
      expect(res.status, JSON.stringify(overrides)).toBe(401)
      expect(res.body.code).toBe('invalid_credentials')
    }
    // A page of one allowed origin cannot present a message written for another.
    const app = await t.createApp({ allowedOrigins: [ORIGIN, 'http://localhost:4000'], settings: { loginMethods: ['solana_wallet_auth'] } })
    const message = await prepare(wallet, {}, app.id)
    const res = await t.request(AUTH, { body: body(message, wallet.sign(message)), headers: { origin: 'http://localhost:4000' }, appId: app.id })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('invalid_credentials')
  })

  it('behavior: refuses a nonce issued to another address', async () => {
    const owner = keyPair()
    const other = keyPair()
    const init = await t.request(INIT, { body: { address: owner.address } })
    const message = buildSiwsMessage({
      domain: 'localhost:5173',
      address: other.address,
      uri: ORIGIN,
      nonce: init.body.nonce,
      issuedAt: new Date(t.clock.now()).toISOString(),
    })
    const res = await t.request(AUTH, { body: body(message, other.sign(message)) })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('invalid_credentials')
  })

  it('behavior: bad shapes are 400 invalid_data, never a 500', async () => {
    const wallet = keyPair()
    const message = await prepare(wallet)
    const cases = [
      body('hello', wallet.sign('hello')),
      body(message, 'not-a-signature'),
      body(message.replace(/Issued At: .*/, 'Issued At: yesterday'), wallet.sign(message)),
      // A URI that is not one cannot be part of a sign-in message at all.
      body(message.replace(/URI: .*/, 'URI: not a url'), wallet.sign(message)),
      { message, signature: 42 },
      { message },
    ]
    for (const c of cases) {
      const res = await t.request(AUTH, { body: c })
      expect(res.status, JSON.stringify(c)).toBe(400)
      expect(res.body.code).toBe('invalid_data')
    }
    const tx = await t.request(AUTH, { body: body(message, wallet.sign(message), { message_type: 'transaction' }) })
    expect(tx.status).toBe(400)
    expect(tx.body.code).toBe('not_supported')
  })

  it('behavior: with no-signup, an unknown wallet gets user_does_not_exist and a known one signs in', async () => {
    const wallet = keyPair()
    const unknown = await signIn(wallet, { mode: 'no-signup' })
    expect(unknown.status).toBe(404)
    expect(unknown.body.code).toBe('user_does_not_exist')
    expect((await signIn(wallet)).status).toBe(200)
    expect((await signIn(wallet, { mode: 'no-signup' })).status).toBe(200)
  })

  it('behavior: with an allowlist, only listed addresses sign in', async () => {
    const listed = keyPair()
    const app = await t.createApp({
      settings: { loginMethods: ['solana_wallet_auth'], allowlistEnabled: true, allowlist: [listed.address.toLowerCase()] },
    })
    expect((await signIn(listed, {}, app.id)).status).toBe(200)
    const stranger = await signIn(keyPair(), {}, app.id)
    expect(stranger.status).toBe(401)
    expect(stranger.body.code).toBe('allowlist_rejected')
  })
})

describe('POST /siws/link', () => {
  it('behavior: adds the wallet to the signed-in user and answers the User', async () => {
    const session = await t.login('solana-linker@example.com')
    const wallet = keyPair()
    const message = await prepare(wallet)
    const res = await t.request(LINK, { body: body(message, wallet.sign(message)), token: session.token! })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const user = v.parse(User, res.body)
    expect(user.id).toBe(session.user.id)
    expect(user.linked_accounts.map((a) => a.type).sort()).toEqual(['email', 'wallet'])
    expect(user.linked_accounts.find((a) => a.type === 'wallet')).toMatchObject({ address: wallet.address, chain_type: 'solana' })
    // Signing in with the wallet now opens the same user.
    expect((await signIn(wallet)).body.user.id).toBe(session.user.id)
  })

  it('behavior: needs a session, and refuses a wallet another user owns', async () => {
    const wallet = keyPair()
    const message = await prepare(wallet)
    const anonymous = await t.request(LINK, { body: body(message, wallet.sign(message)) })
    expect(anonymous.status).toBe(401)
    expect(anonymous.body.code).toBe('missing_or_invalid_token')

    expect((await signIn(wallet)).status).toBe(200)
    const session = await t.login('solana-second@example.com')
    const again = await prepare(wallet)
    const taken = await t.request(LINK, { body: body(again, wallet.sign(again)), token: session.token! })
    expect(taken.status).toBe(400)
    expect(taken.body).toMatchObject({
      code: 'account_transfer_required',
      data: { subject: wallet.address, account: { displayName: wallet.address }, otherUser: { embeddedWalletAddress: null } },
    })
  })
})

describe('POST /siws/transfer and /siws/unlink', () => {
  const TRANSFER = '/api/v1/siws/transfer'
  const UNLINK = '/api/v1/siws/unlink'

  it('transfer moves the wallet to the signed-in user with the conflict nonce and deletes the other user', async () => {
    const wallet = keyPair()
    const first = await signIn(wallet)
    expect(first.status).toBe(200)
    const me = await t.login(`solana-taker-${Date.now()}@example.com`)
    const message = await prepare(wallet)
    const conflict = await t.request(LINK, { body: body(message, wallet.sign(message)), token: me.token! })
    expect(conflict.body.code).toBe('account_transfer_required')
    const res = await t.request(TRANSFER, {
      body: { address: wallet.address, nonce: conflict.body.data.nonce, walletClientType: 'phantom', connectorType: 'solana_adapter' },
      token: me.token!,
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    const user = v.parse(User, res.body)
    expect(user.id).toBe(me.user.id)
    expect(user.linked_accounts).toContainEqual(expect.objectContaining({ type: 'wallet', address: wallet.address, chain_type: 'solana' }))
    expect(await t.db.query('SELECT 1 FROM users WHERE id = $1', [first.body.user.id.slice(10)])).toHaveLength(0)
    expect((await signIn(wallet)).body.user.id).toBe(me.user.id)
  })

  it('transfer refuses a used nonce with invalid_credentials', async () => {
    const wallet = keyPair()
    await signIn(wallet)
    const me = await t.login(`solana-twice-${Date.now()}@example.com`)
    const message = await prepare(wallet)
    const conflict = await t.request(LINK, { body: body(message, wallet.sign(message)), token: me.token! })
    const transfer = { body: { address: wallet.address, nonce: conflict.body.data.nonce }, token: me.token! }
    expect((await t.request(TRANSFER, transfer)).status).toBe(200)
    const again = await t.request(TRANSFER, transfer)
    expect(again.status).toBe(401)
    expect(again.body.code).toBe('invalid_credentials')
  })

  it('unlink removes the wallet, refuses an unknown one and the sole account', async () => {
    const me = await t.login(`solana-unlink-${Date.now()}@example.com`)
    const wallet = keyPair()
    const message = await prepare(wallet)
    expect((await t.request(LINK, { body: body(message, wallet.sign(message)), token: me.token! })).status).toBe(200)
    const res = await t.request(UNLINK, { body: { address: wallet.address }, token: me.token! })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(v.parse(User, res.body).linked_accounts.map((a) => a.type)).toEqual(['email'])
    const again = await t.request(UNLINK, { body: { address: wallet.address }, token: me.token! })
    expect(again.status).toBe(404)
    expect(again.body.code).toBe('linked_account_not_found')

    const solo = keyPair()
    const soloUser = await signIn(solo)
    const sole = await t.request(UNLINK, { body: { address: solo.address }, token: soloUser.body.token })
    expect(sole.status).toBe(400)
    expect(sole.body.code).toBe('cannot_unlink_sole_account')
  })
})

describe('SIWS strictness shared with SIWE', () => {
  it('behavior: a message issued before its nonce (beyond the clock skew) is refused and the nonce stays usable', async () => {
    const wallet = keyPair()
    const init = await t.request(INIT, { body: { address: wallet.address } })
    const build = (issuedAt: number) =>
      buildSiwsMessage({ domain: 'localhost:5173', address: wallet.address, uri: ORIGIN, nonce: init.body.nonce, issuedAt: new Date(issuedAt).toISOString() })
    const old = build(t.clock.now() - 6 * 60_000)
    const res = await t.request(AUTH, { body: body(old, wallet.sign(old)) })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('invalid_credentials')
    const fresh = build(t.clock.now())
    expect((await t.request(AUTH, { body: body(fresh, wallet.sign(fresh)) })).status).toBe(200)
  })

  it("behavior: a signed message for another address cannot burn the owner's nonce", async () => {
    const owner = keyPair()
    const other = keyPair()
    const init = await t.request(INIT, { body: { address: owner.address } })
    const forged = buildSiwsMessage({ domain: 'localhost:5173', address: other.address, uri: ORIGIN, nonce: init.body.nonce, issuedAt: new Date(t.clock.now()).toISOString() })
    expect((await t.request(AUTH, { body: body(forged, other.sign(forged)) })).status).toBe(401)
    const real = buildSiwsMessage({ domain: 'localhost:5173', address: owner.address, uri: ORIGIN, nonce: init.body.nonce, issuedAt: new Date(t.clock.now()).toISOString() })
    expect((await t.request(AUTH, { body: body(real, owner.sign(real)) })).status).toBe(200)
  })

  it('behavior: NUL characters and lone surrogates answer 400 invalid_data, never 500, and keep the nonce', async () => {
    const wallet = keyPair()
    const message = await prepare(wallet)
    const signature = wallet.sign(message)
    const withNul = message.replace('URI:', 'URI:\u0000')
    const cases = [
      body(withNul, wallet.sign(withNul)),
      body(message.replace('localhost:5173', 'localhost:5173\ud800'), signature),
      body(message, signature, { walletClientType: 'pha\u0000ntom' }),
      body(message, signature, { connectorType: '\udfffadapter' }),
      body(message, `${signature}\u0000`),
    ]
    for (const c of cases) {
      const res = await t.request(AUTH, { body: c })
      expect(res.status, JSON.stringify(c).slice(0, 80)).toBe(400)
      expect(res.body.code).toBe('invalid_data')
    }
    expect((await t.request(AUTH, { body: body(message, signature) })).status).toBe(200)
  })
})
