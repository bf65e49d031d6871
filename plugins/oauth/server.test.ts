/**
 * The OAuth server half against a real OpenID provider (test/fixtures/oidc.ts) on 127.0.0.1: google
 * points at it as an OpenID issuer, github at its endpoints with GitHub's `/user` profile shape.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import * as v from 'valibot'
import { AuthenticatedUser } from '../../kernel/schemas'
import { createTestInstance, type TestInstance } from '../../test/support/server'
import { emailServer } from '../email/server'
import { createRedirectBrowser, startOidcProvider, type OidcFixture } from '../../test/fixtures/oidc'
import { LinkResponse } from '../../protocols/oauth/schemas'
import { oauthServer } from './server'
import { randomToken, s256 } from './server/pkce'

const ORIGIN = 'http://localhost:5173'
const RETURN = `${ORIGIN}/signed-in?tab=1`

let oidc: OidcFixture

beforeAll(async () => {
  oidc = await startOidcProvider()
})
afterAll(async () => {
  await oidc.close()
})

/** A test instance whose app uses google and github, both served by the fixture provider. */
async function instance(extra: Record<string, unknown> = {}): Promise<TestInstance> {
  const secret = 'fixture-secret-' + randomToken(8)
  const t = await createTestInstance({
    plugins: [emailServer(), oauthServer({ logFailure: () => {} })],
    app: {
      allowedOrigins: [ORIGIN],
      settings: {
        loginMethods: ['email_auth', 'google_oauth', 'github_oauth', 'twitter_oauth'],
        allowedRedirectUrls: [`${ORIGIN}/signed-in`],
        oauthProviders: {
          google: { clientId: 'google-client', clientSecret: secret, issuer: oidc.issuer },
          github: {
            clientId: 'github-client',
            clientSecret: secret,
            authorizationUrl: oidc.endpoints.authorization,
            tokenUrl: oidc.endpoints.token,
            userinfoUrl: oidc.endpoints.userinfo,
            // The fixture needs `openid` for its userinfo; `github` brings GitHub's /user fields.
            scopes: ['openid', 'github'],
          },
        },
        ...extra,
      },
    },
  })
  const redirectUris = [`${t.baseUrl}/api/v1/oauth/callback/${t.appId}`]
  await oidc.registerClient({ clientId: 'google-client', clientSecret: secret, redirectUris })
  await oidc.registerClient({ clientId: 'github-client', clientSecret: secret, redirectUris })
  return t
}

interface Trip {
  verifier: string
  state: string
  returned: URL
  code: string | null
}

/** init, then the browser's trip through the provider (signing in as `user`) back to redirect_to. */
async function roundTrip(t: TestInstance, provider: string, user: string | 'deny' = 'alice'): Promise<Trip> {
  const verifier = randomToken()
  const state = randomToken(36)
  const init = await t.request('/api/v1/oauth/init', {
    body: { provider, redirect_to: RETURN, code_challenge: s256(verifier), state_code: state },
  })
  expect(init.status, JSON.stringify(init.body)).toBe(200)
  if (user === 'deny') {
    oidc.loginAs(null)
    oidc.denyNext()
  } else oidc.loginAs(user)
  const { url } = await createRedirectBrowser().follow(init.body.url, { stopAt: ORIGIN })
  const returned = new URL(url)
  return { verifier, state, returned, code: returned.searchParams.get('privy_oauth_code') }
}

function authenticate(t: TestInstance, trip: Trip, extra: Record<string, unknown> = {}) {
  return t.request('/api/v1/oauth/authenticate', {
    body: { authorization_code: trip.code, state_code: trip.state, code_verifier: trip.verifier, ...extra },
  })
}

describe('oauth server against a real OpenID provider', () => {
  let t: TestInstance
  beforeAll(async () => {
    t = await instance()
  })
  afterAll(async () => {
    await t.close()
  })

  it('behavior: init answers the provider authorization URL with the server own state, S256 PKCE, nonce and exact callback', async () => {
    const res = await t.request('/api/v1/oauth/init', {
      body: { provider: 'google', redirect_to: RETURN, code_challenge: s256(randomToken()), state_code: randomToken(36) },
    })
    expect(res.status).toBe(200)
    const url = new URL(res.body.url)
    expect(url.origin + url.pathname).toBe(oidc.endpoints.authorization)
    const q = url.searchParams
    expect(q.get('client_id')).toBe('google-client')
    expect(q.get('redirect_uri')).toBe(`${t.baseUrl}/api/v1/oauth/callback/${t.appId}`)
    expect(q.get('response_type')).toBe('code')
    expect(q.get('scope')).toBe('openid email profile')
    expect(q.get('code_challenge_method')).toBe('S256')
    expect(q.get('code_challenge')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(q.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/)
    expect(q.get('nonce')).toMatch(/^[A-Za-z0-9_-]{43}$/)
  })

  it('behavior: a google (OpenID) round trip signs the user in with a google_oauth account and the provider tokens', async () => {
    const trip = await roundTrip(t, 'google', 'alice')
    expect(trip.returned.origin + trip.returned.pathname).toBe(`${ORIGIN}/signed-in`)
    expect(trip.returned.searchParams.get('tab')).toBe('1')
    expect(trip.returned.searchParams.get('privy_oauth_state')).toBe(trip.state)
    expect(trip.returned.searchParams.get('privy_oauth_provider')).toBe('google')
    expect(trip.code).toMatch(/^[A-Za-z0-9_-]{43}$/)

    const res = await authenticate(t, trip)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(v.is(AuthenticatedUser, res.body)).toBe(true)
    expect(res.body.is_new_user).toBe(true)
    expect(res.body.user.linked_accounts).toEqual([
      expect.objectContaining({ type: 'google_oauth', subject: 'alice', email: 'alice@oidc.test', name: 'Alice Liddell' }),
    ])
    expect(res.body.oauth_tokens).toMatchObject({ provider: 'google', access_token: expect.any(String) })
    expect(res.body.oauth_tokens.scopes).toEqual(expect.arrayContaining(['openid', 'email', 'profile']))
    expect(res.body.oauth_tokens.access_token_expires_in_seconds).toBeGreaterThan(0)

    // The same provider account signs in to the same user.
    const again = await authenticate(t, await roundTrip(t, 'google', 'alice'))
    expect(again.status).toBe(200)
    expect(again.body.user.id).toBe(res.body.user.id)
    expect(again.body.is_new_user).toBe(false)
  })

  it('behavior: a github round trip maps the userinfo profile (id, login, name, email) to a github_oauth account', async () => {
    const trip = await roundTrip(t, 'github', 'bob')
    expect(trip.returned.searchParams.get('privy_oauth_provider')).toBe('github')
    const res = await authenticate(t, trip)
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'github_oauth',
        subject: '1002',
        username: 'bob',
        name: 'Bob Builder',
        email: 'bob@oidc.test',
      }),
    ])
    expect(res.body.oauth_tokens).toMatchObject({ provider: 'github', access_token: expect.any(String) })
  })

  it('behavior: a state_code other than the attempt one answers oauth_state_mismatch and spends the code', async () => {
    const trip = await roundTrip(t, 'google')
    const res = await authenticate(t, trip, { state_code: randomToken(36) })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('oauth_state_mismatch')
    const retry = await authenticate(t, trip)
    expect(retry.status).toBe(401)
    expect(retry.body.code).toBe('invalid_credentials')
  })

  it('behavior: a code_verifier that does not hash to the code_challenge answers invalid_pkce_parameters', async () => {
    const trip = await roundTrip(t, 'google')
    const wrong = await authenticate(t, trip, { code_verifier: randomToken() })
    expect(wrong.status).toBe(400)
    expect(wrong.body.code).toBe('invalid_pkce_parameters')

    const missing = await roundTrip(t, 'google')
    const res = await t.request('/api/v1/oauth/authenticate', {
      body: { authorization_code: missing.code, state_code: missing.state },
    })
    expect(res.body.code).toBe('invalid_pkce_parameters')
  })

  it('behavior: a code is single use; a replay answers invalid_credentials and revokes the session of the first use', async () => {
    const trip = await roundTrip(t, 'google')
    const first = await authenticate(t, trip)
    expect(first.status).toBe(200)
    expect((await t.request('/api/v1/users/me', { token: first.body.token })).status).toBe(200)
    const replay = await authenticate(t, trip)
    expect(replay.status).toBe(401)
    expect(replay.body.code).toBe('invalid_credentials')
    expect(replay.body.token).toBeUndefined()
    // The first use's session is over: its access token and its refresh token no longer work.
    expect((await t.request('/api/v1/users/me', { token: first.body.token })).status).toBe(401)
    const refreshed = await t.request('/api/v1/sessions', { body: { refresh_token: first.body.refresh_token }, token: first.body.token })
    expect(refreshed.status).toBe(401)
    const unknown = await authenticate(t, { ...trip, code: randomToken() })
    expect(unknown.body.code).toBe('invalid_credentials')
  })

  it('behavior: of two racing uses of one code, none keeps a session', async () => {
    const trip = await roundTrip(t, 'google')
    const answers = await Promise.all([authenticate(t, trip), authenticate(t, trip)])
    // The first use may already have answered (its session then revoked) or may see the replay itself.
    const won = answers.filter((a) => a.status === 200)
    expect(won.length).toBeLessThanOrEqual(1)
    expect(answers.filter((a) => a.status === 401)).toHaveLength(answers.length - won.length)
    for (const w of won) expect((await t.request('/api/v1/users/me', { token: w.body.token })).status).toBe(401)
  })

  it('error: init without a PKCE code_challenge answers invalid_data', async () => {
    const res = await t.request('/api/v1/oauth/init', { body: { provider: 'google', redirect_to: RETURN, state_code: randomToken(36) } })
    expect(res.status).toBe(400)
    expect(res.body).toMatchObject({ code: 'invalid_data', error: 'code_challenge is required (PKCE, S256).' })
  })

  it('error: redirect_to must be a configured URL exactly: another path of the same origin is refused, the query may vary', async () => {
    const init = (redirect_to: string) =>
      t.request('/api/v1/oauth/init', { body: { provider: 'google', redirect_to, code_challenge: s256(randomToken()) } })
    for (const other of [`${ORIGIN}/`, `${ORIGIN}/signed-in/`, `${ORIGIN}/signed-in-evil`, `${ORIGIN}/Signed-in`, 'http://localhost:5174/signed-in']) {
      const res = await init(other)
      expect(res.status, other).toBe(400)
      expect(res.body).toMatchObject({ code: 'invalid_data', error: "redirect_to is not one of the app's allowed redirect URLs." })
    }
    expect((await init(`${ORIGIN}/signed-in`)).status).toBe(200)
    expect((await init(`${ORIGIN}/signed-in?next=1#x`)).status).toBe(200)
  })

  it("behavior: without allowedRedirectUrls, only the root page of each allowed origin is a redirect_to", async () => {
    const app = await t.createApp({
      allowedOrigins: [ORIGIN],
      settings: { loginMethods: ['google_oauth'], oauthProviders: { google: { clientId: 'google-client', clientSecret: 'x', issuer: oidc.issuer } } },
    })
    const init = (redirect_to: string) =>
      t.request('/api/v1/oauth/init', { appId: app.id, body: { provider: 'google', redirect_to, code_challenge: s256(randomToken()) } })
    expect((await init(`${ORIGIN}/?app=1`)).status).toBe(200)
    expect((await init(ORIGIN)).status).toBe(200)
    expect((await init(`${ORIGIN}/signed-in`)).status).toBe(400)
  })

  it("behavior: the provider redirect_uri comes from the server's publicUrl, never from the Host header", async () => {
    const res = await t.request('/api/v1/oauth/init', {
      body: { provider: 'google', redirect_to: RETURN, code_challenge: s256(randomToken()) },
      headers: { 'x-forwarded-host': 'evil.example', forwarded: 'host=evil.example' },
    })
    expect(new URL(res.body.url).searchParams.get('redirect_uri')).toBe(`${t.baseUrl}/api/v1/oauth/callback/${t.appId}`)
  })

  it('behavior: a provider denial returns privy_oauth_code=undefined with the client state and provider', async () => {
    const trip = await roundTrip(t, 'google', 'deny')
    expect(trip.code).toBe('undefined')
    expect(trip.returned.searchParams.get('privy_oauth_state')).toBe(trip.state)
    expect(trip.returned.searchParams.get('privy_oauth_provider')).toBe('google')
  })

  it('behavior: an account the provider marks suspended answers 403 oauth_account_suspended', async () => {
    const trip = await roundTrip(t, 'google', 'sam')
    expect(trip.code).toMatch(/^[A-Za-z0-9_-]{43}$/)
    const res = await authenticate(t, trip)
    expect(res.status).toBe(403)
    expect(res.body.code).toBe('oauth_account_suspended')
  })

  it('behavior: no-signup refuses a provider account without a user with user_does_not_exist', async () => {
    const trip = await roundTrip(t, 'github', 'alice')
    const res = await authenticate(t, trip, { mode: 'no-signup' })
    expect(res.status).toBe(404)
    expect(res.body.code).toBe('user_does_not_exist')
  })

  it('behavior: link adds the provider account to the signed-in user; a second of the same type is cannot_link_more_of_type', async () => {
    const session = await t.login('linker@example.com')
    const first = await roundTrip(t, 'google', 'bob')
    const res = await t.request('/api/v1/oauth/link', {
      token: session.token!,
      body: { authorization_code: first.code, state_code: first.state, code_verifier: first.verifier },
    })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(v.is(LinkResponse, res.body)).toBe(true)
    expect(res.body.id).toBe(session.user.id)
    expect(res.body.linked_accounts).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ type: 'email', address: 'linker@example.com' }),
        expect.objectContaining({ type: 'google_oauth', subject: 'bob', email: 'bob@oidc.test' }),
      ]),
    )
    expect(res.body.oauth_tokens).toMatchObject({ provider: 'google' })

    const second = await roundTrip(t, 'google', 'carol')
    const more = await t.request('/api/v1/oauth/link', {
      token: session.token!,
      body: { authorization_code: second.code, state_code: second.state, code_verifier: second.verifier },
    })
    expect(more.status).toBe(400)
    expect(more.body.code).toBe('cannot_link_more_of_type')
  })

  it('behavior: link without a session answers missing_or_invalid_token', async () => {
    const trip = await roundTrip(t, 'google')
    const res = await t.request('/api/v1/oauth/link', {
      body: { authorization_code: trip.code, state_code: trip.state, code_verifier: trip.verifier },
    })
    expect(res.status).toBe(401)
    expect(res.body.code).toBe('missing_or_invalid_token')
  })

  it('behavior: init refuses redirect_to outside the app allowed origins, and a missing one with the contract text', async () => {
    const outside = await t.request('/api/v1/oauth/init', {
      body: { provider: 'google', redirect_to: 'https://evil.example/steal' },
    })
    expect(outside.status).toBe(400)
    expect(outside.body.code).toBe('invalid_data')
    const missing = await t.request('/api/v1/oauth/init', { body: { provider: 'google' } })
    expect(missing.status).toBe(400)
    expect(missing.body).toEqual({ code: 'invalid_data', error: 'Please provide a redirect_to value.' })
  })

  it('behavior: init refuses providers that are off (disallowed_login_method) or lack credentials (feature_not_enabled)', async () => {
    const off = await t.request('/api/v1/oauth/init', { body: { provider: 'discord', redirect_to: RETURN } })
    expect(off.body.code).toBe('disallowed_login_method')
    const unknown = await t.request('/api/v1/oauth/init', { body: { provider: 'myspace', redirect_to: RETURN } })
    expect(unknown.body.code).toBe('disallowed_login_method')
    const noCredentials = await t.request('/api/v1/oauth/init', { body: { provider: 'twitter', redirect_to: RETURN } })
    expect(noCredentials.body.code).toBe('feature_not_enabled')
  })

  it('behavior: a provider that only a source serves (privy:<app id>) is unknown to a server registered without that source', async () => {
    const res = await t.request('/api/v1/oauth/init', {
      body: { provider: `privy:${'a'.repeat(25)}`, redirect_to: RETURN, code_challenge: s256(randomToken()) },
    })
    expect(res.body.code).toBe('disallowed_login_method')
  })

  it('behavior: a callback with an unknown state answers a JSON invalid_data error', async () => {
    const res = await t.request(`/api/v1/oauth/callback/${t.appId}?state=${randomToken()}&code=abc`, { appId: null })
    expect(res.status).toBe(400)
    expect(res.body.code).toBe('invalid_data')
  })
})

describe('LINE and Twitch, the contract providers besides the original nine', () => {
  let t: TestInstance
  beforeAll(async () => {
    const secret = 'fixture-secret-' + randomToken(8)
    t = await createTestInstance({
      plugins: [emailServer(), oauthServer({ logFailure: () => {} })],
      app: { allowedOrigins: [ORIGIN], settings: { allowedRedirectUrls: [`${ORIGIN}/signed-in`] } },
      adminKey: 'admin-key-for-line-and-twitch-0123456789',
    })
    // Switched on through the admin API, which accepts only declared switches.
    const patch = await t.request(`/admin/v1/apps/${t.appId}`, {
      method: 'PATCH',
      appId: null,
      headers: { authorization: 'Bearer admin-key-for-line-and-twitch-0123456789' },
      body: {
        settings: {
          loginMethods: ['email_auth', 'line_oauth', 'twitch_oauth'],
          oauthProviders: {
            line: { clientId: 'line-client', clientSecret: secret, issuer: oidc.issuer },
            // The fixture answers `preferred_username` under `profile`; Twitch itself answers the `claims` request.
            twitch: { clientId: 'twitch-client', clientSecret: secret, issuer: oidc.issuer, scopes: ['openid', 'profile'] },
          },
        },
      },
    })
    expect(patch.status, JSON.stringify(patch.body)).toBe(200)
    t.server.invalidateApp(t.appId)
    const redirectUris = [`${t.baseUrl}/api/v1/oauth/callback/${t.appId}`]
    await oidc.registerClient({ clientId: 'line-client', clientSecret: secret, redirectUris })
    await oidc.registerClient({ clientId: 'twitch-client', clientSecret: secret, redirectUris })
  })
  afterAll(async () => {
    await t.close()
  })

  it('behavior: the app response switches them on, and a round trip signs in with line_oauth and twitch_oauth accounts', async () => {
    const app = await t.request(`/api/v1/apps/${t.appId}`)
    expect(app.body).toMatchObject({ line_oauth: true, twitch_oauth: true })

    const line = await authenticate(t, await roundTrip(t, 'line', 'alice'))
    expect(line.status, JSON.stringify(line.body)).toBe(200)
    expect(line.body.user.linked_accounts).toEqual([
      expect.objectContaining({
        type: 'line_oauth',
        subject: 'alice',
        email: 'alice@oidc.test',
        name: 'Alice Liddell',
        profile_picture_url: `${oidc.issuer}/avatars/alice.png`,
      }),
    ])

    const twitch = await authenticate(t, await roundTrip(t, 'twitch', 'bob'))
    expect(twitch.status, JSON.stringify(twitch.body)).toBe(200)
    expect(twitch.body.user.linked_accounts).toEqual([expect.objectContaining({ type: 'twitch_oauth', subject: 'bob', username: 'bob' })])
  })
})

describe('oauth server limits and expiry', () => {
  it('behavior: an attempt older than 10 minutes returns to redirect_to with privy_oauth_error and no code', async () => {
    const t = await instance()
    try {
      const verifier = randomToken()
      const state = randomToken(36)
      const init = await t.request('/api/v1/oauth/init', {
        body: { provider: 'google', redirect_to: RETURN, code_challenge: s256(verifier), state_code: state },
      })
      t.clock.advance(10 * 60 * 1000 + 1)
      oidc.loginAs('alice')
      const { url } = await createRedirectBrowser().follow(init.body.url, { stopAt: ORIGIN })
      const q = new URL(url).searchParams
      expect(q.get('privy_oauth_code')).toBeNull()
      expect(q.get('privy_oauth_error')).toBe('invalid_credentials')
      expect(q.get('privy_oauth_state')).toBe(state)
    } finally {
      await t.close()
    }
  })

  it('behavior: a returned code used after the attempt expired answers invalid_credentials', async () => {
    const t = await instance()
    try {
      const trip = await roundTrip(t, 'google')
      t.clock.advance(10 * 60 * 1000 + 1)
      const res = await authenticate(t, trip)
      expect(res.status).toBe(401)
      expect(res.body.code).toBe('invalid_credentials')
    } finally {
      await t.close()
    }
  })

  it('behavior: init is rate limited per IP with too_many_requests', async () => {
    const t = await instance({ otpPerIp: { limit: 2, windowMs: 60_000 } })
    try {
      const body = { provider: 'google', redirect_to: RETURN, code_challenge: s256(randomToken()) }
      expect((await t.request('/api/v1/oauth/init', { body })).status).toBe(200)
      expect((await t.request('/api/v1/oauth/init', { body })).status).toBe(200)
      const third = await t.request('/api/v1/oauth/init', { body })
      expect(third.status).toBe(429)
      expect(third.body.code).toBe('too_many_requests')
    } finally {
      await t.close()
    }
  })
})

// Each of these makes its own instance, whose client registration replaces the shared one's at the fixture.
describe('oauth account changes', () => {
  it('behavior: linking an account another user signed up with offers a transfer; /oauth/transfer moves it and deletes that user', async () => {
    // alice signs up with google alone, then a signed-in email user links the same google account.
    const t = await instance()
    const aliceTrip = await roundTrip(t, 'google', 'alice')
    const alice = await authenticate(t, aliceTrip)
    expect(alice.status, JSON.stringify(alice.body)).toBe(200)
    const session = await t.login('taker@example.com')
    const trip = await roundTrip(t, 'google', 'alice')
    const conflict = await t.request('/api/v1/oauth/link', {
      token: session.token!,
      body: { authorization_code: trip.code, state_code: trip.state, code_verifier: trip.verifier },
    })
    expect(conflict.status).toBe(400)
    expect(conflict.body.code).toBe('account_transfer_required')
    const data = conflict.body.data
    expect(data.otherUser.oAuthUserInfo).toMatchObject({ subject: 'alice', provider: 'google' })

    const wrong = await t.request('/api/v1/oauth/transfer', {
      token: session.token!,
      body: { nonce: data.nonce, userInfo: { subject: 'alice', provider: 'github' } },
    })
    expect(wrong.status).toBe(400)
    const missing = await t.request('/api/v1/oauth/transfer', { token: session.token!, body: { nonce: data.nonce } })
    expect(missing.status).toBe(400)
    expect(missing.body.error).toBe('missing account transfer inputs')

    const moved = await t.request('/api/v1/oauth/transfer', {
      token: session.token!,
      body: { nonce: data.nonce, userInfo: data.otherUser.oAuthUserInfo },
    })
    expect(moved.status, JSON.stringify(moved.body)).toBe(200)
    expect(moved.body.id).toBe(session.user.id)
    expect(moved.body.linked_accounts).toEqual(
      expect.arrayContaining([expect.objectContaining({ type: 'google_oauth', subject: 'alice' })]),
    )
    // Signing in with that google account now opens the taker's user; alice's old user is gone.
    const again = await authenticate(t, await roundTrip(t, 'google', 'alice'))
    expect(again.body.user.id).toBe(session.user.id)
    expect(again.body.user.id).not.toBe(alice.body.user.id)
    await t.close()
  })

  it('behavior: unlink removes a provider account by provider and subject, never the sole account', async () => {
    const t = await instance()
    const session = await t.login('unlinker@example.com')
    const trip = await roundTrip(t, 'github', 'carol')
    const linked = await t.request('/api/v1/oauth/link', {
      token: session.token!,
      body: { authorization_code: trip.code, state_code: trip.state, code_verifier: trip.verifier },
    })
    expect(linked.status, JSON.stringify(linked.body)).toBe(200)
    const subject = linked.body.linked_accounts.find((a: { type: string }) => a.type === 'github_oauth').subject
    const unknown = await t.request('/api/v1/oauth/unlink', { token: session.token!, body: { provider: 'nope', subject } })
    expect(unknown.status).toBe(400)
    const res = await t.request('/api/v1/oauth/unlink', { token: session.token!, body: { provider: 'github', subject } })
    expect(res.status, JSON.stringify(res.body)).toBe(200)
    expect(res.body.linked_accounts.map((a: { type: string }) => a.type)).toEqual(['email'])
    const gone = await t.request('/api/v1/oauth/unlink', { token: session.token!, body: { provider: 'github', subject } })
    expect(gone.status).toBe(404)

    const solo = await authenticate(t, await roundTrip(t, 'google', 'bob'))
    const sole = await t.request('/api/v1/oauth/unlink', {
      token: solo.body.token,
      body: { provider: 'google', subject: 'bob' },
    })
    expect(sole.status).toBe(400)
    expect(sole.body.code).toBe('cannot_unlink_sole_account')
    await t.close()
  })
})

describe('oauth server public URL', () => {
  it('builds the redirect_uri from publicUrl whatever host the request came to', async () => {
    const t = await createTestInstance({
      plugins: [oauthServer({ logFailure: () => {} })],
      publicUrl: 'https://auth.example.com/',
      app: { allowedOrigins: [ORIGIN], settings: { loginMethods: ['google_oauth'], oauthProviders: { google: { clientId: 'c', clientSecret: 's', issuer: oidc.issuer } } } },
    })
    try {
      const res = await t.request('/api/v1/oauth/init', { body: { provider: 'google', redirect_to: `${ORIGIN}/`, code_challenge: s256(randomToken()) } })
      expect(res.status).toBe(200)
      expect(new URL(res.body.url).searchParams.get('redirect_uri')).toBe(`https://auth.example.com/api/v1/oauth/callback/${t.appId}`)
    } finally {
      await t.close()
    }
  })

  it('answers feature_not_enabled when the server has no publicUrl', async () => {
    const t = await createTestInstance({
      plugins: [oauthServer({ logFailure: () => {} })],
      publicUrl: null,
      app: { allowedOrigins: [ORIGIN], settings: { loginMethods: ['google_oauth'], oauthProviders: { google: { clientId: 'c', clientSecret: 's', issuer: oidc.issuer } } } },
    })
    try {
      const res = await t.request('/api/v1/oauth/init', { body: { provider: 'google', redirect_to: `${ORIGIN}/`, code_challenge: s256(randomToken()) } })
      expect(res.status).toBe(400)
      expect(res.body.code).toBe('feature_not_enabled')
    } finally {
      await t.close()
    }
  })
})
