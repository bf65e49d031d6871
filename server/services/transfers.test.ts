import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createHash } from 'node:crypto'
import * as v from 'valibot'
import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose'
import { User } from '../../kernel/schemas'
import type { AuthenticatedUser } from '../../kernel/wire'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { createSessionService } from './sessions'
import { createUserService } from './users'
import { TRANSFER_NONCE_TTL_MS } from './transfers'
import { customAuthServer } from '../../plugins/custom-auth/server'
import { emailServer } from '../../plugins/email/server'
import { guestServer } from '../../plugins/guest/server'
import { passkeyServer } from '../../plugins/passkey/server'
import { siweServer } from '../../plugins/siwe/server'
import { smsServer } from '../../plugins/sms/server'

const ADMIN_KEY = 'admin-key-for-transfer-tests'
const LINK = '/api/v1/passwordless/link'
const TRANSFER = '/api/v1/passwordless/transfer'

let t: TestInstance
beforeAll(async () => {
  // The plugins declare their account types: which move between users, how they show in the identity token.
  t = await createTestInstance({
    adminKey: ADMIN_KEY,
    plugins: [emailServer(), smsServer(), siweServer(), customAuthServer(), passkeyServer(), guestServer()],
  })
})
afterAll(() => t.close())

const fresh = (name: string) => `${name}-${Math.random().toString(36).slice(2, 8)}@example.com`
const bare = (did: string) => did.slice('did:privy:'.length)

async function sendCode(email: string): Promise<string> {
  const before = t.smtp.messagesTo(email).length
  await t.request('/api/v1/passwordless/init', { body: { email } })
  return t.codeFor(email, { after: before })
}

/** A signed-in user with only a phone account, made through the services (no email, so linking one is allowed). */
async function phoneUser(): Promise<AuthenticatedUser> {
  const users = createUserService(t.db, t.server.registry)
  const sessions = createSessionService(t.db, users, () => t.clock.now())
  const number = `+1415${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
  const { user } = await users.create(t.app, { type: 'phone', identityKey: number, details: { phoneNumber: number } }, t.clock.now())
  return sessions.issue(t.app, user, { isNewUser: true })
}

/** A user owning `email` (plus a second account), and another user who tried to link it: the conflict's nonce. */
async function conflict() {
  const email = fresh('owned')
  const owner = await t.login(email)
  // The owner's other account, which must survive until the deletion step.
  const ownerPhone = `+1212${String(Math.floor(Math.random() * 1e7)).padStart(7, '0')}`
  await createUserService(t.db).link(t.app, bare(owner.user.id), { type: 'phone', identityKey: ownerPhone, details: { phoneNumber: ownerPhone } }, t.clock.now())
  const me = await phoneUser()
  const res = await t.request(LINK, { body: { email, code: await sendCode(email) }, token: me.token! })
  expect(res.body.code, JSON.stringify(res.body)).toBe('account_transfer_required')
  return { email, owner, ownerPhone, me, nonce: res.body.data.nonce as string }
}

const ownerOf = async (identityKey: string) =>
  (await t.db.query<{ user_id: string }>('SELECT user_id FROM linked_accounts WHERE app_id = $1 AND identity_key = $2', [t.appId, identityKey]))[0]
    ?.user_id

describe('link conflict', () => {
  it('stores only the hash of the nonce, bound to the two users and the account, for ten minutes', async () => {
    const c = await conflict()
    const rows = await t.db.query<Record<string, unknown>>('SELECT * FROM account_transfers WHERE app_id = $1 AND identity_key = $2', [t.appId, c.email])
    expect(rows).toHaveLength(1)
    const row = rows[0]!
    expect(row.nonce_hash).toBe(createHash('sha256').update(c.nonce).digest('hex'))
    expect(JSON.stringify(row)).not.toContain(c.nonce)
    expect(row).toMatchObject({ to_user_id: bare(c.me.user.id), from_user_id: bare(c.owner.user.id), type: 'email', used_at: null })
    expect(Number(row.expires_at) - Number(row.created_at)).toBe(TRANSFER_NONCE_TTL_MS)
  })

  it("names the other user's embedded Ethereum wallet in otherUser.embeddedWalletAddress", async () => {
    const email = fresh('walleted')
    const owner = await t.login(email)
    const address = '0x' + 'ab'.repeat(20)
    await createUserService(t.db).link(
      t.app,
      bare(owner.user.id),
      { type: 'wallet', identityKey: address, details: { address, chain_type: 'ethereum', connector_type: 'embedded', wallet_client_type: 'privy' } },
      t.clock.now(),
    )
    const me = await phoneUser()
    const res = await t.request(LINK, { body: { email, code: await sendCode(email) }, token: me.token! })
    expect(res.body.data.otherUser).toEqual({ embeddedWalletAddress: address })
  })

  it('keeps linked_to_another_user for the types that cannot be transferred (custom_auth, passkey)', async () => {
    for (const type of ['custom_auth', 'passkey']) {
      const owner = await t.login(fresh('owner'))
      const account = { type, identityKey: `${type}-${Math.random()}`, details: {} }
      await createUserService(t.db).link(t.app, bare(owner.user.id), account, t.clock.now())
      const me = await phoneUser()
      const err = await t.server.transfers.conflict(t.app, bare(me.user.id), account, t.clock.now())
      expect(err?.code).toBe('linked_to_another_user')
    }
  })
})

describe('transfer', () => {
  it('moves the account in one step, then deletes the old user with its other accounts and sessions', async () => {
    const c = await conflict()
    const res = await t.request(TRANSFER, { body: { email: c.email, nonce: c.nonce }, token: c.me.token! })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(v.is(User, res.body)).toBe(true)
    expect(res.body.linked_accounts.map((a: { type: string }) => a.type).sort()).toEqual(['email', 'phone'])
    expect(await ownerOf(c.email)).toBe(bare(c.me.user.id))
    expect(await ownerOf(c.ownerPhone)).toBeUndefined()
    expect(await t.db.query('SELECT 1 FROM sessions WHERE user_id = $1', [bare(c.owner.user.id)])).toHaveLength(0)
  })

  it('loses nothing when the process fails between the move and the deletion; a retry or the cleanup finishes it', async () => {
    for (const finish of ['retry', 'cleanup'] as const) {
      const c = await conflict()
      t.server.transfers.hooks.afterMove = () => {
        throw new Error('injected crash between the steps')
      }
      try {
        const res = await t.request(TRANSFER, { body: { email: c.email, nonce: c.nonce }, token: c.me.token! })
        // The move committed: the caller has the account.
        expect(res.status, JSON.stringify(res.body)).toBe(200)
      } finally {
        t.server.transfers.hooks.afterMove = undefined
      }
      expect(await ownerOf(c.email)).toBe(bare(c.me.user.id))
      // The old user and its other account are still there, waiting for the deletion.
      expect(await t.db.query('SELECT 1 FROM users WHERE id = $1', [bare(c.owner.user.id)])).toHaveLength(1)
      expect(await ownerOf(c.ownerPhone)).toBe(bare(c.owner.user.id))

      if (finish === 'retry') {
        const again = await t.request(TRANSFER, { body: { email: c.email, nonce: c.nonce }, token: c.me.token! })
        expect(again.status, JSON.stringify(again.body)).toBe(200)
        expect(again.body.id).toBe(c.me.user.id)
      } else {
        expect(await t.server.transfers.finishPending(t.app)).toBeGreaterThanOrEqual(1)
      }
      expect(await t.db.query('SELECT 1 FROM users WHERE id = $1', [bare(c.owner.user.id)])).toHaveLength(0)
      expect(await ownerOf(c.email)).toBe(bare(c.me.user.id))
    }
  })

  it('refuses a nonce used once already with invalid_credentials', async () => {
    const c = await conflict()
    expect((await t.request(TRANSFER, { body: { email: c.email, nonce: c.nonce }, token: c.me.token! })).status).toBe(200)
    const again = await t.request(TRANSFER, { body: { email: c.email, nonce: c.nonce }, token: c.me.token! })
    expect(again.status).toBe(401)
    expect(again.body.code).toBe('invalid_credentials')
  })

  it('refuses an expired nonce and an unknown one with invalid_credentials, and moves nothing', async () => {
    const c = await conflict()
    t.clock.advance(TRANSFER_NONCE_TTL_MS + 1000)
    try {
      // The access token lives an hour, longer than the nonce: the nonce's expiry is what answers.
      const res = await t.request(TRANSFER, { body: { email: c.email, nonce: c.nonce }, token: c.me.token! })
      expect(res.status).toBe(401)
      expect(res.body.code).toBe('invalid_credentials')
    } finally {
      t.clock.reset()
    }
    expect(await ownerOf(c.email)).toBe(bare(c.owner.user.id))
    const unknown = await t.request(TRANSFER, { body: { email: c.email, nonce: 'not-a-nonce' }, token: c.me.token! })
    expect(unknown.status).toBe(401)
    expect(unknown.body.code).toBe('invalid_credentials')
  })

  it("refuses another user's nonce with invalid_credentials", async () => {
    const c = await conflict()
    const stranger = await phoneUser()
    const res = await t.request(TRANSFER, { body: { email: c.email, nonce: c.nonce }, token: stranger.token! })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('invalid_credentials')
    expect(await ownerOf(c.email)).toBe(bare(c.owner.user.id))
    // The rightful user can still use it.
    expect((await t.request(TRANSFER, { body: { email: c.email, nonce: c.nonce }, token: c.me.token! })).status).toBe(200)
  })

  it('refuses a nonce presented for another account with invalid_data', async () => {
    const c = await conflict()
    const res = await t.request(TRANSFER, { body: { email: fresh('other'), nonce: c.nonce }, token: c.me.token! })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'invalid_data', error: 'The transfer nonce was issued for another account.' })
  })

  it("refuses the custom, guest and passkey types with 'Invalid transfer account type', and missing inputs", async () => {
    const me = await phoneUser()
    for (const type of ['custom_auth', 'guest', 'passkey']) {
      await expect(
        t.server.transfers.transfer(t.app, bare(me.user.id), { nonce: 'n', type, identityKey: 'k' }, t.clock.now()),
      ).rejects.toMatchObject({ status: 400, code: 'invalid_data', message: 'Invalid transfer account type' })
    }
    for (const input of [{ nonce: '', type: 'email', identityKey: 'a@b.co' }, { nonce: 'n', type: 'email', identityKey: undefined }]) {
      await expect(t.server.transfers.transfer(t.app, bare(me.user.id), input, t.clock.now())).rejects.toMatchObject({
        status: 400,
        code: 'invalid_data',
        message: 'missing account transfer inputs',
      })
    }
  })
})

describe('custom_metadata', () => {
  const admin = (path: string, body?: unknown) =>
    t.request(path, { body, appId: null, headers: { authorization: `Bearer ${ADMIN_KEY}` } })

  it('is set through the admin API and shows in the User object and the signed identity token', async () => {
    const me = await t.login(fresh('meta'))
    const set = await admin(`/admin/v1/apps/${t.appId}/users/${me.user.id}/custom_metadata`, {
      custom_metadata: { plan: 'pro', seats: 3, beta: true },
    })
    expect(set.status, JSON.stringify(set.body)).toBe(200)
    expect(v.is(User, set.body)).toBe(true)
    expect(set.body.custom_metadata).toEqual({ plan: 'pro', seats: 3, beta: true })

    const read = await admin(`/admin/v1/apps/${t.appId}/users/${bare(me.user.id)}`)
    expect(read.body.custom_metadata).toEqual({ plan: 'pro', seats: 3, beta: true })

    const mine = await t.request('/api/v1/users/me', { token: me.token! })
    expect(mine.body.user.custom_metadata).toEqual({ plan: 'pro', seats: 3, beta: true })
    const claims = decodeJwt(mine.body.identity_token)
    expect(JSON.parse(claims.custom_metadata as string)).toEqual({ plan: 'pro', seats: 3, beta: true })
  })

  it('refuses nested values, oversized metadata, unknown users and a missing admin key', async () => {
    const me = await t.login(fresh('badmeta'))
    const path = `/admin/v1/apps/${t.appId}/users/${me.user.id}/custom_metadata`
    const nested = await admin(path, { custom_metadata: { a: { b: 1 } } })
    expect(nested.status).toBe(400)
    expect(nested.body.code).toBe('invalid_data')
    const big = await admin(path, { custom_metadata: { a: 'x'.repeat(2000) } })
    expect(big.status).toBe(400)
    expect(big.body.code).toBe('invalid_data')
    const missing = await admin(path, {})
    expect(missing.status).toBe(400)
    const nobody = await admin(`/admin/v1/apps/${t.appId}/users/did:privy:${'a'.repeat(25)}/custom_metadata`, { custom_metadata: {} })
    expect(nobody.status).toBe(404)
    const noKey = await t.request(path, { body: { custom_metadata: {} }, appId: null })
    expect(noKey.status).toBe(401)
  })
})

describe('identity token and JWKS', () => {
  it('carries the contract claims: cr as a string, guest t/f, linked_accounts as JSON with phone_number and lv', async () => {
    const me = await phoneUser()
    const claims = decodeJwt(me.identity_token!)
    expect(claims).toMatchObject({ sub: me.user.id, iss: 'privy.io', aud: t.appId, guest: 'f' })
    expect(claims.cr).toMatch(/^\d+$/)
    const accounts = JSON.parse(claims.linked_accounts as string)
    expect(accounts).toEqual([{ type: 'phone', phone_number: expect.stringMatching(/^\+1/), lv: expect.any(Number) }])
  })

  it('serves the app key at /api/v1/apps/:app_id/jwks.json, which verifies access and identity tokens', async () => {
    const me = await t.login(fresh('jwks'))
    const jwks = createRemoteJWKSet(new URL(`${t.baseUrl}/api/v1/apps/${t.appId}/jwks.json`))
    for (const token of [me.token!, me.identity_token!]) {
      const { payload, protectedHeader } = await jwtVerify(token, jwks, { issuer: 'privy.io', audience: t.appId })
      expect(protectedHeader.alg).toBe('ES256')
      expect(payload.sub).toBe(me.user.id)
    }
    const other = await t.createApp()
    const otherJwks = createRemoteJWKSet(new URL(`${t.baseUrl}/api/v1/apps/${other.id}/jwks.json`))
    await expect(jwtVerify(me.token!, otherJwks)).rejects.toThrow()
    const unknown = await t.request(`/api/v1/apps/${'z'.repeat(25)}/jwks.json`, { appId: null })
    expect(unknown.status).toBe(400)
    expect(unknown.body.code).toBe('missing_or_invalid_privy_app_id')
  })
})
