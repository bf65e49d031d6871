/**
 * The Farcaster server half against a real server and PGlite, the relay/signer-API stand-in over
 * HTTP, and a real anvil node holding the ID registry stand-in (custody read over JSON-RPC).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { generatePrivateKey, privateKeyToAccount } from 'viem/accounts'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { emailServer } from '../email/server'
import { startAnvil, type Anvil } from '../../test/fixtures/anvil'
import { installIdRegistry, registerFid } from '../../test/fixtures/farcaster/id-registry'
import { signInAsWalletApp, siwfMessageFor, startFarcasterStandIn, type FarcasterStandIn } from '../../test/fixtures/farcaster/relay'
import { AuthenticatedUser, User } from '../../kernel/schemas'
import { verifyTypedData } from 'viem'
import { FARCASTER_CHANNEL_TTL_MS, FARCASTER_KEY_REQUEST_VALIDATOR, FARCASTER_NONCE_TTL_MS, farcasterServer } from './server'
import { InitResponse, StatusResponse, V2InitResponse } from './schemas'

const ORIGIN = 'http://localhost:5173'
let anvil: Anvil
let fc: FarcasterStandIn
let inst: TestInstance
let nextFid = 1000

beforeAll(async () => {
  ;[anvil, fc] = await Promise.all([startAnvil(), startFarcasterStandIn()])
  await installIdRegistry(anvil.url)
  inst = await createTestInstance({
    plugins: [emailServer(), farcasterServer({ relayUrl: fc.url, signerApiUrl: fc.url, optimismRpcUrl: anvil.url })],
  })
})
afterAll(async () => {
  await Promise.all([inst?.close(), anvil?.close(), fc?.close()])
})

/** A Farcaster user: a custody account registered for a fresh fid. */
async function farcasterUser() {
  const account = privateKeyToAccount(generatePrivateKey())
  const fid = nextFid++
  await registerFid(anvil.url, fid, account.address)
  return { account, fid }
}

async function newApp(settings: Record<string, unknown> = {}) {
  const app = await inst.createApp({ allowedOrigins: [ORIGIN], settings: { loginMethods: ['farcaster_auth', 'email_auth'], ...settings } })
  return app.id
}

async function init(appId: string, body: Record<string, unknown> = {}, token?: string) {
  return inst.request('/api/v1/farcaster/init', { appId, body, token, headers: { origin: ORIGIN } })
}

async function openChannel(appId: string) {
  const res = await init(appId)
  expect(res.status).toBe(200)
  return v.parse(InitResponse, res.body)
}

describe('farcaster login', () => {
  it('default: a message signed by the custody address signs in, with the relay profile', async () => {
    const appId = await newApp()
    const { account, fid } = await farcasterUser()
    const ch = await openChannel(appId)
    expect(new URL(ch.connect_uri).searchParams.get('domain')).toBe('localhost:5173')

    const pending = await inst.request('/api/v1/farcaster/status', { appId, headers: { 'farcaster-channel-token': ch.channel_token } })
    expect(v.parse(StatusResponse, pending.body).state).toBe('pending')

    await signInAsWalletApp(fc.url, ch.connect_uri, account, fid, { username: 'ada', displayName: 'Ada', bio: 'hi', pfpUrl: 'https://img.example/a.png' })
    const done = v.parse(StatusResponse, (await inst.request('/api/v1/farcaster/status', { appId, headers: { 'farcaster-channel-token': ch.channel_token } })).body)
    expect(done).toMatchObject({ state: 'completed', fid, username: 'ada', display_name: 'Ada', bio: 'hi', pfp_url: 'https://img.example/a.png' })
    if (done.state !== 'completed') throw new Error('not completed')

    const res = await inst.request('/api/v1/farcaster/authenticate', {
      appId,
      body: { channel_token: ch.channel_token, message: done.message, signature: done.signature, fid },
    })
    expect(res.status).toBe(200)
    const auth = v.parse(AuthenticatedUser, res.body)
    expect(auth.is_new_user).toBe(true)
    expect(auth.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'farcaster', fid, owner_address: account.address, username: 'ada', display_name: 'Ada', profile_picture_url: 'https://img.example/a.png' }),
    ])
  })

  it('behavior: the same channel cannot be used twice', async () => {
    const appId = await newApp()
    const { account, fid } = await farcasterUser()
    const ch = await openChannel(appId)
    const signed = await signInAsWalletApp(fc.url, ch.connect_uri, account, fid)
    const body = { channel_token: ch.channel_token, ...signed, fid }
    expect((await inst.request('/api/v1/farcaster/authenticate', { appId, body })).status).toBe(200)
    const again = await inst.request('/api/v1/farcaster/authenticate', { appId, body })
    expect(again.status).toBe(401)
    expect(again.body.code).toBe('invalid_credentials')
  })

  async function rejected(overrides: Parameters<typeof siwfMessageFor>[3], who?: { account: ReturnType<typeof privateKeyToAccount>; fid: number }, bodyFid?: number) {
    const appId = await newApp()
    const user = who ?? (await farcasterUser())
    const ch = await openChannel(appId)
    const message = siwfMessageFor(ch.connect_uri, user.account.address, user.fid, overrides)
    const signature = await user.account.signMessage({ message })
    return inst.request('/api/v1/farcaster/authenticate', {
      appId,
      body: { channel_token: ch.channel_token, message, signature, fid: bodyFid ?? user.fid },
    })
  }

  it('behavior: a message for another domain is refused', async () => {
    const res = await rejected({ domain: 'evil.example' })
    expect([res.status, res.body.code]).toEqual([401, 'invalid_credentials'])
  })

  it('behavior: a message with another nonce is refused', async () => {
    const res = await rejected({ nonce: 'abcdef0123456789abcdef01' })
    expect([res.status, res.body.code]).toEqual([401, 'invalid_credentials'])
  })

  it('behavior: an expired message is refused', async () => {
    const res = await rejected({ expirationTime: new Date(Date.now() - 60_000) })
    expect([res.status, res.body.code]).toEqual([401, 'invalid_credentials'])
    expect(res.body.error).toMatch(/expired/)
  })

  it('behavior: a channel past its lifetime on the server clock is refused', async () => {
    const appId = await newApp()
    const { account, fid } = await farcasterUser()
    const ch = await openChannel(appId)
    const signed = await signInAsWalletApp(fc.url, ch.connect_uri, account, fid)
    inst.clock.advance(FARCASTER_CHANNEL_TTL_MS + 1000)
    try {
      const res = await inst.request('/api/v1/farcaster/authenticate', { appId, body: { channel_token: ch.channel_token, ...signed, fid } })
      expect([res.status, res.body.code]).toEqual([401, 'invalid_credentials'])
    } finally {
      inst.clock.reset()
    }
  })

  it('behavior: a signature by a key that is not the custody address is refused', async () => {
    const { fid } = await farcasterUser()
    const impostor = privateKeyToAccount(generatePrivateKey())
    const res = await rejected({}, { account: impostor, fid })
    expect([res.status, res.body.code]).toEqual([401, 'invalid_credentials'])
    expect(res.body.error).toMatch(/custody/)
  })

  it('behavior: a body fid other than the signed one is refused', async () => {
    const user = await farcasterUser()
    const res = await rejected({}, user, user.fid + 1)
    expect([res.status, res.body.code]).toEqual([401, 'invalid_credentials'])
  })

  it('behavior: an unknown channel is refused', async () => {
    const appId = await newApp()
    const { account, fid } = await farcasterUser()
    const message = siwfMessageFor('https://x/?channelToken=t&nonce=abcdabcdabcd&domain=localhost:5173&siweUri=http://localhost:5173', account.address, fid)
    const signature = await account.signMessage({ message })
    const res = await inst.request('/api/v1/farcaster/authenticate', { appId, body: { channel_token: 'nope', message, signature, fid } })
    expect([res.status, res.body.code]).toEqual([401, 'invalid_credentials'])
    const status = await inst.request('/api/v1/farcaster/status', { appId, headers: { 'farcaster-channel-token': 'nope' } })
    expect([status.status, status.body.code]).toEqual([401, 'invalid_credentials'])
  })

  it('behavior: without the farcaster_auth switch every login route answers disallowed_login_method', async () => {
    const appId = await newApp({ loginMethods: ['email_auth'] })
    const res = await init(appId)
    expect([res.status, res.body.code]).toEqual([400, 'disallowed_login_method'])
  })

  it('behavior: a relying_party that is not an allowed origin is refused; an allowed one names the domain', async () => {
    const appId = await newApp()
    expect((await init(appId, { relying_party: 'https://evil.example' })).body.code).toBe('invalid_data')
    const ok = v.parse(InitResponse, (await init(appId, { relying_party: ORIGIN })).body)
    expect(new URL(ok.connect_uri).searchParams.get('siweUri')).toBe(ORIGIN)
  })

  it('behavior: link adds the fid to the signed-in user, a second fid is refused, unlink removes it', async () => {
    const appId = await newApp()
    // Sign in with a first fid, then link… the user already has one: single link refuses a second.
    const first = await farcasterUser()
    const ch1 = await openChannel(appId)
    const s1 = await signInAsWalletApp(fc.url, ch1.connect_uri, first.account, first.fid)
    const auth = v.parse(AuthenticatedUser, (await inst.request('/api/v1/farcaster/authenticate', { appId, body: { channel_token: ch1.channel_token, ...s1, fid: first.fid } })).body)

    const second = await farcasterUser()
    const ch2 = await openChannel(appId)
    const s2 = await signInAsWalletApp(fc.url, ch2.connect_uri, second.account, second.fid)
    const refused = await inst.request('/api/v1/farcaster/link', { appId, token: auth.token!, body: { channel_token: ch2.channel_token, ...s2, fid: second.fid } })
    expect([refused.status, refused.body.code]).toEqual([400, 'cannot_link_more_of_type'])

    // A user with an email links a fid, then unlinks it.
    const emailUser = await inst.login(`fc-${first.fid}@example.com`, { appId })
    const ch3 = await openChannel(appId)
    const s3 = await signInAsWalletApp(fc.url, ch3.connect_uri, second.account, second.fid)
    const linked = await inst.request('/api/v1/farcaster/link', { appId, token: emailUser.token!, body: { channel_token: ch3.channel_token, ...s3, fid: second.fid } })
    expect(linked.status).toBe(200)
    expect(v.parse(User, linked.body).linked_accounts.map((a) => a.type).sort()).toEqual(['email', 'farcaster'])
    const unlinked = await inst.request('/api/v1/farcaster/unlink', { appId, token: emailUser.token!, body: { fid: second.fid } })
    expect(unlinked.status).toBe(200)
    expect(v.parse(User, unlinked.body).linked_accounts.map((a) => a.type)).toEqual(['email'])
  })
})

describe('farcaster signer', () => {
  const key = `0x${'ab'.repeat(32)}`

  async function signedInFarcasterUser(appId: string) {
    const user = await farcasterUser()
    const ch = await openChannel(appId)
    const signed = await signInAsWalletApp(fc.url, ch.connect_uri, user.account, user.fid)
    const auth = v.parse(AuthenticatedUser, (await inst.request('/api/v1/farcaster/authenticate', { appId, body: { channel_token: ch.channel_token, ...signed, fid: user.fid } })).body)
    return { ...user, token: auth.token! }
  }

  const approve = (action: 'approve' | 'revoke', token: string, fid?: number) =>
    fetch(`${fc.url}/test/signed-key-request/${action}`, { method: 'POST', body: JSON.stringify({ token, fid }) })

  it('default: init asks for approval, approval sets signer_public_key on the farcaster account', async () => {
    const appId = await newApp({ farcasterSigner: { appFid: 9, custodyPrivateKey: generatePrivateKey() } })
    const user = await signedInFarcasterUser(appId)
    const init = await inst.request('/api/v1/farcaster/signer/init', { appId, token: user.token, body: { ed25519_public_key: key } })
    expect(init.status).toBe(200)
    expect(init.body).toMatchObject({ status: 'pending_approval', public_key: key })
    const approvalToken = new URL(init.body.signer_approval_url).searchParams.get('token')!
    const pending = await inst.request('/api/v1/farcaster/signer/status', { appId, token: user.token, body: { ed25519_public_key: key } })
    expect(pending.body.status).toBe('pending_approval')

    await approve('approve', approvalToken, user.fid)
    const approved = await inst.request('/api/v1/farcaster/signer/status', { appId, token: user.token, body: { ed25519_public_key: key } })
    expect(approved.body).toEqual({ status: 'approved', fid: user.fid, public_key: key })
    const me = await inst.request('/api/v1/users/me', { appId, token: user.token })
    const accounts = (me.body.user ?? me.body).linked_accounts as Array<Record<string, unknown>>
    expect(accounts.find((a) => a.type === 'farcaster')).toMatchObject({ signer_public_key: key })
  })

  it('behavior: the signed key request carries an EIP-712 signature by the app custody key', async () => {
    const custodyPrivateKey = generatePrivateKey()
    const appId = await newApp({ farcasterSigner: { appFid: 77, custodyPrivateKey } })
    const user = await signedInFarcasterUser(appId)
    const init = await inst.request('/api/v1/farcaster/signer/init', { appId, token: user.token, body: { ed25519_public_key: key, deadline: 4_000_000_000 } })
    const token = new URL(init.body.signer_approval_url).searchParams.get('token')!
    const stored = (await (await fetch(`${fc.url}/v2/signed-key-request?token=${token}`)).json()) as {
      result: { signedKeyRequest: { requestFid: number; key: `0x${string}`; deadline: number; signature: `0x${string}` } }
    }
    const r = stored.result.signedKeyRequest
    expect([r.requestFid, r.key, r.deadline]).toEqual([77, key, 4_000_000_000])
    const valid = await verifyTypedData({
      address: privateKeyToAccount(custodyPrivateKey).address,
      domain: { name: 'Farcaster SignedKeyRequestValidator', version: '1', chainId: 10, verifyingContract: FARCASTER_KEY_REQUEST_VALIDATOR },
      types: { SignedKeyRequest: [{ name: 'requestFid', type: 'uint256' }, { name: 'key', type: 'bytes' }, { name: 'deadline', type: 'uint256' }] },
      primaryType: 'SignedKeyRequest',
      message: { requestFid: 77n, key: r.key, deadline: 4_000_000_000n },
      signature: r.signature,
    })
    expect(valid).toBe(true)
  })

  it('behavior: a revoked request answers revoked', async () => {
    const appId = await newApp({ farcasterSigner: { appFid: 9, custodyPrivateKey: generatePrivateKey() } })
    const user = await signedInFarcasterUser(appId)
    const init = await inst.request('/api/v1/farcaster/signer/init', { appId, token: user.token, body: { ed25519_public_key: key } })
    await approve('revoke', new URL(init.body.signer_approval_url).searchParams.get('token')!)
    const res = await inst.request('/api/v1/farcaster/signer/status', { appId, token: user.token, body: { ed25519_public_key: key } })
    expect(res.body).toEqual({ status: 'revoked', fid: user.fid, public_key: key })
  })

  it('behavior: a user without a farcaster account, or an app without a signer, is refused', async () => {
    const noSigner = await newApp()
    const user = await signedInFarcasterUser(noSigner)
    const res = await inst.request('/api/v1/farcaster/signer/init', { appId: noSigner, token: user.token, body: { ed25519_public_key: key } })
    expect([res.status, res.body.code]).toEqual([400, 'feature_not_enabled'])
    const withSigner = await newApp({ farcasterSigner: { appFid: 9, custodyPrivateKey: generatePrivateKey() } })
    const emailUser = await inst.login(`nofc-${Date.now()}@example.com`, { appId: withSigner })
    const res2 = await inst.request('/api/v1/farcaster/signer/init', { appId: withSigner, token: emailUser.token!, body: { ed25519_public_key: key } })
    expect([res2.status, res2.body.code]).toEqual([400, 'invalid_data'])
  })
})

describe('farcaster account transfer', () => {
  it('default: a fid another user owns moves to the signed-in user with the conflict nonce, and the old user is gone', async () => {
    const appId = await newApp()
    const owner = await farcasterUser()
    const ch1 = await openChannel(appId)
    const s1 = await signInAsWalletApp(fc.url, ch1.connect_uri, owner.account, owner.fid)
    const first = v.parse(AuthenticatedUser, (await inst.request('/api/v1/farcaster/authenticate', { appId, body: { channel_token: ch1.channel_token, ...s1, fid: owner.fid } })).body)

    const emailUser = await inst.login(`transfer-${owner.fid}@example.com`, { appId })
    const ch2 = await openChannel(appId)
    const s2 = await signInAsWalletApp(fc.url, ch2.connect_uri, owner.account, owner.fid)
    const conflict = await inst.request('/api/v1/farcaster/link', { appId, token: emailUser.token!, body: { channel_token: ch2.channel_token, ...s2, fid: owner.fid } })
    expect([conflict.status, conflict.body.code]).toEqual([400, 'account_transfer_required'])
    const nonce = conflict.body.data.nonce as string

    const wrongFid = await inst.request('/api/v1/farcaster/transfer', { appId, token: emailUser.token!, body: { nonce, farcaster_id: owner.fid + 1, farcaster_embedded_address: null } })
    expect([wrongFid.status, wrongFid.body.code]).toEqual([400, 'invalid_data'])

    const moved = await inst.request('/api/v1/farcaster/transfer', { appId, token: emailUser.token!, body: { nonce, farcaster_id: owner.fid, farcaster_embedded_address: null } })
    expect(moved.status).toBe(200)
    const user = v.parse(User, moved.body)
    expect(user.id).toBe(emailUser.user.id)
    expect(user.linked_accounts.map((a) => a.type).sort()).toEqual(['email', 'farcaster'])
    expect(user.linked_accounts.find((a) => a.type === 'farcaster')).toMatchObject({ fid: owner.fid, owner_address: owner.account.address })
    // The user the fid came from is deleted: its session no longer answers.
    const gone = await inst.request('/api/v1/users/me', { appId, token: first.token! })
    expect(gone.status).toBe(401)

    const again = await inst.request('/api/v1/farcaster/transfer', { appId, token: emailUser.token!, body: { nonce, farcaster_id: owner.fid, farcaster_embedded_address: null } })
    expect([again.status, again.body.code]).toEqual([401, 'invalid_credentials'])
  })

  it('behavior: transfer needs a session, a nonce and a numeric farcaster_id', async () => {
    const appId = await newApp()
    const emailUser = await inst.login(`transfer-bad-${nextFid++}@example.com`, { appId })
    const anonymous = await inst.request('/api/v1/farcaster/transfer', { appId, body: { nonce: 'n', farcaster_id: 1 } })
    expect(anonymous.status).toBe(401)
    const noNonce = await inst.request('/api/v1/farcaster/transfer', { appId, token: emailUser.token!, body: { farcaster_id: 1 } })
    expect([noNonce.status, noNonce.body.code]).toEqual([400, 'invalid_data'])
    const badFid = await inst.request('/api/v1/farcaster/transfer', { appId, token: emailUser.token!, body: { nonce: 'n', farcaster_id: '1' } })
    expect([badFid.status, badFid.body.code]).toEqual([400, 'invalid_data'])
    const unknown = await inst.request('/api/v1/farcaster/transfer', { appId, token: emailUser.token!, body: { nonce: 'n', farcaster_id: 1 } })
    expect([unknown.status, unknown.body.code]).toEqual([401, 'invalid_credentials'])
  })
})

describe('farcaster v2 (Mini App sign-in)', () => {
  /** A Mini App's SIWF message: the fields a Farcaster client fills from the app's signIn({nonce}) call. */
  const miniAppUri = (nonce: string, domain = 'localhost:5173') =>
    `https://farcaster.xyz/miniapp?${new URLSearchParams({ nonce, domain, siweUri: `http://${domain}` })}`

  async function v2Init(appId: string) {
    const res = await inst.request('/api/v2/farcaster/init', { appId, body: {}, headers: { origin: ORIGIN } })
    expect(res.status).toBe(200)
    return v.parse(V2InitResponse, res.body)
  }

  async function v2Sign(appId: string, user: { account: ReturnType<typeof privateKeyToAccount>; fid: number }, nonce: string, overrides: Parameters<typeof siwfMessageFor>[3] = {}, domain?: string) {
    const message = siwfMessageFor(miniAppUri(nonce, domain), user.account.address, user.fid, overrides)
    const signature = await user.account.signMessage({ message })
    return { fid: user.fid, message, signature }
  }

  const authV2 = (appId: string, body: Record<string, unknown>) => inst.request('/api/v2/farcaster/authenticate', { appId, body })

  it('default: the init nonce signed by the custody address signs in; the nonce is single use', async () => {
    const appId = await newApp()
    const user = await farcasterUser()
    const { nonce, expires_at } = await v2Init(appId)
    expect(nonce).toMatch(/^[0-9a-f]{24}$/)
    expect(Date.parse(expires_at) - inst.clock.now()).toBeGreaterThan(9 * 60 * 1000)
    const body = await v2Sign(appId, user, nonce)
    const res = await authV2(appId, body)
    expect(res.status).toBe(200)
    const auth = v.parse(AuthenticatedUser, res.body)
    expect(auth.is_new_user).toBe(true)
    expect(auth.user.linked_accounts).toEqual([expect.objectContaining({ type: 'farcaster', fid: user.fid, owner_address: user.account.address })])
    const again = await authV2(appId, body)
    expect([again.status, again.body.code]).toEqual([401, 'invalid_credentials'])
  })

  it('behavior: a nonce the server did not issue, or issued for another app, is refused', async () => {
    const appId = await newApp()
    const other = await newApp()
    const user = await farcasterUser()
    const made = await authV2(appId, await v2Sign(appId, user, 'abcdef0123456789abcdef01'))
    expect([made.status, made.body.code]).toEqual([401, 'invalid_credentials'])
    const { nonce } = await v2Init(other)
    const foreign = await authV2(appId, await v2Sign(appId, user, nonce))
    expect([foreign.status, foreign.body.code]).toEqual([401, 'invalid_credentials'])
  })

  it('behavior: a nonce past its lifetime on the server clock is refused', async () => {
    const appId = await newApp()
    const user = await farcasterUser()
    const { nonce } = await v2Init(appId)
    const body = await v2Sign(appId, user, nonce)
    inst.clock.advance(FARCASTER_NONCE_TTL_MS + 1000)
    try {
      const res = await authV2(appId, body)
      expect([res.status, res.body.code]).toEqual([401, 'invalid_credentials'])
    } finally {
      inst.clock.reset()
    }
  })

  it('behavior: the message checks of v1 apply: domain, expiry, custody signer, fid', async () => {
    const appId = await newApp()
    const user = await farcasterUser()
    const wrongDomain = await authV2(appId, await v2Sign(appId, user, (await v2Init(appId)).nonce, {}, 'evil.example'))
    expect([wrongDomain.status, wrongDomain.body.code]).toEqual([401, 'invalid_credentials'])
    const expired = await authV2(appId, await v2Sign(appId, user, (await v2Init(appId)).nonce, { expirationTime: new Date(Date.now() - 60_000) }))
    expect([expired.status, expired.body.error]).toEqual([401, 'The message has expired.'])
    const impostor = { account: privateKeyToAccount(generatePrivateKey()), fid: user.fid }
    const notCustody = await authV2(appId, await v2Sign(appId, impostor, (await v2Init(appId)).nonce))
    expect(notCustody.status).toBe(401)
    expect(notCustody.body.error).toMatch(/custody/)
    const otherFid = await authV2(appId, { ...(await v2Sign(appId, user, (await v2Init(appId)).nonce)), fid: user.fid + 1 })
    expect([otherFid.status, otherFid.body.code]).toEqual([401, 'invalid_credentials'])
    // A refused attempt leaves the nonce usable: only a verified sign-in spends it.
    const { nonce } = await v2Init(appId)
    expect((await authV2(appId, await v2Sign(appId, impostor, nonce))).status).toBe(401)
    expect((await authV2(appId, await v2Sign(appId, user, nonce))).status).toBe(200)
  })

  it('behavior: v2 needs the farcaster_auth switch and refuses unknown init fields and malformed messages', async () => {
    const off = await newApp({ loginMethods: ['email_auth'] })
    const init = await inst.request('/api/v2/farcaster/init', { appId: off, body: {} })
    expect([init.status, init.body.code]).toEqual([400, 'disallowed_login_method'])
    const appId = await newApp()
    const extra = await inst.request('/api/v2/farcaster/init', { appId, body: { nonce: 'mine' } })
    expect([extra.status, extra.body.code]).toEqual([400, 'invalid_data'])
    const garbage = await authV2(appId, { fid: 1, message: 'hello', signature: '0x00' })
    expect([garbage.status, garbage.body.code]).toEqual([400, 'invalid_data'])
  })
})
