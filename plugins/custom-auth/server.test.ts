import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { AuthenticatedUser, User } from '../../kernel/schemas'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { emailServer } from '../email/server'
import { startJwtIssuer, type JwtIssuer } from '../../test/fixtures/jwt-issuer'
import { CLOCK_TOLERANCE_S, customAuthServer, customAuthSetting, type CustomAuthSettings } from './server'

const AUTH = '/api/v1/custom_jwt_account/authenticate'
const LINK = '/api/v1/custom_jwt_account/link'

let t: TestInstance
let rsa: JwtIssuer
let ec: JwtIssuer
beforeAll(async () => {
  rsa = await startJwtIssuer({ alg: 'RS256' })
  ec = await startJwtIssuer({ alg: 'ES256', issuer: 'https://ec.example', audience: 'ec-aud' })
  // Short enough for the hanging-JWKS test, long enough for a local JWKS answer on two busy cores.
  t = await createTestInstance({ plugins: [emailServer(), customAuthServer({ jwksCooldownMs: 0, jwksTimeoutMs: 3_000 })] })
})
afterAll(async () => {
  await t.close()
  await rsa.close()
  await ec.close()
})

/** An app with the custom-token switch on and these verification settings. */
async function appWith(custom: Partial<CustomAuthSettings>, extra: Record<string, unknown> = {}) {
  const app = await t.createApp({
    settings: {
      loginMethods: ['custom_jwt_auth', 'email_auth'],
      customAuth: { ...customAuthSetting.default, ...custom },
      ...extra,
    },
  })
  return app.id
}
const jwksApp = (issuer: JwtIssuer, extra: Partial<CustomAuthSettings> = {}) =>
  appWith({ jwksUrl: issuer.jwksUrl, issuer: issuer.issuer, audience: issuer.audience, ...extra })

const uid = (tag: string) => `${tag}-${Math.random().toString(36).slice(2, 10)}`

async function expectRefused(appId: string, token: string, message: RegExp) {
  const res = await t.request(AUTH, { body: { token }, appId })
  expect(res.status, JSON.stringify(res.body)).toBe(401)
  expect(res.body.code).toBe('invalid_credentials')
  expect(res.body.error).toMatch(message)
}

describe('POST /custom_jwt_account/authenticate with a JWKS URL', () => {
  it('signs in the token subject with an RS256 token as a custom_auth account, the same user afterwards', async () => {
    const appId = await jwksApp(rsa)
    const sub = uid('rs')
    const first = await t.request(AUTH, { body: { token: await rsa.mint(sub) }, appId })
    expect(first.status, JSON.stringify(first.body)).toBe(200)
    expect(v.is(AuthenticatedUser, first.body)).toBe(true)
    expect(first.body.is_new_user).toBe(true)
    expect(first.body.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'custom_auth', custom_user_id: sub }),
    ])
    const second = await t.request(AUTH, { body: { token: await rsa.mint(sub) }, appId })
    expect(second.body.is_new_user).toBe(false)
    expect(second.body.user.id).toBe(first.body.user.id)
  })

  it('accepts an ES256 token', async () => {
    const appId = await jwksApp(ec)
    const res = await t.request(AUTH, { body: { token: await ec.mint('ec-user') }, appId })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.user.linked_accounts[0]).toMatchObject({ type: 'custom_auth', custom_user_id: 'ec-user' })
  })

  it('refuses a token signed by a key the JWKS does not hold (another issuer, same kid)', async () => {
    const appId = await jwksApp(rsa)
    const stranger = await startJwtIssuer({ alg: 'RS256', issuer: rsa.issuer, audience: rsa.audience })
    try {
      // Same kid name as rsa's first key, different key material.
      const forged = await stranger.mint('victim')
      expect(stranger.keys[0]!.kid).toBe(rsa.keys[0]!.kid)
      await expectRefused(appId, forged, /signature is invalid/)
    } finally {
      await stranger.close()
    }
  })

  it('refuses an expired token, and accepts one within the clock tolerance', async () => {
    const appId = await jwksApp(rsa)
    const past = Date.now() - 3600_000
    await expectRefused(appId, await rsa.mint('old', {}, { now: past, expiresIn: 60 }), /expired/)
    const justExpired = await rsa.mint('skew', {}, { now: Date.now() - 10_000, expiresIn: 10 - CLOCK_TOLERANCE_S / 2 })
    expect((await t.request(AUTH, { body: { token: justExpired }, appId })).status).toBe(200)
  })

  it('refuses a token without an expiry', async () => {
    const appId = await jwksApp(rsa)
    await expectRefused(appId, await rsa.mint('forever', {}, { expiresIn: null }), /expiry/)
  })

  it('refuses a wrong issuer and a wrong audience, each with its own message', async () => {
    const appId = await jwksApp(rsa)
    await expectRefused(appId, await rsa.mint('x', {}, { issuer: 'https://evil.example' }), /issuer/)
    await expectRefused(appId, await rsa.mint('x', {}, { audience: 'someone-else' }), /audience/)
    await expectRefused(appId, await rsa.mint('x', {}, { issuer: null }), /issuer/)
  })

  it('skips the issuer and audience checks when the app sets none', async () => {
    const appId = await appWith({ jwksUrl: rsa.jwksUrl })
    const res = await t.request(AUTH, { body: { token: await rsa.mint('anywhere', {}, { issuer: 'other', audience: 'other' }) }, appId })
    expect(res.status).toBe(200)
  })

  it('refuses an algorithm the app does not list', async () => {
    const appId = await jwksApp(ec, { algorithms: ['RS256'] })
    await expectRefused(appId, await ec.mint('es'), /algorithm/)
  })

  it('refuses alg none', async () => {
    const appId = await jwksApp(rsa)
    await expectRefused(appId, rsa.unsigned('admin'), /algorithm|malformed/)
  })

  it('refuses an HS256 token keyed with the public key, even when the app lists HS256', async () => {
    const jwks = await jwksApp(rsa, { algorithms: ['RS256', 'HS256'] })
    await expectRefused(jwks, rsa.hmacWithPublicKey('admin'), /algorithm/)
    const pem = await appWith({ publicKeyPem: rsa.keys[0]!.publicPem, issuer: rsa.issuer, audience: rsa.audience, algorithms: ['RS256', 'HS256'] })
    await expectRefused(pem, rsa.hmacWithPublicKey('admin', rsa.keys[0]!.kid), /algorithm/)
  })

  it('refuses a token without a subject, and reads another claim when userIdClaim says so', async () => {
    const appId = await jwksApp(rsa)
    await expectRefused(appId, await rsa.mint(undefined), /user id \("sub" claim\)/)
    const other = await jwksApp(rsa, { userIdClaim: 'uid' })
    const res = await t.request(AUTH, { body: { token: await rsa.mint('ignored', { uid: 'from-uid' }) }, appId: other })
    expect(res.status).toBe(200)
    expect(res.body.user.linked_accounts[0]).toMatchObject({ custom_user_id: 'from-uid' })
  })

  it('picks up a rotated key through its kid, and refuses an unknown kid with a clear message', async () => {
    const issuer = await startJwtIssuer()
    try {
      const appId = await jwksApp(issuer)
      expect((await t.request(AUTH, { body: { token: await issuer.mint('rot') }, appId })).status).toBe(200)
      const fetched = issuer.jwksFetches
      const next = await issuer.addKey('ES256')
      const res = await t.request(AUTH, { body: { token: await issuer.mint('rot', {}, { kid: next.kid }) }, appId })
      expect(res.status, JSON.stringify(res.body)).toBe(200)
      expect(issuer.jwksFetches).toBe(fetched + 1)
      issuer.removeKey(next.kid)
      const gone = await issuer.mint('rot', {}, { kid: issuer.keys[0]!.kid })
      // The old key is still served: tokens signed with it keep working.
      expect((await t.request(AUTH, { body: { token: gone }, appId })).status).toBe(200)
      const unknown = await startJwtIssuer()
      try {
        const foreign = await unknown.addKey('RS256')
        await expectRefused(appId, await unknown.mint('x', {}, { kid: foreign.kid, issuer: issuer.issuer, audience: issuer.audience }), /key id/)
      } finally {
        await unknown.close()
      }
    } finally {
      await issuer.close()
    }
  })

  it('caches the key set per URL: repeated logins do not refetch it', async () => {
    const issuer = await startJwtIssuer()
    try {
      const appId = await jwksApp(issuer)
      for (let i = 0; i < 3; i++) {
        expect((await t.request(AUTH, { body: { token: await issuer.mint(`c${i}`) }, appId })).status).toBe(200)
      }
      expect(issuer.jwksFetches).toBe(1)
    } finally {
      await issuer.close()
    }
  })

  it('answers a clear 401 when the JWKS is unreachable, failing, hanging or not JSON (never a 500)', async () => {
    const issuer = await startJwtIssuer()
    const token = await issuer.mint('down')
    try {
      for (const mode of ['error', 'hang', 'not-json'] as const) {
        issuer.setJwksMode(mode)
        const appId = await appWith({ jwksUrl: `${issuer.jwksUrl}?${mode}` })
        await expectRefused(appId, token, /signing keys could not be fetched/)
      }
    } finally {
      await issuer.close()
    }
    const closed = await appWith({ jwksUrl: issuer.jwksUrl })
    await expectRefused(closed, token, /signing keys could not be fetched/)
  })
})

describe('POST /custom_jwt_account/authenticate with a PEM key', () => {
  it('verifies RS256 and ES256 tokens against the configured SPKI key', async () => {
    const rsApp = await appWith({ publicKeyPem: rsa.keys[0]!.publicPem })
    expect((await t.request(AUTH, { body: { token: await rsa.mint('pem-rs', {}, { kid: rsa.keys[0]!.kid }) }, appId: rsApp })).status).toBe(200)
    const ecApp = await appWith({ publicKeyPem: ec.keys[0]!.publicPem })
    expect((await t.request(AUTH, { body: { token: await ec.mint('pem-ec') }, appId: ecApp })).status).toBe(200)
  })

  it('refuses a token signed by another key, or of another key type', async () => {
    const rsApp = await appWith({ publicKeyPem: rsa.keys[0]!.publicPem })
    const other = await startJwtIssuer()
    try {
      await expectRefused(rsApp, await other.mint('x'), /signature is invalid/)
    } finally {
      await other.close()
    }
    await expectRefused(rsApp, await ec.mint('x'), /could not be verified|signature/)
  })

  it('answers feature_not_enabled for a PEM that is not a key', async () => {
    const appId = await appWith({ publicKeyPem: '-----BEGIN PUBLIC KEY-----\nnope\n-----END PUBLIC KEY-----' })
    const res = await t.request(AUTH, { body: { token: await rsa.mint('x') }, appId })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('feature_not_enabled')
  })
})

describe('app rules and bad input', () => {
  it('answers feature_not_enabled when the app has no key configured', async () => {
    const appId = await appWith({})
    const res = await t.request(AUTH, { body: { token: await rsa.mint('x') }, appId })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('feature_not_enabled')
  })

  it('answers disallowed_login_method when the switch is off', async () => {
    const app = await t.createApp({
      settings: { loginMethods: ['email_auth'], customAuth: { ...customAuthSetting.default, jwksUrl: rsa.jwksUrl } },
    })
    const res = await t.request(AUTH, { body: { token: await rsa.mint('x') }, appId: app.id })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('disallowed_login_method')
  })

  it('never answers 500, whatever the token', async () => {
    const appId = await jwksApp(rsa)
    const junk = ['', ' ', 'abc', 'a.b.c', '...', 'eyJ.eyJ.sig', `${Buffer.from('{"alg":"RS256"}').toString('base64url')}.e30.`, 'x'.repeat(16_000)]
    for (const token of junk) {
      const res = await t.request(AUTH, { body: { token }, appId })
      expect([400, 401], `${token.slice(0, 20)} → ${JSON.stringify(res.body)}`).toContain(res.status)
      expect(['invalid_data', 'invalid_credentials']).toContain(res.body.code)
    }
    for (const body of [{}, { token: 42 }, { token: null }, { token: 'x', extra: 1 }, { token: 'x'.repeat(20_000) }]) {
      const res = await t.request(AUTH, { body, appId })
      expect(res.status, JSON.stringify(body)).toBe(400)
      expect(res.body.code).toBe('invalid_data')
    }
  })

  it('answers user_does_not_exist in no-signup mode for a new subject, and signs a known one in', async () => {
    const appId = await jwksApp(rsa)
    const sub = uid('nosignup')
    const res = await t.request(AUTH, { body: { token: await rsa.mint(sub), mode: 'no-signup' }, appId })
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('user_does_not_exist')
    const rows = await t.db.query('SELECT 1 FROM linked_accounts WHERE identity_key = $1', [sub])
    expect(rows).toHaveLength(0)
    await t.request(AUTH, { body: { token: await rsa.mint(sub) }, appId })
    const again = await t.request(AUTH, { body: { token: await rsa.mint(sub), mode: 'no-signup' }, appId })
    expect(again.status).toBe(200)
  })

  it('refuses new users past the app maximum but still signs existing ones in', async () => {
    const capped = await t.createApp({
      settings: {
        loginMethods: ['custom_jwt_auth'],
        maxUsers: 1,
        customAuth: { ...customAuthSetting.default, jwksUrl: rsa.jwksUrl },
      },
    })
    expect((await t.request(AUTH, { body: { token: await rsa.mint('cap-1') }, appId: capped.id })).status).toBe(200)
    const res = await t.request(AUTH, { body: { token: await rsa.mint('cap-2') }, appId: capped.id })
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('max_accounts_reached')
    expect((await t.request(AUTH, { body: { token: await rsa.mint('cap-1') }, appId: capped.id })).status).toBe(200)
  })

  it('matches the allowlist against the subject', async () => {
    const listed = await t.createApp({
      settings: {
        loginMethods: ['custom_jwt_auth'],
        allowlistEnabled: true,
        allowlist: ['listed-user'],
        customAuth: { ...customAuthSetting.default, jwksUrl: rsa.jwksUrl },
      },
    })
    expect((await t.request(AUTH, { body: { token: await rsa.mint('listed-user') }, appId: listed.id })).status).toBe(200)
    const res = await t.request(AUTH, { body: { token: await rsa.mint('stranger') }, appId: listed.id })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('allowlist_rejected')
  })
})

describe('POST /custom_jwt_account/link', () => {
  it('adds the token subject to the signed-in user, once', async () => {
    const appId = await jwksApp(rsa)
    const owner = await t.login(`${uid('owner')}@example.com`, { appId })
    const sub = uid('linked')
    const res = await t.request(LINK, { body: { token: await rsa.mint(sub) }, appId, token: owner.token! })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(v.is(User, res.body)).toBe(true)
    expect(res.body.linked_accounts).toContainEqual(expect.objectContaining({ type: 'custom_auth', custom_user_id: sub }))
    const second = await t.request(LINK, { body: { token: await rsa.mint(uid('another')) }, appId, token: owner.token! })
    expect(second.status).toBe(400)
    expect(second.body.code).toBe('cannot_link_more_of_type')
    // The subject now signs the same user in.
    const auth = await t.request(AUTH, { body: { token: await rsa.mint(sub) }, appId })
    expect(auth.body.user.id).toBe(owner.user.id)
  })

  it('refuses a caller without a session, and a bad token', async () => {
    const appId = await jwksApp(rsa)
    const anon = await t.request(LINK, { body: { token: await rsa.mint('x') }, appId })
    expect(anon.status).toBe(401)
    expect(anon.body.code).toBe('missing_or_invalid_token')
    const owner = await t.login(`${uid('bad')}@example.com`, { appId })
    const bad = await t.request(LINK, { body: { token: rsa.unsigned('x') }, appId, token: owner.token! })
    expect(bad.status).toBe(401)
    expect(bad.body.code).toBe('invalid_credentials')
  })

  it('refuses a subject that belongs to another user', async () => {
    const appId = await jwksApp(rsa)
    const sub = uid('taken')
    await t.request(AUTH, { body: { token: await rsa.mint(sub) }, appId })
    const other = await t.login(`${uid('other')}@example.com`, { appId })
    const res = await t.request(LINK, { body: { token: await rsa.mint(sub) }, appId, token: other.token! })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('linked_to_another_user')
  })
})
